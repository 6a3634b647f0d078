// dbReadDatabase, dbReadDatabaseFP, dbLoadDatabase, dbLoadRecords and dbLoadTemplate over
// loaders::Loader, with the global database and iocsh variables of the
// EPICS C contract. Each call reads with a fresh Loader, so files are read anew every time as
// in EPICS; diagnostics go to stderr.
#include "source/FileHandle.hpp"
#include "source/SearchPath.hpp"

#include <dbAccessDefs.h>
#include <dbLoadTemplate.h>
#include <dbStaticPvt.h>

#include <epicsdb/dbStatic/CHandle.hpp>
#include <epicsdb/loaders/DiagnosticText.hpp>
#include <epicsdb/loaders/Loader.hpp>

#include <cstdio>
#include <string>

using epicsdb::Diagnostic;
using epicsdb::DiagnosticSink;
using epicsdb::loaders::Loader;
using epicsdb::loaders::LoaderOptions;
using epicsdb::loaders::LoadResult;
using namespace epicsdb::epics;

extern "C" {
DBBASE* pdbbase = nullptr;
DB_LOAD_RECORDS_HOOK_ROUTINE dbLoadRecordsHook = nullptr;
int dbBptNotMonotonic = 0;
int dbConvertStrict = 0;
int dbRecordsOnceOnly = 0;
int dbRecordsAbcSorted = 0;
int dbQuietMacroWarnings = 0;
int dbTemplateMaxVars = 100;
}

namespace {

constexpr const char* kError = "\033[31;1mERROR\033[0m"; // EPICS's red "ERROR"

// Diagnostics on stderr, where EPICS's reader reports, in the one text layout of the tools.
class StderrSink final : public DiagnosticSink {
public:
    void report(Diagnostic diagnostic) override {
        const std::string text = epicsdb::loaders::diagnosticText(diagnostic, false);
        std::fwrite(text.data(), 1, text.size(), stderr);
    }
};

// The iocsh variables, read at every load.
LoaderOptions loadOptions() {
    LoaderOptions options;
    options.useEnvironmentPath = true;
    options.embeddedDefinitions = false; // EPICS has no definitions of its own to fall back on
    options.quietMacroWarnings = dbQuietMacroWarnings != 0;
    options.templateMaxVars =
        static_cast<std::size_t>(dbTemplateMaxVars > 0 ? dbTemplateMaxVars : 1);
    return options;
}

dbBase* baseFor(DBBASE** ppdbbase) {
    if (!*ppdbbase) *ppdbbase = dbAllocBase();
    dbBase* base = *ppdbbase;
    if (base) {
        auto& options = databaseOf(*base).options();
        options.recordsOnceOnly = dbRecordsOnceOnly != 0;
        options.recordsAbcSorted = dbRecordsAbcSorted != 0;
        options.convertStrict = dbConvertStrict != 0;
        options.bptNotMonotonic = dbBptNotMonotonic != 0;
    }
    return base;
}

std::string_view orEmpty(const char* text) {
    return text ? std::string_view(text) : "";
}

long statusOf(const LoadResult& result) {
    return result.ok ? 0 : -1;
}

} // namespace

extern "C" {

long dbReadDatabase(DBBASE** ppdbbase, const char* filename, const char* path,
                    const char* substitutions) {
    return guarded<long>(-1, [&]() -> long {
        dbBase* base = baseFor(ppdbbase);
        if (!base || !filename) return -1;
        StderrSink sink;
        Loader loader(databaseOf(*base), sink, loadOptions());
        const long status =
            statusOf(loader.loadDatabase(filename, orEmpty(path), orEmpty(substitutions)));
        dbFreePath(base); // a read's path lasts only for the read (EPICS-BEHAVIOUR 3.1)
        return status;
    });
}

long dbReadDatabaseFP(DBBASE** ppdbbase, FILE* fp, const char* path, const char* substitutions) {
    return guarded<long>(-1, [&]() -> long {
        if (!fp) return -1;
        std::string text;
        char chunk[64 * 1024];
        for (std::size_t n; (n = std::fread(chunk, 1, sizeof chunk, fp)) > 0;)
            text.append(chunk, n);
        std::fclose(fp); // EPICS always closes it
        dbBase* base = baseFor(ppdbbase);
        if (!base) return -1;
        LoaderOptions options = loadOptions();
        if (path && *path) {
            // Includes are looked for along `path` (after ".").
            options.includeDirs = epicsdb::loaders::splitDbPath(path);
            options.useEnvironmentPath = false;
        }
        StderrSink sink;
        Loader loader(databaseOf(*base), sink, std::move(options));
        const long status = statusOf(loader.loadRecordsText("-", text, orEmpty(substitutions)));
        dbFreePath(base);
        return status;
    });
}

int dbLoadDatabase(const char* filename, const char* path, const char* substitutions) {
    if (!filename) {
        std::printf("Usage: dbLoadDatabase \"file\", \"path\", \"subs\"\n");
        return -1;
    }
    return static_cast<int>(dbReadDatabase(&pdbbase, filename, path, substitutions));
}

int dbLoadRecords(const char* filename, const char* substitutions) {
    if (!filename) {
        std::printf("Usage: dbLoadRecords \"file\", \"subs\"\n");
        return -1;
    }
    const long status = guarded<long>(-1, [&]() -> long {
        dbBase* base = baseFor(&pdbbase);
        if (!base) return -1;
        StderrSink sink;
        Loader loader(databaseOf(*base), sink, loadOptions());
        const long loaded = statusOf(loader.loadRecords(filename, orEmpty(substitutions)));
        dbFreePath(base); // EPICS reads through dbReadDatabase, which ends so
        return loaded;
    });
    if (status == 0) {
        if (dbLoadRecordsHook) dbLoadRecordsHook(filename, substitutions);
    } else {
        std::fprintf(stderr, "%s failed to load '%s'\n", kError, filename);
    }
    return static_cast<int>(status);
}

int dbLoadTemplate(const char* sub_file, const char* cmd_collect) {
    if (!sub_file || !*sub_file) {
        std::fprintf(stderr, "must specify variable substitution file\n");
        return -1;
    }
    if (dbTemplateMaxVars < 1) {
        std::fprintf(stderr, "%s: dbTemplateMaxVars = %d, must be +ve\n", kError,
                     dbTemplateMaxVars);
        return -1;
    }
    // Opened as given, without a path search.
    if (!epicsdb::loaders::openFile(sub_file, "r")) {
        std::fprintf(stderr, "dbLoadTemplate: error opening sub file %s\n", sub_file);
        return -1;
    }
    return guarded<int>(-1, [&]() -> int {
        dbBase* base = baseFor(&pdbbase);
        if (!base) return -1;
        StderrSink sink;
        Loader loader(databaseOf(*base), sink, loadOptions());
        loader.loadTemplate(sub_file, orEmpty(cmd_collect));
        dbFreePath(base); // each set is a dbLoadRecords in EPICS
        return 0;         // even after errors, as in EPICS
    });
}

} // extern "C"
