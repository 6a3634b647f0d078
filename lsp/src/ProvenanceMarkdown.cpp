#include "ProvenanceMarkdown.hpp"

#include "Uri.hpp"

namespace epicsdb::lsp {

namespace {
using loaders::MacroOrigin;

// Macros inside macro values are shown this deep (a value may be built from others).
constexpr std::size_t kMostMacroIndent = 6;

std::string folderOf(const std::string& path) {
    const std::size_t slash = path.rfind('/');
    return slash == std::string::npos || slash == 0 ? std::string() : path.substr(0, slash);
}
} // namespace

ProvenanceWriter::ProvenanceWriter(const CheckResult& check, bool links)
    : check_(check), style_{links, check.projectFile.empty() ? check.workingDirectory
                                                             : folderOf(check.projectFile)} {}

std::string ProvenanceWriter::absolute(const std::string& file) const {
    // Names that are no path ("<epicsdb>/aiRecord.dbd", a document's URI) stay as they are.
    if (file.empty() || file.front() == '<' || file.find(':') != std::string::npos) return file;
    if (file.front() == '/') return normalPath(file);
    return normalPath(check_.workingDirectory + "/" + file);
}

std::string ProvenanceWriter::place(const SourceLocation& location) const {
    return placeText(absolute(location.file), location.line, style_);
}

std::string ProvenanceWriter::statementLine(const loaders::Statement& statement) const {
    std::string line = place(statement.location);
    if (!statement.text.empty()) line += " " + codeSpan(statement.text);
    return line;
}

std::string ProvenanceWriter::loads(const std::vector<loaders::LoadStep>& chain) const {
    std::string out;
    // Innermost first: each step was reached from the next.
    auto add = [&](const std::string& step) { out += (out.empty() ? "" : ", from ") + step; };
    for (const loaders::LoadStep& step : chain) {
        if (step.command) {
            if (!step.location.file.empty())
                add(place(step.location) + " " + codeSpan(step.text));
            else if (check_.inStartup)
                add(codeSpan(step.text));
            // Else the server's own load of the document checked alone: nothing to tell.
        } else if (step.relation.starts_with("template loaded by")) {
            add("substitution set " + place(step.location) +
                (step.text.empty() ? "" : " (" + markdownEscape(step.text) + ")"));
        } else {
            add(markdownEscape(step.relation) + " " + place(step.location));
        }
    }
    return out;
}

const MacroSetting* ProvenanceWriter::settingOf(const loaders::MacroUse& use) const {
    if (use.origin != MacroOrigin::LoadArgument) return nullptr;
    for (const MacroSetting& setting : check_.macros)
        if (setting.name == use.name && setting.value == use.value) return &setting;
    return nullptr;
}

std::string ProvenanceWriter::originName(const loaders::MacroUse& use) const {
    // A file checked alone is loaded with the project file's macros.
    if (use.origin == MacroOrigin::LoadArgument && !check_.inStartup && settingOf(use))
        return "project file";
    return std::string(loaders::macroOriginName(use.origin));
}

std::string ProvenanceWriter::macroUse(const loaders::MacroUse& use, std::size_t indent) const {
    std::string text =
        std::string(indent, ' ') + "- " + codeSpan(use.name) + " = " + codeSpan(use.value);
    text += use.origin == MacroOrigin::Default || use.origin == MacroOrigin::Undefined ? ": " : " ";
    switch (use.origin) {
    case MacroOrigin::LoadArgument:
        if (!use.location.file.empty()) {
            text += "from the load at " + place(use.location);
        } else if (const MacroSetting* setting = settingOf(use)) {
            text += setting->at.file.empty()
                        ? "from " + markdownEscape(setting->where)
                        : (check_.inStartup ? "from the load at " : "from the project file at ") +
                              placeText(setting->at.file, setting->at.line, style_);
        } else {
            text += "from " + (use.detail.empty() ? "the load" : codeSpan(use.detail));
        }
        break;
    case MacroOrigin::SubstitutionSet:
        text += "from the substitution set at " + place(use.location);
        break;
    case MacroOrigin::PatternRow:
        text += "from pattern row " + std::to_string(use.row) + " at " + place(use.location);
        break;
    case MacroOrigin::Global:
        text += "from the global block at " + place(use.location);
        break;
    case MacroOrigin::ScriptVariable:
        text += "from " + (use.detail.empty() ? std::string("the script") : codeSpan(use.detail)) +
                (use.location.file.empty() ? "" : " at " + place(use.location));
        break;
    case MacroOrigin::ProcessEnvironment:
        text += "from the environment";
        break;
    case MacroOrigin::Default:
        text += "its default, written with it";
        break;
    case MacroOrigin::Undefined:
        text += "not defined (left as written)";
        break;
    }
    if (use.origin != MacroOrigin::Default && use.origin != MacroOrigin::Undefined &&
        !use.written.empty() && use.written != use.value)
        text += ", written " + codeSpan(use.written);
    text += "\n";
    if (indent < kMostMacroIndent)
        for (const loaders::MacroUse& inner : use.inner)
            text += macroUse(inner, indent + 2);
    return text;
}

std::vector<SourceLocation> ProvenanceWriter::macroPlaces(const loaders::MacroUse& use) const {
    std::vector<SourceLocation> places;
    if (use.origin != MacroOrigin::Default && use.origin != MacroOrigin::Undefined) {
        if (!use.location.file.empty()) {
            SourceLocation at = use.location;
            at.file = absolute(at.file);
            places.push_back(std::move(at));
        } else if (const MacroSetting* setting = settingOf(use);
                   setting && !setting->at.file.empty()) {
            places.push_back(setting->at);
        }
    }
    for (const loaders::MacroUse& inner : use.inner)
        for (SourceLocation& at : macroPlaces(inner))
            places.push_back(std::move(at));
    return places;
}

bool ProvenanceWriter::tellsMore(const loaders::Statement& statement) const {
    return !statement.macros.empty() || !loads(statement.chain).empty();
}

bool ProvenanceWriter::tellsMore(const loaders::RecordProvenance& record) const {
    return record.definitions.size() > 1 || !record.aliases.empty() ||
           (record.definitions.size() == 1 && tellsMore(record.definitions.front()));
}

bool ProvenanceWriter::tellsMore(const loaders::FieldProvenance& field) const {
    return field.statements.size() != 1 || tellsMore(field.statements.front());
}

std::string ProvenanceWriter::record(const loaders::RecordProvenance& record) const {
    std::string text = "**" + markdownEscape(record.name) + "** (" + markdownEscape(record.type) +
                       "), defined by:\n";
    for (const loaders::Statement& statement : record.definitions) {
        text += "- " + statementLine(statement);
        if (const std::string through = loads(statement.chain); !through.empty())
            text += "  \n  loaded: " + through;
        text += "\n";
    }
    if (!record.aliases.empty()) {
        text += "\naliases:";
        for (std::size_t i = 0; i < record.aliases.size(); ++i)
            text += std::string(i > 0 ? ", " : " ") + codeSpan(record.aliases[i].value) + " (" +
                    place(record.aliases[i].location) + ")";
        text += "\n";
    }
    return text;
}

std::string ProvenanceWriter::field(const loaders::FieldProvenance& field) const {
    std::string text = "**" + markdownEscape(field.record) + "." + markdownEscape(field.field) +
                       "** = " + codeSpan(field.value);
    if (!field.set) {
        // (Not where the .dbd defines it: definitions kept from an earlier check are not in
        // this check's provenance.)
        return text + ": the record type's default\n";
    }
    if (field.statements.empty()) return text + "\n";
    const loaders::Statement& last = field.statements.back();
    text += "  \nset by " + statementLine(last) + "\n";
    for (const loaders::MacroUse& use : last.macros)
        text += macroUse(use);
    if (const std::string through = loads(last.chain); !through.empty())
        text += "- loaded: " + through + "\n";
    if (field.statements.size() > 1) {
        text += "\nreplaced earlier:\n";
        for (std::size_t i = field.statements.size() - 1; i-- > 0;) {
            const loaders::Statement& earlier = field.statements[i];
            text += "- " + statementLine(earlier) + " = " + codeSpan(earlier.value);
            for (const loaders::MacroUse& use : earlier.macros)
                text += ", " + codeSpan(use.name) + " = " + codeSpan(use.value) + " (" +
                        originName(use) + ")";
            text += "\n";
        }
    }
    return text;
}

} // namespace epicsdb::lsp
