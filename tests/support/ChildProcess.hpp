// Runs a function in a forked child and returns what it printed on stdout: for the EPICS C APIs,
// whose process-wide state (the dbmf pool, pdbbase) must start fresh in each scenario.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

namespace epicsdb::test {

struct ChildResult {
    std::string out;
    int exitCode = -1;
};

inline ChildResult runInChild(const std::function<int()>& body) {
    int fds[2];
    if (pipe(fds) != 0) return {};
    std::fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
        close(fds[0]);
        dup2(fds[1], STDOUT_FILENO);
        close(fds[1]);
        int code = body();
        std::fflush(stdout);
        _exit(code);
    }
    close(fds[1]);
    ChildResult result;
    char buffer[4096];
    ssize_t n;
    while ((n = read(fds[0], buffer, sizeof buffer)) > 0)
        result.out.append(buffer, static_cast<std::size_t>(n));
    close(fds[0]);
    int status = 0;
    waitpid(pid, &status, 0);
    result.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return result;
}

} // namespace epicsdb::test
