// dbGetString of numeric fields (EPICS-BEHAVIOUR 4.5).
#include <epicsdb/dbStatic/Values.hpp>

#include <gtest/gtest.h>

#include <cfloat>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

using namespace epicsdb::dbstatic;

namespace {

std::string integer(DbfType type, std::uint64_t bits, bool hex) {
    std::string out = "prefix:";
    formatInteger(type, bits, hex, out);
    return out.substr(7);
}

std::string real(DbfType type, double value) {
    std::string out = "prefix:";
    formatFloat(type, value, out);
    return out.substr(7);
}

constexpr std::uint64_t bits(std::int64_t v) {
    return static_cast<std::uint64_t>(v);
}

} // namespace

TEST(IntegerFormat, DecimalAndHex) {
    struct Row {
        DbfType type;
        std::uint64_t bits;
        std::string decimal, hex;
    };
    const std::vector<Row> table{
        {DbfType::Char, 0, "0", "0x0"},
        {DbfType::Char, 127, "127", "0x7f"},
        {DbfType::Char, bits(-1), "-1", "0xffffffff"}, // via a 32-bit unsigned
        {DbfType::Char, bits(-128), "-128", "0xffffff80"},
        {DbfType::UChar, 255, "255", "0xff"},
        {DbfType::Short, bits(-32768), "-32768", "0xffff8000"},
        {DbfType::Short, 4660, "4660", "0x1234"},
        {DbfType::UShort, 65535, "65535", "0xffff"},
        {DbfType::Enum, 3, "3", "0x3"},
        {DbfType::Long, bits(INT32_MIN), "-2147483648", "0x80000000"},
        {DbfType::Long, 0x7fffffff, "2147483647", "0x7fffffff"},
        {DbfType::Long, bits(-1), "-1", "0xffffffff"},
        {DbfType::ULong, 0xffffffffu, "4294967295", "0xffffffff"},
        {DbfType::Int64, bits(-1), "-1", "-0x1"}, // cvtInt64ToHexString: sign and magnitude
        {DbfType::Int64, bits(INT64_MIN), "-9223372036854775808", "-0x8000000000000000"},
        {DbfType::Int64, 0x123456780fedcba9u, "1311768465134963625", "0x123456780fedcba9"},
        {DbfType::Int64, 0, "0", "0x0"},
        // (quirk) UINT64 is read through its low 32 bits.
        {DbfType::UInt64, 0x123456780fedcba9u, "267242409", "0xfedcba9"},
        {DbfType::UInt64, 0x100000000u, "0", "0x0"},
        {DbfType::UInt64, 42, "42", "0x2a"},
    };
    for (const Row& row : table) {
        SCOPED_TRACE(std::string(dbfTypeName(row.type)) + " " + std::to_string(row.bits));
        EXPECT_EQ(integer(row.type, row.bits, false), row.decimal);
        EXPECT_EQ(integer(row.type, row.bits, true), row.hex);
    }
}

TEST(IntegerFormat, RoundTripsWhatTheParserStores) {
    struct Row {
        DbfType type;
        std::string in, out;
    };
    const std::vector<Row> table{
        {DbfType::Long, "4294967295", "-1"},
        {DbfType::UShort, "-1", "65535"},
        {DbfType::Char, "0x7f", "127"},
        {DbfType::Int64, "-0x8000000000000000", "-9223372036854775808"},
        {DbfType::Long, "017", "15"},
        {DbfType::ULong, "-1", "4294967295"},
    };
    for (const Row& row : table) {
        std::uint64_t bits = 0;
        ASSERT_EQ(parseInteger(row.type, row.in, false, bits), ConvertError::None) << row.in;
        EXPECT_EQ(integer(row.type, bits, false), row.out) << row.in;
    }
}

