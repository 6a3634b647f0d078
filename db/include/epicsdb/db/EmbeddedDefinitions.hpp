// The database definition files epicsdb ships (db/*.dbd), compiled into the library so that a
// database can be checked where no EPICS is installed. Loaders use them as the include folder
// of last resort: `include "dbCommon.dbd"` or `include "menuGlobal.dbd"` in a user's .dbd
// resolves to these files when no folder on the search path has them.
#pragma once

#include <epicsdb/export.h>

#include <optional>
#include <span>
#include <string_view>

namespace epicsdb::db {

// One embedded file. Both views point into static storage and stay valid for the life of the
// program.
struct EmbeddedFile {
    std::string_view name;    // bare file name, as written in an include: "dbCommon.dbd"
    std::string_view content; // the file's bytes, exactly as in db/
};

// The top-level file: it includes (directly or not) every other embedded file except the
// breakpoint tables, and defines what the softIoc program of EPICS Base 7.0.8 loads: the same
// menus, record types in the same order, and device support in the same DTYP order.
inline constexpr std::string_view kDefaultDefinitionFile = "softIoc.dbd";

// Every embedded file, sorted by name in byte order, names unique.
[[nodiscard]] EPICSDB_API std::span<const EmbeddedFile> embeddedDefinitionFiles() noexcept;

// The content of the embedded file with exactly this name, or nullopt. Names are compared
// byte for byte: no folder part, no case folding.
[[nodiscard]] EPICSDB_API std::optional<std::string_view>
embeddedDefinitionFile(std::string_view fileName) noexcept;

} // namespace epicsdb::db
