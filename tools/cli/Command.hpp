// One epicsdb command's command line, read with CLI11: its usage text, its options, and parse(),
// which answers -h/--help (usage and option help on stdout, status 0) and usage errors
// ("epicsdb <command>: <reason>" and the usage on stderr, ExitStatus::Trouble) alike for every
// command.
//
// The rules users rely on: values attached or separate (-Idir, -I dir, --dbd=x, --dbd x, -mP=1),
// a separate value taken whatever it looks like (-m -x, -t --help), an empty attached value
// empty (--dbd= is the empty name), flags never clustered (-qx is an error, as --quiet=x),
// repeatable options keeping their values in command-line order, positional arguments
// anywhere, "--" ending options.
#pragma once

#include "ExitStatus.hpp"

#include <CLI/CLI.hpp>

#include <cstdio>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace epicsdb::cli {

// A usage error found by a command's own rules (parse() reports it like CLI11's).
class UsageError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// What an option's value must be: `expected` completes "--level must be ..., not 'x'".
struct ValueRule {
    std::function<bool(const std::string&)> accepts;
    std::string expected;
};

// An output or input file name: anything but empty.
inline const ValueRule kFileName{[](const std::string& value) { return !value.empty(); },
                                 "a file name"};

// A size in bytes: a number, optionally with K, M or G (powers of 1024, "KiB"/"MiB"/"GiB"
// accepted too), at least 1. Nothing when the text is not one.
[[nodiscard]] std::optional<std::size_t> parseByteSize(std::string_view text);
inline const ValueRule kByteSize{
    [](const std::string& value) { return parseByteSize(value).has_value(); },
    "a size such as 65536, 64K or 64M"};

// A number of threads: 0 (every core) to 1024.
inline const ValueRule kJobCount{[](const std::string& value) {
                                     return !value.empty() && value.size() <= 4 &&
                                            value.find_first_not_of("0123456789") ==
                                                std::string::npos &&
                                            std::stoul(value) <= 1024;
                                 },
                                 "a number of threads from 0 (every core) to 1024"};

class Command {
public:
    // `name` as in "epicsdb <name>"; `usage` is the synopsis and description shown with errors
    // and before the option help. Help goes to `out`, errors to `err`.
    Command(std::string name, std::string usage, std::FILE* out = stdout, std::FILE* err = stderr);
    Command(const Command&) = delete;
    Command& operator=(const Command&) = delete;

    // `names` in CLI11's form, "-I,--include"; `valueName` names the value in the help.
    // A repeatable option: each occurrence adds one value to `values`, in order.
    void list(const std::string& names, std::vector<std::string>& values,
              const std::string& valueName, const std::string& help);
    // An option with one value; given more than once, the last counts. A value the rule does
    // not accept is a usage error.
    void value(const std::string& names, std::string& value, const std::string& valueName,
               const std::string& help, ValueRule rule = {});
    // An option whose value is one of `choices` ("--format must be db or json, not 'x'").
    void choice(const std::string& names, std::string& value,
                const std::vector<std::string>& choices, const std::string& help);
    // A flag: `given` is set when it appears; a value (--quiet=x) is a usage error.
    void flag(const std::string& names, bool& given, const std::string& help);
    // The positional arguments, in order, named `valueName` in the help. A command that does not
    // declare them takes none.
    void files(std::vector<std::string>& files, const std::string& help,
               const std::string& valueName = "FILE");

    // Reads `args` (without program and command names). `check` holds the command's rules
    // between options and may throw UsageError; it is not run for --help. Returns the exit
    // status when the command has nothing more to do (Success after help, Trouble after a
    // usage error), nothing when it should run.
    [[nodiscard]] std::optional<ExitStatus> parse(const std::vector<std::string>& args,
                                                  const std::function<void()>& check = {});

    // "epicsdb <name>: <message>" on `err`; returns `status`. For failures after parsing
    // ("can't write 'x'").
    ExitStatus fail(std::string_view message, ExitStatus status = ExitStatus::Trouble) const;
    // The usage and the option help, as -h prints it.
    [[nodiscard]] std::string help() const;
    [[nodiscard]] const std::string& name() const noexcept { return name_; }

private:
    [[nodiscard]] std::string reasonFor(const CLI::ParseError& error,
                                        const std::vector<std::string>& args) const;
    [[nodiscard]] std::vector<std::string> prepared(const std::vector<std::string>& args) const;
    void finishOptions();

    std::string name_;
    std::string usage_;
    std::FILE* out_;
    std::FILE* err_;
    CLI::App app_;
    struct Flag {
        const CLI::Option* option;
        bool* given;
    };
    std::vector<Flag> flags_;
    std::vector<std::function<void()>> valueChecks_;
    std::vector<std::string> unexpected_; // positional arguments of a command that takes none
    bool positionalDeclared_ = false;
};

} // namespace epicsdb::cli
