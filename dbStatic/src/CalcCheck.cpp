// The acceptance check of an SPC_CALC field (EPICS-BEHAVIOUR 4.1): decides whether EPICS
// Base 7.0.8's postfix() compiles an infix CALC expression and, if not, which calcErrorStr() text
// it reports.
//
// postfix() is an operator-precedence translator. Its verdict depends on its operator stack, on
// the depth the value stack would reach at run time and on the count of open '?', so this file
// replays exactly that state (without emitting any code) over its own tokenizer, and makes the
// checks in the order postfix() makes them. Hot path: no heap allocation unless an expression
// nests deeper than the stack EPICS itself has; no recursion, linear work for any input.
#include <epicsdb/dbStatic/Values.hpp>

#include <epicsdb/CharClass.hpp>

#include "NumberScanPvt.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace epicsdb::dbstatic {
namespace {

// postfix.h's CALC_ERR_xxx codes, in their numeric order.
enum class CalcError : std::uint8_t {
    None,
    TooMany,
    BadLiteral,
    BadAssignment,
    BadSeparator,
    ParenNotOpen,
    ParenOpen,
    Conditional,
    Incomplete,
    Underflow,
    Overflow,
    Syntax,
    NullArgument,
};

// calcErrorStr(), which dbPutString prints before " in CALC expression '...'".
constexpr std::array<std::string_view, 13> errorTexts = {
    "",
    "Too many results returned",
    "Badly formed numeric literal",
    "Bad assignment target",
    "Comma without enclosing parentheses",
    "Close parenthesis found without open",
    "Parenthesis still open at end of expression",
    "Unbalanced conditional ?: operators",
    "Incomplete expression, operand missing",
    "Not enough operands provided",
    "Runtime stack overflow",
    "Syntax error, unknown operator/operand",
    "NULL or empty input argument to postfix()",
};

// calcPerform's value stack (CALCPERFORM_STACK): postfix() refuses to let it reach this depth.
constexpr int valueStackLimit = 80;

// What an expression element does. Which ones can appear depends on whether an operand or an
// operator is expected next, as in EPICS (a '-' is unary in one place and binary in the other).
enum class Role : std::uint8_t {
    Variable,   // A-L: fetches an argument
    Constant,   // VAL, PI, D2R, R2D, RNDM
    Number,     // decimal literal, INF, NAN
    HexNumber,  // 0x literal
    Prefix,     // unary operator or function of fixed arity
    Variadic,   // MIN, MAX, FINITE, ISNAN: arity from the commas
    OpenParen,  //
    Binary,     //
    Comma,      //
    CloseParen, //
    Question,   // '?'
    Colon,      // ':' of a conditional
    Assign,     // ':='
    Semicolon,  // separates expressions
};

struct Element {
    std::string_view name; // upper case, matched case-insensitively
    Role role;
    std::int8_t priority = 0; // binding strength once on the operator stack
    std::int8_t effect = 0;   // change of the value-stack depth when the element is applied
};

// Unary operators and functions bind tighter than every binary operator.
constexpr std::int8_t prefixPriority = 7;
// ...and never force anything off the stack when they arrive.
constexpr std::int8_t prefixIncoming = 8;

constexpr Element prefix(std::string_view name, std::int8_t effect = 0) {
    return {name, Role::Prefix, prefixPriority, effect};
}
constexpr Element binary(std::string_view name, std::int8_t priority) {
    return {name, Role::Binary, priority, -1};
}

// Elements where an operand is expected. Digits and '.' start a literal and are handled apart.
constexpr std::array operandElements = {
    Element{"A", Role::Variable, 0, 1},
    Element{"B", Role::Variable, 0, 1},
    Element{"C", Role::Variable, 0, 1},
    Element{"D", Role::Variable, 0, 1},
    Element{"E", Role::Variable, 0, 1},
    Element{"F", Role::Variable, 0, 1},
    Element{"G", Role::Variable, 0, 1},
    Element{"H", Role::Variable, 0, 1},
    Element{"I", Role::Variable, 0, 1},
    Element{"J", Role::Variable, 0, 1},
    Element{"K", Role::Variable, 0, 1},
    Element{"L", Role::Variable, 0, 1},
    Element{"VAL", Role::Constant, 0, 1},
    Element{"PI", Role::Constant, 0, 1},
    Element{"D2R", Role::Constant, 0, 1},
    Element{"R2D", Role::Constant, 0, 1},
    Element{"RNDM", Role::Constant, 0, 1},
    Element{"INF", Role::Number, 0, 1},
    Element{"NAN", Role::Number, 0, 1},
    Element{"(", Role::OpenParen, 0, 0},
    prefix("-"),
    prefix("!"),
    prefix("~"),
    prefix("NOT"),
    prefix("ABS"),
    prefix("ACOS"),
    prefix("ASIN"),
    prefix("ATAN"),
    prefix("ATAN2", -1),
    prefix("CEIL"),
    prefix("COS"),
    prefix("COSH"),
    prefix("EXP"),
    prefix("FLOOR"),
    prefix("FMOD", -1),
    prefix("ISINF"),
    prefix("LN"),
    prefix("LOG"),
    prefix("LOGE"),
    prefix("NINT"),
    prefix("SIN"),
    prefix("SINH"),
    prefix("SQR"),
    prefix("SQRT"),
    prefix("TAN"),
    prefix("TANH"),
    Element{"FINITE", Role::Variadic, prefixPriority, 0},
    Element{"ISNAN", Role::Variadic, prefixPriority, 0},
    Element{"MAX", Role::Variadic, prefixPriority, 0},
    Element{"MIN", Role::Variadic, prefixPriority, 0},
};

// Elements where an operator is expected.
constexpr std::array operatorElements = {
    binary("||", 1),
    binary("|", 1),
    binary("OR", 1),
    binary("XOR", 1),
    binary("&&", 2),
    binary("&", 2),
    binary("AND", 2),
    binary("<<", 2),
    binary(">>", 2),
    binary(">>>", 2),
    binary("=", 3),
    binary("==", 3),
    binary("!=", 3),
    binary("#", 3),
    binary("<", 3),
    binary("<=", 3),
    binary(">", 3),
    binary(">=", 3),
    binary("+", 4),
    binary("-", 4),
    binary("*", 5),
    binary("/", 5),
    binary("%", 5),
    binary("**", 6),
    binary("^", 6),
    Element{"?", Role::Question, 0, -1},
    Element{":", Role::Colon, 0, -1},
    Element{":=", Role::Assign, 0, -1},
    Element{",", Role::Comma, 0, 0},
    Element{")", Role::CloseParen, 0, 0},
    Element{";", Role::Semicolon, 0, 0},
};

constexpr Element decimalNumber{"", Role::Number, 0, 1};
constexpr Element hexNumber{"", Role::HexNumber, 0, 1};

using chars::isDigit;
using chars::isSpace;
using chars::isXDigit;
using chars::toUpper;

constexpr bool startsWithNoCase(std::string_view text, std::string_view upperName) {
    if (text.size() < upperName.size()) return false;
    for (std::size_t i = 0; i < upperName.size(); ++i)
        if (toUpper(text[i]) != upperName[i]) return false;
    return true;
}

// A name table grouped by first character, so that a lookup only compares the few names that
// can match (at most six, for 'A').
template <std::size_t N>
struct NameIndex {
    std::array<Element, N> elements{};
    std::array<std::uint8_t, 257> first{}; // elements[first[c] .. first[c + 1]) start with c

