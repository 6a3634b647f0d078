// Integer field puts (EPICS-BEHAVIOUR 4.2) and dbVerify's strict check (EPICS-BEHAVIOUR 4.7), with
// the vectors of EPICS's dbStaticTest and epicsStdlibTest.
#include <epicsdb/dbStatic/Values.hpp>

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <tuple>
#include <vector>

using namespace epicsdb::dbstatic;

namespace {

constexpr std::uint64_t S(std::int64_t v) {
    return static_cast<std::uint64_t>(v);
}

struct Row {
    DbfType type;
    std::string text;
    ConvertError error;
    std::uint64_t bits = 0; // expected when error is None
};

std::string describe(const Row& row, bool strict) {
    return std::string(dbfTypeName(row.type)) + (strict ? " strict" : " lax") + " \"" + row.text +
           "\"";
}

void check(const std::vector<Row>& table, bool strict) {
    for (const Row& row : table) {
        std::uint64_t bits = 0xdeadbeef;
        const ConvertError error = parseInteger(row.type, row.text, strict, bits);
        EXPECT_EQ(error, row.error)
            << describe(row, strict) << " gave \"" << convertErrorText(error) << '"';
        if (row.error == ConvertError::None)
            EXPECT_EQ(bits, row.bits) << describe(row, strict);
        else
            EXPECT_EQ(bits, 0xdeadbeefu) << describe(row, strict) << ": output touched on error";
    }
}

constexpr auto OK = ConvertError::None;
constexpr auto NoDigits = ConvertError::NoDigits;
constexpr auto Extraneous = ConvertError::Extraneous;
constexpr auto Overflow = ConvertError::Overflow;

} // namespace

TEST(IntegerParse, SyntaxIsStrtolWithAutomaticBase) {
    check(
        {
            {DbfType::Long, "0", OK, 0},
            {DbfType::Long, "017", OK, 15}, // leading 0: octal
            {DbfType::Long, "0x1F", OK, 31},
            {DbfType::Long, "0XF", OK, 15},
            {DbfType::Long, "+0x1", OK, 1},
            {DbfType::Long, "-0x12", OK, S(-18)},
            {DbfType::Long, "\t 1\n", OK, 1},
            {DbfType::Long, "  +42  ", OK, 42},
            {DbfType::Long, "-0", OK, 0},
            {DbfType::Long, "", OK, 0}, // dbPutStringNum: empty is zero
            {DbfType::Long, "   ", NoDigits},
            {DbfType::Long, "\t \n", NoDigits},
            {DbfType::Long, "!", NoDigits},
            {DbfType::Long, "None", NoDigits},
            {DbfType::Long, "+", NoDigits},
            {DbfType::Long, "- 1", NoDigits},
            {DbfType::Long, "+-1", NoDigits},
            {DbfType::Long, "x1", NoDigits},
            {DbfType::Long, "1.2345", Extraneous},
            {DbfType::Long, "2!", Extraneous},
            {DbfType::Long, "3 \n\t!", Extraneous},
            {DbfType::Long, "08", Extraneous}, // octal stops at 8
            {DbfType::Long, "0x", Extraneous}, // "0x" alone is the 0, then junk
            {DbfType::Long, "0xg", Extraneous},
            {DbfType::Long, "1e3", Extraneous},
            {DbfType::Long, "12 34", Extraneous},
            // ERANGE is reported before anything after the digits.
            {DbfType::Int64, "99999999999999999999x", Overflow},
        },
        false);
}

