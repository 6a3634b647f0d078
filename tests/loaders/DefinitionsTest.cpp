// Reading .dbd definitions (EPICS-BEHAVIOUR 3.3): what is accepted, what each construct defines,
// and the errors for what EPICS refuses.
#include "LoaderFixture.hpp"

using epicsdb::test::LoaderFixture;
using namespace epicsdb;

namespace {

class Definitions : public LoaderFixture {
protected:
    Definitions() : LoaderFixture(false) {}
};

const char* const kMenuAndType = R"(
menu(menuTest) {
    choice(menuTestA, "Alpha")
    choice(menuTestB, "Beta")
}
recordtype(t) {
    %#include "epicsTypes.h"
    field(NAME, DBF_STRING) { size(61) prompt("Record Name") special(SPC_NOMOD) }
    field(DESC, DBF_STRING) { size(41) promptgroup("10 - Common") }
    field(VAL, DBF_DOUBLE) { promptgroup("40 - Input") pp(TRUE) initial("1.5") }
    field(MODE, DBF_MENU) { menu(menuTest) initial("Beta") interest(1) }
    field(HEXV, DBF_ULONG) { base(HEX) asl(ASL0) }
    field(INP, DBF_INLINK) { promptgroup("40 - Input") }
    field(DTYP, DBF_DEVICE) { promptgroup("10 - Common") }
    field(CALC, DBF_STRING) { size(80) special(SPC_CALC) }
    field(PRIV, DBF_NOACCESS) { extra("void *priv") special(SPC_MOD) }
    field(CNT, DBF_SHORT) { special(105) prop(YES) }
}
device(t, CONSTANT, devTSoft, "Soft Channel")
device(t, INST_IO, devTAsyn, "asyn")
driver(drvTest)
registrar(regTest)
function(funcTest)
variable(varInt)
variable(varDouble, double)
link(calc, lnkCalcIf)
breaktable(bt) { 0 0 10, 100 20 200 }
)";

} // namespace

TEST_F(Definitions, EveryConstructIsDefined) {
    auto result = loader.loadRecordsText("t.dbd", kMenuAndType);
    ASSERT_TRUE(result.ok) << allMessages();

    const dbstatic::Menu* menu = db.findMenu("menuTest");
    ASSERT_NE(menu, nullptr);
    ASSERT_EQ(menu->choices().size(), 2u);
    EXPECT_EQ(menu->choices()[1].name, "menuTestB");
    EXPECT_EQ(menu->choices()[1].value, "Beta");

    const dbstatic::RecordType* type = db.findRecordType("t");
    ASSERT_NE(type, nullptr);
    ASSERT_EQ(type->fields().size(), 10u);
    const auto* val = type->findField("VAL");
    ASSERT_NE(val, nullptr);
    EXPECT_EQ(val->type, dbstatic::DbfType::Double);
    EXPECT_TRUE(val->pp);
    EXPECT_TRUE(val->hasInitial);
    EXPECT_EQ(val->initial, "1.5");
    EXPECT_EQ(val->promptGroup, "40 - Input");
    EXPECT_EQ(type->valField(), val);
    EXPECT_EQ(type->findField("MODE")->menu, menu);
    EXPECT_EQ(type->findField("MODE")->interest, 1);
    EXPECT_TRUE(type->findField("HEXV")->hexBase);
    EXPECT_EQ(type->findField("HEXV")->asl, dbstatic::AccessLevel::Asl0);
    EXPECT_EQ(type->findField("NAME")->special, dbstatic::special::NoMod);
    EXPECT_EQ(type->findField("CALC")->special, dbstatic::special::Calc);
    EXPECT_EQ(type->findField("PRIV")->extra, "void *priv");
    EXPECT_EQ(type->findField("CNT")->special, 105);
    EXPECT_TRUE(type->findField("CNT")->prop);
    EXPECT_TRUE(type->findField("INP")->isDeviceLink);
    EXPECT_FALSE(type->findField("VAL")->isDeviceLink);
    // Prompt groups are numbered in the order first seen.
    EXPECT_EQ(type->findField("DESC")->promptGroupNumber, 1);
    EXPECT_EQ(type->findField("VAL")->promptGroupNumber, 2);
    EXPECT_EQ(type->findField("DTYP")->promptGroupNumber, 1);
    ASSERT_EQ(type->cdefs().size(), 1u);
    EXPECT_EQ(type->cdefs()[0], "#include \"epicsTypes.h\"");
    ASSERT_EQ(type->devices().size(), 2u);
    EXPECT_EQ(type->devices()[1].choice, "asyn");
    EXPECT_EQ(type->devices()[1].linkType, dbstatic::LinkType::InstIo);
    EXPECT_EQ(type->devices()[1].dset, "devTAsyn");
    ASSERT_NE(type->findAttribute("RTYP"), nullptr);
    EXPECT_EQ(type->findAttribute("RTYP")->value, "t");

    EXPECT_EQ(db.drivers(), std::vector<std::string_view>{"drvTest"});
    EXPECT_EQ(db.registrars(), std::vector<std::string_view>{"regTest"});
    EXPECT_EQ(db.functions(), std::vector<std::string_view>{"funcTest"});
    ASSERT_EQ(db.variables().size(), 2u);
    EXPECT_EQ(db.variables()[0].type, "int");
    EXPECT_EQ(db.variables()[1].type, "double");
    ASSERT_NE(db.findLinkSupport("calc"), nullptr);
    EXPECT_EQ(db.findLinkSupport("calc")->jlif, "lnkCalcIf");
    const dbstatic::Breaktable* table = db.findBreaktable("bt");
    ASSERT_NE(table, nullptr);
    ASSERT_EQ(table->points.size(), 3u);
    EXPECT_EQ(table->points[2].raw, 20);
    EXPECT_EQ(table->points[2].engineering, 200);
}

