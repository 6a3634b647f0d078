// The scanner here is deliberately independent of the library's macLib and lexer: it only has
// to find every macro reference and the construct it sits in, so it over-collects where in
// doubt (a macro defined but never expanded changes nothing in a load).
#include "MacroPlan.hpp"

#include <algorithm>
#include <map>
#include <optional>

namespace epicsdb::test::corpus {

namespace {

enum class Where : std::uint8_t {
    Other,      // comments, include names, anything outside a record
    RecordType, // record(<here>, ...)
    Name,       // record, alias and info names
    FieldName,  // field(<here>, ...)
    FieldValue,
    InfoValue,
    MacroName, // part of another macro's name: $(A$(here)_B)
};

struct Context {
    Where where = Where::Other;
    std::string recordType; // as written (may hold macros), for FieldValue
    std::string field;
    bool whole = false;    // the reference is the whole field value
    bool hardware = false; // the field value is a hardware address ("#C1 S2")
};

Context at(Where where) {
    Context context;
    context.where = where;
    return context;
}

struct Occurrence {
    std::string nameTemplate; // the name as written, with any references in it
    bool hasDefault = false;
    Context context;
};

bool isRefStart(std::string_view s, std::size_t i) {
    return i + 1 < s.size() && s[i] == '$' && (s[i + 1] == '(' || s[i + 1] == '{');
}

// Parses the reference at s[pos] ("$(" or "${") into `out` and returns the index after it.
// Follows macLib: the name ends at '=', ',' or the closing bracket of its kind; a backslash
// makes the next character ordinary; nested references may appear in the name, the default and
// scoped definitions.
std::size_t parseReference(std::string_view s, std::size_t pos, const Context& context,
                           std::vector<Occurrence>& out) {
    const char close = s[pos + 1] == '(' ? ')' : '}';
    std::size_t i = pos + 2;
    Occurrence occurrence;
    occurrence.context = context;
    const std::size_t slot = out.size();
    out.emplace_back();
    Context inName;
    inName.where = Where::MacroName;
    auto scanPart = [&](std::string* text, const Context& inner) {
        while (i < s.size() && s[i] != close && s[i] != '=' && s[i] != ',') {
            if (s[i] == '\\' && i + 1 < s.size()) {
                if (text) *text += s[i + 1];
                i += 2;
            } else if (isRefStart(s, i)) {
                const std::size_t start = i;
                i = parseReference(s, i, inner, out);
                if (text) *text += s.substr(start, i - start);
            } else {
                if (text) *text += s[i];
                ++i;
            }
        }
    };
    scanPart(&occurrence.nameTemplate, inName);
    if (i < s.size() && s[i] == '=') {
        occurrence.hasDefault = true;
        ++i;
        scanPart(nullptr, context); // the default stands where the reference stands
    }
    while (i < s.size() && s[i] == ',') { // scoped definitions: n1=v1,...
        ++i;
        Context other;
        scanPart(nullptr, other);
        if (i < s.size() && s[i] == '=') {
            ++i;
            scanPart(nullptr, other);
        }
    }
    if (i < s.size() && s[i] == close) ++i;
    out[slot] = std::move(occurrence);
    return i;
}

void collectReferences(std::string_view s, const Context& context, std::vector<Occurrence>& out) {
    for (std::size_t i = 0; i < s.size();) {
        if (s[i] == '\\' && i + 1 < s.size()) {
            i += 2;
        } else if (isRefStart(s, i)) {
            const std::size_t start = i;
            const std::size_t slot = out.size(); // parseReference puts the reference there
            i = parseReference(s, i, context, out);
            // A reference with nothing around it is the whole value.
            auto blank = [](std::string_view t) {
                return t.find_first_not_of(" \t\r\n") == std::string_view::npos;
            };
            out[slot].context.whole = blank(s.substr(0, start)) && blank(s.substr(i));
        } else {
            ++i;
        }
    }
}

// ---- a token view of a database file, good enough to know where each reference stands ------

struct Token {
    enum Kind : std::uint8_t { Word, String, Punct } kind;
    std::string_view text; // a String's text without its quotes
};

std::vector<Token> tokenize(std::string_view s, std::vector<Occurrence>& out) {
    std::vector<Token> tokens;
    std::size_t i = 0;
    auto isPunct = [](char c) { return c == '(' || c == ')' || c == '{' || c == '}' || c == ','; };
    while (i < s.size()) {
        const char c = s[i];
        if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
            ++i;
        } else if (c == '#') {
            const std::size_t end = std::min(s.find('\n', i), s.size());
            collectReferences(s.substr(i, end - i), Context{}, out);
            i = end;
        } else if (c == '"') {
            std::size_t j = i + 1;
            while (j < s.size() && s[j] != '"' && s[j] != '\n')
                j += (s[j] == '\\' && j + 1 < s.size()) ? 2 : 1;
            tokens.push_back({Token::String, s.substr(i + 1, j - i - 1)});
            i = j < s.size() && s[j] == '"' ? j + 1 : j;
        } else if (isPunct(c)) {
            tokens.push_back({Token::Punct, s.substr(i, 1)});
            ++i;
        } else {
            std::size_t j = i;
            std::vector<Occurrence> scratch;
            while (j < s.size()) {
                const char d = s[j];
                if (isRefStart(s, j)) {
                    j = parseReference(s, j, Context{}, scratch);
                } else if (d == ' ' || d == '\t' || d == '\r' || d == '\n' || d == '"' ||
                           d == '#' || isPunct(d)) {
                    break;
                } else {
                    ++j;
                }
            }
            tokens.push_back({Token::Word, s.substr(i, j - i)});
            i = j;
        }
    }
    return tokens;
}

struct RecordHead {
    std::string type; // as written
    std::string name;
};

class Structure {
public:
    Structure(const std::vector<Token>& tokens, std::vector<Occurrence>& out,
              std::vector<RecordHead>& heads)
        : t_(tokens), out_(out), heads_(heads) {}

