// One IOC loaded as `epicsdb ioc` loads it (its startup script, its definitions and
// environment), with lint's findings and the provenance of every field, turned into plain rows
// ready for the index. A snapshot owns everything it holds: the Database it came from is gone
// by the time it is written, so loads run on worker threads and one writer writes.
#pragma once

#include <epicsdb/facility/FacilityFile.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace epicsdb::facility {

// A statement's place: a source of the snapshot (index into IocSnapshot::sources), line, column.
struct PlaceRow {
    std::optional<std::uint32_t> source;
    std::uint32_t line = 0;
    std::uint32_t column = 0;
};

struct InfoRow {
    std::string name;
    std::string value;
    PlaceRow place;
};

struct LinkRow {
    std::string field;
    std::string target;
    std::string targetField;
    std::string modifiers;
};

struct RecordRow {
    std::string name;
    std::string type;
    PlaceRow place;
    // Every field set, as the index keeps it: [[field, value, source, line, column], ...].
    std::string fields;
    std::vector<PlaceRow> fieldPlaces; // the same statements' places
    std::vector<InfoRow> infos;
    std::vector<LinkRow> links;
};

struct AliasRow {
    std::string name;
    std::uint32_t record = 0; // index into IocSnapshot::records
    PlaceRow place;
};

struct SourceRow {
    std::uint32_t file = 0; // index into IocSnapshot::files
    std::string chain;      // JSON
    std::string macros;     // JSON
};

struct FileRow {
    std::string path;     // as the index shows it (relative to the facility's folder)
    std::string absolute; // as it can be opened
    std::string hash;     // empty: could not be read
    std::string text;
};

struct LoadRow {
    std::string command, file, macros, path, script;
    std::uint32_t line = 0;
    bool ok = false;
    std::uint64_t records = 0;
};

struct SkippedRow {
    std::string name, text, script;
    std::uint32_t line = 0;
    bool base = false;
};

struct DiagnosticRow {
    bool lint = false;
    std::optional<std::uint32_t> record; // index into IocSnapshot::records
    std::string severity, code, message, file;
    std::uint32_t line = 0, column = 0;
    std::string target; // ext-link: the name no record of the IOC has
    std::string detail; // JSON
};

struct TypeFieldRow {
    std::string type, field, dbf, initial, prompt;
    std::uint32_t seq = 0;
};

struct IocSnapshot {
    std::string name;
    std::string script; // as the index shows it
    std::string fingerprint;
    bool unreadable = false; // the startup script could not be read
    bool iocInit = false;
    std::uint64_t errors = 0, warnings = 0, aliasCount = 0;
    std::string failure;     // the first error, "file:line:column: message" (empty: none)
    std::string environment; // JSON object
    std::string scripts;     // JSON array
    std::vector<RecordRow> records;
    std::vector<AliasRow> aliases;
    std::vector<SourceRow> sources;
    std::vector<FileRow> files;
    std::vector<LoadRow> loads;
    std::vector<SkippedRow> skipped;
    std::vector<DiagnosticRow> diagnostics;
    std::string definitionsHash;
    std::vector<TypeFieldRow> typeFields;

    [[nodiscard]] bool failed() const noexcept { return unreadable || errors > 0; }
};

// How paths are shown in the index: relative to `root` when inside it, else absolute.
[[nodiscard]] std::string displayPath(const std::string& root, const std::string& absolute);

// Loads `entry` and makes its snapshot. Never throws for what the IOC's files hold: errors are
// in the snapshot's diagnostics.
[[nodiscard]] IocSnapshot loadIoc(const Facility& facility, const IocEntry& entry);

} // namespace epicsdb::facility
