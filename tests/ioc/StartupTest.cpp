// Startup scripts run into a database as iocsh runs them: the language (expansion, quoting,
// includes and their macro scopes, cd), the commands, and the loads with their chains.
#include "IocFixture.hpp"

#include <epicsdb/dbStatic/Writers.hpp>

#include <gmock/gmock.h>

#include <functional>
#include <utility>

namespace epicsdb::test {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

const char* const kPump = R"x(record(ai, "$(P)$(DEV=pump)") {
    field(DESC, "$(DESC=a pump)")
}
)x";

class Startup : public IocFixture {};

TEST_F(Startup, EnvironmentExpansionInBothCallForms) {
    write("pump.db", kPump);
    write("st.cmd", R"x(#!../../bin/linux-x86_64/ioc
epicsEnvSet("P", "s1:")
epicsEnvSet DEV p1
dbLoadRecords("pump.db", "P=$(P),DEV=$(DEV)")
dbLoadRecords pump.db "P=${P},DEV=p2,DESC=Second pump"
)x");
    run();
    EXPECT_EQ(messages(), "");
    EXPECT_THAT(recordNames(), ElementsAre("s1:p1", "s1:p2"));
    EXPECT_EQ(field("s1:p2", "DESC"), "Second pump");
    ASSERT_EQ(report.loads.size(), 2u);
    EXPECT_EQ(report.loads[0].macros, "P=s1:,DEV=p1");
    EXPECT_EQ(report.loads[0].where.line, 4u);
    EXPECT_TRUE(report.loads[0].ok);
    EXPECT_EQ(report.loads[0].records, 1u);
}

TEST_F(Startup, LineWithAnUndefinedMacroIsReportedAndNotRun) {
    write("pump.db", kPump);
    write("st.cmd", "dbLoadRecords(\"pump.db\", \"P=x:,DEV=$(NOTSET)\")\n"
                    "dbLoadRecords(\"pump.db\", \"P=y:\")\n");
    run();
    EXPECT_THAT(recordNames(), ElementsAre("y:pump"));
    ASSERT_EQ(diagnostics.items.size(), 1u);
    const Diagnostic& d = diagnostics.items[0];
    EXPECT_EQ(d.code, "ioc-macro-undefined");
    EXPECT_EQ(d.message, "macro NOTSET is undefined: iocsh does not run the line");
    EXPECT_EQ(d.location.line, 1u);
    EXPECT_EQ(d.location.column, 36u);
    EXPECT_EQ(report.errors, 1u);
}

TEST_F(Startup, SingleQuotesDelayExpansionToWhereTheValueIsUsed) {
    write("pump.db", kPump);
    write("st.cmd", R"x(epicsEnvSet("P", "s1:")
epicsEnvSet("Q", 'not $(P) expanded')
dbLoadRecords("pump.db", "P=$(P),DESC=$(Q)")
)x");
    run();
    EXPECT_EQ(messages(), "");
    EXPECT_EQ(report.environment.find("Q"), "not $(P) expanded");
    EXPECT_EQ(field("s1:pump", "DESC"), "not s1: expanded");
    EXPECT_EQ(console[1], "epicsEnvSet(\"Q\", 'not $(P) expanded')");
    EXPECT_EQ(console[2], "dbLoadRecords(\"pump.db\", \"P=s1:,DESC=not s1: expanded\")");
}

