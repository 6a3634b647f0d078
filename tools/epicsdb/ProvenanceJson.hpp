// Provenance as JSON: one shape for `epicsdb why --format json` and the "provenance" member of
// `dump --format json --provenance`, written through dbStatic's JsonValueWriter (the dump's own
// writer, or a PrettyJson through PrettyJsonValues).
#pragma once

#include "PrettyJson.hpp"

#include <epicsdb/dbStatic/Writers.hpp>
#include <epicsdb/loaders/Provenance.hpp>

#include <span>

namespace epicsdb::tools {

// A cli::PrettyJson seen as a JsonValueWriter.
using PrettyJsonValues = dbstatic::JsonValuesOf<cli::PrettyJson>;

// {"file", "line", "column"}, or null when the file is not known.
void writeLocationJson(dbstatic::JsonValueWriter& json, const SourceLocation& where);

// [ {"keyword", "location", "text", "written", "value", "macros": [...], "chain": [...]}, ... ]
// with each macro {"name", "value", "written", "origin", "location", "row" (pattern rows),
// "detail", "inner": [...]} and each chain step, innermost first, {"relation", "location",
// "text", "command", "macros": [...]} (the references of a script line).
void writeStatementsJson(dbstatic::JsonValueWriter& json,
                         std::span<const loaders::Statement> statements);

// The members of a record's provenance, inside an object the caller opened: "definitions",
// "aliases", "infos" (statements) and "fields": {"NAME": {"value", "statements"}, ...} for
// each field set, in field order.
void writeRecordProvenanceMembers(dbstatic::JsonValueWriter& json,
                                  const loaders::RecordProvenance& record,
                                  std::span<const loaders::FieldProvenance> fields);

// The members of one field's provenance, inside an object the caller opened: "record", "field",
// "value", "set", "statements", "definedAt" (the .dbd line of a default, or null).
void writeFieldProvenanceMembers(dbstatic::JsonValueWriter& json,
                                 const loaders::FieldProvenance& field);

} // namespace epicsdb::tools
