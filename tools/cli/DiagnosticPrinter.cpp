#include "DiagnosticPrinter.hpp"

#include <epicsdb/dbStatic/Writers.hpp>
#include <epicsdb/loaders/DiagnosticText.hpp>

#include <cstdio>

namespace epicsdb::cli {

using loaders::locationText;
using loaders::severityName;

std::string jsonQuoted(std::string_view text) {
    std::string out;
    dbstatic::appendJsonString(text, out);
    return out;
}

std::string DiagnosticPrinter::toJson(const Diagnostic& d) {
    auto location = [](const SourceLocation& where) {
        return "{\"file\":" + jsonQuoted(where.file) + ",\"line\":" + std::to_string(where.line) +
               ",\"column\":" + std::to_string(where.column) + "}";
    };
    std::string out = "{\"severity\":\"" + std::string(severityName(d.severity)) +
                      "\",\"code\":" + jsonQuoted(d.code) +
                      ",\"message\":" + jsonQuoted(d.message) +
                      ",\"location\":" + location(d.location);
    if (!d.sourceLine.empty()) out += ",\"sourceLine\":" + jsonQuoted(d.sourceLine);
    if (!d.context.empty()) {
        out += ",\"context\":[";
        for (std::size_t i = 0; i < d.context.size(); ++i)
            out += (i ? "," : "") + std::string("{\"relation\":") +
                   jsonQuoted(d.context[i].relation) +
                   ",\"location\":" + location(d.context[i].location) + "}";
        out += "]";
    }
    if (!d.notes.empty()) {
        out += ",\"notes\":[";
        for (std::size_t i = 0; i < d.notes.size(); ++i)
            out += (i ? "," : "") + jsonQuoted(d.notes[i]);
        out += "]";
    }
    return out + "}";
}

std::string DiagnosticPrinter::toSarif(const std::vector<Diagnostic>& diagnostics) {
    auto location = [](const SourceLocation& where) {
        std::string out =
            "{\"physicalLocation\":{\"artifactLocation\":{\"uri\":" + jsonQuoted(where.file) + "}";
        if (where.line) {
            out += ",\"region\":{\"startLine\":" + std::to_string(where.line);
            if (where.column) out += ",\"startColumn\":" + std::to_string(where.column);
            out += "}";
        }
        return out + "}}";
    };
    std::string out = "{\"$schema\":\"https://json.schemastore.org/sarif-2.1.0.json\","
                      "\"version\":\"2.1.0\",\"runs\":[{\"tool\":{\"driver\":{\"name\":"
                      "\"epicsdb\",\"informationUri\":\"https://epics-controls.org\"}},"
                      "\"results\":[";
    for (std::size_t i = 0; i < diagnostics.size(); ++i) {
        const Diagnostic& d = diagnostics[i];
        std::string text = d.message;
        for (const std::string& note : d.notes)
            text += "\nnote: " + note;
        out += i ? "," : "";
        out += "{\"ruleId\":" + jsonQuoted(d.code) + ",\"level\":\"" + severityName(d.severity) +
               "\",\"message\":{\"text\":" + jsonQuoted(text) + "},\"locations\":[" +
               location(d.location) + "]";
        if (!d.context.empty()) {
            out += ",\"relatedLocations\":[";
            for (std::size_t k = 0; k < d.context.size(); ++k) {
                std::string related = location(d.context[k].location);
                related.insert(related.size() - 1,
                               ",\"message\":{\"text\":" + jsonQuoted(d.context[k].relation) + "}");
                out += (k ? "," : "") + related;
            }
            out += "]";
        }
        out += "}";
    }
    return out + "]}]}\n";
}

void DiagnosticPrinter::finish() {
    if (format_ != DiagnosticFormat::Sarif) return;
    const std::string log = toSarif(held_);
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
