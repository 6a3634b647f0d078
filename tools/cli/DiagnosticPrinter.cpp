#include "DiagnosticPrinter.hpp"

#include <epicsdb/loaders/DiagnosticText.hpp>

#include <nlohmann/json.hpp>

#include <unistd.h>

namespace epicsdb::cli {

namespace {

// Keys stay in the order written, as the output has always had them.
using Json = nlohmann::ordered_json;

// Messages quote the user's files, which need not be UTF-8: replace bad bytes with U+FFFD
// rather than let dump() throw.
std::string serialize(const Json& json) {
    return json.dump(-1, ' ', false, Json::error_handler_t::replace);
}

Json jsonLocation(const SourceLocation& where) {
    Json out;
    out["file"] = where.file;
    out["line"] = where.line;
    out["column"] = where.column;
    return out;
}

// A SARIF location: the region only as far as it is known.
Json sarifLocation(const SourceLocation& where) {
    Json out;
    out["physicalLocation"]["artifactLocation"]["uri"] = where.file;
    if (where.line) {
        Json& region = out["physicalLocation"]["region"];
        region["startLine"] = where.line;
        if (where.column) region["startColumn"] = where.column;
    }
    return out;
}

Json jsonRange(const SourceRange& range) {
    Json out;
    out["file"] = range.file;
    out["line"] = range.line;
    out["column"] = range.column;
    out["endLine"] = range.endLine;
    out["endColumn"] = range.endColumn;
    return out;
}

// A fix-it as SARIF's fix object: one replacement in one artifact.
Json sarifFix(const FixIt& fix) {
    Json region;
    region["startLine"] = fix.range.line;
    region["startColumn"] = fix.range.column;
    region["endLine"] = fix.range.endLine;
    region["endColumn"] = fix.range.endColumn;
    Json replacement;
    replacement["deletedRegion"] = std::move(region);
    replacement["insertedContent"]["text"] = fix.replacement;
    Json change;
    change["artifactLocation"]["uri"] = fix.range.file;
    change["replacements"] = Json::array({std::move(replacement)});
    Json out;
    out["description"]["text"] = fix.message;
    out["artifactChanges"] = Json::array({std::move(change)});
    return out;
}

Json sarifResult(const Diagnostic& d) {
    std::string text = d.message;
    for (const std::string& note : d.notes)
        text += "\nnote: " + note;
    for (const FixIt& fix : d.fixes)
        text += "\nnote: " + fix.message;
    Json out;
    out["ruleId"] = d.code;
    out["level"] = loaders::severityName(d.severity); // SARIF's levels: error, warning, note
    out["message"]["text"] = text;
    out["locations"] = Json::array({sarifLocation(d.location)});
    for (const ContextFrame& frame : d.context) {
        Json related = sarifLocation(frame.location);
        related["message"]["text"] = frame.relation;
        out["relatedLocations"].push_back(std::move(related));
    }
    for (const RelatedLocation& place : d.related) {
        Json related = sarifLocation(place.location);
        related["message"]["text"] = place.message;
        out["relatedLocations"].push_back(std::move(related));
    }
    for (const FixIt& fix : d.fixes)
        out["fixes"].push_back(sarifFix(fix));
    return out;
}

} // namespace

DiagnosticPrinter::DiagnosticPrinter(DiagnosticFormat format)
    : DiagnosticPrinter(format == DiagnosticFormat::Text ? stderr : stdout, format,
                        format == DiagnosticFormat::Text && ::isatty(STDERR_FILENO)) {}

std::string DiagnosticPrinter::toJson(const Diagnostic& d) {
    Json out;
    out["severity"] = loaders::severityName(d.severity);
    out["code"] = d.code;
    out["message"] = d.message;
    out["location"] = jsonLocation(d.location);
    if (!d.sourceLine.empty()) out["sourceLine"] = d.sourceLine;
    for (const ContextFrame& frame : d.context)
        out["context"].push_back(
            {{"relation", frame.relation}, {"location", jsonLocation(frame.location)}});
    // Notes are what the text shows as notes: a fix-it's message is one of them.
    for (const std::string& note : d.notes)
        out["notes"].push_back(note);
    for (const FixIt& fix : d.fixes)
        out["notes"].push_back(fix.message);
    for (const RelatedLocation& place : d.related)
        out["related"].push_back(
            {{"message", place.message}, {"location", jsonLocation(place.location)}});
    for (const FixIt& fix : d.fixes)
        out["fixes"].push_back({{"message", fix.message},
                                {"range", jsonRange(fix.range)},
                                {"replacement", fix.replacement},
                                {"safe", fix.safe}});
    return serialize(out);
}

std::string DiagnosticPrinter::toJson(const CheckSummary& summary) {
    Json counts;
    counts["files"] = summary.files;
    counts["records"] = summary.records;
    counts["aliases"] = summary.aliases;
    counts["errors"] = summary.errors;
    counts["warnings"] = summary.warnings;
    if (summary.commandsNotRun) counts["commandsNotRun"] = *summary.commandsNotRun;
    Json out;
    out["summary"] = std::move(counts);
    return serialize(out);
}

std::string DiagnosticPrinter::toSarif(const std::vector<Diagnostic>& diagnostics,
                                       const std::vector<SarifRule>& rules) {
    Json driver;
    driver["name"] = "epicsdb";
    driver["informationUri"] = "https://epics-controls.org";
    if (!rules.empty()) {
        driver["rules"] = Json::array();
        for (const SarifRule& rule : rules) {
            Json entry;
            entry["id"] = rule.id;
            entry["shortDescription"]["text"] = rule.description;
            entry["defaultConfiguration"]["level"] = rule.level == Severity::Error     ? "error"
                                                     : rule.level == Severity::Warning ? "warning"
                                                                                       : "note";
            driver["rules"].push_back(std::move(entry));
        }
    }
    Json run;
    run["tool"]["driver"] = std::move(driver);
    run["results"] = Json::array();
    for (const Diagnostic& d : diagnostics)
        run["results"].push_back(sarifResult(d));
    Json log;
    log["$schema"] = "https://json.schemastore.org/sarif-2.1.0.json";
    log["version"] = "2.1.0";
    log["runs"] = Json::array({std::move(run)});
    return serialize(log) + "\n";
}

void DiagnosticPrinter::finish() {
    if (format_ != DiagnosticFormat::Sarif) return;
    const std::string log = toSarif(held_, rules_);
    std::fwrite(log.data(), 1, log.size(), out_);
    held_.clear();
}

void DiagnosticPrinter::report(Diagnostic diagnostic) {
    if (diagnostic.severity == Severity::Error)
        ++errors_;
    else if (diagnostic.severity == Severity::Warning)
        ++warnings_;
    if (quietWarnings_ && diagnostic.severity != Severity::Error) return;
    if (format_ == DiagnosticFormat::Sarif) {
        held_.push_back(std::move(diagnostic));
        return;
    }
    const std::string text = format_ == DiagnosticFormat::Json
                                 ? toJson(diagnostic) + "\n"
                                 : loaders::diagnosticText(diagnostic, color_);
    std::fwrite(text.data(), 1, text.size(), out_);
}

} // namespace epicsdb::cli
