// The EPICS dbWriteMenu/dbWriteRecordType/dbWriteDevice/... formats (EPICS-BEHAVIOUR 4.6 "Other
// writers").
#include "TestDatabase.hpp"

#include <epicsdb/dbStatic/Writers.hpp>

#include <gtest/gtest.h>

#include <sstream>

namespace epicsdb::test {
namespace {

template <class Write>
std::string text(Write write) {
    std::string out;
    write(out);
    std::ostringstream stream;
    write(stream);
    EXPECT_EQ(stream.str(), out) << "string and stream forms differ";
    return out;
}

TEST(DefinitionWriter, MenusInDescendingNameOrder) {
    AiDatabase t;
    const std::vector<MenuChoice> choices = {{"waveformPOST_Always", "Always"},
                                             {"waveformPOST_OnChange", "On Change"}};
    t.db.addMenu("waveformPOST", choices);
    const std::vector<MenuChoice> one = {{"aSubEFLG_NEVER", "NEVER"}};
    t.db.addMenu("aSubEFLG", one);
    EXPECT_EQ(text([&](auto& out) { writeMenus(t.db, out); }),
              "menu(waveformPOST) {\n"
              "\tchoice(waveformPOST_Always,\"Always\")\n"
              "\tchoice(waveformPOST_OnChange,\"On Change\")\n"
              "}\n"
              "menu(menuYesNo) {\n"
              "\tchoice(menuYesNoNO,\"NO\")\n"
              "\tchoice(menuYesNoYES,\"YES\")\n"
              "}\n"
              "menu(menuScan) {\n"
              "\tchoice(menuScanPassive,\"Passive\")\n"
              "\tchoice(menuScanEvent,\"Event\")\n"
              "\tchoice(menuScanI_O_Intr,\"I/O Intr\")\n"
              "\tchoice(menuScan1_second,\"1 second\")\n"
              "}\n"
              "menu(aSubEFLG) {\n"
              "\tchoice(aSubEFLG_NEVER,\"NEVER\")\n"
              "}\n");
    EXPECT_EQ(
        text([&](auto& out) { writeMenus(t.db, out, "menuYesNo"); }),
        "menu(menuYesNo) {\n\tchoice(menuYesNoNO,\"NO\")\n\tchoice(menuYesNoYES,\"YES\")\n}\n");
    EXPECT_EQ(text([&](auto& out) { writeMenus(t.db, out, "*"); }),
              text([&](auto& out) { writeMenus(t.db, out); }));
    EXPECT_EQ(text([&](auto& out) { writeMenus(t.db, out, "nosuch"); }), "");
}

TEST(DefinitionWriter, RecordTypeWithEveryAttributeAndTheSpecialCodeQuirk) {
    Database db;
    const std::vector<MenuChoice> choices = {{"mNO", "NO"}};
    const Menu* menu = db.addMenu("m", choices).item;
    const std::vector<FieldDef> fields = {
        Field("NAME", DbfType::String).size(61).special(special::NoMod).prompt("Record Name"),
        Field("NSTA", DbfType::Menu).interest(2).menu(menu),
        Field("SDLY", DbfType::Double)
            .group("90 - Simulate")
            .initial("-1.0")
            .interest(2)
            .special(special::Mod)
            .prompt("Sim. Mode Async Delay"),
        Field("MLOK", DbfType::NoAccess)
            .interest(4)
            .extra("epicsMutexId        mlok")
            .special(special::NoMod)
            .prompt("Monitor lock"),
        Field("HASH", DbfType::ULong).hex().prop().pp().asl0().special(4).prompt("h"),
        Field("CALC", DbfType::String).size(80).special(special::Calc).initial(""),
    };
    db.addRecordType("t", fields);
    EXPECT_EQ(text([&](auto& out) { writeRecordTypes(db, out); }),
              "recordtype(t) {\n"
              "\tfield(NAME,DBF_STRING) {\n"
              "\t\tprompt(\"Record Name\")\n"
              "\t\tspecial(SPC_NOMOD)\n"
              "\t\tsize(61)\n"
              "\t}\n"
              "\tfield(NSTA,DBF_MENU) {\n"
              "\t\tprompt(\"\")\n"
              "\t\tmenu(m)\n"
              "\t\tinterest(2)\n"
              "\t}\n"
              "\tfield(SDLY,DBF_DOUBLE) {\n"
              "\t\tprompt(\"Sim. Mode Async Delay\")\n"
              "\t\tinitial(\"-1.0\")\n"
              "\t\tpromptgroup(\"90 - Simulate\")\n"
              "\t\tspecial(100)\n"
              "\t\tinterest(2)\n"
              "\t}\n"
              "\tfield(MLOK,DBF_NOACCESS) {\n"
              "\t\tprompt(\"Monitor lock\")\n"
              "\t\tspecial(SPC_NOMOD)\n"
              "\t\textra(\"epicsMutexId        mlok\")\n"
              "\t\tinterest(4)\n"
              "\t}\n"
              "\tfield(HASH,DBF_ULONG) {\n"
              "\t\tprompt(\"h\")\n"
              "\t\tpp(TRUE)\n"
              "\t\tprop(YES)\n"
              "\t\tbase(HEX)\n"
              "\t\tasl(ASL0)\n"
              "\t}\n"
              "\tfield(CALC,DBF_STRING) {\n"
              "\t\tprompt(\"\")\n"
              "\t\tinitial(\"\")\n"
              "\t\tspecial(103)\n"
              "\t\tsize(80)\n"
              "\t}\n"
              "}\n");
}

TEST(DefinitionWriter, RecordTypeSelection) {
    AiDatabase t;
    const std::vector<FieldDef> xFields = {Field("VAL", DbfType::Long)};
    t.db.addRecordType("x", xFields);
    const std::string onlyX = text([&](auto& out) { writeRecordTypes(t.db, out, "x"); });
    EXPECT_EQ(onlyX, "recordtype(x) {\n\tfield(VAL,DBF_LONG) {\n\t\tprompt(\"\")\n\t}\n}\n");
    const std::string all = text([&](auto& out) { writeRecordTypes(t.db, out); });
    EXPECT_EQ(all.find("recordtype(ai) {"), 0u);
    EXPECT_EQ(all.substr(all.size() - onlyX.size()), onlyX) << "definition order";
    EXPECT_EQ(text([&](auto& out) { writeRecordTypes(t.db, out, "nosuch"); }), "");
}

TEST(DefinitionWriter, DevicesDriversLinksRegistrarsFunctionsVariables) {
    AiDatabase t;
    const std::vector<FieldDef> boFields = {Field("VAL", DbfType::Enum)};
    RecordType* bo = t.db.addRecordType("bo", boFields).item;
    t.db.addDevice(*bo, {LinkType::VmeIo, "devBoVme", "VME bo"});
    for (std::string_view name : {"drvB", "drvA"})
        t.db.addDriver(name);
    t.db.addLinkSupport("calc", "lnkCalcIf");
    t.db.addLinkSupport("const", "lnkConstIf");
    t.db.addRegistrar("rsrvRegistrar");
    t.db.addRegistrar("asSub");
    t.db.addFunction("mySubInit");
    t.db.addVariable("dbRecordsOnceOnly", "int");
    t.db.addVariable("boHIGHlimit", "double");
    t.db.addVariable("plain", "");

    EXPECT_EQ(text([&](auto& out) { writeDevices(t.db, out); }),
              "device(ai,CONSTANT,devAiSoft,\"Soft Channel\")\n"
              "device(ai,CONSTANT,devAiSoftRaw,\"Raw Soft Channel\")\n"
              "device(bo,VME_IO,devBoVme,\"VME bo\")\n");
    EXPECT_EQ(text([&](auto& out) { writeDrivers(t.db, out); }), "driver(drvB)\ndriver(drvA)\n");
    EXPECT_EQ(text([&](auto& out) { writeLinkSupports(t.db, out); }),
              "link(calc,lnkCalcIf)\nlink(const,lnkConstIf)\n");
    EXPECT_EQ(text([&](auto& out) { writeRegistrars(t.db, out); }),
              "registrar(rsrvRegistrar)\nregistrar(asSub)\n");
    EXPECT_EQ(text([&](auto& out) { writeFunctions(t.db, out); }), "function(mySubInit)\n");
    EXPECT_EQ(text([&](auto& out) { writeVariables(t.db, out); }),
              "variable(dbRecordsOnceOnly,int)\nvariable(boHIGHlimit,double)\n"
              "variable(plain,int)\n");
}

TEST(DefinitionWriter, BreaktablesInNameOrderWithPrintfExponentFormat) {
    Database db;
    const std::vector<BreakpointPoint> k = {{0, 0}, {365.023256, 67}, {1000.046512, -178.5}};
    const std::vector<BreakpointPoint> a = {{1e-7, 2e20}, {2, 3}};
    db.addBreaktable("typeK", k);
    db.addBreaktable("typeA", a);
    EXPECT_EQ(text([&](auto& out) { writeBreaktables(db, out); }), "breaktable(typeA) {\n"
                                                                   "\t1.000000e-07, 2.000000e+20\n"
                                                                   "\t2.000000e+00, 3.000000e+00\n"
                                                                   "}\n"
                                                                   "breaktable(typeK) {\n"
                                                                   "\t0.000000e+00, 0.000000e+00\n"
                                                                   "\t3.650233e+02, 6.700000e+01\n"
                                                                   "\t1.000047e+03, -1.785000e+02\n"
                                                                   "}\n");
}

} // namespace
} // namespace epicsdb::test
