// The environment of an IOC run offline: its variables, kept in the order a C library's
// `environ` keeps them (new ones at the end, epicsEnvShow prints them in that order), and its
// current directory. Loads see both through LoadEnvironment; the process's own environment and
// directory are never changed. Each variable also knows where it was last set (the script line
// of its epicsEnvSet, or the starting environment), for provenance.
#pragma once

#include <epicsdb/Diagnostic.hpp>
#include <epicsdb/export.h>
#include <epicsdb/loaders/LoadEnvironment.hpp>
#include <epicsdb/loaders/Provenance.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace epicsdb::ioc {

// Where a variable's value was last set.
struct VariableOrigin {
    // The script line that set it (epicsEnvSet, cd for PWD, iocshLoad for
    // IOCSH_STARTUP_SCRIPT); an empty file: the starting environment (the caller's variables,
    // `-e`, the process's).
    SourceLocation where;
    std::string command; // that line as written, before iocsh's expansion
    std::string written; // the value as written on it (`$(SYS):ioc`)
    // The macro references of `written` and what each gave when the line ran (filled when the
    // run keeps provenance, StartupOptions::loader.provenance).
    std::vector<loaders::MacroUse> inner;

    [[nodiscard]] bool fromStartingEnvironment() const noexcept { return where.file.empty(); }
};

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
    // Without an origin, the variable is one of the starting environment.
    void set(std::string_view name, std::string_view value);
    void set(std::string_view name, std::string_view value, VariableOrigin origin);
    // unsetenv(name).
    void unset(std::string_view name);
    // "" is the process's current directory; a relative directory is relative to it.
    void setWorkingDirectory(std::string directory) { directory_ = std::move(directory); }

    [[nodiscard]] const std::vector<Variable>& variables() const noexcept { return variables_; }
    // Where the variable was last set, or null when it is not set.
    [[nodiscard]] const VariableOrigin* origin(std::string_view name) const;

private:
    [[nodiscard]] std::size_t indexOf(std::string_view name) const noexcept;

    std::vector<Variable> variables_;
    std::vector<VariableOrigin> origins_; // one for each variable, at the same index
    std::string directory_;
};

} // namespace epicsdb::ioc