TEST_F(Startup, IocshLoadMacrosStayInTheirScriptButTheEnvironmentIsGlobal) {
    write("valve.db", "record(bo, \"$(NAME)\") {}\n");
    write("scripts/valve.cmd", "epicsEnvSet(\"VNAME\", \"$(PREFIX)valve$(N)\")\n"
                               "dbLoadRecords(\"valve.db\", \"NAME=$(VNAME)\")\n");
    write("st.cmd", R"x(epicsEnvSet("PREFIX", "s2:")
iocshLoad("scripts/valve.cmd", "N=1")
iocshLoad("scripts/valve.cmd", "N=2,PREFIX=elsewhere:")
epicsEnvSet("N", "3")
< scripts/valve.cmd
dbLoadRecords("valve.db", "NAME=$(VNAME):copy")
)x");
    run();
    EXPECT_EQ(messages(), "");
    EXPECT_THAT(recordNames(),
                ElementsAre("s2:valve1", "elsewhere:valve2", "s2:valve3", "s2:valve3:copy"));
    EXPECT_EQ(report.environment.find("IOCSH_STARTUP_SCRIPT"), "scripts/valve.cmd");
    EXPECT_THAT(report.scripts,
                ElementsAre(dir.path("st.cmd"), dir.path("scripts/valve.cmd"),
                            dir.path("scripts/valve.cmd"), dir.path("scripts/valve.cmd")));
}

TEST_F(Startup, IncludesSeeTheMacrosOfTheScriptThatIncludesThem) {
    write("r.db", "record(ai, \"$(N)\") {}\n");
    write("inner.cmd", "dbLoadRecords(\"r.db\", \"N=$(WHO)\")\n");
    write("outer.cmd", "< inner.cmd\niocshLoad inner.cmd\n");
    write("st.cmd", "iocshLoad(\"outer.cmd\", \"WHO=given\")\n");
    run();
    EXPECT_EQ(messages(), "");
    EXPECT_EQ(db.recordCount(), 1u); // the second load defines the same record again
    EXPECT_EQ(report.loads.size(), 2u);
}

TEST_F(Startup, EpicsEnvSetUncoversAMacroOfTheSameName) {
    write("r.db", "record(ai, \"$(N)\") {}\n");
    write("sub.cmd", "epicsEnvSet(\"X\", \"fromEnv\")\ndbLoadRecords(\"r.db\", \"N=$(X)\")\n");
    write("st.cmd", "iocshLoad(\"sub.cmd\", \"X=fromMacro\")\n");
    run();
    EXPECT_THAT(recordNames(), ElementsAre("fromEnv"));
}

TEST_F(Startup, CdChangesWhereFilesAreFoundAndPwdFollows) {
    write("db/a.db", "record(ai, \"$(P)a\") {}\n");
    write("st.cmd", "cd db\ndbLoadRecords(\"a.db\", \"P=x:\")\ncd ..\n"
                    "dbLoadRecords(\"db/a.db\", \"P=y:\")\n");
    run();
    EXPECT_EQ(messages(), "");
    EXPECT_THAT(recordNames(), ElementsAre("x:a", "y:a"));
    char* real = ::realpath(dir.path().c_str(), nullptr);
    EXPECT_EQ(report.environment.find("PWD"), std::string(real));
    std::free(real);
}

TEST_F(Startup, EpicsDbIncludePathFromTheScript) {
    write("db/shared.db", "record(calc, \"$(P)sum\") {\n    field(CALC, \"A+B\")\n}\n");
    write("st.cmd", "epicsEnvSet(\"EPICS_DB_INCLUDE_PATH\", \"db\")\n"
                    "dbLoadRecords(\"shared.db\", \"P=s5:\")\n");
    run();
    EXPECT_EQ(messages(), "");
    EXPECT_THAT(recordNames(), ElementsAre("s5:sum"));
}

TEST_F(Startup, DbLoadTemplateWithTheScriptsMacros) {
    write("chan.template", "record(longin, \"$(P)ch$(CH)\") {\n"
                           "    field(DESC, \"$(DESC=channel)\")\n}\n");
    write("chans.substitutions", "file \"chan.template\" {\n    pattern { CH }\n"
                                 "    { 1 }\n    { 2 }\n}\n");
    write("st.cmd", "dbLoadTemplate(\"chans.substitutions\", \"P=s3:,DESC=scripted\")\n");
    run();
    EXPECT_EQ(messages(), "");
    EXPECT_THAT(recordNames(), ElementsAre("s3:ch1", "s3:ch2"));
    EXPECT_EQ(field("s3:ch2", "DESC"), "scripted");
}

