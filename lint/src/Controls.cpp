#include <epicsdb/lint/Controls.hpp>
#include <epicsdb/lint/Rules.hpp>

#include <epicsdb/CharClass.hpp>

namespace epicsdb::lint {

namespace {
// dbdlint's tags for what `check` reports as errors here (always on): accepted in -W flags so
// that flags written for dbdlint keep working, and changing nothing.
constexpr std::string_view kCheckTags[] = {
    "syntax",    "bad-args",    "unknown-node", "missing-body",   "bad-body", "bad-rtyp",
    "bad-field", "link-format", "empty",        "incomplete-dbd", "bad-dtyp"};

// Warnings of the load that -W flags control like the rules' findings: the undefined macros of
// a template (RULES_EPICSDB keeps them warnings under -Werror with -Wno-error=macro-undefined).
constexpr std::string_view kLoadWarnings[] = {"macro-undefined"};

bool knownCode(std::string_view code) {
    if (findRule(code)) return true;
    for (std::string_view load : kLoadWarnings)
        if (load == code) return true;
    for (std::string_view tag : kCheckTags)
        if (tag == code) return true;
    return false;
}
} // namespace

bool WarningControls::apply(std::string_view flag, std::string& error) {
    auto code = [&](std::string_view name) {
        if (knownCode(name)) return true;
        error = "unknown warning option '-W" + std::string(flag) + "': no rule '" +
                std::string(name) + "' (epicsdb lint --list-rules)";
        return false;
    };
    // -Wall leaves the codes switched one by one as they are (as GCC does); -Wnone clears
    // them (as dbdlint does), so that "-Wnone -Wcode" means that code only.
    if (flag == "all") {
        none_ = false;
        return true;
    }
    if (flag == "none") {
        none_ = true;
        enabled_.clear();
        return true;
    }
    if (flag == "error") {
        allErrors_ = true;
        return true;
    }
    if (flag == "no-error") {
        allErrors_ = false;
        return true;
    }
    if (flag.starts_with("error=")) {
        const std::string_view name = flag.substr(6);
        if (!code(name)) return false;
        asError_[std::string(name)] = true;
        enabled_[std::string(name)] = true;
        return true;
    }
    if (flag.starts_with("no-error=")) {
        const std::string_view name = flag.substr(9);
        if (!code(name)) return false;
        asError_[std::string(name)] = false;
        return true;
    }
    if (flag.starts_with("no-")) {
        const std::string_view name = flag.substr(3);
        if (!code(name)) return false;
        enabled_[std::string(name)] = false;
        return true;
    }
    if (!code(flag)) return false;
    enabled_[std::string(flag)] = true;
    return true;
}

std::optional<Severity> WarningControls::severityFor(const Diagnostic& finding) const {
    if (finding.severity == Severity::Error) return Severity::Error;
    const auto on = enabled_.find(finding.code);
    const bool enabled = on != enabled_.end() ? on->second : !none_;
    if (!enabled) return std::nullopt;
    if (finding.severity == Severity::Note) return Severity::Note;
    const auto error = asError_.find(finding.code);
    const bool promote = error != asError_.end() ? error->second : allErrors_;
    return promote ? Severity::Error : finding.severity;
}

namespace {
// The comment of a line: from the first '#' outside a double-quoted string.
std::string_view commentOf(std::string_view line) {
    bool quoted = false;
    for (std::size_t i = 0; i < line.size(); ++i) {
        if (line[i] == '\\' && quoted) {
            ++i;
            continue;
        }
        if (line[i] == '"') quoted = !quoted;
        if (line[i] == '#' && !quoted) return line.substr(i);
    }
    return {};
}

bool ignores(std::string_view line, std::string_view code) {
    const std::string_view comment = commentOf(line);
    const std::size_t at = comment.find("epicsdb: ignore");
    if (at == std::string_view::npos) return false;
    std::string_view rest = comment.substr(at + 15);
    if (!rest.empty() &&
        (chars::isAlnum(rest.front()) || rest.front() == '-' || rest.front() == '_'))
        return false; // "ignored", "ignore-me": another word
    while (!rest.empty() && (rest.front() == ' ' || rest.front() == '\t'))
        rest.remove_prefix(1);
    if (rest.empty() || rest.front() != '[') return true; // every code
    const std::size_t close = rest.find(']');
    rest = rest.substr(1, close == std::string_view::npos ? std::string_view::npos : close - 1);
    while (!rest.empty()) {
        const std::size_t comma = rest.find(',');
        std::string_view item = rest.substr(0, comma);
        while (!item.empty() && item.front() == ' ')
            item.remove_prefix(1);
        while (!item.empty() && item.back() == ' ')
            item.remove_suffix(1);
        if (item == code) return true;
        if (comma == std::string_view::npos) break;
        rest.remove_prefix(comma + 1);
    }
    return false;
}

bool isCommentLine(std::string_view line) {
    const std::size_t first = line.find_first_not_of(" \t");
    return first != std::string_view::npos && line[first] == '#';
}
} // namespace

bool isSuppressed(const Diagnostic& finding, std::string_view line, std::string_view previous) {
    if (finding.severity == Severity::Error && !findRule(finding.code)) return false;
    if (finding.location.line == 0) return false;
    return ignores(line, finding.code) ||
           (isCommentLine(previous) && ignores(previous, finding.code));
}

} // namespace epicsdb::lint
