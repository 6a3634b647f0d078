// Hostile input: binary files, NUL bytes, unterminated strings and braces, huge lines, deep
// nesting. A clear error, bounded time and memory, never a crash.
#include "LoaderFixture.hpp"
#include "ScratchDir.hpp"

using epicsdb::test::LoaderFixture;
using epicsdb::test::ScratchDir;
using namespace epicsdb;

using BadInput = LoaderFixture;

TEST_F(BadInput, BinaryGarbageGivesErrorsAndStops) {
    std::string garbage;
    unsigned state = 12345;
    for (int i = 0; i < 200000; ++i) {
        state = state * 1103515245u + 12345u;
        garbage.push_back(static_cast<char>(state >> 16));
    }
    auto result = load(garbage);
    EXPECT_FALSE(result.ok);
    EXPECT_GE(result.errors, 1u);
    // Reporting stops after a bounded number of errors.
    EXPECT_LE(result.errors, 100u);
    EXPECT_EQ(db.recordCount(), 0u);
}

TEST_F(BadInput, NulBytesAreInvalidCharacters) {
    const std::string text("record(ai, a)\n\0\nrecord(ai, b)\n", 30);
    EXPECT_FALSE(load(text).ok);
    ASSERT_FALSE(errors().empty());
    EXPECT_EQ(errors()[0]->message, "invalid character 0x00");
    EXPECT_EQ(errors()[0]->location.line, 2u);
}

TEST_F(BadInput, UnterminatedConstructsAreReportedAtTheEnd) {
    const char* const cases[] = {
        "record(ai, r) {\n    field(DESC, \"x\")\n",
        "record(ai, r) {\n    field(DESC, \"x\n",
        "record(ai, r) { field(INP, {a:[1,2}) }\n",
        "record(ai, r",
        "menu(m) {\n",
    };
    for (const char* text : cases) {
        SCOPED_TRACE(text);
        diagnostics.items.clear();
        EXPECT_FALSE(load(text).ok);
        EXPECT_FALSE(errors().empty());
    }
}

TEST_F(BadInput, AHugeLineIsReadWhole) {
    std::string line = "record(ai, r) { field(DESC, \"x\") ";
    for (int i = 0; line.size() < (10u << 20); ++i)
        line += "info(i" + std::to_string(i % 100) + ", \"value\") ";
    line += "}\n";
    ASSERT_GT(line.size(), 10u << 20); // a 10 MB line, larger than a cached file: streamed
    ScratchDir dir;
    const std::string path = dir.write("huge.db", line);
    auto result = loader.loadRecords(path);
    EXPECT_TRUE(result.ok) << allMessages();
    ASSERT_NE(db.findRecord("r"), nullptr);
    EXPECT_EQ(db.findRecord("r")->infos().size(), 100u);
}

TEST_F(BadInput, DeeplyNestedValuesStopAtTheBound) {
    std::string value(100000, '[');
    auto result = load("record(ai, r) { info(x, " + value + ") }\nrecord(ai, s)\n");
    EXPECT_FALSE(result.ok);
    ASSERT_FALSE(errors().empty());
    EXPECT_EQ(errors()[0]->message, "value nested more than 1000 levels deep");
    // Braces that are not JSON are a syntax error at the second one.
    std::string braces(100000, '{');
    for (const std::string& text :
         {"record(ai, r) " + braces + "\n", "record(ai, r) { info(x, " + braces + ") }\n"}) {
        diagnostics.items.clear();
        EXPECT_FALSE(load(text).ok);
        ASSERT_EQ(errors().size(), 1u);
        EXPECT_EQ(errors()[0]->code, "syntax");
    }
}

TEST_F(BadInput, BigFilesAreStreamedWithCorrectLineNumbers) {
    ScratchDir dir;
    std::string text;
    const int records = 80000;
    for (int i = 0; i < records; ++i)
        text += "record(ai, \"rec" + std::to_string(i) + "\") {\n    field(DESC, \"record number " +
                std::to_string(i) + "\")\n}\n";
    text += "record(ai, last) { field(PREC, oops) }\n";
    ASSERT_GT(text.size(), 4u << 20);
    const std::string path = dir.write("big.db", text);
    auto result = loader.loadRecords(path);
    EXPECT_FALSE(result.ok);
    ASSERT_EQ(errors().size(), 1u);
    EXPECT_EQ(errors()[0]->location.line, static_cast<unsigned>(records * 3 + 1));
    EXPECT_EQ(errors()[0]->sourceLine, "record(ai, last) { field(PREC, oops) }");

    // The same file without its last line loads completely.
    diagnostics.items.clear();
    text.erase(text.rfind("record(ai, last)"));
    const std::string good = dir.write("good.db", text);
    auto loaded = loader.loadRecords(good);
    ASSERT_TRUE(loaded.ok) << allMessages();
    EXPECT_EQ(db.recordCount(), static_cast<std::size_t>(records));
    EXPECT_EQ(field("rec79999", "DESC"), "record number 79999");
    EXPECT_EQ(db.findRecord("rec40000")->position().line, 40000u * 3 + 1);
}

// Positions are 32-bit offsets into a file's expanded text: a file that gives more than
// LoaderOptions::maxFileBytes (4 GiB by default; smaller here) is an error, not read with
// positions that wrap. Both the cached path and the streamed path (a file past the cache's
// 4 MiB) stop there.
TEST_F(BadInput, AFileThatExpandsPastTheMaximumIsAnError) {
    loaders::LoaderOptions options;
    options.maxFileBytes = 64 * 1024;
    loaders::Loader limited(db, diagnostics, options);
    std::string text;
    for (int i = 0; i < 100; ++i)
        text += "record(ai, \"r" + std::to_string(i) + "\") { field(DESC, \"$(D)\") }\n";
    const auto cached = limited.loadRecordsText("big.db", text, "D=" + std::string(1000, 'x'));
    EXPECT_FALSE(cached.ok);
    ASSERT_FALSE(errors().empty()) << allMessages();
    EXPECT_EQ(errors()[0]->code, "file-too-large");
    EXPECT_EQ(errors()[0]->message,
              "the file gives more than 65536 bytes (after macro expansion): the rest is not read");
    EXPECT_EQ(db.recordCount(), 0u);

    const ScratchDir dir;
    std::string large;
    while (large.size() < (5u << 20))
        large += "record(ai, \"s" + std::to_string(large.size()) + "\") {}\n";
    options.maxFileBytes = 8u << 20; // more than the cache takes, less than the file gives
    loaders::Loader streaming(db, diagnostics, options);
    const auto streamed = streaming.loadRecords(dir.write("large.db", large), "");
    EXPECT_TRUE(streamed.ok) << allMessages(); // 5 MiB is under 8 MiB
    options.maxFileBytes = 4u << 20;
    loaders::Loader cut(db, diagnostics, options);
    diagnostics.items.clear();
    const auto refused = cut.loadRecords(dir.write("larger.db", large + large), "");
    EXPECT_FALSE(refused.ok);
    ASSERT_FALSE(errors().empty());
    EXPECT_EQ(errors()[0]->code, "file-too-large");
}
