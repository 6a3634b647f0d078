// Parsing of macro definition strings, "a=xxx,b=yyy", with the rules of EPICS macParseDefns:
//   * `,` separates items, `=` separates a name from its value; whitespace before a name,
//     around `=` and around `,` is ignored; trailing whitespace of names and values is trimmed
//     (even an escaped space: `a=x\ ` gives `x\`); interior whitespace is kept;
//   * quotes ('...' "...") and backslash escapes make `=`, `,` and whitespace ordinary; the
//     quote state runs on across items, so an unclosed quote swallows the rest of the text;
//   * names lose their quotes and escapes (`\==x` defines "="; `'a,b'=c` defines "a,b");
//     values are kept raw (quotes and escapes are removed later, when the value is expanded);
//   * `a=` defines a as empty; `a` alone (at the end or before `,`) has no value, which means
//     "undefine" when installed; `=x` defines the empty name; empty items (`,,`) are skipped.
#pragma once

#include <epicsdb/export.h>

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace epicsdb::maclib {

struct Definition {
    std::string_view name;
    std::optional<std::string_view> value; // nullopt: the item had no `=` (undefine)
};

// Reads the items of a definition string one at a time, without allocating unless a name
// longer than 15 characters has quotes or escapes to remove.
class EPICSDB_API DefinitionReader {
public:
    explicit DefinitionReader(std::string_view text) noexcept : text_(text) {}

    // Fills `item` with the next definition and returns true, or returns false at the end. The
    // views point into the text or into this reader, and stay valid until the next call.
    [[nodiscard]] bool next(Definition& item);

private:
    std::string_view unquoteName(std::string_view raw);

    std::string_view text_;
    std::size_t pos_ = 0;
    char quote_ = 0; // quote state carries over from item to item, as in EPICS
    std::string nameBuffer_;
};

// An owning copy of one item, for callers that keep definitions around.
struct OwnedDefinition {
    std::string name;
    std::optional<std::string> value;

    [[nodiscard]] Definition view() const {
        return {name, value ? std::optional<std::string_view>(*value) : std::nullopt};
    }
    friend bool operator==(const OwnedDefinition&, const OwnedDefinition&) = default;
};

// All items of `text`, in order. "" gives none.
[[nodiscard]] EPICSDB_API std::vector<OwnedDefinition> parseDefinitions(std::string_view text);

} // namespace epicsdb::maclib
