// formatSubstitutions: reads a substitution file (file blocks, pattern headers and rows,
// NAME=VALUE sets, global blocks) with its comments and blank lines, then writes it in a layout
// msi and dbLoadTemplate both read as the original: pattern columns aligned, one set per line,
// every comment on a line of its own at column 0 (msi takes `#` after blanks for a word).
#include "LayoutWriter.hpp"
#include "SubstTokenizer.hpp"

#include <epicsdb/format/Formatter.hpp>

#include <algorithm>
#include <optional>

namespace epicsdb::format {

namespace {

struct SubstItem {
    enum class Kind { File, Global, Pattern, Row, Definitions } kind = Kind::Definitions;
    Lead lead; // comments before it, its trailing and inner comments included
    bool blankBefore = false;
    std::vector<std::string> cells; // pattern names, row values, or NAME=VALUE definitions
    std::string fileName;
    std::vector<SubstItem> body; // a file block's items
    Lead endLead;                // comments before a file block's closing brace
};

struct SubstText {
    std::vector<SubstItem> items;
    Lead endLead;
};

std::string describe(const SubstToken& token) {
    if (token.kind == SubstTokenKind::End) return "end of file";
    return "'" + std::string(token.text.substr(0, 40)) + (token.text.size() > 40 ? "...'" : "'");
}

class SubstReader {
public:
    explicit SubstReader(std::string_view text) : tokenizer_(text) {}

    SubstText read() {
        SubstText file;
        readItems(file.items, file.endLead, nullptr);
        return file;
    }

private:
    const SubstToken& peek() {
        if (!ahead_) ahead_ = tokenizer_.next();
        return *ahead_;
    }
    SubstToken takeRaw() {
        peek();
        SubstToken token = *ahead_;
        ahead_.reset();
        return token;
    }
    SubstToken take() {
        for (;;) {
            SubstToken token = takeRaw();
            if (token.kind != SubstTokenKind::Comment) return token;
            inner_.push_back({false, std::string(token.text)});
        }
    }
    void collectLead(Lead& lead) {
        while (peek().kind == SubstTokenKind::Comment) {
            const SubstToken comment = takeRaw();
            lead.push_back({comment.newlinesBefore >= 2, std::string(comment.text)});
        }
    }
    void expectBrace(std::string_view after) {
        const SubstToken token = take();
        if (token.kind != SubstTokenKind::LBrace)
            failAt(token.line, token.column,
                   "expected '{' after " + std::string(after) + ", found " + describe(token));
    }

    // Items up to the end of the text (fileHead null) or of a file block.
    void readItems(std::vector<SubstItem>& items, Lead& endLead, const SubstToken* fileHead) {
        bool pattern = false;
        for (;;) {
            SubstItem item;
            collectLead(item.lead);
            const SubstToken& next = peek();
            if (next.kind == SubstTokenKind::End) {
                if (fileHead)
                    failAt(fileHead->line, fileHead->column,
                           "file block has no closing '}' (found end of file)");
                endLead = std::move(item.lead);
                return;
            }
            if (next.kind == SubstTokenKind::RBrace) {
                if (!fileHead)
                    failAt(next.line, next.column, "unexpected '}' outside a file block");
                endLead = std::move(item.lead);
                take();
                return;
            }
            item.blankBefore = next.newlinesBefore >= 2;
            inner_.clear();
            readItem(item, fileHead, pattern);
            items.push_back(std::move(item));
        }
    }