    void run() {
        while (i_ < t_.size()) {
            if (isWord("record") || isWord("grecord"))
                record();
            else if (isWord("alias"))
                call(Where::Name, Where::Name);
            else
                other(i_++);
        }
    }

private:
    bool isWord(std::string_view w) const {
        return i_ < t_.size() && t_[i_].kind == Token::Word && t_[i_].text == w;
    }
    bool isPunct(char c) const {
        return i_ < t_.size() && t_[i_].kind == Token::Punct && t_[i_].text[0] == c;
    }
    void other(std::size_t k) { collectReferences(t_[k].text, Context{}, out_); }

    // Past a keyword and the '(' after it; false (past the keyword only) without one.
    bool open() {
        ++i_;
        if (!isPunct('(')) return false;
        ++i_;
        return true;
    }
    // The word at the cursor, its references collected in `role`; "" at punctuation.
    std::string word(Where role) {
        if (i_ >= t_.size() || t_[i_].kind == Token::Punct) return {};
        collectReferences(t_[i_].text, at(role), out_);
        return std::string(t_[i_++].text);
    }

    // keyword ( first , second ): the two arguments in the given roles.
    void call(Where first, Where second) {
        if (!open()) return;
        Where role = first;
        while (i_ < t_.size() && !isPunct(')')) {
            if (isPunct(','))
                role = second;
            else
                collectReferences(t_[i_].text, at(role), out_);
            ++i_;
        }
        if (i_ < t_.size()) ++i_;
    }

    void record() {
        if (!open()) return;
        const std::string type = word(Where::RecordType);
        std::string name;
        while (i_ < t_.size() && !isPunct(')')) {
            if (!isPunct(',')) {
                collectReferences(t_[i_].text, at(Where::Name), out_);
                name += t_[i_].text;
            }
            ++i_;
        }
        if (i_ < t_.size()) ++i_;
        heads_.push_back({type, name});
        if (!isPunct('{')) return;
        ++i_;
        while (i_ < t_.size() && !isPunct('}')) {
            if (isWord("field") || isWord("info"))
                item(type, isWord("field"));
            else if (isWord("alias"))
                call(Where::Name, Where::Name);
            else
                other(i_++);
        }
        if (i_ < t_.size()) ++i_;
    }

    // field(NAME, value) or info(NAME, value); the value runs to the ')' outside braces.
    void item(const std::string& type, bool isField) {
        if (!open()) return;
        const std::string name = word(isField ? Where::FieldName : Where::Name);
        if (isPunct(',')) ++i_;
        std::string value;
        int depth = 0;
        while (i_ < t_.size() && !(depth == 0 && isPunct(')'))) {
            if (isPunct('{'))
                ++depth;
            else if (isPunct('}'))
                --depth;
            if (!value.empty()) value += ' ';
            value += t_[i_].text;
            ++i_;
        }
        if (i_ < t_.size()) ++i_;
        Context context = at(isField ? Where::FieldValue : Where::InfoValue);
        context.recordType = type;
        context.field = name;
        const std::size_t start = value.find_first_not_of(" \t");
        context.hardware = start != std::string::npos && value[start] == '#';
        collectReferences(value, context, out_);
    }

