#include "ProvenanceText.hpp"

#include <algorithm>
#include <cstdio>

namespace epicsdb::tools {

namespace {

using loaders::FieldProvenance;
using loaders::LoadStep;
using loaders::MacroOrigin;
using loaders::MacroUse;
using loaders::Statement;

// Labels stand in a column of this width, their text after it: "  set by   db/x.db:3:5 ...".
constexpr std::size_t kLabelWidth = 9;
const std::string kContinuation(2 + kLabelWidth, ' ');

std::string labelled(std::string_view label, std::string_view text) {
    std::string line = "  ";
    line += label;
    line.append(label.size() < kLabelWidth - 1 ? kLabelWidth - label.size() : 1, ' ');
    line += text;
    line += '\n';
    return line;
}

// file:line:column, as diagnostics write a place; what is unknown is left out.
std::string place(const SourceLocation& where) {
    std::string text = where.file;
    if (where.line) text += ":" + std::to_string(where.line);
    if (where.line && where.column) text += ":" + std::to_string(where.column);
    return text;
}

// A statement as one line: a value spread over lines (a JSON value) is shown on one.
std::string oneLine(std::string_view text) {
    std::string line;
    bool space = false;
    for (const char c : text) {
        if (c == '\n' || c == '\r' || (space && (c == ' ' || c == '\t'))) {
            space = true;
            continue;
        }
        if (space && !line.empty() && line.back() != ' ') line += ' ';
        space = false;
        line += c;
    }
    return line;
}

// What gave a macro its value, in a few words.
std::string originWords(const MacroUse& use) {
    switch (use.origin) {
    case MacroOrigin::LoadArgument:
        return use.detail.empty() ? "macros of the load" : "macros of " + use.detail;
    case MacroOrigin::SubstitutionSet:
        return "substitution set";
    case MacroOrigin::PatternRow:
        return "pattern row " + std::to_string(use.row);
    case MacroOrigin::Global:
        return "global";
    case MacroOrigin::ScriptVariable:
        return use.detail.empty() ? "script variable" : use.detail;
    case MacroOrigin::ProcessEnvironment:
        return "the environment";
    case MacroOrigin::Default:
        return "default";
    case MacroOrigin::Undefined:
        return "undefined: left as written";
    }
    return {};
}

// `= "2.5" from motors.substitutions:12:5 (pattern row 3)`.
std::string macroText(const MacroUse& use) {
    std::string text = "= " + quotedText(use.value);
    // The definition as written, when it holds references ("P=$(SYS)"): a plain value says
    // nothing more than the value.
    if (use.written.find('$') != std::string::npos)
        text += " (written " + quotedText(use.written) + ")";
    if (!use.location.file.empty())
        text += " from " + place(use.location) + " (" + originWords(use) + ")";
    else if (use.origin == MacroOrigin::ProcessEnvironment)
        text += " from the environment";
    else
        text += " (" + originWords(use) + ")";
    return text;
}

// The macros a definition used, under the macro that holds it.
void describeInner(const std::vector<MacroUse>& inner, std::size_t depth, std::string& out) {
    for (const MacroUse& use : inner) {
        out += kContinuation + std::string(2 * (depth - 1), ' ') + use.name + " " + macroText(use) +
               "\n";
        describeInner(use.inner, depth + 1, out);
    }
}

// A step as a diagnostic's chain shows it: "st.cmd:3: in dbLoadTemplate(...)", "included from
// a.db:2:1", with what the step itself says ("row 2" of a substitution set) after it.
std::string stepText(const LoadStep& step) {
    if (step.command) {
        const std::string command = oneLine(step.text.empty() ? step.relation : step.text);
        if (step.location.file.empty()) return "in " + command;
        return place(step.location) + ": in " + command;
    }
    std::string text = step.relation + " " + place(step.location);
    if (!step.text.empty()) text += " (" + oneLine(step.text) + ")";
    return text;
}

// One statement: its place and text (and what it gave when it used macros), each macro with
// its origin, then how its file was reached (and the references of each script line).
void describeStatement(std::string_view label, const Statement& statement, std::string& out) {
    std::string head = place(statement.location) + "   " + oneLine(statement.text);
    if (!statement.macros.empty()) head += "   gave " + quotedText(statement.value);
    out += labelled(label, head);
    for (const MacroUse& use : statement.macros) {
        out += labelled(use.name, macroText(use));
        describeInner(use.inner, 1, out);
    }
    for (const LoadStep& step : statement.chain) {
        out += labelled("via", stepText(step));
        describeInner(step.macros, 1, out); // the references of a script line
    }
}

} // namespace

std::string quotedText(std::string_view text) {
    std::string out = "\"";
    for (const char c : text) {
        switch (c) {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\t':
            out += "\\t";
            break;
        case '\r':
            out += "\\r";
            break;
        default:
            if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) {
                char escaped[8];
                std::snprintf(escaped, sizeof escaped, "\\x%02x", static_cast<unsigned char>(c));
                out += escaped;
            } else {
                out += c;
            }
        }
    }
    return out + "\"";
}

std::string describeField(const FieldProvenance& field) {
    std::string out = field.record + "." + field.field + " = " + quotedText(field.value);
    if (!field.set) {
        out += " (default from the record type";
        if (!field.definedAt.file.empty()) out += ", defined at " + place(field.definedAt);
        return out + ")\n";
    }
    out += '\n';
    if (field.statements.empty()) return out + labelled("set by", "no statement was recorded");
    // Most recent first: the one that won, then those it replaced.
    describeStatement("set by", field.statements.back(), out);
    for (auto earlier = field.statements.rbegin() + 1; earlier != field.statements.rend();
         ++earlier)
        describeStatement("earlier", *earlier, out);
    return out;
}

std::string describeRecord(const loaders::RecordProvenance& record,
                           std::span<const FieldProvenance> fields) {
    std::string out = record.name + " (" + record.type + ")\n";
    for (const Statement& definition : record.definitions)
        describeStatement(definition.keyword, definition, out);
    auto brief = [&out](std::string_view label, const Statement& statement) {
        std::string text = place(statement.location) + "   " + oneLine(statement.text);
        if (!statement.macros.empty()) text += "   gave " + quotedText(statement.value);
        out += labelled(label, text);
    };
    for (const Statement& alias : record.aliases)
        brief("alias", alias);
    for (const Statement& info : record.infos)
        brief("info", info);
    if (fields.empty()) return out + labelled("fields", "none set: each has its default");
    out += labelled("fields", std::to_string(fields.size()) + " set (why " + record.name +
                                  ".FIELD tells one's whole chain)");
    // Two columns: "NAME = value", then where the value was set.
    std::vector<std::string> values;
    std::size_t nameWidth = 0;
    std::size_t valueWidth = 0;
    for (const FieldProvenance& field : fields)
        nameWidth = std::max(nameWidth, field.field.size());
    for (const FieldProvenance& field : fields) {
        values.push_back(field.field + std::string(nameWidth - field.field.size(), ' ') + " = " +
                         quotedText(field.value));
        valueWidth = std::max(valueWidth, values.back().size());
    }
    for (std::size_t i = 0; i < fields.size(); ++i) {
        std::string line = kContinuation + values[i];
        if (const std::vector<Statement>& statements = fields[i].statements; !statements.empty()) {
            line += std::string(valueWidth - values[i].size() + 3, ' ') +
                    place(statements.back().location);
            if (statements.size() > 1)
                line += " (last of " + std::to_string(statements.size()) + ")";
        }
        out += line + "\n";
    }
    return out;
}

} // namespace epicsdb::tools
