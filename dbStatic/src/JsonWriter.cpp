// Records as JSON; the schema is documented with writeJson in Writers.hpp.
#include <epicsdb/dbStatic/Writers.hpp>

#include "WriterOutputPvt.hpp"

#include <unordered_map>

namespace epicsdb::dbstatic {

void appendJsonString(std::string_view text, std::string& out) {
    static constexpr char hex[] = "0123456789abcdef";
    out += '"';
    for (const char c : text) {
        switch (c) {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\b':
            out += "\\b";
            break;
        case '\f':
            out += "\\f";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\r':
            out += "\\r";
            break;
        case '\t':
            out += "\\t";
            break;
        default:
            if (static_cast<unsigned char>(c) < 0x20) {
                out += "\\u00";
                out += hex[(c >> 4) & 0xf];
                out += hex[c & 0xf];
            } else {
                out += c;
            }
        }
    }
    out += '"';
}

namespace {

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

// `"info": {...}` of one node, at the indentation `indent`.
void writeInfos(const Record& node, std::string_view indent, std::string& out) {
    out += indent;
    out += "\"info\": {";
    const char* separator = "\n";
    for (const InfoItem& info : node.infos()) {
        out += separator;
        out += indent;
        out += "  ";
        appendJsonString(info.name, out);
        out += ": ";
        appendJsonString(info.value, out);
        separator = ",\n";
    }
    if (!node.infos().empty()) {
        out += '\n';
        out += indent;
    }
    out += '}';
}

void writeRecordObject(const Database& database, const Record& record,
                       const std::vector<const Record*>& aliases, const JsonWriteOptions& options,
                       std::string& out) {
    out += "    {\n      \"name\": ";
    appendJsonString(record.name(), out);
    out += ",\n      \"type\": ";
    appendJsonString(record.type().name(), out);
    out += ",\n      \"grecord\": ";
    out += record.visible() ? "true" : "false";
    const SourcePosition where = record.position();
    const std::string_view file = database.fileName(where.file);
    if (options.sourcePositions && where.line != 0 && !file.empty()) {
        out += ",\n      \"source\": {\"file\": ";
        appendJsonString(file, out);
        out += ", \"line\": ";
        out += std::to_string(where.line);
        out += '}';
    }
    out += ",\n      \"fields\": {";
    const char* separator = "\n";
    for (const FieldDef& field : record.type().fields()) {
        if (!selected(database, record, field, options.fields)) continue;
        out += separator;
        out += "        ";
        appendJsonString(field.name, out);
        out += ": ";
        if (const std::optional<std::string> text = database.getString(record, field))
            appendJsonString(*text, out);
        else
            out += "null";
        separator = ",\n";
    }
    out += *separator == '\n' ? "}" : "\n      }";
    out += ",\n";
    writeInfos(record, "      ", out);
    out += ",\n      \"aliases\": [";
    separator = "\n";
    for (const Record* alias : aliases) {
        out += separator;
        out += "        {\n          \"name\": ";
        appendJsonString(alias->name(), out);
        out += ",\n";
        writeInfos(*alias, "          ", out);
        out += "\n        }";
        separator = ",\n";
    }
    out += aliases.empty() ? "]" : "\n      ]";
    out += "\n    }";
}

void writeDocument(const Database& database, writer::Output& out, const JsonWriteOptions& options) {
    const auto types = writer::selectRecordTypes(database, options.recordType);
    out << "{\n  \"records\": [";
    const char* separator = "\n";
    const std::vector<const Record*> none;
    std::unordered_map<const Record*, std::vector<const Record*>> aliases;
    for (const RecordType* type : types) {
        aliases.clear();
        if (type->aliasCount() > 0)
            for (const Record* node = type->firstRecord(); node; node = node->next())
                if (node->isAlias()) aliases[&node->real()].push_back(node);
        for (const Record* node = type->firstRecord(); node; node = node->next()) {
            if (node->isAlias()) continue;
            out << separator;
            const auto found = aliases.find(node);
            writeRecordObject(database, *node, found == aliases.end() ? none : found->second,
                              options, out.text());
            separator = ",\n";
            out.checkpoint();
        }
    }
    out << (*separator == '\n' ? "]\n}\n" : "\n  ]\n}\n");
}

} // namespace

void writeJson(const Database& database, std::string& out, const JsonWriteOptions& options) {
    writer::Output output(out);
    writeDocument(database, output, options);
}

void writeJson(const Database& database, std::ostream& out, const JsonWriteOptions& options) {
    writer::Output output(out);
    writeDocument(database, output, options);
}

} // namespace epicsdb::dbstatic