TEST_F(Startup, DbLoadDatabaseWithAPathArgument) {
    write("dbd/extra.dbd", "menu(myMenu) {\n    choice(myA, \"A\")\n}\n");
    write("st.cmd", "dbLoadDatabase(\"extra.dbd\", \"dbd\")\n");
    run();
    EXPECT_EQ(messages(), "");
    EXPECT_NE(db.findMenu("myMenu"), nullptr);
    ASSERT_EQ(report.loads.size(), 1u);
    EXPECT_EQ(report.loads[0].path, "dbd");
}

TEST_F(Startup, WithoutDefinitionsTheEmbeddedOnesAreLoadedForTheFirstRecords) {
    write("st.cmd", "dbLoadRecords(\"r.db\")\n");
    write("r.db", "record(ao, \"x\") {}\n");
    run();
    EXPECT_EQ(messages(), "");
    EXPECT_NE(db.findRecordType("ao"), nullptr);
}

TEST_F(Startup, DefinitionsGivenAreLoadedBeforeTheScript) {
    write("mine.dbd", "recordtype(mine) {\n    field(NAME, DBF_STRING) {\n        size(61)\n"
                      "    }\n}\n");
    write("st.cmd", "dbLoadRecords(\"r.db\")\n");
    write("r.db", "record(mine, \"x\") {}\n");
    options.definitions = {dir.path("mine.dbd")};
    run();
    EXPECT_EQ(messages(), "");
    EXPECT_EQ(db.findRecordType("ao"), nullptr);
    EXPECT_EQ(db.recordCount(), 1u);
}

TEST_F(Startup, RegisterRecordDeviceDriverIsAccepted) {
    write("st.cmd", "myioc_registerRecordDeviceDriver(pdbbase)\n"
                    "softIoc_registerRecordDeviceDriver pdbbase\n"
                    "x_registerRecordDeviceDriver(other)\n");
    run();
    EXPECT_EQ(messages(), "ioc-argument: Expecting 'pdbbase' got 'other'\n");
    EXPECT_TRUE(report.skipped.empty());
}

TEST_F(Startup, RecordsOfTypesTheScriptDefinedNeedTheRegistrationFirst) {
    write("mine.dbd", "recordtype(mine) {\n    field(NAME, DBF_STRING) {\n        size(61)\n"
                      "    }\n}\n");
    write("late.dbd", "recordtype(late) {\n    field(NAME, DBF_STRING) {\n        size(61)\n"
                      "    }\n}\n");
    write("r.db", "record($(T), \"$(N)\") {}\n");
    write("st.cmd", "dbLoadDatabase(\"mine.dbd\")\n"
                    "dbLoadRecords(\"r.db\", \"T=mine,N=early\")\n"
                    "x_registerRecordDeviceDriver(pdbbase)\n"
                    "dbLoadRecords(\"r.db\", \"T=mine,N=registered\")\n"
                    "dbLoadDatabase(\"late.dbd\")\n"
                    "dbLoadRecords(\"r.db\", \"T=late,N=unknownToTheBinary\")\n");
    run();
    EXPECT_THAT(recordNames(), ElementsAre("registered"));
    EXPECT_EQ(messages(),
              "record-unregistered: can't create record \"early\" of type \"mine\": its record "
              "support is not registered (rec_size = 0)\n"
              "record-unregistered: can't create record \"unknownToTheBinary\" of type \"late\": "
              "its record support is not registered (rec_size = 0)\n");
    EXPECT_FALSE(db.findRecordType("late")->supportRegistered());
}