    const std::vector<Token>& t_;
    std::vector<Occurrence>& out_;
    std::vector<RecordHead>& heads_;
    std::size_t i_ = 0;
};

// ---- resolving names and choosing values -------------------------------------------------

using Values = std::map<std::string, std::string, std::less<>>;

// Expands `s` with `values` (defaults apply to names without a value); nullopt when a name
// without a value or default is met.
std::optional<std::string> expand(std::string_view s, const Values& values, int depth = 0) {
    if (depth > 16) return std::nullopt;
    std::string result;
    for (std::size_t i = 0; i < s.size();) {
        if (!isRefStart(s, i)) {
            result += s[i++];
            continue;
        }
        const char close = s[i + 1] == '(' ? ')' : '}';
        // Find the extent of the name and of the default, honouring nested references.
        std::size_t j = i + 2;
        auto skipPart = [&]() {
            int nested = 0;
            while (j < s.size()) {
                if (s[j] == '\\' && j + 1 < s.size()) {
                    j += 2;
                    continue;
                }
                if (isRefStart(s, j)) {
                    ++nested;
                    j += 2;
                    continue;
                }
                if ((s[j] == ')' || s[j] == '}') && nested > 0) {
                    --nested;
                } else if (nested == 0 && (s[j] == close || s[j] == '=' || s[j] == ',')) {
                    break;
                }
                ++j;
            }
        };
        const std::size_t nameStart = j;
        skipPart();
        const std::size_t nameEnd = j;
        std::optional<std::string_view> fallback;
        if (j < s.size() && s[j] == '=') {
            const std::size_t defaultStart = ++j;
            skipPart();
            fallback = s.substr(defaultStart, j - defaultStart);
        }
        while (j < s.size() && s[j] != close)
            ++j;
        const auto name = expand(s.substr(nameStart, nameEnd - nameStart), values, depth + 1);
        if (!name) return std::nullopt;
        if (auto it = values.find(*name); it != values.end()) {
            result += it->second;
        } else if (fallback) {
            const auto text = expand(*fallback, values, depth + 1);
            if (!text) return std::nullopt;
            result += *text;
        } else {
            return std::nullopt;
        }
        i = j < s.size() ? j + 1 : j;
    }
    return result;
}

enum class Choice : std::uint8_t { Text, Number, Fixed, Problem };

struct Decision {
    Choice choice = Choice::Text;
    std::string value; // for Fixed
    std::string why;
};

Decision decide(const Context& c, const Values& values, const dbstatic::Database& db) {
    switch (c.where) {
    case Where::RecordType:
        return {Choice::Problem, {}, "names the record type"};
    case Where::FieldName:
        return {Choice::Problem, {}, "names a field"};
    case Where::MacroName:
        return {Choice::Number, {}, "part of a macro name"};
    case Where::FieldValue:
        break;
    default:
        return {Choice::Text, {}, "text"};
    }
    const auto typeName = expand(c.recordType, values);
    const dbstatic::RecordType* type = typeName ? db.findRecordType(*typeName) : nullptr;
    const dbstatic::FieldDef* field = type ? type->findField(c.field) : nullptr;
    if (!field) return {Choice::Text, {}, "text (field " + c.field + " not known)"};
    using dbstatic::DbfType;
    switch (field->type) {
    case DbfType::Menu:
        if (!c.whole || !field->menu || field->menu->choices().empty())
            return {Choice::Problem, {}, "part of menu field " + c.field};
        return {Choice::Fixed, std::string(field->menu->choices()[0].value),
                "first choice of " + std::string(field->menu->name()) + " for " + c.field};
    case DbfType::Device:
        if (!c.whole || type->devices().empty()) return {Choice::Problem, {}, "part of DTYP"};
        return {Choice::Fixed, std::string(type->devices()[0].choice),
                "first device of " + std::string(type->name())};
    case DbfType::String:
        if (field->special == dbstatic::special::Calc)
            return {Choice::Number, {}, "in calc expression " + c.field};
        return {Choice::Text, {}, "text"};
    case DbfType::InLink:
    case DbfType::OutLink:
    case DbfType::FwdLink:
        if (c.hardware) return {Choice::Number, {}, "in hardware address " + c.field};
        return {Choice::Text, {}, "text"};
    case DbfType::NoAccess:
        return {Choice::Text, {}, "text"};
    default:
        return {Choice::Number, {}, "in numeric field " + c.field};
    }
}

} // namespace

