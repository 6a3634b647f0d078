// A file's text with the start of every line, so that a finding's line (and the one before it)
// is found in constant time however many findings a large file has.
#pragma once

#include <fstream>
#include <iterator>
#include <string>
#include <string_view>
#include <sys/stat.h>
#include <vector>

namespace epicsdb::lint {

class LinedText {
public:
    explicit LinedText(std::string text) : text_(std::move(text)) {
        starts_.push_back(0);
        for (std::size_t i = 0; i < text_.size(); ++i)
            if (text_[i] == '\n') starts_.push_back(i + 1);
    }
    // A regular file's text; nothing for anything else: a FIFO's text went to the load that
    // read it, and opening it again would wait for a writer that never comes.
    static LinedText ofFile(const std::string& path) {
        struct stat info {};
        if (::stat(path.c_str(), &info) != 0 || !S_ISREG(info.st_mode)) return LinedText({});
        std::ifstream in(path, std::ios::binary);
        return LinedText(
            std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()));
    }
    // Line `number` (1-based) without its newline; empty past the end.
    [[nodiscard]] std::string_view line(unsigned number) const {
        if (number == 0 || number > starts_.size()) return {};
        const std::size_t start = starts_[number - 1];
        if (start > text_.size()) return {};
        std::size_t end = number < starts_.size() ? starts_[number] - 1 : text_.size();
        return std::string_view(text_).substr(start, end - start);
    }
    [[nodiscard]] unsigned lines() const noexcept { return static_cast<unsigned>(starts_.size()); }
    [[nodiscard]] const std::string& text() const noexcept { return text_; }

private:
    std::string text_;
    std::vector<std::size_t> starts_;
};

} // namespace epicsdb::lint
