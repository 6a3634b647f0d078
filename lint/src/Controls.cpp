#include <epicsdb/lint/Controls.hpp>
#include <epicsdb/lint/Rules.hpp>

namespace epicsdb::lint {

namespace {
// dbdlint's tags for what `check` reports as errors here (always on): accepted in -W flags so
// that flags written for dbdlint keep working, and changing nothing.
constexpr std::string_view kCheckTags[] = {
    "syntax",    "bad-args",    "unknown-node", "missing-body",   "bad-body", "bad-rtyp",
    "bad-field", "link-format", "empty",        "incomplete-dbd", "bad-dtyp"};

bool knownCode(std::string_view code) {
    if (findRule(code)) return true;
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
    if (flag == "all") {
        none_ = false;
        enabled_.clear();
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
// The text of 1-based line `number`, or empty.
std::string_view lineOf(std::string_view text, unsigned number) {
    std::size_t start = 0;
    for (unsigned n = 1; n < number; ++n) {
        start = text.find('\n', start);
        if (start == std::string_view::npos) return {};
        ++start;
    }
    const std::size_t end = text.find('\n', start);
    return text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start);
}

bool ignores(std::string_view line, std::string_view code) {
    const std::size_t hash = line.find('#');
    if (hash == std::string_view::npos) return false;
    const std::size_t at = line.find("epicsdb: ignore", hash);
    if (at == std::string_view::npos) return false;
    std::string_view rest = line.substr(at + 15);
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
} // namespace

bool isSuppressed(const Diagnostic& finding, std::string_view text) {
    if (finding.severity == Severity::Error && !findRule(finding.code)) return false;
    const unsigned line = finding.location.line;
    if (line == 0) return false;
    return ignores(lineOf(text, line), finding.code) ||
           (line > 1 && ignores(lineOf(text, line - 1), finding.code));
}

} // namespace epicsdb::lint
