// epicsdb expand: msi's job under the epicsdb roof, with exactly msi's options, output,
// messages and exit statuses (0 success, 1 usage, file or syntax errors, 2 undefined macros
// with -V), so a build can call either. The program is msi's own (MsiProgram.hpp).
#include "Commands.hpp"

#include "MsiProgram.hpp"

#include <cstdio>

namespace epicsdb::tools {

ExitStatus runExpand(const Arguments& args) {
    // msi's help is -h; accept the epicsdb spelling as the first argument too.
    Arguments msiArgs = args;
    if (!msiArgs.empty() && msiArgs.front() == "--help") msiArgs.front() = "-h";
    loaders::FileTextSink out(stdout);
    loaders::FileTextSink err(stderr);
    MsiProgramStreams streams{out, err, {}, "epicsdb expand"};
    const int status = runMsiProgram(msiArgs, streams);
    std::fflush(stdout);
    // msi's statuses as they are (their meanings are msi's: see ExitStatus.hpp).
    return static_cast<ExitStatus>(status);
}

} // namespace epicsdb::tools
