// Provenance of a database built by a startup script: every load the script runs is told the
// script lines that led to it and what the macros of its line gave (Provenance::setCaller), so
// that a field's statements end their chain with those lines and name the epicsEnvSet or
// iocshLoad line behind each macro.
#include "IocFixture.hpp"
#include "ProvenanceReplay.hpp"
#include "SharedData.hpp"

#include <epicsdb/loaders/Provenance.hpp>

#include <gmock/gmock.h>

#include <functional>
#include <string>
#include <vector>

namespace epicsdb::test {
namespace {

using loaders::MacroOrigin;
using loaders::MacroUse;
using ::testing::HasSubstr;

// The first use named `name` among `uses` and everything inside them, depth first.
const MacroUse* findUse(const std::vector<MacroUse>& uses, std::string_view name) {
    for (const MacroUse& use : uses) {
        if (use.name == name) return &use;
        if (const MacroUse* inside = findUse(use.inner, name)) return inside;
    }
    return nullptr;
}

// The chain's script lines as "file:line: text", innermost first (a load of the program's own
// is a command of no file).
std::vector<std::string> scriptLines(const loaders::Statement& statement) {
    std::vector<std::string> lines;
    for (const loaders::LoadStep& step : statement.chain)
        if (step.command && !step.location.file.empty())
            lines.push_back(step.location.file.substr(step.location.file.rfind('/') + 1) + ":" +
                            std::to_string(step.location.line) + ": " + step.text);
    return lines;
}

class ScriptProvenance : public IocFixture {
protected:
    ScriptProvenance() { options.loader.provenance = &provenance; }

    // The last statement that set the field (it gave the value).
    loaders::Statement lastSet(std::string_view record, std::string_view field) {
        const std::optional<loaders::FieldProvenance> found = provenance.field(db, record, field);
        if (!found || found->statements.empty()) {
            ADD_FAILURE() << record << "." << field << " has no statement";
            return {};
        }
        return found->statements.back();
    }

    loaders::Provenance provenance;
};

const char* const kMotorTemplate = R"x(record(ao, "$(P)$(M)") {
    field(DESC, "$(P) motor")
    field(DRVH, "$(MAX=1)")
}
)x";
const char* const kMotors = R"x(file "motor.template" {
pattern { M, MAX }
    { m1, 2.5 }
}
file "motor.template" {
pattern { M }
    { m2 }
}
)x";

TEST_F(ScriptProvenance, LoadsCarryTheScriptLinesAndTheVariablesOfTheirLine) {
    write("a.db", "record(ai, \"$(P)a\") {\n    field(DESC, \"$(P)\")\n}\n");
    write("motor.template", kMotorTemplate);
    write("motors.substitutions", kMotors);
    write("sub.cmd", "dbLoadTemplate(\"motors.substitutions\", \"P=$(IOC)\")\n");
    write("st.cmd", "epicsEnvSet(\"IOC\",\"x:\")\n"
                    "dbLoadRecords(\"a.db\",\"P=$(IOC)\")\n"
                    "< sub.cmd\n");
    run();
    ASSERT_EQ(messages(), "");
    EXPECT_EQ(replayProblems(db, provenance), "");

    const loaders::Statement desc = lastSet("x:a", "DESC");
    EXPECT_EQ(desc.value, "x:");
    EXPECT_EQ(desc.written, "\"$(P)\""); // as written, quotes and all
    EXPECT_THAT(scriptLines(desc),
                ::testing::ElementsAre("st.cmd:2: dbLoadRecords(\"a.db\",\"P=x:\")"));
    const MacroUse* p = findUse(desc.macros, "P");
    ASSERT_TRUE(p);
    EXPECT_EQ(p->origin, MacroOrigin::LoadArgument);
    EXPECT_EQ(p->value, "x:");
    const MacroUse* ioc = findUse(desc.macros, "IOC");
    ASSERT_TRUE(ioc) << "P's value comes from IOC, set by st.cmd:1";
    EXPECT_EQ(ioc->origin, MacroOrigin::ScriptVariable);
    EXPECT_EQ(ioc->value, "x:");
    EXPECT_THAT(ioc->location.file, ::testing::EndsWith("st.cmd"));
    EXPECT_EQ(ioc->location.line, 1u);
    EXPECT_EQ(ioc->detail, "epicsEnvSet(\"IOC\",\"x:\")");

    // Through `< sub.cmd`: the dbLoadTemplate line, then the line that ran sub.cmd.
    const loaders::Statement drvh = lastSet("x:m1", "DRVH");
    EXPECT_EQ(drvh.value, "2.5");
    EXPECT_THAT(
        scriptLines(drvh),
        ::testing::ElementsAre("sub.cmd:1: dbLoadTemplate(\"motors.substitutions\", \"P=x:\")",
                               "st.cmd:3: < sub.cmd"));
    const MacroUse* row = findUse(drvh.macros, "MAX");
    ASSERT_TRUE(row);
    EXPECT_EQ(row->origin, MacroOrigin::PatternRow);
    const loaders::Statement motorDesc = lastSet("x:m1", "DESC");
    const MacroUse* motorP = findUse(motorDesc.macros, "P");
    ASSERT_TRUE(motorP);
    EXPECT_EQ(motorP->origin, MacroOrigin::LoadArgument);
    const MacroUse* motorIoc = findUse(motorDesc.macros, "IOC");
    ASSERT_TRUE(motorIoc) << "sub.cmd's P=$(IOC) took IOC from st.cmd:1";
    EXPECT_EQ(motorIoc->location.line, 1u);

    const loaders::Statement defaulted = lastSet("x:m2", "DRVH");
    EXPECT_EQ(defaulted.value, "1");
    const MacroUse* byDefault = findUse(defaulted.macros, "MAX");
    ASSERT_TRUE(byDefault);
    EXPECT_EQ(byDefault->origin, MacroOrigin::Default);
}

