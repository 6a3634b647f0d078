// checkCalcExpression: the verdict and error text of EPICS Base 7.0.8's postfix() for an
// SPC_CALC field. Valid inputs are the expressions of EPICS's epicsCalcTest (which compile
// there); the error cases follow postfix()'s order of checks.
#include <epicsdb/dbStatic/Values.hpp>

#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

using epicsdb::dbstatic::checkCalcExpression;

namespace {

constexpr std::string_view ok = "";
constexpr std::string_view tooMany = "Too many results returned";
constexpr std::string_view badLiteral = "Badly formed numeric literal";
constexpr std::string_view badAssignment = "Bad assignment target";
constexpr std::string_view badSeparator = "Comma without enclosing parentheses";
constexpr std::string_view parenNotOpen = "Close parenthesis found without open";
constexpr std::string_view parenOpen = "Parenthesis still open at end of expression";
constexpr std::string_view conditional = "Unbalanced conditional ?: operators";
constexpr std::string_view incomplete = "Incomplete expression, operand missing";
constexpr std::string_view underflow = "Not enough operands provided";
constexpr std::string_view overflow = "Runtime stack overflow";
constexpr std::string_view syntax = "Syntax error, unknown operator/operand";
constexpr std::string_view nullArgument = "NULL or empty input argument to postfix()";

struct Case {
    std::string expression;
    std::string_view error;
};

// Prints the expression (abbreviated when huge) and both verdicts on failure.
void expectVerdicts(const std::vector<Case>& cases) {
    for (const Case& c : cases) {
        const std::string shown = c.expression.size() > 80
                                      ? c.expression.substr(0, 60) + "... (" +
                                            std::to_string(c.expression.size()) + " chars)"
                                      : c.expression;
        EXPECT_EQ(checkCalcExpression(c.expression), c.error) << "expression: '" << shown << "'";
    }
}

std::string repeat(std::string_view piece, std::size_t count) {
    std::string out;
    out.reserve(piece.size() * count);
    for (std::size_t i = 0; i < count; ++i)
        out += piece;
    return out;
}

// Every expression epicsCalcTest expects postfix() to compile.
const std::vector<std::string> kValidExpressions = {
    // literals and operands
    "0",
    "1",
    "9",
    ".1",
    "0.1",
    "0X0",
    "0x10",
    "0x7fffffff",
    "0x80000000",
    "0xffffffff",
    "Inf",
    "Infinity",
    "NaN",
    "a",
    "b",
    "c",
    "d",
    "e",
    "f",
    "g",
    "h",
    "i",
    "j",
    "k",
    "l",
    "PI",
    "D2R",
    "R2D",
    "rndm",
    "-1",
    "-Inf",
    "- -1",
    "-0x80000000",
    // unary operators and functions
    "(1)",
    "!0",
    "!1",
    "!!0",
    "ABS(1.0)",
    "ABS(-1.)",
    "acos(1.)",
    "asin(0.5)",
    "atan(0.5)",
    "ATAN2(1., 2.)",
    "ceil(0.5)",
    "cos(0.5)",
    "cosh(0.5)",
    "exp(1.)",
    "floor(1.5)",
    "finite(0.)",
    "finite(Inf)",
    "finite(-Inf)",
    "finite(NaN)",
    "finite(0,1,2)",
    "finite(0,1,NaN)",
    "finite(-Inf,1,2)",
    "isinf(0.)",
    "!!isinf(-Inf)",
    "isnan(0.)",
    "!!isnan(NaN)",
    "isnan(0,1,2)",
    "isnan(NaN,1,2)",
    "isnan(0,-Inf,2)",
    "LN(5.)",
    "LOG(5.)",
    "LOGE(2.)",
    "MAX(-99)",
    "MAX( 1., 2.)",
    "MAX( NaN, 1.)",
    "MAX( 1., 2.,3.)",
    "MAX( 1., 2., 3., 4.)",
    "MAX( 1., 2., 3., 4., 5.)",
    "MAX( 1., 2., 3., 4., 5., 6.)",
    "MAX(1,2,3,4,5,6,7,8,9,10,11,12)",
    "MAX(5,4,3,2,1,0,-1,-2,-3,-4,-5,-6)",
    "MAX(-1,1,0)",
    "MIN(99)",
    "MIN(1.,2.)",
    "MIN( 1., 2., 3.,NaN)",
    "MIN(-Inf, 2., 3., 4., 5., 1.)",
    "MIN(1,2,3,4,5,6,7,8,9,10,11,12)",
    "MIN(1,-1,0)",
    "MAX(MIN(0,2),MAX(0),MIN(3,2,1))",
    "NINT(0.4)",
    "NINT(-0.6)",
    "sin(0.5)",
    "sinh(0.5)",
    "SQR(10.)",
    "sqrt(16.)",
    "tan(0.5)",
    "tanh(0.5)",
    "~5",
    "~~5",
    "fmod(7, 4)",
    // binary operators
    "0 != 1",
    "1 != 0 != 2",
    "0.0 != NaN",
    "-Inf != -Inf",
    "0 # 1",
    "1 # 0 # 2",
    "7 % 4",
    "-7 % 4",
    "63 % 16 % 6",
    "1 % 0",
    "7 & 4",
    "0 && 1",
    "2 * 2",
    "Inf * -Inf",
    "2 ** 0.2",
    "2 ** -0.2",
    "-0.2 ** -2",
    "2 ** 2 ** 3",
    "0 + 1",
    "Inf + -Inf",
    "0 - 1 - 2",
    "2.0 / 3.0",
    "1.0 / 2.0 / 3.0",
    "0 < 1",
    "2 < 0 < 2",
    "1 << 2",
    "1 << 3 << 2",
    "3 <= 2 <= 3",
    "0 = 1",
    "2 = 2 = 1",
    "2 == 2 == 1",
    "2 > 0 > 2",
    "3 >= 2 >= 3",
    "8 >> 1",
    "8 >>> 1",
    "64 >>> 2 >>> 1",
    "7 AND 4",
    "1 OR 8",
    "3 XOR 9",
    "2 ^ 0.2",
    "(-0.2) ^ -2",
    "2 ^ 2 ^ 3",
    "1 | 8",
    "1 || 0",
    // conditionals
    "0 ? 1 : 2",
    "NaN ? 1 : 2",
    "0 ? 0 ? 2 : 3 : 4",
    "1 ? 1 ? 2 : 3 : 4",
    "0 ? 2 : 0 ? 3 : 4",
    "1 ? 2 : 1 ? 3 : 4",
    // assignments and expression lists
    "a := 0; a",
    "l := 0; l",
    "a; a := 0",
    "l; l := 0",
    "0.1;A:=0",
    "11.1;L:=0",
    "12.1;A:=0;B:=A;C:=B;D:=C",
    "13.1;B:=A;A:=B;C:=D;D:=C",
    "a:=0xaaaaaaaa; b:=0xffff0000; a AND b",
    "a:=0x55555555; a >>> 8",
    // relative precedences and parentheses
    "0 ? 1 : 2 | 4",
    "1 ? 2 & 3 : 1",
    "0 ? 3 >= 1 : 2",
    "1 ? 2 + 4 : 1",
    "0 ? 1 : 2 ** 3",
    "1 | 3 XOR 1",
    "3 | 1 & 2",
    "2 OR 4 > 3",
    "2 | 1 - 3",
    "1 | 2 ** 3",
    "18 & 6 << 2",
    "36 >>> 2 & 10",
    "16 >>> 2 != 4",
    "3 AND -2",
    "1 <= 0 ? 2 : 3",
    "0 - -1",
    "20 + 20 / 2",
    "-2 ** 2",
    "-2 ^ 2",
    "(1 | 2) ** 3",
    "1+(1|2)**3",
    "1+(1?(1<2):(1>2))*2",
    "A+B+C+D+E+F+G+H+I+J+K+L",
    "0xaaaaaaaa AND 0xffff0000",
    "~~0xaaaaaaaa",
    "-1431655766.1 OR 0",
    "2863311530.1 >>> 0.1",
    "~ 2863311530.1",
};

} // namespace

