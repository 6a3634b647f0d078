// MacroTable: an EPICS macLib macro substitution context (MAC_HANDLE) with the same semantics:
// scopes, the raw-value/cached-value split with its "dirty" flag, environment-backed tables,
// the translation engine with EPICS quote and escape rules, and the EPICS warning texts.
//
// Reference syntax, at a glance (EPICS-BEHAVIOUR 1 has the full rules):
//   $(name)  ${name}           the value of name; names may contain references: $(A$(B))
//   $(name=default)            the default, translated, when name is undefined
//   $(name,a=1,b=2)            a and b defined in a scope that lives as long as the reference
// A failed reference is written back as `$(name,undefined)` / `$(name,recursive)`, or `$(name)`
// when warnings are suppressed, always with parentheses, and makes the status an error.
//
// Differences from EPICS (docs/COMPATIBILITY.md, section macLib, rows 1-3, 7, 9 and 10): no
// length limits (EPICS truncates names, scoped values and cached values at 256 characters),
// translation depth bounded by kMaxDepth, a reference that ends the text with `,` is closed
// instead of looping forever, an unused default is parsed rather than translated (same result,
// no exponential time; on an environment table it no longer caches the variables it mentions),
// warnings go to a WarningSink instead of errlog, and an embedded NUL is an ordinary character.
//
// Not thread-safe: like a MAC_HANDLE, a table is used by one thread at a time. Even reads
// change it (value cache, cached environment variables), so every operation is non-const.
#pragma once

#include <epicsdb/export.h>
#include <epicsdb/macLib/Definitions.hpp>
#include <epicsdb/macLib/VariableSource.hpp>
#include <epicsdb/macLib/detail/BlockStore.hpp>
#include <epicsdb/macLib/detail/NameIndex.hpp>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace epicsdb::maclib {

// Outcome of a translation. EPICS keeps one "error" flag (a negative return value); we say which
// kinds of failure happened. ok() is EPICS's "non-negative".
struct ExpandStatus {
    bool undefined = false; // a reference had no definition and no default
    bool recursive = false; // a reference led back to a value being translated
    bool tooDeep = false;   // nesting exceeded MacroTable::kMaxDepth; translation was abandoned
    bool tooLarge = false;  // the expansion limit was reached; translation was abandoned

    [[nodiscard]] constexpr bool ok() const noexcept {
        return !undefined && !recursive && !tooDeep && !tooLarge;
    }
    // Translation stopped part-way (tooDeep or tooLarge): the text is cut short, not just marked.
    [[nodiscard]] constexpr bool abandoned() const noexcept { return tooDeep || tooLarge; }
    constexpr ExpandStatus& operator|=(const ExpandStatus& other) noexcept {
        undefined |= other.undefined;
        recursive |= other.recursive;
        tooDeep |= other.tooDeep;
        tooLarge |= other.tooLarge;
        return *this;
    }
    friend constexpr bool operator==(const ExpandStatus&, const ExpandStatus&) = default;
};

enum class WarningKind : std::uint8_t { Undefined, Recursive, TooDeep, TooLarge };

// One warning, as EPICS would print it through errlog. Views are valid during the call only.
struct Warning {
    WarningKind kind;
    // Undefined: the translated name. Recursive: the entry met again. TooDeep: empty.
    // TooLarge: the outermost macro being expanded (empty when the text itself is too large).
    std::string_view macro;
    // The EPICS text without its trailing newline, e.g.
    //   macLib: macro X is undefined (expanding string $(X))
    //   macLib: macro A is recursive (expanding macro B)
    // TooDeep (no EPICS equivalent):
    //   macLib: macro references nested more than 256 levels (expanding string ...)
    // TooLarge (no EPICS equivalent), with the chain of macros being expanded, outermost first:
    //   macLib: expansion stopped after 64 MiB (macro chain A1 > A2 > A3) (expanding string $(A1))
    std::string_view message;
    // What the message says of the macros alone (shortMessage): the message without "macLib: "
    // and without what was being expanded.
    std::string_view summary;
};

