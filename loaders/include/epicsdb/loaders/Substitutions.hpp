// Substitution files as the IOC's dbLoadTemplate reads them (EPICS-BEHAVIOUR 5.1): which template
// each set loads and with which macros. Loader::loadTemplate loads them; this reader is for callers
// that want the sets themselves (a check of a file's syntax, a listing, a tool of their own).
//
//   global { P = "ioc:" }              sets after it see P (globals last into later blocks)
//   file "$(TOP)/db/motor.db" {        the name may use environment variables (expanded at load)
//       { M = m1, DESC = "Motor 1" }   a set: the template is loaded with these macros
//       {}                             loaded with only the globals (and the caller's macros)
//   }
//   file calc.db { pattern { N, V }    one pattern header, then value rows matched by position
//       { 1, "a b" } { 2 } }           missing values leave macros undefined
//
// Unquoted words take only [A-Za-z0-9_-+:./\[]<>;], so macro references must be quoted.
#pragma once

#include <epicsdb/Diagnostic.hpp>
#include <epicsdb/export.h>
#include <epicsdb/loaders/Provenance.hpp>

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace epicsdb::loaders {

// Where one definition of a set came from: a `global` block, the set's own `name=value`, or a
// value of a `pattern` row.
struct DefinitionOrigin {
    MacroOrigin kind = MacroOrigin::SubstitutionSet;
    std::uint32_t line = 0;
    std::uint32_t column = 0;
    std::uint32_t row = 0; // PatternRow: the set's row in its `file` block, 1-based
};

struct SubstitutionSet {
    // The template, as written in its `file` block (outer quotes removed, escapes kept). Like
    // dbLoadRecords, a loader expands environment references in it and searches the path.
    std::string templateFile;
    // The definitions EPICS hands to dbLoadRecords for this set, without the caller's macros:
    // the globals seen so far, then the set's own values, each `name=value`, comma-separated;
    // quoted values re-wrapped in double quotes (`b="x y"`), others as written. The caller's
    // macros go in front: `callerMacros + "," + definitions`.
    std::string definitions;
    // Where the set's own values start in `definitions` (after the globals).
    std::size_t ownDefinitions = 0;
    SourceLocation location;     // the set's '{'
    SourceLocation fileLocation; // the `file` keyword of its block
    // One per item of `definitions`, in order (for provenance).
    std::vector<DefinitionOrigin> origins;
    std::uint32_t row = 0; // a `pattern` block's set: its row, 1-based; otherwise 0
};

struct SubstitutionParse {
    std::vector<SubstitutionSet> sets; // every set read, in order (up to a syntax error)
    std::vector<Diagnostic> diagnostics;
    bool ok = false; // no error (warnings, such as "too many values", allowed)
};

// Reads substitution text with dbLoadTemplate's rules. `name` is used in diagnostics.
// `maxVariables` is dbTemplateMaxVars: more pattern names than that are an error.
[[nodiscard]] EPICSDB_API SubstitutionParse parseSubstitutions(std::string_view name,
                                                               std::string_view text,
                                                               std::size_t maxVariables = 100);

// Same, from a file opened as given (no path search, as dbLoadTemplate does).
[[nodiscard]] EPICSDB_API SubstitutionParse readSubstitutionFile(const std::string& path,
                                                                 std::size_t maxVariables = 100);

} // namespace epicsdb::loaders