TEST(CalcCheck, AcceptsTheExpressionsOfEpicsCalcTest) {
    std::vector<Case> cases;
    for (const std::string& expression : kValidExpressions)
        cases.push_back({expression, ok});
    expectVerdicts(cases);
}

TEST(CalcCheck, RejectsTheMalformedExpressionsOfEpicsCalcTest) {
    expectVerdicts({
        {"0x0.1", syntax},
        {"1*", incomplete},
        {"*1", syntax},
        {"MIN", incomplete},
        {"MIN()", syntax},
        {"MIN(A,)", syntax},
        {"MIN(A,B,)", syntax},
        {"MAX", incomplete},
        {"MAX()", syntax},
        {"MAX(A,)", syntax},
        {"MAX(A,B,)", syntax},
        {"1?", conditional},
        {"1?1", conditional},
        {":1", syntax},
    });
}

TEST(CalcCheck, ReportsEachErrorWithItsCalcErrorStrText) {
    expectVerdicts({
        {"", nullArgument},
        {"1;2;", tooMany},
        {"a;b", incomplete}, // only a ';' counts the results so far
        {"a;b;c", tooMany},
        {".", badLiteral},
        {"1e999", badLiteral},
        {"1:=2", badAssignment},
        {"1,2", badSeparator},
        {"sin 1,2", badSeparator},
        {"1)", parenNotOpen},
        {"(1", parenOpen},
        {"(1;2)", parenOpen},
        {"1:2", conditional},
        {"1?2:3:4", conditional},
        {"1+", incomplete},
        {"a:=1", incomplete}, // every list needs one expression that is not an assignment
        {"   ", incomplete},  // blank is not empty
        {"(1,2)", incomplete},
        {"atan2(1)*atan2(1)*1", underflow},
        {"max(" + repeat("1,", 79) + "1)", overflow},
        {repeat("1+(", 79) + "1" + repeat(")", 79), overflow},
        {"1 2", syntax},
        {"S2R", syntax}, // the arc-second constants are synApps calc, not Base
        {"R2S", syntax},
        {"a ! b", syntax},
        {"+1", syntax},
    });
}

