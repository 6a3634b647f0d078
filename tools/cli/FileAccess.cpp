#include "FileAccess.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>

namespace epicsdb::cli {

std::string unreadableReason(const std::string& path) {
    struct stat info {};
    if (::stat(path.c_str(), &info) != 0) return std::strerror(errno);
    // fopen opens a directory, and reading it fails later; say so now.
    if (S_ISDIR(info.st_mode)) return std::strerror(EISDIR);
    // Opening a FIFO would take its writer's one stream away from the real read (and block
    // until there is a writer): only ask.
    if (!S_ISREG(info.st_mode))
        return ::access(path.c_str(), R_OK) == 0 ? std::string() : std::strerror(errno);
    std::FILE* file = std::fopen(path.c_str(), "rb");
    if (!file) return std::strerror(errno);
    std::fclose(file);
    return {};
}

std::optional<std::string> readFile(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return std::nullopt;
    std::ostringstream text;
    text << in.rdbuf();
    if (in.bad()) return std::nullopt;
    return std::move(text).str();
}

namespace {
bool writeAll(int fd, std::string_view text) {
    while (!text.empty()) {
        const ssize_t wrote = ::write(fd, text.data(), text.size());
        if (wrote < 0) {
            if (errno == EINTR) continue;
            return false;
        }
        text.remove_prefix(static_cast<std::size_t>(wrote));
    }
    return true;
}
} // namespace

std::string replaceFile(const std::string& path, std::string_view text) {
    std::error_code error;
    const std::filesystem::path target = std::filesystem::canonical(path, error);
    if (error) return error.message();
    struct stat original {};
    if (::stat(target.c_str(), &original) != 0) return std::strerror(errno);
    std::string temp = target.string() + ".fmt-XXXXXX";
    const int fd = ::mkstemp(temp.data());
    if (fd < 0) return std::strerror(errno);
    std::string reason;
    if (!writeAll(fd, text) || ::fchmod(fd, original.st_mode & 07777) != 0)
        reason = std::strerror(errno);
    if (::close(fd) != 0 && reason.empty()) reason = std::strerror(errno);
    if (reason.empty() && ::rename(temp.c_str(), target.c_str()) != 0)
        reason = std::strerror(errno);
    if (!reason.empty()) ::unlink(temp.c_str());
    return reason;
}

std::string cantRead(const std::string& path, const std::string& reason) {
    return "can't read '" + path + "': " + reason;
}

} // namespace epicsdb::cli
