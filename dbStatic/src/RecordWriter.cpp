// Records as EPICS dbWriteRecord text (EPICS-BEHAVIOUR 4.6), byte for byte.
#include <epicsdb/dbStatic/Values.hpp>
#include <epicsdb/dbStatic/Writers.hpp>

#include "WriterOutputPvt.hpp"

namespace epicsdb::dbstatic {

namespace {

// Levels 0 and 1 look at DCT fields only, and skip DTYP when the type has no device support.
bool considered(const RecordType& type, const FieldDef& field, bool dctOnly) {
    if (!dctOnly) return true;
    return field.isDct() && (field.type != DbfType::Device || !type.devices().empty());
}

void writeBlock(const Database& database, const Record& record, int level, std::string& out) {
    const RecordType& type = record.type();
    const bool dctOnly = level <= 1;
    out += record.visible() ? "grecord(" : "record(";
    out += type.name();
    out += ",\"";
    out += record.name(); // not escaped, as in EPICS
    out += "\") {\n";
    for (const FieldDef& field : type.fields()) {
        if (!considered(type, field, dctOnly)) continue;
        if (level <= 0 && database.isDefaultValue(record, field)) continue;
        out += "\tfield(";
        out += field.name;
        out += ",\"";
        if (const std::optional<std::string> text = database.getString(record, field))
            appendEscaped(*text, out);
        out += "\")\n";
    }
    for (const InfoItem& info : record.infos()) {
        out += "\tinfo(\"";
        out += info.name;
        out += "\",\"";
        appendEscaped(info.value, out);
        out += "\")\n";
    }
    out += "}\n";
}

void writeAll(const Database& database, writer::Output& out, const RecordWriteOptions& options) {
    for (const RecordType* type : writer::selectRecordTypes(database, options.recordType)) {
        for (const Record* node = type->firstRecord(); node; node = node->next()) {
            if (node->isAlias()) continue;
            writeBlock(database, *node, options.level, out.text());
            out.checkpoint();
        }
        for (const Record* node = type->firstRecord(); node; node = node->next()) {
            if (!node->isAlias()) continue;
            out << "alias(\"" << node->real().name() << "\",\"" << node->name() << "\")\n";
        }
        out.checkpoint();
    }
}

} // namespace

void writeRecord(const Database& database, const Record& node, int level, std::string& out) {
    writeBlock(database, node.real(), level, out);
}

void writeRecords(const Database& database, std::string& out, const RecordWriteOptions& options) {
    writer::writeTo(out, [&](writer::Output& o) { writeAll(database, o, options); });
}

void writeRecords(const Database& database, std::ostream& out, const RecordWriteOptions& options) {
    writer::writeTo(out, [&](writer::Output& o) { writeAll(database, o, options); });
}

} // namespace epicsdb::dbstatic
