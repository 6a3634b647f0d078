// FLOAT and DOUBLE field puts (EPICS-BEHAVIOUR 4.2, 4.7): glibc strtod syntax with EPICS's range
// rules, vectors from dbStaticTest and epicsStdlibTest.
#include <epicsdb/dbStatic/Values.hpp>

#include <gtest/gtest.h>

#include <bit>
#include <cerrno>
#include <cfloat>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <locale.h>
#include <random>
#include <string>
#include <vector>

using namespace epicsdb::dbstatic;

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

struct FloatRow {
    std::string text;
    ConvertError error;
    double value = 0; // expected when error is None; NaN matches any NaN
};

void check(DbfType type, const std::vector<FloatRow>& table) {
    for (const FloatRow& row : table) {
        const std::string what = std::string(dbfTypeName(type)) + " \"" + row.text + '"';
        double value = -12345.0;
        const ConvertError error = parseFloat(type, row.text, value);
        EXPECT_EQ(error, row.error) << what << " gave \"" << convertErrorText(error) << '"';
        if (row.error != ConvertError::None)
            EXPECT_EQ(value, -12345.0) << what << ": output touched on error";
        else if (std::isnan(row.value))
            EXPECT_TRUE(std::isnan(value)) << what << " gave " << value;
        else
            EXPECT_EQ(value, row.value) << what;
    }
}

constexpr auto NoError = ConvertError::None;

} // namespace

TEST(FloatParse, DbVerifyVectorsForDouble) {
    check(DbfType::Double, {
                               {"0", NoError, 0},
                               {"1.2345", NoError, 1.2345},
                               {".12345", NoError, .12345},
                               {"-.12345", NoError, -.12345},
                               {"+.12345", NoError, .12345},
                               {"1.e234", NoError, 1e234},
                               {"1.e-234", NoError, 1e-234},
                               {"Infinity", NoError, kInf},
                               {"+Infinity", NoError, kInf},
                               {"-Infinity", NoError, -kInf},
                               {"Nan", NoError, kNaN},
                               {"None", ConvertError::NoDigits},
                               {"1.2e-345", ConvertError::Underflow},
                               {"1.2e345", ConvertError::Overflow},
                           });
}

TEST(FloatParse, DbVerifyVectorsForFloat) {
    check(DbfType::Float, {
                              {"0", NoError, 0},
                              {"1.2345", NoError, static_cast<double>(1.2345f)},
                              {".12345", NoError, static_cast<double>(.12345f)},
                              {"-.12345", NoError, static_cast<double>(-.12345f)},
                              {"+.12345", NoError, static_cast<double>(.12345f)},
                              {"1.e23", NoError, static_cast<double>(1e23f)},
                              {"1.e-23", NoError, static_cast<double>(1e-23f)},
                              {"Infinity", NoError, kInf},
                              {"-Infinity", NoError, -kInf},
                              {"Nan", NoError, kNaN},
                              {"None", ConvertError::NoDigits},
                              {"1.2e-345", ConvertError::Underflow},
                              {"1.2e345", ConvertError::Overflow},
                          });
}

