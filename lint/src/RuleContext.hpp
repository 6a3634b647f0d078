// What a database rule sees: the IOC being linted, every IOC of the run (links resolve across
// them as CA links would), the externals, and the way to report a finding.
#pragma once

#include <epicsdb/lint/LinedText.hpp>

#include <epicsdb/lint/LintTarget.hpp>
#include <epicsdb/lint/Rules.hpp>

#include <epicsdb/dbStatic/Record.hpp>

#include <map>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace epicsdb::lint {

// The files findings point into, read once, for the line of a field statement.
class SourceTexts {
public:
    const LinedText& text(const std::string& file);

private:
    std::map<std::string, LinedText, std::less<>> texts_;
};

struct RuleContext {
    const LintTarget& ioc;
    std::span<const LintTarget> iocs;
    const LintOptions& options;
    DiagnosticSink& sink;
    SourceTexts& texts;
    // Which records lie on a forward-link loop, worked out as the PINI rule asks (RecordRules).
    std::unordered_map<const dbstatic::Record*, int> forwardLoops{};

    [[nodiscard]] const dbstatic::Database& db() const { return *ioc.database; }

    // Where the record was defined (its record() line).
    [[nodiscard]] SourceLocation locationOf(const dbstatic::Record& record) const {
        const dbstatic::SourcePosition at = record.real().position();
        return {std::string(db().fileName(at.file)), at.line, 0};
    }
    // Where `field` of the record is set: the line of its field() statement in the record's
    // body (the first definition's file), or the record() line when it cannot be found there.
    [[nodiscard]] SourceLocation locationOf(const dbstatic::Record& record,
                                            std::string_view field) const;
    // A finding of `code` (a rule of Rules.hpp) about `record`, or about its `field`.
    void report(std::string_view code, const dbstatic::Record& record, std::string message,
                std::vector<std::string> notes = {}, std::string_view field = {}) const {
        reportAt(code, field.empty() ? locationOf(record) : locationOf(record, field),
                 std::move(message), std::move(notes));
    }
    // A finding at a place already found (locationOf reads the record's body to find a field).
    void reportAt(std::string_view code, SourceLocation where, std::string message,
                  std::vector<std::string> notes = {}, std::vector<FixIt> fixes = {}) const {
        Diagnostic d;
        const Rule* rule = findRule(code);
        d.severity = rule ? rule->severity : Severity::Warning;
        d.code = code;
        d.message = std::move(message);
        d.location = std::move(where);
        d.notes = std::move(notes);
        for (FixIt& fix : fixes)
            fix.safe = rule && rule->fix == FixKind::Safe;
        d.fixes = std::move(fixes);
        sink.report(std::move(d));
    }
    [[nodiscard]] bool isExternal(std::string_view name) const;
    // A load error lies in the record's body (LintOptions::errorLines).
    [[nodiscard]] bool hasLoadError(const dbstatic::Record& record);
    // Per file of this IOC, the sorted lines where records start (for hasLoadError).
    std::map<std::string, std::vector<unsigned>, std::less<>> recordLines{};
    // The record a link names, in this IOC or another one (nullptr: none).
    [[nodiscard]] const dbstatic::Record* findTarget(std::string_view name,
                                                     const LintTarget** where) const;
};

} // namespace epicsdb::lint
