#include "StyleScanner.hpp"

namespace epicsdb::lint {

namespace {
bool isBlank(char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v';
}
bool isPunct(char c) {
    return c == '(' || c == ')' || c == '{' || c == '}' || c == ',';
}
} // namespace

StyleScanner::StyleScanner(std::string_view text) {
    unsigned line = 1;
    std::size_t lineStart = 0;
    std::size_t i = 0;
    auto column = [&](std::size_t at) { return static_cast<unsigned>(at - lineStart + 1); };
    // The tokens before a '{' that make it a JSON value: field|info ( name ,
    auto jsonValueNext = [&] {
        const std::size_t n = tokens_.size();
        if (n < 4) return false;
        const StyleToken& key = tokens_[n - 4];
        return key.kind == StyleToken::Kind::Word && (key.text == "field" || key.text == "info") &&
               tokens_[n - 3].text == "(" && tokens_[n - 1].text == ",";
    };
    while (i < text.size()) {
        const char c = text[i];
        if (c == '\n') {
            ++line;
            lineStart = ++i;
            continue;
        }
        if (isBlank(c)) {
            ++i;
            continue;
        }
        const std::size_t start = i;
        if (c == '#') {
            while (i < text.size() && text[i] != '\n')
                ++i;
            comments_.push_back({text.substr(start, i - start), line, column(start)});
            continue;
        }
        if (c == '"') {
            ++i;
            while (i < text.size() && text[i] != '"' && text[i] != '\n') {
                if (text[i] == '\\' && i + 1 < text.size()) {
                    if (text[i + 1] == '\n') break; // the loader refuses it; keep lines right
                    ++i;
                }
                ++i;
            }
            if (i < text.size() && text[i] == '"') ++i;
            tokens_.push_back(
                {StyleToken::Kind::String, text.substr(start, i - start), line, column(start)});
            continue;
        }
        if ((c == '{' || c == '[') && jsonValueNext()) {
            const unsigned startLine = line;
            const unsigned startColumn = column(start);
            int depth = 0;
            char inString = 0; // JSON5 strings may be single-quoted
            for (; i < text.size(); ++i) {
                const char d = text[i];
                if (d == '\n') {
                    ++line;
                    lineStart = i + 1;
                }
                if (inString) {
                    if (d == '\\' && i + 1 < text.size() && text[i + 1] != '\n')
                        ++i;
                    else if (d == inString)
                        inString = 0;
                    continue;
                }
                if (d == '"' || d == '\'')
                    inString = d;
                else if (d == '{' || d == '[')
                    ++depth;
                else if ((d == '}' || d == ']') && --depth == 0) {
                    ++i;
                    break;
                }
            }
            tokens_.push_back(
                {StyleToken::Kind::Json, text.substr(start, i - start), startLine, startColumn});
            continue;
        }
        if (isPunct(c)) {
            ++i;
            tokens_.push_back(
                {StyleToken::Kind::Punct, text.substr(start, 1), line, column(start)});
            continue;
        }
        // A bareword; $(...) and ${...} belong to it whatever they hold.
        while (i < text.size() && !isBlank(text[i]) && text[i] != '"' && text[i] != '#') {
            if (text[i] == '$' && i + 1 < text.size() &&
                (text[i + 1] == '(' || text[i + 1] == '{')) {
                const char close = text[i + 1] == '(' ? ')' : '}';
                int depth = 0;
                for (; i < text.size() && text[i] != '\n'; ++i) {
                    if (text[i] == '(' || text[i] == '{') ++depth;
                    if ((text[i] == ')' || text[i] == '}') && --depth == 0) break;
                }
                (void)close;
                if (i < text.size() && text[i] != '\n') ++i;
                continue;
            }
            if (isPunct(text[i])) break;
            ++i;
        }
        if (i == start) ++i; // a character no rule above takes: skip it
        tokens_.push_back(
            {StyleToken::Kind::Word, text.substr(start, i - start), line, column(start)});
    }
    tokens_.push_back({StyleToken::Kind::End, {}, line, column(i)});
}

} // namespace epicsdb::lint
