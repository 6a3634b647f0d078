// Where a command writes its result: a file given with -o (replaced only when complete), or
// standard output.
#pragma once

#include <cstdio>
#include <fstream>
#include <iostream>
#include <optional>
#include <string>

namespace epicsdb::tools {

class OutputFile {
public:
    // Opens `path` for writing, or uses stdout when there is none. ok() says whether it worked.
    explicit OutputFile(const std::optional<std::string>& path) {
        if (path) {
            file_.open(*path, std::ios::binary | std::ios::trunc);
            stream_ = &file_;
        }
    }
    [[nodiscard]] bool ok() const {
        return !file_.is_open() ? stream_ == &std::cout : file_.good();
    }
    [[nodiscard]] std::ostream& stream() { return *stream_; }

private:
    std::ofstream file_;
    std::ostream* stream_ = &std::cout;
};

} // namespace epicsdb::tools
