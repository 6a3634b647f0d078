// IOC startup scripts run offline: `runStartupScript` reads an st.cmd as EPICS's iocsh runs it
// (macro expansion of each line over the environment and the macros of iocshLoad, iocsh's word
// splitting, `<` and iocshLoad includes, cd, epicsEnvSet, on error ...) and carries out the
// commands that build the database (dbLoadDatabase, dbLoadRecords, dbLoadTemplate) through one
// Loader, so every load is a transaction with EPICS's search path at that point. Commands that
// drive hardware or need a running IOC are not run: the report lists them, with their lines.
#pragma once

#include <epicsdb/Diagnostic.hpp>
#include <epicsdb/dbStatic/Database.hpp>
#include <epicsdb/export.h>
#include <epicsdb/ioc/StartupOptions.hpp>
#include <epicsdb/ioc/StartupReport.hpp>

#include <string_view>

namespace epicsdb::ioc {

// Runs `script` as an IOC started in the script's folder does (`cd` there, then `< script`),
// into `database`, reporting diagnostics to `sink` (each one from a load carries the script
// lines that led to it in its context). Commands after iocInit that load are refused, as in
// EPICS.
[[nodiscard]] EPICSDB_API StartupReport runStartupScript(std::string_view script,
                                                         dbstatic::Database& database,
                                                         DiagnosticSink& sink,
                                                         StartupOptions options = {});

// A file the tools run as a startup script when it is named among files to load: one whose
// name ends in ".cmd" or ".iocsh" (others are run only when asked for, --startup).
[[nodiscard]] EPICSDB_API bool isStartupScriptName(std::string_view path) noexcept;

} // namespace epicsdb::ioc
