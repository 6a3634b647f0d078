// formatDatabase: reads a .db/.template text into statements with the comments and blank lines
// around them, then writes the canonical layout (docs/guide/fmt.md).
#include "DbTokenizer.hpp"
#include "LayoutWriter.hpp"

#include <epicsdb/dbStatic/Database.hpp>
#include <epicsdb/format/Formatter.hpp>

#include <algorithm>
#include <deque>
#include <limits>
#include <optional>

namespace epicsdb::format {

namespace {

struct BodyItem {
    enum class Kind { Field, Alias, Info } kind = Kind::Field;
    Lead lead;
    bool blankBefore = false;
    std::string text;      // as written out: field(NAME, "value")
    std::string fieldName; // without quotes, for the record type's order
    bool nameHasMacro = false;
    std::string trailing;
};

struct RecordBlock {
    std::string head; // record(TYPE, "NAME")
    std::string type;
    std::string headTrailing;
    bool hasBody = false;
    std::vector<BodyItem> items;
    Lead endLead; // comments before the closing brace
};

struct TopItem {
    Lead lead;
    bool blankBefore = false;
    std::string text; // any statement but a record
    std::optional<RecordBlock> record;
    std::string trailing;
};

struct DatabaseText {
    std::vector<TopItem> items;
    Lead endLead; // comments after the last statement
};

bool isDefinitionKeyword(std::string_view word) {
    for (std::string_view keyword : {"menu", "recordtype", "device", "driver", "link", "breaktable",
                                     "registrar", "function", "variable"})
        if (word == keyword) return true;
    return false;
}

std::string describe(const DbToken& token) {
    switch (token.kind) {
    case DbTokenKind::End:
        return "end of file";
    case DbTokenKind::Comment:
        return "a comment";
    default:
        return "'" + std::string(token.text.substr(0, 40)) +
               (token.text.size() > 40 ? "...'" : "'");
    }
}

// A bareword name becomes a string; a string stays as written.
std::string quotedName(const DbToken& name) {
    if (name.kind == DbTokenKind::Word && name.text.find_first_of("\"\\") == std::string_view::npos)
        return "\"" + std::string(name.text) + "\"";
    return std::string(name.text);
}

std::string unquoted(std::string_view name) {
    if (name.size() >= 2 && name.front() == '"')
        return std::string(name.substr(1, name.size() - 2));
    return std::string(name);
}

// A bare value becomes a string, but for the JSON literals and words with macros (whose
// expansion may carry its own quotes or be JSON). Strings and JSON stay as written.
std::string formattedValue(const DbToken& value) {
    if (value.kind != DbTokenKind::Word || value.hasMacro || value.text == "null" ||
        value.text == "true" || value.text == "false")
        return std::string(value.text);
    return "\"" + std::string(value.text) + "\"";
}

class DatabaseReader {
public:
    explicit DatabaseReader(std::string_view text) : tokenizer_(text) {}

