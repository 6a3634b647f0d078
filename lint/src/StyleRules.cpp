#include "StyleRules.hpp"

#include "StyleScanner.hpp"

#include <epicsdb/CharClass.hpp>
#include <epicsdb/lint/Rules.hpp>

#include <map>

namespace epicsdb::lint {

namespace {
using Kind = StyleToken::Kind;

bool isDatabaseFile(std::string_view file) {
    return file.ends_with(".db") || file.ends_with(".template") || file.ends_with(".vdb");
}

std::string_view unquoted(const StyleToken& token) {
    std::string_view text = token.text;
    if (token.kind == Kind::String && text.size() >= 2) text = text.substr(1, text.size() - 2);
    return text;
}

class StyleChecker {
public:
    StyleChecker(std::string_view file, std::string_view text, const dbstatic::Database* db,
                 DiagnosticSink& sink)
        : file_(file), text_(text), db_(db), sink_(sink), scanner_(text) {}

    void run() {
        const auto& tokens = scanner_.tokens();
        while (tokens[at_].kind != Kind::End)
            statement();
        comments();
        macroBraces();
        longLines();
    }

private:
    static Diagnostic finding(std::string_view code, SourceLocation where, std::string message) {
        Diagnostic d;
        const Rule* rule = findRule(code);
        d.severity = rule ? rule->severity : Severity::Warning;
        d.code = code;
        d.message = std::move(message);
        d.location = std::move(where);
        return d;
    }
    void report(std::string_view code, unsigned line, unsigned column, std::string message,
                std::vector<std::string> notes = {}) {
        Diagnostic d = finding(code, {std::string(file_), line, column}, std::move(message));
        d.notes = std::move(notes);
        sink_.report(std::move(d));
    }
    void report(std::string_view code, const StyleToken& at, std::string message,
                std::vector<std::string> notes = {}) {
        report(code, at.line, at.column, std::move(message), std::move(notes));
    }
    // A finding whose fix puts `replacement` in place of the `length` bytes at line:column; the
    // rule's FixKind says whether --fix may apply it.
    void reportWithFix(std::string_view code, unsigned line, unsigned column, std::string message,
                       std::size_t length, std::string replacement, std::string fixMessage) {
        Diagnostic d = finding(code, {std::string(file_), line, column}, std::move(message));
        const Rule* rule = findRule(code);
        FixIt fix;
        fix.message = std::move(fixMessage);
        fix.range = {std::string(file_), line, column, line,
                     column + static_cast<unsigned>(length)};
        fix.replacement = std::move(replacement);
        fix.safe = rule && rule->fix == FixKind::Safe;
        d.fixes.push_back(std::move(fix));
        sink_.report(std::move(d));
    }
    const StyleToken& token(std::size_t ahead = 0) const {
        const auto& tokens = scanner_.tokens();
        return tokens[std::min(at_ + ahead, tokens.size() - 1)];
    }
    bool isPunct(std::string_view text, std::size_t ahead = 0) const {
        return token(ahead).kind == Kind::Punct && token(ahead).text == text;
    }

    // name ( args ) : the argument tokens (an argument is one token; empty ones are skipped).
    std::vector<StyleToken> arguments() {
        std::vector<StyleToken> args;
        if (!isPunct("(")) return args;
        ++at_;
        while (token().kind != Kind::End && !isPunct(")")) {
            if (isPunct("{") || isPunct("}")) return args; // broken: let the caller go on
            if (token().kind != Kind::Punct) args.push_back(token());
            ++at_;
        }
        if (isPunct(")")) ++at_;
        return args;
    }
    void skipBody() {
        if (!isPunct("{")) return;
        int depth = 0;
        while (token().kind != Kind::End) {
            if (isPunct("{")) ++depth;
            if (isPunct("}") && --depth == 0) {
                ++at_;
                return;
            }
            ++at_;
        }
    }
    void needsQuotes(const StyleToken& arg, std::string_view what) {
        // A bare word holds no quote or backslash: quoted, it keeps its value.
        if (arg.kind == Kind::Word)
            reportWithFix("quoted", arg.line, arg.column,
                          std::string(what) + " " + std::string(arg.text) + " is not quoted",
                          arg.text.size(), "\"" + std::string(arg.text) + "\"",
                          "quote it: \"" + std::string(arg.text) + "\"");
    }

