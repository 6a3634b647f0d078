// An open C stream that closes itself: the readers use C streams for their speed and their
// plain open rules (fopen: a directory opens and reads as empty, as msi expects).
#pragma once

#include <cstdio>
#include <memory>
#include <string>

namespace epicsdb::loaders {

struct FileCloser {
    void operator()(std::FILE* file) const noexcept { std::fclose(file); }
};
using FileHandle = std::unique_ptr<std::FILE, FileCloser>;

// Null (with errno set) when the file cannot be opened.
inline FileHandle openFile(const std::string& path, const char* mode) {
    return FileHandle(std::fopen(path.c_str(), mode));
}

} // namespace epicsdb::loaders