TEST(FloatParse, StrtodSyntax) {
    check(DbfType::Double,
          {
              {"", NoError, 0}, // dbPutStringNum: empty is zero
              {"\t 1\n", NoError, 1},
              {"-1", NoError, -1},
              {"0x0", NoError, 0},
              {"0x1", NoError, 1},
              {"+0x1", NoError, 1},
              {"-0x1", NoError, -1},
              {"0xf", NoError, 15},
              {"0XF", NoError, 15},
              {"0xffffffff", NoError, 4294967295.0},
              {"-0x7fffffff", NoError, -2147483647.0},
              {"0x1.8p3", NoError, 12},
              {"0x.8", NoError, 0.5},
              {".1", NoError, 0.1},
              {"1e-1", NoError, 0.1},
              {"123.", NoError, 123},
              {"123.e-4", NoError, 123e-4},
              {"+.123e4", NoError, 1230},
              {"4294967295", NoError, 4294967295.0},
              {"-4294967296", NoError, -4294967296.0},
              {"NAN", NoError, kNaN},
              {"nan()", NoError, kNaN},
              {"nan(0x12_ab)", NoError, kNaN},
              {"INF", NoError, kInf},
              {"+INF", NoError, kInf},
              {"-inf", NoError, -kInf},
              {"iNfInItY", NoError, kInf},
              {"1e-300", NoError, 1e-300},
              {"1e300", NoError, 1e300},
              {"0x1p-1074", NoError, std::numeric_limits<double>::denorm_min()}, // exact: no ERANGE
              {"\t \n", ConvertError::NoDigits},
              {"!", ConvertError::NoDigits},
              {".", ConvertError::NoDigits},
              {"+-1", ConvertError::NoDigits},
              {"e5", ConvertError::NoDigits},
              {"2!", ConvertError::Extraneous},
              {"3 \n\t!", ConvertError::Extraneous},
              {"0.1a", ConvertError::Extraneous},
              {"1e", ConvertError::Extraneous},
              {"0x", ConvertError::Extraneous},
              {"0x1p", ConvertError::Extraneous},
              {"infinit", ConvertError::Extraneous},
              {"nan(", ConvertError::Extraneous},
              {"1,5", ConvertError::Extraneous},
              {"1e-330", ConvertError::Underflow},
              {"1e-400", ConvertError::Underflow},
              {"1e310", ConvertError::Overflow},
              {"-1e310", ConvertError::Overflow},
              {"1e400x", ConvertError::Overflow}, // ERANGE before the junk
              // (quirk) glibc flags an inexact subnormal with ERANGE, and EPICS calls every
              // nonzero ERANGE result an overflow.
              {"1e-310", ConvertError::Overflow},
              {"2.2250738585072011e-308", ConvertError::Overflow},
          });
}

TEST(FloatParse, FloatRangeRules) {
    check(DbfType::Float,
          {
              {"1e-30", NoError, static_cast<double>(1e-30f)},
              {"1e30", NoError, static_cast<double>(1e30f)},
              {"0.1", NoError, static_cast<double>(0.1f)},
              {"16777215", NoError, 16777215},
              {"16777217", NoError, 16777216}, // rounded to float
              {"-16777216", NoError, -16777216},
              {"0xffffff", NoError, 16777215},
              // Negative tiny values are not checked; they round to a float subnormal.
              {"-1e-40", NoError, static_cast<double>(-1e-40f)},
              {"-1e-50", NoError, -0.0},
              {"1e-40", ConvertError::Underflow},
              {"1.1754943508222875e-38", ConvertError::Underflow}, // FLT_MIN itself
              {"1e40", ConvertError::Overflow},
              {"-1e40", ConvertError::Overflow},
              {"3.4028234663852886e38", ConvertError::Overflow}, // FLT_MAX itself
              {"3.40282e38", NoError, static_cast<double>(3.40282e38f)},
          });
}

TEST(FloatParse, NegativeZeroAndNanSignSurvive) {
    double value = 1;
    ASSERT_EQ(parseFloat(DbfType::Double, "-0", value), ConvertError::None);
    EXPECT_TRUE(std::signbit(value));
    ASSERT_EQ(parseFloat(DbfType::Double, "-nan", value), ConvertError::None);
    EXPECT_TRUE(std::isnan(value) && std::signbit(value));
    ASSERT_EQ(parseFloat(DbfType::Float, "-nan", value), ConvertError::None);
    EXPECT_TRUE(std::isnan(value) && std::signbit(value));
}

namespace {

// epicsParseDouble as EPICS does it, on glibc's own strtod in the "C" locale: the reference the
// parser (which never calls strtod) must agree with.
struct Reference {
    ConvertError error;
    double value;
};

Reference referenceParse(const std::string& text) {
    static const locale_t cLocale = newlocale(LC_ALL_MASK, "C", static_cast<locale_t>(nullptr));
    char* end = nullptr;
    errno = 0;
    const double value = strtod_l(text.c_str(), &end, cLocale);
    if (end == text.c_str()) return {ConvertError::NoDigits, 0};
    if (errno == ERANGE) return {value == 0 ? ConvertError::Underflow : ConvertError::Overflow, 0};
    while (*end == ' ' || (*end >= '\t' && *end <= '\r'))
        ++end;
    if (*end) return {ConvertError::Extraneous, 0};
    return {ConvertError::None, value};
}

void expectLikeStrtod(const std::string& text) {
    const Reference expected = referenceParse(text);
    double value = 0;
    const ConvertError error = parseFloat(DbfType::Double, text, value);
    ASSERT_EQ(error, expected.error) << '"' << text << '"';
    if (error == ConvertError::None) {
        ASSERT_EQ(std::bit_cast<std::uint64_t>(value), std::bit_cast<std::uint64_t>(expected.value))
            << '"' << text << '"';
    }
}

} // namespace