    // EPICS takes the longest table name that starts the text ("ATAN2" before "ATAN" before
    // "A"), comparing case-insensitively.
    const Element* longestMatch(std::string_view text) const {
        const auto c = static_cast<unsigned char>(toUpper(text[0]));
        const Element* best = nullptr;
        for (std::size_t i = first[c]; i < first[c + 1u]; ++i)
            if ((!best || elements[i].name.size() > best->name.size()) &&
                startsWithNoCase(text, elements[i].name))
                best = &elements[i];
        return best;
    }
};

template <std::size_t N>
constexpr NameIndex<N> makeIndex(std::array<Element, N> table) {
    static_assert(N < 256);
    auto key = [](const Element& e) { return static_cast<unsigned char>(e.name[0]); };
    std::sort(table.begin(), table.end(),
              [&](const Element& a, const Element& b) { return key(a) < key(b); });
    NameIndex<N> index;
    index.elements = table;
    std::size_t next = 0;
    for (std::size_t c = 0; c <= 256; ++c) {
        while (next < N && key(table[next]) < c)
            ++next;
        index.first[c] = static_cast<std::uint8_t>(next);
    }
    return index;
}

constexpr auto operandIndex = makeIndex(operandElements);
constexpr auto operatorIndex = makeIndex(operatorElements);

// ---- Literals: the extent and range rules of glibc strtod()/strtoul() in the C locale -----

// Length of "inf"/"infinity" or "nan"/"nan(chars)" at the start of `text`, which starts with
// one of the names INF or NAN.
std::size_t specialLength(std::string_view text) {
    if (startsWithNoCase(text, "INF")) return startsWithNoCase(text, "INFINITY") ? 8 : 3;
    std::size_t i = 3;
    if (i < text.size() && text[i] == '(') {
        std::size_t j = i + 1;
        while (j < text.size() && chars::isIdentifier(text[j]))
            ++j;
        if (j < text.size() && text[j] == ')') i = j + 1;
    }
    return i;
}

struct HexLiteral {
    std::size_t length = 0;
    bool valid = false;
    std::uint32_t value = 0;
};

// epicsParseUInt32(text, base 0) on text starting with "0x": strtoul() takes the hex digits
// (only the "0" when none follows), fails beyond 64 bits, and epicsParseUInt32 rejects values
// between 2^32 and 2^64 - 2^32 but truncates larger ones (they read as negative numbers).
HexLiteral parseHex(std::string_view text) {
    std::size_t i = 2;
    std::uint64_t value = 0;
    bool overflow = false;
    for (; i < text.size() && isXDigit(text[i]); ++i) {
        const std::uint64_t digit = chars::hexValue(text[i]);
        if (value > (UINT64_MAX >> 4)) overflow = true;
        value = (value << 4) | digit;
    }
    HexLiteral literal;
    literal.length = i == 2 ? 1 : i;
    literal.valid = !overflow && !(value > 0xffffffffULL && value <= ~0xffffffffULL);
    literal.value = static_cast<std::uint32_t>(value);
    return literal;
}

// ---- The last byte of postfix code -------------------------------------------------------

// postfix() accepts ':=' when the last byte it emitted is a FETCH_A..FETCH_L opcode (4..15),
// whatever produced that byte: a variable, but also the top byte of a literal's value or the
// argument count after MIN/MAX/FINITE/ISNAN. (It then turns that byte into a store.)
bool isFetchOpcode(std::uint8_t byte) {
    return byte >= 4 && byte <= 15;
}

// Literals go into the code little-endian: an integral value in [0, 2^31) as a 32-bit int,
// anything else as a double. The last byte is the most significant one of either.
bool decimalEndsInFetchOpcode(std::string_view literal) {
    double value = 0;
    const auto result = std::from_chars(literal.data(), literal.data() + literal.size(), value);
    if (result.ec != std::errc{}) return false;
    if (value >= 0 && value < 2147483648.0 && value == std::trunc(value))
        return isFetchOpcode(static_cast<std::uint8_t>(static_cast<std::uint32_t>(value) >> 24));
    return isFetchOpcode(static_cast<std::uint8_t>(std::bit_cast<std::uint64_t>(value) >> 56));
}

struct LastOutput {
    enum class Kind : std::uint8_t { Nothing, Fetch, Other, Decimal };
    Kind kind = Kind::Nothing;
    std::string_view decimal; // the literal, classified only if an assignment asks

