#include "ShellWords.hpp"

namespace epicsdb::ioc {

namespace {
bool isSeparator(char c) {
    return c == ' ' || c == '\t' || c == '(' || c == ')' || c == ',' || c == '\r';
}
bool isQuote(char c) {
    return c == '"' || c == '\'';
}
} // namespace

ShellWords splitShellWords(std::string_view line, std::size_t start) {
    ShellWords words;
    std::string* word = nullptr;    // the word being built
    Redirection* pending = nullptr; // a redirection symbol still waiting for its file name
    std::size_t pendingAt = 0;
    bool inWord = false;
    bool backslash = false;
    char quote = 0;
    std::size_t quoteAt = 0;
    std::size_t i = start;
    while (i < line.size()) {
        const std::size_t at = i;
        char c = line[i++];
        if (c == '\0') break; // the C string ends here
        bool separator = !quote && !backslash && isSeparator(c);
        if (!quote && !backslash) {
            int descriptor = 1;
            if (c == '\\') {
                backslash = true;
                continue;
            }
            if (c == '<') {
                if (pending) break;
                pending = &words.redirections[0];
                pendingAt = at;
                separator = true;
                pending->mode = "r";
            }
            if (c >= '1' && c <= '9' && i < line.size() && line[i] == '>') {
                descriptor = c - '0';
                c = '>';
                ++i;
            }
            if (c == '>') {
                if (pending) break;
                pending = &words.redirections[descriptor];
                pendingAt = at;
                separator = true;
                if (i < line.size() && line[i] == '>') {
                    ++i;
                    pending->mode = "a";
                } else {
                    pending->mode = "w";
                }
            }
        }
        if (inWord) {
            if (c == quote) {
                quote = 0;
            } else if (!quote && !backslash) {
                if (separator)
                    inWord = false;
                else if (isQuote(c)) {
                    quote = c;
                    quoteAt = at;
                } else
                    word->push_back(c);
            } else {
                word->push_back(c);
            }
        } else if (!separator) {
            if (isQuote(c) && !backslash) {
                quote = c;
                quoteAt = at;
            }
            if (pending) {
                if (pending->named) {
                    words.problem = ShellWords::Problem::DoubleRedirection;
                    words.problemAt = pendingAt;
                    return words;
                }
                pending->named = true;
                word = &pending->file;
                pending = nullptr;
            } else {
                word = &words.argv.emplace_back();
            }
            if (!quote) word->push_back(c);
            inWord = true;
        }
        backslash = false;
    }
    if (pending) {
        words.problem = ShellWords::Problem::IllegalRedirection;
        words.problemAt = pendingAt;
    } else if (quote) {
        words.problem = ShellWords::Problem::UnbalancedQuote;
        words.problemAt = quoteAt;
    } else if (backslash) {
        words.problem = ShellWords::Problem::TrailingBackslash;
        words.problemAt = line.size() ? line.size() - 1 : 0;
    }
    return words;
}

const char* problemText(ShellWords::Problem problem) noexcept {
    switch (problem) {
    case ShellWords::Problem::IllegalRedirection:
        return "Illegal redirection.";
    case ShellWords::Problem::UnbalancedQuote:
        return "Unbalanced quote.";
    case ShellWords::Problem::TrailingBackslash:
        return "Trailing backslash.";
    case ShellWords::Problem::DoubleRedirection:
        return "Stream redirected twice.";
    case ShellWords::Problem::None:
        break;
    }
    return "";
}

} // namespace epicsdb::ioc
