// Macro expansion of database files (EPICS-BEHAVIOUR 3.1): every line, EPICS quote rules, warnings.
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
    EXPECT_EQ(warnings()[0]->location.column, 18u); // the reference, in the file's line
    EXPECT_EQ(warnings()[0]->sourceLine, "    field(DESC, \"$(MISSING)\")");
    ASSERT_EQ(warnings()[0]->notes.size(), 2u);
    EXPECT_EQ(warnings()[0]->notes[0], "macro MISSING is undefined");
    EXPECT_EQ(warnings()[0]->notes[1],
              "the line expands to:     field(DESC, \"$(MISSING,undefined)\")");
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
    // No macLib warning to name the macro: the column is the line's first reference.
    EXPECT_EQ(warnings()[0]->location.column, 30u);
    ASSERT_EQ(warnings()[0]->notes.size(), 1u);
    EXPECT_EQ(warnings()[0]->notes[0],
              "the line expands to: record(ai, r) { field(DESC, \"$(M)\") }");
    ASSERT_EQ(errors().size(), 1u);
    EXPECT_EQ(errors()[0]->message,
              "can't set \"r.DESC\" to \"$(M)\": the value has an unexpanded macro");
}

TEST_F(Macros, TheColumnIsThatOfTheFirstMacroWarnedAbout) {
    auto result =
        load("record(ai, \"$(P)x\") { field(DESC, \"$(P) $(GONE=) $(LOST)\") }\n", "P=a:");
    EXPECT_FALSE(result.ok);
    ASSERT_EQ(warnings().size(), 1u) << allMessages();
    EXPECT_EQ(warnings()[0]->location.column, 50u);
    EXPECT_EQ(warnings()[0]->notes[0], "macro LOST is undefined");
}

// A line whose expansion passes the limit is an error and is not read at all; the lines
// around it are, with their numbers.
TEST_F(Macros, ALineOverTheExpansionLimitIsAnErrorAndIsDropped) {
    loaders::LoaderOptions options;
    options.macroExpansionLimit = 4096;
    loaders::Loader limited(db, diagnostics, options);
    std::string defs;
    for (int i = 1; i <= 20; ++i)
        defs += "A" + std::to_string(i) + "=$(A" + std::to_string(i + 1) + ")$(A" +
                std::to_string(i + 1) + "),";
    defs += "A21=xy";
    const auto result = limited.loadRecordsText("big.db",
                                                "record(ai, ok) {\n"
                                                "    field(DESC, \"$(A1)\")\n"
                                                "    field(EGU, \"$(A19)\")\n"
                                                "}\n",
                                                defs);
    EXPECT_FALSE(result.ok);
    ASSERT_EQ(errors().size(), 1u) << allMessages();
    EXPECT_EQ(errors()[0]->code, "macro-limit");
    EXPECT_EQ(errors()[0]->message, "macro expansion stopped: the line is not read");
    EXPECT_EQ(errors()[0]->location.line, 2u);
    EXPECT_EQ(errors()[0]->location.column, 18u);
    ASSERT_FALSE(errors()[0]->notes.empty());
    EXPECT_TRUE(errors()[0]->notes[0].starts_with(
        "expansion stopped after 4 KiB (macro chain A1 > A2 > A3"))
        << errors()[0]->notes[0];
    EXPECT_EQ(db.findRecord("ok"), nullptr); // the load failed as a whole
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

// A template checked alone (lint of an installed database): what its macros will be is the
// startup script's to say. Undefined ones are one warning for the file, naming them in order
// of first use, at the first; names and values that hold them are taken as written; every
// other check runs.
TEST_F(Macros, ATemplateCheckedAloneTakesItsMacrosAsWritten) {
    loaders::LoaderOptions options;
    options.templateAlone = true;
    loaders::Loader alone(db, diagnostics, options);
    const std::string text = "record(ai, \"$(P)pump$(N)\") {\n"
                             "    field(DTYP, \"$(DTYP)\")\n"
                             "    field(HOPR, \"$(HIGH)\")\n"
                             "    field(EGU, \"$(EGU=mbar)\")\n"
                             "    field(INP, \"$(P)gauge$(N) CP\")\n"
                             "}\n"
                             "alias(\"$(P)pump$(N)\", \"$(P)first\")\n"
                             "record(bo, \"$(P)valve\") {\n"
                             "    field(ZNAM, \"Open\")\n"
                             "}\n";
    const auto result = alone.loadRecordsText("pump.template", text);
    EXPECT_TRUE(result.ok) << allMessages();
    ASSERT_EQ(diagnostics.items.size(), 1u) << allMessages();
    const Diagnostic& d = diagnostics.items[0];
    EXPECT_EQ(d.severity, Severity::Warning);
    EXPECT_EQ(d.code, "macro-undefined");
    EXPECT_EQ(d.message, "undefined macros P, N, DTYP, HIGH (on 6 lines)");
    EXPECT_EQ(d.location.line, 1u);
    EXPECT_EQ(d.location.column, 13u);
    EXPECT_EQ(db.recordCount(), 2u);
    EXPECT_EQ(field("$(P)pump$(N)", "INP"), "$(P)gauge$(N) CP");
    EXPECT_EQ(field("$(P)pump$(N)", "EGU"), "mbar");
    EXPECT_NE(db.findRecord("$(P)first"), nullptr);

    // The checks that do not depend on the macros still run.
    diagnostics.items.clear();
    EXPECT_FALSE(alone
                     .loadRecordsText("bad.template", "record(ai, \"$(P)x\") {\n"
                                                      "    field(HOPR, \"high\")\n"
                                                      "    field(PERC, \"$(P)\")\n"
                                                      "}\n")
                     .ok);
    ASSERT_EQ(errors().size(), 2u) << allMessages();
    EXPECT_EQ(errors()[0]->code, "field-value");
    EXPECT_EQ(errors()[1]->code, "field-unknown");
    ASSERT_EQ(warnings().size(), 1u) << allMessages();
    EXPECT_EQ(warnings()[0]->message, "undefined macro P (on 2 lines)");
}

// EPICS refuses the same file: without templateAlone, its verdict stands.
TEST_F(Macros, WithoutTemplateAloneNamesAndValuesWithMacrosAreRefusedAsEpicsDoes) {
    EXPECT_FALSE(load("record(ai, \"$(P)pump\") {\n    field(HOPR, \"$(HIGH)\")\n}\n").ok);
    ASSERT_EQ(errors().size(), 1u) << allMessages();
    EXPECT_EQ(errors()[0]->code, "record-name");
    EXPECT_EQ(warnings().size(), 2u) << allMessages(); // one per line, as EPICS
}
