#include "TimedProcess.hpp"

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <spawn.h>
#include <stdexcept>
#include <sys/ptrace.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace epicsdb::bench {

namespace {

// A temporary file for the child's standard error, unlinked at once and closed on scope exit.
class CaptureFile {
public:
    CaptureFile() {
        char name[] = "/tmp/epicsdb-bench-err-XXXXXX";
        fd_ = ::mkstemp(name);
        if (fd_ < 0) throw std::runtime_error("cannot make a file for the child's output");
        ::unlink(name);
    }
    ~CaptureFile() { ::close(fd_); }
    CaptureFile(const CaptureFile&) = delete;
    CaptureFile& operator=(const CaptureFile&) = delete;
    int fd() const { return fd_; }
    std::string read() const {
        std::string text;
        char buffer[8192];
        for (off_t at = 0;;) {
            const ssize_t n = ::pread(fd_, buffer, sizeof buffer, at);
            if (n <= 0) break;
            text.append(buffer, static_cast<std::size_t>(n));
            at += n;
        }
        return text;
    }

private:
    int fd_ = -1;
};

class SpawnActions {
public:
    SpawnActions() { posix_spawn_file_actions_init(&actions_); }
    ~SpawnActions() { posix_spawn_file_actions_destroy(&actions_); }
    SpawnActions(const SpawnActions&) = delete;
    SpawnActions& operator=(const SpawnActions&) = delete;
    posix_spawn_file_actions_t* get() { return &actions_; }

private:
    posix_spawn_file_actions_t actions_{};
};

// The peak resident memory of a live process (/proc/PID/status VmHWM), in bytes; 0 if unknown.
std::size_t peakResident(pid_t pid) {
    std::ifstream status("/proc/" + std::to_string(pid) + "/status");
    for (std::string line; std::getline(status, line);)
        if (line.rfind("VmHWM:", 0) == 0) return std::stoull(line.substr(6)) * 1024;
    return 0;
}

double seconds(const timeval& t) {
    return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) * 1e-6;
}

} // namespace

ProcessTiming runTimed(const std::vector<std::string>& argv) {
    const CaptureFile err;
    SpawnActions actions;
    posix_spawn_file_actions_addopen(actions.get(), STDIN_FILENO, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(actions.get(), STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_adddup2(actions.get(), err.fd(), STDERR_FILENO);
    std::vector<char*> args;
    for (const std::string& arg : argv)
        args.push_back(const_cast<char*>(arg.c_str()));
    args.push_back(nullptr);

    const auto start = std::chrono::steady_clock::now();
    pid_t pid = 0;
    if (const int error = posix_spawn(&pid, args[0], actions.get(), nullptr, args.data(), environ))
        throw std::runtime_error("cannot run " + argv[0] + ": " + std::strerror(error));
    // The kernel's peak for a child (ru_maxrss) also counts this process's own peak, which the
    // exec replaced; the child's own is its VmHWM, read where ptrace stops it as it exits.
    const bool traced = ::ptrace(PTRACE_SEIZE, pid, nullptr, PTRACE_O_TRACEEXIT) == 0;
    std::size_t peak = 0;
    int status = 0;
    rusage usage{};
    for (;;) {
        if (::wait4(pid, &status, 0, &usage) < 0) {
            if (errno == EINTR) continue;
            throw std::runtime_error("cannot wait for " + argv[0] + ": " + std::strerror(errno));
        }
        if (!WIFSTOPPED(status)) break;
        const int event = status >> 16;
        if (event == PTRACE_EVENT_EXIT) peak = peakResident(pid);
        // A signal is passed on; the stops of ptrace's own events are not signals.
        ::ptrace(PTRACE_CONT, pid, nullptr, event == 0 ? WSTOPSIG(status) : 0);
    }
    ProcessTiming timing;
    timing.wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    timing.cpu = seconds(usage.ru_utime) + seconds(usage.ru_stime);
    timing.peakRss = traced ? peak : static_cast<std::size_t>(usage.ru_maxrss) * 1024;
    timing.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    timing.err = err.read();
    return timing;
}

} // namespace epicsdb::bench
