// The environment of an IOC run offline: its variables, kept in the order a C library's
// `environ` keeps them (new ones at the end, epicsEnvShow prints them in that order), and its
// current directory. Loads see both through LoadEnvironment; the process's own environment and
// directory are never changed.
#pragma once

#include <epicsdb/export.h>
#include <epicsdb/loaders/LoadEnvironment.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace epicsdb::ioc {

class EPICSDB_API ScriptEnvironment final : public loaders::LoadEnvironment {
public:
    using Variable = std::pair<std::string, std::string>;

    // Empty, in the process's current directory.
    ScriptEnvironment() = default;
    // A copy of the process environment.
    [[nodiscard]] static ScriptEnvironment fromProcess();

    [[nodiscard]] std::optional<std::string_view> find(std::string_view name) const override;
    [[nodiscard]] std::string_view workingDirectory() const override { return directory_; }

    // setenv(name, value, 1): a new name goes at the end, an existing one keeps its place.
    void set(std::string_view name, std::string_view value);
    // unsetenv(name).
    void unset(std::string_view name);
    // "" is the process's current directory; a relative directory is relative to it.
    void setWorkingDirectory(std::string directory) { directory_ = std::move(directory); }

    [[nodiscard]] const std::vector<Variable>& variables() const noexcept { return variables_; }

private:
    std::vector<Variable> variables_;
    std::string directory_;
};

} // namespace epicsdb::ioc
