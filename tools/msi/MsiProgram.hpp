// The msi program: `msi [-V] [-g] [-D] [-o FILE] [-I DIR] [-M SUBST] [-S SUBFILE] [template]`
// with msi's exact option rules (its own parser: they are not epicsdb's), usage text, messages,
// -o file handling and exit statuses, over the library's MsiExpander. Shared by the `msi`
// program and `epicsdb expand`.
#pragma once

#include <epicsdb/loaders/MsiExpander.hpp>

#include <functional>
#include <string>
#include <vector>

namespace epicsdb::tools {

struct MsiProgramStreams {
    loaders::TextSink& out; // standard output
    loaders::TextSink& err; // standard error
    std::function<std::string()> readStandardInput;
    std::string usageName = "msi"; // how the usage text names the program ("epicsdb expand")
};

// `args` excludes the program name; returns msi's exit status.
int runMsiProgram(const std::vector<std::string>& args, MsiProgramStreams& streams);

} // namespace epicsdb::tools
