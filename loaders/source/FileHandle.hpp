// An open C stream that closes itself: the readers use C streams for their speed and their
// plain open rules. One exception: fopen opens a directory, which then reads as empty (EPICS
// and msi load nothing from it and say nothing); here a directory does not open (EISDIR), so
// that the user is told.
#pragma once

#include <cerrno>
#include <cstdio>
#include <memory>
#include <string>
#include <sys/stat.h>

namespace epicsdb::loaders {

struct FileCloser {
    void operator()(std::FILE* file) const noexcept { std::fclose(file); }
};
using FileHandle = std::unique_ptr<std::FILE, FileCloser>;

// Null (with errno set) when the file cannot be opened or is a directory.
inline FileHandle openFile(const std::string& path, const char* mode) {
    FileHandle file(std::fopen(path.c_str(), mode));
    struct stat info {};
    if (file && ::fstat(fileno(file.get()), &info) == 0 && S_ISDIR(info.st_mode)) {
        file.reset();
        errno = EISDIR;
    }
    return file;
}

} // namespace epicsdb::loaders
