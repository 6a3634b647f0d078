// msi: macro substitution and include, exactly as EPICS Base's msi (same options, output,
// messages and exit statuses). The command line is MsiProgram's, the expansion the
// library's; this only connects the process's streams.
#include "MsiProgram.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <exception>
#include <new>
#include <string>
#include <vector>

int main(int argc, char** argv) {
    // Large output blocks; stderr stays unbuffered, as in C.
    static char outputBuffer[1 << 16];
    std::setvbuf(stdout, outputBuffer, _IOFBF, sizeof outputBuffer);
    try {
        const std::vector<std::string> args(argv + 1, argv + argc);
        epicsdb::loaders::FileTextSink out(stdout);
        epicsdb::loaders::FileTextSink err(stderr);
        epicsdb::tools::MsiProgramStreams streams{out, err, {}, "msi"};
        const int status = epicsdb::tools::runMsiProgram(args, streams);
        errno = 0;
        if (std::fflush(stdout) != 0 || std::ferror(stdout) || out.writeError()) {
            const int error = out.writeError() ? out.writeError() : errno ? errno : EIO;
            std::fprintf(stderr, "msi: Can't write standard output: %s\n", std::strerror(error));
            return 1;
        }
        return status;
    } catch (const std::bad_alloc&) {
        std::fflush(stdout);
        std::fprintf(stderr, "msi: out of memory\n");
        return 1;
    } catch (const std::exception& error) {
        std::fflush(stdout);
        std::fprintf(stderr, "msi: %s\n", error.what());
        return 1;
    }
}