TEST(FloatFormat, DoubleVectors) {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const double inf = std::numeric_limits<double>::infinity();
    const std::vector<std::pair<double, std::string>> table{
        {0.0, "0"},
        {-0.0, "0"},
        {1e7, "10000000"}, // an integer within tolerance
        {42.0, "42"},
        {-42.0, "-42"},
        {1.0000000000000002, "1"},
        {2147483646.0, "2147483646"},
        {-2147483646.0, "-2147483646"},
        {2147483647.0, "2.147483647e+09"}, // not below INT_MAX: no integer shortcut
        {2147483648.0, "2.147483648e+09"},
        {-2147483648.0, "-2.147483648e+09"},
        {1e10, "1.0e+10"},
        {1e15, "1.0e+15"},
        {1e300, "1.0e+300"},
        {1e-4, "1.0e-04"},
        {0.001, "1.0e-03"},
        {1e-300, "1.0e-300"},
        {1.23456789e-5, "1.23456789e-05"},
        {99999999.5, "9.99999995e+07"},
        {12345678.9, "1.23456789e+07"},
        {1.23456789012346e19, "1.23456789012346e+19"},
        {6.02214076e23, "6.02214076e+23"},
        {-1.6e-19, "-1.6e-19"},
        {5e-324, "4.94065645841247e-324"},
        {DBL_MAX, "1.79769313486232e+308"},
        {0.1, "0.1"},
        {1.5, "1.5"},
        {0.01, "0.01"},
        {0.05, "0.05"},
        {123456.7, "123456.7"},
        {1234567.5, "1234567.5"},
        {9999999.5, "9999999.5"},
        {1000000.5, "1000000.5"},
        {3.14159265358979, "3.14159265358979"},
        {1.0 / 3, "0.33333333333333"},
        {0.12345678901234568, "0.12345678901235"},
        {-2.5, "-2.5"},
        {0.1 + 0.2, "0.3"},
        {0.00999999999, "0.00999999999"},
        // The trimming rounds a tail of 9s up: sometimes to a clean number, sometimes
        // leaving a zero behind (quirk), and sometimes to a two-digit mantissa (quirk).
        {2.99999999999998, "3"},
        {1.23999999999998, "1.240"},
        {0.0099999999999999, "0.010"},
        {9.99999999999999e20, "10.0e+20"},
        {nan, "nan"},
        {-nan, "-nan"},
        {inf, "inf"},
        {-inf, "-inf"},
    };
    for (const auto& [value, text] : table)
        EXPECT_EQ(real(DbfType::Double, value), text) << "value " << value;
}

TEST(FloatFormat, FloatVectorsUseSixDigitsOfTheFloatValue) {
    const std::vector<std::pair<double, std::string>> table{
        {0.1, "0.1"}, // 0.100000001490116 as a float
        {1.5, "1.5"},
        {0.3, "0.3"},
        {123.456, "123.456"},
        {65536.5, "65536.5"},
        {1e7, "10000000"},
        {1234567.5, "1234567"}, // within 1e-6 of an integer
        {999999.94, "999999"},
        {16777217.0, "16777216"},
        {3e9, "3.0e+09"},
        {2147483648.0, "2.147484e+09"},
        {1.23456789e-5, "1.234568e-05"},
        {1e-5, "1.0e-05"},
        {3.14159265358979, "3.141593"},
        {1.0 / 3, "0.333333"},
        {FLT_MAX, "3.402823e+38"},
        {FLT_MIN, "1.175494e-38"},
        {1e-45, "1.40130e-45"}, // the tail-rounding quirk again
        {1e-300, "0"},          // a double below the float range is a float zero
        {std::numeric_limits<double>::infinity(), "inf"},
    };
    for (const auto& [value, text] : table)
        EXPECT_EQ(real(DbfType::Float, value), text) << "value " << value;
}

TEST(FloatFormat, PrintsWhatTheParserStores) {
    struct Row {
        DbfType type;
        std::string in, out;
    };
    const std::vector<Row> table{
        {DbfType::Double, "1e7", "10000000"}, {DbfType::Double, "0.1", "0.1"},
        {DbfType::Double, ".123e4", "1230"},  {DbfType::Double, "-Infinity", "-inf"},
        {DbfType::Double, "Nan", "nan"},      {DbfType::Float, "123.e-4", "0.0123"},
        {DbfType::Float, "0.1", "0.1"},       {DbfType::Double, "0x10", "16"},
        {DbfType::Double, "1500", "1500"},    {DbfType::Double, "", "0"},
    };
    for (const Row& row : table) {
        double value = 0;
        ASSERT_EQ(parseFloat(row.type, row.in, value), ConvertError::None) << row.in;
        EXPECT_EQ(real(row.type, value), row.out) << row.in;
    }
}
