#include "Command.hpp"

#include <algorithm>
#include <cstdio>
#include <memory>

namespace epicsdb::cli {

std::optional<std::size_t> parseByteSize(std::string_view text) {
    std::size_t digits = 0;
    while (digits < text.size() && text[digits] >= '0' && text[digits] <= '9')
        ++digits;
    if (digits == 0 || digits > 15) return std::nullopt;
    std::size_t number = std::stoull(std::string(text.substr(0, digits)));
    std::string_view unit = text.substr(digits);
    if (unit.ends_with("iB")) unit.remove_suffix(2);
    int shift = 0;
    if (unit == "K" || unit == "k")
        shift = 10;
    else if (unit == "M")
        shift = 20;
    else if (unit == "G")
        shift = 30;
    else if (!unit.empty())
        return std::nullopt;
    if (number == 0 || number > (std::size_t{1} << 40) >> shift) return std::nullopt;
    return number << shift;
}

namespace {

// CLI11's help with the command's own usage text in place of CLI11's one-line synopsis.
class UsageFormatter final : public CLI::Formatter {
public:
    explicit UsageFormatter(std::string usage) : usage_(std::move(usage)) {}
    std::string make_usage(const CLI::App*, std::string) const override { return usage_; }

private:
    std::string usage_;
};

std::string withOneNewline(std::string text) {
    while (!text.empty() && text.back() == '\n')
        text.pop_back();
    return text + "\n";
}

// "a", "a or b", "a, b or c".
std::string alternatives(const std::vector<std::string>& choices) {
    std::string out;
    for (std::size_t i = 0; i < choices.size(); ++i)
        out += (i == 0 ? "" : i + 1 == choices.size() ? " or " : ", ") + choices[i];
    return out;
}

} // namespace

Command::Command(std::string name, std::string usage, std::FILE* out, std::FILE* err)
    : name_(std::move(name)), usage_(std::move(usage)), out_(out), err_(err),
      app_("", "epicsdb " + name_) {
    app_.set_help_flag("-h,--help", "show this help");
    // Unknown options are collected and reported in our words (finishOptions).
    app_.allow_extras();
    app_.formatter(std::make_shared<UsageFormatter>(withOneNewline(usage_)));
}

void Command::list(const std::string& names, std::vector<std::string>& values,
                   const std::string& valueName, const std::string& help) {
    // One value per occurrence: "-I dir file.db" must leave file.db a positional argument.
    app_.add_option(names, values, help)->type_name(valueName)->allow_extra_args(false)->take_all();
}

void Command::value(const std::string& names, std::string& value, const std::string& valueName,
                    const std::string& help, ValueRule rule) {
    CLI::Option* option = app_.add_option(names, value, help)->type_name(valueName)->take_last();
    if (!rule.accepts) return;
    valueChecks_.push_back([option, &value, rule = std::move(rule)] {
        if (option->count() && !rule.accepts(value))
            throw UsageError(option->get_name() + " must be " + rule.expected + ", not '" + value +
                             "'");
    });
}

void Command::choice(const std::string& names, std::string& value,
                     const std::vector<std::string>& choices, const std::string& help) {
    std::string valueName;
    for (const std::string& choice : choices)
        valueName += (valueName.empty() ? "" : "|") + choice;
    this->value(names, value, valueName, help,
                {[choices](const std::string& given) {
                     return std::find(choices.begin(), choices.end(), given) != choices.end();
                 },
                 alternatives(choices)});
}

void Command::flag(const std::string& names, bool& given, const std::string& help) {
    flags_.push_back({app_.add_flag(names, help), &given});
}

void Command::files(std::vector<std::string>& files, const std::string& help,
                    const std::string& valueName) {
    app_.add_option(valueName, files, help)->type_name("");
    positionalDeclared_ = true;
}

std::string Command::reasonFor(const CLI::ParseError& error,
                               const std::vector<std::string>& args) const {
    // CLI11 takes whatever follows an option as its value, so only the last argument can lack
    // one.
    if (dynamic_cast<const CLI::ArgumentMismatch*>(&error) && !args.empty()) {
        const std::string& last = args.back();
        if (const CLI::Option* option = app_.get_option_no_throw(last);
            option && option->get_type_size() != 0)
            return "option '" + last + "' needs a value (" + option->get_type_name() + ")";
    }
    return error.what();
}

// The arguments as CLI11 is to read them, refusing the spellings it would read otherwise than
// our rules say: "--name=" is the option with an empty value (CLI11 would take the next
// argument), "---x" is an unknown option (CLI11 would take it for a file), and a flag cannot be
// followed by text in the same argument ("-qx": CLI11 would read "-q -x").
std::vector<std::string> Command::prepared(const std::vector<std::string>& args) const {
    std::vector<std::string> out;
    bool optionsEnded = false;
    for (const std::string& arg : args) {
        if (optionsEnded || arg.size() < 2 || arg[0] != '-') {
            out.push_back(arg);
            continue;
        }
        if (arg == "--") optionsEnded = true;
        if (arg.rfind("---", 0) == 0) throw UsageError("unknown option '" + arg + "'");
        if (arg.size() > 3 && arg[1] == '-' && arg.back() == '=' &&
            arg.find('=') == arg.size() - 1) {
            out.push_back(arg.substr(0, arg.size() - 1));
            out.emplace_back();
            continue;
        }
        if (arg[1] != '-' && arg.size() > 2) {
            const std::string name = arg.substr(0, 2);
            bool isFlag = app_.get_help_ptr()->check_name(name);
            for (const Flag& flag : flags_)
                isFlag = isFlag || flag.option->check_name(name);
            if (isFlag) throw UsageError("option '" + name + "' takes no value");
        }
        out.push_back(arg);
    }
    return out;
}

// What CLI11 accepts but our commands do not, and the flags' values.
void Command::finishOptions() {
    for (const std::string& extra : app_.remaining())
        if (extra != "--") throw UsageError("unknown option '" + extra + "'");
    for (const Flag& flag : flags_) {
        // CLI11 records a bare flag as "true" and --flag=x as "x".
        for (const std::string& result : flag.option->results())
            if (result != "true")
                throw UsageError("option '" + flag.option->get_name() + "' takes no value");
        *flag.given = flag.option->count() > 0;
    }
    for (const auto& check : valueChecks_)
        check();
}

std::optional<ExitStatus> Command::parse(const std::vector<std::string>& args,
                                         const std::function<void()>& check) {
    if (!positionalDeclared_) {
        // Collected only to be reported: this command takes no positional arguments.
        app_.add_option("unexpected", unexpected_)->group("");
        positionalDeclared_ = true;
    }
    auto usageError = [this](std::string_view reason) {
        std::fprintf(err_, "epicsdb %s: %.*s\n%s", name_.c_str(), static_cast<int>(reason.size()),
                     reason.data(), usage_.c_str());
        return ExitStatus::Trouble;
    };
    bool helpAsked = false;
    std::vector<std::string> reversed;
    try {
        const std::vector<std::string> arguments = prepared(args);
        reversed.assign(arguments.rbegin(), arguments.rend()); // CLI11 reads from the back
    } catch (const UsageError& error) {
        return usageError(error.what());
    }
    try {
        app_.parse(reversed);
    } catch (const CLI::CallForHelp&) {
        helpAsked = true;
    } catch (const CLI::ParseError& error) {
        return usageError(reasonFor(error, args));
    }
    try {
        // Malformed options are errors even with --help; missing files are not.
        finishOptions();
        if (helpAsked) {
            std::fputs(help().c_str(), out_);
            return ExitStatus::Success;
        }
        if (!unexpected_.empty()) throw UsageError("unexpected argument '" + unexpected_[0] + "'");
        if (check) check();
    } catch (const UsageError& error) {
        return usageError(error.what());
    }
    return std::nullopt;
}

ExitStatus Command::fail(std::string_view message, ExitStatus status) const {
    std::fprintf(err_, "epicsdb %s: %.*s\n", name_.c_str(), static_cast<int>(message.size()),
                 message.data());
    return status;
}

std::string Command::help() const {
    return withOneNewline(app_.help()); // CLI11 ends with a blank line
}

} // namespace epicsdb::cli
