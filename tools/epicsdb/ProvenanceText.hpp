// Provenance as a person reads it (`epicsdb why`): a field's value and the statement that gave
// it, the macros of that statement with where each value came from, the load chain up to the
// startup-script line, then the earlier statements it replaced, most recent first; or a
// record's definitions, aliases, info items and set fields.
#pragma once

#include <epicsdb/loaders/Provenance.hpp>

#include <span>
#include <string>

namespace epicsdb::tools {

// "x:m1.VELO = "2.5"" and its chain, each line ending in '\n'.
[[nodiscard]] std::string describeField(const loaders::FieldProvenance& field);

// "x:m1 (ai)", its record statements in load order with their chains, aliases, info items and
// one line per set field (value, the statement that won).
[[nodiscard]] std::string describeRecord(const loaders::RecordProvenance& record,
                                         std::span<const loaders::FieldProvenance> fields);

// `text` in double quotes, with '"', '\\' and control characters escaped as C does.
[[nodiscard]] std::string quotedText(std::string_view text);

} // namespace epicsdb::tools
