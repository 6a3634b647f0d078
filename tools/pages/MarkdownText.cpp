#include "MarkdownText.hpp"

#include <md4c.h>

#include <algorithm>
#include <cstdint>
#include <exception>
#include <numeric>
#include <stdexcept>
#include <vector>

namespace epicsdb::pages {

namespace {

// A space inside a code span: shown as a space, but never where a line is broken.
constexpr char kNoBreak = '\x1f';
// Whatever the margin, a wrapped line keeps at least this many columns for its words.
constexpr std::size_t kNarrowest = 20;

// Columns a UTF-8 text takes: one per code point (what terminals show for the pages' text).
std::size_t displayWidth(std::string_view text) {
    return static_cast<std::size_t>(std::count_if(text.begin(), text.end(), [](char c) {
        return (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    }));
}

std::string spaces(std::size_t count) {
    return std::string(count, ' ');
}

void appendUtf8(std::string& out, std::uint32_t code) {
    if (code == 0 || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) code = 0xFFFD;
    if (code < 0x80) {
        out += static_cast<char>(code);
    } else if (code < 0x800) {
        out += static_cast<char>(0xC0 | (code >> 6));
        out += static_cast<char>(0x80 | (code & 0x3F));
    } else if (code < 0x10000) {
        out += static_cast<char>(0xE0 | (code >> 12));
        out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (code & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (code >> 18));
        out += static_cast<char>(0x80 | ((code >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (code & 0x3F));
    }
}

// "&amp;", "&#233;", "&#xE9;" as the character; a name not known here stays as written.
std::string decodedEntity(std::string_view entity) {
    struct Named {
        std::string_view name;
        std::string_view text;
    };
    static constexpr Named kNamed[] = {{"&amp;", "&"},   {"&lt;", "<"},    {"&gt;", ">"},
                                       {"&quot;", "\""}, {"&apos;", "'"},  {"&nbsp;", "\x1f"},
                                       {"&copy;", "©"},  {"&mdash;", "—"}, {"&ndash;", "–"}};
    for (const Named& named : kNamed)
        if (entity == named.name) return std::string(named.text);
    if (entity.size() > 3 && entity.starts_with("&#") && entity.ends_with(';')) {
        const bool hex = entity[2] == 'x' || entity[2] == 'X';
        const std::string digits(entity.substr(hex ? 3 : 2, entity.size() - (hex ? 4 : 3)));
        try {
            std::string out;
            appendUtf8(out, static_cast<std::uint32_t>(std::stoul(digits, nullptr, hex ? 16 : 10)));
            return out;
        } catch (const std::exception&) {
        }
    }
    return std::string(entity);
}

// Runs of white space as one space, none at either end; spaces of code spans kept.
std::string collapsed(std::string_view text) {
    std::string out;
    bool space = false;
    for (char c : text) {
        if (c == ' ' || c == '\t' || c == '\n') {
            space = !out.empty();
            continue;
        }
        if (space) out += ' ';
        space = false;
        out += c;
    }
    return out;
}

std::string shown(std::string text) {
    std::replace(text.begin(), text.end(), kNoBreak, ' ');
    return text;
}

// `text` as lines of at most `width` columns, broken at spaces; a '\n' (a hard break) always
// breaks. A word wider than `width` has a line of its own.
std::vector<std::string> wrapped(std::string_view text, std::size_t width) {
    std::vector<std::string> lines;
    std::size_t start = 0;
    while (start <= text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string_view::npos) end = text.size();
        const std::string words = collapsed(text.substr(start, end - start));
        std::string line;
        std::size_t lineWidth = 0;
        std::size_t at = 0;
        while (at < words.size()) {
            std::size_t next = words.find(' ', at);
            if (next == std::string::npos) next = words.size();
            const std::string_view word = std::string_view(words).substr(at, next - at);
            const std::size_t wordWidth = displayWidth(word);
            if (!line.empty() && lineWidth + 1 + wordWidth > width) {
                lines.push_back(shown(std::move(line)));
                line.clear();
                lineWidth = 0;
            }
            if (!line.empty()) {
                line += ' ';
                ++lineWidth;
            }
            line += word;
            lineWidth += wordWidth;
            at = next + 1;
        }
        if (!line.empty()) lines.push_back(shown(std::move(line)));
        start = end + 1;
    }
    return lines;
}

void trimRight(std::string& line) {
    while (!line.empty() && line.back() == ' ')
        line.pop_back();
}

bool isAbsoluteLink(std::string_view target) {
    return target.find("://") != std::string_view::npos || target.starts_with("mailto:");
}

class Renderer {
public:
    explicit Renderer(const TextLayout& layout) : layout_(layout) {
        margins_.push_back(layout_.indent);
    }

    std::string take() {
        flushInline();
        if (!bullet_.empty()) emitLine("", margins_.back());
        return std::move(out_);
    }

    void enterBlock(MD_BLOCKTYPE type, void* detail) {
        switch (type) {
        case MD_BLOCK_QUOTE:
            flushInline();
            margins_.push_back(margins_.back() + layout_.indent);
            break;
        case MD_BLOCK_UL:
        case MD_BLOCK_OL: {
            flushInline();
            List list;
            if (type == MD_BLOCK_OL) {
                const auto& ordered = *static_cast<const MD_BLOCK_OL_DETAIL*>(detail);
                list.ordered = true;
                list.tight = ordered.is_tight != 0;
                list.next = ordered.start;
                list.delimiter = ordered.mark_delimiter;
            } else {
                list.tight = static_cast<const MD_BLOCK_UL_DETAIL*>(detail)->is_tight != 0;
            }
            lists_.push_back(list);
            break;
        }
        case MD_BLOCK_LI: {
            flushInline();
            List& list = lists_.back();
            if (list.tight && list.items > 0) blankBefore_ = false;
            ++list.items;
            bullet_ = list.ordered ? std::to_string(list.next++) + list.delimiter + " " : "* ";
            bulletMargin_ = margins_.back();
            margins_.push_back(bulletMargin_ + bullet_.size());
            tightItems_.push_back(list.tight);
            break;
        }
        case MD_BLOCK_H:
            flushInline();
            headingLevel_ = static_cast<const MD_BLOCK_H_DETAIL*>(detail)->level;
            break;
        case MD_BLOCK_CODE:
            flushInline();
            inCodeBlock_ = true;
            code_.clear();
            break;
        case MD_BLOCK_HTML:
            flushInline();
            inHtmlBlock_ = true;
            break;
        case MD_BLOCK_TABLE:
            flushInline();
            rows_.clear();
            headerRows_ = 0;
            break;
        case MD_BLOCK_THEAD:
            inTableHead_ = true;
            break;
        case MD_BLOCK_TBODY:
            inTableHead_ = false;
            break;
        case MD_BLOCK_TR:
            rows_.emplace_back();
            headerRows_ += inTableHead_;
            break;
        case MD_BLOCK_TH:
        case MD_BLOCK_TD:
            inline_.clear();
            inTableCell_ = true;
            break;
        case MD_BLOCK_DOC:
        case MD_BLOCK_HR:
        case MD_BLOCK_P:
            flushInline();
            break;
        }
    }

    void leaveBlock(MD_BLOCKTYPE type) {
        switch (type) {
        case MD_BLOCK_QUOTE:
            flushInline();
            margins_.pop_back();
            blankBefore_ = true;
            break;
        case MD_BLOCK_UL:
        case MD_BLOCK_OL:
            flushInline();
            lists_.pop_back();
            blankBefore_ = true;
            break;
        case MD_BLOCK_LI:
            flushInline();
            if (!bullet_.empty()) emitLine("", margins_.back()); // an empty item
            margins_.pop_back();
            tightItems_.pop_back();
            break;
        case MD_BLOCK_H:
            emitHeading();
            break;
        case MD_BLOCK_CODE:
            emitCode();
            inCodeBlock_ = false;
            break;
        case MD_BLOCK_HTML:
            inHtmlBlock_ = false;
            break;
        case MD_BLOCK_TABLE:
            emitTable();
            break;
        case MD_BLOCK_TH:
        case MD_BLOCK_TD:
            rows_.back().push_back(collapsed(inline_));
            inline_.clear();
            inTableCell_ = false;
            break;
        case MD_BLOCK_HR:
            blankBefore_ = true;
            break;
        case MD_BLOCK_DOC:
        case MD_BLOCK_P:
        case MD_BLOCK_THEAD:
        case MD_BLOCK_TBODY:
        case MD_BLOCK_TR:
            flushInline();
            break;
        }
    }

    void enterSpan(MD_SPANTYPE type, void* detail) {
        if (type != MD_SPAN_A) return;
        const MD_ATTRIBUTE& href = static_cast<const MD_SPAN_A_DETAIL*>(detail)->href;
        links_.push_back({std::string(href.text, href.size), inline_.size()});
    }

    void leaveSpan(MD_SPANTYPE type) {
        if (type != MD_SPAN_A) return;
        // A page of the guide or an anchor means nothing in a terminal; a web address does,
        // unless the text already is the address.
        const Link link = std::move(links_.back());
        links_.pop_back();
        std::string_view target = link.target;
        if (!isAbsoluteLink(target)) return;
        const std::string text = shown(collapsed(inline_.substr(link.textStart)));
        if (target.starts_with("mailto:")) target.remove_prefix(7);
        if (text != target) inline_ += " (" + link.target + ")";
    }

    void text(MD_TEXTTYPE type, std::string_view text) {
        if (inHtmlBlock_) return;
        switch (type) {
        case MD_TEXT_CODE:
            if (inCodeBlock_) {
                code_ += text;
                return;
            }
            for (std::size_t i = 0; i < text.size(); ++i) {
                // In a table, "\|" keeps a '|' in a code span from ending the cell (GFM).
                if (inTableCell_ && text.substr(i).starts_with("\\|")) continue;
                inline_ += text[i] == ' ' ? kNoBreak : text[i];
            }
            return;
        case MD_TEXT_BR:
            inline_ += '\n';
            return;
        case MD_TEXT_SOFTBR:
            inline_ += ' ';
            return;
        case MD_TEXT_ENTITY:
            inline_ += decodedEntity(text);
            return;
        case MD_TEXT_NULLCHAR:
            inline_ += "\xEF\xBF\xBD";
            return;
        case MD_TEXT_HTML: // tags say how a browser shows the text; the text is around them
            return;
        case MD_TEXT_NORMAL:
        case MD_TEXT_LATEXMATH:
            if (inCodeBlock_)
                code_ += text;
            else
                inline_ += text;
            return;
        }
    }

private:
    struct List {
        bool ordered = false;
        bool tight = false;
        unsigned next = 1;
        char delimiter = '.';
        unsigned items = 0;
    };
    struct Link {
        std::string target;
        std::size_t textStart; // in inline_
    };

    [[nodiscard]] bool inTightItem() const { return !tightItems_.empty() && tightItems_.back(); }
    [[nodiscard]] std::size_t columnsFrom(std::size_t margin) const {
        return layout_.width > margin + kNarrowest ? layout_.width - margin : kNarrowest;
    }

    // The blank line that parts this block from the last, where one is due.
    void startBlock() {
        if (blankBefore_ && !out_.empty()) out_ += '\n';
        blankBefore_ = false;
    }

    // One line at `margin`; the first of a list item carries the item's mark instead.
    void emitLine(std::string_view text, std::size_t margin) {
        std::string line;
        if (!bullet_.empty()) {
            if (margin != bulletMargin_ + bullet_.size()) {
                // The item starts with a code block or a table: its mark stands alone.
                std::string mark = spaces(bulletMargin_) + bullet_;
                trimRight(mark);
                out_ += mark + '\n';
                line = spaces(margin);
            } else {
                line = spaces(bulletMargin_) + bullet_;
            }
            bullet_.clear();
        } else {
            line = spaces(margin);
        }
        line += text;
        trimRight(line);
        out_ += line + '\n';
    }

    // The text gathered since the last block began, as a paragraph.
    void flushInline() {
        if (collapsed(inline_).empty()) {
            inline_.clear();
            return;
        }
        const std::size_t margin = margins_.back();
        startBlock();
        for (const std::string& line : wrapped(inline_, columnsFrom(margin)))
            emitLine(line, margin);
        inline_.clear();
        blankBefore_ = !inTightItem();
    }

    void emitHeading() {
        std::string text = shown(collapsed(inline_));
        inline_.clear();
        if (!out_.empty()) out_ += '\n';
        std::size_t margin = 0;
        if (headingLevel_ == 2) {
            std::transform(text.begin(), text.end(), text.begin(), [](char c) {
                return c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c;
            });
        } else if (headingLevel_ > 2) {
            margin = layout_.indent / 2;
        }
        out_ += spaces(margin) + text + '\n';
        // A section's text follows its heading directly; the title stands apart.
        blankBefore_ = headingLevel_ == 1;
    }

    void emitCode() {
        startBlock();
        const std::size_t margin = margins_.back() + layout_.indent;
        std::string_view code = code_;
        if (code.ends_with('\n')) code.remove_suffix(1);
        std::size_t start = 0;
        while (start <= code.size()) {
            std::size_t end = code.find('\n', start);
            if (end == std::string_view::npos) end = code.size();
            const std::string_view line = code.substr(start, end - start);
            if (line.empty())
                out_ += '\n';
            else
                emitLine(line, margin);
            start = end + 1;
        }
        blankBefore_ = true;
    }

    // Columns aligned, the last one wrapped when the table is wider than the page; when even
    // that leaves too little room, each row's first cell on a line of its own and the others
    // below it, indented.
    void emitTable() {
        const std::size_t margin = margins_.back();
        const std::size_t columns = std::accumulate(
            rows_.begin(), rows_.end(), std::size_t{0},
            [](std::size_t most, const auto& row) { return std::max(most, row.size()); });
        if (columns == 0) return;
        for (auto& row : rows_)
            row.resize(columns);
        std::vector<std::size_t> widths(columns, 0);
        for (const auto& row : rows_)
            for (std::size_t i = 0; i < columns; ++i)
                widths[i] = std::max(widths[i], displayWidth(row[i]));
        constexpr std::size_t gap = 2;
        const std::size_t available = columnsFrom(margin);
        std::size_t before = 0; // the columns before the last, with their gaps
        for (std::size_t i = 0; i + 1 < columns; ++i)
            before += widths[i] + gap;
        startBlock();
        auto lead = [&](const std::vector<std::string>& row) {
            std::string text;
            for (std::size_t i = 0; i + 1 < columns; ++i)
                text += shown(row[i]) + spaces(widths[i] - displayWidth(row[i]) + gap);
            return text;
        };
        // The line under the header, `last` wide under the last column.
        auto rule = [&](std::size_t last) {
            std::string text;
            for (std::size_t i = 0; i + 1 < columns; ++i)
                text += std::string(widths[i], '-') + spaces(gap);
            return text + std::string(last, '-');
        };
        if (before + widths.back() <= available ||
            (columns > 1 && before + kNarrowest <= available)) {
            const std::size_t last = std::min(widths.back(), available - before);
            for (std::size_t r = 0; r < rows_.size(); ++r) {
                const std::vector<std::string> lines = wrapped(rows_[r].back(), last);
                emitLine(lead(rows_[r]) + (lines.empty() ? "" : lines.front()), margin);
                for (std::size_t i = 1; i < lines.size(); ++i)
                    emitLine(lines[i], margin + before);
                if (r + 1 == headerRows_) emitLine(rule(last), margin);
            }
        } else { // the header's cells would stand alone: it is left out
            for (std::size_t r = headerRows_; r < rows_.size(); ++r) {
                for (const std::string& line : wrapped(rows_[r][0], available))
                    emitLine(line, margin);
                for (std::size_t i = 1; i < columns; ++i)
                    for (const std::string& line :
                         wrapped(rows_[r][i], columnsFrom(margin + layout_.indent)))
                        emitLine(line, margin + layout_.indent);
            }
        }
        rows_.clear();
        blankBefore_ = true;
    }

    TextLayout layout_;
    std::string out_;
    std::string inline_; // the text of the paragraph, heading or cell being read
    std::string code_;   // the text of the code block being read
    std::vector<std::size_t> margins_;
    std::vector<List> lists_;
    std::vector<bool> tightItems_; // per open list item: whether its list is tight
    std::vector<Link> links_;
    std::vector<std::vector<std::string>> rows_;
    std::size_t headerRows_ = 0;
    std::string bullet_; // the mark of a list item whose first line is still to come
    std::size_t bulletMargin_ = 0;
    bool blankBefore_ = false;
    bool inCodeBlock_ = false;
    bool inHtmlBlock_ = false;
    bool inTableHead_ = false;
    bool inTableCell_ = false;
    unsigned headingLevel_ = 1;
};

// md4c calls back from C: an exception (no memory) is kept, parsing stopped with a non-zero
// return, and the exception thrown again once md_parse has returned.
struct Parse {
    Renderer renderer;
    std::exception_ptr failure;

    template <class Step>
    int step(Step&& what) noexcept {
        try {
            what(renderer);
            return 0;
        } catch (...) {
            failure = std::current_exception();
            return 1;
        }
    }
};

Parse& parseOf(void* userdata) {
    return *static_cast<Parse*>(userdata);
}

} // namespace

std::string markdownToText(std::string_view markdown, const TextLayout& layout) {
    Parse parse{Renderer(layout), nullptr};
    MD_PARSER parser{};
    parser.flags = MD_DIALECT_GITHUB;
    parser.enter_block = [](MD_BLOCKTYPE type, void* detail, void* userdata) {
        return parseOf(userdata).step([&](Renderer& r) { r.enterBlock(type, detail); });
    };
    parser.leave_block = [](MD_BLOCKTYPE type, void*, void* userdata) {
        return parseOf(userdata).step([&](Renderer& r) { r.leaveBlock(type); });
    };
    parser.enter_span = [](MD_SPANTYPE type, void* detail, void* userdata) {
        return parseOf(userdata).step([&](Renderer& r) { r.enterSpan(type, detail); });
    };
    parser.leave_span = [](MD_SPANTYPE type, void*, void* userdata) {
        return parseOf(userdata).step([&](Renderer& r) { r.leaveSpan(type); });
    };
    parser.text = [](MD_TEXTTYPE type, const MD_CHAR* text, MD_SIZE size, void* userdata) {
        return parseOf(userdata).step(
            [&](Renderer& r) { r.text(type, std::string_view(text, size)); });
    };
    const int status =
        md_parse(markdown.data(), static_cast<MD_SIZE>(markdown.size()), &parser, &parse);
    if (parse.failure) std::rethrow_exception(parse.failure);
    if (status != 0) throw std::runtime_error("the Markdown parser failed (out of memory)");
    return parse.renderer.take();
}

} // namespace epicsdb::pages
