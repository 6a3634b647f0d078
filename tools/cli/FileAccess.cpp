#include "FileAccess.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <sys/stat.h>

namespace epicsdb::cli {

std::string unreadableReason(const std::string& path) {
    struct stat info {};
    if (::stat(path.c_str(), &info) != 0) return std::strerror(errno);
    // fopen opens a directory, and reading it fails later; say so now.
    if (S_ISDIR(info.st_mode)) return std::strerror(EISDIR);
    std::FILE* file = std::fopen(path.c_str(), "rb");
    if (!file) return std::strerror(errno);
    std::fclose(file);
    return {};
}

std::string cantRead(const std::string& path, const std::string& reason) {
    return "can't read '" + path + "': " + reason;
}

} // namespace epicsdb::cli
