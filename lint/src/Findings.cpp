#include <epicsdb/lint/Findings.hpp>
#include <epicsdb/lint/Lint.hpp>
#include <epicsdb/lint/Rules.hpp>

#include "StyleRules.hpp"

#include <epicsdb/macLib/Definitions.hpp>

#include <algorithm>
#include <fstream>
#include <iterator>

namespace epicsdb::lint {

const LinedText& FindingFilter::textOf(const std::string& file) {
    auto it = texts_.find(file);
    if (it == texts_.end()) it = texts_.emplace(file, LinedText::ofFile(file)).first;
    return it->second;
}

void FindingFilter::report(Diagnostic finding) {
    if (finding.severity == Severity::Error && !findRule(finding.code) && finding.location.line)
        errorLines_[finding.location.file].push_back(finding.location.line);
    const std::optional<Severity> severity = controls_.severityFor(finding);
    if (!severity) return;
    const bool located = !finding.location.file.empty() && finding.location.line;
    const LinedText* text = located ? &textOf(finding.location.file) : nullptr;
    if (text && isSuppressed(finding, text->line(finding.location.line),
                             text->line(finding.location.line - 1))) {
        ++suppressed_;
        return;
    }
    // The rules give a position; the text shows the line, as check's diagnostics do.
    if (text && finding.sourceLine.empty())
        finding.sourceLine = std::string(text->line(finding.location.line).substr(0, 400));
    // The baseline knows findings as they were found, before -Werror made them errors.
    if (passed_) passed_->push_back(finding);
    if (baseline_ && baseline_->accepts(finding)) {
        ++suppressed_;
        return;
    }
    finding.severity = *severity;
    target_.report(std::move(finding));
}

namespace {
// The names of the macro references in `text`, and the files it includes.
void scanMacros(std::string_view text, std::vector<std::string>& names,
                std::vector<std::string>& includes) {
    for (std::size_t i = 0; i + 1 < text.size(); ++i) {
        if (text[i] == '$' && (text[i + 1] == '(' || text[i + 1] == '{')) {
            std::size_t end = i + 2;
            while (end < text.size() &&
                   std::string_view(")}=,$\n").find(text[end]) == std::string_view::npos)
                ++end;
            std::string name(text.substr(i + 2, end - i - 2));
            if (std::find(names.begin(), names.end(), name) == names.end())
                names.push_back(std::move(name));
        }
    }
    for (std::size_t at = text.find("include"); at != std::string_view::npos;
         at = text.find("include", at + 7)) {
        std::size_t i = at + 7;
        while (i < text.size() && (text[i] == ' ' || text[i] == '\t'))
            ++i;
        if (i >= text.size() || text[i] != '"') continue;
        const std::size_t end = text.find('"', i + 1);
        if (end == std::string_view::npos) continue;
        includes.emplace_back(text.substr(i + 1, end - i - 1));
    }
}

bool endsWithName(std::string_view path, std::string_view name) {
    return path == name || (path.size() > name.size() && path.ends_with(name) &&
                            path[path.size() - name.size() - 1] == '/');
}
} // namespace

void LoadFindings::recordDefinedAgain(std::string_view name, std::string_view type,
                                      const SourceLocation& again, const SourceLocation& first) {
    Diagnostic d;
    const Rule* rule = findRule("rec-append");
    d.severity = rule->severity;
    d.code = "rec-append";
    d.message = "record \"" + std::string(name) + "\" is defined again (as " + std::string(type) +
                "): its fields are added to the first definition";
    d.location = again;
    d.related.push_back({first, "the first definition"});
    d.notes.push_back("write record(\"*\", \"" + std::string(name) + "\") to add to it on purpose");
    findings_.report(std::move(d));
}

void LoadFindings::fileRead(std::string_view file, std::string_view text) {
    for (const FileMacros& known : files_)
        if (known.file == file) return;
    FileMacros& macros = files_.emplace_back();
    macros.file = file;
    scanMacros(text, macros.referenced, macros.includes);
    readExternalPragmas(text, externals_);
    checkStyle(file, text, database_, findings_);
}

void LoadFindings::templateSetLoaded(std::string_view templateFile, std::string_view definitions,
                                     const SourceLocation& set) {
    Set& entry = sets_.emplace_back();
    entry.templateFile = templateFile;
    for (const maclib::OwnedDefinition& item : maclib::parseDefinitions(definitions))
        if (item.value) entry.names.push_back(item.name);
    entry.location = set;
}

const LoadFindings::FileMacros* LoadFindings::macrosOf(std::string_view file) const {
    for (const FileMacros& known : files_)
        if (endsWithName(known.file, file)) return &known;
    return nullptr;
}

void LoadFindings::finish() {
    for (const Set& set : sets_) {
        const FileMacros* file = nullptr;
        for (const FileMacros& known : files_)
            if (known.file == set.templateFile) file = &known;
        if (!file) continue;
        // The template's references and those of the files it includes.
        std::vector<const FileMacros*> read{file};
        for (std::size_t i = 0; i < read.size(); ++i)
            for (const std::string& include : read[i]->includes)
                if (const FileMacros* more = macrosOf(include);
                    more && std::find(read.begin(), read.end(), more) == read.end())
                    read.push_back(more);
        for (const std::string& name : set.names) {
            bool used = false;
            for (const FileMacros* part : read)
                used |= std::find(part->referenced.begin(), part->referenced.end(), name) !=
                        part->referenced.end();
            if (used) continue;
            Diagnostic d;
            d.severity = findRule("macro-unused")->severity;
            d.code = "macro-unused";
            d.message =
                "macro " + name + " is given to " + set.templateFile + ", which never uses it";
            d.location = set.location;
            findings_.report(std::move(d));
        }
    }
    sets_.clear();
}

} // namespace epicsdb::lint
