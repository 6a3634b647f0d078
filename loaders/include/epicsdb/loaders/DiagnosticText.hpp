// Diagnostics as people read them, in one layout for every program that prints them (the
// epicsdb commands, the EPICS C functions' stderr): GCC style, the include chain first,
//   In included from top.db:3:
//   inc.db:2:7: error: can't set "r.SCAN" to "fast": ...
//     field(SCAN, "fast")
//           ^
//     note: did you mean "Passive"?
#pragma once

#include <epicsdb/Diagnostic.hpp>
#include <epicsdb/export.h>

#include <string>

namespace epicsdb::loaders {

// "error", "warning" or "note".
[[nodiscard]] EPICSDB_API const char* severityName(Severity severity) noexcept;

// "file:line:column", the parts that are known ("<input>" for no file).
[[nodiscard]] EPICSDB_API std::string locationText(const SourceLocation& where);

// The whole diagnostic, every line ending in '\n'; `color` adds terminal colours.
[[nodiscard]] EPICSDB_API std::string diagnosticText(const Diagnostic& diagnostic, bool color);

} // namespace epicsdb::loaders
