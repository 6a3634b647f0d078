// `epicsdb ioc`, and check and dump given a startup script, as a user runs them.
#include "RunProgram.hpp"
#include "ScratchDir.hpp"

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

using epicsdb::test::runProgram;
using nlohmann::json;

namespace {

class IocTool : public ::testing::Test {
protected:
    void SetUp() override {
        dir.write("ioc/db/pump.db", "record(ai, \"$(P)pressure\") {\n"
                                    "    field(DESC, \"$(DESC=pump)\")\n"
                                    "    alias(\"$(P)p\")\n}\n");
        dir.write("ioc/st.cmd", "#!../bin/ioc\n"
                                "< envPaths\n"
                                "epicsEnvSet(\"EPICS_DB_INCLUDE_PATH\", \"$(TOP)/db\")\n"
                                "drvAsynIPPortConfigure(\"L0\", \"10.0.0.1:4001\")\n"
                                "dbLoadRecords(\"pump.db\", \"P=$(IOC):\")\n"
                                "iocInit\n");
        dir.write("ioc/envPaths", "epicsEnvSet(\"IOC\", \"demo\")\nepicsEnvSet(\"TOP\", \".\")\n");
    }
    epicsdb::test::ProgramResult run(const std::vector<std::string>& args) {
        return runProgram(EPICSDB_TOOL, args, {.workingDirectory = dir.path()});
    }
    epicsdb::test::ScratchDir dir;
};

TEST_F(IocTool, CheckRunsTheScriptFromItsFolder) {
    const auto result = run({"check", "ioc/st.cmd"});
    EXPECT_EQ(result.status, 0) << result.err;
    EXPECT_NE(result.err.find("1 record, 0 errors"), std::string::npos) << result.err;
    EXPECT_NE(result.err.find("1 command not run offline: drvAsynIPPortConfigure (ioc/st.cmd:4)"),
              std::string::npos)
        << result.err;
}

TEST_F(IocTool, CheckJsonCountsTheCommandsNotRun) {
    const auto result = run({"check", "--format", "json", "ioc/st.cmd"});
    EXPECT_EQ(result.status, 0) << result.err;
    const json summary = json::parse(result.out)["summary"];
    EXPECT_EQ(summary["records"], 1);
    EXPECT_EQ(summary["commandsNotRun"], 1);
}

TEST_F(IocTool, DumpPrintsTheIocsRecords) {
    const auto result = run({"dump", "--startup", "ioc/st.cmd"});
    EXPECT_EQ(result.status, 0) << result.err;
    EXPECT_EQ(result.out, "record(ai,\"demo:pressure\") {\n\tfield(DESC,\"pump\")\n"
                          "\tfield(DTYP,\"Soft Channel\")\n}\n"
                          "alias(\"demo:pressure\",\"demo:p\")\n");
}

TEST_F(IocTool, IocJsonDescribesTheIoc) {
    const auto result = run({"ioc", "--format", "json", "ioc/st.cmd"});
    EXPECT_EQ(result.status, 0) << result.err;
    const json ioc = json::parse(result.out);
    EXPECT_EQ(ioc["records"][0]["name"], "demo:pressure");
    EXPECT_EQ(ioc["aliases"][0]["record"], "demo:pressure");
    EXPECT_EQ(ioc["loads"][0]["command"], "dbLoadRecords");
    EXPECT_EQ(ioc["loads"][0]["macros"], "P=demo:");
    EXPECT_EQ(ioc["loads"][0]["location"]["line"], 5);
    EXPECT_EQ(ioc["skipped"][0]["name"], "drvAsynIPPortConfigure");
    EXPECT_EQ(ioc["environment"]["IOC"], "demo");
    EXPECT_EQ(ioc["iocInit"], true);
    EXPECT_EQ(ioc["errors"], 0);
}

// The object as nlohmann-json's dump(2) laid it out, which programs reading it were written
// against; bytes that are not UTF-8 replaced, one U+FFFD per ill-formed sequence.
TEST_F(IocTool, IocJsonKeepsItsLayoutAndRepairsBytesThatAreNotUtf8) {
    dir.write("ioc/bytes.cmd", "epicsEnvSet(\"V\xe9\", \"caf\xe9 \xe2\x82x \xf0\x9f\x98\")\n"
                               "dbLoadRecords(\"db/pump.db\", \"P=\xc0\xaf:\")\n"
                               "myDriver(\"\x01\ttab\")\n");
    const auto result = run({"ioc", "--format", "json", "--console", "ioc/bytes.cmd"});
    EXPECT_EQ(result.status, 0) << result.err;
    const nlohmann::ordered_json ioc = nlohmann::ordered_json::parse(result.out);
    EXPECT_EQ(result.out, ioc.dump(2) + "\n");
    // One U+FFFD per byte that is not part of well-formed UTF-8, as every JSON document spells it.
    const std::string fffd = "\xEF\xBF\xBD";
    EXPECT_EQ(ioc["environment"]["V" + fffd],
              "caf" + fffd + " " + fffd + fffd + "x " + fffd + fffd + fffd);
    EXPECT_EQ(ioc["records"][0]["name"], "\xEF\xBF\xBD\xEF\xBF\xBD:pressure");
    EXPECT_NE(result.out.find("\"myDriver(\\\"\\u0001\\ttab\\\")\""), std::string::npos)
        << result.out;
}

TEST_F(IocTool, IocRecordsListsNamesLikeDbl) {
    const auto result = run({"ioc", "--records", "ioc/st.cmd"});
    EXPECT_EQ(result.status, 0) << result.err;
    EXPECT_EQ(result.out, "demo:pressure\ndemo:p\n");
}

TEST_F(IocTool, EnvironmentOptionComesBeforeTheScript) {
    dir.write("ioc/st2.cmd", "dbLoadRecords(\"db/pump.db\", \"P=$(WHO)\")\n");
    const auto result = run({"ioc", "--records", "-e", "WHO=given:", "ioc/st2.cmd"});
    EXPECT_EQ(result.status, 0) << result.err;
    EXPECT_EQ(result.out, "given:pressure\ngiven:p\n");
}

TEST_F(IocTool, ErrorsCarryTheScriptLineAndGiveStatusOne) {
    dir.write("ioc/bad.cmd", "dbLoadRecords(\"db/pump.db\", \"P=x:,DESC=$(NOPE)\")\n"
                             "dbLoadRecords(\"db/missing.db\")\n");
    const auto result = run({"check", "ioc/bad.cmd"});
    EXPECT_EQ(result.status, 1);
    EXPECT_NE(result.err.find("ioc/bad.cmd:1:40: error: macro NOPE is undefined"),
              std::string::npos)
        << result.err;
    EXPECT_NE(result.err.find("ioc/bad.cmd:2: in dbLoadRecords(\"db/missing.db\")\n"
                              "db/missing.db: error: can't open \"db/missing.db\" (searched ioc)"),
              std::string::npos)
        << result.err;
}

TEST_F(IocTool, AnUnreadableScriptGivesStatusTwo) {
    EXPECT_EQ(run({"check", "ioc/none.cmd"}).status, 2);
    EXPECT_EQ(run({"ioc", "ioc/none.cmd"}).status, 2);
}

TEST_F(IocTool, AScriptIsRunAlone) {
    const auto result = run({"check", "ioc/st.cmd", "ioc/db/pump.db"});
    EXPECT_EQ(result.status, 2);
    EXPECT_NE(result.err.find("a startup script is run alone"), std::string::npos) << result.err;
    EXPECT_EQ(run({"check", "-m", "P=1", "ioc/st.cmd"}).status, 2);
    EXPECT_EQ(run({"check", "-e", "A=1", "ioc/db/pump.db"}).status, 2);
    EXPECT_EQ(run({"ioc", "ioc/db/pump.db"}).status, 2);
}

TEST_F(IocTool, ConsoleShowsWhatIocshPrints) {
    const auto result = run({"ioc", "--console", "ioc/st.cmd"});
    EXPECT_EQ(result.status, 0) << result.err;
    EXPECT_EQ(result.out.rfind("#!../bin/ioc\n< envPaths\nepicsEnvSet(\"IOC\", \"demo\")\n", 0), 0u)
        << result.out;
}

} // namespace
