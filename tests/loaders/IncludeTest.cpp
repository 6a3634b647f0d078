// include, path and addpath (EPICS-BEHAVIOUR 3.1, 3.3): the search, nesting, cycles and the include
// chain in messages.
#include "LoaderFixture.hpp"
#include "ScratchDir.hpp"

using epicsdb::test::LoaderFixture;
using epicsdb::test::ScratchDir;
using namespace epicsdb;

namespace {

class Includes : public LoaderFixture {
protected:
    ScratchDir dir;
};

} // namespace

TEST_F(Includes, NestedIncludesAreSplicedWhereTheyStand) {
    dir.write("sub/fields.db", "    field(DESC, \"from include\")\n    include \"more.db\"\n");
    dir.write("sub/more.db", "    field(PREC, 4)\n");
    const std::string top = dir.write("top.db", "record(ai, r) {\n"
                                                "    include \"fields.db\"\n"
                                                "    field(EGU, mm)\n"
                                                "}\n");
    auto result = loader.loadDatabase(top, dir.path("sub"));
    ASSERT_TRUE(result.ok) << allMessages();
    EXPECT_EQ(field("r", "DESC"), "from include");
    EXPECT_EQ(field("r", "PREC"), "4");
    EXPECT_EQ(field("r", "EGU"), "mm");
}

TEST_F(Includes, ErrorsInAnIncludedFileShowTheIncludeChain) {
    dir.write("inner.db", "record(ai, x) { field(PREC, bad) }\n");
    dir.write("middle.db", "\ninclude \"inner.db\"\n");
    const std::string top = dir.write("top.db", "include \"middle.db\"\n");
    EXPECT_FALSE(loader.loadDatabase(top, dir.path()).ok);
    ASSERT_EQ(errors().size(), 1u) << allMessages();
    const Diagnostic& error = *errors()[0];
    EXPECT_EQ(error.location.file, dir.path("inner.db"));
    EXPECT_EQ(error.location.line, 1u);
    ASSERT_EQ(error.context.size(), 2u);
    EXPECT_EQ(error.context[0].relation, "included from");
    EXPECT_EQ(error.context[0].location.file, dir.path("middle.db"));
    EXPECT_EQ(error.context[0].location.line, 2u);
    EXPECT_EQ(error.context[1].location.file, top);
    EXPECT_EQ(error.context[1].location.line, 1u);
}

TEST_F(Includes, PathAndAddpathSetTheSearchListOfTheLoad) {
    dir.write("a/one.db", "record(ai, one)\n");
    dir.write("b/two.db", "record(ai, two)\n");
    const std::string top = dir.write("top.db", "path \"" + dir.path("a") +
                                                    "\"\n"
                                                    "include \"one.db\"\n"
                                                    "addpath \"" +
                                                    dir.path("b") +
                                                    "\"\n"
                                                    "include \"two.db\"\n");
    ASSERT_TRUE(loader.loadDatabase(top, dir.path()).ok) << allMessages();
    EXPECT_NE(db.findRecord("one"), nullptr);
    EXPECT_NE(db.findRecord("two"), nullptr);
}

TEST_F(Includes, ADirectoryWithSpacesInItsNameStaysOneElementOfThePath) {
    // EPICS trims white space around an element only, so "my ioc" is one directory.
    dir.write("my ioc/x.db", "record(ai, spaced)\n");
    dir.write("other/y.db", "record(ai, after)\n");
    const std::string top = dir.write("top.db", "include \"x.db\"\ninclude \"y.db\"\n");
    const std::string path = "  " + dir.path("my ioc") + " : " + dir.path("other") + "  ";
    ASSERT_TRUE(loader.loadDatabase(top, path).ok) << allMessages();
    EXPECT_NE(db.findRecord("spaced"), nullptr);
    EXPECT_NE(db.findRecord("after"), nullptr);
}

