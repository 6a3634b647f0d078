// Translation rules of EPICS-BEHAVIOUR 1.2-1.4: reference syntax, quotes and escapes at each level,
// defaults, scoped definitions, the spelling of failed references, status and warning texts.
#include "MacLibTestSupport.hpp"

#include <epicsdb/macLib/MacroTable.hpp>

#include <gtest/gtest.h>

#include <initializer_list>
#include <string>
#include <vector>

using epicsdb::maclib::ExpandStatus;
using epicsdb::maclib::MacroTable;
using epicsdb::maclib::WarningKind;
using namespace epicsdb::maclib::test;

namespace {

// A case whose status is not given must expand without any failure.
struct Case {
    const char* input;
    const char* output;
    ExpandStatus status = {};
};

void expectCases(MacroTable& table, const std::vector<Case>& cases) {
    for (const Case& c : cases) {
        auto result = table.expand(c.input);
        EXPECT_EQ(result.text, c.output) << "input: " << c.input;
        EXPECT_EQ(result.status, c.status) << "input: " << c.input;
    }
}

// Defines raw values as given: a definition string would apply its own quote and escape rules.
struct RawMacro {
    const char* name;
    const char* value;
};
void defineRaw(MacroTable& table, std::initializer_list<RawMacro> macros) {
    for (const RawMacro& m : macros)
        table.define(m.name, m.value);
}

} // namespace

// The examples table of EPICS-BEHAVIOUR 1.2 (verified against msi -M there).
TEST(Expand, SpecExamplesWithWarningsSuppressed) {
    MacroTable table(R"(A=1,B='x y',C="z,w",D=\"q\")");
    table.suppressWarnings(true);
    expectCases(table, {
                           {"a=$(A) q=\"$(A)\"", "a=1 q=\"1\""},
                           {"s='$(A)'", "s='$(A)'"},
                           {"e=\\$(A)", "e=\\$(A)"},
                           {"b=$(B) c=$(C) d=$(D)", "b=x y c=z,w d=\"q\""},
                           {"$(E=x\\,y)", "x,y"},
                           {"$(F=a,b)", "a"},
                           {"${H}", "$(H)", undefinedStatus()},
                           {"$(,=)", ""},
                           {"[$()]", "[$()]", undefinedStatus()},
                       });
}

TEST(Expand, OnlyDollarWithABracketStartsAReference) {
    MacroTable table("A=1");
    expectCases(table, {
                           {"$A", "$A"},
                           {"$", "$"},
                           {"a$", "a$"},
                           {"$$(A)", "$1"},
                           {"$[A]", "$[A]"},
                           {"$(A)", "1"},
                           {"${A}", "1"},
                           {"no references at all", "no references at all"},
                           {"", ""},
                       });
}

TEST(Expand, NamesAreTranslatedSoTheyCanBeBuiltFromMacros) {
    MacroTable table("A=1,B=A,A1=one,NAME=A");
    expectCases(table, {
                           {"$(A$(A))", "one"},
                           {"${${B}}", "1"},
                           {"$($(NAME)$(A))", "one"},
                           {"${$(B)1}", "one"},
                           // Quotes in names are syntax, not part of the name.
                           {"$(\"A\")", "1"},
                           {"$('A')", "1"},
                       });
}

TEST(Expand, OnlyTheMatchingBracketClosesAName) {
    MacroTable table;
    defineRaw(table, {{"A}", "brace"}, {"A)", "paren"}});
    expectCases(table, {
                           {"$(A})", "brace"},
                           {"${A)}", "paren"},
                           {"$(A\\))", "paren"}, // an escaped bracket is a name char
                       });
}

// Terminators are checked before quote state, so quotes do not protect `,` `=` `)` in a reference.
TEST(Expand, TerminatorsWinOverQuotes) {
    MacroTable table("A=1");
    table.suppressWarnings(true);
    expectCases(table, {
                           {"$(G=\"p,q\")", "p"},
                           {"$(\"A,B\")", "1"},
                           {"$(U='a,b')", "a"},
                           {"$(U=it's)", "its"},
                       });
}