    bool isFetch() const {
        if (kind == Kind::Decimal) return decimalEndsInFetchOpcode(decimal);
        return kind == Kind::Fetch;
    }
};

// ---- The operator stack ------------------------------------------------------------------

struct StackEntry {
    enum class Kind : std::uint8_t { OpenParen, Variadic, Operator };
    Kind kind;
    std::int8_t priority;
    // Value-stack change when the entry is emitted. For '(' it counts down one per comma and
    // a variadic function inherits it; it wraps like the signed char EPICS keeps it in.
    std::int8_t effect;
};

// EPICS's own stack has 79 usable slots, which an 80-character field cannot exceed; deeper
// nesting (longer module fields, hostile input) spills to the heap instead of overflowing.
class OperatorStack {
public:
    bool empty() const { return size_ == 0; }
    StackEntry& top() { return size_ <= fixed_.size() ? fixed_[size_ - 1] : spill_.back(); }
    void push(StackEntry entry) {
        if (size_ < fixed_.size())
            fixed_[size_] = entry;
        else
            spill_.push_back(entry);
        ++size_;
    }
    void pop() {
        if (size_ > fixed_.size()) spill_.pop_back();
        --size_;
    }

private:
    std::array<StackEntry, 80> fixed_{};
    std::vector<StackEntry> spill_;
    std::size_t size_ = 0;
};

// ---- The translator replay ---------------------------------------------------------------

class PostfixReplay {
public:
    explicit PostfixReplay(std::string_view text) : text_(text) {}

