// How iocsh splits a line, after macro expansion, into a command's words: separators are
// space, tab, '(', ')', ',' and CR; double or single quotes make them ordinary (and are
// removed); a backslash outside quotes makes the next character ordinary; '<', '>', '>>' and
// 'N>' start redirections, whose file name is the next word. Behaviour copied from iocsh.cpp's
// Tokenize::split, quirks included (a character after a redirection symbol that is itself a
// redirection stops the scan).
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace epicsdb::ioc {

struct Redirection {
    std::string file;
    std::string mode;   // "r", "w" or "a"
    bool named = false; // a file name followed the symbol
};

struct ShellWords {
    enum class Problem {
        None,
        IllegalRedirection, // "Illegal redirection."
        UnbalancedQuote,    // "Unbalanced quote."
        TrailingBackslash,  // "Trailing backslash."
        DoubleRedirection,  // the same stream redirected twice: iocsh runs nothing, silently
    };
    std::vector<std::string> argv;
    std::map<int, Redirection> redirections; // by file descriptor: 0 input, 1 output, ...
    Problem problem = Problem::None;
    std::size_t problemAt = 0; // offset in the line where the quote or redirection began

    [[nodiscard]] bool ok() const noexcept { return problem == Problem::None; }
    // The line named no command (a `< script` line, or only separators).
    [[nodiscard]] bool empty() const noexcept { return argv.empty(); }
    [[nodiscard]] const Redirection* input() const {
        const auto it = redirections.find(0);
        return it != redirections.end() && it->second.named ? &it->second : nullptr;
    }
};

// Splits `line` from offset `start` (the first character that is not white space).
[[nodiscard]] ShellWords splitShellWords(std::string_view line, std::size_t start = 0);

// iocsh's text for a problem, with its final full stop.
[[nodiscard]] const char* problemText(ShellWords::Problem problem) noexcept;

} // namespace epicsdb::ioc
