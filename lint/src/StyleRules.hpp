// The rules about how a file is written (before macro expansion): names and values not quoted,
// field names not in upper case, a field set twice in one body, variable() without a type,
// definitions in a database file, commented-out records, malformed pragmas, $(X} and ${X).
#pragma once

#include <epicsdb/Diagnostic.hpp>
#include <epicsdb/dbStatic/Database.hpp>

#include <string_view>

namespace epicsdb::lint {

// `database` (may be null) names the fields of each record type, for field-case's note.
void checkStyle(std::string_view file, std::string_view text, const dbstatic::Database* database,
                DiagnosticSink& findings);

} // namespace epicsdb::lint