TEST_F(ScriptProvenance, VariablesOfTheStartingEnvironmentAndOfIocshLoad) {
    options.environment.set("SYS", "s1:"); // as -e SYS=s1: gives it
    write("a.db", "record(ai, \"$(P)a\") {\n    field(DESC, \"$(P)\")\n}\n");
    write("dev.cmd", "dbLoadRecords(\"a.db\", \"P=$(PRE)$(DEV)\")\n");
    write("st.cmd", "epicsEnvSet(\"PRE\", \"$(SYS)\")\n"
                    "iocshLoad(\"dev.cmd\", \"DEV=d1:\")\n");
    run();
    ASSERT_EQ(messages(), "");
    EXPECT_EQ(replayProblems(db, provenance), "");

    const loaders::Statement desc = lastSet("s1:d1:a", "DESC");
    EXPECT_EQ(desc.value, "s1:d1:");
    EXPECT_THAT(scriptLines(desc),
                ::testing::ElementsAre("dev.cmd:1: dbLoadRecords(\"a.db\", \"P=s1:d1:\")",
                                       "st.cmd:2: iocshLoad(\"dev.cmd\", \"DEV=d1:\")"));
    const MacroUse* dev = findUse(desc.macros, "DEV");
    ASSERT_TRUE(dev);
    EXPECT_EQ(dev->origin, MacroOrigin::ScriptVariable);
    EXPECT_EQ(dev->value, "d1:");
    EXPECT_EQ(dev->location.line, 2u);
    EXPECT_EQ(dev->detail, "iocshLoad(\"dev.cmd\", \"DEV=d1:\")");
    const MacroUse* pre = findUse(desc.macros, "PRE");
    ASSERT_TRUE(pre);
    EXPECT_EQ(pre->origin, MacroOrigin::ScriptVariable);
    EXPECT_EQ(pre->written, "$(SYS)");
    const MacroUse* sys = findUse(pre->inner, "SYS");
    ASSERT_TRUE(sys) << "PRE was set from SYS";
    EXPECT_EQ(sys->origin, MacroOrigin::ProcessEnvironment);
    EXPECT_EQ(sys->value, "s1:");
}

TEST_F(ScriptProvenance, ADefaultOnTheScriptLine) {
    write("a.db", "record(ai, \"$(P)a\") {\n    field(DESC, \"$(P)\")\n}\n");
    write("st.cmd", "dbLoadRecords(\"a.db\", \"P=$(NOT_SET=z:)\")\n");
    run();
    ASSERT_EQ(messages(), "");
    const loaders::Statement desc = lastSet("z:a", "DESC");
    const MacroUse* notSet = findUse(desc.macros, "NOT_SET");
    ASSERT_TRUE(notSet);
    EXPECT_EQ(notSet->origin, MacroOrigin::Default);
    EXPECT_EQ(notSet->value, "z:");
}

