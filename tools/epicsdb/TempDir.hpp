// A temporary directory (mkdtemp) removed with everything in it when it goes: for what diff
// --git exports and what graph --format svg hands to dot.
#pragma once

#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <string>

namespace epicsdb::tools {

class TempDir {
public:
    TempDir() {
        std::string pattern = (std::filesystem::temp_directory_path() / "epicsdb-XXXXXX").string();
        if (!::mkdtemp(pattern.data()))
            throw std::runtime_error("can't make a temporary directory in " +
                                     std::filesystem::temp_directory_path().string());
        path_ = pattern;
    }
    ~TempDir() {
        std::error_code ignored;
        std::filesystem::remove_all(path_, ignored);
    }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;

    [[nodiscard]] const std::filesystem::path& path() const noexcept { return path_; }

private:
    std::filesystem::path path_;
};

} // namespace epicsdb::tools
