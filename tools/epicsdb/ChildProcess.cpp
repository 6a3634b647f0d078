#include "ChildProcess.hpp"

#include "TempDir.hpp"

#include <cerrno>
#include <cstdlib>
#include <fcntl.h>
#include <fstream>
#include <iterator>
#include <spawn.h>
#include <string_view>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace epicsdb::tools {

namespace {
std::string readAll(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// posix_spawn file actions, released however the spawn goes.
class FileActions {
public:
    FileActions() { ::posix_spawn_file_actions_init(&actions_); }
    ~FileActions() { ::posix_spawn_file_actions_destroy(&actions_); }
    FileActions(const FileActions&) = delete;
    FileActions& operator=(const FileActions&) = delete;
    void open(int fd, const std::string& path, int flags) {
        ::posix_spawn_file_actions_addopen(&actions_, fd, path.c_str(), flags, 0600);
    }
    [[nodiscard]] const posix_spawn_file_actions_t* get() const noexcept { return &actions_; }

private:
    posix_spawn_file_actions_t actions_{};
};
} // namespace

ChildResult runChild(const std::vector<std::string>& argv, const ChildSetup& setup) {
    const TempDir capture;
    const std::string outPath =
        setup.output.empty() ? (capture.path() / "out").string() : setup.output.string();
    const std::string errPath = (capture.path() / "err").string();
    FileActions actions;
    actions.open(STDIN_FILENO, setup.input.empty() ? "/dev/null" : setup.input.string(), O_RDONLY);
    actions.open(STDOUT_FILENO, outPath, O_WRONLY | O_CREAT | O_TRUNC);
    actions.open(STDERR_FILENO, errPath, O_WRONLY | O_CREAT | O_TRUNC);
    std::vector<char*> args;
    for (const std::string& arg : argv)
        args.push_back(const_cast<char*>(arg.c_str()));
    args.push_back(nullptr);

    // This process's environment, less the names the setup gives, then the setup's.
    std::vector<char*> env;
    for (char** entry = environ; *entry; ++entry) {
        const std::string_view setting = *entry;
        const std::string_view name = setting.substr(0, setting.find('='));
        bool replaced = false;
        for (const std::string& extra : setup.environment)
            replaced = replaced || std::string_view(extra).substr(0, extra.find('=')) == name;
        if (!replaced) env.push_back(*entry);
    }
    for (const std::string& extra : setup.environment)
        env.push_back(const_cast<char*>(extra.c_str()));
    env.push_back(nullptr);

    ChildResult result;
    pid_t pid = 0;
    if (::posix_spawnp(&pid, args[0], actions.get(), nullptr, args.data(), env.data()) != 0) {
        result.err = "can't run " + argv[0];
        return result;
    }
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    result.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    if (setup.output.empty()) result.out = readAll(outPath);
    result.err = readAll(errPath);
    return result;
}

std::optional<std::filesystem::path> findOnPath(const std::string& name) {
    const char* path = std::getenv("PATH");
    if (!path) return std::nullopt;
    const std::string dirs = path;
    std::size_t start = 0;
    while (start <= dirs.size()) {
        std::size_t end = dirs.find(':', start);
        if (end == std::string::npos) end = dirs.size();
        const std::string dir = dirs.substr(start, end - start);
        const std::filesystem::path candidate =
            std::filesystem::path(dir.empty() ? "." : dir) / name;
        std::error_code error;
        if (std::filesystem::is_regular_file(candidate, error) &&
            ::access(candidate.c_str(), X_OK) == 0)
            return candidate;
        start = end + 1;
    }
    return std::nullopt;
}

} // namespace epicsdb::tools
