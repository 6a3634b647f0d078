#include <epicsdb/ioc/ScriptEnvironment.hpp>

#include <algorithm>

extern char** environ; // NOLINT: POSIX declares it nowhere else

namespace epicsdb::ioc {

ScriptEnvironment ScriptEnvironment::fromProcess() {
    ScriptEnvironment environment;
    for (char** entry = environ; entry && *entry; ++entry) {
        const std::string_view text(*entry);
        const std::size_t equals = text.find('=');
        if (equals == std::string_view::npos || equals == 0) continue;
        environment.set(text.substr(0, equals), text.substr(equals + 1));
    }
    return environment;
}

std::optional<std::string_view> ScriptEnvironment::find(std::string_view name) const {
    const auto it = std::find_if(variables_.begin(), variables_.end(),
                                 [&](const Variable& v) { return v.first == name; });
    if (it == variables_.end()) return std::nullopt;
    return std::string_view(it->second);
}

void ScriptEnvironment::set(std::string_view name, std::string_view value) {
    const auto it = std::find_if(variables_.begin(), variables_.end(),
                                 [&](const Variable& v) { return v.first == name; });
    if (it != variables_.end())
        it->second.assign(value);
    else
        variables_.emplace_back(std::string(name), std::string(value));
}

void ScriptEnvironment::unset(std::string_view name) {
    std::erase_if(variables_, [&](const Variable& v) { return v.first == name; });
}

} // namespace epicsdb::ioc
