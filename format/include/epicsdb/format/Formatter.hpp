// The canonical layout of hand-written EPICS database files (.db, .template, .vdb) and
// substitution files, as `epicsdb fmt` writes it. Macros are never expanded: a template is
// formatted as written. A text that cannot be read gives an error and no text: a formatter
// must never write something that means another thing.
#pragma once

#include <epicsdb/export.h>

#include <string>
#include <string_view>
#include <vector>

namespace epicsdb::dbstatic {
class Database;
}

namespace epicsdb::format {

// Where the text could not be read (1-based line and column) and why: what was expected and
// what was found.
struct FormatError {
    unsigned line = 0;
    unsigned column = 0;
    std::string message;
};

struct FormatOptions {
    // Record types whose field order the fields of a record follow; without it (or for a type
    // it does not define) the author's order is kept.
    const dbstatic::Database* definitions = nullptr;
    // Keep the fields in the author's order (and the blank lines between them).
    bool keepOrder = false;
};

struct FormatResult {
    std::string text; // the formatted text, LF line ends; empty when there are errors
    std::vector<FormatError> errors;
    [[nodiscard]] bool ok() const noexcept { return errors.empty(); }
};

// A database file (records, aliases, includes; definitions are kept as written).
[[nodiscard]] EPICSDB_API FormatResult formatDatabase(std::string_view text,
                                                      const FormatOptions& options = {});
// A substitution file, in a layout both msi and dbLoadTemplate read as the original.
[[nodiscard]] EPICSDB_API FormatResult formatSubstitutions(std::string_view text,
                                                           const FormatOptions& options = {});

// The comments the formatter reads in a text ("# ..." without trailing blanks), in order:
// what formatting must keep. Comments inside text kept verbatim (definitions, JSON values)
// are part of that text. Empty when the text cannot be read.
[[nodiscard]] EPICSDB_API std::vector<std::string> databaseComments(std::string_view text);
[[nodiscard]] EPICSDB_API std::vector<std::string> substitutionComments(std::string_view text);

} // namespace epicsdb::format
