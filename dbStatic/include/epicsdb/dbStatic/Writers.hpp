// Writers of the static database: records as EPICS dbWriteRecord text (EPICS-BEHAVIOUR 4.6) and as
// JSON, definitions as EPICS dbWriteMenu/dbWriteRecordType/... text, and the whole set of
// definitions as an expanded .dbd the way EPICS's dbdExpand.pl writes it.
//
// Every writer has two forms: one appends to a std::string, one writes to a std::ostream (in
// chunks, so a database of a million records is never held twice in memory).
#pragma once

#include <epicsdb/dbStatic/Database.hpp>
#include <epicsdb/export.h>

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace epicsdb::dbstatic {

// writeRecords or writeJson was asked for a record type that the database does not define.
class EPICSDB_API RecordTypeNotFound : public std::runtime_error {
public:
    explicit RecordTypeNotFound(std::string_view name);
    [[nodiscard]] const std::string& name() const noexcept { return name_; }

private:
    std::string name_;
};

// ---- records as dbWriteRecord text ---------------------------------------------------------

struct RecordWriteOptions {
    // One record type, or every type when empty or "*". An unknown name throws
    // RecordTypeNotFound (EPICS: "dbWriteRecordFP: No record description for <t>").
    std::string_view recordType;
    // 0: the DCT fields (those with a promptgroup) whose value is not the default;
    // 1: every DCT field; 2 and more: every field.
    int level = 0;
};

// Byte for byte what EPICS dbWriteRecord writes: record types in definition order, records in
// list order, then that type's aliases as alias("real","alias").
EPICSDB_API void writeRecords(const Database& database, std::string& out,
                              const RecordWriteOptions& options = {});
EPICSDB_API void writeRecords(const Database& database, std::ostream& out,
                              const RecordWriteOptions& options = {});
// One record block: record(...) { fields, infos }. `node` may be an alias: the block is then
// written for the alias's real record, as EPICS does.
EPICSDB_API void writeRecord(const Database& database, const Record& node, int level,
                             std::string& out);

// ---- records as JSON -----------------------------------------------------------------------

enum class JsonFieldSelection : std::uint8_t {
    // Every field (DCT or not) whose value differs from the record type's default: the fields
    // dbIsDefaultValue calls non-default, plus link fields whose text differs from their
    // initial value (EPICS calls every link default before iocInit). NAME is left out: it is
    // the record's "name".
    NonDefault,
    // Every field of the record type, in definition order.
    All,
};

// The document's writer as a caller's hook sees it (JsonWriteOptions::recordMembers): members
// and values written in place, laid out and spelt as the rest of the document.
class JsonValueWriter {
public:
    virtual ~JsonValueWriter() = default;
    virtual void startObject() = 0;
    virtual void endObject() = 0;
    virtual void startArray() = 0;
    virtual void endArray() = 0;
    virtual void key(std::string_view name) = 0;
    virtual void string(std::string_view text) = 0;
    virtual void number(std::uint64_t value) = 0;
    virtual void boolean(bool value) = 0;
    virtual void null() = 0;
    void member(std::string_view name, std::string_view text) {
        key(name);
        string(text);
    }
};

// A JsonValueWriter over any writer with the same members (the dump's own streaming writer,
// the tools' pretty printer).
template <class Writer>
class JsonValuesOf final : public JsonValueWriter {
public:
    explicit JsonValuesOf(Writer& json) : json_(json) {}
    void startObject() override { json_.startObject(); }
    void endObject() override { json_.endObject(); }
    void startArray() override { json_.startArray(); }
    void endArray() override { json_.endArray(); }
    void key(std::string_view name) override { json_.key(name); }
    void string(std::string_view text) override { json_.string(text); }
    void number(std::uint64_t value) override { json_.number(value); }
    void boolean(bool value) override { json_.boolean(value); }
    void null() override { json_.null(); }

private:
    Writer& json_;
};

struct JsonWriteOptions {
    std::string_view recordType; // as RecordWriteOptions::recordType
    JsonFieldSelection fields = JsonFieldSelection::NonDefault;
    bool sourcePositions = false; // add "source": {"file": ..., "line": ...} when known
    // Members a caller adds at the end of each record's object (key, value; any number), given
    // the real record: `dump --provenance`. Empty: none, and no cost.
    std::function<void(const Record& record, JsonValueWriter& json)> recordMembers;
};

// The JSON document (UTF-8, 2-space indentation, key order fixed as listed):
//
//   {
//     "records": [
//       {
//         "name": "r:1",              record name
//         "type": "ai",               record type
//         "grecord": false,           true when defined with grecord()
//         "source": {"file": "x.db", "line": 3},   only with sourcePositions, when known
//         "fields": {"DESC": "a pp b", "VAL": "1500"},  dbGetString texts, definition
//                                     order; null for a field with no string form
//         "info": {"autosaveFields": "VAL"},           info items in order of definition
//         "aliases": [{"name": "r:1:alias", "info": {}}]  aliases in list order, each with
//                                     its own info items
//         ...                         the members of options.recordMembers, if any
//       }
//     ]
//   }
//
// Records come in dbWriteRecord order. Strings are JSON-escaped (\" \\ \b \f \n \r \t, other
// control characters as \u00XX with upper-case hex digits); other bytes are copied as they are,
// except that a byte that is not part of a well-formed UTF-8 sequence (Latin-1 text) is written
// as U+FFFD, so the document is always valid JSON. Written as it goes (rapidjson's streaming
// writer): the ostream form never holds more than a chunk of the document.
EPICSDB_API void writeJson(const Database& database, std::string& out,
                           const JsonWriteOptions& options = {});
EPICSDB_API void writeJson(const Database& database, std::ostream& out,
                           const JsonWriteOptions& options = {});

// ---- definitions as the EPICS dbWriteXxx functions write them ------------------------------

// dbWriteMenu: menu(name) { choice(cname,"value") } for one menu, or all when `menu` is empty
// or "*". All menus come in descending name order, as EPICS keeps them (EPICS-BEHAVIOUR 3.3 quirk).
// An unknown name writes nothing, as in EPICS.
EPICSDB_API void writeMenus(const Database& database, std::string& out, std::string_view menu = {});
EPICSDB_API void writeMenus(const Database& database, std::ostream& out,
                            std::string_view menu = {});
// dbWriteRecordType: one record type, or all (empty or "*"), in definition order. Special
// codes from 9 on are written as numbers (SPC_MOD as special(100): EPICS-BEHAVIOUR 4.6 quirk).
EPICSDB_API void writeRecordTypes(const Database& database, std::string& out,
                                  std::string_view recordType = {});
EPICSDB_API void writeRecordTypes(const Database& database, std::ostream& out,
                                  std::string_view recordType = {});
// dbWriteDevice, dbWriteDriver, dbWriteLinkFP, dbWriteRegistrarFP, dbWriteFunctionFP,
// dbWriteVariableFP, dbWriteBreaktable.
EPICSDB_API void writeDevices(const Database& database, std::string& out);
EPICSDB_API void writeDevices(const Database& database, std::ostream& out);
EPICSDB_API void writeDrivers(const Database& database, std::string& out);
EPICSDB_API void writeDrivers(const Database& database, std::ostream& out);
EPICSDB_API void writeLinkSupports(const Database& database, std::string& out);
EPICSDB_API void writeLinkSupports(const Database& database, std::ostream& out);
EPICSDB_API void writeRegistrars(const Database& database, std::string& out);
EPICSDB_API void writeRegistrars(const Database& database, std::ostream& out);
EPICSDB_API void writeFunctions(const Database& database, std::string& out);
EPICSDB_API void writeFunctions(const Database& database, std::ostream& out);
EPICSDB_API void writeVariables(const Database& database, std::string& out);
EPICSDB_API void writeVariables(const Database& database, std::ostream& out);
EPICSDB_API void writeBreaktables(const Database& database, std::string& out);
EPICSDB_API void writeBreaktables(const Database& database, std::ostream& out);

// ---- all definitions as an expanded .dbd (dbdExpand.pl) ------------------------------------

// What EPICS's dbdExpand.pl writes for the same definitions: menus, then record types (each
// followed by its device() lines), drivers, link(), registrars, functions, variables and
// breaktables, every section sorted by name; 4-space indentation; comments, include, path and
// addpath gone. Field attributes come in one fixed order (dbdExpand.pl uses Perl hash order,
// which changes between runs); old GUI_xxx prompt groups are written as their new names.
EPICSDB_API void writeExpandedDbd(const Database& database, std::string& out);
EPICSDB_API void writeExpandedDbd(const Database& database, std::ostream& out);

// ---- EPICS's debugging reports (dbStaticLib's dbDumpXxx, dbPvdDump, dbReportDeviceConfig) --
// Run-time members print as EPICS prints them before any support is loaded ("(nil)", 0).

// dbDumpRecordType: field order, sorted names, link fields and VAL of one record type (nullopt:
// every one).
EPICSDB_API void writeRecordTypeLayouts(const Database& database, std::string& out,
                                        std::optional<std::string_view> recordType);
// dbDumpField: the descriptions of one field (nullopt: every one) of one record type (nullopt:
// every one), then the type's attributes.
EPICSDB_API void writeFieldDescriptions(const Database& database, std::string& out,
                                        std::optional<std::string_view> recordType,
                                        std::optional<std::string_view> field);
// dbDumpDevice: the device support of one record type ("", "*" and nullopt: every one).
EPICSDB_API void writeDeviceSupports(const Database& database, std::string& out,
                                     std::optional<std::string_view> recordType);
// A breakpoint table as EPICS computes it at load: each point with the slope to the next, the
// last continuing the slope before it.
struct BreakpointInterval {
    double raw = 0;
    double slope = 0;
    double engineering = 0;
};
EPICSDB_API std::vector<BreakpointInterval> breakpointIntervals(const Breaktable& table);
// dbDumpBreaktable: one table (nullopt: every one) with its intervals.
EPICSDB_API void writeBreaktableIntervals(const Database& database, std::string& out,
                                          std::optional<std::string_view> name);
// dbPvdTableSize's rule for the size of EPICS's record-name hash table: nullopt when
// `requested` is not a power of two (0 passes, as in EPICS), else the size clamped to
// 256 ... 65536. kNameTableSize is the size until one is chosen.
inline constexpr unsigned kNameTableSize = 512;
EPICSDB_API std::optional<unsigned> nameTableSize(long requested) noexcept;
// dbPvdDump: the buckets EPICS's record-name hash table of `tableSize` (a power of two) would
// have, with the names when `verbose`.
EPICSDB_API void writeNameTable(const Database& database, std::string& out, unsigned tableSize,
                                bool verbose);
// dbReportDeviceConfig: bus, link, DTYP, name and conversion of the first hardware link of
// each record and alias.
EPICSDB_API void writeDeviceConfig(const Database& database, std::string& out);

} // namespace epicsdb::dbstatic
