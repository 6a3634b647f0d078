// ThreadedLoads on more than one thread (LoaderOptions::jobs) give what one thread gives, byte for
// byte: the database and every diagnostic, in the same order. The worker lexes files ahead
// (streamed files in their blocks, files in memory in pieces) and reads substitution files and
// expands templates ahead; these tests put its boundaries everywhere, with the statements the
// worker does not lex itself (JSON values, values over several lines), errors, includes and
// macros among them. The corpus is checked the same way in tests/corpus.
#include "DatabaseText.hpp"
#include "ScratchDir.hpp"

#include <epicsdb/loaders/Loader.hpp>

#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <utility>
#include <vector>

using epicsdb::test::ScratchDir;
using namespace epicsdb;

namespace {

struct ThreadedOutcome {
    std::string dump;
    std::string diagnostics;
    std::size_t records = 0;
    loaders::LoaderStats stats;
};

using ThreadedLoads = std::function<void(loaders::Loader&)>;

ThreadedOutcome run(unsigned jobs, std::size_t pieceBytes, const ThreadedLoads& loads,
                    bool fastPaths = true, const std::string& includeDir = "") {
    dbstatic::Database db;
    DiagnosticList list;
    loaders::LoaderOptions options;
    options.useEnvironmentPath = false;
    options.jobs = jobs;
    options.parallelPieceBytes = pieceBytes;
    options.fastPaths = fastPaths;
    if (!includeDir.empty()) options.includeDirs = {includeDir};
    loaders::Loader loader(db, list, options);
    EXPECT_TRUE(loader.loadDefaultDefinitions().ok);
    loads(loader);
    return {test::dumpText(db), test::diagnosticsText(list), db.recordCount(), loader.stats()};
}

// One thread against two, with pieces of each size; returns the last two-thread run.
ThreadedOutcome expectSame(const ThreadedLoads& loads,
                           std::initializer_list<std::size_t> pieces = {64, 4096},
                           const std::string& includeDir = "") {
    ThreadedOutcome two;
    for (const bool fastPaths : {true, false}) {
        const ThreadedOutcome one = run(1, 65536, loads, fastPaths, includeDir);
        for (const std::size_t piece : pieces) {
            two = run(2, piece, loads, fastPaths, includeDir);
            EXPECT_EQ(one.dump, two.dump) << "pieces of " << piece << ", fast " << fastPaths;
            EXPECT_EQ(one.diagnostics, two.diagnostics)
                << "pieces of " << piece << ", fast " << fastPaths;
            EXPECT_EQ(one.records, two.records);
        }
    }
    return two;
}

// Record `i` of a varied file: fused and token-by-token statements, JSON values, values over
// lines, comments, aliases, and (when `errors`) a few errors of different kinds.
std::string varied(std::size_t i, bool errors) {
    const std::string n = std::to_string(i);
    std::string text = "# record " + n + "\n";
    text += "record(ai, \"r" + n + ":ai\") {\n";
    text += "    field(DESC, \"value " + n + " (\\\"quoted\\\")\")\n";
    text += "    field(SCAN, \"1 second\")  field(PREC, 3)\n";
    text += "    field(INP,\n        \"r" + n + ":ao CP MS\")\n";
    text += "    info(autosaveFields, \"VAL EGU\")\n";
    text += "    info(Q:group, {\"g" + n +
            "\": {\"+channel\": \"VAL\",\n        \"+type\": [1, 2.5e3, null, true]}})\n";
    text += "    alias(\"r" + n + ":alias\")\n";
    text += "}\n";
    text += "record(calcout, r" + n + ":calc) { field(CALC, \"A+B*2\") field(OUT, \"r" + n +
            ":ao PP\") }\n";
    if (errors && i % 7 == 3) text += "record(ai, \"r" + n + ":bad\") { field(NOSUCH, 1) }\n";
    if (errors && i % 11 == 5) text += "record(ao, \"r" + n + ":val\") { field(PREC, \"x\") }\n";
    if (errors && i % 13 == 8) text += "record(ai, \"r" + n + ":str\") { field(DESC, \"open\n}\n";
    if (errors && i % 17 == 2) text += "record(ai, r" + n + ":chr) { field(DESC, \"a\") @ }\n";
    if (errors && i % 19 == 4)
        text += "record(ai, r" + n + ":js) { info(x, {\"a\": \"bad\tstring\"}) }\n";
    text += "record(\"*\", \"r" + n + ":ai\") { field(EGU, \"mm\") }\n";
    text += "record(ao, \"r" + n + ":ao\")\n";
    return text;
}

std::string variedFile(std::size_t count, bool errors) {
    std::string text;
    for (std::size_t i = 0; i < count; ++i)
        text += varied(i, errors);
    return text;
}

} // namespace

