// Where an environment-backed macro table finds the variables it was not given: the process
// environment (getenv, as EPICS's {"","environ"} handles do), or a set of variables a caller
// keeps, such as the environment of an IOC startup script run offline (epicsEnvSet changes it
// without touching the process).
#pragma once

#include <epicsdb/export.h>

#include <optional>
#include <string_view>

namespace epicsdb::maclib {

class EPICSDB_API VariableSource {
public:
    virtual ~VariableSource() = default;
    // The value of `name`, or nullopt when it is not set. The view stays valid until the
    // source changes.
    [[nodiscard]] virtual std::optional<std::string_view> find(std::string_view name) const = 0;
};

// The process environment, read with getenv at each call.
[[nodiscard]] EPICSDB_API const VariableSource& processEnvironment() noexcept;

} // namespace epicsdb::maclib
