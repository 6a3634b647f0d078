// A DatabaseDiff written for people (text grouped by record, in the spirit of diff -u) or for
// programs (one JSON document). Both are stable: records by name, fields in definition order.
#pragma once

#include <epicsdb/diff/DatabaseDiff.hpp>
#include <epicsdb/export.h>

#include <iosfwd>
#include <string>

namespace epicsdb::diff {

// What the two sides are called in the output ("a.db", "HEAD:a.db").
struct DiffLabels {
    std::string before = "a";
    std::string after = "b";
};

// --- a: <before>
// +++ b: <after>
// ~ record(ai, "X:TEMP")  a.db:12  b.db:14      a changed record (type "ai -> ao" if retyped)
//     EGU: "degC" -> "K"                          a field; (default) marks a default value
//     info(autosave): "VAL" -> (none)
//     alias "X:T" added
// + record(calc, "X:NEW")  b.db:40              added, with the fields it sets
// - record(bo, "X:OLD")  a.db:30                removed
// Nothing but the two header lines when the databases are the same.
EPICSDB_API void writeText(const DatabaseDiff& diff, const DiffLabels& labels, std::ostream& out);

// {"before": "...", "after": "...", "same": false,
//  "counts": {"added": 1, "removed": 1, "retyped": 0, "changed": 1},
//  "records": [{"name": ..., "change": "added|removed|changed|retyped", "type_before": ...,
//               "type_after": ..., "before": {"file", "line"} | null, "after": ... | null,
//               "fields": [{"field", "before": {"value", "default"} | null, "after": ...}],
//               "infos": [{"name", "before": str | null, "after": str | null}],
//               "aliases": [{"name", "change": "added|removed"}]}]}
// Strings are UTF-8 (a byte that is not part of a well-formed sequence becomes U+FFFD).
EPICSDB_API void writeJson(const DatabaseDiff& diff, const DiffLabels& labels, std::ostream& out);

} // namespace epicsdb::diff
