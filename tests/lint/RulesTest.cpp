// Every lint rule with an example that trips it and one that does not.
#include "LintFixture.hpp"

#include <epicsdb/lint/Rules.hpp>

#include <gmock/gmock.h>

namespace epicsdb::test {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;

class Rules : public LintFixture {};

TEST_F(Rules, ExtLinkAtTheFieldLine) {
    load("record(ai, \"a\") {\n"
         "    field(DESC, \"x\")\n"
         "    field(INP, \"missing.VAL CP\")\n"
         "    field(FLNK, \"b\")\n"
         "}\n"
         "record(calc, \"b\") {\n"
         "    field(INPA, \"a\")\n"
         "    field(INPB, \"b.VAL NPP\")\n"
         "    field(INPC, \"1.5\")\n"
         "}\n");
    EXPECT_THAT(lint(), ElementsAre("ext-link@3"));
    EXPECT_THAT(messages(), HasSubstr("INP of a names record \"missing\""));
    EXPECT_EQ(findings.items[0].location.column, 5u);
}

TEST_F(Rules, TheFieldLineIsTheOneInEffectNotACommentNorAWordInAValue) {
    load("record(ao, \"t\") {\n"
         "    field(DESC, \"throttle record\")\n"
         "#   field(OUT, \"old\")\n"
         "    field(OUT, \"first\")\n"
         "    field(OUT, \"nowhere\")\n"
         "}\n");
    std::vector<std::string> links;
    for (const std::string& found : lint())
        if (found.starts_with("ext-link")) links.push_back(found);
    EXPECT_THAT(links, ElementsAre("ext-link@5"));
}

TEST_F(Rules, ExternalsFromPragmasAndGlobs) {
    load("#: external(\"remote:one\")\n"
         "record(ai, \"a\") {\n    field(INP, \"remote:one CP\")\n}\n"
         "record(ai, \"b\") {\n    field(INP, \"lab:two.VAL\")\n}\n"
         "record(ai, \"c\") {\n    field(INP, \"else:three\")\n}\n");
    options.externals = {"lab:*"};
    EXPECT_THAT(lint(), ElementsAre("ext-link@9"));
}

TEST_F(Rules, LinkFieldTheTargetTypeDoesNotHave) {
    load("record(ai, \"a\") {\n    field(INP, \"b.NOSUCH\")\n}\n"
         "record(ao, \"b\") {\n    field(DOL, \"a.EGU\")\n    field(OUT, \"a.DESC$ PP\")\n"
         "    field(FLNK, \"a.RTYP\")\n}\n");
    EXPECT_THAT(lint(), ElementsAre("link-field@2"));
    EXPECT_THAT(messages(), HasSubstr("record type \"ao\" has no such field"));
}

TEST_F(Rules, LinkModifiers) {
    load("record(ai, \"a\") {\n"
         "    field(INP, \"b PPP\")\n"     // unknown
         "    field(SIOL, \"b NPP PP\")\n" // contradiction
         "}\n"
         "record(ao, \"b\") {\n"
         "    field(OUT, \"a CP\")\n"     // CP on an output link
         "    field(DOL, \"a PP MS\")\n"  // fine
         "    field(SIML, \"a MS MS\")\n" // repeated
         "}\n");
    EXPECT_THAT(lint(), ElementsAre("link-mod@2", "link-mod@3", "link-mod@6", "link-mod@8"));
}

const char* const kVmeDevice = "device(ai, VME_IO, devAiVme, \"Vme\")\n";

TEST_F(Rules, HardwareLinkAgainstDtyp) {
    load("record(ai, \"soft\") {\n"
         "    field(INP, \"#C0 S1 @x\")\n"
         "}\n"
         "record(ai, \"hard\") {\n"
         "    field(DTYP, \"Vme\")\n"
         "    field(INP, \"@parm\")\n"
         "}\n"
         "record(ai, \"good\") {\n"
         "    field(DTYP, \"Vme\")\n"
         "    field(INP, \"#C0 S1 @x\")\n"
         "}\n",
         "x.db", 0, kVmeDevice);
    EXPECT_THAT(lint(), ElementsAre("hw-link@2", "hw-link@6"));
}

TEST_F(Rules, ScanIoIntrOnSoftSupport) {
    load("record(ai, \"soft\") {\n    field(SCAN, \"I/O Intr\")\n}\n"
         "record(calc, \"calc\") {\n    field(SCAN, \"I/O Intr\")\n}\n"
         "record(ai, \"hard\") {\n    field(DTYP, \"Vme\")\n    field(SCAN, \"I/O Intr\")\n}\n"
         "record(ai, \"module\") {\n    field(DTYP, \"Module Soft\")\n"
         "    field(SCAN, \"I/O Intr\")\n}\n"
         "record(ai, \"passive\") {}\n",
         "x.db", 0,
         std::string(kVmeDevice) + "device(ai, CONSTANT, devAiModuleSoft, \"Module Soft\")\n");
    EXPECT_THAT(lint(), ElementsAre("scan-io-intr@1", "scan-io-intr@4"));
}

TEST_F(Rules, LinrThatGivesOneValue) {
    load("record(ai, \"hard\") {\n    field(DTYP, \"Vme\")\n    field(LINR, \"LINEAR\")\n}\n"
         "record(ai, \"slope\") {\n    field(LINR, \"SLOPE\")\n    field(ESLO, \"0\")\n}\n"
         "record(ai, \"soft\") {\n    field(DTYP, \"Raw Soft Channel\")\n"
         "    field(LINR, \"LINEAR\")\n    field(ESLO, \"0.5\")\n}\n"
         "record(ai, \"ranged\") {\n    field(DTYP, \"Vme\")\n    field(LINR, \"LINEAR\")\n"
         "    field(EGUF, \"10\")\n}\n"
         "record(ai, \"good2\") {\n    field(LINR, \"SLOPE\")\n}\n",
         "x.db", 0, kVmeDevice);
    EXPECT_THAT(lint(), ElementsAre("linr-conversion@1", "linr-conversion@5"));
}

TEST_F(Rules, PiniOnAForwardLinkLoop) {
    load("record(calc, \"a\") {\n    field(PINI, \"YES\")\n    field(FLNK, \"b\")\n}\n"
         "record(calc, \"b\") {\n    field(FLNK, \"a\")\n}\n"
         "record(calc, \"c\") {\n    field(PINI, \"YES\")\n    field(FLNK, \"d\")\n}\n"
         "record(calc, \"d\") {}\n");
    EXPECT_THAT(lint(), ElementsAre("pini-loop@1"));
    EXPECT_THAT(findings.items[0].notes, ElementsAre("a -> b -> a"));
}

TEST_F(Rules, IntegersThatDoNotFitTheirField) {
    load("record(longin, \"a\") {\n    field(VAL, \"4294967295\")\n    field(HIHI, \"7\")\n}\n"
         "record(longin, \"b\") {\n    field(VAL, \"-2147483648\")\n}\n");
    EXPECT_THAT(lint(), ElementsAre("int-truncated@2"));
    EXPECT_THAT(messages(), HasSubstr("EPICS stores -1"));
}

TEST_F(Rules, LinesLongerThanEpicsReads) {
    load("record(ai, \"a\") {\n    field(DESC, \"x\")  # " + std::string(1100, '.') +
         "\n    field(EGU, \"" + std::string(20, 'm') + "\")\n}\n");
    EXPECT_THAT(lint(), ElementsAre("line-too-long@2"));
}

TEST_F(Rules, RecordDefinedAgainButNotWithStar) {
    load("record(ai, \"a\") {}\nrecord(ai, \"a\") {\n    field(DESC, \"x\")\n}\n"
         "record(\"*\", \"a\") {\n    field(EGU, \"mm\")\n}\n");
    EXPECT_THAT(lint(), ElementsAre("rec-append@2"));
    ASSERT_EQ(findings.items[0].related.size(), 1u);
    EXPECT_THAT(findings.items[0].related[0].location.file, testing::EndsWith("/x.db"));
    EXPECT_EQ(findings.items[0].related[0].location.line, 1u);
    EXPECT_EQ(findings.items[0].related[0].message, "the first definition");
}

TEST_F(Rules, TheSameRecordInTwoIocs) {
    load("record(ai, \"shared\") {}\nrecord(ai, \"mine\") {}\n", "one.db", 0);
    load("record(ai, \"theirs\") {\n    field(INP, \"mine CA\")\n}\nrecord(ai, \"shared\") {}\n",
         "two.db", 1);
    EXPECT_THAT(lint(), ElementsAre("ioc-duplicate-record@4"));
    EXPECT_THAT(messages(), HasSubstr("record shared of ioc1 is also defined by ioc0"));
}

TEST_F(Rules, NotQuoted) {
    load("record(ai, unquoted) {\n"
         "    field(PREC, 2)\n"
         "    field(DESC, \"quoted\")\n"
         "    info(autosave, VAL)\n"
         "    field(INP, {const: 1})\n"
         "    alias(other)\n"
         "}\n"
         "record(\"ao\", \"fine\") {}\n");
    EXPECT_THAT(lint(), ElementsAre("quoted@1", "quoted@2", "quoted@4", "quoted@6"));
}

TEST_F(Rules, FieldNameCaseSaysWhichFieldWasMeant) {
    load("record(ai, \"a\") {\n    field(dTYP, \"Soft Channel\")\n    field(DESC, \"x\")\n}\n");
    EXPECT_THAT(lint(), ElementsAre("field-case@2"));
    ASSERT_EQ(findings.items[0].fixes.size(), 1u);
    EXPECT_EQ(findings.items[0].fixes[0].message, "the field is DTYP");
    EXPECT_EQ(findings.items[0].fixes[0].replacement, "DTYP");
    EXPECT_EQ(findings.items[0].fixes[0].range.column, 11u);
    EXPECT_TRUE(findings.items[0].fixes[0].safe);
}

TEST_F(Rules, FieldSetTwiceInOneBody) {
    load("record(ai, \"a\") {\n    field(DESC, \"one\")\n    field(EGU, \"mm\")\n"
         "    field(DESC, \"two\")\n}\nrecord(ai, \"b\") {\n    field(DESC, \"one\")\n}\n");
    EXPECT_THAT(lint(), ElementsAre("field-twice@2"));
    EXPECT_THAT(messages(), HasSubstr("is set again later in its body: this value is overwritten"));
    ASSERT_EQ(findings.items[0].related.size(), 1u);
    EXPECT_EQ(findings.items[0].related[0].location.line, 4u);
    EXPECT_EQ(findings.items[0].related[0].message, "set again here");
}

TEST_F(Rules, VariableWithoutTypeAndDefinitionsInADatabaseFile) {
    load("variable(foo)\nvariable(bar, int)\nrecord(ai, \"a\") {}\n", "defs.dbd");
    EXPECT_THAT(lint(), ElementsAre("varint@1"));
    findings.items.clear();
    load("menu(myMenu) {\n    choice(myA, \"A\")\n}\nrecord(ai, \"b\") {}\n", "x.db");
    EXPECT_THAT(lint(), ElementsAre("dbd-in-db@1"));
}

TEST_F(Rules, CommentedOutRecordsAndPragmas) {
    load("# A pump.\n#record(ai, \"old\") {\n#  grecord (ao, \"older\")\n"
         "#: external(\"x:y\")\n#: nonsense here\nrecord(ai, \"a\") {}\n");
    EXPECT_THAT(lint(), ElementsAre("commented-record@2", "commented-record@3", "spec-comm@5"));
}

TEST_F(Rules, MacroBracesThatDoNotMatch) {
    load("record(ai, \"$(P)a\") {\n    field(DESC, \"${P)b\")\n    field(EGU, \"$(Q}\")\n}\n");
    std::vector<std::string> braces;
    for (const std::string& found : lint())
        if (found.starts_with("macro-brace")) braces.push_back(found);
    EXPECT_THAT(braces, ElementsAre("macro-brace@2", "macro-brace@3"));
}

TEST_F(Rules, PyPdbDocumentedExamples) {
    // dbdlint's quote.db: record name and field value not quoted, variable without a type.
    load("record(ai, unquoted)\n{\n  field(FOO, bar)\n}\nvariable(foo)\n", "quote.db");
    const std::vector<std::string> found = lint();
    for (const char* expected : {"quoted@1", "quoted@3", "varint@5"})
        EXPECT_THAT(found, ::testing::Contains(expected));
    // dbdlint's documentation: record(xao, some:name) {} (an unknown type is check's error).
    findings.items.clear();
    load("record(xao, some:name) {}\n", "wrong.db");
    EXPECT_THAT(lint(), ElementsAre("quoted@1"));
    EXPECT_EQ(loadDiagnostics.items.back().location.line, 1u);
    EXPECT_EQ(loadDiagnostics.items.back().code, "recordtype-unknown");
    // fieldname.db: a field name in the wrong case.
    findings.items.clear();
    load("record(ai, \"x\") {\n  field(dTYP, \"wrong case\")\n}\n", "fieldname.db");
    EXPECT_THAT(lint(), ElementsAre("field-case@2"));
}

TEST_F(Rules, PyPdbFieldsFixtureWithBodiesEpicsAccepts) {
    // dbdlint's fields.db, its recordtype written as EPICS accepts it: dbdlint flags lines 2,
    // 15, 19 (hardware address) and 31 (ext-link); 18, 20, 24, 25 and 32 are clean.
    const std::string text = R"x(# Unknown recordtype
device(aaa, CONSTANT, devxyzsoft, "Soft Channel")

recordtype(xyz) {
  field(DTYP, DBF_DEVICE) { prompt("x") }
  field(VAL, DBF_LONG) { prompt("x") }
  field(RVAL, DBF_LONG) { prompt("x") }
  field(INP, DBF_INLINK) { prompt("x") }
  field(FLNK, DBF_FWDLINK) { prompt("x") }
}
device(xyz, CONSTANT, devxyzsoft, "Soft Channel")
device(xyz, VME_IO, devxyzdev, "Device")


record(abc, "invalid:rtype") {}

record(xyz,"foo") {
  field(DTYP, "Device")
  field(INP , "#X0 S4 @foo")
  field(INP , "#C3 S4 @foo")
}

record(xyz,"bar") {
  field(INP, "foo.RVAL CP")
  field(FLNK, "foo")
}

#: external("isexternal.PROC")

record(xyz,"other") {
  field(INP, "missing.RVAL CP")
  field(FLNK, "isexternal.PROC")
}
)x";
    load(text, "fields.dbd");
    std::vector<unsigned> checkLines;
    for (const Diagnostic& d : loadDiagnostics.items)
        if (d.severity == Severity::Error) checkLines.push_back(d.location.line);
    EXPECT_THAT(checkLines, ElementsAre(2u, 15u, 19u));
    // INP is set twice in foo: the overwritten one (line 19) is flagged, line 20 stays clean.
    EXPECT_THAT(lint(), ElementsAre("field-twice@19", "ext-link@31"));
}

TEST_F(Rules, EveryRuleHasACodeASeverityAndADescription) {
    for (const lint::Rule& rule : lint::allRules()) {
        EXPECT_FALSE(rule.code.empty());
        EXPECT_FALSE(rule.summary.empty()) << rule.code;
        EXPECT_EQ(lint::findRule(rule.code), &rule);
    }
    EXPECT_EQ(lint::findRule("no-such-rule"), nullptr);
}

} // namespace
} // namespace epicsdb::test
