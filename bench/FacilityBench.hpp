// The facility section of the benchmark (issue 28, section 5): a generated facility
// (FacilityWorkload.hpp) indexed by the built `epicsdb index`, timed as whole processes, start
// to exit: a cold index, an index with nothing changed, an index after one IOC's template
// changed; and the index file's size per record.
#pragma once

#include "FacilityWorkload.hpp"

#include <filesystem>
#include <string>

namespace epicsdb::bench {

struct FacilityBenchOptions {
    FacilityShape shape;
    std::filesystem::path dir; // where the facility and its index are written
    std::string epicsdb;       // the epicsdb program to time
    int repeats = 3;           // runs of each scenario; the best is kept
};

// Prints the figures beside their targets; true when every target is met.
bool runFacilityBench(const FacilityBenchOptions& options);

} // namespace epicsdb::bench
