#include "DocumentIndex.hpp"

#include <epicsdb/CharClass.hpp>

#include <optional>

namespace epicsdb::lsp {

namespace {
// A word of this reading: the loader's words (chars::isDbWordChar), and, so that a half-typed
// or mistyped name, a path or a macro reference stays one word, what the loader would refuse
// in one: these punctuation characters and the bytes of UTF-8 sequences.
bool isWordChar(char c) {
    constexpr std::string_view kForgiving = "$/*=!@&%^?~";
    return chars::isDbWordChar(c) || static_cast<unsigned char>(c) >= 0x80 ||
           kForgiving.find(c) != std::string_view::npos;
}

struct Token {
    enum class Kind { Word, String, Punct, End } kind = Kind::End;
    Word word;
    char punct = 0;
};

// Tokens of EPICS database and substitution texts: '#' comments skipped, strings with their
// escapes, words (with $(...) references inside them), punctuation.
class Scanner {
public:
    Scanner(std::string_view text, DocumentIndex& index) : text_(text), index_(index) {}

    Token next() {
        skipBlanks();
        Token token;
        if (at_ >= text_.size()) return token;
        const char c = text_[at_];
        if (c == '"') {
            token.kind = Token::Kind::String;
            const std::size_t begin = ++at_;
            while (at_ < text_.size() && text_[at_] != '"' && text_[at_] != '\n') {
                if (text_[at_] == '\\' && at_ + 1 < text_.size()) ++at_;
                ++at_;
            }
            token.word = {std::string(text_.substr(begin, at_ - begin)), {begin, at_}, true};
            noteMacros(token.word.span);
            if (at_ < text_.size() && text_[at_] == '"') ++at_;
            return token;
        }
        if (isWordChar(c)) {
            token.kind = Token::Kind::Word;
            const std::size_t begin = at_;
            while (at_ < text_.size()) {
                if (text_[at_] == '$' && at_ + 1 < text_.size() &&
                    (text_[at_ + 1] == '(' || text_[at_ + 1] == '{')) {
                    skipReference();
                    continue;
                }
                if (!isWordChar(text_[at_])) break;
                ++at_;
            }
            token.word = {std::string(text_.substr(begin, at_ - begin)), {begin, at_}, false};
            noteMacros(token.word.span);
            return token;
        }
        token.kind = Token::Kind::Punct;
        token.punct = c;
        token.word.span = {at_, at_ + 1};
        ++at_;
        return token;
    }

    [[nodiscard]] std::size_t offset() const noexcept { return at_; }
    [[nodiscard]] std::string_view text() const noexcept { return text_; }
    void seek(std::size_t offset) noexcept { at_ = offset; }

private:
    void skipBlanks() {
        while (at_ < text_.size()) {
            const char c = text_[at_];
            if (c == '#') {
                while (at_ < text_.size() && text_[at_] != '\n')
                    ++at_;
            } else if (chars::isSpace(c)) {
                ++at_;
            } else {
                return;
            }
        }
    }
    // Past `$(...)` or `${...}`, nested ones included.
    void skipReference() {
        int depth = 0;
        while (at_ < text_.size() && text_[at_] != '\n') {
            const char c = text_[at_++];
            if (c == '(' || c == '{') ++depth;
            if ((c == ')' || c == '}') && --depth == 0) return;
        }
    }
    // The macro references of a word or string, by name.
    void noteMacros(Span span) {
        // A token read again after a look ahead is not noted twice.
        if (span.begin < notedUpTo_) return;
        notedUpTo_ = span.end;
        const std::string_view piece = text_.substr(span.begin, span.end - span.begin);
        for (std::size_t i = piece.find('$'); i != std::string_view::npos;
             i = piece.find('$', i + 1)) {
            if (i + 1 >= piece.size() || (piece[i + 1] != '(' && piece[i + 1] != '{')) continue;
            const char close = piece[i + 1] == '(' ? ')' : '}';
            std::size_t end = i + 2;
            while (end < piece.size() && piece[end] != close && piece[end] != '=' &&
                   piece[end] != ',' && piece[end] != '$')
                ++end;
            const std::string name(piece.substr(i + 2, end - i - 2));
            std::size_t stop = piece.find(close, i);
            stop = stop == std::string_view::npos ? piece.size() : stop + 1;
            if (!name.empty()) index_.macros.push_back({name, {span.begin + i, span.begin + stop}});
        }
    }