TEST(IntegerParse, LaxModeTruncatesSilentlyToTheFieldWidth) {
    check(
        {
            {DbfType::Long, "4294967295", OK, S(-1)},
            {DbfType::Long, "0x80000000", OK, S(INT32_MIN)},
            {DbfType::Long, "2147483648", OK, S(INT32_MIN)},
            {DbfType::Char, "200", OK, S(-56)},
            {DbfType::Char, "0x7f", OK, 127},
            {DbfType::Char, "128", OK, S(-128)},
            {DbfType::Short, "65535", OK, S(-1)},
            {DbfType::Short, "-32769", OK, 32767},
            {DbfType::UChar, "-1", OK, 255},
            {DbfType::UChar, "256", OK, 0},
            {DbfType::UShort, "-1", OK, 65535},
            {DbfType::UShort, "65536", OK, 0},
            {DbfType::Enum, "-1", OK, 65535},
            {DbfType::ULong, "-1", OK, 0xffffffffu},
            {DbfType::ULong, "0x100000001", OK, 1},
            {DbfType::Int64, "0x7fffffffffffffff", OK, 0x7fffffffffffffffu},
            {DbfType::Int64, "-0x8000000000000000", OK, 0x8000000000000000u},
            {DbfType::Int64, "9223372036854775807", OK, 0x7fffffffffffffffu},
            {DbfType::UInt64, "0xffffffffffffffff", OK, ~std::uint64_t{0}},
            {DbfType::UInt64, "-1", OK, ~std::uint64_t{0}},
            {DbfType::UInt64, "-18446744073709551615", OK, 1},
            // Only 64-bit overflow is an error.
            {DbfType::Int64, "9223372036854775808", Overflow},
            {DbfType::Int64, "-9223372036854775809", Overflow},
            {DbfType::Long, "0x10000000000000000", Overflow},
            {DbfType::UInt64, "18446744073709551616", Overflow},
            {DbfType::UInt64, "-0x10000000000000000", Overflow},
            {DbfType::UChar, "99999999999999999999", Overflow},
        },
        false);
}

// dbStaticTest's dbVerify table (EPICS-BEHAVIOUR 4.7): strict mode, exact widths.
TEST(IntegerParse, StrictModeChecksTheExactWidth) {
    check(
        {
            {DbfType::Char, "0", OK, 0},
            {DbfType::Char, "-128", OK, S(-128)},
            {DbfType::Char, "127", OK, 127},
            {DbfType::Char, "0x7f", OK, 127},
            {DbfType::Char, "-0x80", OK, S(-128)},
            {DbfType::Char, "128", Overflow},
            {DbfType::Char, "0x80", Overflow},
            {DbfType::Char, "-0x81", Overflow},
            {DbfType::Char, "None", NoDigits},
            {DbfType::Char, "1.2345", Extraneous},

            {DbfType::UChar, "0", OK, 0},
            {DbfType::UChar, "128", OK, 128},
            {DbfType::UChar, "255", OK, 255},
            {DbfType::UChar, "0xff", OK, 255},
            {DbfType::UChar, "-1", OK, 255},
            {DbfType::UChar, "-255", OK, 1},
            {DbfType::UChar, "256", Overflow},
            {DbfType::UChar, "0x100", Overflow},
            {DbfType::UChar, "-0x100", Overflow},
            {DbfType::UChar, "None", NoDigits},
            {DbfType::UChar, "1.2345", Extraneous},

            {DbfType::Short, "0", OK, 0},
            {DbfType::Short, "-32768", OK, S(-32768)},
            {DbfType::Short, "-0x8000", OK, S(-32768)},
            {DbfType::Short, "0x7fff", OK, 32767},
            {DbfType::Short, "-32769", Overflow},
            {DbfType::Short, "32768", Overflow},
            {DbfType::Short, "0x8000", Overflow},
            {DbfType::Short, "None", NoDigits},
            {DbfType::Short, "1.2345", Extraneous},

            {DbfType::UShort, "0", OK, 0},
            {DbfType::UShort, "-32768", OK, 32768},
            {DbfType::UShort, "-65535", OK, 1},
            {DbfType::UShort, "65535", OK, 65535},
            {DbfType::UShort, "0xffff", OK, 65535},
            {DbfType::UShort, "-65536", Overflow},
            {DbfType::UShort, "0x10000", Overflow},
            {DbfType::UShort, "None", NoDigits},
            {DbfType::UShort, "1.2345", Extraneous},
            {DbfType::Enum, "-65535", OK, 1},
            {DbfType::Enum, "65536", Overflow},

            {DbfType::Long, "0", OK, 0},
            {DbfType::Long, "123456789", OK, 123456789},
            {DbfType::Long, "-123456789", OK, S(-123456789)},
            {DbfType::Long, "-0x80000000", OK, S(INT32_MIN)},
            {DbfType::Long, "0x1234FEDC", OK, 0x1234fedc},
            {DbfType::Long, "0x7fffffff", OK, 0x7fffffff},
            {DbfType::Long, "-0x80000001", Overflow},
            {DbfType::Long, "0x100000000", Overflow},
            {DbfType::Long, "None", NoDigits},
            {DbfType::Long, "1.2345", Extraneous},

            {DbfType::ULong, "0", OK, 0},
            {DbfType::ULong, "123456789", OK, 123456789},
            {DbfType::ULong, "-123456789", OK, 0xffffffffu - 123456789 + 1},
            {DbfType::ULong, "-0xffffffff", OK, 1},
            {DbfType::ULong, "0x1234FEDC", OK, 0x1234fedc},
            {DbfType::ULong, "0xffffffff", OK, 0xffffffffu},
            {DbfType::ULong, "-0x100000000", Overflow},
            {DbfType::ULong, "0x100000000", Overflow},
            {DbfType::ULong, "None", NoDigits},
            {DbfType::ULong, "1.2345", Extraneous},

            {DbfType::Int64, "0", OK, 0},
            {DbfType::Int64, "1234567890123456789", OK, 1234567890123456789u},
            {DbfType::Int64, "-1234567890123456789", OK, S(-1234567890123456789)},
            {DbfType::Int64, "-0x8000000000000000", OK, 0x8000000000000000u},
            {DbfType::Int64, "0x123456780FEDCBA9", OK, 0x123456780fedcba9u},
            {DbfType::Int64, "0x7fffffffffffffff", OK, 0x7fffffffffffffffu},
            {DbfType::Int64, "-0x8000000000000001", Overflow},
            {DbfType::Int64, "0x10000000000000000", Overflow},
            {DbfType::Int64, "0x8000000000000000", Overflow},
            {DbfType::Int64, "None", NoDigits},
            {DbfType::Int64, "1.2345", Extraneous},

            {DbfType::UInt64, "0", OK, 0},
            {DbfType::UInt64, "1234567890123456789", OK, 1234567890123456789u},
            {DbfType::UInt64, "-1234567890123456789", OK, S(-1234567890123456789)},
            {DbfType::UInt64, "-0xffffffffffffffff", OK, 1},
            {DbfType::UInt64, "0x123456780FEDCBA9", OK, 0x123456780fedcba9u},
            {DbfType::UInt64, "0x7fffffffffffffff", OK, 0x7fffffffffffffffu},
            {DbfType::UInt64, "-0x10000000000000000", Overflow},
            {DbfType::UInt64, "0x10000000000000000", Overflow},
            {DbfType::UInt64, "None", NoDigits},
            {DbfType::UInt64, "1.2345", Extraneous},
        },
        true);
}

