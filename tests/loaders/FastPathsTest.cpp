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

// A replay keeps what a step gave (the field a name names, a value accepted) while the step's
// texts, the record's type, the definitions and the options are as they were; these change
// them between loads of one template.
namespace {

std::size_t countOf(const std::string& text, const std::string& what) {
    std::size_t count = 0;
    for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1))
        ++count;
    return count;
}

const char* const kDeviceTemplate = R"db(record(ai, "$(P)ai") {
    field(DESC, "$(P) device")
    field(DTYP, "Test ai")
    field(PREC, "70000")
}
)db";

const char* const kOtherDeviceTemplate = R"db(record(ai, "$(P)ai") {
    field(DTYP, "Other ai")
}
)db";

} // namespace

TEST(FastPaths, ReplaysSeeTheDefinitionsAndOptionsOfTheirLoad) {
    ScratchDir dir;
    const std::string file = dir.write("dev.template", kDeviceTemplate);
    const std::string other = dir.write("other.template", kOtherDeviceTemplate);
    const std::string device =
        dir.write("dev.dbd", "device(ai, CONSTANT, devAiTest, \"Test ai\")\n");
    const std::string otherDevice =
        dir.write("other.dbd", "device(ai, CONSTANT, devAiOther, \"Other ai\")\n");
    std::vector<bool> results;
    const Outcome fast = expectSame([&](loaders::Loader& loader, dbstatic::Database& db) {
        auto load = [&](const std::string& name, const std::string& p) {
            results.push_back(loader.loadRecords(name, "P=" + p).ok);
        };
        // No such device support yet: refused in every load.
        for (int i = 0; i < 3; ++i)
            load(file, "none" + std::to_string(i) + ":");
        // Added: accepted in the next loads.
        loader.loadDatabase(device);
        for (int i = 0; i < 3; ++i)
            load(file, "added" + std::to_string(i) + ":");
        // Strict conversions refuse the PREC that lax ones take, and lax ones take it again.
        db.options().convertStrict = true;
        for (int i = 0; i < 2; ++i)
            load(file, "strict" + std::to_string(i) + ":");
        db.options().convertStrict = false;
        load(file, "lax:");
        // A device support added by a load that is undone is gone for the loads after it.
        db.beginLoad();
        loader.loadDatabase(otherDevice);
        for (int i = 0; i < 3; ++i)
            load(other, "undone" + std::to_string(i) + ":");
        db.endLoad(false);
        for (int i = 0; i < 2; ++i)
            load(other, "after" + std::to_string(i) + ":");
    });
    EXPECT_GE(fast.replays, 10u);
    // Each run (fast, then plain) records its results; the fast run's come first.
    ASSERT_EQ(results.size(), 28u);
    const std::vector<bool> expected{false, false, false, true, true, true,  false,
                                     false, true,  true,  true, true, false, false};
    EXPECT_EQ(std::vector<bool>(results.begin(), results.begin() + 14), expected);
    EXPECT_EQ(countOf(fast.diagnostics, "dev.template:3:"), 3u) << fast.diagnostics;
    EXPECT_EQ(countOf(fast.diagnostics, "dev.template:4:"), 2u) << fast.diagnostics;
    EXPECT_EQ(countOf(fast.diagnostics, "other.template:2:"), 2u) << fast.diagnostics;
}

TEST(FastPaths, ReplaysSeeARecordTypeDefinedAgainAfterAnUndoneLoad) {
    ScratchDir dir;
    const std::string file =
        dir.write("t.template", "record(tst, \"$(P)r\") {\n    field(VAL, \"abc\")\n}\n");
    auto type = [&](const std::string& name, int size) {
        return dir.write(name, "recordtype(tst) {\n    field(NAME, DBF_STRING) { size(61) }\n"
                               "    field(VAL, DBF_STRING) { size(" +
                                   std::to_string(size) + ") }\n}\n");
    };
    const std::string wide = type("wide.dbd", 8);
    const std::string narrow = type("narrow.dbd", 3);
    const Outcome fast = expectSame([&](loaders::Loader& loader, dbstatic::Database& db) {
        db.beginLoad();
        loader.loadDatabase(wide);
        for (int i = 0; i < 3; ++i)
            loader.loadRecords(file, "P=wide" + std::to_string(i) + ":");
        db.endLoad(false);
        // The same name again, with a VAL too short for the value.
        loader.loadDatabase(narrow);
        for (int i = 0; i < 3; ++i)
            loader.loadRecords(file, "P=narrow" + std::to_string(i) + ":");
    });
    EXPECT_GE(fast.replays, 4u);
    EXPECT_EQ(countOf(fast.diagnostics, "t.template:2:"), 3u) << fast.diagnostics;
}

