// The statements of a .db/.dbd file as written, before macro expansion: keywords, their
// arguments (quoted or not, with line and column), bodies, and the comments. Enough for the
// style rules; the real reading (and its errors) is the loader's. Hand-written because it must
// keep what the loader's scanner throws away (quotes, comments, the text of $(...) as written).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace epicsdb::lint {

struct StyleToken {
    enum class Kind : std::uint8_t { Word, String, Json, Punct, End } kind = Kind::End;
    std::string_view text; // a String with its quotes, a Json value with its braces
    unsigned line = 0;
    unsigned column = 0;
};

struct StyleComment {
    std::string_view text; // from the '#'
    unsigned line = 0;
    unsigned column = 0;
};

// Splits `text` into tokens (comments collected apart). `(`, `)`, `{`, `}` and `,` are Punct;
// a '{' right after "field(NAME," or "info(NAME," starts a Json token that runs to its
// matching '}'.
class StyleScanner {
public:
    explicit StyleScanner(std::string_view text);
    [[nodiscard]] const std::vector<StyleToken>& tokens() const noexcept { return tokens_; }
    [[nodiscard]] const std::vector<StyleComment>& comments() const noexcept { return comments_; }

private:
    std::vector<StyleToken> tokens_;
    std::vector<StyleComment> comments_;
};

} // namespace epicsdb::lint
