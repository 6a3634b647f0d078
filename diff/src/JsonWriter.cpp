// The diff for programs: one JSON document (layout in DiffWriters.hpp), through rapidjson's
// writer, which does the escaping.
#include <epicsdb/diff/DiffWriters.hpp>

#include <epicsdb/support/JsonString.hpp>

#include <rapidjson/ostreamwrapper.h>
#include <rapidjson/prettywriter.h>

#include <ostream>

namespace epicsdb::diff {

namespace {
using Writer = rapidjson::PrettyWriter<rapidjson::OStreamWrapper>;

void string(Writer& writer, std::string_view text) {
    support::writeJsonString(writer, text);
}

void member(Writer& writer, std::string_view name, std::string_view text) {
    string(writer, name);
    string(writer, text);
}

void location(Writer& writer, std::string_view name, const SourceLocation& where, bool present) {
    string(writer, name);
    if (!present) {
        writer.Null();
        return;
    }
    writer.StartObject();
    member(writer, "file", where.file);
    string(writer, "line");
    if (where.known())
        writer.Uint(where.line);
    else
        writer.Null();
    writer.EndObject();
}

void fieldText(Writer& writer, std::string_view name, const std::optional<FieldText>& value) {
    string(writer, name);
    if (!value) {
        writer.Null();
        return;
    }
    writer.StartObject();
    member(writer, "value", value->text);
    string(writer, "default");
    writer.Bool(value->isDefault);
    writer.EndObject();
}

void optionalString(Writer& writer, std::string_view name, const std::optional<std::string>& text) {
    string(writer, name);
    if (text)
        string(writer, *text);
    else
        writer.Null();
}

std::string_view changeName(const RecordChange& change) {
    switch (change.kind) {
    case RecordChangeKind::Added:
        return "added";
    case RecordChangeKind::Removed:
        return "removed";
    case RecordChangeKind::Changed:
        break;
    }
    return change.retyped() ? "retyped" : "changed";
}

void record(Writer& writer, const RecordChange& change) {
    writer.StartObject();
    member(writer, "name", change.name);
    member(writer, "change", changeName(change));
    optionalString(writer, "type_before",
                   change.typeBefore.empty() ? std::nullopt : std::optional(change.typeBefore));
    optionalString(writer, "type_after",
                   change.typeAfter.empty() ? std::nullopt : std::optional(change.typeAfter));
    location(writer, "before", change.before, change.kind != RecordChangeKind::Added);
    location(writer, "after", change.after, change.kind != RecordChangeKind::Removed);
    string(writer, "fields");
    writer.StartArray();
    for (const FieldChange& field : change.fields) {
        writer.StartObject();
        member(writer, "field", field.field);
        fieldText(writer, "before", field.before);
        fieldText(writer, "after", field.after);
        writer.EndObject();
    }
    writer.EndArray();
    string(writer, "infos");
    writer.StartArray();
    for (const InfoChange& info : change.infos) {
        writer.StartObject();
        member(writer, "name", info.name);
        optionalString(writer, "before", info.before);
        optionalString(writer, "after", info.after);
        writer.EndObject();
    }
    writer.EndArray();
    string(writer, "aliases");
    writer.StartArray();
    for (const AliasChange& alias : change.aliases) {
        writer.StartObject();
        member(writer, "name", alias.alias);
        member(writer, "change", alias.added ? "added" : "removed");
        writer.EndObject();
    }
    writer.EndArray();
    writer.EndObject();
}
} // namespace

void writeJson(const DatabaseDiff& diff, const DiffLabels& labels, std::ostream& out) {
    rapidjson::OStreamWrapper stream(out);
    Writer writer(stream);
    writer.SetIndent(' ', 2);
    writer.StartObject();
    member(writer, "before", labels.before);
    member(writer, "after", labels.after);
    string(writer, "same");
    writer.Bool(diff.same());
    const DiffCounts counts = diff.counts();
    string(writer, "counts");
    writer.StartObject();
    string(writer, "added");
    writer.Uint64(counts.added);
    string(writer, "removed");
    writer.Uint64(counts.removed);
    string(writer, "retyped");
    writer.Uint64(counts.retyped);
    string(writer, "changed");
    writer.Uint64(counts.changed);
    writer.EndObject();
    string(writer, "records");
    writer.StartArray();
    for (const RecordChange& change : diff.records)
        record(writer, change);
    writer.EndArray();
    writer.EndObject();
    out << '\n';
}

} // namespace epicsdb::diff