TEST_F(Startup, CommandsNotRunAreListedWithTheirLines) {
    write("st.cmd", "drvAsynSerialPortConfigure(\"S0\", \"/dev/ttyS0\")\ndbl\n");
    run();
    EXPECT_EQ(messages(), "");
    ASSERT_EQ(report.skipped.size(), 2u);
    EXPECT_EQ(report.skipped[0].name, "drvAsynSerialPortConfigure");
    EXPECT_EQ(report.skipped[0].line, "drvAsynSerialPortConfigure(\"S0\", \"/dev/ttyS0\")");
    EXPECT_EQ(report.skipped[0].where.line, 1u);
    EXPECT_FALSE(report.skipped[0].known);
    EXPECT_TRUE(report.skipped[1].known);
}

TEST_F(Startup, StrictCommandsMakesAnUnknownCommandAnError) {
    write("st.cmd", "drvAsynSerialPortConfigure(\"S0\", \"/dev/ttyS0\")\ndbl\n");
    options.strictCommands = true;
    run();
    EXPECT_EQ(messages(), "ioc-command-skipped: command drvAsynSerialPortConfigure is not run "
                          "offline (--strict-commands)\n");
}

TEST_F(Startup, CommentsEchoAndTheirDashForm) {
    write("st.cmd", "# shown\n  #- hidden\n\nepicsEnvSet A 1\n#- also hidden\n");
    run();
    EXPECT_THAT(console, ElementsAre("# shown", "epicsEnvSet A 1"));
}

TEST_F(Startup, EpicsEnvShowPrintsTheVariablesAGlobMatches) {
    write("st.cmd", "#- quiet\nepicsEnvSet AB 1\nepicsEnvSet AC 2\nepicsEnvShow A?\n"
                    "epicsEnvShow NOPE\nepicsEnvShow PWD\n");
    run();
    char* real = ::realpath(dir.path().c_str(), nullptr);
    EXPECT_THAT(console, ElementsAre("epicsEnvSet AB 1", "epicsEnvSet AC 2", "epicsEnvShow A?",
                                     "AB=1", "AC=2", "epicsEnvShow NOPE", "epicsEnvShow PWD",
                                     "PWD=" + std::string(real)));
    std::free(real);
}

TEST_F(Startup, EchoTranslatesEscapesAsDbTranslateEscapeDoes) {
    write("st.cmd", "#- \\x41 is A, \\0 ends the text, \\q is q, \\1 is 1\n"
                    "echo \"a\\tb\\x41\\q\\1\\0hidden\"\necho\n");
    run();
    ASSERT_EQ(console.size(), 4u);
    EXPECT_EQ(console[1], "a\tbAq1");
    EXPECT_EQ(console[3], "");
}

TEST_F(Startup, SetenvRefusesANameWithAnEqualsSign) {
    write("st.cmd", "epicsEnvSet(\"A=B\", \"C\")\n");
    run();
    EXPECT_EQ(messages(), "ioc-env: setenv(\"A=B\", \"C\") -> 22\n");
    EXPECT_FALSE(report.environment.find("A"));
}

TEST_F(Startup, EpicsEnvUnsetRemovesAVariable) {
    write("st.cmd", "epicsEnvSet A 1\nepicsEnvUnset A\nepicsEnvSet B $(A=gone)\n");
    run();
    EXPECT_FALSE(report.environment.find("A"));
    EXPECT_EQ(report.environment.find("B"), "gone");
}

TEST_F(Startup, ExitEndsOnlyTheScriptItIsIn) {
    write("r.db", "record(ai, \"$(N)\") {}\n");
    write("sub.cmd", "exit\ndbLoadRecords(\"r.db\", \"N=never\")\n");
    write("st.cmd", "< sub.cmd\ndbLoadRecords(\"r.db\", \"N=after\")\nexit\n"
                    "dbLoadRecords(\"r.db\", \"N=never2\")\n");
    run();
    EXPECT_THAT(recordNames(), ElementsAre("after"));
}

