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
         "record(ai, \"passive\") {}\n",
         "x.db", 0, kVmeDevice);
    EXPECT_THAT(lint(), ElementsAre("scan-io-intr@1", "scan-io-intr@4"));
}

TEST_F(Rules, LinrWithoutItsParameters) {
    load("record(ai, \"linear\") {\n    field(LINR, \"LINEAR\")\n}\n"
         "record(ai, \"slope\") {\n    field(LINR, \"SLOPE\")\n}\n"
         "record(ao, \"good\") {\n    field(LINR, \"LINEAR\")\n    field(EGUF, \"10\")\n}\n"
         "record(ai, \"good2\") {\n    field(LINR, \"SLOPE\")\n    field(ESLO, \"0.5\")\n}\n");
    EXPECT_THAT(lint(), ElementsAre("linr-conversion@1", "linr-conversion@4"));
}

TEST_F(Rules, PiniOnAForwardLinkLoop) {
    load("record(calc, \"a\") {\n    field(PINI, \"YES\")\n    field(FLNK, \"b\")\n}\n"
         "record(calc, \"b\") {\n    field(FLNK, \"a\")\n}\n"
         "record(calc, \"c\") {\n    field(PINI, \"YES\")\n    field(FLNK, \"d\")\n}\n"
         "record(calc, \"d\") {}\n");
    EXPECT_THAT(lint(), ElementsAre("pini-loop@1"));
    EXPECT_THAT(findings.items[0].notes, ElementsAre("a -> b -> a"));
}

TEST_F(Rules, RecordDefinedAgainButNotWithStar) {
    load("record(ai, \"a\") {}\nrecord(ai, \"a\") {\n    field(DESC, \"x\")\n}\n"
         "record(\"*\", \"a\") {\n    field(EGU, \"mm\")\n}\n");
    EXPECT_THAT(lint(), ElementsAre("rec-append@2"));
    EXPECT_THAT(findings.items[0].notes[0], HasSubstr("x.db:1"));
}

TEST_F(Rules, TheSameRecordInTwoIocs) {
    load("record(ai, \"shared\") {}\nrecord(ai, \"mine\") {}\n", "one.db", 0);
    load("record(ai, \"theirs\") {\n    field(INP, \"mine CA\")\n}\nrecord(ai, \"shared\") {}\n",
         "two.db", 1);
    EXPECT_THAT(lint(), ElementsAre("ioc-duplicate-record@4"));
    EXPECT_THAT(messages(), HasSubstr("record shared of ioc1 is also defined by ioc0"));
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
