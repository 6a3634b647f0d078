// dbJLinkParse at load time, without link support: EPICS's yajl (JSON5 and comments enabled,
// strings checked as UTF-8) run as a state machine over an explicit, bounded stack, plus the
// dbJLink rule for the outer object. What a link type's own callbacks would refuse cannot be
// known here and is accepted.
#include "JsonLinkCheckPvt.hpp"

#include "EscapePvt.hpp"
#include "NumberScanPvt.hpp"

#include <epicsdb/CharClass.hpp>

#include <array>
#include <cmath>
#include <cstdint>
#include <limits>

namespace epicsdb::dbstatic {

namespace {

enum class Tok : std::uint8_t {
    Eof,          // nothing but whitespace or comments left
    Unterminated, // the text ended inside a string or comment
    Error,        // a lexical error; the lexer says which
    LeftBrace,
    RightBrace,
    LeftBracket,
    RightBracket,
    Comma,
    Colon,
    String,
    Identifier, // a bare object key
    Literal,    // true, false, null
    Integer,
    Double,
};

// yajl's parser states; each open object or array has one on the stack.
enum class State : std::uint8_t {
    Start,
    Complete,
    MapStart,
    MapNeedKey,
    MapSep,
    MapNeedVal,
    MapGotVal,
    ArrayStart,
    ArrayNeedVal,
    ArrayGotVal,
};

constexpr bool isJsonSpace(char c) noexcept {
    return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r';
}
constexpr bool isIdentifierStart(char c) noexcept {
    return chars::isAlpha(c) || c == '_' || c == '$';
}
constexpr bool isIdentifierChar(char c) noexcept {
    return isIdentifierStart(c) || chars::isDigit(c);
}

void appendUtf8(std::uint32_t codepoint, std::string& out) {
    if (codepoint < 0x80) {
        out.push_back(static_cast<char>(codepoint));
    } else if (codepoint < 0x800) {
        out.push_back(static_cast<char>(0xc0 | (codepoint >> 6)));
        out.push_back(static_cast<char>(0x80 | (codepoint & 0x3f)));
    } else if (codepoint < 0x10000) {
        out.push_back(static_cast<char>(0xe0 | (codepoint >> 12)));
        out.push_back(static_cast<char>(0x80 | ((codepoint >> 6) & 0x3f)));
        out.push_back(static_cast<char>(0x80 | (codepoint & 0x3f)));
    } else if (codepoint < 0x200000) {
        out.push_back(static_cast<char>(0xf0 | (codepoint >> 18)));
        out.push_back(static_cast<char>(0x80 | ((codepoint >> 12) & 0x3f)));
        out.push_back(static_cast<char>(0x80 | ((codepoint >> 6) & 0x3f)));
        out.push_back(static_cast<char>(0x80 | (codepoint & 0x3f)));
    } else {
        out.push_back('?');
    }
}

std::uint32_t hexDigits(std::string_view text, std::size_t at, std::size_t count) {
    std::uint32_t value = 0;
    for (std::size_t i = 0; i < count && at + i < text.size(); ++i)
        value = value << 4 | chars::hexValue(text[at + i]);
    return value;
}

// yajl_string_decode with the JSON5 escapes; the lexer has already validated `raw`.
std::string decodeString(std::string_view raw) {
    std::string out;
    for (std::size_t i = 0; i < raw.size(); ++i) {
        const char c = raw[i];
        if (c != '\\' || i + 1 >= raw.size()) {
            out.push_back(c);
            continue;
        }
        const char e = raw[++i];
        if (const char control = e == 'a' ? '\0' : controlEscape(e)) { // yajl has no \a
            out.push_back(control);
            continue;
        }
        switch (e) {
        case '0':
            out.push_back('\0');
            break;
        case 'x':
            out.push_back(static_cast<char>(hexDigits(raw, i + 1, 2)));
            i += 2;
            break;
        case 'u': {
            std::uint32_t codepoint = hexDigits(raw, i + 1, 4);
            i += 4;
            if ((codepoint & 0xfc00) == 0xd800) {
                if (i + 2 < raw.size() && raw[i + 1] == '\\' && raw[i + 2] == 'u') {
                    const std::uint32_t low = hexDigits(raw, i + 3, 4);
                    codepoint = ((codepoint & 0x3f) << 10) |
                                ((((codepoint >> 6) & 0xf) + 1) << 16) | (low & 0x3ff);
                    i += 6;
                } else {
                    out.push_back('?');
                    break;
                }
            }
            appendUtf8(codepoint, out);
            break;
        }
        case '\n':
            break; // line continuation
        case '\r':
            if (i + 1 < raw.size() && raw[i + 1] == '\n') ++i;
            break;
        default:
            out.push_back(e); // \\, \/, \", \' and anything else: the character itself
            break;
        }
    }
    return out;
}

class JsonLinkChecker {
public:
    JsonLinkChecker(std::string_view text,
                    const std::function<bool(std::string_view)>& isJsonLinkType,
                    std::string* message)
        : text_(text), end_(text.size() + 1), isJsonLinkType_(isJsonLinkType), message_(message) {}

