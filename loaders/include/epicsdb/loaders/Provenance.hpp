// Provenance: where every record and every field value of a database came from. A Loader given
// a Provenance (LoaderOptions::provenance) writes down, as it loads, each record statement
// (`record`, `grecord`, `record("*", ...)`, `alias`), each field and info statement of a record
// body, the file (and include, template set, load, startup-script line) that brought it and the
// macros of its load with where each value came from. Queries turn that into chains a person
// reads (`epicsdb why`, the language server's hover, Python's Record.provenance).
//
// What is kept is small integers into shared tables (files, sources, loads, macro sets), eight
// bytes per field statement: the text of a statement is read back from the file when asked
// (files the Loader kept in memory are kept with the provenance; larger ones are read again).
// Loads that fail and roll back leave no trace, as in the database (the provenance follows its
// transactions).
#pragma once

#include <epicsdb/Diagnostic.hpp>
#include <epicsdb/export.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace epicsdb::dbstatic {
class Database;
class Record;
} // namespace epicsdb::dbstatic

namespace epicsdb::loaders {

class ProvenanceLog;       // the loaders' private side (source/ProvenanceLog.hpp)
struct ProvenanceQueries;  // what queries keep between calls (load/Provenance.cpp)
struct ProvenanceFollower; // follows the database's transactions (load/Provenance.cpp)

// Where a macro's value came from.
enum class MacroOrigin : std::uint8_t {
    LoadArgument,       // the macros of dbLoadRecords/dbLoadDatabase/dbLoadTemplate (the call)
    SubstitutionSet,    // a set's own `name=value` in a substitution file
    PatternRow,         // a value of a `pattern` row
    Global,             // a `global { ... }` block
    ScriptVariable,     // an `epicsEnvSet` (or iocsh macro) line of the startup script
    ProcessEnvironment, // the environment the IOC (the tool) was started with
    Default,            // `$(NAME=default)`: the macro had no value
    Undefined,          // no value and no default: left as written (EPICS warns)
};
EPICSDB_API std::string_view macroOriginName(MacroOrigin origin) noexcept;

// One macro reference of a statement (or of a macro's value) and what it gave.
struct MacroUse {
    std::string name;
    std::string value;   // what the reference gave (the default's text for Default)
    std::string written; // the definition as written, before expansion ("$(SYS):")
    MacroOrigin origin = MacroOrigin::Undefined;
    SourceLocation location;     // where the definition is (unknown: empty file)
    std::uint32_t row = 0;       // PatternRow: the row of the pattern block (1-based)
    std::string detail;          // the command or block that gave it (`dbLoadTemplate(...)`)
    std::vector<MacroUse> inner; // references inside the definition
};

// One step of how a file was reached, innermost first: "included from db/a.db:3",
// "template loaded by substitution set at x.substitutions:12", "dbLoadTemplate(...)" at
// st.cmd:22 (command = true: a script line, `text` the command as run).
struct LoadStep {
    std::string relation;
    SourceLocation location;
    std::string text;
    bool command = false;
    // A script line: the references its expansion used (`$(IOC)` of
    // `dbLoadRecords("a.db", "P=$(IOC)")`), as Provenance::setCaller was given them.
    std::vector<MacroUse> macros;
};

// One statement that defined, extended or set something.
struct Statement {
    SourceLocation location; // the statement's keyword (`field`, `record`, `info`, `alias`)
    std::string keyword;     // record, grecord, field, info, alias
    std::string text;        // the statement as the file has it, before macro expansion
    std::string written;     // its value (or record name) argument as written
    std::string value;       // the same after expansion, as the database got it
    std::vector<MacroUse> macros;
    std::vector<LoadStep> chain;
};

struct FieldProvenance {
    std::string record; // the real record's name
    std::string field;
    std::string value; // the field's value now (dbGetString)
    bool set = false;  // false: the record type's default
    // Every statement that set the field, in load order: the last one gave `value`.
    std::vector<Statement> statements;
    // For a default: where the .dbd defines the field (unknown when the definitions were
    // loaded without provenance).
    SourceLocation definedAt;
};

struct RecordProvenance {
    std::string name; // the real record's name (an alias asked for gives its record)
    std::string type;
    // Every record statement that defined or extended it, in load order (record, grecord,
    // record("*", ...)).
    std::vector<Statement> definitions;
    std::vector<Statement> aliases; // alias statements of the record and alias() lines
    std::vector<Statement> infos;   // info statements, in load order (an alias's own included)
};

// Provenance in plain numbers, for an index that keeps it compactly (the facility index): a
// statement is a source (one opening of a file by one load), a line and a column; a source
// knows its file, how it was reached and the macros of its load.
struct StatementPlace {
    static constexpr std::uint32_t kUnknown = UINT32_MAX;
    std::uint32_t source = kUnknown;
    std::uint32_t line = 0;
    std::uint32_t column = 0;
    [[nodiscard]] bool known() const noexcept { return source != kUnknown; }
};
struct RecordPlaces {
    // The first record statement that counts (after the record's last deletion); for an alias,
    // its alias statement.
    StatementPlace definition;
    // The statement whose value each field holds (the last that set it), by field index.
    std::vector<std::pair<std::uint16_t, StatementPlace>> fields;
    // Its info statements, in load order (an info name given again replaces the value).
    std::vector<StatementPlace> infos;
};
struct SourceSummary {
    std::string file; // as messages name it
    std::string path; // as it can be opened (empty: text in memory, embedded)
    std::vector<LoadStep> chain;
    // Every macro its load defined (the last definition of each name), as a statement's
    // references are traced: value, definition as written, origin, place, inner references.
    std::vector<MacroUse> macros;
};

class EPICSDB_API Provenance {
public:
    Provenance();
    ~Provenance();
    Provenance(const Provenance&) = delete;
    Provenance& operator=(const Provenance&) = delete;

