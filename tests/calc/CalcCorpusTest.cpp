// Every macro-free value that the corpus databases give to an SPC_CALC string field is accepted:
// EPICS loaded these files, and dbPutString runs postfix() on exactly those fields. Which fields
// are SPC_CALC is read from the record type definitions beside the databases, so module types
// (synApps swait) count as well as Base's calc and calcout.
#include <epicsdb/dbStatic/Values.hpp>

#include "SharedData.hpp"

#include <gtest/gtest.h>

#include <cstddef>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace fs = std::filesystem;
using epicsdb::dbstatic::checkCalcExpression;

namespace {

struct Token {
    enum class Kind { Word, String, Punct };
    Kind kind;
    std::string text; // a string without its quotes, escapes translated
};

std::string readFile(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream out;
    out << in.rdbuf();
    return out.str();
}

bool isPunct(char c) {
    return c == '(' || c == ')' || c == '{' || c == '}' || c == ',';
}

char escaped(char c) {
    switch (c) {
    case 'n':
        return '\n';
    case 't':
        return '\t';
    case 'r':
        return '\r';
    default:
        return c;
    }
}

// Just enough of the .db/.dbd lexical rules to find records, fields and their values:
// '#' comments, "%" C lines in definitions, quoted strings with backslash escapes, barewords.
std::vector<Token> tokenize(std::string_view text) {
    std::vector<Token> tokens;
    std::size_t i = 0;
    bool lineStart = true;
    while (i < text.size()) {
        const char c = text[i];
        if (c == '\n') {
            lineStart = true;
            ++i;
        } else if (c == ' ' || c == '\t' || c == '\r') {
            ++i;
        } else if (c == '#' || (c == '%' && lineStart)) {
            while (i < text.size() && text[i] != '\n')
                ++i;
        } else if (c == '"') {
            std::string value;
            for (++i; i < text.size() && text[i] != '"'; ++i) {
                if (text[i] == '\\' && i + 1 < text.size())
                    value += escaped(text[++i]);
                else
                    value += text[i];
            }
            ++i;
            tokens.push_back({Token::Kind::String, value});
            lineStart = false;
        } else if (isPunct(c)) {
            tokens.push_back({Token::Kind::Punct, std::string(1, c)});
            ++i;
            lineStart = false;
        } else {
            const std::size_t start = i;
            while (i < text.size() && text[i] != ' ' && text[i] != '\t' && text[i] != '\r' &&
                   text[i] != '\n' && text[i] != '"' && text[i] != '#' && !isPunct(text[i]))
                ++i;
            tokens.push_back({Token::Kind::Word, std::string(text.substr(start, i - start))});
            lineStart = false;
        }
    }
    return tokens;
}

bool isPunct(const std::vector<Token>& tokens, std::size_t at, char c) {
    return at < tokens.size() && tokens[at].kind == Token::Kind::Punct && tokens[at].text[0] == c;
}

// "name ( a , b , ... ) {" at `at`: the arguments and the index after ')' (0 if no match).
std::size_t matchCall(const std::vector<Token>& tokens, std::size_t at, std::string_view name,
                      std::vector<std::string>& arguments) {
    arguments.clear();
    if (at >= tokens.size() || tokens[at].kind == Token::Kind::Punct || tokens[at].text != name ||
        !isPunct(tokens, at + 1, '('))
        return 0;
    std::size_t i = at + 2;
    while (i < tokens.size() && !isPunct(tokens, i, ')')) {
        if (tokens[i].kind != Token::Kind::Punct) arguments.push_back(tokens[i].text);
        ++i;
    }
    return i < tokens.size() ? i + 1 : 0;
}

// Index just after the '}' matching the '{' at `open`.
std::size_t skipBody(const std::vector<Token>& tokens, std::size_t open) {
    int depth = 0;
    for (std::size_t i = open; i < tokens.size(); ++i) {
        if (isPunct(tokens, i, '{')) ++depth;
        if (isPunct(tokens, i, '}') && --depth == 0) return i + 1;
    }
    return tokens.size();
}

// record type -> SPC_CALC string field -> its size
using CalcFields = std::map<std::string, std::map<std::string, int>>;

void collectCalcFields(const std::vector<Token>& tokens, CalcFields& calcFields) {
    std::vector<std::string> arguments;
    for (std::size_t i = 0; i < tokens.size(); ++i) {
        const std::size_t afterType = matchCall(tokens, i, "recordtype", arguments);
        if (afterType == 0 || arguments.size() != 1 || !isPunct(tokens, afterType, '{')) continue;
        const std::string recordType = arguments[0];
        const std::size_t end = skipBody(tokens, afterType);
        for (std::size_t f = afterType + 1; f < end; ++f) {
            const std::size_t afterField = matchCall(tokens, f, "field", arguments);
            if (afterField == 0 || arguments.size() != 2 || arguments[1] != "DBF_STRING" ||
                !isPunct(tokens, afterField, '{'))
                continue;
            const std::string field = arguments[0];
            const std::size_t fieldEnd = skipBody(tokens, afterField);
            bool calc = false;
            int size = 0;
            for (std::size_t a = afterField + 1; a < fieldEnd; ++a) {
                if (matchCall(tokens, a, "special", arguments) && arguments.size() == 1 &&
                    arguments[0] == "SPC_CALC")
                    calc = true;
                if (matchCall(tokens, a, "size", arguments) && arguments.size() == 1)
                    size = std::stoi(arguments[0]);
            }
            if (calc) calcFields[recordType][field] = size;
            f = fieldEnd - 1;
        }
        i = end - 1;
    }
}

struct Checked {
    std::size_t count = 0;
    std::map<std::string, std::size_t> perType;
};

void checkDatabase(const fs::path& path, const CalcFields& calcFields, Checked& checked) {
    const std::vector<Token> tokens = tokenize(readFile(path));
    std::vector<std::string> arguments;
    for (std::size_t i = 0; i < tokens.size(); ++i) {
        std::size_t afterHead = matchCall(tokens, i, "record", arguments);
        if (afterHead == 0) afterHead = matchCall(tokens, i, "grecord", arguments);
        if (afterHead == 0 || arguments.size() != 2 || !isPunct(tokens, afterHead, '{')) continue;
        const auto type = calcFields.find(arguments[0]);
        const std::string record = arguments[1];
        const std::size_t end = skipBody(tokens, afterHead);
        if (type != calcFields.end()) {
            for (std::size_t f = afterHead + 1; f < end; ++f) {
                if (!matchCall(tokens, f, "field", arguments) || arguments.size() != 2) continue;
                const auto field = type->second.find(arguments[0]);
                const std::string& value = arguments[1];
                // Macros are expanded before the put; an overlong value fails as "String is too
                // long" before the expression is looked at.
                if (field == type->second.end() || value.find('$') != std::string::npos ||
                    (field->second > 0 && value.size() >= std::size_t(field->second)))
                    continue;
                EXPECT_EQ(checkCalcExpression(value), "")
                    << path.string() << ": record(" << type->first << ", " << record << ") field("
                    << field->first << ", \"" << value << "\")";
                ++checked.count;
                ++checked.perType[type->first];
            }
        }
        i = end - 1;
    }
}

bool hasExtension(const fs::path& path, std::initializer_list<std::string_view> extensions) {
    const std::string extension = path.extension().string();
    for (std::string_view e : extensions)
        if (extension == e) return true;
    return false;
}

} // namespace