TEST(FastPaths, ReplaysReportAStaticBadValueInEveryInstanceAtItsLine) {
    ScratchDir dir;
    // The same statements on records of changing types ("*" names an existing record), and
    // errors on lines without '$'.
    const std::string records = dir.write("records.db", R"db(record(ai, "a") {}
record(stringin, "s") {}
record(bo, "b") {}
)db");
    const std::string file = dir.write("t.template", R"db(record("*", "$(R)") {
    field(VAL, "text")
    field(SCAN, "fast")
    field(NOSUCH, "1")
    field(DESC, "$(R) again")
    field(ZNAM, "zero")
}
)db");
    const Outcome fast = expectSame([&](loaders::Loader& loader, dbstatic::Database&) {
        loader.loadRecords(records);
        for (int i = 0; i < 9; ++i)
            loader.loadRecords(file, std::string("R=") + "asb"[i % 3]);
    });
    EXPECT_GE(fast.replays, 8u);
    EXPECT_EQ(countOf(fast.diagnostics, "t.template:3:"), 9u) << fast.diagnostics;
    EXPECT_EQ(countOf(fast.diagnostics, "t.template:4:"), 9u) << fast.diagnostics;
    // VAL "text" is refused for ai and bo, ZNAM exists only for bo.
    EXPECT_EQ(countOf(fast.diagnostics, "t.template:2:"), 6u) << fast.diagnostics;
    EXPECT_EQ(countOf(fast.diagnostics, "t.template:6:"), 6u) << fast.diagnostics;
}

// The one-token statements of a record body skip the parser (DbReader::nextSymbol); where a
// syntax error or a definition's body is near them, the parser sees what it would see.
TEST(FastPaths, ErrorsNearOneTokenStatementsReadAsTokenByToken) {
    const char* const cases[] = {
        // a stray word between fields, then more fields of the abandoned record
        "record(ai, \"a\") {\n    field(DESC, \"x\")\n    oops\n    field(EGU, \"mm\")\n}\n"
        "record(ai, \"b\") {\n    field(DESC, \"y\")\n}\n",
        // a missing '}': the next record head inside the body
        "record(ai, \"a\") {\n    field(DESC, \"x\")\nrecord(bo, \"b\") {\n    field(ZNAM, "
        "\"z\")\n}\n",
        // a bad character and a bad include name inside bodies
        "record(ai, \"a\") {\n    field(DESC, \"x\") @\n    field(EGU, \"mm\")\n}\n"
        "record(ai, \"c\") {\n    include {\n    field(EGU, \"cm\")\n}\n",
        // fields at the top level after a record without a body
        "record(ai, \"a\")\n    field(DESC, \"x\")\n    info(k, \"v\")\nrecord(ai, \"b\") {}\n",
        // info, alias and plain statements between fused ones
        "record(ai, \"a\") {\n    info(k, \"v\")\n    alias(\"a2\")\n    field(DESC, \"x\")\n"
        "    field(INPA, {const: 1})\n    field(EGU, \"mm\")\n    field(NOSUCH, \"1\")\n}\n",
        // a record type defined in a database file: its fields are definitions, not values
        "recordtype(tiny) {\n    field(NAME, DBF_STRING) {\n        size(61)\n    }\n"
        "    field(VAL, DBF_LONG) {\n        prompt(\"v\")\n    }\n}\n"
        "record(tiny, \"t\") {\n    field(VAL, \"3\")\n    field(NOSUCH, \"1\")\n}\n",
        // whole records read without the parser, then one that needs it half-way, a head
        // without a body, a stray '}', and a head at the very end
        "record(ai, \"a\") {\n    field(DESC, \"x\")\n}\nrecord(ai, \"b\")\n"
        "record(ai, \"c\") {\n    field(EGU, \"mm\")\n    alias(\"c2\")\n    field(NOSUCH, "
        "\"1\")\n}\n"
        "record(bo, \"d\") }\nrecord(bo, \"e\") {\n    field(ZNAM, \"z\")\n}\nrecord(bo, \"f\")",
        // a JSON value, an error token and a field at the top level after read-alone records
        "record(ai, \"a\") {\n    field(DESC, \"x\")\n    field(INP, {const: 2})\n}\n"
        "record(ai, \"b\") {\n    field(DESC, \"y\") @\n}\nfield(EGU, \"mm\")\n"
        "record(ai, \"c\") {\n    field(NOSUCH, \"2\")\n}\n",
        // a record head where a field belongs, and a body cut off by the end of the file
        "record(ai, \"a\") {\n    field(DESC, \"x\")\n    record(bo, \"b\")\n    field(EGU, "
        "\"mm\")\n"
        "}\nrecord(ai, \"c\") {\n    field(DESC, \"y\")\n",
    };
    ScratchDir dir;
    int index = 0;
    for (const char* text : cases) {
        SCOPED_TRACE(text);
        const std::string file = dir.write("case" + std::to_string(index++) + ".db", text);
        const Outcome fast = expectSame([&](loaders::Loader& loader, dbstatic::Database&) {
            loader.loadRecords(file);
            loader.loadRecords(file);
        });
        EXPECT_FALSE(fast.diagnostics.empty());
    }
}

