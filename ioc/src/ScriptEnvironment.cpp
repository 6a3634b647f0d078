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

std::size_t ScriptEnvironment::indexOf(std::string_view name) const noexcept {
    const auto it = std::find_if(variables_.begin(), variables_.end(),
                                 [&](const Variable& v) { return v.first == name; });
    return static_cast<std::size_t>(it - variables_.begin());
}

std::optional<std::string_view> ScriptEnvironment::find(std::string_view name) const {
    const std::size_t at = indexOf(name);
    if (at == variables_.size()) return std::nullopt;
    return std::string_view(variables_[at].second);
}

const VariableOrigin* ScriptEnvironment::origin(std::string_view name) const {
    const std::size_t at = indexOf(name);
    return at == variables_.size() ? nullptr : &origins_[at];
}

void ScriptEnvironment::set(std::string_view name, std::string_view value) {
    set(name, value, VariableOrigin{});
}

void ScriptEnvironment::set(std::string_view name, std::string_view value, VariableOrigin origin) {
    const std::size_t at = indexOf(name);
    if (at != variables_.size()) {
        variables_[at].second.assign(value);
        origins_[at] = std::move(origin);
        return;
    }
    origins_.reserve(origins_.size() + 1); // both grow, or neither
    variables_.emplace_back(std::string(name), std::string(value));
    origins_.push_back(std::move(origin));
}

void ScriptEnvironment::unset(std::string_view name) {
    const std::size_t at = indexOf(name);
    if (at == variables_.size()) return;
    variables_.erase(variables_.begin() + static_cast<std::ptrdiff_t>(at));
    origins_.erase(origins_.begin() + static_cast<std::ptrdiff_t>(at));
}

} // namespace epicsdb::ioc
