// A small, strict command-line reader shared by the epicsdb commands: options with values given
// attached (-Idir, --dbd=x) or as the next argument, repeatable options, flags and positional
// arguments in any order, "--" to end options. Anything unknown is a usage error.
#pragma once

#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace epicsdb::cli {

// A usage error: the command prints it with a hint at --help and exits with status 2.
class UsageError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

struct OptionSpec {
    std::vector<std::string> names; // "-I", "--include"
    bool takesValue = false;
    std::string valueName; // for help: "DIR"
    std::string help;
};

class CommandLine {
public:
    explicit CommandLine(std::vector<OptionSpec> specs) : specs_(std::move(specs)) {}

    // Throws UsageError on an unknown option, a missing value, or a flag given a value.
    void parse(const std::vector<std::string>& args);

    [[nodiscard]] bool has(std::string_view name) const;
    // Values of a repeatable option, in order (under its first name).
    [[nodiscard]] const std::vector<std::string>& values(std::string_view name) const;
    // The last value of an option, if given.
    [[nodiscard]] std::optional<std::string> value(std::string_view name) const;
    [[nodiscard]] const std::vector<std::string>& positional() const noexcept {
        return positional_;
    }
    // The option table as help text, one option per line.
    [[nodiscard]] std::string optionHelp() const;

private:
    const OptionSpec* find(std::string_view name) const;
    [[nodiscard]] std::string key(std::string_view name) const;

    std::vector<OptionSpec> specs_;
    std::map<std::string, std::vector<std::string>, std::less<>> given_;
    std::vector<std::string> positional_;
};

} // namespace epicsdb::cli