    DatabaseText read() {
        DatabaseText database;
        for (;;) {
            TopItem item;
            collectLead(item.lead);
            const DbToken& next = peekRaw();
            if (next.kind == DbTokenKind::End) {
                database.endLead = std::move(item.lead);
                return database;
            }
            item.blankBefore = next.newlinesBefore >= 2;
            inner_.clear();
            readTopItem(item);
            database.items.push_back(std::move(item));
        }
    }

private:
    const DbToken& peekRaw() {
        if (ahead_.empty()) ahead_.push_back(tokenizer_.next());
        return ahead_.front();
    }
    // The next token that is not a comment, looking past comments without taking them.
    const DbToken& peekSignificant() {
        std::size_t at = 0;
        for (;; ++at) {
            if (at == ahead_.size()) ahead_.push_back(tokenizer_.next());
            if (ahead_[at].kind != DbTokenKind::Comment) return ahead_[at];
        }
    }
    DbToken takeRaw() {
        peekRaw();
        DbToken token = ahead_.front();
        ahead_.pop_front();
        return token;
    }
    // The next token that is not a comment; comments on the way belong to the statement
    // being read (they are written before it).
    DbToken take() {
        for (;;) {
            DbToken token = takeRaw();
            if (token.kind != DbTokenKind::Comment) {
                lastLine_ = token.line;
                return token;
            }
            inner_.push_back({false, std::string(token.text)});
        }
    }
    DbToken takeValue() {
        for (;;) {
            // Value mode reads the text itself: nothing may have been read ahead.
            DbToken token = ahead_.empty() ? tokenizer_.value() : takeRaw();
            if (token.kind != DbTokenKind::Comment) {
                lastLine_ = token.line;
                return token;
            }
            inner_.push_back({false, std::string(token.text)});
        }
    }
    DbToken expect(DbTokenKind kind, std::string_view what) {
        DbToken token = take();
        if (token.kind != kind)
            failAt(token.line, token.column,
                   "expected " + std::string(what) + ", found " + describe(token));
        return token;
    }
    DbToken name(std::string_view what) {
        DbToken token = take();
        if (token.kind == DbTokenKind::String ||
            (token.kind == DbTokenKind::Word && !isDbKeyword(token.text)))
            return token;
        failAt(token.line, token.column,
               "expected " + std::string(what) + ", found " + describe(token));
    }
    void collectLead(Lead& lead) {
        while (peekRaw().kind == DbTokenKind::Comment) {
            const DbToken comment = takeRaw();
            lead.push_back({comment.newlinesBefore >= 2, std::string(comment.text)});
        }
    }
    // A comment on the line where the statement just read ends.
    std::string trailingComment() {
        const DbToken& next = peekRaw();
        if (next.kind != DbTokenKind::Comment || next.newlinesBefore != 0) return {};
        return std::string(takeRaw().text);
    }
    // Comments found inside a statement are written before it, after its own leading
    // comments; a blank line that preceded the statement then precedes them.
    void moveInnerTo(Lead& lead, bool& blankBefore) {
        for (LeadLine& line : inner_) {
            lead.push_back({blankBefore, std::move(line.comment)});
            blankBefore = false;
        }
        inner_.clear();
    }

    void readTopItem(TopItem& item) {
        const DbToken first = take();
        if (first.kind == DbTokenKind::Cdef) {
            item.text = first.text;
        } else if (first.kind != DbTokenKind::Word) {
            failAt(first.line, first.column,
                   "expected record, alias, include, path, addpath or a definition, found " +
                       describe(first));
        } else if (first.text == "record" || first.text == "grecord") {
            item.record = readRecord(first, item);
            return;
        } else if (first.text == "alias") {
            expect(DbTokenKind::LParen, "'('");
            const DbToken record = name("a record name");
            expect(DbTokenKind::Comma, "','");
            const DbToken alias = name("an alias name");
            expect(DbTokenKind::RParen, "')'");
            item.text = "alias(" + quotedName(record) + ", " + quotedName(alias) + ")";
        } else if (first.text == "include" || first.text == "path" || first.text == "addpath") {
            const DbToken file = name("a file name");
            item.text = std::string(first.text) + " " + quotedName(file);
        } else if (isDefinitionKeyword(first.text)) {
            item.text = readDefinition(first);
            inner_.clear(); // its comments are in its text
        } else {
            failAt(first.line, first.column,
                   "expected record, alias, include, path, addpath or a definition, found " +
                       describe(first));
        }
        moveInnerTo(item.lead, item.blankBefore);
        item.trailing = trailingComment();
    }

    // A definition, kept as written: its parentheses and, for those with a body, its braces.
    std::string readDefinition(const DbToken& keyword) {
        const char* begin = keyword.text.data();
        DbToken last = skipBalanced(DbTokenKind::LParen, DbTokenKind::RParen, keyword);
        if (keyword.text == "menu" || keyword.text == "recordtype" || keyword.text == "breaktable")
            last = skipBalanced(DbTokenKind::LBrace, DbTokenKind::RBrace, keyword);
        return std::string(begin, last.text.data() + last.text.size());
    }
    DbToken skipBalanced(DbTokenKind open, DbTokenKind close, const DbToken& keyword) {
        expect(open, open == DbTokenKind::LParen ? "'('" : "'{'");
        int depth = 1;
        for (;;) {
            DbToken token = take();
            if (token.kind == DbTokenKind::End)
                failAt(keyword.line, keyword.column,
                       "unterminated " + std::string(keyword.text) + " (no closing '" +
                           (close == DbTokenKind::RParen ? ")" : "}") + "')");
            if (token.kind == open) ++depth;
            if (token.kind == close && --depth == 0) return token;
        }
    }