TEST(Expand, EscapesAreKeptAtLevelZeroAndRemovedDeeper) {
    MacroTable table;
    defineRaw(table,
              {{"A", "1"}, {"E1", "a\\,b"}, {"E2", "\\$(A)"}, {"E3", "x\\"}, {"E4", "\\\\"}});
    expectCases(table, {
                           {"\\$(A)", "\\$(A)"},
                           {"a\\\\b", "a\\\\b"},
                           {"\\x", "\\x"},
                           {"abc\\", "abc\\"},
                           {"\\$(A)$(A)", "\\$(A)1"},
                           {"$(E1)", "a,b"},
                           {"$(E2)", "$(A)"},
                           {"$(E3)", "x\\"},
                           {"$(E4)", "\\"},
                           {"$(U=a\\)b)", "a)b"},
                       });
}

TEST(Expand, QuotesAreKeptAtLevelZeroAndRemovedDeeper) {
    MacroTable table;
    defineRaw(table, {{"A", "1"},
                      {"Q1", "'a b'"},
                      {"Q2", "\"$(A)\""},
                      {"Q3", "'$(A)'"},
                      {"Q4", "\"it's\""},
                      {"Q5", "'unclosed"}});
    expectCases(table, {
                           {"\"$(A)\"", "\"1\""},
                           {"'$(A)'", "'$(A)'"},
                           {"\"'$(A)'\"", "\"'1'\""},
                           {"'\"$(A)\"'", "'\"$(A)\"'"},
                           {"'$(A)", "'$(A)"}, // an open quote closes at the end
                           {"\"$(A)", "\"1"},
                           {"'a'$(A)'b'", "'a'1'b'"},
                           {"$(Q1)", "a b"},
                           {"$(Q2)", "1"},
                           {"$(Q3)", "$(A)"},
                           {"$(Q4)", "it's"},
                           {"$(Q5)", "unclosed"},
                           // Each scan has its own quote state: the name's open quote ends with it.
                           {"\"$(\"A)\"", "\"1\""},
                       });
}

TEST(Expand, UnterminatedReferencesAreClosedAtTheEnd) {
    MacroTable table("A=1");
    table.suppressWarnings(true);
    expectCases(table, {
                           {"$(A", "1"},
                           {"${A", "1"},
                           {"x$(U", "x$(U)", undefinedStatus()},
                           // Line-oriented users: the newline becomes part of the name (quirk).
                           {"x=$(A\n", "x=$(A\n)", undefinedStatus()},
                           {"$(", "$()", undefinedStatus()},
                           {"${", "$()", undefinedStatus()},
                           {"$(U=d", "d"},
                           {"$(U=", ""},
                           {"$(A,", "1"}, // EPICS never returns from this one
                           {"$(U,", "$(U)", undefinedStatus()},
                           {"$(A,B=2", "1"},
                           {"$(B,B=2", "2"},
                           {"$(B,B=2,", "2"},
                           // The last character counts as `=` even when escaped (EPICS cursor).
                           {"$(A\\=", ""},
                       });
}

TEST(Expand, DefaultsAreUsedOnlyForUndefinedNames) {
    MacroTable table("A=1,FOO=BLETCH");
    WarningLog log(table);
    expectCases(table, {
                           {"$(A=$(U))", "1"},
                           {"$(U=$(A)x)", "1x"},
                           {"$(U=)", ""},
                           {"$(U=a=b)", "a=b"},
                           {"$(U='q r')", "q r"},
                           // Defaults see the reference's scoped definitions (EPICS test 56).
                           {"${N=${FOO}/${BAR},BAR=GLEEP}", "BLETCH/GLEEP"},
                       });
    // An unused default is scanned without warnings.
    EXPECT_TRUE(log.take().empty());

    // A used default is translated with the table's warning setting; its errors count.
    expectCases(table, {{"$(U=$(V))", "$(V,undefined)", undefinedStatus()}});
    EXPECT_EQ(log.take(), std::vector<std::string>{
                              "macLib: macro V is undefined (expanding string $(U=$(V)))"});
}

TEST(Expand, ScopedDefinitionsLiveAsLongAsTheirReference) {
    MacroTable table("A=1");
    table.suppressWarnings(true);
    expectCases(table, {
                           {"$(A,A)", "1"}, // an item without `=` undefines nothing
                           {"$(A,A=2)", "2"},
                           {"$(A)", "1"},
                           {"$(A,NEW=1)$(NEW)", "1$(NEW)", undefinedStatus()},
                           {"$(X,Y=1,X=$(Y))", "1"},       // later items see earlier
                           {"$(X,X=$(A),A=2)", "1"},       // values translated at once
                           {"$(X,X=$(U),U=late)", "late"}, // ...keeping failed refs
                           {"${,=v}", "v"},                // the empty name is legal
                           {"$(X,X='a b')", "a b"},
                           {"$(X,X=a\\,b)", "a,b"},
                       });
}