TEST_F(ScriptProvenance, ALoadAfterTheScriptHasNoCaller) {
    write("a.db", "record(ai, \"$(P)a\") {\n    field(DESC, \"$(P)\")\n}\n");
    write("st.cmd", "dbLoadRecords(\"a.db\", \"P=s:\")\n");
    run();
    ASSERT_EQ(messages(), "");
    // The script's caller is cleared when its load ends: a load of the program's own after
    // the run is no script line's.
    loaders::LoaderOptions loaderOptions;
    loaderOptions.provenance = &provenance;
    loaders::Loader loader(db, diagnostics, loaderOptions);
    ASSERT_TRUE(loader.loadRecords(dir.path("a.db"), "P=t:").ok);
    EXPECT_THAT(scriptLines(lastSet("t:a", "DESC")), ::testing::IsEmpty());
    EXPECT_THAT(scriptLines(lastSet("s:a", "DESC")),
                ::testing::ElementsAre("st.cmd:1: dbLoadRecords(\"a.db\", \"P=s:\")"));
}

// The example IOC of the repository (db/examples/ioc, `make demo`): envPaths, read by `<`, sets
// TOP and IOC, which the dbLoadTemplate line uses.
TEST_F(ScriptProvenance, TheExampleIoc) {
    options.console = nullptr;
    report =
        ioc::runStartupScript((sourceDir() / "db/examples/ioc/iocBoot/iocdemo/st.cmd").string(), db,
                              diagnostics, options);
    ASSERT_EQ(report.errors, 0u) << messages();
    EXPECT_EQ(replayProblems(db, provenance), "");

    const loaders::Statement high = lastSet("iocdemo:turbo:pressure", "HIGH");
    EXPECT_EQ(high.written, "\"$(LIMIT=1e-5)\"");
    const MacroUse* limit = findUse(high.macros, "LIMIT");
    ASSERT_TRUE(limit);
    EXPECT_EQ(limit->origin, MacroOrigin::PatternRow);
    ASSERT_FALSE(scriptLines(high).empty());
    EXPECT_THAT(scriptLines(high).front(), ::testing::StartsWith("st.cmd:15: dbLoadTemplate("));
    const MacroUse* top = findUse(high.chain.back().macros, "TOP");
    ASSERT_TRUE(top) << "the dbLoadTemplate line used $(TOP)";
    EXPECT_THAT(top->location.file, ::testing::EndsWith("envPaths"));
    EXPECT_EQ(top->location.line, 2u);
    EXPECT_EQ(top->value, "../..");
}

// EPICS's startup-script cases: provenance agrees with every database they build.
TEST_F(ScriptProvenance, TheConformanceIocsReplay) {
    EPICSDB_REQUIRE_SHARED("conformance/iocsh");
    for (const char* name : {"s1", "s2", "s3", "s4", "s5"}) {
        SCOPED_TRACE(name);
        dbstatic::Database database;
        loaders::Provenance kept;
        ioc::StartupOptions runOptions;
        runOptions.loader.provenance = &kept;
        DiagnosticList sink;
        (void)ioc::runStartupScript((sharedDir() / "conformance/iocsh" / name / "st.cmd").string(),
                                    database, sink, std::move(runOptions));
        EXPECT_EQ(replayProblems(database, kept), "");
    }
}