TEST_F(Startup, ALineOfSeparatorsOnlyEndsTheScriptAsInIocsh) {
    write("st.cmd", "epicsEnvSet A 1\n( , )\nepicsEnvSet B 2\n");
    run();
    EXPECT_TRUE(report.environment.find("A"));
    EXPECT_FALSE(report.environment.find("B"));
}

TEST_F(Startup, OnErrorBreakStopsTheScriptAfterAFailedLoad) {
    write("r.db", "record(ai, \"$(N)\") {}\n");
    write("sub.cmd", "on error break\ndbLoadRecords(\"missing.db\")\n"
                     "dbLoadRecords(\"r.db\", \"N=skipped\")\n");
    write("st.cmd", "< sub.cmd\ndbLoadRecords(\"r.db\", \"N=after\")\n");
    run();
    EXPECT_THAT(recordNames(), ElementsAre("after"));
    EXPECT_THAT(console, ::testing::Contains("iocsh Error: Break"));
}

TEST_F(Startup, OnErrorContinueIsTheDefault) {
    write("r.db", "record(ai, \"$(N)\") {}\n");
    write("st.cmd", "dbLoadRecords(\"missing.db\")\ndbLoadRecords(\"r.db\", \"N=after\")\n");
    run();
    EXPECT_THAT(recordNames(), ElementsAre("after"));
    EXPECT_EQ(report.errors, 1u);
}

TEST_F(Startup, OnErrorHaltStopsTheWholeIoc) {
    write("r.db", "record(ai, \"$(N)\") {}\n");
    write("sub.cmd", "on error halt\nnosuchfile_x $(UNDEFINED)\n");
    write("st.cmd", "< sub.cmd\ndbLoadRecords(\"r.db\", \"N=never\")\n");
    run();
    EXPECT_TRUE(recordNames().empty());
    EXPECT_THAT(messages(), HasSubstr("on error halt"));
}

TEST_F(Startup, OnErrorWaitGoesOnAfterAnError) {
    write("r.db", "record(ai, \"$(N)\") {}\n");
    write("st.cmd", "on error wait 2\ndbLoadRecords(\"missing.db\")\n"
                    "dbLoadRecords(\"r.db\", \"N=after\")\n");
    run();
    EXPECT_THAT(recordNames(), ElementsAre("after"));
    EXPECT_THAT(console, ::testing::Contains("iocsh Error: Waiting 2.0 sec ..."));
    // EPICS 7.0.8 says a valid delay cannot be parsed (and uses it).
    EXPECT_THAT(messages(), HasSubstr("Unable to parse 'on error wait' time 2"));
}

TEST_F(Startup, IocshRunRunsOneCommandWithItsMacros) {
    write("r.db", "record(ai, \"$(N)\") {}\n");
    write("st.cmd", "iocshRun('dbLoadRecords(\"r.db\", \"N=$(WHO)\")', \"WHO=run\")\n"
                    "iocshCmd(\"epicsEnvSet C 3\")\n");
    run();
    EXPECT_EQ(messages(), "");
    EXPECT_THAT(recordNames(), ElementsAre("run"));
    EXPECT_EQ(report.environment.find("C"), "3");
}

TEST_F(Startup, VarSetsTheDatabaseVariables) {
    write("r.db", "record(ai, \"x\") {}\nrecord(ai, \"x\") {}\n");
    write("st.cmd", "var dbRecordsOnceOnly 1\nvar dbRecordsOnceOnly\ndbLoadRecords(\"r.db\")\n");
    run();
    EXPECT_THAT(console, ::testing::Contains("dbRecordsOnceOnly = 1"));
    EXPECT_EQ(db.recordCount(), 0u); // the second definition is an error: the load rolls back
    EXPECT_EQ(report.errors, 1u);
}

