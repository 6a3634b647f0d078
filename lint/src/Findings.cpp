#include <epicsdb/lint/Findings.hpp>
#include <epicsdb/lint/Lint.hpp>
#include <epicsdb/lint/Rules.hpp>

#include "StyleRules.hpp"

#include <algorithm>
#include <fstream>
#include <iterator>

namespace epicsdb::lint {

namespace {
std::string readWhole(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}
} // namespace

const std::string& FindingFilter::textOf(const std::string& file) {
    auto it = texts_.find(file);
    if (it == texts_.end()) it = texts_.emplace(file, readWhole(file)).first;
    return it->second;
}

void FindingFilter::report(Diagnostic finding) {
    const std::optional<Severity> severity = controls_.severityFor(finding);
    if (!severity) return;
    if (!finding.location.file.empty() && finding.location.line &&
        isSuppressed(finding, textOf(finding.location.file))) {
        ++suppressed_;
        return;
    }
    finding.severity = *severity;
    if (passed_) passed_->push_back(finding);
    if (baseline_ && baseline_->accepts(finding)) {
        ++suppressed_;
        return;
    }
    target_.report(std::move(finding));
}

void LoadFindings::recordDefinedAgain(std::string_view name, std::string_view type,
                                      const SourceLocation& again, const SourceLocation& first) {
    Diagnostic d;
    const Rule* rule = findRule("rec-append");
    d.severity = rule->severity;
    d.code = "rec-append";
    d.message = "record \"" + std::string(name) + "\" is defined again (as " + std::string(type) +
                "): its fields are added to the first definition";
    d.location = again;
    d.notes.push_back("the first definition is at " + first.file + ":" +
                      std::to_string(first.line));
    d.notes.push_back("write record(\"*\", \"" + std::string(name) + "\") to add to it on purpose");
    findings_.report(std::move(d));
}

void LoadFindings::fileRead(std::string_view file, std::string_view text) {
    if (std::find(filesSeen_.begin(), filesSeen_.end(), file) != filesSeen_.end()) return;
    filesSeen_.emplace_back(file);
    checkStyle(file, text, database_, findings_);
}

std::vector<std::string> externalPragmas(const dbstatic::Database& database) {
    std::vector<std::string> names;
    for (std::uint32_t i = 0; i < database.fileCount(); ++i)
        readExternalPragmas(readWhole(std::string(database.fileName(i))), names);
    return names;
}

} // namespace epicsdb::lint
