// The reference workload (DESIGN.md): one 85-record template of standard records with macros,
// instantiated N times, as a template plus a substitution file, and as one flat .db file.
#pragma once

#include <cstddef>
#include <string>

namespace epicsdb::bench {

inline constexpr std::size_t kRecordsPerInstance = 85;

// The template: record names and links built from $(P); $(N) appears in values.
std::string templateText();
// The template with P and N replaced for instance `index` (what msi would write).
std::string expandedInstance(std::size_t index);
// Instance prefixes: "BENCH:<index>:".
std::string instancePrefix(std::size_t index);
// A substitution file instantiating `templateName` `instances` times (pattern form).
std::string substitutionText(const std::string& templateName, std::size_t instances);

} // namespace epicsdb::bench
