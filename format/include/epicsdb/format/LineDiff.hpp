// A unified diff of two texts, line by line (diff -u layout, 3 lines of context), for
// `epicsdb fmt --diff`.
#pragma once

#include <epicsdb/export.h>

#include <string>
#include <string_view>

namespace epicsdb::format {

// Empty when the texts are equal; otherwise "--- <oldName>\n+++ <newName>\n" and the hunks.
[[nodiscard]] EPICSDB_API std::string unifiedDiff(std::string_view oldText,
                                                  std::string_view newText,
                                                  std::string_view oldName,
                                                  std::string_view newName);

} // namespace epicsdb::format