TEST_F(Startup, VarChangesTheLoadersVariablesToo) {
    std::string pattern = "file \"t.template\" {\n    pattern {";
    std::string values = "    {";
    for (int i = 0; i < 150; ++i) {
        pattern += " V" + std::to_string(i);
        values += " " + std::to_string(i);
    }
    write("t.template", "record(ai, \"$(V149)\") {\n    info(i, \"$(NOPE)\")\n}\n");
    write("t.substitutions", pattern + " }\n" + values + " }\n}\n");
    write("st.cmd", "var dbTemplateMaxVars 200\nvar dbQuietMacroWarnings 1\nvar db*Max*\n"
                    "dbLoadTemplate(\"t.substitutions\")\n");
    run();
    EXPECT_THAT(recordNames(), ElementsAre("149"));
    EXPECT_THAT(console, ::testing::Contains("dbTemplateMaxVars = 200"));
    const dbstatic::InfoItem* info = db.findRecord("149")->findInfo("i");
    ASSERT_NE(info, nullptr);
    EXPECT_EQ(info->value, "$(NOPE)"); // quiet: the marker without ",undefined"
}

TEST_F(Startup, LoadsAfterIocInitAreRefused) {
    write("r.db", "record(ai, \"$(N)\") {}\n");
    write("st.cmd", "dbLoadRecords(\"r.db\", \"N=before\")\niocInit\n"
                    "dbLoadRecords(\"r.db\", \"N=after\")\n");
    run();
    EXPECT_TRUE(report.iocInit);
    EXPECT_THAT(recordNames(), ElementsAre("before"));
    EXPECT_EQ(messages(), "ioc-after-init: dbLoadRecords: failed to load 'r.db': Records "
                          "cannot be loaded after iocInit!\n");
}

TEST_F(Startup, IocInitTwiceAndRegistrationTwiceAreIocshsMessages) {
    write("st.cmd", "x_registerRecordDeviceDriver(pdbbase)\nx_registerRecordDeviceDriver(pdbbase)\n"
                    "iocInit\niocInit\n");
    run();
    EXPECT_EQ(messages(), "ioc-init: iocBuild: ERROR IOC can only be initialized from "
                          "uninitialized or stopped state\n");
    EXPECT_THAT(console, ::testing::Contains("Warning: Registration already done."));
}

TEST_F(Startup, DiagnosticsOfALoadCarryTheScriptLines) {
    write("bad.db", "record(ai, \"x\") {\n    field(NOSUCH, \"1\")\n}\n");
    write("sub.cmd", "dbLoadRecords(\"bad.db\", \"P=$(P)\")\n");
    write("st.cmd", "# first\niocshLoad(\"sub.cmd\", \"P=a:\")\n");
    run();
    ASSERT_EQ(diagnostics.items.size(), 1u);
    const std::string text = loaders::diagnosticText(diagnostics.items[0], false);
    EXPECT_THAT(text,
                HasSubstr(dir.path("st.cmd") + ":2: in iocshLoad(\"sub.cmd\", \"P=a:\")\n" +
                          dir.path("sub.cmd") + ":1: in dbLoadRecords(\"bad.db\", \"P=a:\")\n" +
                          dir.path("bad.db") + ":2:"));
}

TEST_F(Startup, AFailedLoadLeavesEarlierLoadsAlone) {
    write("good.db", "record(ai, \"good\") {}\n");
    write("bad.db", "record(ai, \"half\") {}\nrecord(ai, \"broken\") {\n    field(X, \"1\")\n}\n");
    write("st.cmd", "dbLoadRecords(\"good.db\")\ndbLoadRecords(\"bad.db\")\n");
    run();
    EXPECT_THAT(recordNames(), ElementsAre("good"));
    ASSERT_EQ(report.loads.size(), 2u);
    EXPECT_TRUE(report.loads[0].ok);
    EXPECT_FALSE(report.loads[1].ok);
}

