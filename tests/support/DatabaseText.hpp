// A database and its diagnostics as text, for tests that compare two ways of loading: the
// records as `epicsdb dump --level 1` writes them, every diagnostic as `epicsdb check` prints it.
#pragma once

#include <epicsdb/Diagnostic.hpp>
#include <epicsdb/dbStatic/Database.hpp>
#include <epicsdb/dbStatic/Writers.hpp>
#include <epicsdb/loaders/DiagnosticText.hpp>

#include <sstream>
#include <string>

namespace epicsdb::test {

inline std::string dumpText(const dbstatic::Database& db) {
    std::ostringstream dump;
    dbstatic::RecordWriteOptions options;
    options.level = 1;
    dbstatic::writeRecords(db, dump, options);
    return dump.str();
}

inline std::string diagnosticsText(const DiagnosticList& list) {
    std::string text;
    for (const Diagnostic& d : list.items)
        text += loaders::diagnosticText(d, false);
    return text;
}

} // namespace epicsdb::test