TEST(CalcCorpus, EveryMacroFreeCalcFieldValueIsAccepted) {
    EPICSDB_REQUIRE_SHARED("corpus");
    EPICSDB_REQUIRE_SHARED("conformance/epics-dbd");
    const fs::path shared = epicsdb::test::sharedDir();

    CalcFields calcFields;
    for (const fs::path& root : {shared / "conformance" / "epics-dbd", shared / "corpus"})
        for (const auto& entry : fs::recursive_directory_iterator(root))
            if (entry.is_regular_file() && hasExtension(entry.path(), {".dbd"}))
                collectCalcFields(tokenize(readFile(entry.path())), calcFields);
    ASSERT_TRUE(calcFields.count("calc") && calcFields["calc"].count("CALC"));
    ASSERT_TRUE(calcFields.count("calcout") && calcFields["calcout"].count("OCAL"));

    Checked checked;
    for (const auto& entry : fs::recursive_directory_iterator(shared / "corpus"))
        if (entry.is_regular_file() && hasExtension(entry.path(), {".db", ".template", ".vdb"}))
            checkDatabase(entry.path(), calcFields, checked);

    // The corpus sets hundreds of such fields; far fewer means the scan itself broke.
    EXPECT_GT(checked.count, 500u);
    EXPECT_GT(checked.perType["calc"], 100u);
    EXPECT_GT(checked.perType["calcout"], 50u);
    for (const auto& [type, count] : checked.perType)
        std::cout << "checked " << count << " SPC_CALC values of " << type << " records\n";
}
