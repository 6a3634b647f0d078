// What check and dump share: loading the definitions and databases their options name, in the
// order given, with the diagnostics printed as they come.
#pragma once

#include "DiagnosticPrinter.hpp"
#include "InputOptions.hpp"

#include <epicsdb/dbStatic/Database.hpp>

#include <chrono>
#include <string>
#include <vector>

namespace epicsdb::tools {

struct LoadSummary {
    std::size_t files = 0;
    std::size_t errors = 0;
    std::size_t warnings = 0;
    bool unreadable = false; // a file could not be opened: exit status 2
    std::chrono::duration<double> elapsed{};
};

// Loads everything the options name into `db`: the embedded standard definitions unless a .dbd
// is given (--dbd or a positional .dbd), then the --dbd files, each positional file in order
// (.dbd as definitions, substitution files with dbLoadTemplate semantics, anything else as
// records with -m macros) and the -S files.
LoadSummary loadInputs(const cli::InputOptions& inputs, dbstatic::Database& db,
                       cli::DiagnosticPrinter& printer);

// --stats: records, time, speed, system allocations and peak memory, on stderr.
void printStats(const dbstatic::Database& db, const LoadSummary& summary);

} // namespace epicsdb::tools