    bool run();

private:
    Tok lexValue();
    Tok lexKey();
    Tok lexString(char quote);
    Tok lexNumber();
    Tok lexWord(std::string_view rest, Tok tok);
    Tok lexComment();
    Tok lexicalFailure(std::string_view what) {
        lexError_ = what;
        return Tok::Error;
    }

    // One step of the parser in the state on top of the stack: it goes on, or the text is
    // accepted or rejected (with the message set).
    enum class Step : std::uint8_t { Next, Accept, Reject };
    Step atValue(State& state);
    Step atKey(State& state);
    Step atColon(State& state);
    Step afterValue(State& state);
    Step atEnd();
    Step reject(Tok tok, std::string_view unexpected);

    bool onKey(Tok tok);
    bool onNumber(Tok tok);
    bool push(State state);

    bool fail(std::string_view prefix, std::string_view what, std::string_view quoted = {},
              std::string_view suffix = {});
    bool lexicalError() { return fail("dbJLinkInit: lexical error: ", lexError_); }
    bool parseError(std::string_view what) { return fail("dbJLinkInit: parse error: ", what); }

    // yajl_complete_parse feeds one more space after the text, so the lexers read the text
    // followed by ' '; reaching end_ is the end of input inside a token.
    char at(std::size_t i) const { return i < text_.size() ? text_[i] : ' '; }

