// The state a Loader keeps across loads, and the transaction wrapper every load goes through.
// Private to the loaders layer (shared by the .db and substitution-file entry points).
#pragma once

#include "records/DbReader.hpp"
#include "records/MacroLineExpander.hpp"
#include "source/SearchPath.hpp"

#include <epicsdb/loaders/Loader.hpp>
#include <epicsdb/macLib/MacroTable.hpp>

#include <cstdlib>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

namespace epicsdb::loaders {

struct Loader::Impl {
    Impl(dbstatic::Database& database, DiagnosticSink& diagnostics, LoaderOptions opts)
        : db(database), sink(diagnostics), options(std::move(opts)) {}

    dbstatic::Database& db;
    DiagnosticSink& sink;
    LoaderOptions options;
    FileCache files;
    LoaderCounters counters;
    std::size_t loads = 0;

    // The search list of a load without an explicit path: EPICS_DB_INCLUDE_PATH, or ".".
    // Split again only when the variable changed.
    const std::vector<std::string>& defaultPath() {
        const char* env =
            options.useEnvironmentPath ? std::getenv("EPICS_DB_INCLUDE_PATH") : nullptr;
        const std::string_view value = env && *env ? std::string_view(env) : std::string_view();
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

    static bool expandFileName(std::string_view name, std::string& out) {
        if (name.find('$') == std::string_view::npos) {
            out.assign(name);
            return true;
        }
        maclib::MacroTable environment(maclib::MacroTable::Environment::Use);
        environment.suppressWarnings(true);
        out.clear();
        return environment.expand(name, out).ok();
    }

    // Everything a load uses, kept from load to load so that a load of a cached template
    // costs (almost) no allocation: buffers, scanners, the parser stack, the macro table.
    SourceManager sources;
    Reporter reporter{sources, sink};
    MacroLineExpander expander{options.quietMacroWarnings};
    DbReader reader{ReadContext{db, files, options, counters, &Impl::expandFileName}, sources,
                    reporter, &expander};
    bool running = false;

    // One transaction: `body(reader)` reads into the database; any error rolls it all back.
    // `outerContext` is appended to every diagnostic's chain (the substitution set that led
    // to this load, for loadTemplate); it must outlive the call.
    template <class Body>
    LoadResult run(std::string_view macros, const std::vector<std::string>& path, Body&& body,
                   bool embeddedOnly = false, std::span<const ContextFrame> outerContext = {}) {
        if (running) throw std::logic_error("epicsdb: a Loader does not load while it loads");
        running = true;
        ++loads;
        LoadResult result;
        result.recordsBefore = db.recordCount();
        db.beginLoad();
        sources.reset(outerContext);
        reporter.reset();
        expander.begin(macros);
        reader.begin(path, embeddedOnly);
        try {
            body(reader);
        } catch (...) {
            expander.end();
            db.endLoad(false);
            running = false;
            throw;
        }
        expander.end();
        result.errors = reporter.errors();
        result.warnings = reporter.warnings();
        result.ok = result.errors == 0;
        db.endLoad(result.ok);
        result.recordsAfter = db.recordCount();
        running = false;
        return result;
    }
};

} // namespace epicsdb::loaders
