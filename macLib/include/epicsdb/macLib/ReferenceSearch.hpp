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

// One reference of a text as written, outermost only (those inside its name or default are
// found by scanning those again).
struct Reference {
    std::size_t begin = 0; // the `$`
    std::size_t end = 0;   // one past the closing bracket (the text's end when it has none)
    std::string_view name; // as written: may itself hold references (`$(A$(B))`)
    std::optional<std::string_view> defaultText; // after `=`, as written (scoped definitions
                                                 // `,B=y` that follow are not part of it)

    [[nodiscard]] std::string_view text(std::string_view of) const {
        return of.substr(begin, end - begin);
    }
};

// The references macLib expands in `text` at its top level, in order: none inside single
// quotes or after a backslash.
[[nodiscard]] EPICSDB_API std::vector<Reference> scanReferences(std::string_view text);
// The reference whose `$` is at `at`, or nullopt when none opens there.
[[nodiscard]] EPICSDB_API std::optional<Reference> referenceAt(std::string_view text,
                                                               std::size_t at);

} // namespace epicsdb::maclib