TEST(IntegerParse, MenuIndexIsAStrictSixteenBitNumber) {
    struct MenuRow {
        std::string text;
        bool ok;
        std::uint16_t index = 0;
    };
    const std::vector<MenuRow> table{
        {"3", true, 3},         {"0x10", true, 16},  {" 2 ", true, 2},    {"017", true, 15},
        {"65535", true, 65535}, {"-1", true, 65535}, {"-65535", true, 1}, {"", true, 0},
        {"65536", false},       {"-65536", false},   {"abc", false},      {"1.5", false},
        {"1 second", false},    {"  ", false},
    };
    for (const MenuRow& row : table) {
        std::uint16_t index = 777;
        EXPECT_EQ(parseMenuIndex(row.text, index), row.ok) << '"' << row.text << '"';
        EXPECT_EQ(index, row.ok ? row.index : 777) << '"' << row.text << '"';
    }
}

TEST(IntegerParse, ErrorTexts) {
    const std::vector<std::tuple<ConvertError, std::string, std::string>> table{
        {ConvertError::None, "", ""},
        {ConvertError::NoDigits, "No digits to convert", "Not a valid integer"},
        {ConvertError::Extraneous, "Extraneous characters", "Extraneous characters after number"},
        {ConvertError::Overflow, "Too large to represent", "Number too large for field type"},
        {ConvertError::Underflow, "Too small to represent", "Number too small for field type"},
        {ConvertError::BadBase, "Number base not supported", "Internal error (badBase)"},
    };
    for (const auto& [error, put, verify] : table) {
        EXPECT_EQ(convertErrorText(error), put);
        EXPECT_EQ(verifyErrorText(error), verify);
    }
}