TEST(Threads, AFileInMemoryGivesWhatOneThreadGives) {
    ScratchDir dir;
    const std::string file = dir.write("varied.db", variedFile(400, false));
    const ThreadedOutcome two =
        expectSame([&](loaders::Loader& loader) { loader.loadRecords(file); });
    EXPECT_EQ(two.records, 400u * 3);
    EXPECT_EQ(two.diagnostics, "");
}

TEST(Threads, ErrorsAreReportedAsOneThreadReportsThem) {
    ScratchDir dir;
    // Few enough errors to stay under the limit, then past it (the load stops early).
    const std::string few = dir.write("few.db", variedFile(60, true));
    const std::string many = dir.write("many.db", variedFile(3000, true));
    const ThreadedOutcome two = expectSame([&](loaders::Loader& loader) {
        loader.loadRecords(few);
        loader.loadRecords(many);
    });
    EXPECT_NE(two.diagnostics.find("NOSUCH"), std::string::npos);
    EXPECT_NE(two.diagnostics.find("too many errors"), std::string::npos) << two.diagnostics;
    EXPECT_EQ(two.records, 0u); // both loads failed: nothing is kept
}

TEST(Threads, IncludesAndMacrosGiveWhatOneThreadGives) {
    ScratchDir dir;
    dir.write("inner.db", variedFile(50, false) + "record(ai, \"$(P)inner\")\n");
    std::string outer = variedFile(100, false);
    outer += "include \"inner.db\"\nrecord(bo, \"$(P)after\") { field(ZNAM, \"$(Z=off)\") }\n";
    outer += variedFile(30, false).substr(0, 2000); // a statement cut off at the end
    const std::string file = dir.write("outer.db", outer);
    expectSame(
        [&](loaders::Loader& loader) {
            loader.loadRecords(file, "P=x:");
            loader.loadRecords(file, "P=y:,Z=on");
        },
        {64, 4096}, dir.path());
}

// Files larger than the file cache keeps are streamed in blocks: the worker reads and lexes
// them, except the blocks with '$' that the load's macros expand.
TEST(Threads, AStreamedFileGivesWhatOneThreadGives) {
    ScratchDir dir;
    std::string text = variedFile(9000, false);
    text += "record(ai, \"$(P)end\")\n";
    ASSERT_GT(text.size(), std::size_t{4} << 20);
    const std::string file = dir.write("large.db", text);
    const ThreadedOutcome two =
        expectSame([&](loaders::Loader& loader) { loader.loadRecords(file, "P=a:"); }, {65536});
    EXPECT_EQ(two.records, 9000u * 3 + 1) << two.diagnostics;
    EXPECT_EQ(two.diagnostics, "");
}

TEST(Threads, AFailedStreamedLoadLeavesTheDatabaseAsItWas) {
    ScratchDir dir;
    std::string text = variedFile(9000, false);
    text += "record(ai, \"late\") { field(NOSUCH, 1) }\n";
    const std::string file = dir.write("large.db", text);
    const ThreadedOutcome two =
        expectSame([&](loaders::Loader& loader) { loader.loadRecords(file); }, {65536});
    EXPECT_EQ(two.records, 0u);
    EXPECT_NE(two.diagnostics.find("NOSUCH"), std::string::npos);
}