    void statement() {
        const StyleToken keyword = token();
        if (keyword.kind != Kind::Word) {
            ++at_;
            return;
        }
        ++at_;
        const std::string_view name = keyword.text;
        if (name == "include" || name == "path" || name == "addpath") {
            if (token().kind == Kind::Word || token().kind == Kind::String) {
                if (name == "include") needsQuotes(token(), "the included file");
                ++at_;
            }
            return;
        }
        const std::vector<StyleToken> args = arguments();
        if (isDatabaseFile(file_) &&
            (name == "recordtype" || name == "device" || name == "menu" || name == "driver" ||
             name == "registrar" || name == "function" || name == "variable" ||
             name == "breaktable" || name == "link"))
            report("dbd-in-db", keyword,
                   "a " + std::string(name) +
                       "() definition in a database file: definitions "
                       "belong in a .dbd file");
        if (name == "variable" && args.size() == 1)
            report("varint", keyword,
                   "variable " + std::string(unquoted(args[0])) +
                       " has no type: it is an int (write variable(" +
                       std::string(unquoted(args[0])) + ", int))");
        if (name == "record" || name == "grecord") {
            if (args.size() >= 2) needsQuotes(args[1], "record name");
            recordBody(args.size() >= 1 ? unquoted(args[0]) : std::string_view(),
                       args.size() >= 2 ? unquoted(args[1]) : std::string_view());
            return;
        }
        if (name == "alias")
            for (const StyleToken& arg : args)
                needsQuotes(arg, "alias name");
        skipBody();
    }

    void recordBody(std::string_view type, std::string_view record) {
        if (!isPunct("{")) return;
        ++at_;
        std::map<std::string, StyleToken, std::less<>> seen; // each field's last statement
        const dbstatic::RecordType* recordType =
            db_ && type != "*" ? db_->findRecordType(type) : nullptr;
        while (token().kind != Kind::End && !isPunct("}")) {
            const StyleToken item = token();
            if (item.kind != Kind::Word) {
                ++at_;
                continue;
            }
            ++at_;
            const std::vector<StyleToken> args = arguments();
            if (item.text == "field" && args.size() >= 1) {
                const std::string_view field = unquoted(args[0]);
                fieldCase(args[0], field, recordType);
                // Reported at the value that is overwritten: that one has no effect.
                const auto [it, isNew] = seen.emplace(std::string(field), args[0]);
                if (!isNew) {
                    Diagnostic d = finding(
                        "field-twice", {std::string(file_), it->second.line, it->second.column},
                        "field " + std::string(field) + " of record " + std::string(record) +
                            " is set again later in its body: this value is overwritten");
                    d.related.push_back(
                        {{std::string(file_), args[0].line, args[0].column}, "set again here"});
                    sink_.report(std::move(d));
                    it->second = args[0];
                }
                if (args.size() >= 2)
                    needsQuotes(args[1], "the value of field " + std::string(field) + ",");
            } else if (item.text == "info" && args.size() >= 2) {
                needsQuotes(args[1], "the value of info " + std::string(unquoted(args[0])) + ",");
            } else if (item.text == "alias") {
                for (const StyleToken& arg : args)
                    needsQuotes(arg, "alias name");
            }
        }
        if (isPunct("}")) ++at_;
    }

    void fieldCase(const StyleToken& at, std::string_view field, const dbstatic::RecordType* type) {
        bool lower = false;
        std::string upper(field);
        for (char& c : upper) {
            if (c >= 'a' && c <= 'z') {
                lower = true;
                c = static_cast<char>(c - 'a' + 'A');
            }
        }
        if (!lower || field.find('$') != std::string_view::npos) return;
        const std::string message =
            "field name " + std::string(field) + " is not in upper case, as every field name is";
        if (!type || !type->findField(upper)) {
            report("field-case", at, message);
            return;
        }
        std::string written(at.text); // with its quotes, if it has them
        for (char& c : written)
            c = chars::toUpper(c);
        reportWithFix("field-case", at.line, at.column, message, at.text.size(), std::move(written),
                      "the field is " + upper);
    }

