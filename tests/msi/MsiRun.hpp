// Runs the msi program in-process (runMsiProgram) and collects what it wrote.
#pragma once

#include "ScratchDir.hpp"

#include "MsiProgram.hpp"

#include <string>
#include <vector>

namespace epicsdb::test {

struct MsiRun {
    int status = -1;
    std::string out;
    std::string err;
};

inline MsiRun runMsi(const std::vector<std::string>& args, const std::string& standardInput = {},
                     const std::string& usageName = "msi") {
    loaders::StringTextSink out;
    loaders::StringTextSink err;
    tools::MsiProgramStreams streams{out, err, [standardInput] { return standardInput; },
                                     usageName};
    MsiRun run;
    run.status = tools::runMsiProgram(args, streams);
    run.out = out.text();
    run.err = err.text();
    return run;
}

// msi's usage text, as it prints it on standard error.
inline std::string msiUsage(const std::string& name = "msi") {
    return "Usage: " + name +
           " [options] [template]\n"
           "  stdin is used if neither template nor substitution file is given\n"
           "  options:\n"
           "    -h        Print this help message\n"
           "    -D        Output file dependencies, not substitutions\n"
           "    -V        Undefined macros generate an error\n"
           "    -g        All macros have global scope\n"
           "    -o<FILE>  Send output to <FILE>\n"
           "    -I<DIR>   Add <DIR> to include file search path\n"
           "    -M<SUBST> Add <SUBST> to (global) macro definitions\n"
           "              (<SUBST> takes the form VAR=VALUE,...)\n"
           "    -S<FILE>  Expand the substitutions in FILE\n";
}

// EPICS 7.0.8's red ERROR mark (errlog's ERL_ERROR) in front of "msi: Can't open file".
inline const std::string kErrorMark = "\033[31;1mERROR\033[0m";

} // namespace epicsdb::test