// A flat file's field statements, taken once, are taken again as they are (AcceptedStatements)
// only on a record of the same type, under the same definitions and options: each file here is
// read once (no plan), and the same statements meet other record types, a device support that
// comes and goes, and strict conversions.
TEST(FastPaths, RepeatedStatementsOfFlatFilesAreCheckedWhereTheirMeaningChanges) {
    ScratchDir dir;
    const std::string device =
        dir.write("dev.dbd", "device(ai, CONSTANT, devAiTest, \"Test ai\")\n");
    auto records = [](const std::string& p) {
        std::string text;
        for (const char* type : {"ai", "bo", "ai", "stringin", "ai"})
            text += "record(" + std::string(type) + ", \"" + p + std::to_string(text.size()) +
                    "\") {\n    field(VAL, \"text\")\n    field(SCAN, \"1 second\")\n"
                    "    field(DTYP, \"Test ai\")\n    field(PREC, \"70000\")\n"
                    "    field(ZNAM, \"zero\")\n    field(DESC, \"a\\\"b\")\n}\n";
        return text;
    };
    const Outcome fast = expectSame([&](loaders::Loader& loader, dbstatic::Database& db) {
        int files = 0; // both runs read the same files
        auto load = [&](const std::string& p) {
            const std::string name = "flat" + std::to_string(files++) + ".db";
            loader.loadRecords(dir.write(name, records(p)));
        };
        load("none:");
        // A device support, and a file taking it, in a load that is undone.
        db.beginLoad();
        loader.loadDatabase(device);
        load("undone:");
        db.endLoad(false);
        load("after:");
        loader.loadDatabase(device);
        load("added:");
        db.options().convertStrict = true;
        load("strict:");
    });
    EXPECT_EQ(fast.replays, 0u);
    // Per file: VAL "text" refused for ai (3 records) and bo; ZNAM unknown but for bo; DTYP
    // "Test ai" refused but for ai while the device support is there.
    EXPECT_EQ(countOf(fast.diagnostics, "to \"text\""), 5u * 4) << fast.diagnostics;
    EXPECT_EQ(countOf(fast.diagnostics, "field \"ZNAM\""), 5u * 4) << fast.diagnostics;
    EXPECT_EQ(countOf(fast.diagnostics, "to \"Test ai\""), 5u + 2 + 5 + 2 + 2) << fast.diagnostics;
    // PREC "70000" is refused in the strict file only, by its three ai records.
    EXPECT_EQ(countOf(fast.diagnostics, "to \"70000\""), 3u) << fast.diagnostics;
}
