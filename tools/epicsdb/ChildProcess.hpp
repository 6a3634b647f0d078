// Running another program (git, tar, Graphviz's dot) without a shell: arguments passed as they
// are, its output captured through files (no pipe can fill up and hang either side).
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace epicsdb::tools {

struct ChildResult {
    int status = -1; // exit status; -1 when it could not run or did not exit normally
    std::string out; // stdout, unless it went to a file
    std::string err;
};

struct ChildSetup {
    std::filesystem::path input;  // its stdin; empty: /dev/null
    std::filesystem::path output; // its stdout, instead of capturing it
    // NAME=VALUE settings added to (or replacing those of) this process's environment.
    std::vector<std::string> environment;
};

// Runs argv[0] (looked up on PATH) with the arguments. Throws std::runtime_error only when the
// capture files cannot be made.
[[nodiscard]] ChildResult runChild(const std::vector<std::string>& argv,
                                   const ChildSetup& setup = {});

// Where `name` is found on PATH as an executable file; nothing when it is not.
[[nodiscard]] std::optional<std::filesystem::path> findOnPath(const std::string& name);

} // namespace epicsdb::tools
