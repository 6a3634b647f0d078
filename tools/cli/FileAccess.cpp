#include "FileAccess.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
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

std::string cantRead(const std::string& path, const std::string& reason) {
    return "can't read '" + path + "': " + reason;
}

} // namespace epicsdb::cli