TEST_F(Includes, TheEnvironmentPathIsUsedWhenNoPathIsGiven) {
    dir.write("env/x.db", "record(ai, fromenv)\n");
    ::setenv("EPICS_DB_INCLUDE_PATH", dir.path("env").c_str(), 1);
    auto result = loader.loadRecords("x.db");
    ::unsetenv("EPICS_DB_INCLUDE_PATH");
    ASSERT_TRUE(result.ok) << allMessages();
    EXPECT_NE(db.findRecord("fromenv"), nullptr);
}

TEST_F(Includes, IncludeNamesExpandEnvironmentVariables) {
    dir.write("x.db", "record(ai, viaenv)\n");
    ::setenv("EPICSDB_TEST_TOP", dir.path().c_str(), 1);
    auto result = load("include \"$(EPICSDB_TEST_TOP)/x.db\"\n");
    ::unsetenv("EPICSDB_TEST_TOP");
    ASSERT_TRUE(result.ok) << allMessages();
    EXPECT_NE(db.findRecord("viaenv"), nullptr);
}

TEST_F(Includes, MissingFilesCyclesAndRunawayDepthAreErrors) {
    dir.write("self.db", "include \"self.db\"\n");
    dir.write("ping.db", "include \"pong.db\"\n");
    dir.write("pong.db", "include \"ping.db\"\n");
    struct Case {
        const char* file;
        const char* start; // the message starts with this
    };
    const Case cases[] = {
        {"self.db", "\"self.db\" includes itself (include cycle)"},
        {"ping.db", "\"ping.db\" includes itself (include cycle)"},
    };
    for (const Case& c : cases) {
        diagnostics.items.clear();
        EXPECT_FALSE(loader.loadDatabase(dir.path(c.file), dir.path()).ok);
        ASSERT_EQ(errors().size(), 1u) << allMessages();
        EXPECT_EQ(errors()[0]->message.rfind(c.start, 0), 0u) << errors()[0]->message;
    }
    diagnostics.items.clear();
    EXPECT_FALSE(load("include \"no-such-file.db\"\n").ok);
    ASSERT_EQ(errors().size(), 1u);
    EXPECT_EQ(errors()[0]->message.rfind("can't open \"no-such-file.db\"", 0), 0u);
    EXPECT_EQ(errors()[0]->location.line, 1u);

    // A chain of distinct files deeper than the bound.
    for (int i = 0; i < 80; ++i)
        dir.write("deep" + std::to_string(i) + ".db",
                  "include \"deep" + std::to_string(i + 1) + ".db\"\n");
    dir.write("deep80.db", "record(ai, bottom)\n");
    diagnostics.items.clear();
    EXPECT_FALSE(loader.loadDatabase(dir.path("deep0.db"), dir.path()).ok);
    ASSERT_EQ(errors().size(), 1u);
    EXPECT_EQ(errors()[0]->message, "includes nested more than 64 deep");
}

TEST_F(Includes, ModuleDefinitionsFindTheStandardFilesBuiltIn) {
    dbstatic::Database fresh;
    DiagnosticList list;
    loaders::Loader reader(fresh, list);
    const std::string dbd =
        dir.write("myRecord.dbd", "recordtype(my) {\n"
                                  "    include \"dbCommon.dbd\"\n"
                                  "    field(VAL, DBF_DOUBLE) { prompt(\"v\") }\n"
                                  "}\n");
    ASSERT_TRUE(
        reader
            .loadRecordsText("menus.dbd", "include \"menuGlobal.dbd\"\ninclude \"menuScan.dbd\"\n")
            .ok);
    auto result = reader.loadDatabase(dbd, dir.path());
    ASSERT_TRUE(result.ok) << (list.items.empty() ? "" : list.items[0].message);
    ASSERT_NE(fresh.findRecordType("my"), nullptr);
    EXPECT_NE(fresh.findRecordType("my")->findField("SCAN"), nullptr);
}
