// Load entry points: dbLoadDatabase, dbLoadRecords and dbLoadTemplate for C++. A Loader reads
// files into one Database, reports through one DiagnosticSink, and caches what it reads (file
// text and what is derived from it), so a template instantiated 10,000 times is read and
// prepared once: its text, a line index, and a replay plan recorded on its first load (the
// tokens the parser saw and the record actions they led to). Later loads of the template
// expand and lex only its lines with '$' and, when those give the same tokens, take the same
// actions without running the parser; otherwise they read it the ordinary way. Loaders hold no
// global state: two of them can run in two threads (on two databases).
//
// Every load is a transaction: when it reports an error, the database is left exactly as it
// was before that load (EPICS keeps whatever was loaded before the error).
#pragma once

#include <epicsdb/Diagnostic.hpp>
#include <epicsdb/dbStatic/Database.hpp>
#include <epicsdb/export.h>
#include <epicsdb/loaders/FileOverlay.hpp>
#include <epicsdb/loaders/LoadEnvironment.hpp>
#include <epicsdb/loaders/LoadObserver.hpp>
#include <epicsdb/loaders/Provenance.hpp>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace epicsdb::loaders {

struct LoaderOptions {
    // Directories searched after the path of the load (the `path` argument, or
    // EPICS_DB_INCLUDE_PATH, or "."), like msi's and the tools' -I.
    std::vector<std::string> includeDirs;
    // Consult EPICS_DB_INCLUDE_PATH when a load gives no path (as EPICS does).
    bool useEnvironmentPath = true;
    // The environment and working directory loads see (it must outlive the Loader); null:
    // the process's own.
    const LoadEnvironment* environment = nullptr;
    // When a .dbd file is not found anywhere on the path, use the definitions compiled into the
    // library (dbCommon.dbd, menuGlobal.dbd, ...), so module .dbd files load without EPICS.
    bool embeddedDefinitions = true;
    // dbQuietMacroWarnings: no "macLib:" warnings and $(X) markers. The per-line
    // "undefined macros" warning is still given, as in EPICS.
    bool quietMacroWarnings = false;
    // A template checked alone, without the values its macros get at boot (epicsdb lint of a
    // database file, an editor's buffer): references to undefined macros are left as written,
    // each file's undefined macros are one warning (macro-undefined, at the first line with
    // one, naming them all) instead of one per line, and a record name or field value that
    // holds a reference is taken as written instead of refused for it (EPICS refuses both);
    // every other check still runs. Off: EPICS's behaviour.
    bool templateAlone = false;
    // dbTemplateMaxVars for dbLoadTemplate pattern headers.
    std::size_t templateMaxVars = 100;
    // Bounds that protect against hostile input (docs/LIMITS.md).
    // The work of one line's macro expansion (maclib::MacroTable::setExpansionLimit).
    std::size_t macroExpansionLimit = std::size_t{64} << 20;
    unsigned maxIncludeDepth = 64;
    unsigned maxNestingDepth = 1000; // JSON values of fields and info items
    // The text one file may give after macro expansion: positions are 32-bit offsets into it.
    std::uint64_t maxFileBytes = UINT32_MAX - 2;
    // Replay plans for templates read again and again, and one-token reading of the common
    // one-line statements. Off, every file is parsed token by token: the same results,
    // slower; for tests and diagnosis.
    bool fastPaths = true;
    // Threads a load may use: 1 reads on the calling thread alone; 0 uses every core of the
    // machine (a load uses two at most today: docs/ARCHITECTURE.md, "Two threads"). Results
    // and diagnostics are the same, in the same order, whatever the number.
    unsigned jobs = 0;
    // With more than one: files are lexed ahead on a second thread, streamed files in their
    // blocks, files held in memory of at least twice this size in pieces of it (whole lines).
    std::size_t parallelPieceBytes = std::size_t{64} << 10;
    // Keep what a failed load read, as EPICS does, instead of rolling it back: for tools that
    // look at everything that could be read (lint). The errors are reported all the same.
    bool keepFailedLoads = false;
    // Told of redefinitions and the like; must outlive the Loader. Null: nobody.
    LoadObserver* observer = nullptr;
    // Texts read instead of files on disk (an editor's unsaved buffers); must outlive the
    // Loader. Null: every file is read from disk.
    const FileOverlay* overlay = nullptr;
    // Where every record and field value came from is written here (docs/guide/why.md); must
    // outlive the Loader. Null: nothing is kept (check and dump's speed and memory).
    Provenance* provenance = nullptr;
};

struct LoadResult {
    bool ok = false; // no error was reported (and the load was committed)
    // The load did not start: its file could not be opened or an argument was refused (the
    // cases where EPICS's dbLoadTemplate returns -1; it returns 0 after syntax errors).
    bool refused = false;
    std::size_t errors = 0;
    std::size_t warnings = 0;
    std::size_t recordsBefore = 0; // real records in the database before the load
    std::size_t recordsAfter = 0;
};

struct LoaderStats {
    std::size_t filesRead = 0; // distinct files read from disk
    std::size_t bytesRead = 0;
    std::size_t loads = 0;         // loadDatabase/loadRecords calls, and one per template set
    std::size_t linesExpanded = 0; // lines that contained a macro reference
    std::size_t replays = 0;       // reads of a cached file done again from its replay plan
    // Template expansions a second thread did ahead of their load (loadTemplate, jobs > 1).
    std::size_t expansionsAhead = 0;
};

class EPICSDB_API Loader {
public:
    Loader(dbstatic::Database& database, DiagnosticSink& sink, LoaderOptions options = {});
    ~Loader();
    Loader(const Loader&) = delete;
    Loader& operator=(const Loader&) = delete;

    // dbLoadDatabase(file, path, substitutions): a .dbd or .db file. `path` is a search list
    // (":"-separated); empty means EPICS_DB_INCLUDE_PATH, or ".".
    LoadResult loadDatabase(std::string_view file, std::string_view path = {},
                            std::string_view macros = {});
    // dbLoadRecords(file, substitutions).
    LoadResult loadRecords(std::string_view file, std::string_view macros = {});
    // Same as loadRecords, from text in memory; `name` is used in messages ("-" for stdin).
    LoadResult loadRecordsText(std::string_view name, std::string_view text,
                               std::string_view macros = {});
    // dbLoadTemplate(subfile, macros): every set of the substitution file loads its template
    // with the set's macros on top of `macros`. One transaction for the whole file.
    LoadResult loadTemplate(std::string_view substitutionFile, std::string_view macros = {});
    // The standard definitions compiled into the library (db/softIoc.dbd and what it
    // includes), read from the library only, whatever files the search path holds.
    LoadResult loadDefaultDefinitions();

    [[nodiscard]] dbstatic::Database& database() noexcept;
    [[nodiscard]] const LoaderOptions& options() const noexcept;
    // The two options an IOC's `var` command changes between loads (dbQuietMacroWarnings,
    // dbTemplateMaxVars).
    void setQuietMacroWarnings(bool quiet) noexcept;
    void setTemplateMaxVars(std::size_t count) noexcept;
    [[nodiscard]] LoaderStats stats() const noexcept;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

} // namespace epicsdb::loaders