    // One file block, pattern header, set or global block; `pattern` says whether a pattern
    // header came before in this block (its sets are rows).
    void readItem(SubstItem& item, const SubstToken* fileHead, bool& pattern) {
        const SubstToken first = take();
        if (first.kind == SubstTokenKind::Word && first.text == "file") {
            if (fileHead)
                failAt(first.line, first.column,
                       "expected pattern, global, '{' or '}' in a file block, found 'file'");
            const SubstToken name = take();
            if (name.kind != SubstTokenKind::Word && name.kind != SubstTokenKind::Quoted)
                failAt(name.line, name.column,
                       "expected a template file name, found " + describe(name));
            item.kind = SubstItem::Kind::File;
            item.fileName = name.text;
            expectBrace("the file name");
            moveInnerTo(item);
            takeTrailing(item);
            readItems(item.body, item.endLead, &first);
            return;
        }
        if (first.kind == SubstTokenKind::Word && first.text == "pattern") {
            expectBrace("pattern");
            item.kind = SubstItem::Kind::Pattern;
            item.cells = readValues(first);
            pattern = true;
        } else if (first.kind == SubstTokenKind::Word && first.text == "global") {
            expectBrace("global");
            item.kind = SubstItem::Kind::Global;
            item.cells = readDefinitions(first);
        } else if (first.kind == SubstTokenKind::LBrace) {
            item.kind = pattern ? SubstItem::Kind::Row : SubstItem::Kind::Definitions;
            item.cells = pattern ? readValues(first) : readDefinitions(first);
        } else {
            failAt(first.line, first.column,
                   std::string("expected ") +
                       (fileHead ? "pattern, global, '{' or '}'" : "file, global, pattern or '{'") +
                       ", found " + describe(first));
        }
        moveInnerTo(item);
        takeTrailing(item);
    }

    // Pattern names or row values: each word or string is one, commas only separate.
    std::vector<std::string> readValues(const SubstToken& open) {
        std::vector<std::string> cells;
        for (;;) {
            const SubstToken token = take();
            switch (token.kind) {
            case SubstTokenKind::RBrace:
                return cells;
            case SubstTokenKind::Comma:
                break;
            case SubstTokenKind::Word:
            case SubstTokenKind::Quoted:
                cells.emplace_back(token.text);
                break;
            default:
                unclosed(open, token);
            }
        }
    }

    // NAME=VALUE definitions. Commas and line ends part them (msi reads both as a comma);
    // blanks around '=' are dropped (both readers ignore them); other blanks are kept, since
    // msi runs `a=1 b=2` together where dbLoadTemplate sees two definitions.
    std::vector<std::string> readDefinitions(const SubstToken& open) {
        std::vector<std::string> cells;
        std::string current;
        auto endDefinition = [&] {
            if (!current.empty()) cells.push_back(std::move(current));
            current.clear();
        };
        for (;;) {
            const SubstToken token = take();
            if (token.newlinesBefore > 0) endDefinition();
            switch (token.kind) {
            case SubstTokenKind::RBrace:
                endDefinition();
                return cells;
            case SubstTokenKind::Comma:
                endDefinition();
                break;
            case SubstTokenKind::Word:
            case SubstTokenKind::Quoted:
                if (!current.empty() && token.spaceBefore && current.back() != '=' &&
                    token.text.front() != '=')
                    current.push_back(' ');
                current.append(token.text);
                break;
            default:
                unclosed(open, token);
            }
        }
    }

    [[noreturn]] static void unclosed(const SubstToken& open, const SubstToken& found) {
        failAt(found.line, found.column,
               "expected '}' to close the set opened at line " + std::to_string(open.line) +
                   ", found " + describe(found));
    }

    // Comments found inside or after an item are written before it, after its own leading
    // comments; a blank line that preceded the item then precedes them.
    static void addBeforeItem(SubstItem& item, std::string comment) {
        item.lead.push_back({item.blankBefore, std::move(comment)});
        item.blankBefore = false;
    }
    void moveInnerTo(SubstItem& item) {
        for (LeadLine& line : inner_)
            addBeforeItem(item, std::move(line.comment));
        inner_.clear();
    }
    void takeTrailing(SubstItem& item) {
        const SubstToken& next = peek();
        if (next.kind == SubstTokenKind::Comment && next.newlinesBefore == 0)
            addBeforeItem(item, std::string(takeRaw().text));
    }

