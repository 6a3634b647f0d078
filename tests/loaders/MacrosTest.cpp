// Macro expansion of database files (SPEC 3.1): every line, EPICS quote rules, warnings.
#include "LoaderFixture.hpp"

using epicsdb::test::LoaderFixture;
using namespace epicsdb;

using Macros = LoaderFixture;

TEST_F(Macros, EveryLineIsExpandedWithTheLoadMacros) {
    auto result = load("record(ai, \"$(P)ai$(N=1)\") {\n"
                       "    field(DESC, \"$(D=default desc)\")\n"
                       "    field(INP, \"$(P)other$(N=1) CP\")\n"
                       "}\n"
                       "record($(TYPE), \"$(P)x\")\n",
                       "P=ioc:,TYPE=bo");
    ASSERT_TRUE(result.ok) << allMessages();
    EXPECT_EQ(field("ioc:ai1", "DESC"), "default desc");
    EXPECT_EQ(field("ioc:ai1", "INP"), "ioc:other1 CP");
    ASSERT_NE(db.findRecord("ioc:x"), nullptr);
    EXPECT_EQ(db.findRecord("ioc:x")->type().name(), "bo");
}

TEST_F(Macros, UndefinedMacrosWarnAboutTheLineAndFailLater) {
    auto result = load("record(ai, r) {\n    field(DESC, \"$(MISSING)\")\n}\n");
    EXPECT_FALSE(result.ok);
    ASSERT_EQ(warnings().size(), 1u) << allMessages();
    EXPECT_EQ(warnings()[0]->message, "line has undefined macros");
    EXPECT_EQ(warnings()[0]->location.line, 2u);
    ASSERT_EQ(warnings()[0]->notes.size(), 1u);
    EXPECT_EQ(warnings()[0]->notes[0], "macro MISSING is undefined");
    ASSERT_EQ(errors().size(), 1u);
    EXPECT_EQ(
        errors()[0]->message,
        "can't set \"r.DESC\" to \"$(MISSING,undefined)\": the value has an unexpanded macro");
}

TEST_F(Macros, QuietWarningsKeepTheLineWarningAndTheShortMarker) {
    loaders::LoaderOptions options;
    options.quietMacroWarnings = true;
    loaders::Loader quiet(db, diagnostics, options);
    EXPECT_FALSE(quiet.loadRecordsText("q.db", "record(ai, r) { field(DESC, \"$(M)\") }\n").ok);
    ASSERT_EQ(warnings().size(), 1u);
    EXPECT_TRUE(warnings()[0]->notes.empty());
    ASSERT_EQ(errors().size(), 1u);
    EXPECT_EQ(errors()[0]->message,
              "can't set \"r.DESC\" to \"$(M)\": the value has an unexpanded macro");
}

TEST_F(Macros, SingleQuotesStopExpansionForTheRestOfTheLine) {
    // A stray apostrophe in a comment turns expansion off for the rest of that line only.
    auto result = load("record(ai, r) { # it's a comment $(NOPE)\n"
                       "    field(DESC, \"$(D)\")\n}\n",
                       "D=fine");
    EXPECT_TRUE(result.ok) << allMessages();
    EXPECT_TRUE(warnings().empty());
    EXPECT_EQ(field("r", "DESC"), "fine");
}

TEST_F(Macros, DollarSignsThatAreNotReferencesStayAsTheyAre) {
    auto result = load("record(calcout, c) { field(DESC, \"cost $5\") }\n"
                       "record(stringout, s) { field(VAL, \"$P(x)\") }\n");
    ASSERT_TRUE(result.ok) << allMessages();
    EXPECT_EQ(field("c", "DESC"), "cost $5");
    EXPECT_EQ(field("s", "VAL"), "$P(x)");
}

TEST_F(Macros, TheEnvironmentIsNotConsultedForDatabaseMacros) {
    ::setenv("EPICSDB_TEST_ENV", "value", 1);
    EXPECT_FALSE(load("record(ai, \"$(EPICSDB_TEST_ENV)\")\n").ok);
    EXPECT_EQ(db.findRecord("value"), nullptr);
    ::unsetenv("EPICSDB_TEST_ENV");
}