    void comments() {
        for (const StyleComment& comment : scanner_.comments()) {
            std::string_view text = comment.text.substr(1);
            if (text.starts_with(":")) {
                pragma(comment, text.substr(1));
                continue;
            }
            while (!text.empty() && chars::isSpace(text.front()))
                text.remove_prefix(1);
            std::string_view word = text;
            if (word.starts_with("g")) word.remove_prefix(1);
            if (!word.starts_with("record")) continue;
            word.remove_prefix(6);
            while (!word.empty() && chars::isSpace(word.front()))
                word.remove_prefix(1);
            // record( type , ... : a record statement, not a sentence about records.
            if (!word.starts_with("(")) continue;
            word.remove_prefix(1);
            const std::size_t comma = word.find(',');
            const std::string_view type = word.substr(0, comma);
            const bool isType = comma != std::string_view::npos && !type.empty() &&
                                type.find_first_not_of(" \t\"*_abcdefghijklmnopqrstuvwxyz"
                                                       "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789") ==
                                    std::string_view::npos;
            if (isType)
                report("commented-record", comment.line, comment.column,
                       "a record is commented out: delete it, or say why in words");
        }
    }

    // "#: external("name")" (dbdlint's pragmas): name(arguments) blocks only.
    void pragma(const StyleComment& comment, std::string_view text) {
        StyleScanner blocks(text);
        const auto& tokens = blocks.tokens();
        std::size_t i = 0;
        bool ok = tokens.size() > 1;
        while (ok && tokens[i].kind != Kind::End) {
            ok = tokens[i].kind == Kind::Word && tokens[i + 1].text == "(";
            if (!ok) break;
            i += 2;
            while (tokens[i].kind != Kind::End && tokens[i].text != ")")
                ++i;
            ok = tokens[i].text == ")";
            if (ok) ++i;
        }
        if (!ok)
            report("spec-comm", comment.line, comment.column,
                   "this '#:' comment is not a pragma (such as #: external(\"name\"))");
    }

    // dbLoadRecords reads 1024-byte pieces: a longer line is cut there (and its macros
    // expanded piece by piece).
    void longLines() {
        unsigned line = 1;
        std::size_t start = 0;
        while (start < text_.size()) {
            std::size_t end = text_.find('\n', start);
            if (end == std::string_view::npos) end = text_.size();
            if (end - start > 1023)
                report("line-too-long", line, 1024,
                       "line of " + std::to_string(end - start) +
                           " characters: EPICS reads lines in pieces of 1023, and parses this "
                           "one as " +
                           std::to_string((end - start + 1022) / 1023) + " lines");
            ++line;
            start = end + 1;
        }
    }

    void macroBraces() {
        unsigned line = 1;
        std::size_t lineStart = 0;
        for (std::size_t i = 0; i + 1 < text_.size(); ++i) {
            if (text_[i] == '\n') {
                ++line;
                lineStart = i + 1;
                continue;
            }
            if (text_[i] != '$' || (text_[i + 1] != '(' && text_[i + 1] != '{')) continue;
            const char wrong = text_[i + 1] == '(' ? '}' : ')';
            const char right = text_[i + 1] == '(' ? ')' : '}';
            std::size_t j = i + 2;
            while (j < text_.size() && (chars::isAlnum(text_[j]) || text_[j] == '_' ||
                                        text_[j] == '-' || text_[j] == ':'))
                ++j;
            if (j < text_.size() && text_[j] == wrong && j > i + 2) {
                const auto column = static_cast<unsigned>(i - lineStart + 1);
                const std::string reference(text_.substr(i, j - i + 1));
                // Offered only: closing it changes what the IOC reads today.
                reportWithFix("macro-brace", line, column,
                              "macro reference " + reference + " opens with '" + text_[i + 1] +
                                  "' and closes with '" + wrong +
                                  "': macLib reads it to the next '" + right + "'",
                              reference.size(), reference.substr(0, reference.size() - 1) + right,
                              std::string("close it with '") + right + "'");
            }
        }
    }

    std::string_view file_;
    std::string_view text_;
    const dbstatic::Database* db_;
    DiagnosticSink& sink_;
    StyleScanner scanner_;
    std::size_t at_ = 0;
};
} // namespace

void checkStyle(std::string_view file, std::string_view text, const dbstatic::Database* database,
                DiagnosticSink& findings) {
    StyleChecker(file, text, database, findings).run();
}

} // namespace epicsdb::lint