// dbLoadTemplate: the substitution file read ahead, the templates expanded ahead; a set whose
// expansion has problems (an undefined macro) is expanded again by its load, which reports it.
TEST(Threads, ATemplateLoadGivesWhatOneThreadGives) {
    ScratchDir dir;
    dir.write("t.template", "record(ai, \"$(P)ai\") {\n    field(DESC, \"$(D=none) $(N)\")\n"
                            "    field(INP, \"$(P)ao CP\")\n    field(PREC, \"$(PREC=2)\")\n}\n"
                            "record(ao, \"$(P)ao\") { field(DTYP, \"Soft Channel\") }\n");
    std::string subst = "global { D = \"global value\" }\nfile t.template {\n"
                        "pattern { P, N }\n";
    for (int i = 0; i < 600; ++i) {
        subst += "{ \"s" + std::to_string(i) + ":\", " + std::to_string(i) + " }\n";
        if (i == 300) subst += "{ \"undefined:\" }\n"; // $(N) undefined: a warning
        if (i == 400) subst += "{ \"s1:\", 1 }\n";     // records defined again
    }
    subst += "}\nfile t.template { { P = \"bad:\", N = 1, PREC = \"x\" } }\n";
    const std::string file = dir.write("many.substitutions", subst);
    const ThreadedOutcome two =
        expectSame([&](loaders::Loader& loader) { loader.loadTemplate(file); }, {4096}, dir.path());
    EXPECT_GT(two.stats.expansionsAhead, 100u);
    EXPECT_NE(two.diagnostics.find("undefined"), std::string::npos) << two.diagnostics;
    const ThreadedOutcome one = run(
        1, 65536, [&](loaders::Loader& loader) { loader.loadTemplate(file); }, true, dir.path());
    EXPECT_EQ(one.stats.expansionsAhead, 0u);
}

// Where each record of a streamed file was defined is counted from the record before (blocks
// of the file are not kept): every record's line is the line its head is on, with either
// number of threads.
TEST(Threads, RecordsOfAStreamedFileKnowTheirLines) {
    ScratchDir dir;
    std::string text;
    std::vector<std::pair<std::string, std::uint32_t>> heads;
    std::uint32_t line = 1;
    for (std::size_t i = 0; text.size() < (std::size_t{5} << 20); ++i) {
        // Lines of every length around the 16 bytes counted at a time, blank lines, comments.
        const std::string name = "line:" + std::to_string(i);
        std::string record = "# " + std::string(i % 37, '-') + "\n" + std::string(i % 3, '\n');
        line += 1 + static_cast<std::uint32_t>(i % 3);
        heads.emplace_back(name, line);
        record += "record(ai, \"" + name + "\") {\n    field(DESC, \"" + std::string(i % 23, 'x') +
                  "\")\n}\n";
        line += 3;
        text += record;
    }
    const std::string file = dir.write("lines.db", text);
    for (const unsigned jobs : {1u, 2u}) {
        dbstatic::Database db;
        DiagnosticList list;
        loaders::LoaderOptions options;
        options.useEnvironmentPath = false;
        options.jobs = jobs;
        loaders::Loader loader(db, list, options);
        ASSERT_TRUE(loader.loadDefaultDefinitions().ok);
        ASSERT_TRUE(loader.loadRecords(file).ok) << test::diagnosticsText(list);
        for (const auto& [name, at] : heads) {
            const dbstatic::Record* record = db.findRecord(name);
            ASSERT_NE(record, nullptr) << name;
            ASSERT_EQ(record->position().line, at) << name << ", " << jobs << " threads";
        }
    }
}