    RecordBlock readRecord(const DbToken& keyword, TopItem& item) {
        RecordBlock record;
        expect(DbTokenKind::LParen, "'('");
        const DbToken type = name("a record type");
        expect(DbTokenKind::Comma, "','");
        const DbToken recordName = name("a record name");
        expect(DbTokenKind::RParen, "')'");
        record.type = unquoted(type.text);
        record.head = std::string(keyword.text) + "(" + std::string(type.text) + ", " +
                      quotedName(recordName) + ")";
        moveInnerTo(item.lead, item.blankBefore);
        record.headTrailing = trailingComment();
        if (peekSignificant().kind != DbTokenKind::LBrace) {
            item.trailing = std::move(record.headTrailing);
            record.headTrailing.clear();
            return record;
        }
        expect(DbTokenKind::LBrace, "'{'");
        record.hasBody = true;
        moveInnerTo(item.lead, item.blankBefore);
        Lead bodyStart;
        if (std::string afterBrace = trailingComment(); !afterBrace.empty()) {
            if (record.headTrailing.empty())
                record.headTrailing = std::move(afterBrace);
            else
                bodyStart.push_back({false, std::move(afterBrace)});
        }
        for (;;) {
            BodyItem body;
            body.lead = std::move(bodyStart);
            bodyStart.clear();
            collectLead(body.lead);
            const DbToken& next = peekRaw();
            if (next.kind == DbTokenKind::RBrace) {
                record.endLead = std::move(body.lead);
                take();
                item.trailing = trailingComment();
                return record;
            }
            if (next.kind == DbTokenKind::End)
                failAt(keyword.line, keyword.column,
                       "record " + std::string(recordName.text) +
                           " has no closing '}' (found end of file)");
            body.blankBefore = next.newlinesBefore >= 2;
            readBodyItem(body, recordName);
            moveInnerTo(body.lead, body.blankBefore);
            body.trailing = trailingComment();
            record.items.push_back(std::move(body));
        }
    }

    void readBodyItem(BodyItem& body, const DbToken& recordName) {
        const DbToken keyword = take();
        const bool isField = keyword.kind == DbTokenKind::Word && keyword.text == "field";
        const bool isInfo = keyword.kind == DbTokenKind::Word && keyword.text == "info";
        if (isField || isInfo) {
            body.kind = isField ? BodyItem::Kind::Field : BodyItem::Kind::Info;
            expect(DbTokenKind::LParen, "'('");
            const DbToken itemName = name(isField ? "a field name" : "an info name");
            expect(DbTokenKind::Comma, "','");
            const DbToken value = takeValue();
            expect(DbTokenKind::RParen, "')'");
            body.fieldName = unquoted(itemName.text);
            body.nameHasMacro =
                itemName.hasMacro || itemName.text.find('$') != std::string_view::npos;
            body.text = std::string(keyword.text) + "(" + std::string(itemName.text) + ", " +
                        formattedValue(value) + ")";
        } else if (keyword.kind == DbTokenKind::Word && keyword.text == "alias") {
            body.kind = BodyItem::Kind::Alias;
            expect(DbTokenKind::LParen, "'('");
            const DbToken alias = name("an alias name");
            expect(DbTokenKind::RParen, "')'");
            body.text = "alias(" + quotedName(alias) + ")";
        } else {
            failAt(keyword.line, keyword.column,
                   "expected field, info, alias or '}' in record " + std::string(recordName.text) +
                       ", found " + describe(keyword));
        }
    }