// A variable set inside an iocshLoad script from the script's macros, then set again by the
// same script run with `<` from the environment (../shared/conformance/iocsh/s2).
TEST_F(ScriptProvenance, AVariableSetFromIocshLoadMacrosNamesTheirLine) {
    EPICSDB_REQUIRE_SHARED("conformance/iocsh/s2");
    report = ioc::runStartupScript((sharedDir() / "conformance/iocsh/s2/st.cmd").string(), db,
                                   diagnostics, options);
    ASSERT_EQ(report.errors, 0u) << messages();
    // Where NAME's value came from: the dbLoadRecords line's VNAME, set by valve.cmd:1 from
    // PREFIX and N.
    auto vnameOf = [&](std::string_view record) -> std::optional<MacroUse> {
        const std::optional<loaders::RecordProvenance> found = provenance.record(db, record);
        if (!found || found->definitions.empty()) return std::nullopt;
        const MacroUse* use = findUse(found->definitions.back().macros, "VNAME");
        return use ? std::optional<MacroUse>(*use) : std::nullopt;
    };
    const std::optional<MacroUse> second = vnameOf("elsewhere:valve2");
    ASSERT_TRUE(second);
    EXPECT_THAT(second->location.file, ::testing::EndsWith("valve.cmd"));
    EXPECT_EQ(second->location.line, 1u);
    EXPECT_EQ(second->written, "$(PREFIX)valve$(N)");
    const MacroUse* prefix = findUse(second->inner, "PREFIX");
    ASSERT_TRUE(prefix);
    EXPECT_EQ(prefix->value, "elsewhere:");
    EXPECT_EQ(prefix->location.line, 4u); // the iocshLoad that gave it
    EXPECT_EQ(prefix->detail, "iocshLoad(\"scripts/valve.cmd\", \"N=2,PREFIX=elsewhere:\")");

    const std::optional<MacroUse> copy = vnameOf("s2:valve3:copy");
    ASSERT_TRUE(copy);
    const MacroUse* n = findUse(copy->inner, "N");
    ASSERT_TRUE(n);
    EXPECT_EQ(n->value, "3");
    EXPECT_EQ(n->location.line, 5u); // epicsEnvSet("N", "3")
    EXPECT_EQ(n->detail, "epicsEnvSet(\"N\", \"3\")");
    const MacroUse* environmentPrefix = findUse(copy->inner, "PREFIX");
    ASSERT_TRUE(environmentPrefix);
    EXPECT_EQ(environmentPrefix->value, "s2:");
    EXPECT_EQ(environmentPrefix->location.line, 2u);
}

// Without provenance asked for, the report's environment still says where each variable was
// set.
TEST_F(ScriptProvenance, TheReportsVariablesKnowTheirLines) {
    options.loader.provenance = nullptr;
    options.environment.set("FROM_CALLER", "given");
    write("sub.cmd", "epicsEnvSet IOC \"$(PRE)ioc\"\n");
    write("st.cmd", "epicsEnvSet(\"PRE\", \"x:\")\n"
                    "iocshLoad(\"sub.cmd\")\n"
                    "cd ..\n");
    run();
    ASSERT_EQ(messages(), "");
    const ioc::VariableOrigin* ioc = report.environment.origin("IOC");
    ASSERT_TRUE(ioc);
    EXPECT_THAT(ioc->where.file, ::testing::EndsWith("sub.cmd"));
    EXPECT_EQ(ioc->where.line, 1u);
    EXPECT_EQ(ioc->command, "epicsEnvSet IOC \"$(PRE)ioc\"");
    EXPECT_EQ(ioc->written, "$(PRE)ioc");
    ASSERT_TRUE(report.environment.origin("IOCSH_STARTUP_SCRIPT"));
    EXPECT_EQ(report.environment.origin("IOCSH_STARTUP_SCRIPT")->where.line, 2u);
    ASSERT_TRUE(report.environment.origin("PWD"));
    EXPECT_EQ(report.environment.origin("PWD")->command, "cd ..");
    ASSERT_TRUE(report.environment.origin("FROM_CALLER"));
    EXPECT_TRUE(report.environment.origin("FROM_CALLER")->fromStartingEnvironment());
}

// Each macro of a load is traced to the references of its own definition on the script line,
// not to every reference of the line.
TEST_F(ScriptProvenance, ALoadArgumentKeepsOnlyTheReferencesOfItsOwnDefinition) {
    write("db/a.db", "record(ai, \"$(P)a\") {\n    field(DESC, \"$(P)\")\n}\n");
    write("st.cmd", "epicsEnvSet(\"TOP\",\".\")\n"
                    "epicsEnvSet(\"IOC\",\"x:\")\n"
                    "epicsEnvSet(\"UNIT\",\"mm\")\n"
                    "dbLoadRecords(\"$(TOP)/db/a.db\",\"P=$(IOC),U=$(UNIT)\")\n");
    run();
    ASSERT_EQ(messages(), "");
    const loaders::Statement desc = lastSet("x:a", "DESC");
    ASSERT_FALSE(desc.macros.empty());
    const MacroUse& p = desc.macros.front();
    EXPECT_EQ(p.name, "P");
    EXPECT_EQ(p.written, "$(IOC)");
    ASSERT_EQ(p.inner.size(), 1u);
    EXPECT_EQ(p.inner[0].name, "IOC");
    EXPECT_EQ(p.inner[0].location.line, 2u);
}

} // namespace
} // namespace epicsdb::test
