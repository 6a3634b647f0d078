#include "CommandLine.hpp"

namespace epicsdb::cli {

const OptionSpec* CommandLine::find(std::string_view name) const {
    for (const OptionSpec& spec : specs_)
        for (const std::string& candidate : spec.names)
            if (candidate == name) return &spec;
    return nullptr;
}

std::string CommandLine::key(std::string_view name) const {
    const OptionSpec* spec = find(name);
    return spec ? spec->names.front() : std::string(name);
}

void CommandLine::parse(const std::vector<std::string>& args) {
    bool optionsEnded = false;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& arg = args[i];
        if (optionsEnded || arg.size() < 2 || arg[0] != '-') {
            positional_.push_back(arg);
            continue;
        }
        if (arg == "--") {
            optionsEnded = true;
            continue;
        }
        std::string name = arg;
        std::optional<std::string> attached;
        if (arg.rfind("--", 0) == 0) {
            if (auto eq = arg.find('='); eq != std::string::npos) {
                name = arg.substr(0, eq);
                attached = arg.substr(eq + 1);
            }
        } else if (!find(arg) && arg.size() > 2) {
            // Short option with its value attached: -Idir, -mP=1
            name = arg.substr(0, 2);
            attached = arg.substr(2);
        }
        const OptionSpec* spec = find(name);
        if (!spec) throw UsageError("unknown option '" + arg + "'");
        if (!spec->takesValue) {
            if (attached) throw UsageError("option '" + name + "' takes no value");
            given_[spec->names.front()];
            continue;
        }
        if (!attached) {
            if (i + 1 >= args.size())
                throw UsageError("option '" + name + "' needs a value (" + spec->valueName + ")");
            attached = args[++i];
        }
        given_[spec->names.front()].push_back(*attached);
    }
}

bool CommandLine::has(std::string_view name) const {
    return given_.find(key(name)) != given_.end();
}

const std::vector<std::string>& CommandLine::values(std::string_view name) const {
    static const std::vector<std::string> none;
    auto it = given_.find(key(name));
    return it == given_.end() ? none : it->second;
}

std::optional<std::string> CommandLine::value(std::string_view name) const {
    const auto& all = values(name);
    if (all.empty()) return std::nullopt;
    return all.back();
}

std::string CommandLine::optionHelp() const {
    std::string out;
    for (const OptionSpec& spec : specs_) {
        std::string left = "  ";
        for (std::size_t i = 0; i < spec.names.size(); ++i)
            left += (i ? ", " : "") + spec.names[i];
        if (spec.takesValue) left += " " + spec.valueName;
        if (left.size() < 26)
            left.resize(26, ' ');
        else
            left += "  ";
        out += left + spec.help + "\n";
    }
    return out;
}

} // namespace epicsdb::cli
