// Lines of formatted output with the blank-line rule both formatters share: at most one blank
// line in a row, none at the start of a block or of the file, LF line ends.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace epicsdb::format {

// A comment on a line of its own, or a blank line, before the next thing written: what both
// formatters keep in front of a statement.
struct LeadLine {
    bool blankBefore = false;
    std::string comment;
};
using Lead = std::vector<LeadLine>;

class LayoutWriter {
public:
    void line(std::string_view indent, std::string_view text) {
        text_.append(indent).append(text).push_back('\n');
        blankAllowed_ = true;
        lastBlank_ = false;
    }
    void blankLine() {
        if (!blankAllowed_ || lastBlank_) return;
        text_.push_back('\n');
        lastBlank_ = true;
    }
    // After a line that opens a block: no blank line may follow it directly.
    void openBlock() { blankAllowed_ = false; }
    // The text, CRLF pairs (kept inside verbatim parts) turned to LF.
    [[nodiscard]] std::string finish() {
        std::string out;
        out.reserve(text_.size());
        for (std::size_t i = 0; i < text_.size(); ++i)
            if (!(text_[i] == '\r' && i + 1 < text_.size() && text_[i + 1] == '\n'))
                out.push_back(text_[i]);
        return out;
    }

private:
    std::string text_;
    bool blankAllowed_ = false;
    bool lastBlank_ = false;
};

} // namespace epicsdb::format