TEST_F(Startup, TheStartingEnvironmentIsTheCallersAndPwdIsTheScriptsFolder) {
    write("r.db", "record(ai, \"$(N)\") {}\n");
    write("st.cmd", "dbLoadRecords(\"r.db\", \"N=$(FROM_CALLER)\")\n");
    options.environment.set("FROM_CALLER", "given");
    run();
    EXPECT_THAT(recordNames(), ElementsAre("given"));
    EXPECT_TRUE(report.environment.find("PWD"));
}

TEST_F(Startup, DbDumpRecordPrintsOnTheConsole) {
    write("r.db", "record(ai, \"x\") {}\n");
    write("st.cmd", "dbLoadRecords(\"r.db\")\ndbDumpRecord(pdbbase, \"ai\", 0)\n");
    run();
    EXPECT_THAT(console, ::testing::Contains("record(ai,\"x\") {"));
}

TEST_F(Startup, DbStaticReportsPrintOnTheConsole) {
    write("r.db", "record(ai, \"t\") {\n"
                  "    field(DTYP, \"Soft Timestamp\")\n"
                  "    field(INP, \"@%H\")\n"
                  "}\n");
    write("st.cmd", "dbLoadRecords(\"r.db\")\n"
                    "dbDumpMenu(pdbbase, \"menuYesNo\")\n"
                    "dbDumpField(pdbbase, \"ai\", \"PREC\")\n"
                    "dbDumpRecordType(pdbbase, \"ai\")\n"
                    "dbReportDeviceConfig(pdbbase)\n"
                    "dbDumpPath(pdbbase)\n"
                    "dbPvdTableSize(100)\n");
    run();
    using ::testing::Contains;
    EXPECT_THAT(console, Contains("menu(menuYesNo) {"));
    EXPECT_THAT(console, Contains("\tchoice(menuYesNoYES,\"YES\")"));
    EXPECT_THAT(console, Contains("recordtype(ai) "));
    EXPECT_THAT(console, Contains("    PREC"));
    EXPECT_THAT(console, Contains("\t     field_type: DBF_SHORT"));
    EXPECT_THAT(console, Contains("Attribute: name RTYP value ai"));
    EXPECT_THAT(console, Contains("rset * (nil) rec_size 0"));
    EXPECT_THAT(console, Contains("INST     @%H                  Soft Timestamp       t          "
                                  "          "));
    EXPECT_THAT(console, Contains("no path defined"));
    EXPECT_THAT(console, Contains("dbPvdTableSize: 100 is not a power of 2"));
}

