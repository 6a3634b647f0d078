// Runs a built program with arguments (no shell) and returns its exit status and what it wrote
// on stdout and stderr: for tests of the command-line tools.
#pragma once

#include "ReadFile.hpp"
#include "ScratchDir.hpp"

#include <csignal>
#include <cstdio>
#include <fcntl.h>
#include <filesystem>
#include <string>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include <utility>
#include <vector>

namespace epicsdb::test {

struct ProgramResult {
    int status = -1; // exit status, or -1 when the program did not exit normally
    std::string out;
    std::string err;
};

// What the program starts with besides its arguments.
struct ProgramSetup {
    std::filesystem::path workingDirectory{}; // empty: the test's own
    std::string standardInput{};
    std::vector<std::pair<std::string, std::string>> environment{}; // set in addition
    // Run as this user and group (when the test runs as root): for permission tests, which
    // root would pass whatever the file's mode. 0: as the test.
    uid_t user = 0;
    gid_t group = 0;
    // A limit on the size of the files it writes (RLIMIT_FSIZE, with SIGXFSZ ignored, so a write
    // past it fails with EFBIG): a full disk, for tests. 0: none.
    rlim_t fileSizeLimit = 0;
    // A limit on the processes (and threads) of its user (RLIMIT_NPROC): 1 refuses it every
    // thread; root ignores it, so give a user too. 0: none.
    rlim_t processLimit = 0;
    // Killed (SIGALRM: status -1) after this many seconds, for tests of what could hang. 0: never.
    unsigned timeoutSeconds = 0;
};

inline ProgramResult runProgram(const std::string& program, const std::vector<std::string>& args,
                                const ProgramSetup& setup = {}) {
    // Standard input and the two outputs go through files, so no pipe can fill up.
    const ScratchDir capture;
    const std::string inPath = capture.write("in", setup.standardInput);
    const std::string outPath = capture.path("out");
    const std::string errPath = capture.path("err");
    std::fflush(stdout);
    const pid_t pid = ::fork();
    if (pid == 0) {
        const int in = ::open(inPath.c_str(), O_RDONLY);
        const int out = ::open(outPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
        const int err = ::open(errPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
        if (in < 0 || out < 0 || err < 0 || ::dup2(in, STDIN_FILENO) < 0 ||
            ::dup2(out, STDOUT_FILENO) < 0 || ::dup2(err, STDERR_FILENO) < 0)
            ::_exit(127);
        if (!setup.workingDirectory.empty() && ::chdir(setup.workingDirectory.c_str()) != 0)
            ::_exit(127);
        for (const auto& [name, value] : setup.environment)
            ::setenv(name.c_str(), value.c_str(), 1);
        if (setup.processLimit != 0) {
            const rlimit limit{setup.processLimit, setup.processLimit};
            if (::setrlimit(RLIMIT_NPROC, &limit) != 0) ::_exit(127);
        }
        if (setup.user != 0 && (::setgid(setup.group) != 0 || ::setuid(setup.user) != 0))
            ::_exit(127);
        if (setup.fileSizeLimit != 0) {
            ::signal(SIGXFSZ, SIG_IGN);
            const rlimit limit{setup.fileSizeLimit, setup.fileSizeLimit};
            if (::setrlimit(RLIMIT_FSIZE, &limit) != 0) ::_exit(127);
        }
        if (setup.timeoutSeconds != 0) ::alarm(setup.timeoutSeconds); // survives exec
        std::vector<char*> argv;
        argv.push_back(const_cast<char*>(program.c_str()));
        for (const std::string& arg : args)
            argv.push_back(const_cast<char*>(arg.c_str()));
        argv.push_back(nullptr);
        ::execv(program.c_str(), argv.data());
        ::_exit(127);
    }
    int status = 0;
    ::waitpid(pid, &status, 0);
    ProgramResult result;
    result.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    result.out = readWholeFile(outPath);
    result.err = readWholeFile(errPath);
    return result;
}

} // namespace epicsdb::test