    SubstTokenizer tokenizer_;
    std::optional<SubstToken> ahead_;
    Lead inner_;
};

// ---- writing -------------------------------------------------------------------------------

constexpr std::string_view kIndent = "    ";
constexpr std::string_view kRowUnderPattern = "        "; // "pattern "

// "{ a,   b }": each cell but the last padded (after its comma) to its column's width.
std::string braced(const std::vector<std::string>& cells, const std::vector<std::size_t>& widths) {
    if (cells.empty()) return "{}";
    std::string text = "{ ";
    for (std::size_t i = 0; i < cells.size(); ++i) {
        text += cells[i];
        if (i + 1 == cells.size()) break;
        text += ',';
        const std::size_t width = i < widths.size() ? widths[i] : 0;
        if (cells[i].size() < width) text.append(width - cells[i].size(), ' ');
        text += ' ';
    }
    return text + " }";
}

std::string quotedFileName(const std::string& name) {
    if (name.front() == '"' || name.front() == '\'' ||
        name.find_first_of("\"\\'") != std::string::npos)
        return name;
    return "\"" + name + "\"";
}

void writeLead(LayoutWriter& out, const Lead& lead) {
    for (const LeadLine& line : lead) {
        if (line.blankBefore) out.blankLine();
        out.line("", line.comment);
    }
}

void writeItems(LayoutWriter& out, const std::vector<SubstItem>& items, std::string_view indent) {
    // A pattern header and the rows after it form one table; its column widths.
    std::vector<std::vector<std::size_t>> tableWidths(items.size());
    for (std::size_t start = 0; start < items.size(); ++start) {
        if (items[start].kind != SubstItem::Kind::Pattern) continue;
        std::size_t end = start + 1;
        while (end < items.size() && items[end].kind != SubstItem::Kind::Pattern &&
               items[end].kind != SubstItem::Kind::File)
            ++end;
        std::vector<std::size_t> widths;
        for (std::size_t i = start; i < end; ++i) {
            const std::vector<std::string>& cells = items[i].cells;
            if (items[i].kind != SubstItem::Kind::Pattern && items[i].kind != SubstItem::Kind::Row)
                continue;
            if (widths.size() < cells.size()) widths.resize(cells.size(), 0);
            for (std::size_t c = 0; c < cells.size(); ++c)
                widths[c] = std::max(widths[c], cells[c].size());
        }
        for (std::size_t i = start; i < end; ++i)
            tableWidths[i] = widths;
    }
    for (std::size_t i = 0; i < items.size(); ++i) {
        const SubstItem& item = items[i];
        writeLead(out, item.lead);
        if (item.blankBefore) out.blankLine();
        switch (item.kind) {
        case SubstItem::Kind::File:
            out.line(indent, "file " + quotedFileName(item.fileName) + " {");
            out.openBlock();
            writeItems(out, item.body, std::string(indent) + std::string(kIndent));
            writeLead(out, item.endLead);
            out.line(indent, "}");
            break;
        case SubstItem::Kind::Pattern:
            out.line(indent, "pattern " + braced(item.cells, tableWidths[i]));
            break;
        case SubstItem::Kind::Row:
            out.line(std::string(indent) + std::string(kRowUnderPattern),
                     braced(item.cells, tableWidths[i]));
            break;
        case SubstItem::Kind::Definitions:
            out.line(indent, braced(item.cells, {}));
            break;
        case SubstItem::Kind::Global:
            out.line(indent, "global " + braced(item.cells, {}));
            break;
        }
    }
}

std::vector<std::string> commentsOf(const std::vector<SubstItem>& items, const Lead& endLead) {
    std::vector<std::string> comments;
    for (const SubstItem& item : items) {
        for (const LeadLine& line : item.lead)
            comments.push_back(line.comment);
        if (item.kind == SubstItem::Kind::File) {
            std::vector<std::string> inner = commentsOf(item.body, item.endLead);
            comments.insert(comments.end(), inner.begin(), inner.end());
        }
    }
    for (const LeadLine& line : endLead)
        comments.push_back(line.comment);
    return comments;
}

} // namespace

FormatResult formatSubstitutions(std::string_view text, const FormatOptions&) {
    FormatResult result;
    try {
        const SubstText file = SubstReader(text).read();
        LayoutWriter out;
        writeItems(out, file.items, "");
        writeLead(out, file.endLead);
        result.text = out.finish();
    } catch (const SyntaxError& error) {
        result.errors.push_back({error.line(), error.column(), error.what()});
    }
    return result;
}

std::vector<std::string> substitutionComments(std::string_view text) {
    try {
        const SubstText file = SubstReader(text).read();
        return commentsOf(file.items, file.endLead);
    } catch (const SyntaxError&) {
        return {};
    }
}

} // namespace epicsdb::format
