// Records as JSON; the schema is documented with writeJson in Writers.hpp. rapidjson's
// streaming writer lays the document out and escapes the strings, straight into the writers'
// Output, which hands the text on in chunks: a dump of any size is never held in memory whole.
#include <epicsdb/dbStatic/Writers.hpp>

#include "WriterOutputPvt.hpp"

#include <epicsdb/support/JsonString.hpp>

#include <rapidjson/prettywriter.h>
#include <rapidjson/writer.h>

#include <string>
#include <unordered_map>
#include <vector>

namespace epicsdb::dbstatic {

namespace {

// rapidjson's output stream concept over a string the writer appends to. Characters are
// gathered in a buffer of its own, a store each (std::string::push_back per character costs
// more than all the rest of the writing), and appended to the string in one piece by sync(),
// which must come before anyone else reads or appends to the string.
class StringStream {
public:
    using Ch = char;
    explicit StringStream(std::string& text, std::size_t bufferBytes = 16 * 1024)
        : text_(text), buffer_(bufferBytes) {}

    void Put(char c) {
        if (next_ == buffer_.size()) sync();
        buffer_[next_++] = c;
    }
    void Flush() noexcept {}
    // Room for `count` more characters, to write with putUnsafe().
    void reserve(std::size_t count) {
        if (buffer_.size() - next_ >= count) return;
        sync();
        if (count > buffer_.size()) buffer_.resize(count);
    }
    void putUnsafe(char c) noexcept { buffer_[next_++] = c; }
    void sync() {
        text_.append(buffer_.data(), next_);
        next_ = 0;
    }

private:
    std::string& text_;
    std::vector<char> buffer_;
    std::size_t next_ = 0;
};

// rapidjson's writer finds these by argument-dependent lookup: it reserves room for a whole
// string or indentation, then writes it unchecked.
void PutReserve(StringStream& stream, std::size_t count) {
    stream.reserve(count);
}
void PutUnsafe(StringStream& stream, char c) noexcept {
    stream.putUnsafe(c);
}
void PutN(StringStream& stream, char c, std::size_t count) { // the indentation
    stream.reserve(count);
    for (std::size_t i = 0; i < count; ++i)
        stream.putUnsafe(c);
}

// rapidjson's PrettyWriter with 2-space indentation, plus objects kept on one line
// ({"file": "x.db", "line": 3}). Strings as support::writeJsonString writes them: a byte that is
// not part of a well-formed UTF-8 sequence (Latin-1 text, say) as U+FFFD.
class DocumentWriter : private rapidjson::PrettyWriter<StringStream> {
    using Base = rapidjson::PrettyWriter<StringStream>;

public:
    explicit DocumentWriter(StringStream& out) : Base(out) { SetIndent(' ', 2); }

    void startObject() { Base::StartObject(); }
    void endObject() { Base::EndObject(); }
    void startArray() { Base::StartArray(); }
    void endArray() { Base::EndArray(); }
    // An object whose members stay on its line; no object or array may be nested in it.
    void startLineObject() {
        prefix(rapidjson::kObjectType);
        new (level_stack_.template Push<Level>()) Level(false);
        WriteStartObject();
        oneLine_ = true;
    }
    void endLineObject() {
        level_stack_.template Pop<Level>(1);
        WriteEndObject();
        oneLine_ = false;
    }

    void key(std::string_view name) { string(name); }
    void string(std::string_view text) { support::writeJsonString(*this, text); }
    // rapidjson's String(), through this writer's layout (writeJsonString calls it).
    bool String(const char* text, rapidjson::SizeType size, bool = false) {
        prefix(rapidjson::kStringType);
        return WriteString(text, size);
    }
    void member(std::string_view name, std::string_view text) {
        key(name);
        string(text);
    }
    void boolean(bool value) {
        prefix(value ? rapidjson::kTrueType : rapidjson::kFalseType);
        WriteBool(value);
    }
    void number(std::uint64_t value) {
        prefix(rapidjson::kNumberType);
        WriteUint64(value);
    }
    void null() {
        prefix(rapidjson::kNullType);
        WriteNull();
    }

private:
    void prefix(rapidjson::Type type) {
        if (!oneLine_) {
            PrettyPrefix(type);
            return;
        }
        Level& level = *level_stack_.template Top<Level>();
        if (level.valueCount > 0) {
            os_->Put(level.valueCount % 2 == 0 ? ',' : ':');
            os_->Put(' ');
        }
        ++level.valueCount;
    }