    DbTokenizer tokenizer_;
    std::deque<DbToken> ahead_;
    Lead inner_;
    unsigned lastLine_ = 0;
};

// ---- writing -------------------------------------------------------------------------------

constexpr std::string_view kIndent = "    ";

std::string withTrailing(std::string text, const std::string& trailing) {
    if (!trailing.empty()) text.append(" ").append(trailing);
    return text;
}

void writeLead(LayoutWriter& out, const Lead& lead, std::string_view indent, bool blanks) {
    for (const LeadLine& line : lead) {
        if (blanks && line.blankBefore) out.blankLine();
        out.line(indent, line.comment);
    }
}

// Fields in the record type's order (stable: duplicates keep their order, so the one EPICS
// applies last is still last; fields the type does not know follow, in the author's order),
// then aliases, then infos. The author's field order when asked, when the type is unknown, or
// when a field name has a macro (it could name any field).
std::vector<const BodyItem*> orderedItems(const RecordBlock& record, const FormatOptions& options) {
    std::vector<const BodyItem*> fields, aliases, infos;
    bool anyMacroName = false;
    for (const BodyItem& item : record.items) {
        (item.kind == BodyItem::Kind::Field   ? fields
         : item.kind == BodyItem::Kind::Alias ? aliases
                                              : infos)
            .push_back(&item);
        anyMacroName = anyMacroName || (item.kind == BodyItem::Kind::Field && item.nameHasMacro);
    }
    const dbstatic::RecordType* type =
        options.definitions ? options.definitions->findRecordType(record.type) : nullptr;
    if (type && !options.keepOrder && !anyMacroName) {
        auto rank = [type](const BodyItem* item) {
            const dbstatic::FieldDef* field = type->findField(item->fieldName);
            return field ? static_cast<std::size_t>(field->index)
                         : std::numeric_limits<std::size_t>::max();
        };
        std::stable_sort(fields.begin(), fields.end(),
                         [&](const BodyItem* a, const BodyItem* b) { return rank(a) < rank(b); });
    }
    fields.insert(fields.end(), aliases.begin(), aliases.end());
    fields.insert(fields.end(), infos.begin(), infos.end());
    return fields;
}

void writeRecord(LayoutWriter& out, const TopItem& item, const FormatOptions& options) {
    const RecordBlock& record = *item.record;
    if (!record.hasBody) {
        out.line("", withTrailing(record.head, item.trailing));
        return;
    }
    out.line("", withTrailing(record.head + " {", record.headTrailing));
    out.openBlock();
    const std::vector<const BodyItem*> ordered = orderedItems(record, options);
    // Blank lines inside the body survive only where nothing moved.
    bool unmoved = true;
    for (std::size_t i = 0; i < ordered.size(); ++i)
        unmoved = unmoved && ordered[i] == &record.items[i];
    for (const BodyItem* body : ordered) {
        writeLead(out, body->lead, kIndent, unmoved);
        if (unmoved && body->blankBefore) out.blankLine();
        out.line(kIndent, withTrailing(body->text, body->trailing));
    }
    writeLead(out, record.endLead, kIndent, unmoved);
    out.line("", withTrailing("}", item.trailing));
}

std::string writeDatabase(const DatabaseText& database, const FormatOptions& options) {
    LayoutWriter out;
    for (const TopItem& item : database.items) {
        writeLead(out, item.lead, "", true);
        if (item.blankBefore) out.blankLine();
        if (item.record)
            writeRecord(out, item, options);
        else
            out.line("", withTrailing(item.text, item.trailing));
    }
    writeLead(out, database.endLead, "", true);
    return out.finish();
}

std::vector<std::string> commentsOf(const DatabaseText& database) {
    std::vector<std::string> comments;
    auto add = [&](const Lead& lead) {
        for (const LeadLine& line : lead)
            comments.push_back(line.comment);
    };
    auto addOne = [&](const std::string& comment) {
        if (!comment.empty()) comments.push_back(comment);
    };
    for (const TopItem& item : database.items) {
        add(item.lead);
        if (item.record) {
            addOne(item.record->headTrailing);
            for (const BodyItem& body : item.record->items) {
                add(body.lead);
                addOne(body.trailing);
            }
            add(item.record->endLead);
        }
        addOne(item.trailing);
    }
    add(database.endLead);
    return comments;
}

} // namespace

FormatResult formatDatabase(std::string_view text, const FormatOptions& options) {
    FormatResult result;
    try {
        result.text = writeDatabase(DatabaseReader(text).read(), options);
    } catch (const SyntaxError& error) {
        result.errors.push_back({error.line(), error.column(), error.what()});
    }
    return result;
}

std::vector<std::string> databaseComments(std::string_view text) {
    try {
        return commentsOf(DatabaseReader(text).read());
    } catch (const SyntaxError&) {
        return {};
    }
}

} // namespace epicsdb::format