    std::string_view text_;
    DocumentIndex& index_;
    std::size_t at_ = 0;
    std::size_t notedUpTo_ = 0;
};

bool isPunct(const Token& token, char c) {
    return token.kind == Token::Kind::Punct && token.punct == c;
}
bool isValue(const Token& token) {
    return token.kind == Token::Kind::Word || token.kind == Token::Kind::String;
}
bool isKeyword(const Token& token, std::string_view word) {
    return token.kind == Token::Kind::Word && token.word.text == word;
}

// A word that starts a statement: never a value of the one before (half-typed text).
bool isStatement(const Token& token) {
    if (token.kind != Token::Kind::Word) return false;
    for (std::string_view keyword : {"record", "grecord", "field", "info", "alias", "include"})
        if (token.word.text == keyword) return true;
    return false;
}

// A JSON value of a field: its whole text, braces balanced (or to the end of the record).
Word jsonValue(Scanner& scanner, const Token& open) {
    int depth = 1;
    for (;;) {
        const Token token = scanner.next();
        if (token.kind == Token::Kind::End) break;
        if (isPunct(token, '{') || isPunct(token, '[')) ++depth;
        if ((isPunct(token, '}') || isPunct(token, ']')) && --depth == 0) break;
    }
    const Span span{open.word.span.begin, scanner.offset()};
    return {std::string(scanner.text().substr(span.begin, span.end - span.begin)), span, false};
}

// `( a , b )` after a keyword: the values (one or two), or nothing when it is not that shape.
// The scanner stops after the ')' or before the token that does not fit.
struct Arguments {
    std::vector<Word> values;
    bool closed = false;
};

Arguments arguments(Scanner& scanner, std::size_t most) {
    Arguments out;
    std::size_t mark = scanner.offset();
    Token token = scanner.next();
    if (!isPunct(token, '(')) {
        scanner.seek(mark);
        return out;
    }
    // A value is taken after '(' or ',' only: a word after a value is the next statement.
    bool expectValue = true;
    for (;;) {
        mark = scanner.offset();
        token = scanner.next();
        if (isValue(token) && expectValue && out.values.size() < most && !isStatement(token)) {
            out.values.push_back(token.word);
            expectValue = false;
        } else if ((isPunct(token, '{') || isPunct(token, '[')) && expectValue &&
                   !out.values.empty() && out.values.size() < most) {
            out.values.push_back(jsonValue(scanner, token));
            expectValue = false;
        } else if (isPunct(token, ',') && !expectValue) {
            expectValue = true;
        } else if (isPunct(token, ')')) {
            out.closed = true;
            return out;
        } else {
            scanner.seek(mark);
            return out;
        }
    }
}

void readRecordBody(Scanner& scanner, RecordEntry& record) {
    for (;;) {
        const std::size_t mark = scanner.offset();
        const Token token = scanner.next();
        if (token.kind == Token::Kind::End) {
            record.whole.end = scanner.offset();
            return;
        }
        if (isPunct(token, '}')) {
            record.whole.end = scanner.offset();
            return;
        }
        if (isKeyword(token, "field") || isKeyword(token, "info")) {
            Arguments args = arguments(scanner, 2);
            if (args.values.empty()) continue;
            FieldEntry field;
            field.name = args.values[0];
            if (args.values.size() > 1)
                field.value = args.values[1];
            else
                field.value.span = {scanner.offset(), scanner.offset()};
            field.info = token.word.text == "info";
            record.fields.push_back(std::move(field));
        } else if (isKeyword(token, "alias")) {
            Arguments args = arguments(scanner, 1);
            if (!args.values.empty()) record.aliases.push_back(args.values[0]);
        } else if (isKeyword(token, "record") || isKeyword(token, "grecord")) {
            // An unclosed record: this one ends where the next begins.
            scanner.seek(mark);
            record.whole.end = mark;
            return;
        }
    }
}
} // namespace

const RecordEntry* DocumentIndex::recordAt(std::size_t offset) const noexcept {
    const RecordEntry* found = nullptr;
    for (const RecordEntry& record : records) {
        if (record.whole.begin > offset) break;
        if (record.whole.contains(offset)) found = &record;
    }
    return found;
}

DocumentIndex indexDatabase(std::string_view text) {
    DocumentIndex index;
    Scanner scanner(text, index);
    for (;;) {
        const Token token = scanner.next();
        if (token.kind == Token::Kind::End) break;
        if (isKeyword(token, "record") || isKeyword(token, "grecord")) {
            Arguments args = arguments(scanner, 2);
            RecordEntry record;
            record.whole = {token.word.span.begin, scanner.offset()};
            if (!args.values.empty()) record.type = args.values[0];
            if (args.values.size() > 1) record.name = args.values[1];
            const std::size_t mark = scanner.offset();
            if (args.closed && isPunct(scanner.next(), '{'))
                readRecordBody(scanner, record);
            else
                scanner.seek(mark);
            if (!args.closed) record.whole.end = scanner.offset();
            index.records.push_back(std::move(record));
        } else if (isKeyword(token, "include")) {
            const std::size_t mark = scanner.offset();
            const Token name = scanner.next();
            if (name.kind == Token::Kind::String)
                index.includes.push_back(name.word);
            else
                scanner.seek(mark);
        }
    }
    return index;
}

DocumentIndex indexSubstitutions(std::string_view text) {
    DocumentIndex index;
    Scanner scanner(text, index);
    int depth = 0;
    for (;;) {
        const Token token = scanner.next();
        if (token.kind == Token::Kind::End) break;
        if (isPunct(token, '{')) ++depth;
        if (isPunct(token, '}') && depth > 0) --depth;
        if (depth == 0 && isKeyword(token, "file")) {
            const std::size_t mark = scanner.offset();
            const Token name = scanner.next();
            if (isValue(name))
                index.templateFiles.push_back(name.word);
            else
                scanner.seek(mark);
        }
    }
    return index;
}

} // namespace epicsdb::lsp