TEST(CalcCheck, StackLimitIsEightyValues) {
    expectVerdicts({
        {"max(" + repeat("1,", 78) + "1)", ok},
        {"max(" + repeat("1,", 79) + "1)", overflow},
        {repeat("1+(", 78) + "1" + repeat(")", 78), ok},
        {repeat("1+(", 79) + "1" + repeat(")", 79), overflow},
    });
}

TEST(CalcCheck, NamesAreCaseInsensitiveAndLongestMatchWins) {
    expectVerdicts({
        {"Sin(a)+COS(b)+tAn(c)", ok},
        {"atan2(a,b)", ok}, // ATAN2, not ATAN followed by 2
        {"loge(a)", ok},    // LOGE, not LOG followed by E
        {"sqrt(a)+sqr(a)", ok},
        {"d2r*r2d", ok},
        {"d2", syntax}, // D, then "2" where an operator is expected
        {"aANDb", ok},  // no word boundaries: A AND B
        {"cor 1", ok},  // C OR 1
        {"exor 1", ok}, // E XOR 1
        {"1and2", ok},
        {"valUE", syntax}, // VAL, then "UE"
        {"\ta\n+\r\v\fb ", ok},
    });
}

TEST(CalcCheck, LiteralsFollowStrtodAndStrtoul) {
    expectVerdicts({
        {"1.", ok},
        {"1.e5", ok},
        {"1e+5", ok},
        {"1e", syntax}, // the exponent needs digits; "e" is then no operator
        {"1.2.3", syntax},
        {"..5", badLiteral},
        {".e5", badLiteral},
        {"nan(abc)", ok},    // glibc strtod takes "nan(chars)"
        {"nan(abc", syntax}, // ...but only with the closing parenthesis
        {"infinity", ok},
        {"infinit", syntax},
        {"infor 1", ok},        // INF OR 1
        {"1e-310", badLiteral}, // subnormal: ERANGE
        {"1e-400", badLiteral},
        {"0e-999", ok}, // exact zero
        {"1.7976931348623157e308", ok},
        {"1.7976931348623159e308", badLiteral},
        {"2.2250738585072014e-308", ok},
        {"2.2250738585072009e-308", badLiteral},
        {"2.2250738585072012e-308", badLiteral}, // rounds up to DBL_MIN, but glibc says ERANGE
        {"0." + repeat("0", 400) + "1", badLiteral},
        {"1" + repeat("0", 308), ok},
        {"2" + repeat("0", 308), badLiteral},
        {"0x", syntax}, // strtoul takes just the 0
        {"0xor1", ok},  // 0 XOR 1
        {"00x1", syntax},
        {"0XaBcD", ok},
        {"0x100000000", badLiteral},
        {"0xFFFFFFFF00000000", badLiteral},
        {"0xFFFFFFFF00000001", ok}, // reads as -0xFFFFFFFF, truncated to 32 bits
        {"0x10000000000000000", badLiteral},
    });
}

