// Runs the plain C program (CProgram.c) over the test definitions and checks what it prints.
#include "TestFiles.hpp"

#include <gtest/gtest.h>

extern "C" int epicsdbCProgram(const char* dbd, const char* db);

namespace epicsdb::test {
namespace {

TEST(CProgram, WalksPutsVerifiesAndWritesThroughTheCApi) {
    ScratchDir dir;
    const std::string dbd = dir.write("test.dbd", kTestDbd);
    const std::string db = dir.write("test.db", R"(
record(tst, "$(P)one") {
    field(DESC, "first one")
    field(VAL, "42")
    info(autosaveFields, "VAL DESC")
    alias("$(P)alias")
}
record(tst, "$(P)two") {
    field(DTYP, "Inst")
    field(INP, "@parm")
}
)");
    const ChildResult result =
        runCapturingBoth([&] { return epicsdbCProgram(dbd.c_str(), db.c_str()); });
    EXPECT_EQ(result.exitCode, 0) << result.out;
    EXPECT_EQ(result.out, "1 record type(s)\n"
                          "type tst: 3 nodes, 1 aliases, 13 fields, VAL is VAL\n"
                          "  c:one (has aliases)\n"
                          "    DESC = \"first one\"\n"
                          "    DTYP = \"Soft Channel\"\n"
                          "    UDF = \"0\"\n"
                          "    VAL = \"42\"\n"
                          "    info autosaveFields = \"VAL DESC\"\n"
                          "  alias c:alias -> c:one\n"
                          "  c:two\n"
                          "    DTYP = \"Inst\"\n"
                          "find 0: SCAN is DBF_MENU with 3 choices, menu menuScan\n"
                          "put 0: now \"Event\"\n"
                          "verify: Not a valid menu choice\n"
                          "copy 0: DESC = \"first one\", entry still at SCAN\n"
                          "alias 0: c:alias, real c:one\n"
                          "--- dbWriteRecordFP level 0\n"
                          "record(tst,\"c:one\") {\n"
                          "\tfield(DESC,\"first one\")\n"
                          "\tfield(SCAN,\"Event\")\n"
                          "\tfield(DTYP,\"Soft Channel\")\n"
                          "\tfield(UDF,\"0\")\n"
                          "\tfield(VAL,\"42\")\n"
                          "\tinfo(\"autosaveFields\",\"VAL DESC\")\n"
                          "}\n"
                          "record(tst,\"c:two\") {\n"
                          "\tfield(DTYP,\"Inst\")\n"
                          "}\n"
                          "alias(\"c:one\",\"c:alias\")\n");
}

} // namespace
} // namespace epicsdb::test