    std::string_view text_;
    std::size_t end_;
    const std::function<bool(std::string_view)>& isJsonLinkType_;
    std::string* message_;
    std::size_t pos_ = 0;
    std::size_t tokenStart_ = 0; // where the last token began (strings: at the quote)
    bool tokenEscapes_ = false;  // the last string token holds backslash escapes
    std::string_view lexError_;
    std::array<State, kMaxJsonLinkDepth + 1> stack_{};
    std::size_t top_ = 0;
    std::size_t outerKeys_ = 0;
};

bool JsonLinkChecker::fail(std::string_view prefix, std::string_view what, std::string_view quoted,
                           std::string_view suffix) {
    if (message_) {
        message_->assign(prefix);
        message_->append(what);
        message_->append(quoted);
        message_->append(suffix);
    }
    return false;
}

Tok JsonLinkChecker::lexValue() {
    for (;;) {
        if (pos_ >= end_) return Tok::Eof;
        tokenStart_ = pos_;
        const char c = at(pos_++);
        switch (c) {
        case '{':
            return Tok::LeftBrace;
        case '}':
            return Tok::RightBrace;
        case '[':
            return Tok::LeftBracket;
        case ']':
            return Tok::RightBracket;
        case ',':
            return Tok::Comma;
        case ':':
            return Tok::Colon;
        case 't':
            return lexWord("rue", Tok::Literal);
        case 'f':
            return lexWord("alse", Tok::Literal);
        case 'n':
            return lexWord("ull", Tok::Literal);
        case 'I':
            return lexWord("nfinity", Tok::Double);
        case 'N':
            return lexWord("aN", Tok::Double);
        case '"':
        case '\'':
            return lexString(c);
        case '+':
        case '-':
        case '.':
            --pos_;
            return lexNumber();
        case '/':
            if (Tok tok = lexComment(); tok != Tok::Eof) return tok;
            continue;
        default:
            if (isJsonSpace(c)) continue;
            if (chars::isDigit(c)) {
                --pos_;
                return lexNumber();
            }
            return lexicalFailure("invalid char in json text.");
        }
    }
}

Tok JsonLinkChecker::lexKey() {
    for (;;) {
        if (pos_ >= end_) return Tok::Eof;
        tokenStart_ = pos_;
        const char c = at(pos_++);
        if (isJsonSpace(c)) continue;
        if (c == '}') return Tok::RightBrace;
        if (c == '"' || c == '\'') return lexString(c);
        if (c == '/') {
            if (Tok tok = lexComment(); tok != Tok::Eof) return tok;
            continue;
        }
        if (isIdentifierStart(c)) {
            while (pos_ < end_ && isIdentifierChar(at(pos_)))
                ++pos_;
            return Tok::Identifier;
        }
        return lexicalFailure("invalid char in json text.");
    }
}

// After a '/': skips a comment, returning Eof when it was one (the caller goes on lexing).
Tok JsonLinkChecker::lexComment() {
    if (pos_ >= end_) return Tok::Unterminated;
    const char c = at(pos_++);
    if (c == '/') {
        while (pos_ < end_)
            if (at(pos_++) == '\n') return Tok::Eof;
        return Tok::Unterminated;
    }
    if (c == '*') {
        while (pos_ < end_) {
            if (at(pos_++) == '*' && pos_ < end_ && at(pos_) == '/') {
                ++pos_;
                return Tok::Eof;
            }
        }
        return Tok::Unterminated;
    }
    return lexicalFailure("invalid char in json text.");
}

Tok JsonLinkChecker::lexWord(std::string_view rest, Tok tok) {
    for (const char want : rest) {
        if (pos_ >= end_) return Tok::Unterminated;
        if (at(pos_) != want) return lexicalFailure("invalid string in json text.");
        ++pos_;
    }
    return tok;
}

Tok JsonLinkChecker::lexString(char quote) {
    tokenEscapes_ = false;
    for (;;) {
        if (pos_ >= end_) return Tok::Unterminated;
        const char c = at(pos_++);
        if (c == quote) return Tok::String;
        const auto u = static_cast<unsigned char>(c);
        if (c == '\\') {
            tokenEscapes_ = true;
            if (pos_ >= end_) return Tok::Unterminated;
            const char e = at(pos_++);
            if (e == 'u' || e == 'x') {
                for (int i = 0, n = e == 'u' ? 4 : 2; i < n; ++i) {
                    if (pos_ >= end_) return Tok::Unterminated;
                    if (!chars::isXDigit(at(pos_)))
                        return lexicalFailure(
                            e == 'u' ? "invalid (non-hex) character occurs after '\\u' inside "
                                       "string."
                                     : "invalid (non-hex) character occurs after '\\x' inside "
                                       "string.");
                    ++pos_;
                }
            } else if (e >= '1' && e <= '9') {
                return lexicalFailure(
                    "inside a string, '\\' occurs before a character which it may not.");
            } else if (e == '\r') {
                if (pos_ >= end_) return Tok::Unterminated;
                if (at(pos_) == '\n') ++pos_;
            }
        } else if (u < 0x20) {
            return lexicalFailure("invalid character inside string.");
        } else if (u >= 0x80) {
            // yajl's UTF-8 check: lead byte and the count of continuation bytes only.
            int continuation;
            if ((u >> 5) == 0x6)
                continuation = 1;
            else if ((u >> 4) == 0xe)
                continuation = 2;
            else if ((u >> 3) == 0x1e)
                continuation = 3;
            else
                return lexicalFailure("invalid bytes in UTF8 string.");
            for (int i = 0; i < continuation; ++i) {
                if (pos_ >= end_) return Tok::Unterminated;
                if ((static_cast<unsigned char>(at(pos_++)) >> 6) != 0x2)
                    return lexicalFailure("invalid bytes in UTF8 string.");
            }
        }
    }
}

// yajl_lex_number with JSON5: signs, leading or trailing '.', hex integers, +-Infinity. Like
// yajl it reads one character past the number and puts it back.
Tok JsonLinkChecker::lexNumber() {
    auto next = [this](char& c) {
        if (pos_ >= end_) return false;
        c = at(pos_++);
        return true;
    };
    char c = 0;
    if (!next(c)) return Tok::Unterminated;
    if ((c == '-' || c == '+') && !next(c)) return Tok::Unterminated;
    if (c == 'I') {
        for (const char want : std::string_view("nfinity")) {
            if (!next(c)) return Tok::Unterminated;
            if (c != want) {
                --pos_;
                return lexicalFailure("invalid string in json text.");
            }
        }
        return Tok::Double;
    }
    Tok tok = Tok::Integer;
    int digits = 0;
    bool decimal = false;
    if (c == '0') {
        ++digits;
        if (!next(c)) return Tok::Unterminated;
        if (c == 'x' || c == 'X') {
            if (!next(c)) return Tok::Unterminated;
            if (!chars::isXDigit(c)) {
                --pos_;
                return lexicalFailure("malformed number, a hex digit is required after the 0x/0X.");
            }
            do {
                if (!next(c)) return Tok::Unterminated;
            } while (chars::isXDigit(c));
            --pos_;
            return Tok::Integer;
        }
    } else if (chars::isDigit(c)) {
        do {
            ++digits;
            if (!next(c)) return Tok::Unterminated;
        } while (chars::isDigit(c));
    } else if (c == '.') {
        decimal = true;
    } else {
        --pos_;
        return lexicalFailure("malformed number, a digit is required after the plus/minus sign.");
    }
    if (decimal || c == '.') {
        if (!next(c)) return Tok::Unterminated;
        while (chars::isDigit(c)) {
            ++digits;
            if (!next(c)) return Tok::Unterminated;
        }
        if (digits == 0) {
            --pos_;
            return lexicalFailure("malformed number, a digit is required after the decimal point.");
        }
        tok = Tok::Double;
    }
    if (c == 'e' || c == 'E') {
        if (!next(c)) return Tok::Unterminated;
        if ((c == '+' || c == '-') && !next(c)) return Tok::Unterminated;
        if (!chars::isDigit(c)) {
            --pos_;
            return lexicalFailure("malformed number, a digit is required after the exponent.");
        }
        do {
            if (!next(c)) return Tok::Unterminated;
        } while (chars::isDigit(c));
        tok = Tok::Double;
    }
    --pos_;
    return tok;
}

// The numbers yajl itself refuses before any link support sees them.
bool JsonLinkChecker::onNumber(Tok tok) {
    const std::string_view number = text_.substr(tokenStart_, pos_ - tokenStart_);
    if (number.empty()) return true;
    if (tok == Tok::Double) {
        const scan::ScannedDouble scanned = scan::scanDouble(number, 0);
        if (scanned.rangeError && std::isinf(scanned.value))
            return parseError("numeric (floating point) overflow");
        return true;
    }
    // yajl_parse_integer: the magnitude must fit a long long, so even -2^63 overflows.
    std::size_t i = 0;
    if (number[i] == '-' || number[i] == '+') ++i;
    unsigned base = 10;
    if (i + 1 < number.size() && number[i] == '0' && (number[i + 1] | 0x20) == 'x') {
        base = 16;
        i += 2;
    }
    constexpr std::uint64_t max = std::numeric_limits<std::int64_t>::max();
    std::uint64_t value = 0;
    for (; i < number.size(); ++i) {
        const unsigned digit = chars::hexValue(number[i]);
        if (value > (max - digit) / base) return parseError("integer overflow");
        value = value * base + digit;
    }
    return true;
}

// dbjl_map_key for the outer object: its one key names the link type.
bool JsonLinkChecker::onKey(Tok tok) {
    if (top_ != 1) return true; // keys inside the link's value belong to its link support
    std::string_view key = text_.substr(tokenStart_, pos_ - tokenStart_);
    std::string decoded;
    if (tok == Tok::String) {
        key = key.substr(1, key.size() - 2);
        if (tokenEscapes_) {
            decoded = decodeString(key);
            key = decoded;
        }
    }
    // dbJLink copies the key into a C string.
    key = key.substr(0, key.find('\0'));
    if (++outerKeys_ > 1) return fail("dbJLinkInit: Illegal second link key '", key, "'");
    if (!isJsonLinkType_ || !isJsonLinkType_(key))
        return fail("dbJLinkInit: Link type '", key, "' not found");
    return true;
}

bool JsonLinkChecker::push(State state) {
    if (top_ >= kMaxJsonLinkDepth)
        return fail("dbJLinkInit: JSON nesting deeper than ", std::to_string(kMaxJsonLinkDepth),
                    " levels");
    stack_[++top_] = state;
    return true;
}

// A token no rule of the current state takes.
auto JsonLinkChecker::reject(Tok tok, std::string_view unexpected) -> Step {
    if (tok == Tok::Eof || tok == Tok::Unterminated)
        parseError("premature EOF");
    else if (tok == Tok::Error)
        lexicalError();
    else
        parseError(unexpected);
    return Step::Reject;
}

// After the value only whitespace and comments may follow; a comment or string left open at
// the end is not an error once the value is complete.
auto JsonLinkChecker::atEnd() -> Step {
    const Tok tok = lexValue();
    if (tok == Tok::Eof || tok == Tok::Unterminated) return Step::Accept;
    parseError("trailing garbage");
    return Step::Reject;
}

// Start, MapNeedVal, ArrayStart, ArrayNeedVal: a value comes.
auto JsonLinkChecker::atValue(State& state) -> Step {
    const Tok tok = lexValue();
    State next = State::Start;
    switch (tok) {
    case Tok::String:
    case Tok::Literal:
        break;
    case Tok::Integer:
    case Tok::Double:
        if (!onNumber(tok)) return Step::Reject;
        break;
    case Tok::LeftBrace:
        next = State::MapStart;
        break;
    case Tok::LeftBracket:
        next = State::ArrayStart;
        break;
    case Tok::RightBracket:
        // An empty array, or a trailing comma (JSON5).
        if (state != State::ArrayStart && state != State::ArrayNeedVal)
            return reject(tok, "unallowed token at this point in JSON text");
        --top_;
        return Step::Next;
    default:
        return reject(tok, "unallowed token at this point in JSON text");
    }
    state = state == State::Start        ? State::Complete
            : state == State::MapNeedVal ? State::MapGotVal
                                         : State::ArrayGotVal;
    if (next != State::Start && !push(next)) return Step::Reject;
    return Step::Next;
}

// MapStart, MapNeedKey: a key, or the end of the object.
auto JsonLinkChecker::atKey(State& state) -> Step {
    const Tok tok = lexKey();
    switch (tok) {
    case Tok::String:
    case Tok::Identifier:
        if (!onKey(tok)) return Step::Reject;
        state = State::MapSep;
        return Step::Next;
    case Tok::RightBrace:
        // An empty object, or a trailing comma (JSON5).
        --top_;
        return Step::Next;
    default:
        return reject(tok, "invalid object key (must be a string or identifier)");
    }
}

// MapSep: the colon after a key.
auto JsonLinkChecker::atColon(State& state) -> Step {
    const Tok tok = lexValue();
    if (tok != Tok::Colon)
        return reject(tok, "object key and value must be separated by a colon (':')");
    state = State::MapNeedVal;
    return Step::Next;
}

// MapGotVal, ArrayGotVal: a comma, or the end of the object or array.
auto JsonLinkChecker::afterValue(State& state) -> Step {
    const bool map = state == State::MapGotVal;
    const Tok tok = lexValue();
    if (tok == (map ? Tok::RightBrace : Tok::RightBracket)) {
        --top_;
        return Step::Next;
    }
    if (tok != Tok::Comma)
        return reject(tok, map ? "after key and value, inside map, I expect ',' or '}'"
                               : "after array element, I expect ',' or ']'");
    state = map ? State::MapNeedKey : State::ArrayNeedVal;
    return Step::Next;
}

bool JsonLinkChecker::run() {
    stack_[0] = State::Start;
    for (;;) {
        State& state = stack_[top_];
        Step step = Step::Next;
        switch (state) {
        case State::Complete:
            step = atEnd();
            break;
        case State::Start:
        case State::MapNeedVal:
        case State::ArrayStart:
        case State::ArrayNeedVal:
            step = atValue(state);
            break;
        case State::MapStart:
        case State::MapNeedKey:
            step = atKey(state);
            break;
        case State::MapSep:
            step = atColon(state);
            break;
        case State::MapGotVal:
        case State::ArrayGotVal:
            step = afterValue(state);
            break;
        }
        if (step != Step::Next) return step == Step::Accept;
    }
}

} // namespace

bool checkJsonLink(std::string_view text,
                   const std::function<bool(std::string_view)>& isJsonLinkType,
                   std::string* message) {
    JsonLinkChecker checker(text, isJsonLinkType, message);
    return checker.run();
}

} // namespace epicsdb::dbstatic