TEST(Expand, ErrorsInScopedValuesDoNotCount) {
    MacroTable table("A=1");
    WarningLog log(table);
    expectCases(table, {{"$(A,X=$(U))", "1"}});
    EXPECT_TRUE(log.messages.empty());
}

TEST(Expand, FailedReferencesAreWrittenWithParenthesesAndReported) {
    MacroTable table;
    WarningLog log(table);
    expectCases(table, {{"a${H}b", "a$(H,undefined)b", undefinedStatus()}});
    EXPECT_EQ(log.kinds, std::vector<WarningKind>{WarningKind::Undefined});
    EXPECT_EQ(log.take(),
              std::vector<std::string>{"macLib: macro H is undefined (expanding string a${H}b)"});

    table.suppressWarnings(true);
    expectCases(table, {{"a${H}b", "a$(H)b", undefinedStatus()}});
    EXPECT_TRUE(log.messages.empty());
}

TEST(Expand, TheMessageOfADatabaseLineIncludesItsNewline) {
    MacroTable table;
    WarningLog log(table);
    (void)table.expand("field(DESC, \"$(X)\")\n");
    ASSERT_EQ(log.messages.size(), 1u);
    EXPECT_EQ(log.messages[0],
              "macLib: macro X is undefined (expanding string field(DESC, \"$(X)\")\n)");
    EXPECT_EQ(log.kinds[0], WarningKind::Undefined);
}

// Re-expanding the cache translates A and B, each of which meets itself again: two warnings,
// printed once, although the string only names A.
TEST(Expand, MutualRecursionIsReportedOncePerEntry) {
    MacroTable table("A=$(B),B=$(A)");
    WarningLog log(table);
    expectCases(table, {{"$(A)", "$(B,recursive)", recursiveStatus()}});
    EXPECT_EQ(log.take(), (std::vector<std::string>{
                              "macLib: macro A is recursive (expanding macro B)",
                              "macLib: macro B is recursive (expanding macro A)",
                          }));
    expectCases(table, {{"$(A)", "$(B,recursive)", recursiveStatus()}});
    EXPECT_TRUE(log.messages.empty());
}

TEST(Expand, SelfReferenceIsRecursive) {
    MacroTable table("R=x$(R)");
    WarningLog log(table);
    expectCases(table, {{"$(R)", "xx$(R,recursive)", recursiveStatus()}});
    EXPECT_EQ(log.messages,
              std::vector<std::string>{"macLib: macro R is recursive (expanding macro R)"});
    ASSERT_EQ(log.kinds.size(), 1u);
    EXPECT_EQ(log.kinds[0], WarningKind::Recursive);
}

TEST(Expand, StatusKeepsEverySuccessfulExpansionAndEveryKindOfFailure) {
    MacroTable table("FOO=VAL2,R=$(R)");
    table.suppressWarnings(true);
    expectCases(table,
                {
                    {"$(FOO)$(FOO1)", "VAL2$(FOO1)", undefinedStatus()},
                    {"$(U)$(R)$(FOO)", "$(U)$(R)VAL2", {.undefined = true, .recursive = true}},
                });
    EXPECT_FALSE(table.expand("$(U)$(R)$(FOO)").status.ok());
}

TEST(Expand, AppendsToTheCallersBuffer) {
    MacroTable table("P=IOC:");
    std::string out = "keep ";
    auto status = table.expand("$(P)x", out);
    EXPECT_TRUE(status.ok());
    EXPECT_EQ(out, "keep IOC:x");
    status = table.expand(" $(U)", out);
    EXPECT_EQ(status, undefinedStatus());
    EXPECT_EQ(out, "keep IOC:x $(U,undefined)");
}

// The header example of macParseDefns: B's value names a macro built from A's value.
TEST(Expand, ValuesReferToMacrosDefinedLater) {
    MacroTable table("A=B,B=$(C$(A)),CA=CA,CB=CB");
    auto value = table.getValue("B");
    ASSERT_TRUE(value);
    EXPECT_EQ(value->text, "CB");
    EXPECT_EQ(table.expand("$(B)").text, "CB");
}