TEST_F(Definitions, DuplicatesKeepTheFirstDefinition) {
    ASSERT_TRUE(loader.loadRecordsText("a.dbd", kMenuAndType).ok) << allMessages();
    auto result = loader.loadRecordsText("b.dbd", R"(
menu(menuTest) { choice(menuTestX, "X") }
recordtype(t) { field(VAL, DBF_LONG) { prompt("other") } }
recordtype(t) {}
device(t, CONSTANT, devOther, "Soft Channel")
driver(drvTest)
)");
    EXPECT_TRUE(result.ok) << allMessages();
    EXPECT_TRUE(diagnostics.items.empty()) << allMessages();
    EXPECT_EQ(db.findMenu("menuTest")->choices().size(), 2u);
    EXPECT_EQ(db.findRecordType("t")->findField("VAL")->type, dbstatic::DbfType::Double);
    EXPECT_EQ(db.findRecordType("t")->devices()[0].dset, "devTSoft");
    EXPECT_EQ(db.drivers().size(), 1u);
}

TEST_F(Definitions, EmptyRecordTypeBeforeItsDefinitionIsAnError) {
    auto result = loader.loadRecordsText("a.dbd", "recordtype(later) {}\n");
    EXPECT_FALSE(result.ok);
    ASSERT_EQ(errors().size(), 1u);
    EXPECT_EQ(errors()[0]->message, "declaration of recordtype(later) preceeded full definition");
}

TEST_F(Definitions, RefusedDefinitionsAreReportedWithTheirPosition) {
    struct Case {
        const char* text;
        const char* message;
        unsigned line, column;
    };
    const Case cases[] = {
        {"recordtype(r) {\n  field(A, DBF_BOGUS) { prompt(\"x\") }\n}\n",
         "illegal field type \"DBF_BOGUS\" for field \"A\"", 2, 12},
        {"menu(m) { choice(a, \"A\") }\nrecordtype(r) {\n  field(A, DBF_MENU) { menu(nope) }\n}\n",
         "menu \"nope\" not found for field \"A\"", 3, 29},
        {"recordtype(r) { field(A, DBF_LONG) { pp(MAYBE) } }\n",
         "illegal 'pp' value \"MAYBE\", must be YES/NO/TRUE/FALSE", 1, 41},
        {"recordtype(r) { field(A, DBF_LONG) { asl(ASL2) } }\n",
         "illegal access security value \"ASL2\": must be ASL0 or ASL1", 1, 42},
        {"recordtype(r) { field(A, DBF_LONG) { size(big) } }\n",
         "illegal 'size' value \"big\", must be integer", 1, 43},
        {"recordtype(r) { field(A, DBF_LONG) { interest(x) } }\n",
         "illegal 'interest' value \"x\", must be integer", 1, 47},
        {"recordtype(r) { field(A, DBF_LONG) { base(OCTAL) } }\n",
         "illegal 'base' value \"OCTAL\", must be DECIMAL/HEX", 1, 43},
        {"recordtype(r) { field(A, DBF_LONG) { special(SPC_BOGUS) } }\n",
         "illegal 'special' value \"SPC_BOGUS\"", 1, 46},
        {"device(nosuch, CONSTANT, devX, \"X\")\n",
         "record type \"nosuch\" not found for device \"X\"", 1, 8},
        {"recordtype(r) { field(A, DBF_LONG) { prompt(\"a\") } }\ndevice(r, FOO_IO, devX, \"X\")\n",
         "bad link type \"FOO_IO\" for device \"X\"", 2, 11},
        {"breaktable(b) { 1 2 x 4 }\n", "non-numeric value \"x\" in breaktable", 1, 21},
        {"breaktable(b) { 1 2 3 }\n", "breaktable(b): raw value missing (odd number of values)", 1,
         1},
        {"breaktable(b) { 1 2 }\n", "breaktable(b): must have at least two points", 1, 1},
        {"breaktable(b) { 0 0 1 0 }\n", "breaktable(b): slope is zero", 1, 1},
        {"breaktable(b) { 0 0 1 1 2 0 }\n", "breaktable(b): slope changes sign", 1, 1},
        {"menu(\"\") { choice(a, \"A\") }\n", "menu name can't be empty", 1, 6},
        {"driver(\"\")\n", "driver name can't be empty", 1, 8},
        {"recordtype(r) { field(\"\", DBF_LONG) { prompt(\"a\") } }\n", "field name can't be empty",
         1, 23},
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(c.text);
        dbstatic::Database fresh;
        DiagnosticList list;
        loaders::Loader reader(fresh, list);
        auto result = reader.loadRecordsText("x.dbd", c.text);
        EXPECT_FALSE(result.ok);
        ASSERT_FALSE(list.items.empty());
        const Diagnostic& first = list.items.front();
        EXPECT_EQ(first.severity, Severity::Error);
        EXPECT_EQ(first.message, c.message);
        EXPECT_EQ(first.location.file, "x.dbd");
        EXPECT_EQ(first.location.line, c.line);
        EXPECT_EQ(first.location.column, c.column);
    }
}