    CalcError run() {
        for (;;) {
            skipSpace();
            if (pos_ == text_.size()) break;
            const Element* element = next();
            if (!element) break; // unknown here: a syntax error below
            if (const CalcError error = apply(*element); error != CalcError::None) return error;
            if (depth_ < 0) return CalcError::Underflow;
            if (depth_ >= valueStackLimit) return CalcError::Overflow;
        }
        if (pos_ != text_.size()) return CalcError::Syntax;
        if (!flush()) return CalcError::ParenOpen;
        if (openConditionals_ != 0) return CalcError::Conditional;
        if (operandNeeded_ || depth_ != 1) return CalcError::Incomplete;
        return CalcError::None;
    }

private:
    void skipSpace() {
        while (pos_ < text_.size() && isSpace(text_[pos_]))
            ++pos_;
    }

    // The element at pos_, which is left at its start; nullptr when none fits here.
    const Element* next() const {
        const std::string_view rest = text_.substr(pos_);
        if (!operandNeeded_) return operatorIndex.longestMatch(rest);
        if (isDigit(rest[0]) || rest[0] == '.')
            return startsWithNoCase(rest, "0X") ? &hexNumber : &decimalNumber;
        return operandIndex.longestMatch(rest);
    }

    CalcError apply(const Element& element) {
        switch (element.role) {
        case Role::Variable:
        case Role::Constant:
            pos_ += element.name.size();
            depth_ += element.effect;
            last_.kind =
                element.role == Role::Variable ? LastOutput::Kind::Fetch : LastOutput::Kind::Other;
            operandNeeded_ = false;
            return CalcError::None;
        case Role::Number:
            return number(element);
        case Role::HexNumber:
            return hex();
        case Role::Assign:
            return assign(element);
        case Role::Prefix:
        case Role::Variadic:
        case Role::OpenParen:
            pos_ += element.name.size();
            popWhile([](const StackEntry& top) { return top.priority >= prefixIncoming; });
            stack_.push({element.role == Role::OpenParen  ? StackEntry::Kind::OpenParen
                         : element.role == Role::Variadic ? StackEntry::Kind::Variadic
                                                          : StackEntry::Kind::Operator,
                         element.priority, element.effect});
            return CalcError::None;
        case Role::Binary:
            pos_ += element.name.size();
            popWhile([&](const StackEntry& top) { return top.priority >= element.priority; });
            stack_.push({StackEntry::Kind::Operator, element.priority, element.effect});
            operandNeeded_ = true;
            return CalcError::None;
        case Role::Comma:
            pos_ += element.name.size();
            if (!popToOpenParen()) return CalcError::BadSeparator;
            stack_.top().effect = static_cast<std::int8_t>(stack_.top().effect - 1);
            operandNeeded_ = true;
            return CalcError::None;
        case Role::CloseParen:
            pos_ += element.name.size();
            return closeParen();
        case Role::Question:
        case Role::Colon:
            pos_ += element.name.size();
            return conditional(element);
        case Role::Semicolon:
            pos_ += element.name.size();
            if (!flush()) return CalcError::ParenOpen;
            if (openConditionals_ != 0) return CalcError::Conditional;
            if (depth_ > 1) return CalcError::TooMany;
            operandNeeded_ = true;
            return CalcError::None;
        }
        return CalcError::Syntax;
    }

