// The reader's fast paths (replay plans for a cached file read again, one-token reading of the
// common one-line statements) are an optimisation only: reading every file token by token,
// without plans (LoaderOptions::fastPaths off), gives the same database and the same
// diagnostics, byte for byte. The corpus is checked the same way in tests/corpus.
#include "DatabaseText.hpp"
#include "ScratchDir.hpp"

#include <epicsdb/loaders/Loader.hpp>

#include <gtest/gtest.h>

#include <filesystem>
#include <functional>
#include <string>
#include <vector>

using epicsdb::test::ScratchDir;
using namespace epicsdb;

namespace {

// What a run of loads left: the database as `epicsdb dump --level 1` writes it, and every
// diagnostic as `epicsdb check` prints it.
struct Outcome {
    std::string dump;
    std::string diagnostics;
    std::size_t replays = 0;
};

using Loads = std::function<void(loaders::Loader&, dbstatic::Database&)>;

Outcome run(bool fastPaths, const Loads& loads) {
    dbstatic::Database db;
    DiagnosticList list;
    loaders::LoaderOptions options;
    options.fastPaths = fastPaths;
    options.useEnvironmentPath = false;
    loaders::Loader loader(db, list, options);
    EXPECT_TRUE(loader.loadDefaultDefinitions().ok);
    loads(loader, db);
    return {test::dumpText(db), test::diagnosticsText(list), loader.stats().replays};
}

// Both ways; returns the fast run for further checks.
Outcome expectSame(const Loads& loads) {
    const Outcome fast = run(true, loads);
    const Outcome plain = run(false, loads);
    EXPECT_EQ(fast.dump, plain.dump);
    EXPECT_EQ(fast.diagnostics, plain.diagnostics);
    EXPECT_EQ(plain.replays, 0u);
    return fast;
}

// A template exercising what plans record and replay: fused and token-by-token statements,
// macros that change the token kinds of their line, quoting, info items, aliases, the "*" and
// "#" record forms, and errors that a replay must report again.
const char* const kTemplate = R"db(# a template of the kinds of statements a plan holds
record(ai, "$(P)ai") {
    field(DESC, "$(D=plain) value")
    field(SCAN, "$(SCAN=Passive)")
    field(PREC, $(PREC=2))
    info(autosaveFields, "VAL")
    alias("$(P)ai:alias")
}
record($(TYPE=bo), "$(P)out")
{
    field(ZNAM, "zero")   field(ONAM, "one")
    field($(FIELD=DESC), "$(VALUE=set by macro)")
    info("$(INFO=note)", '$(NOTE=single quoted)')
}
grecord(calc, "$(P)calc") {
    field(CALC, "$(CALC=A+B)")
    field(INPA, "$(P)ai CP")
}
record("*", "$(P)ai") { field(EGU, "$(EGU=mm)") }
alias("$(P)calc", "$(P)calc:alias")
record("#", "$(P)gone")
record(stringin, "$(P)$(N)") {
    field(VAL, "$(N)")
}
)db";

// JSON objects and arrays as values: a plan cannot hold them, so this one is always parsed.
const char* const kJsonTemplate = R"db(record(calc, "$(P)json") {
    field(INPA, {const: $(V=1.5)})
    field(INPB, [1, 2, "$(P)"])
    info(Q:form, {"a": [true, null]})
}
)db";

} // namespace

TEST(FastPaths, ATemplateLoaded100TimesGivesTheSameDatabaseAndDiagnostics) {
    ScratchDir dir;
    const std::string file = dir.write("t.template", kTemplate);
    const std::string json = dir.write("json.template", kJsonTemplate);
    // Every tenth load breaks the plan (a token of another kind on a '$' line, an error, a
    // record type that changes), and must then be read the ordinary way.
    auto macros = [](int i) {
        std::string m = "P=ioc" + std::to_string(i) + ":,N=" + std::to_string(i);
        switch (i % 10) {
        case 3:
            m += ",PREC=\"3\"";
            break;
        case 4:
            m += ",SCAN=fast"; // not a SCAN choice: an error on that line
            break;
        case 5:
            m += ",TYPE=longout,FIELD=DRVH,VALUE=7";
            break;
        case 6:
            m += ",D=with \\\"quotes\\\" and (parens)";
            break;
        case 7:
            m += ",CALC=A+"; // a bad expression: reported, stored anyway
            break;
        case 8:
            m += ",FIELD=NOSUCH";
            break;
        default:
            break;
        }
        return m;
    };
    const Outcome fast = expectSame([&](loaders::Loader& loader, dbstatic::Database&) {
        for (int i = 0; i < 100; ++i) {
            loader.loadRecords(file, macros(i));
            loader.loadRecords(json, macros(i) + ",V=" + std::to_string(i));
        }
    });
    EXPECT_GT(fast.replays, 50u) << "most loads replay the plan";
    EXPECT_NE(fast.diagnostics, "") << "the broken loads report errors";
}

TEST(FastPaths, EachReplayAloneGivesWhatAParseGives) {
    ScratchDir dir;
    const std::string file = dir.write("t.template", kTemplate);
    // The loads before the last are undone: the database shows the last load by itself.
    const Outcome fast = expectSame([&](loaders::Loader& loader, dbstatic::Database& db) {
        for (int i = 0; i < 3; ++i) {
            db.beginLoad();
            loader.loadRecords(file, "P=x" + std::to_string(i) + ":,N=" + std::to_string(i));
            db.endLoad(false);
        }
        loader.loadRecords(file, "P=last:,N=9,EGU=cm");
    });
    EXPECT_EQ(fast.replays, 3u);
}

TEST(FastPaths, TheProjectsExampleFilesLoadTheSameEitherWay) {
    const std::filesystem::path examples =
        std::filesystem::path(EPICSDB_SOURCE_DIR) / "db" / "examples";
    std::vector<std::filesystem::path> files;
    for (const auto& entry : std::filesystem::directory_iterator(examples)) {
        const std::string ext = entry.path().extension().string();
        if (ext == ".db" || ext == ".template") files.push_back(entry.path());
    }
    ASSERT_FALSE(files.empty());
    for (const auto& path : files) {
        SCOPED_TRACE(path.string());
        expectSame([&](loaders::Loader& loader, dbstatic::Database&) {
            for (int i = 0; i < 3; ++i)
                loader.loadRecords(path.string(), "P=ex" + std::to_string(i) + ":,N=1,M=m1");
        });
    }
    // And the substitution file that instantiates the example templates.
    expectSame([&](loaders::Loader& loader, dbstatic::Database&) {
        loader.loadDatabase((examples / "iocExample.db").string());
        const auto previous = std::filesystem::current_path();
        std::filesystem::current_path(examples);
        loader.loadTemplate("ioc.substitutions");
        std::filesystem::current_path(previous);
    });
}