// What a warning says of the macro alone, for callers that show the text being expanded in
// their own way: "macro X is undefined", "macro A is recursive", "macro references nested
// more than 256 levels", "expansion stopped after 64 MiB (macro chain A1 > A2)".
[[nodiscard]] EPICSDB_API std::string shortMessage(const Warning& warning);

// Receives warnings. It must not use the table that reports (the table is mid-translation).
// A callable of up to two pointers is stored without allocating.
using WarningSink = std::function<void(const Warning&)>;

// A defined macro's expanded value (see getValue) and the status of that expansion.
struct MacroValue {
    std::string_view text; // valid until the table is next changed or read
    ExpandStatus status;
};

struct Expansion {
    std::string text;
    ExpandStatus status;
};

struct MemoryStats {
    std::size_t systemAllocations = 0; // cumulative calls to the system allocator
    std::size_t bytesReserved = 0;     // held from the system now
};

namespace detail {
struct Entry;
enum class EntryKind : std::uint8_t;
class Translator;
} // namespace detail

class EPICSDB_API MacroTable {
public:
    // Bound on the translation depth. Every nested translation adds one level: a reference
    // inside a name, a default or a scoped value, and each macro value translated to resolve a
    // reference (so a chain A=$(B), B=$(C), ... of N macros needs about N levels). 256 nested
    // references in a text work; one more is too deep: the translation stops where it is (the
    // output keeps what came before the offending reference), the status says tooDeep and a
    // warning is sent even when warnings are suppressed. This keeps the C stack bounded for any
    // input: about 400 bytes a level optimised, 1 KB in a sanitizer debug build.
    static constexpr int kMaxDepth = 256;

    // Bound on the work of one expansion (one expand() call, or the expansion of one macro's
    // value when the cache is refreshed): the bytes it writes, intermediate results included,
    // plus kReferenceCost for each reference it resolves (so that a storm of references to
    // empty values is bounded too). Past it the translation stops where it is, the status says
    // tooLarge and a TooLarge warning names the chain of macros being expanded, even when
    // warnings are suppressed. No real file comes near it: EPICS cuts every value at 256
    // characters; we keep values whole, so without a bound a 1 kB file of doubling definitions
    // (A1=$(A2)$(A2), A2=$(A3)$(A3), ...) would ask for terabytes.
    static constexpr std::size_t kDefaultExpansionLimit = std::size_t{64} << 20; // 64 MiB
    static constexpr std::size_t kReferenceCost = 32;

    enum class Environment : std::uint8_t {
        Ignore, // only definitions made in the table
        Use,    // EPICS {"","environ"}: undefined names are looked up with getenv
    };

    // An empty table allocates nothing. Entries, names and values live in one arena per table
    // (2 KiB first, growing), recycled through free lists, so a table with a handful of
    // definitions costs one system allocation, and destroying it one free.
    explicit MacroTable(Environment environment = Environment::Ignore) noexcept;
    // Same as install(definitions) on a new table.
    explicit MacroTable(std::string_view definitions,
                        Environment environment = Environment::Ignore);
    // An environment table whose variables come from `environment` instead of getenv. The
    // source must outlive the table.
    explicit MacroTable(const VariableSource& environment) noexcept;
    ~MacroTable();
    MacroTable(const MacroTable&) = delete;
    MacroTable& operator=(const MacroTable&) = delete;

    // --- warnings (macSuppressWarning) --------------------------------------------------------
    // Without a sink, warnings are dropped.
    void setWarningSink(WarningSink sink);
    // Suppressed: no Undefined/Recursive warnings, and failed references are written `$(name)`.
    // The status still reports the failure.
    void suppressWarnings(bool suppress) noexcept;
    [[nodiscard]] bool warningsSuppressed() const noexcept;
    [[nodiscard]] bool usesEnvironment() const noexcept;

    // --- bounds -------------------------------------------------------------------------------
    // kDefaultExpansionLimit unless set; 0 is taken as 1 (every reference is then too large).
    void setExpansionLimit(std::size_t bytes) noexcept;
    [[nodiscard]] std::size_t expansionLimit() const noexcept;

