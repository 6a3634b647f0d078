// The expanded .dbd in the layout of EPICS's dbdExpand.pl.
#include "TestDatabase.hpp"

#include <epicsdb/dbStatic/Writers.hpp>

#include <gtest/gtest.h>

#include <sstream>

namespace epicsdb::test {
namespace {

std::string expanded(const Database& db) {
    std::string out;
    writeExpandedDbd(db, out);
    std::ostringstream stream;
    writeExpandedDbd(db, stream);
    EXPECT_EQ(stream.str(), out) << "string and stream forms differ";
    return out;
}

TEST(DbdExpandWriter, EverySectionSortedWithPerlLayout) {
    Database db;
    const std::vector<MenuChoice> yesNo = {{"menuYesNoNO", "NO"}, {"menuYesNoYES", "YES"}};
    const std::vector<MenuChoice> alarm = {{"menuAlarmSevrNO_ALARM", "NO_ALARM"}};
    const Menu* yesNoMenu = db.addMenu("menuYesNo", yesNo).item;
    db.addMenu("menuAlarmSevr", alarm);
    const std::vector<FieldDef> zFields = {Field("VAL", DbfType::Long).prompt("v")};
    const std::vector<std::string_view> cdefs = {"#include \"epicsTypes.h\"", "    dset common;"};
    const std::vector<FieldDef> aFields = {
        Field("NAME", DbfType::String).size(61).special(special::NoMod).prompt("Record Name"),
        Field("SCAN", DbfType::Menu)
            .group("20 - Scan")
            .interest(1)
            .menu(yesNoMenu)
            .special(special::Scan)
            .prompt("Scan Mechanism"),
        Field("MLOK", DbfType::NoAccess)
            .interest(4)
            .extra("epicsMutexId        mlok")
            .special(special::NoMod)
            .prompt("Monitor lock"),
        Field("SDLY", DbfType::Double).group("GUI_ALARMS").initial("-1.0").special(555),
        Field("HASH", DbfType::ULong).hex().asl0().pp().prop().initial("0").interest(3),
        Field("NSTA", DbfType::Menu).interest(2).menu(yesNoMenu),
    };
    RecordType* z = db.addRecordType("zType", zFields).item;
    RecordType* a = db.addRecordType("aType", aFields, cdefs).item;
    db.addDevice(*a, {LinkType::Constant, "devASoft", "Soft Channel"});
    db.addDevice(*a, {LinkType::InstIo, "devAInst", "Inst"});
    db.addDevice(*z, {LinkType::Constant, "devZ", "Soft Channel"});
    db.addDriver("drvZ");
    db.addDriver("drvA");
    db.addLinkSupport("state", "lnkStateIf");
    db.addLinkSupport("calc", "lnkCalcIf");
    db.addRegistrar("tsInitialize");
    db.addRegistrar("asSub");
    db.addFunction("subB");
    db.addFunction("subA");
    db.addVariable("seqDLYlimit", "double");
    db.addVariable("CASDEBUG", "int");
    const std::vector<BreakpointPoint> points = {{0, 0}, {365.023256, 67}, {1.5e-9, -2}};
    db.addBreaktable("typeK", points);
    db.addBreaktable("typeJ", points);

    EXPECT_EQ(expanded(db), R"(menu(menuAlarmSevr) {
    choice(menuAlarmSevrNO_ALARM, "NO_ALARM")
}
menu(menuYesNo) {
    choice(menuYesNoNO, "NO")
    choice(menuYesNoYES, "YES")
}
recordtype(aType) {
    %#include "epicsTypes.h"
    %    dset common;
    field(NAME, DBF_STRING) {
        size(61)
        special(SPC_NOMOD)
        prompt("Record Name")
    }
    field(SCAN, DBF_MENU) {
        promptgroup("20 - Scan")
        interest(1)
        menu(menuYesNo)
        special(SPC_SCAN)
        prompt("Scan Mechanism")
    }
    field(MLOK, DBF_NOACCESS) {
        interest(4)
        extra("epicsMutexId        mlok")
        special(SPC_NOMOD)
        prompt("Monitor lock")
    }
    field(SDLY, DBF_DOUBLE) {
        promptgroup("70 - Alarm")
        initial("-1.0")
        special(555)
    }
    field(HASH, DBF_ULONG) {
        interest(3)
        initial("0")
        base(HEX)
        asl(ASL0)
        pp(TRUE)
        prop(YES)
    }
    field(NSTA, DBF_MENU) {
        interest(2)
        menu(menuYesNo)
    }
}
device(aType, CONSTANT, devASoft, "Soft Channel")
device(aType, INST_IO, devAInst, "Inst")
recordtype(zType) {
    field(VAL, DBF_LONG) {
        prompt("v")
    }
}
device(zType, CONSTANT, devZ, "Soft Channel")
driver(drvA)
driver(drvZ)
link(calc, lnkCalcIf)
link(state, lnkStateIf)
registrar(asSub)
registrar(tsInitialize)
function(subA)
function(subB)
variable(CASDEBUG, int)
variable(seqDLYlimit, double)
breaktable("typeJ") {
    0, 0
    365.023256, 67
    1.5e-09, -2
}
breaktable("typeK") {
    0, 0
    365.023256, 67
    1.5e-09, -2
}
)");
}

TEST(DbdExpandWriter, AttributeValuesAreQuotedUnlessTheyAreNames) {
    const std::pair<std::string_view, std::string_view> cases[] = {
        {"plain_name", "extra(plain_name)"}, {"a:b.c[1]<x>;-", "extra(a:b.c[1]<x>;-)"},
        {"a{b}c", "extra(a{b}c)"},           {"{b}", "extra(\"{b}\")"},
        {"a{{b", "extra(\"a{{b\")"},         {"with space", "extra(\"with space\")"},
        {"char *p", "extra(\"char *p\")"},
    };
    for (const auto& [value, line] : cases) {
        Database db;
        const std::vector<FieldDef> fields = {Field("P", DbfType::NoAccess).extra(value)};
        db.addRecordType("t", fields);
        const std::string expected = "        " + std::string(line) + "\n";
        EXPECT_NE(expanded(db).find(expected), std::string::npos) << value << " in\n"
                                                                  << expanded(db);
    }
}

TEST(DbdExpandWriter, PromptAndInitialAreAlwaysQuoted) {
    Database db;
    const std::vector<FieldDef> fields = {
        Field("F", DbfType::Long).initial("5").prompt("Prompt"),
    };
    db.addRecordType("t", fields);
    EXPECT_EQ(expanded(db), "recordtype(t) {\n"
                            "    field(F, DBF_LONG) {\n"
                            "        initial(\"5\")\n"
                            "        prompt(\"Prompt\")\n"
                            "    }\n"
                            "}\n");
}

// The groups of the old record-specific screens all became "30 - Action".
TEST(DbdExpandWriter, OldActionPromptGroupsAreWrittenAsAction) {
    for (const char* group : {"GUI_CLOCK", "GUI_COMPRESS", "GUI_HIST", "GUI_MBB", "GUI_MOTOR",
                              "GUI_PID", "GUI_PULSE", "GUI_SUB", "GUI_TIMER"}) {
        Database db;
        const std::vector<FieldDef> fields = {Field("F", DbfType::Long).group(group)};
        db.addRecordType("t", fields);
        EXPECT_NE(expanded(db).find("promptgroup(\"30 - Action\")"), std::string::npos)
            << group << " in\n"
            << expanded(db);
    }
}

// The old GUI_xxx groups become the numbered groups of EPICS 7 (several old names share one).
TEST(DbdExpandWriter, OldPromptGroupsAreWrittenAsTheirNewNames) {
    Database db;
    const std::vector<FieldDef> fields = {
        Field("F1", DbfType::Long).group("GUI_COMMON"),
        Field("F2", DbfType::Long).group("GUI_SCAN"),
        Field("F3", DbfType::Long).group("GUI_CALC"),
        Field("F4", DbfType::Long).group("GUI_WAVE"),
        Field("F5", DbfType::Long).group("GUI_INPUTS"),
        Field("F6", DbfType::Long).group("GUI_SELECT"),
        Field("F7", DbfType::Long).group("GUI_LINKS"),
        Field("F8", DbfType::Long).group("GUI_BITS1"),
        Field("F9", DbfType::Long).group("GUI_BITS2"),
        Field("F10", DbfType::Long).group("GUI_OUTPUT"),
        Field("F11", DbfType::Long).group("GUI_SEQ1"),
        Field("F12", DbfType::Long).group("GUI_SEQ2"),
        Field("F13", DbfType::Long).group("GUI_SEQ3"),
        Field("F14", DbfType::Long).group("GUI_CONVERT"),
        Field("F15", DbfType::Long).group("GUI_ALARMS"),
        Field("F16", DbfType::Long).group("GUI_DISPLAY"),
    };
    db.addRecordType("t", fields);
    EXPECT_EQ(expanded(db), R"dbd(recordtype(t) {
    field(F1, DBF_LONG) {
        promptgroup("10 - Common")
    }
    field(F2, DBF_LONG) {
        promptgroup("20 - Scan")
    }
    field(F3, DBF_LONG) {
        promptgroup("30 - Action")
    }
    field(F4, DBF_LONG) {
        promptgroup("30 - Action")
    }
    field(F5, DBF_LONG) {
        promptgroup("40 - Input")
    }
    field(F6, DBF_LONG) {
        promptgroup("40 - Input")
    }
    field(F7, DBF_LONG) {
        promptgroup("40 - Link")
    }
    field(F8, DBF_LONG) {
        promptgroup("41 - Bits (1)")
    }
    field(F9, DBF_LONG) {
        promptgroup("42 - Bits (2)")
    }
    field(F10, DBF_LONG) {
        promptgroup("50 - Output")
    }
    field(F11, DBF_LONG) {
        promptgroup("51 - Output (1)")
    }
    field(F12, DBF_LONG) {
        promptgroup("52 - Output (2)")
    }
    field(F13, DBF_LONG) {
        promptgroup("53 - Output (3)")
    }
    field(F14, DBF_LONG) {
        promptgroup("60 - Convert")
    }
    field(F15, DBF_LONG) {
        promptgroup("70 - Alarm")
    }
    field(F16, DBF_LONG) {
        promptgroup("80 - Display")
    }
}
)dbd");
}

TEST(DbdExpandWriter, EmptyDatabaseWritesNothing) {
    Database db;
    EXPECT_EQ(expanded(db), "");
}

TEST(DbdExpandWriter, OtherPromptGroupsAreKept) {
    Database db;
    const std::vector<FieldDef> fields = {
        Field("A", DbfType::Long).group("GUI_UNKNOWN"),
        Field("B", DbfType::Long).group("99 - Mine"),
    };
    db.addRecordType("t", fields);
    EXPECT_EQ(expanded(db), R"(recordtype(t) {
    field(A, DBF_LONG) {
        promptgroup(GUI_UNKNOWN)
    }
    field(B, DBF_LONG) {
        promptgroup("99 - Mine")
    }
}
)");
}

} // namespace
} // namespace epicsdb::test
