#include "DiagnosticPrinter.hpp"

#include <epicsdb/loaders/DiagnosticJson.hpp>
#include <epicsdb/loaders/DiagnosticText.hpp>
#include <epicsdb/support/JsonString.hpp>

#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <unistd.h>

namespace epicsdb::cli {

namespace {

// Compact JSON, keys in the order written, as the output has always had them. Messages quote
// the user's files, which need not be UTF-8: the project's string spelling replaces bad bytes
// with U+FFFD (support/JsonString.hpp).
class JsonOut {
public:
    void begin() { writer_.StartObject(); }
    void end() { writer_.EndObject(); }
    void beginArray() { writer_.StartArray(); }
    void endArray() { writer_.EndArray(); }
    void key(std::string_view name) { string(name); }
    void string(std::string_view text) { support::writeJsonString(writer_, text); }
    void number(std::uint64_t value) { writer_.Uint64(value); }
    void boolean(bool value) { writer_.Bool(value); }
    void field(std::string_view name, std::string_view text) {
        key(name);
        string(text);
    }
    void field(std::string_view name, std::uint64_t value) {
        key(name);
        number(value);
    }
    [[nodiscard]] std::string text() const { return {buffer_.GetString(), buffer_.GetSize()}; }

private:
    rapidjson::StringBuffer buffer_;
    rapidjson::Writer<rapidjson::StringBuffer> writer_{buffer_};
};

// A SARIF location: the region only as far as it is known; `message` when there is one.
void sarifLocation(JsonOut& out, const SourceLocation& where, std::string_view message = {}) {
    out.begin();
    out.key("physicalLocation");
    out.begin();
    out.key("artifactLocation");
    out.begin();
    out.field("uri", where.file);
    out.end();
    if (where.line) {
        out.key("region");
        out.begin();
        out.field("startLine", where.line);
        if (where.column) out.field("startColumn", where.column);
        out.end();
    }
    out.end();
    if (!message.empty()) {
        out.key("message");
        out.begin();
        out.field("text", message);
        out.end();
    }
    out.end();
}

// A fix-it as SARIF's fix object: one replacement in one artifact.
void sarifFix(JsonOut& out, const FixIt& fix) {
    out.begin();
    out.key("description");
    out.begin();
    out.field("text", fix.message);
    out.end();
    out.key("artifactChanges");
    out.beginArray();
    out.begin();
    out.key("artifactLocation");
    out.begin();
    out.field("uri", fix.range.file);
    out.end();
    out.key("replacements");
    out.beginArray();
    out.begin();
    out.key("deletedRegion");
    out.begin();
    out.field("startLine", fix.range.line);
    out.field("startColumn", fix.range.column);
    out.field("endLine", fix.range.endLine);
    out.field("endColumn", fix.range.endColumn);
    out.end();
    out.key("insertedContent");
    out.begin();
    out.field("text", fix.replacement);
    out.end();
    out.end();
    out.endArray();
    out.end();
    out.endArray();
    out.end();
}

void sarifResult(JsonOut& out, const Diagnostic& d) {
    std::string text = d.message;
    for (const std::string& note : d.notes)
        text += "\nnote: " + note;
    for (const FixIt& fix : d.fixes)
        text += "\nnote: " + fix.message;
    out.begin();
    out.field("ruleId", d.code);
    out.field("level", loaders::severityName(d.severity)); // SARIF's: error, warning, note
    out.key("message");
    out.begin();
    out.field("text", text);
    out.end();
    out.key("locations");
    out.beginArray();
    sarifLocation(out, d.location);
    out.endArray();
    if (!d.context.empty() || !d.related.empty()) {
        out.key("relatedLocations");
        out.beginArray();
        for (const ContextFrame& frame : d.context)
            sarifLocation(out, frame.location, frame.relation);
        for (const RelatedLocation& place : d.related)
            sarifLocation(out, place.location, place.message);
        out.endArray();
    }
    if (!d.fixes.empty()) {
        out.key("fixes");
        out.beginArray();
        for (const FixIt& fix : d.fixes)
            sarifFix(out, fix);
        out.endArray();
    }
    out.end();
}

} // namespace

DiagnosticPrinter::DiagnosticPrinter(DiagnosticFormat format)
    : DiagnosticPrinter(format == DiagnosticFormat::Text ? stderr : stdout, format,
                        format == DiagnosticFormat::Text && ::isatty(STDERR_FILENO)) {}

std::string DiagnosticPrinter::toJson(const Diagnostic& d) {
    return loaders::diagnosticJson(d);
}

std::string DiagnosticPrinter::toJson(const CheckSummary& summary) {
    JsonOut out;
    out.begin();
    out.key("summary");
    out.begin();
    out.field("files", summary.files);
    out.field("records", summary.records);
    out.field("aliases", summary.aliases);
    out.field("errors", summary.errors);
    out.field("warnings", summary.warnings);
    if (summary.commandsNotRun) out.field("commandsNotRun", *summary.commandsNotRun);
    out.end();
    out.end();
    return out.text();
}

std::string DiagnosticPrinter::toSarif(const std::vector<Diagnostic>& diagnostics,
                                       const std::vector<SarifRule>& rules) {
    JsonOut out;
    out.begin();
    out.field("$schema", "https://json.schemastore.org/sarif-2.1.0.json");
    out.field("version", "2.1.0");
    out.key("runs");
    out.beginArray();
    out.begin();
    out.key("tool");
    out.begin();
    out.key("driver");
    out.begin();
    out.field("name", "epicsdb");
    out.field("informationUri", "https://epics-controls.org");
    if (!rules.empty()) {
        out.key("rules");
        out.beginArray();
        for (const SarifRule& rule : rules) {
            out.begin();
            out.field("id", rule.id);
            out.key("shortDescription");
            out.begin();
            out.field("text", rule.description);
            out.end();
            out.key("defaultConfiguration");
            out.begin();
            out.field("level", loaders::severityName(rule.level));
            out.end();
            out.end();
        }
        out.endArray();
    }
    out.end();
    out.end();
    out.key("results");
    out.beginArray();
    for (const Diagnostic& d : diagnostics)
        sarifResult(out, d);
    out.endArray();
    out.end();
    out.endArray();
    out.end();
    return out.text() + "\n";
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
