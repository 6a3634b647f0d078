// Field and info value escapes: the loader's unquoting (EPICS-BEHAVIOUR 3.2) and dbWriteRecord's
// escaping (EPICS-BEHAVIOUR 4.6).
#include <epicsdb/dbStatic/Values.hpp>

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace epicsdb::dbstatic;

namespace {

std::string unescaped(std::string_view value) {
    std::string out = "prefix:";
    unescapeValue(value, out);
    return out.substr(7);
}

std::string escaped(std::string_view value) {
    std::string out = "prefix:";
    appendEscaped(value, out);
    return out.substr(7);
}

} // namespace

TEST(Escape, QuotedValuesAreUnquotedAndTranslated) {
    const std::vector<std::pair<std::string, std::string>> table{
        {R"("")", ""},
        {R"('')", ""},
        {R"("plain")", "plain"},
        {R"('single')", "single"},
        {R"("a\tb\u0041")", "a\tbu0041"}, // (quirk) \u is not an escape here
        {R"("\a\b\f\n\r\t\v")", "\a\b\f\n\r\t\v"},
        {R"("\\ \' \"")", "\\ ' \""},
        {R"("hex\x41end")", "hexAend"},
        {R"("\x4g")", "\x04g"}, // one hex digit
        {R"("\x414")", "A4"},   // at most two
        {R"("\xg")", "g"},      // no digit: nothing, then the character
        {R"("\x\n")", "\n"},    // ... which may start another escape
        {R"("\xFf")", "\xff"},
        {R"("d:\q.")", "d:q."}, // unknown escapes stand for themselves
        {R"("\101")", "101"},   // no octal
        {R"("\?\%\$")", "?%$"},
        {R"("ab\0cd")", "ab"}, // a NUL ends the C string
        {R"("ab\x00cd")", "ab"},
        {R"("ab\x0")", "ab"},
        {R"("trailing\")", "trailing"},
        {R"("x\")", "x"},
        {R"('it''s')", "it''s"},
        {R"("'")", "'"},
    };
    for (const auto& [in, out] : table)
        EXPECT_EQ(unescaped(in), out) << in;
}

TEST(Escape, UnquotedValuesAreTakenAsTheyAre) {
    const std::vector<std::string> table{
        "",
        "bare",
        "a\\tb",
        "{a:1,\"b\":[1,2,],c:{},\"+d\":true,e:null}",
        "1.5e3",
        "\"",
        "'",
        "\"open",
        "'mismatched\"",
        "Bare-word_string",
    };
    for (const std::string& value : table)
        EXPECT_EQ(unescaped(value), value) << value;
}

TEST(Escape, DbWriteRecordEscaping) {
    const std::vector<std::pair<std::string, std::string>> table{
        {"", ""},
        {"plain text", "plain text"},
        {"a\tbu0041", "a\\tbu0041"},
        {"\a\b\f\n\r\t\v", "\\a\\b\\f\\n\\r\\t\\v"},
        {"\\ ' \"", "\\\\ \\' \\\""},
        {"{a:1,\"b\":[1,2,],c:{},\"+d\":true,e:null}",
         "{a:1,\\\"b\\\":[1,2,],c:{},\\\"+d\\\":true,e:null}"},
        {std::string("\x01\x1f\x7f", 3), "\\x01\\x1f\\x7f"},
        {"caf\xc3\xa9", "caf\\xc3\\xa9"}, // bytes above 0x7e are not printable in C
        {std::string("a\0b", 3), "a\\x00b"},
        {"~ !#$%&()*+,-./:;<=>?@[]^_`{|}", "~ !#$%&()*+,-./:;<=>?@[]^_`{|}"},
    };
    for (const auto& [in, out] : table)
        EXPECT_EQ(escaped(in), out) << in;
}

TEST(Escape, EscapingThenUnescapingGivesTheValueBack) {
    std::string all;
    for (int c = 1; c < 256; ++c)
        all.push_back(static_cast<char>(c));
    EXPECT_EQ(unescaped("\"" + escaped(all) + "\""), all);
}
