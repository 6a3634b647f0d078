// Reading a whole file into memory for the substitution readers and msi: the file is opened as
// given (fopen "r" semantics; a directory is refused, see FileHandle.hpp).
#pragma once

#include "FileHandle.hpp"

#include <cerrno>
#include <cstring>
#include <string>

namespace epicsdb::loaders {

// False (with the system's reason in `error`) when the file cannot be opened.
inline bool readTextFile(const std::string& path, std::string& text, std::string& error) {
    const FileHandle file = openFile(path, "r");
    if (!file) {
        error = std::strerror(errno);
        return false;
    }
    text.clear();
    char block[65536];
    std::size_t n;
    while ((n = std::fread(block, 1, sizeof block, file.get())) > 0)
        text.append(block, n);
    if (std::ferror(file.get())) {
        error = std::strerror(errno);
        return false;
    }
    return true;
}

} // namespace epicsdb::loaders
