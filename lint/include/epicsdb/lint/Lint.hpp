// The database rules of `epicsdb lint`, run over one or more loaded IOCs (or sets of files):
// links (targets, fields, modifiers, hardware addresses against DTYP), values (SCAN, LINR,
// PINI loops) and, over several IOCs, records that two of them define. Findings are
// diagnostics with a rule code (Rules.hpp), at the record's definition.
#pragma once

#include <epicsdb/Diagnostic.hpp>
#include <epicsdb/dbStatic/Database.hpp>
#include <epicsdb/export.h>
#include <epicsdb/lint/LintTarget.hpp>

#include <span>
#include <string>
#include <vector>

namespace epicsdb::lint {

// Every finding of the database rules, IOC by IOC in record order. A link resolves in its own
// IOC first, then (as a CA link would, at run time) in the others.
EPICSDB_API void lintDatabases(std::span<const LintTarget> iocs, const LintOptions& options,
                               DiagnosticSink& findings);

// `#: external("name")` and `#: external("name.FIELD")` pragmas (pyPDB's dbdlint) in `text`,
// appended to `out`.
EPICSDB_API void readExternalPragmas(std::string_view text, std::vector<std::string>& out);

} // namespace epicsdb::lint