    bool oneLine_ = false;
};

// The document's writer handed to a caller's JsonWriteOptions::recordMembers.
using RecordMembers = JsonValuesOf<DocumentWriter>;

bool linkDiffersFromInitial(const Record& node, const FieldDef& field) {
    const std::optional<std::string_view> stored = node.storedValue(field.index);
    return stored && *stored != (field.hasInitial ? field.initial : std::string_view());
}

bool selected(const Database& database, const Record& record, const FieldDef& field,
              JsonFieldSelection selection) {
    if (selection == JsonFieldSelection::All) return true;
    if (field.name == "NAME") // already the record's "name"
        return false;
    if (isLinkType(field.type)) return linkDiffersFromInitial(record, field);
    return !database.isDefaultValue(record, field);
}

// `"info": {...}` of one node.
void writeInfos(const Record& node, DocumentWriter& json) {
    json.key("info");
    json.startObject();
    for (const InfoItem& info : node.infos())
        json.member(info.name, info.value);
    json.endObject();
}

void writeSource(const Database& database, const Record& record, DocumentWriter& json) {
    const SourcePosition where = record.position();
    const std::string_view file = database.fileName(where.file);
    if (where.line == 0 || file.empty()) return;
    json.key("source");
    json.startLineObject();
    json.member("file", file);
    json.key("line");
    json.number(where.line);
    json.endLineObject();
}

void writeFields(const Database& database, const Record& record, JsonFieldSelection selection,
                 DocumentWriter& json) {
    json.key("fields");
    json.startObject();
    for (const FieldDef& field : record.type().fields()) {
        if (!selected(database, record, field, selection)) continue;
        json.key(field.name);
        if (const std::optional<std::string> text = database.getString(record, field))
            json.string(*text);
        else
            json.null();
    }
    json.endObject();
}

void writeRecordObject(const Database& database, const Record& record,
                       const std::vector<const Record*>& aliases, const JsonWriteOptions& options,
                       DocumentWriter& json) {
    json.startObject();
    json.member("name", record.name());
    json.member("type", record.type().name());
    json.key("grecord");
    json.boolean(record.visible());
    if (options.sourcePositions) writeSource(database, record, json);
    writeFields(database, record, options.fields, json);
    writeInfos(record, json);
    json.key("aliases");
    json.startArray();
    for (const Record* alias : aliases) {
        json.startObject();
        json.member("name", alias->name());
        writeInfos(*alias, json);
        json.endObject();
    }
    json.endArray();
    if (options.recordMembers) {
        RecordMembers members(json);
        options.recordMembers(record, members);
    }
    json.endObject();
}

void writeDocument(const Database& database, writer::Output& out, const JsonWriteOptions& options) {
    const auto types = writer::selectRecordTypes(database, options.recordType);
    StringStream stream(out.text());
    DocumentWriter json(stream);
    json.startObject();
    json.key("records");
    json.startArray();
    const std::vector<const Record*> none;
    std::unordered_map<const Record*, std::vector<const Record*>> aliases;
    for (const RecordType* type : types) {
        aliases.clear();
        if (type->aliasCount() > 0)
            for (const Record* node = type->firstRecord(); node; node = node->next())
                if (node->isAlias()) aliases[&node->real()].push_back(node);
        for (const Record* node = type->firstRecord(); node; node = node->next()) {
            if (node->isAlias()) continue;
            const auto found = aliases.find(node);
            writeRecordObject(database, *node, found == aliases.end() ? none : found->second,
                              options, json);
            stream.sync();
            out.checkpoint();
        }
    }
    json.endArray();
    json.endObject();
    stream.sync();
    out << '\n';
}

} // namespace

void writeJson(const Database& database, std::string& out, const JsonWriteOptions& options) {
    writer::writeTo(out, [&](writer::Output& o) { writeDocument(database, o, options); });
}

void writeJson(const Database& database, std::ostream& out, const JsonWriteOptions& options) {
    writer::writeTo(out, [&](writer::Output& o) { writeDocument(database, o, options); });
}

} // namespace epicsdb::dbstatic