    CalcError number(const Element& element) {
        const std::string_view rest = text_.substr(pos_);
        depth_ += element.effect;
        operandNeeded_ = false;
        if (!element.name.empty()) { // INF or NAN
            pos_ += specialLength(rest);
            last_.kind = LastOutput::Kind::Other; // an infinite or NaN double: top byte 0x7f
            return CalcError::None;
        }
        // strtod's extent and glibc's ERANGE (epicsParseDouble's "Too large/small to
        // represent"); `rest` starts with a digit or '.', hex literals are hex()'s.
        const scan::ScannedDouble scanned = scan::scanDouble(rest, 0);
        if (!scanned.converted || scanned.rangeError) return CalcError::BadLiteral;
        const std::string_view literal = rest.substr(0, scanned.end);
        pos_ += scanned.end;
        last_ = {LastOutput::Kind::Decimal, literal};
        return CalcError::None;
    }

    CalcError hex() {
        const HexLiteral literal = parseHex(text_.substr(pos_));
        depth_ += 1;
        operandNeeded_ = false;
        if (!literal.valid) return CalcError::BadLiteral;
        pos_ += literal.length;
        last_.kind = isFetchOpcode(static_cast<std::uint8_t>(literal.value >> 24))
                         ? LastOutput::Kind::Fetch
                         : LastOutput::Kind::Other;
        return CalcError::None;
    }

    // Only at the top level, right after something that left a fetch opcode last.
    CalcError assign(const Element& element) {
        pos_ += element.name.size();
        if (last_.kind == LastOutput::Kind::Nothing || !stack_.empty() || !last_.isFetch())
            return CalcError::BadAssignment;
        stack_.push({StackEntry::Kind::Operator, element.priority, element.effect});
        depth_ -= 1; // the fetch became the store
        last_.kind = LastOutput::Kind::Nothing;
        operandNeeded_ = true;
        return CalcError::None;
    }

    CalcError closeParen() {
        if (!popToOpenParen()) return CalcError::ParenNotOpen;
        const std::int8_t arguments = stack_.top().effect;
        stack_.pop();
        if (!stack_.empty() && stack_.top().kind == StackEntry::Kind::Variadic) {
            stack_.top().effect = arguments;
            if (arguments > 0) return CalcError::Incomplete; // no arguments at all
        }
        return CalcError::None;
    }

    CalcError conditional(const Element& element) {
        popWhile([](const StackEntry& top) { return top.priority > 0; });
        last_.kind = LastOutput::Kind::Other; // COND_IF or COND_ELSE
        depth_ += element.effect;
        if (element.role == Role::Colon) {
            if (--openConditionals_ < 0) return CalcError::Conditional;
            stack_.push({StackEntry::Kind::Operator, element.priority, 0}); // COND_END
        } else {
            ++openConditionals_;
        }
        operandNeeded_ = true;
        return CalcError::None;
    }

    // Emits the top entry.
    void emitTop() {
        const StackEntry& top = stack_.top();
        depth_ += top.effect;
        if (top.kind == StackEntry::Kind::Variadic) // followed by its argument count byte
            last_.kind = isFetchOpcode(static_cast<std::uint8_t>(1 - top.effect))
                             ? LastOutput::Kind::Fetch
                             : LastOutput::Kind::Other;
        else
            last_.kind = LastOutput::Kind::Other;
        stack_.pop();
    }

    template <typename Predicate>
    void popWhile(Predicate shouldPop) {
        while (!stack_.empty() && shouldPop(stack_.top()))
            emitTop();
    }

    // Emits entries down to the innermost '(' (left on top); false when there is none.
    bool popToOpenParen() {
        while (!stack_.empty() && stack_.top().kind != StackEntry::Kind::OpenParen)
            emitTop();
        return !stack_.empty();
    }

    // Emits everything; false when a '(' is still open.
    bool flush() {
        while (!stack_.empty()) {
            if (stack_.top().kind == StackEntry::Kind::OpenParen) return false;
            emitTop();
        }
        return true;
    }

    std::string_view text_;
    std::size_t pos_ = 0;
    OperatorStack stack_;
    int depth_ = 0; // of the value stack at run time
    int openConditionals_ = 0;
    bool operandNeeded_ = true;
    LastOutput last_;
};

} // namespace

std::string_view checkCalcExpression(std::string_view expression) {
    // EPICS sees a C string: the text ends at a NUL.
    expression = expression.substr(0, expression.find('\0'));
    if (expression.empty()) return errorTexts[static_cast<std::size_t>(CalcError::NullArgument)];
    return errorTexts[static_cast<std::size_t>(PostfixReplay(expression).run())];
}

} // namespace epicsdb::dbstatic