    // --- definitions (macPutValue, macInstallMacros) ------------------------------------------
    // Sets the raw (unexpanded) value of `name`. A new entry is made at the current scope level
    // unless the newest entry of that name is already at this level, which is then overwritten.
    // References in `value` are resolved when the value is read, not now.
    void define(std::string_view name, std::string_view value);
    // EPICS macPutValue(name, NULL): deletes the newest entry of that name, at any level, again
    // and again, and stops after deleting an "environment variable" entry. On an environment
    // table the lookup itself may first cache the variable, which is then deleted; either way
    // the next lookup reads the environment afresh.
    void undefine(std::string_view name);
    // Parses `a=xxx,b=yyy` (parseDefinitions rules) and applies each item in order: define, or
    // undefine for a name without `=`. Returns the number of items. No intermediate storage.
    std::size_t install(std::string_view definitions);
    std::size_t install(std::span<const Definition> definitions);

    // --- lookups (macGetValue) ----------------------------------------------------------------
    // Whether `name` (taken literally, no reference syntax) is defined. Does not expand values;
    // on an environment table a set variable is cached as an entry at the current level.
    [[nodiscard]] bool isDefined(std::string_view name);
    // The cached expanded value of `name` and its status, or nullopt if undefined. Re-expands
    // every value first if anything changed since the last read (warnings included).
    [[nodiscard]] std::optional<MacroValue> getValue(std::string_view name);
    // The same with the name's hash worked out beforehand (nameHash), for a caller that looks
    // the same names up again and again: msi's prepared templates. Hot path.
    [[nodiscard]] std::optional<MacroValue> getValue(std::string_view name, std::uint32_t hash);
    [[nodiscard]] static std::uint32_t nameHash(std::string_view name) noexcept {
        return detail::NameIndex::hashOf(name);
    }

    // --- expansion (macExpandString) ----------------------------------------------------------
    // Translates `text` at level 0 (quotes and escapes are kept, references are replaced) and
    // appends the result to `out`. `text` must not point into `out`. Re-expands the cached
    // values first if the table changed since the last read. A text without '$' costs a memchr
    // and an append; with enough capacity in `out`, a clean table allocates nothing.
    ExpandStatus expand(std::string_view text, std::string& out);
    [[nodiscard]] Expansion expand(std::string_view text);

    // --- scopes (macPushScope, macPopScope) ---------------------------------------------------
    // Definitions made after pushScope() are dropped by the matching popScope(), uncovering the
    // ones they shadowed. popScope() returns false, and does nothing, at level 0.
    void pushScope() noexcept;
    bool popScope() noexcept;
    [[nodiscard]] int scopeLevel() const noexcept;

    // --- report (macReportMacros) -------------------------------------------------------------
    // The EPICS report text, after re-expanding values if needed: a header, then one line per
    // entry, oldest first ("%-1s %-16s %-16s %s\n": error mark, name, raw value, value), scope
    // markers as `s ---- ------ -----`.
    [[nodiscard]] std::string report();

    [[nodiscard]] MemoryStats memoryStats() const noexcept;

private:
    friend class detail::Translator;

    detail::Entry* lookup(std::string_view name) { // newest entry; may cache an env variable
        return lookup(name, nameHash(name));
    }
    detail::Entry* lookup(std::string_view name, std::uint32_t hash);
    detail::Entry* findEnvironment(std::string_view name);
    detail::Entry* create(std::string_view name, detail::EntryKind kind);
    void setRaw(detail::Entry& entry, std::string_view value);
    void remove(detail::Entry& entry) noexcept;
    void storeValue(detail::Entry& entry, std::string_view value);
    // EPICS expand(): re-translates every raw value if dirty. `scratch` is a buffer whose
    // contents past its current size may be used and are restored.
    void refresh(std::string& scratch);
    void warn(const Warning& warning) const;

    detail::BlockStore store_;
    detail::NameIndex index_;       // newest entry of each name
    detail::Entry* head_ = nullptr; // oldest
    detail::Entry* tail_ = nullptr; // newest
    WarningSink sink_;
    std::string scratch_; // for refresh() when the caller has no buffer to lend
    std::size_t expansionLimit_ = kDefaultExpansionLimit;
    int level_ = 0;
    bool dirty_ = false;
    bool suppress_ = false;
    const VariableSource* environment_ = nullptr; // null: no environment lookups
};

} // namespace epicsdb::maclib