    // Keeps to `db`'s transactions from now on: what a rolled-back load wrote is forgotten,
    // whoever opened the transaction (a Loader, or the caller around several loads). A Loader
    // given this provenance calls it; one database at a time.
    void follow(dbstatic::Database& db);

    // The caller of the loads that follow: the script lines (innermost first, as diagnostics'
    // chains), the references the running line's expansion used (an `epicsEnvSet` variable in
    // `dbLoadRecords("x.db", "P=$(IOC)")`) with their origins, and that line as written (so
    // that each macro of the load is traced to the references of its own definition). Cleared
    // by clearCaller().
    void setCaller(std::vector<ContextFrame> frames, std::vector<MacroUse> lineMacros = {},
                   std::string lineAsWritten = {});
    void clearCaller();

    // What set `field` of `record` (a record or alias name), or nullopt when the database has
    // no such record or its type no such field.
    [[nodiscard]] std::optional<FieldProvenance>
    field(const dbstatic::Database& db, std::string_view record, std::string_view field) const;
    // Where a record was defined, extended and given aliases and info items.
    [[nodiscard]] std::optional<RecordProvenance> record(const dbstatic::Database& db,
                                                         std::string_view record) const;
    // Every field the loads set in `record`, each as field() gives it (in field order).
    [[nodiscard]] std::vector<FieldProvenance> setFields(const dbstatic::Database& db,
                                                         std::string_view record) const;

    // Every record's and alias's places (records deleted since are left out). One pass over
    // the log: what an index of the whole database asks for.
    [[nodiscard]] std::unordered_map<const dbstatic::Record*, RecordPlaces> places() const;
    [[nodiscard]] std::size_t sourceCount() const noexcept;
    [[nodiscard]] SourceSummary source(std::uint32_t index) const;
    // Every file the loads read (what messages name it, and its path as it can be opened).
    [[nodiscard]] std::vector<std::pair<std::string, std::string>> files() const;

    // Bytes held (tables and kept file texts), for the benchmark.
    [[nodiscard]] std::size_t memoryBytes() const noexcept;

    // The loaders' side.
    [[nodiscard]] ProvenanceLog& log() noexcept { return *log_; }
    [[nodiscard]] const ProvenanceLog& log() const noexcept { return *log_; }

private:
    // Indexes and file texts the queries keep between calls (rebuilt when the log moves):
    // queries of one Provenance are not to run on two threads at once.
    std::unique_ptr<ProvenanceLog> log_;
    std::unique_ptr<ProvenanceQueries> queries_;
    std::unique_ptr<ProvenanceFollower> follower_;
};

} // namespace epicsdb::loaders