// Where postfix() is more permissive than its documentation; EPICS accepts all of these.
TEST(CalcCheck, KeepsThePermissivenessOfPostfix) {
    expectVerdicts({
        {"max 1", ok}, // a function without parentheses takes the next operand
        {"sin a", ok},
        {"atan2(1);1", ok}, // the result count is only checked for more than one
        {"(a?b):c", ok},    // '?' and ':' balance across parentheses
        {"a?(b:c)", ok},
        // ':=' is accepted after whatever left a FETCH_A..L opcode byte last
        {"(a):=1;b", ok},
        {"(max(a,b,c,d)):=1;a", ok}, // the argument count 4 reads as FETCH_A
        {"(max(a,b,c)):=1;a", badAssignment},
        {"67108864:=1;2", ok}, // 0x04000000: its top byte reads as FETCH_A
        {"0x4000000:=1;2", ok},
        {"1e-250:=1;2", ok}, // a double whose top byte is 0x0c
        {"1e5:=1", badAssignment},
        {"a:=b:=1", badAssignment}, // only at the top level
        {"-a:=1", badAssignment},
        {"vAL:=1", badAssignment},
        {"pi:=1", badAssignment},
        {"(a+b):=1", badAssignment},
        {"a;b:=1", ok},
        {"a:=1;b:=2;c", ok},
        // the argument counter of a parenthesis wraps like a signed char
        {"max(" + repeat("atan2(1),", 255) + "1)", incomplete},
        {"max(" + repeat("atan2(1),", 256) + "1)", ok},
    });
}

TEST(CalcCheck, TextEndsAtTheFirstNul) {
    using namespace std::string_literals;
    expectVerdicts({
        {"a+b\0garbage"s, ok},
        {"\0a"s, nullArgument},
    });
}

TEST(CalcCheck, HostileInputIsCheckedWithoutOverflowingAnything) {
    constexpr std::size_t mega = 1 << 20;
    expectVerdicts({
        {repeat("(", mega), parenOpen},
        {repeat(")", mega), syntax},
        {repeat("(", mega / 2) + "1" + repeat(")", mega / 2), ok},
        {repeat("-", mega) + "1", ok},
        {repeat("max(", mega / 4), parenOpen},
        {repeat("1+", mega / 2) + "1", ok},
        {repeat("1?", mega / 2) + "1", conditional},
        {repeat("9", mega), badLiteral},
        {"0." + repeat("0", mega) + "1e1048577", ok},
    });
}
