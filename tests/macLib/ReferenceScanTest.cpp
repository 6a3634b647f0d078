// References as written, as macLib reads them (ReferenceSearch.hpp): for the tools that trace
// a value back to the text that gave it (provenance, the ioc layer's script lines).
#include <epicsdb/macLib/ReferenceSearch.hpp>

#include <gtest/gtest.h>

namespace epicsdb::maclib {
namespace {

TEST(ReferenceScan, ReferencesAsMacLibExpandsThem) {
    const std::string_view line = R"x(x $(A) ${B=d$(C)} '$(NOT)' \$(NOR) "$(D,E=1)" $(F$(G)))x";
    const std::vector<Reference> refs = scanReferences(line);
    ASSERT_EQ(refs.size(), 4u);
    EXPECT_EQ(refs[0].text(line), "$(A)");
    EXPECT_EQ(refs[0].name, "A");
    EXPECT_FALSE(refs[0].defaultText);
    EXPECT_EQ(refs[1].name, "B");
    EXPECT_EQ(refs[1].defaultText, "d$(C)");
    EXPECT_EQ(refs[2].text(line), "$(D,E=1)");
    EXPECT_EQ(refs[2].name, "D");
    EXPECT_EQ(refs[3].name, "F$(G)");
}

TEST(ReferenceScan, ADefaultEndsWhereScopedDefinitionsBegin) {
    const std::string_view text = "field(VAL, \"$(X=1,Y=2)\")";
    const std::vector<Reference> refs = scanReferences(text);
    ASSERT_EQ(refs.size(), 1u);
    EXPECT_EQ(refs[0].name, "X");
    EXPECT_EQ(refs[0].defaultText, "1");
    EXPECT_EQ(refs[0].text(text), "$(X=1,Y=2)");
}

TEST(ReferenceScan, AReferenceOpensOnlyAtADollarAndABracket) {
    EXPECT_FALSE(referenceAt("$x", 0));
    EXPECT_FALSE(referenceAt("a$(B)", 0));
    const auto ref = referenceAt("a$(B", 1);
    ASSERT_TRUE(ref);
    EXPECT_EQ(ref->name, "B");
    EXPECT_EQ(ref->end, 4u); // unclosed: to the end
}

} // namespace
} // namespace epicsdb::maclib
