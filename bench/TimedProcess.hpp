// A whole process timed from start to exit, as a user waits for it: wall time, the CPU time of
// all its threads (user and system), its peak resident memory, and its standard error.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace epicsdb::bench {

struct ProcessTiming {
    int status = -1;         // exit status; -1 when it could not run or was killed
    double wall = 0;         // seconds, spawn to exit
    double cpu = 0;          // seconds, user + system of the process and its threads
    std::size_t peakRss = 0; // bytes: its VmHWM as it exits (ru_maxrss without ptrace)
    std::string err;         // its standard error (its standard output is discarded)
};

// Runs argv[0] (a path, not looked up on PATH) with the arguments and waits for it. Throws
// std::runtime_error when it cannot be started.
ProcessTiming runTimed(const std::vector<std::string>& argv);

} // namespace epicsdb::bench