// Each report prints what its own writer writes of the database, and nothing else: the
// definitions give every list a distinct entry, so that two reports swapped would show.
TEST_F(Startup, EachDbStaticReportPrintsItsOwnWriter) {
    write("r.db", "record(ai, \"t\") {\n"
                  "    field(DTYP, \"Soft Timestamp\")\n"
                  "    field(INP, \"@%H\")\n"
                  "}\n");
    write("extra.dbd", "driver(drvExtra)\n"
                       "registrar(registerExtra)\n"
                       "function(extraFunction)\n"
                       "variable(extraVariable, int)\n"
                       "link(extra, lnkExtraIf)\n"
                       "breaktable(extraTable) { 0 0 10 100 }\n");
    using Writer = std::function<void(std::string&)>;
    const dbstatic::Database& written = db;
    const std::vector<std::pair<std::string, Writer>> reports = {
        {"dbDumpMenu(pdbbase, \"menuScan\")",
         [&](std::string& out) { dbstatic::writeMenus(written, out, "menuScan"); }},
        {"dbDumpRecordType(pdbbase, \"bo\")",
         [&](std::string& out) { dbstatic::writeRecordTypeLayouts(written, out, "bo"); }},
        {"dbDumpField(pdbbase, \"ao\", \"VAL\")",
         [&](std::string& out) { dbstatic::writeFieldDescriptions(written, out, "ao", "VAL"); }},
        {"dbDumpDevice(pdbbase, \"ai\")",
         [&](std::string& out) { dbstatic::writeDeviceSupports(written, out, "ai"); }},
        {"dbDumpDriver(pdbbase)", [&](std::string& out) { dbstatic::writeDrivers(written, out); }},
        {"dbDumpLink(pdbbase)",
         [&](std::string& out) { dbstatic::writeLinkSupports(written, out); }},
        {"dbDumpRegistrar(pdbbase)",
         [&](std::string& out) { dbstatic::writeRegistrars(written, out); }},
        {"dbDumpFunction(pdbbase)",
         [&](std::string& out) { dbstatic::writeFunctions(written, out); }},
        {"dbDumpVariable(pdbbase)",
         [&](std::string& out) { dbstatic::writeVariables(written, out); }},
        {"dbDumpBreaktable(pdbbase, \"extraTable\")",
         [&](std::string& out) { dbstatic::writeBreaktableIntervals(written, out, "extraTable"); }},
        {"dbPvdDump(pdbbase, 1)",
         [&](std::string& out) {
             dbstatic::writeNameTable(written, out, dbstatic::kNameTableSize, true);
         }},
        {"dbReportDeviceConfig(pdbbase)",
         [&](std::string& out) { dbstatic::writeDeviceConfig(written, out); }},
    };
    std::string script = "dbLoadRecords(\"r.db\")\ndbLoadDatabase(\"extra.dbd\")\n";
    for (const auto& [line, writer] : reports)
        script += line + "\n";
    write("st.cmd", script);
    run();
    ASSERT_EQ(messages(), "");

    std::string expected = "dbLoadRecords(\"r.db\")\ndbLoadDatabase(\"extra.dbd\")\n";
    for (const auto& [line, writer] : reports) {
        std::string out;
        writer(out);
        ASSERT_FALSE(out.empty()) << line << " has nothing to print";
        expected += line + "\n" + out;
    }
    std::string printed;
    for (const std::string& line : console)
        printed += line + "\n";
    EXPECT_EQ(printed, expected);
}

// The registration is <name>_registerRecordDeviceDriver for a name of at least one character.
TEST_F(Startup, TheRegistrationSuffixAloneIsNoCommand) {
    write("st.cmd", "_registerRecordDeviceDriver pdbbase\n");
    run();
    EXPECT_EQ(messages(), "");
    ASSERT_EQ(report.skipped.size(), 1u);
    EXPECT_EQ(report.skipped[0].name, "_registerRecordDeviceDriver");
    EXPECT_FALSE(report.skipped[0].known);
}

// The script withholds support from the types it defines until its registration; the caller's
// database is then as it was: types defined later are supported if they were before.
TEST_F(Startup, TheDatabaseSupportsNewTypesAfterTheScriptAsItDidBefore) {
    write("st.cmd", "dbLoadRecords(\"r.db\")\n");
    write("r.db", "record(ao, \"x\") {}\n");
    run();
    EXPECT_TRUE(db.supportForNewTypes());

    db.setSupportForNewTypes(false);
    run();
    EXPECT_FALSE(db.supportForNewTypes());
}

TEST_F(Startup, DbPvdTableSizeBeforeTheDatabaseSizesTheTableDbPvdDumpShows) {
    write("r.db", "record(ai, \"a\") {}\nrecord(ai, \"b\") {}\n");
    write("st.cmd", "dbPvdTableSize(256)\n"
                    "dbLoadRecords(\"r.db\")\n"
                    "dbPvdTableSize(1024)\n" // too late: the table exists
                    "dbPvdDump(pdbbase, 1)\n");
    run();
    for (const char* line : {"Process Variable Directory has 256 buckets", " [ 157]    1    b",
                             " [ 158]    1    a", "254 buckets empty."})
        EXPECT_THAT(console, ::testing::Contains(line));
}

} // namespace
} // namespace epicsdb::test
