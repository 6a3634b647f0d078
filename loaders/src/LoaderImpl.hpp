// The state a Loader keeps across loads, and the transaction wrapper every load goes through.
// Private to the loaders layer (shared by the .db and substitution-file entry points).
#pragma once

#include "DbReader.hpp"
#include "MacroLineExpander.hpp"
#include "SearchPath.hpp"

#include <epicsdb/loaders/Loader.hpp>
#include <epicsdb/macLib/MacroTable.hpp>

#include <cstdlib>
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
    std::vector<std::string> defaultPath() const {
        if (options.useEnvironmentPath)
            if (const char* env = std::getenv("EPICS_DB_INCLUDE_PATH"); env && *env)
                return splitDbPath(env);
        return {"."};
    }

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

    // One transaction: `body(reader)` reads into the database; any error rolls it all back.
    // `outerContext` is appended to every diagnostic's chain (the substitution set that led
    // to this load, for loadTemplate).
    template <class Body>
    LoadResult run(std::string_view macros, std::vector<std::string> path, Body&& body,
                   bool embeddedOnly = false, std::vector<ContextFrame> outerContext = {}) {
        ++loads;
        LoadResult result;
        result.recordsBefore = db.recordCount();
        db.beginLoad();
        SourceManager sources;
        sources.outerContext = std::move(outerContext);
        Reporter reporter(sources, sink);
        MacroLineExpander expander(macros, options.quietMacroWarnings);
        ReadContext context{db, files, options, counters, &Impl::expandFileName, embeddedOnly};
        {
            DbReader reader(context, sources, reporter, &expander, std::move(path));
            body(reader);
        }
        result.errors = reporter.errors();
        result.warnings = reporter.warnings();
        result.ok = result.errors == 0;
        db.endLoad(result.ok);
        result.recordsAfter = db.recordCount();
        return result;
    }
};

} // namespace epicsdb::loaders
