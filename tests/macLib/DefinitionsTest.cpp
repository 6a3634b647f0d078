// Definition strings (EPICS-BEHAVIOUR 1.7): the C++ parser, and macParseDefns / macInstallMacros.
#include <macLib.h>

#include <epicsdb/macLib/Definitions.hpp>

#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

using epicsdb::maclib::Definition;
using epicsdb::maclib::DefinitionReader;
using epicsdb::maclib::OwnedDefinition;
using epicsdb::maclib::parseDefinitions;

namespace {

OwnedDefinition def(std::string name, std::string value) {
    return {std::move(name), value};
}
OwnedDefinition undef(std::string name) {
    return {std::move(name), std::nullopt};
}

std::string describe(const std::vector<OwnedDefinition>& items) {
    std::string text;
    for (const auto& item : items) {
        text += "[" + item.name + "]";
        text += item.value ? "=[" + *item.value + "] " : "(no value) ";
    }
    return text;
}

struct ParseCase {
    const char* input;
    std::vector<OwnedDefinition> expected;
};

const std::vector<ParseCase>& parseCases() {
    static const std::vector<ParseCase> cases = {
        {"", {}},
        {"   ", {}},
        {",,", {}},
        {"a=xxx,b=yyy", {def("a", "xxx"), def("b", "yyy")}},
        {"  a = 1 ,  b=2  ", {def("a", "1"), def("b", "2")}},
        {"\ta\t=\t1\n,\nb=2", {def("a", "1"), def("b", "2")}},
        {"fred 2=x y z", {def("fred 2", "x y z")}},
        {",,a=1,,b=2,,", {def("a", "1"), def("b", "2")}},
        {"a=1,a=2", {def("a", "1"), def("a", "2")}},
        // Values stay raw: quotes and escapes are removed only when they are expanded.
        {"a='x, y',b=\"q=r\"", {def("a", "'x, y'"), def("b", "\"q=r\"")}},
        {"a=x\\,y", {def("a", "x\\,y")}},
        {"P='a,b'", {def("P", "'a,b'")}},
        {"a=$(B,C=D)", {def("a", "$(B"), def("C", "D)")}},
        {"a=b=c", {def("a", "b=c")}},
        // Names lose their quotes and escapes.
        {"\\==equal", {def("=", "equal")}},
        {"'a,b'=c", {def("a,b", "c")}},
        {"\"x y\"=1", {def("x y", "1")}},
        {"n\\ame=1", {def("name", "1")}},
        {"a\\", {undef("a\\")}},
        // Empty values, missing values, empty names.
        {"a=", {def("a", "")}},
        {"a = ", {def("a", "")}},
        {"a=,b=2", {def("a", ""), def("b", "2")}},
        {"a", {undef("a")}},
        {" a ", {undef("a")}},
        {"a,b=1", {undef("a"), def("b", "1")}},
        {"b=1,a", {def("b", "1"), undef("a")}},
        {"=x", {def("", "x")}},
        {"=", {def("", "")}},
        // An escaped trailing space is trimmed all the same, leaving the backslash (quirk).
        {"a=x\\ ", {def("a", "x\\")}},
        {"a=x\\ ,b=1", {def("a", "x\\"), def("b", "1")}},
        // The quote state carries across items: an unclosed quote takes the rest.
        {"a='unclosed,b=2", {def("a", "'unclosed,b=2")}},
        {"a'b=c", {undef("ab=c")}},
    };
    return cases;
}

} // namespace

TEST(Definitions, ParseFollowsMacParseDefns) {
    for (const ParseCase& c : parseCases())
        EXPECT_EQ(describe(parseDefinitions(c.input)), describe(c.expected)) << "input " << c.input;
}

TEST(Definitions, ReaderViewsPointIntoTheTextWhenNothingIsUnquoted) {
    const std::string text = "alpha=1, beta = two";
    DefinitionReader reader(text);
    Definition item;
    ASSERT_TRUE(reader.next(item));
    EXPECT_EQ(item.name.data(), text.data());
    ASSERT_TRUE(item.value);
    EXPECT_EQ(*item.value, "1");
    ASSERT_TRUE(reader.next(item));
    EXPECT_EQ(item.name, "beta");
    EXPECT_EQ(*item.value, "two");
    EXPECT_FALSE(reader.next(item));
    EXPECT_FALSE(reader.next(item));
}

// The C API: one malloc'd block, name/value pointers then two NULLs, freed with free().
TEST(Definitions, MacParseDefnsMatchesTheParser) {
    for (const ParseCase& c : parseCases()) {
        char** pairs = nullptr;
        const long n = macParseDefns(nullptr, c.input, &pairs);
        ASSERT_EQ(n, long(c.expected.size())) << "input " << c.input;
        ASSERT_NE(pairs, nullptr);
        std::vector<OwnedDefinition> got;
        for (long i = 0; i < n; ++i) {
            ASSERT_NE(pairs[2 * i], nullptr);
            got.push_back({pairs[2 * i], pairs[2 * i + 1]
                                             ? std::optional<std::string>(pairs[2 * i + 1])
                                             : std::nullopt});
        }
        EXPECT_EQ(pairs[2 * n], nullptr);
        EXPECT_EQ(pairs[2 * n + 1], nullptr);
        EXPECT_EQ(describe(got), describe(c.expected)) << "input " << c.input;
        std::free(pairs);
    }
}

TEST(Definitions, MacParseDefnsRefusesMissingArguments) {
    char** pairs = reinterpret_cast<char**>(&pairs); // anything but null
    EXPECT_EQ(macParseDefns(nullptr, nullptr, &pairs), -1);
    EXPECT_EQ(pairs, nullptr);
    EXPECT_EQ(macParseDefns(nullptr, "a=1", nullptr), -1);
}

TEST(Definitions, MacInstallMacrosPutsEachPairInOrder) {
    MAC_HANDLE* h = nullptr;
    ASSERT_EQ(macCreateHandle(&h, nullptr), 0);
    char** pairs = nullptr;
    ASSERT_EQ(macParseDefns(h, "A=1,B=$(A)2,A=3,C,C=x", &pairs), 5);
    EXPECT_EQ(macInstallMacros(h, pairs), 5);
    std::free(pairs);
    char value[32];
    EXPECT_EQ(macGetValue(h, "A", value, sizeof value), 1);
    EXPECT_STREQ(value, "3");
    EXPECT_EQ(macGetValue(h, "B", value, sizeof value), 2);
    EXPECT_STREQ(value, "32");
    EXPECT_EQ(macGetValue(h, "C", value, sizeof value), 1);
    EXPECT_STREQ(value, "x");

    ASSERT_EQ(macParseDefns(nullptr, "C", &pairs), 1);
    EXPECT_EQ(pairs[1], nullptr);
    EXPECT_EQ(macInstallMacros(h, pairs), 1);
    std::free(pairs);
    EXPECT_EQ(macGetValue(h, "C", nullptr, 0), -1);
    EXPECT_EQ(macInstallMacros(h, nullptr), 0);
    EXPECT_EQ(macDeleteHandle(h), 0);
}
