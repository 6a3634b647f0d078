// Provenance as JSON: one shape for `epicsdb why --format json`, the "provenance" member of
// `dump --format json --provenance` and the facility index, written through dbStatic's
// JsonValueWriter (the dump's own writer, the tools' PrettyJson, a CompactJson).
#pragma once

#include <epicsdb/dbStatic/Writers.hpp>
#include <epicsdb/export.h>
#include <epicsdb/loaders/Provenance.hpp>

#include <span>

namespace epicsdb::loaders {

// {"file", "line", "column"}, or null when the file is not known.
EPICSDB_API void writeLocationJson(dbstatic::JsonValueWriter& json, const SourceLocation& where);

// [ {"keyword", "location", "text", "written", "value", "macros": [...], "chain": [...]}, ... ]
// with each macro {"name", "value", "written", "origin", "location", "row" (pattern rows),
// "detail", "inner": [...]} and each chain step, innermost first, {"relation", "location",
// "text", "command", "macros": [...]} (the references of a script line).
EPICSDB_API void writeStatementsJson(dbstatic::JsonValueWriter& json,
                                     std::span<const Statement> statements);

// The members of a record's provenance, inside an object the caller opened: "definitions",
// "aliases", "infos" (statements) and "fields": {"NAME": {"value", "statements"}, ...} for
// each field set, in field order.
EPICSDB_API void writeRecordProvenanceMembers(dbstatic::JsonValueWriter& json,
                                              const RecordProvenance& record,
                                              std::span<const FieldProvenance> fields);

// The members of one field's provenance, inside an object the caller opened: "record", "field",
// "value", "set", "statements", "definedAt" (the .dbd line of a default, or null).
EPICSDB_API void writeFieldProvenanceMembers(dbstatic::JsonValueWriter& json,
                                             const FieldProvenance& field);

// [ macro, ... ] and [ step, ... ], each as in a statement above.
EPICSDB_API void writeMacroUsesJson(dbstatic::JsonValueWriter& json,
                                    std::span<const MacroUse> uses);
EPICSDB_API void writeChainJson(dbstatic::JsonValueWriter& json, std::span<const LoadStep> chain);

} // namespace epicsdb::loaders