// Where ERANGE is decided (overflow, underflow to zero, inexact subnormals, in decimal and hex,
// exact numbers written with every digit): the parser agrees with glibc on many numbers near
// the edges of the double range.
TEST(FloatParse, RangeErrorsAsGlibcStrtodSetsThem) {
    std::mt19937_64 random(20240607);
    auto pick = [&random](int low, int high) {
        return std::uniform_int_distribution<int>(low, high)(random);
    };
    auto digits = [&](int count, bool hex) {
        std::string out;
        for (int i = 0; i < count; ++i)
            out += (hex ? "0123456789abcdef" : "0123456789")[pick(0, hex ? 15 : 9)];
        return out;
    };
    for (const char* text :
         {"4.9406564584124654e-324", "2.4703282292062327e-324", "2.4703282292062328e-324",
          "2.2250738585072009e-308", "2.2250738585072014e-308",
          // below DBL_MIN, rounded up to it: glibc's tininess rule decides
          "2.2250738585072012e-308", "0x0.fffffffffffffap-1022", "0x0.fffffffffffffcp-1022",
          // hex subnormals: glibc's own inexactness test
          "0x1.00000000000008p-1060", "0x1.00000000000004p-1060", "1.7976931348623157e308",
          "1.7976931348623158e308", "1.7976931348623159e308", "0x1p-1075", "0x1.00001p-1075",
          "0x1p-1074", "0x3p-1075", "0x1.fffffffffffffp1023", "0x1.fffffffffffff8p1023",
          "0x0.0000000000001p-1022", "0x0.00000000000008p-1022", "-1e-320", "-0x1p-1080",
          "0e-99999", "0x0p-99999", "1e-99999999999999999999", "1e+99999999999999999999",
          "0.000000000000000000001e-300", "100000000000000000000e-344"})
        expectLikeStrtod(text);
    for (int i = 0; i < 4000; ++i) {
        // Decimal numbers around the subnormal range and the largest doubles.
        const std::string mantissa = digits(pick(1, 25), false);
        const int point = pick(0, static_cast<int>(mantissa.size()));
        const int exponent = pick(0, 1) ? pick(-345, -300) : pick(295, 312);
        expectLikeStrtod(std::string(pick(0, 1) ? "-" : "") + mantissa.substr(0, point) + "." +
                         mantissa.substr(point) + "e" + std::to_string(exponent));
        // Hex numbers around the same edges.
        const std::string hex = digits(pick(1, 16), true);
        const int binary = pick(0, 1) ? pick(-1140, -1015) : pick(1010, 1030);
        expectLikeStrtod("0x" + hex.substr(0, 1) + "." + hex.substr(1) + "p" +
                         std::to_string(binary));
        // Subnormals written exactly, with every decimal digit, or one unit off in the last.
        const double subnormal = std::bit_cast<double>(random() % (std::uint64_t{1} << 52));
        char buffer[900];
        const auto printed = std::to_chars(buffer, buffer + sizeof buffer, subnormal,
                                           std::chars_format::scientific, 800);
        std::string exact(buffer, printed.ptr);
        expectLikeStrtod(exact);
        const std::size_t e = exact.find('e');
        std::size_t last = exact.find_last_not_of('0', e - 1);
        if (exact[last] != '.') {
            exact[last] = exact[last] == '9' ? '8' : static_cast<char>(exact[last] + 1);
            expectLikeStrtod(exact);
        }
        const auto hexPrinted =
            std::to_chars(buffer, buffer + sizeof buffer, subnormal, std::chars_format::hex);
        expectLikeStrtod("0x" + std::string(buffer, hexPrinted.ptr));
    }
}