std::string MacroPlan::definitions() const {
    std::string text;
    for (const MacroValue& v : values)
        text += (text.empty() ? "" : ",") + v.name + "=" + v.value;
    return text;
}

std::string MacroPlan::describe() const {
    std::string text = "macros:";
    for (const MacroValue& v : values)
        text += " " + v.name + "=" + v.value + " (" + v.why + ");";
    for (const std::string& name : defaulted)
        text += " " + name + " (default);";
    for (const std::string& problem : problems)
        text += "\n  needs an override: " + problem;
    return text;
}

MacroPlan planMacros(std::string_view text, const dbstatic::Database& db,
                     std::string_view overrides, Defaults defaults) {
    std::vector<Occurrence> occurrences;
    std::vector<RecordHead> heads;
    Structure(tokenize(text, occurrences), occurrences, heads).run();

    Values fixed;
    for (std::size_t start = 0; start < overrides.size();) {
        std::size_t end = overrides.find(',', start);
        if (end == std::string_view::npos) end = overrides.size();
        const std::string_view item = overrides.substr(start, end - start);
        if (const auto eq = item.find('='); eq != std::string_view::npos)
            fixed[std::string(item.substr(0, eq))] = std::string(item.substr(eq + 1));
        start = end + 1;
    }

    MacroPlan plan;
    Values values = fixed;
    for (int round = 0; round < 8; ++round) {
        // Names in order of first reference, with every context they are used in.
        struct Use {
            std::vector<Context> contexts;
            bool allDefaulted = true;
        };
        std::vector<std::string> order;
        std::map<std::string, Use, std::less<>> uses;
        for (const Occurrence& o : occurrences) {
            const auto name = expand(o.nameTemplate, values);
            if (!name) continue;
            auto [it, added] = uses.try_emplace(*name);
            if (added) order.push_back(*name);
            it->second.contexts.push_back(o.context);
            it->second.allDefaulted = it->second.allDefaulted && o.hasDefault;
        }
        MacroPlan next;
        Values nextValues;
        int number = 0;
        for (const std::string& name : order) {
            const Use& use = uses[name];
            if (auto it = fixed.find(name); it != fixed.end()) {
                next.values.push_back({name, it->second, "override"});
                nextValues[name] = it->second;
                continue;
            }
            if (defaults == Defaults::Keep && use.allDefaulted) {
                next.defaulted.push_back(name);
                continue;
            }
            Decision best{Choice::Text, {}, "text"};
            for (const Context& c : use.contexts) {
                Decision d = decide(c, values, db);
                if (static_cast<int>(d.choice) > static_cast<int>(best.choice)) best = std::move(d);
            }
            std::string value;
            switch (best.choice) {
            case Choice::Problem:
                next.problems.push_back(name + ": " + best.why);
                continue;
            case Choice::Fixed:
                value = best.value;
                break;
            case Choice::Number:
                value = std::to_string(++number);
                break;
            case Choice::Text:
                value = name + ":";
                break;
            }
            next.values.push_back({name, value, best.why});
            nextValues[name] = value;
        }
        for (const auto& [name, value] : fixed)
            nextValues.try_emplace(name, value);
        plan = std::move(next);
        if (nextValues == values) break;
        values = std::move(nextValues);
    }
    // The records the file makes, as EPICS would name them with these values.
    for (const RecordHead& head : heads) {
        const auto name = expand(head.name, values);
        if (!name) {
            plan.unnamedRecords = true;
            continue;
        }
        auto it = std::find(plan.records.begin(), plan.records.end(), *name);
        if (head.type == "#" || head.type == "\"#\"") {
            if (it != plan.records.end()) plan.records.erase(it);
        } else if (it == plan.records.end() && head.type != "*" && head.type != "\"*\"") {
            plan.records.push_back(*name);
        }
    }
    return plan;
}

} // namespace epicsdb::test::corpus
