#include <epicsdb/loaders/DiagnosticJson.hpp>
#include <epicsdb/loaders/DiagnosticText.hpp>
#include <epicsdb/support/JsonString.hpp>

#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

namespace epicsdb::loaders {

struct CompactJson::State {
    rapidjson::StringBuffer buffer;
    rapidjson::Writer<rapidjson::StringBuffer> writer{buffer};
};

CompactJson::CompactJson() : state_(std::make_unique<State>()) {}
CompactJson::~CompactJson() = default;
void CompactJson::startObject() {
    state_->writer.StartObject();
}
void CompactJson::endObject() {
    state_->writer.EndObject();
}
void CompactJson::startArray() {
    state_->writer.StartArray();
}
void CompactJson::endArray() {
    state_->writer.EndArray();
}
void CompactJson::key(std::string_view name) {
    support::writeJsonString(state_->writer, name);
}
void CompactJson::string(std::string_view text) {
    support::writeJsonString(state_->writer, text);
}
void CompactJson::number(std::uint64_t value) {
    state_->writer.Uint64(value);
}
void CompactJson::boolean(bool value) {
    state_->writer.Bool(value);
}
void CompactJson::null() {
    state_->writer.Null();
}
void CompactJson::integer(std::int64_t value) {
    state_->writer.Int64(value);
}
void CompactJson::clear() {
    state_->buffer.Clear();
    state_->writer.Reset(state_->buffer);
}
std::string CompactJson::text() const {
    return {state_->buffer.GetString(), state_->buffer.GetSize()};
}

namespace {

void writeLocation(dbstatic::JsonValueWriter& json, const SourceLocation& where) {
    json.startObject();
    json.member("file", where.file);
    json.key("line");
    json.number(where.line);
    json.key("column");
    json.number(where.column);
    json.endObject();
}

void writeRange(dbstatic::JsonValueWriter& json, const SourceRange& range) {
    json.startObject();
    json.member("file", range.file);
    json.key("line");
    json.number(range.line);
    json.key("column");
    json.number(range.column);
    json.key("endLine");
    json.number(range.endLine);
    json.key("endColumn");
    json.number(range.endColumn);
    json.endObject();
}

} // namespace

void writeDiagnosticJson(dbstatic::JsonValueWriter& json, const Diagnostic& d) {
    json.startObject();
    json.member("severity", severityName(d.severity));
    json.member("code", d.code);
    json.member("message", d.message);
    json.key("location");
    writeLocation(json, d.location);
    if (!d.sourceLine.empty()) json.member("sourceLine", d.sourceLine);
    if (!d.context.empty()) {
        json.key("context");
        json.startArray();
        for (const ContextFrame& frame : d.context) {
            json.startObject();
            json.member("relation", frame.relation);
            json.key("location");
            writeLocation(json, frame.location);
            json.endObject();
        }
        json.endArray();
    }
    // Notes are what the text shows as notes: a fix-it's message is one of them.
    if (!d.notes.empty() || !d.fixes.empty()) {
        json.key("notes");
        json.startArray();
        for (const std::string& note : d.notes)
            json.string(note);
        for (const FixIt& fix : d.fixes)
            json.string(fix.message);
        json.endArray();
    }
    if (!d.related.empty()) {
        json.key("related");
        json.startArray();
        for (const RelatedLocation& place : d.related) {
            json.startObject();
            json.member("message", place.message);
            json.key("location");
            writeLocation(json, place.location);
            json.endObject();
        }
        json.endArray();
    }
    if (!d.fixes.empty()) {
        json.key("fixes");
        json.startArray();
        for (const FixIt& fix : d.fixes) {
            json.startObject();
            json.member("message", fix.message);
            json.key("range");
            writeRange(json, fix.range);
            json.member("replacement", fix.replacement);
            json.key("safe");
            json.boolean(fix.safe);
            json.endObject();
        }
        json.endArray();
    }
    json.endObject();
}

std::string diagnosticJson(const Diagnostic& diagnostic) {
    CompactJson json;
    writeDiagnosticJson(json, diagnostic);
    return json.text();
}

} // namespace epicsdb::loaders
