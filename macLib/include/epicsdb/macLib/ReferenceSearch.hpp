// Where a macro is referred to in a text, for diagnostics that point at the reference a warning
// is about: macLib's warnings name the macro, not where it was met.
#pragma once

#include <epicsdb/export.h>

#include <cstddef>
#include <optional>
#include <string_view>
#include <vector>

namespace epicsdb::maclib {

// The offset of the `$` of the first `$(name` or `${name` in `text` whose name ends there (at a
// closing bracket, `=` or `,`), or nullopt. The name is taken literally: a name built from
// other references (`$(A$(B))`) is not found.
[[nodiscard]] EPICSDB_API std::optional<std::size_t> findReference(std::string_view text,
                                                                   std::string_view name) noexcept;

// The names of the references `$(name...` and `${name...` in `text`, in order, repeats included,
// each ending at a closing bracket, `=` or `,` (a name built from other references is not one).
// For the references a quiet expansion leaves as written: the undefined macros of a line.
[[nodiscard]] EPICSDB_API std::vector<std::string_view> referencedNames(std::string_view text);

} // namespace epicsdb::maclib