TEST_F(Definitions, UnknownAttributesAreIgnoredAndMissingSizesWarned) {
    auto result = loader.loadRecordsText("a.dbd", R"(
recordtype(r) {
    field(S, DBF_STRING) { prompt("no size") colour(blue) }
    field(P, DBF_NOACCESS) { prompt("no extra") }
}
)");
    EXPECT_TRUE(result.ok) << allMessages();
    ASSERT_EQ(warnings().size(), 2u);
    EXPECT_EQ(warnings()[0]->message, "recordtype(r).S size not specified");
    EXPECT_EQ(warnings()[1]->message, "recordtype(r).P extra not specified");
}

TEST_F(Definitions, StandardDefinitionsMatchASoftIoc) {
    ASSERT_TRUE(loader.loadDefaultDefinitions().ok) << allMessages();
    EXPECT_EQ(db.recordTypes().size(), 34u);
    const dbstatic::RecordType* ai = db.findRecordType("ai");
    ASSERT_NE(ai, nullptr);
    EXPECT_EQ(ai->fields().front().name, "NAME");
    EXPECT_EQ(ai->findField("NAME")->size, 61u);
    EXPECT_EQ(ai->findField("DESC")->size, 41u);
    ASSERT_FALSE(ai->devices().empty());
    EXPECT_EQ(ai->devices()[0].choice, "Soft Channel");
    EXPECT_NE(db.findMenu("menuScan"), nullptr);
    EXPECT_NE(db.findLinkSupport("calc"), nullptr);
}

// size, interest and special numbers are read as EPICS reads them, with sscanf("%hd"):
// leading blanks and a sign, decimal digits, anything after them ignored, the value cut to a
// short; breaktable values as epicsScanDouble reads them (a number at the start).
TEST_F(Definitions, AttributeNumbersAreReadAsEpicsReadsThem) {
    struct Case {
        const char* attribute;
        int expected;
    };
    const Case cases[] = {
        {"interest(\" 12\")", 12},     {"interest(\"+3\")", 3}, {"interest(\"-2\")", -2},
        {"interest(\"7 levels\")", 7}, {"interest(0x10)", 0},   {"interest(010)", 10},
        {"interest(70000)", 4464},
    };
    int n = 0;
    for (const Case& c : cases) {
        const std::string type = "t" + std::to_string(n++);
        const std::string text = "recordtype(" + type + ") { field(NAME, DBF_STRING) { size(61) }" +
                                 " field(A, DBF_LONG) { " + c.attribute + " } }\n";
        ASSERT_TRUE(loader.loadRecordsText("attr.dbd", text).ok) << c.attribute << allMessages();
        EXPECT_EQ(db.findRecordType(type)->findField("A")->interest, c.expected) << c.attribute;
    }
    ASSERT_TRUE(loader
                    .loadRecordsText("size.dbd", "recordtype(s) { field(S, DBF_STRING) {"
                                                 " size(\"40 chars\") } }\n")
                    .ok)
        << allMessages();
    EXPECT_EQ(db.findRecordType("s")->findField("S")->size, 40u);
    ASSERT_TRUE(loader.loadRecordsText("bpt.dbd", "breaktable(b) { 0 \"0.5x\" 10 20 }\n").ok)
        << allMessages();
    ASSERT_NE(db.findBreaktable("b"), nullptr);
    EXPECT_EQ(db.findBreaktable("b")->points[0].engineering, 0.5);
}
