// Where a command writes its result: a file given with -o, or standard output.
#pragma once

#include <fstream>
#include <iostream>
#include <string>

namespace epicsdb::tools {

class OutputFile {
public:
    // Opens `path` for writing, or uses stdout when it is empty. ok() says whether it worked.
    explicit OutputFile(const std::string& path) {
        if (!path.empty()) {
            file_.open(path, std::ios::binary | std::ios::trunc);
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
