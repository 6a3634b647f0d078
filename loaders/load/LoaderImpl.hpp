// The state a Loader keeps across loads, and the transaction wrapper every load goes through.
// Private to the loaders layer (shared by the .db and substitution-file entry points).
#pragma once

#include "records/DbReader.hpp"
#include "records/MacroLineExpander.hpp"
#include "source/ProvenanceLog.hpp"
#include "source/SearchPath.hpp"

#include <epicsdb/loaders/Loader.hpp>

#include <algorithm>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace epicsdb::loaders {

// A database transaction that ends on every path out: committed by finish(true), rolled back
// otherwise (exceptions included). A provenance follows it by itself (Provenance::follow).
class LoadGuard {
public:
    explicit LoadGuard(dbstatic::Database& db) : db_(db) { db_.beginLoad(); }
    ~LoadGuard() {
        if (!done_) db_.endLoad(false);
    }
    LoadGuard(const LoadGuard&) = delete;
    LoadGuard& operator=(const LoadGuard&) = delete;
    void finish(bool success) {
        done_ = true;
        db_.endLoad(success);
    }

private:
    dbstatic::Database& db_;
    bool done_ = false;
};

// What the provenance is told of a load: begun on construction, ended on every path out.
struct LoadNote {
    ProvenanceLog::LoadKind kind = ProvenanceLog::LoadKind::Records;
    std::string_view file;
    const ProvenanceLog::SetNote* set = nullptr;
};
class ProvenanceLoad {
public:
    ProvenanceLoad(ProvenanceLog* log, const LoadNote& note, std::string_view macros) : log_(log) {
        if (log_) log_->beginLoad(note.kind, note.file, macros, note.set);
    }
    ~ProvenanceLoad() {
        if (log_) log_->endLoad();
    }
    ProvenanceLoad(const ProvenanceLoad&) = delete;
    ProvenanceLoad& operator=(const ProvenanceLoad&) = delete;

private:
    ProvenanceLog* log_;
};

struct Loader::Impl {
    Impl(dbstatic::Database& database, DiagnosticSink& diagnostics, LoaderOptions opts)
        : db(database), sink(diagnostics), options(std::move(opts)) {}

    dbstatic::Database& db;
    DiagnosticSink& sink;
    LoaderOptions options;
    ProvenanceLog* provenance = followed(options.provenance, db);
    static ProvenanceLog* followed(Provenance* kept, dbstatic::Database& database) {
        if (!kept) return nullptr;
        kept->follow(database);
        return &kept->log();
    }
    // The threads loads may use (LoaderOptions::jobs, 0 meaning every core).
    [[nodiscard]] unsigned threads() const noexcept {
        return options.jobs ? options.jobs : std::max(1u, std::thread::hardware_concurrency());
    }
    FileCache files{options.overlay};
    LoaderCounters counters;
    std::size_t loads = 0;

    [[nodiscard]] const maclib::VariableSource& environment() const {
        return options.environment ? *options.environment : maclib::processEnvironment();
    }
    [[nodiscard]] std::string_view workingDirectory() const {
        return options.environment ? options.environment->workingDirectory() : "";
    }

    // The search list of a load without an explicit path: EPICS_DB_INCLUDE_PATH, or ".".
    // Split again only when the variable changed.
    const std::vector<std::string>& defaultPath() {
        std::optional<std::string_view> env;
        if (options.useEnvironmentPath) env = environment().find("EPICS_DB_INCLUDE_PATH");
        const std::string_view value = env ? *env : std::string_view();
        if (!haveDefaultPath || value != defaultPathSource) {
            defaultPathSource.assign(value);
            defaultPathDirs = value.empty() ? std::vector<std::string>{"."} : splitDbPath(value);
            haveDefaultPath = true;
        }
        return defaultPathDirs;
    }
    bool haveDefaultPath = false;
    std::string defaultPathSource;
    std::vector<std::string> defaultPathDirs;

    // Everything a load uses, kept from load to load so that a load of a cached template
    // costs (almost) no allocation: buffers, scanners, the parser stack, the macro table.
    SourceManager sources;
    Reporter reporter{sources, sink};
    // Undefined references left as written: dbQuietMacroWarnings, or a template checked alone.
    static bool quietExpansion(const LoaderOptions& o) noexcept {
        return o.quietMacroWarnings || o.templateAlone;
    }
    MacroLineExpander expander{quietExpansion(options), options.macroExpansionLimit};
    DbReader reader{ReadContext{db, files, counters, options.includeDirs,
                                options.embeddedDefinitions, options.maxIncludeDepth,
                                options.maxNestingDepth, options.maxFileBytes, options.fastPaths,
                                options.jobs, options.parallelPieceBytes, options.environment,
                                options.observer, options.templateAlone, provenance},
                    sources, reporter, &expander};
    bool running = false;

    // `running` is true during a load, on every path out.
    class RunningFlag {
    public:
        explicit RunningFlag(bool& flag) noexcept : flag_(flag) { flag_ = true; }
        ~RunningFlag() { flag_ = false; }
        RunningFlag(const RunningFlag&) = delete;
        RunningFlag& operator=(const RunningFlag&) = delete;

    private:
        bool& flag_;
    };
    // The macros of one load, in their own scope of the expander's table.
    class MacroScope {
    public:
        MacroScope(MacroLineExpander& expander, std::string_view macros) : expander_(expander) {
            expander_.begin(macros);
        }
        ~MacroScope() { expander_.end(); }
        MacroScope(const MacroScope&) = delete;
        MacroScope& operator=(const MacroScope&) = delete;

    private:
        MacroLineExpander& expander_;
    };

    // One transaction: `body(reader)` reads into the database; any error rolls it all back.
    // `outerContext` is appended to every diagnostic's chain (the substitution set that led
    // to this load, for loadTemplate); it must outlive the call.
    template <class Body>
    LoadResult run(const LoadNote& note, std::string_view macros,
                   const std::vector<std::string>& path, Body&& body, bool embeddedOnly = false,
                   std::span<const ContextFrame> outerContext = {}) {
        if (running) throw std::logic_error("epicsdb: a Loader does not load while it loads");
        const RunningFlag flag(running);
        ++loads;
        LoadResult result;
        result.recordsBefore = db.recordCount();
        LoadGuard transaction(db);
        const ProvenanceLoad provenanceLoad(provenance, note, macros);
        sources.reset(outerContext);
        reporter.reset();
        const MacroScope scope(expander, macros);
        reader.begin(path, embeddedOnly);
        body(reader);
        result.errors = reporter.errors();
        result.warnings = reporter.warnings();
        result.ok = result.errors == 0;
        transaction.finish(result.ok || options.keepFailedLoads);
        result.recordsAfter = db.recordCount();
        return result;
    }
};

} // namespace epicsdb::loaders
