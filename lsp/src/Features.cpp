#include "Features.hpp"

#include "DocumentProvenance.hpp"
#include "Markdown.hpp"
#include "Protocol.hpp"
#include "ProvenanceMarkdown.hpp"
#include "Uri.hpp"

#include <epicsdb/CharClass.hpp>
#include <epicsdb/dbStatic/Types.hpp>
#include <epicsdb/format/Formatter.hpp>

#include <algorithm>
#include <filesystem>
#include <optional>
#include <set>

namespace epicsdb::lsp {

namespace {
// A completion list stays short enough for an editor to filter as one types.
constexpr std::size_t kMostRecordsOffered = 2000;
// Above any field index of a record type: every index has as many digits.
constexpr std::size_t kSortTextPadding = 10000;
// A hover explains the first record a statement made (a template loaded many times makes one
// per load) and names a few more.
constexpr std::size_t kRecordsNamed = 4;
// Distinct values of a macro a hover lists; places "go to definition" gives, at most.
constexpr std::size_t kMacroValuesShown = 5;
constexpr std::size_t kMostDefinitions = 50;

Range rangeOf(const Document& document, Span span, Encoding encoding) {
    return {document.lines.positionOf(document.text, span.begin, encoding),
            document.lines.positionOf(document.text, span.end, encoding)};
}

struct Location {
    std::string uri;
    Range range;
};

Location locationOf(const Document& document, Span span, Encoding encoding) {
    return {document.uri, rangeOf(document, span, encoding)};
}

Location fileLocation(const std::string& path, unsigned line) {
    const std::uint32_t row = line > 0 ? line - 1 : 0;
    return {uriOfPath(path), {{row, 0}, {row, 0}}};
}

void writeLocation(JsonWriter& out, const Location& location) {
    out.object([&] {
        out.member("uri", location.uri);
        out.member("range", location.range);
    });
}

JsonText locationArray(const std::vector<Location>& locations) {
    return jsonOf([&](JsonWriter& out) {
        out.array([&] {
            for (const Location& location : locations)
                writeLocation(out, location);
        });
    });
}

struct CompletionItem {
    CompletionItem(std::string label, int kind, std::string detail,
                   std::optional<std::string> documentation = std::nullopt,
                   std::optional<std::string> sortText = std::nullopt)
        : label(std::move(label)), kind(kind), detail(std::move(detail)),
          documentation(std::move(documentation)), sortText(std::move(sortText)) {}
    std::string label;
    int kind = 0;
    std::string detail;
    std::optional<std::string> documentation;
    std::optional<std::string> sortText;
};

// A CompletionList, complete.
JsonText completionList(const std::vector<CompletionItem>& items) {
    return jsonOf([&](JsonWriter& out) {
        out.object([&] {
            out.member("isIncomplete", false);
            out.key("items").array([&] {
                for (const CompletionItem& item : items)
                    out.object([&] {
                        out.member("label", item.label);
                        out.member("kind", item.kind);
                        out.member("detail", item.detail);
                        if (item.documentation) out.member("documentation", *item.documentation);
                        if (item.sortText) out.member("sortText", *item.sortText);
                    });
            });
        });
    });
}

const dbstatic::Database& databaseOf(const OpenDocument& document) {
    return *document.check->database;
}

const FieldEntry* fieldAt(const RecordEntry* record, std::size_t offset, bool& onName) {
    if (!record) return nullptr;
    for (const FieldEntry& field : record->fields) {
        if (field.name.span.contains(offset)) {
            onName = true;
            return &field;
        }
        if (field.value.span.contains(offset)) {
            onName = false;
            return &field;
        }
    }
    return nullptr;
}

const MacroReference* macroAt(const DocumentIndex& index, std::size_t offset) {
    for (const MacroReference& macro : index.macros)
        if (offset >= macro.span.begin && offset < macro.span.end) return &macro;
    return nullptr;
}

// Where a record of this name is written in an open document, the document asked about first.
struct RecordPlace {
    const OpenDocument* document = nullptr;
    const RecordEntry* record = nullptr;
};

std::vector<RecordPlace> recordsNamed(const FeatureContext& context, const OpenDocument& first,
                                      std::string_view name) {
    std::vector<RecordPlace> out;
    auto scan = [&](const OpenDocument& open) {
        for (const RecordEntry& record : open.index->records)
            if (record.name.text == name)
                out.push_back({&open, &record});
            else
                for (const Word& alias : record.aliases)
                    if (alias.text == name) out.push_back({&open, &record});
    };
    scan(first);
    for (const OpenDocument& open : context.open)
        if (open.document != first.document) scan(open);
    return out;
}

std::string resolvedPath(const std::string& directory, const std::string& file) {
    if (file.empty() || file.front() == '/') return normalPath(file);
    return normalPath(directory + "/" + file);
}

std::string fieldHover(const dbstatic::RecordType& type, const dbstatic::FieldDef& field) {
    std::string text = "**" + std::string(type.name()) + "." + std::string(field.name) + "**";
    if (!field.prompt.empty()) text += ": " + markdownEscape(field.prompt);
    text += "\n\n- type: `" + std::string(dbstatic::dbfTypeName(field.type)) + "`";
    if (field.type == dbstatic::DbfType::String) text += "\n- size: " + std::to_string(field.size);
    if (field.menu) text += "\n- menu: `" + std::string(field.menu->name()) + "`";
    if (field.hasInitial) text += "\n- default: `" + std::string(field.initial) + "`";
    if (!field.promptGroup.empty()) text += "\n- group: " + markdownEscape(field.promptGroup);
    return text;
}

std::string choicesHover(std::string_view title, const std::vector<std::string>& choices,
                         std::string_view current) {
    std::string text = std::string(title);
    for (const std::string& choice : choices)
        text += "\n- " + std::string(choice == current ? "**" : "") + "`" + choice + "`" +
                (choice == current ? "** (this one)" : "");
    return text;
}

std::vector<std::string> choicesOf(const dbstatic::RecordType& type,
                                   const dbstatic::FieldDef& field) {
    std::vector<std::string> out;
    if (field.menu)
        for (const dbstatic::MenuChoice& choice : field.menu->choices())
            out.emplace_back(choice.value);
    else if (type.dtypField() && &field == type.dtypField())
        for (const dbstatic::DeviceSupport& device : type.devices())
            out.emplace_back(device.choice);
    return out;
}

// A Hover.
JsonText markdown(const std::string& text, const Range& range) {
    return jsonOf([&](JsonWriter& out) {
        out.object([&] {
            out.key("contents").object([&] {
                out.member("kind", MarkupKind::Markdown);
                out.member("value", text);
            });
            out.member("range", range);
        });
    });
}

std::string recordHover(const FeatureContext& context, const OpenDocument& document,
                        const std::string& name) {
    std::string text;
    for (const RecordPlace& place : recordsNamed(context, document, name)) {
        const Position at = place.document->document->lines.positionOf(
            place.document->document->text, place.record->whole.begin, context.encoding);
        text += "record(" + place.record->type.text + ", \"" + markdownEscape(name) + "\")  \n" +
                "defined in " + markdownEscape(place.document->document->path) + ":" +
                std::to_string(at.line + 1) + "\n\n";
    }
    if (text.empty()) {
        const dbstatic::Database& db = databaseOf(document);
        if (const dbstatic::Record* record = db.findRecord(name)) {
            const dbstatic::Record& real = record->real();
            text = "record(" + std::string(real.type().name()) + ", \"" +
                   markdownEscape(real.name()) + "\")";
            if (record->isAlias()) text += " (through the alias \"" + markdownEscape(name) + "\")";
            const dbstatic::SourcePosition where = real.position();
            if (where.line > 0)
                text += "  \ndefined in " + markdownEscape(db.fileName(where.file)) + ":" +
                        std::to_string(where.line);
        }
    }
    return text.empty() ? "record \"" + markdownEscape(name) + "\": not defined by what was loaded"
                        : text;
}

// Two parts of a hover, a rule between them when there is a second.
std::string withProvenance(std::string first, const std::string& second) {
    if (second.empty()) return first;
    while (!first.empty() && first.back() == '\n')
        first.pop_back();
    return first + "\n\n---\n\n" + second;
}

// What the reference gave in the loads of the document, each distinct value and origin once
// (a few of them, and how many more).
struct MacroValues {
    std::vector<std::string> lines;
    std::size_t more = 0;
    bool atMost = false; // the loads asked about were not all of them

    [[nodiscard]] std::size_t count() const noexcept { return lines.size() + more; }
    [[nodiscard]] std::string markdown(std::string_view name) const {
        std::string text = "**$(" + markdownEscape(name) + ")** in the loads of this file:\n";
        for (const std::string& line : lines)
            text += line;
        if (atMost)
            text += "- and more\n";
        else if (more > 0)
            text += "- and " + std::to_string(more) + " more\n";
        return text;
    }
};

MacroValues macroValues(const FeatureContext& context, const OpenDocument& document,
                        const RecordEntry* record, const MacroReference& macro) {
    MacroValues values;
    if (!record) return values;
    const DocumentProvenance view(*document.check, *document.document);
    const ProvenanceWriter writer(*document.check, context.markdownLinks);
    std::set<std::string> seen;
    const std::vector<loaders::MacroUse> uses = view.macroUses(*record, macro, kMostDefinitions);
    values.atMost = uses.size() == kMostDefinitions;
    for (const loaders::MacroUse& use : uses) {
        if (use.origin == loaders::MacroOrigin::Undefined) continue;
        std::string line = writer.macroUse(use);
        if (!seen.insert(line).second) continue;
        if (values.lines.size() < kMacroValuesShown)
            values.lines.push_back(std::move(line));
        else
            ++values.more;
    }
    return values;
}

std::string macroHover(const FeatureContext& context, const OpenDocument& document,
                       const RecordEntry* record, const MacroReference& macro,
                       std::string_view referenceText) {
    std::string text = "**$(" + markdownEscape(macro.name) + ")**";
    const MacroValues values = macroValues(context, document, record, macro);
    for (const MacroSetting& setting : document.check->macros)
        if (setting.name == macro.name)
            // The document's own load; the others too when they gave it other values.
            return withProvenance(text + " = `" + setting.value + "`  \nset in " +
                                      markdownEscape(setting.where),
                                  values.count() > 1 ? values.markdown(macro.name) : "");
    // Not a macro of the document's own load: a template's set, pattern row or global.
    if (values.count() > 0) return values.markdown(macro.name);
    const std::size_t equals = referenceText.find('=');
    if (equals != std::string_view::npos) {
        std::string_view fallback = referenceText.substr(equals + 1);
        if (!fallback.empty() && (fallback.back() == ')' || fallback.back() == '}'))
            fallback.remove_suffix(1);
        return text + " = `" + std::string(fallback) + "`  \nits default, given here";
    }
    return text + ": not set (" +
           std::string(document.check->inStartup ? "the startup script's load gives no value"
                                                 : "give it a value in .epicsdb.toml [macros]") +
           ")";
}

// The records the record statement `record` made, as a hover's second part: the first one's
// record statements, the others named.
std::string recordProvenanceHover(const FeatureContext& context, const OpenDocument& document,
                                  const RecordEntry& record) {
    const DocumentProvenance view(*document.check, *document.document);
    const std::vector<std::string> made = view.recordsMadeBy(record, kRecordsNamed + 1);
    if (made.empty()) return {};
    const auto first = view.provenance().record(view.database(), made.front());
    const ProvenanceWriter writer(*document.check, context.markdownLinks);
    if (!first || (made.size() == 1 && !writer.tellsMore(*first))) return {};
    std::string text = writer.record(*first);
    if (made.size() > 1) {
        text += "\nthis statement also made";
        for (std::size_t i = 1; i < made.size() && i < kRecordsNamed; ++i)
            text += (i > 1 ? ", " : " ") + codeSpan(made[i]);
        if (made.size() > kRecordsNamed) text += " and more";
        text += "\n";
    }
    return text;
}

// The chain of the field `field` of the record statement `record`, as the first record the
// statement made has it; the others named with what the statement gave them.
std::string fieldProvenanceHover(const FeatureContext& context, const OpenDocument& document,
                                 const RecordEntry& record, const FieldEntry& field) {
    const DocumentProvenance view(*document.check, *document.document);
    const std::vector<StatementInRecord> made =
        view.statementsAt(record, &field, kRecordsNamed + 1);
    if (made.empty()) return {};
    const auto first =
        view.provenance().field(view.database(), made.front().record, field.name.text);
    const ProvenanceWriter writer(*document.check, context.markdownLinks);
    if (!first || (made.size() == 1 && !writer.tellsMore(*first))) return {};
    std::string text = writer.field(*first);
    if (made.size() > 1) {
        text += "\nthis statement also gave";
        for (std::size_t i = 1; i < made.size() && i < kRecordsNamed; ++i)
            text += (i > 1 ? ", " : " ") + codeSpan(made[i].record) + " " +
                    codeSpan(made[i].statement.value);
        if (made.size() > kRecordsNamed) text += " and more";
        text += "\n";
    }
    return text;
}

// Where a link's target record and its field (`rec.FIELD`) came from, as the document's
// check loaded them.
std::string linkProvenanceHover(const FeatureContext& context, const OpenDocument& document,
                                const std::string& target, std::string_view fieldName) {
    if (!document.check->provenance) return {};
    const loaders::Provenance& provenance = *document.check->provenance;
    const dbstatic::Database& db = databaseOf(document);
    const ProvenanceWriter writer(*document.check, context.markdownLinks);
    std::string text;
    if (const auto record = provenance.record(db, target); record && writer.tellsMore(*record))
        text = writer.record(*record);
    if (!fieldName.empty())
        if (const auto field = provenance.field(db, target, fieldName))
            text += (text.empty() ? "" : "\n") + writer.field(*field);
    return text;
}

const dbstatic::RecordType* typeOf(const OpenDocument& document, const RecordEntry* record) {
    if (!record) return nullptr;
    const dbstatic::Database& db = databaseOf(document);
    // record("*", name) extends a record defined elsewhere: the type is the record's.
    if (record->type.text == "*")
        if (const dbstatic::Record* found = db.findRecord(record->name.text))
            return &found->real().type();
    return db.findRecordType(record->type.text);
}
} // namespace

const OpenDocument* FeatureContext::find(std::string_view uri) const {
    for (const OpenDocument& document : open)
        if (document.document->uri == uri) return &document;
    return nullptr;
}

std::string linkTarget(std::string_view value) {
    while (!value.empty() && (value.front() == ' ' || value.front() == '\t'))
        value.remove_prefix(1);
    if (value.empty() || value.front() == '@' || value.front() == '#' || value.front() == '{' ||
        value.front() == '[' || value.front() == '"')
        return {};
    for (std::string_view scheme : {"ca://", "pva://"})
        if (value.starts_with(scheme)) value.remove_prefix(scheme.size());
    value = value.substr(0, value.find_first_of(" \t"));
    // A number is a constant.
    if (!value.empty() &&
        (chars::isDigit(value.front()) ||
         ((value.front() == '-' || value.front() == '+' || value.front() == '.') &&
          value.size() > 1 && chars::isDigit(value[1]))))
        return {};
    // name.FIELD: the field is not part of the name (a '.' inside $(...) is).
    std::size_t dot = std::string_view::npos;
    int depth = 0;
    for (std::size_t i = 0; i < value.size(); ++i) {
        if (value[i] == '(' || value[i] == '{') ++depth;
        if (value[i] == ')' || value[i] == '}') --depth;
        if (value[i] == '.' && depth == 0) dot = i;
    }
    if (dot != std::string_view::npos) value = value.substr(0, dot);
    return std::string(value);
}

namespace {
// The field a link value names ("x:y.VAL NPP" -> "VAL"); empty when it names none.
std::string linkField(std::string_view value) {
    const std::string target = linkTarget(value);
    if (target.empty()) return {};
    const std::size_t at = value.find(target);
    if (at == std::string_view::npos) return {};
    std::string_view rest = value.substr(at + target.size());
    if (rest.empty() || rest.front() != '.') return {};
    rest.remove_prefix(1);
    return std::string(rest.substr(0, rest.find_first_of(" \t")));
}

// The record named at `offset`: a record's own name, or the target of a link field's value
// (a field of a known type whose definition is a link); empty elsewhere.
std::string recordNameAt(const OpenDocument& document, const RecordEntry* record,
                         std::size_t offset) {
    if (record && record->name.span.contains(offset)) return record->name.text;
    bool onName = false;
    const FieldEntry* field = fieldAt(record, offset, onName);
    const dbstatic::RecordType* type = typeOf(document, record);
    if (!field || onName || field->info || !type) return {};
    const dbstatic::FieldDef* def = type->findField(field->name.text);
    if (!def || !dbstatic::isLinkType(def->type)) return {};
    return linkTarget(field->value.text);
}
} // namespace

JsonText hover(const FeatureContext& context, const OpenDocument& document, Position position) {
    const Document& doc = *document.document;
    const std::size_t offset = doc.lines.offsetOf(doc.text, position, context.encoding);
    const DocumentIndex& index = *document.index;
    const RecordEntry* record = index.recordAt(offset);
    if (const MacroReference* macro = macroAt(index, offset))
        return markdown(macroHover(context, document, record, *macro,
                                   std::string_view(doc.text).substr(
                                       macro->span.begin, macro->span.end - macro->span.begin)),
                        rangeOf(doc, macro->span, context.encoding));
    if (record && record->name.span.contains(offset) && !record->name.text.empty())
        return markdown(withProvenance(recordHover(context, document, record->name.text),
                                       recordProvenanceHover(context, document, *record)),
                        rangeOf(doc, record->name.span, context.encoding));
    const dbstatic::RecordType* type = typeOf(document, record);
    if (record && record->type.span.contains(offset) && type)
        return markdown("record type **" + std::string(type->name()) +
                            "**: " + std::to_string(type->fields().size()) + " fields, " +
                            std::to_string(type->devices().size()) + " device supports",
                        rangeOf(doc, record->type.span, context.encoding));
    bool onName = false;
    const FieldEntry* field = fieldAt(record, offset, onName);
    if (!field || field->info || !type) return jsonNull();
    const dbstatic::FieldDef* def = type->findField(field->name.text);
    if (!def) return jsonNull();
    if (onName)
        return markdown(withProvenance(fieldHover(*type, *def),
                                       fieldProvenanceHover(context, document, *record, *field)),
                        rangeOf(doc, field->name.span, context.encoding));
    const Range valueRange = rangeOf(doc, field->value.span, context.encoding);
    if (const std::vector<std::string> choices = choicesOf(*type, *def); !choices.empty())
        return markdown(
            choicesHover(def->menu
                             ? "choices of menu `" + std::string(def->menu->name()) + "`"
                             : "device supports of `" + std::string(type->name()) + "` (DTYP)",
                         choices, field->value.text),
            valueRange);
    if (dbstatic::isLinkType(def->type)) {
        // A link built from macros: as the first record the statement made has it.
        std::string link = field->value.text;
        if (link.find('$') != std::string::npos) {
            const DocumentProvenance view(*document.check, doc);
            if (const std::vector<StatementInRecord> made = view.statementsAt(*record, field, 1);
                !made.empty())
                link = made.front().statement.value;
        }
        if (const std::string target = linkTarget(link); !target.empty())
            return markdown(
                withProvenance(recordHover(context, document, target),
                               linkProvenanceHover(context, document, target, linkField(link))),
                valueRange);
    }
    return markdown(fieldHover(*type, *def), valueRange);
}

JsonText completion(const FeatureContext& context, const OpenDocument& document,
                    Position position) {
    const Document& doc = *document.document;
    const std::size_t offset = doc.lines.offsetOf(doc.text, position, context.encoding);
    const std::size_t lineStart = doc.lines.lineStart(doc.lines.lineOf(offset));
    const std::string_view before =
        std::string_view(doc.text).substr(lineStart, offset - lineStart);
    const dbstatic::Database& db = databaseOf(document);
    std::vector<CompletionItem> items;

    const auto isIdent = chars::isIdentifier;
    // The word being typed, back to a quote, a parenthesis, a comma or a blank.
    std::size_t wordStart = before.size();
    while (wordStart > 0 && before[wordStart - 1] != '"' && before[wordStart - 1] != '(' &&
           before[wordStart - 1] != ',' && before[wordStart - 1] != ' ' &&
           before[wordStart - 1] != '\t' && before[wordStart - 1] != '{')
        --wordStart;
    std::string_view head = before.substr(0, wordStart);
    while (!head.empty() && (head.back() == '"' || head.back() == ' ' || head.back() == '\t'))
        head.remove_suffix(1);

    // $( or ${: macro names.
    if (const std::size_t dollar = before.rfind('$');
        dollar != std::string_view::npos && dollar + 1 < before.size() &&
        (before[dollar + 1] == '(' || before[dollar + 1] == '{') &&
        std::all_of(before.begin() + static_cast<std::ptrdiff_t>(dollar) + 2, before.end(),
                    isIdent)) {
        std::set<std::string> names;
        for (const MacroSetting& macro : document.check->macros)
            if (names.insert(macro.name).second)
                items.emplace_back(macro.name, CompletionItemKind::Variable,
                                   "= " + macro.value + " (" + macro.where + ")");
        for (const MacroReference& macro : document.index->macros)
            if (names.insert(macro.name).second)
                items.emplace_back(macro.name, CompletionItemKind::Variable, "used in this file");
        return completionList(items);
    }

    auto endsWithKeyword = [&](std::string_view keyword) {
        std::string_view h = head;
        if (h.empty() || h.back() != '(') return false;
        h.remove_suffix(1);
        while (!h.empty() && (h.back() == ' ' || h.back() == '\t'))
            h.remove_suffix(1);
        if (!h.ends_with(keyword)) return false;
        h.remove_suffix(keyword.size());
        return h.empty() || !isIdent(h.back());
    };

    if (endsWithKeyword("record") || endsWithKeyword("grecord")) {
        for (const dbstatic::RecordType& type : db.recordTypes())
            items.emplace_back(std::string(type.name()), CompletionItemKind::Class, "record type");
        return completionList(items);
    }
    const RecordEntry* record = document.index->recordAt(offset);
    const dbstatic::RecordType* type = typeOf(document, record);
    if (endsWithKeyword("field")) {
        if (!type) return completionList(items);
        for (const dbstatic::FieldDef& field : type->fields()) {
            if (field.type == dbstatic::DbfType::NoAccess || field.name == "NAME") continue;
            items.push_back(
                {std::string(field.name), CompletionItemKind::Field,
                 std::string(dbstatic::dbfTypeName(field.type)), std::string(field.prompt),
                 // The fields with a prompt group (those DCT shows) first, then in the
                 // order of the record type (the index padded to sort as text).
                 (field.isDct() ? "0" : "1") + std::to_string(kSortTextPadding + field.index)});
        }
        return completionList(items);
    }
    // field(NAME, |: the field's values.
    if (!head.empty() && head.back() == ',') {
        std::string_view h = head.substr(0, head.size() - 1);
        while (!h.empty() && (h.back() == ' ' || h.back() == '"' || h.back() == '\t'))
            h.remove_suffix(1);
        std::size_t nameStart = h.size();
        while (nameStart > 0 && isIdent(h[nameStart - 1]))
            --nameStart;
        const std::string_view fieldName = h.substr(nameStart);
        std::string_view opener = h.substr(0, nameStart);
        while (!opener.empty() &&
               (opener.back() == ' ' || opener.back() == '"' || opener.back() == '\t'))
            opener.remove_suffix(1);
        const bool isField = opener.ends_with("(") &&
                             std::string_view(opener.substr(0, opener.size() - 1)).find("field") !=
                                 std::string_view::npos;
        const dbstatic::FieldDef* def = type && isField ? type->findField(fieldName) : nullptr;
        if (def) {
            for (const std::string& choice : choicesOf(*type, *def))
                items.emplace_back(choice, CompletionItemKind::EnumMember,
                                   def->menu ? std::string(def->menu->name()) : "DTYP");
            if (dbstatic::isLinkType(def->type)) {
                std::set<std::string> names;
                for (const OpenDocument& open : context.open)
                    for (const RecordEntry& other : open.index->records)
                        if (!other.name.text.empty() && names.insert(other.name.text).second)
                            items.emplace_back(other.name.text, CompletionItemKind::Reference,
                                               "record(" + other.type.text + ")");
                for (const dbstatic::RecordType& t : db.recordTypes())
                    for (const dbstatic::Record* r = t.firstRecord();
                         r && names.size() < kMostRecordsOffered; r = r->next())
                        if (names.insert(std::string(r->name())).second)
                            items.emplace_back(std::string(r->name()),
                                               CompletionItemKind::Reference,
                                               "record(" + std::string(t.name()) + ")");
            }
        }
    }
    return completionList(items);
}

JsonText definition(const FeatureContext& context, const OpenDocument& document,
                    Position position) {
    const Document& doc = *document.document;
    const std::size_t offset = doc.lines.offsetOf(doc.text, position, context.encoding);
    const DocumentIndex& index = *document.index;
    const std::string directory = doc.path.empty() ? document.check->workingDirectory
                                                   : doc.path.substr(0, doc.path.rfind('/'));
    // include "x" / file "x": the file, found as the loads find it.
    auto fileTarget = [&](const Word& word) -> JsonText {
        std::vector<std::string> candidates{resolvedPath(directory, word.text)};
        for (const std::string& read : document.check->filesRead)
            if (read.ends_with("/" + word.text)) candidates.insert(candidates.begin(), read);
        for (const std::string& candidate : candidates) {
            std::error_code error;
            if (std::filesystem::is_regular_file(candidate, error) ||
                context.documents->findPath(candidate))
                return jsonOf(
                    [&](JsonWriter& out) { writeLocation(out, fileLocation(candidate, 1)); });
        }
        return jsonNull();
    };
    for (const Word& include : index.includes)
        if (include.span.contains(offset)) return fileTarget(include);
    for (const Word& file : index.templateFiles)
        if (file.span.contains(offset)) return fileTarget(file);
    // $(NAME): where its value was set, in each load of the document.
    if (const MacroReference* macro = macroAt(index, offset))
        if (const RecordEntry* record = index.recordAt(offset)) {
            const DocumentProvenance view(*document.check, doc);
            const ProvenanceWriter writer(*document.check, context.markdownLinks);
            std::vector<Location> out;
            std::set<std::pair<std::string, unsigned>> seen;
            for (const loaders::MacroUse& use : view.macroUses(*record, *macro, kMostDefinitions))
                for (const SourceLocation& at : writer.macroPlaces(use))
                    if (out.size() < kMostDefinitions && !at.file.empty() &&
                        at.file.front() == '/' && seen.emplace(at.file, at.line).second)
                        out.push_back(fileLocation(at.file, at.line));
            if (!out.empty()) return locationArray(out);
        }

    const std::string name = recordNameAt(document, index.recordAt(offset), offset);
    if (name.empty()) return jsonNull();
    std::vector<Location> out;
    for (const RecordPlace& place : recordsNamed(context, document, name))
        out.push_back(
            locationOf(*place.document->document, place.record->name.span, context.encoding));
    if (out.empty())
        if (const dbstatic::Record* found = databaseOf(document).findRecord(name)) {
            const dbstatic::SourcePosition where = found->real().position();
            const std::string file(databaseOf(document).fileName(where.file));
            if (where.line > 0 && !file.empty())
                out.push_back(
                    fileLocation(resolvedPath(document.check->workingDirectory, file), where.line));
        }
    return out.empty() ? jsonNull() : locationArray(out);
}

JsonText references(const FeatureContext& context, const OpenDocument& document, Position position,
                    bool includeDeclaration) {
    const Document& doc = *document.document;
    const std::size_t offset = doc.lines.offsetOf(doc.text, position, context.encoding);
    const std::string name = recordNameAt(document, document.index->recordAt(offset), offset);
    if (name.empty()) return emptyArray();
    std::vector<Location> out;
    if (includeDeclaration)
        for (const RecordPlace& place : recordsNamed(context, document, name))
            out.push_back(
                locationOf(*place.document->document, place.record->name.span, context.encoding));
    // Every link field of an open document whose target is the record.
    for (const OpenDocument& open : context.open)
        for (const RecordEntry& other : open.index->records) {
            const dbstatic::RecordType* type = databaseOf(open).findRecordType(other.type.text);
            for (const FieldEntry& field : other.fields) {
                if (field.info) continue;
                const dbstatic::FieldDef* def = type ? type->findField(field.name.text) : nullptr;
                if (def && !dbstatic::isLinkType(def->type)) continue;
                if (!def && field.value.text.find(name) == std::string::npos) continue;
                if (linkTarget(field.value.text) == name)
                    out.push_back(locationOf(*open.document, field.value.span, context.encoding));
            }
        }
    return locationArray(out);
}

JsonText documentSymbols(const FeatureContext& context, const OpenDocument& document) {
    const Document& doc = *document.document;
    const Encoding encoding = context.encoding;
    auto symbol = [](JsonWriter& out, std::string_view name, std::string_view detail, int kind,
                     const Range& range, const Range& selection, auto&& children) {
        out.object([&] {
            out.member("name", name);
            out.member("detail", detail);
            out.member("kind", kind);
            out.member("range", range);
            out.member("selectionRange", selection);
            children();
        });
    };
    return jsonOf([&](JsonWriter& out) {
        out.array([&] {
            for (const RecordEntry& record : document.index->records) {
                if (record.name.text.empty()) continue;
                symbol(out, record.name.text, record.type.text, SymbolKind::Struct,
                       rangeOf(doc, record.whole, encoding),
                       rangeOf(doc, record.name.span, encoding), [&] {
                           out.key("children").array([&] {
                               for (const FieldEntry& field : record.fields)
                                   symbol(out, field.name.text.empty() ? "?" : field.name.text,
                                          field.value.text,
                                          field.info ? SymbolKind::Property : SymbolKind::Field,
                                          rangeOf(doc,
                                                  {field.name.span.begin, field.value.span.end},
                                                  encoding),
                                          rangeOf(doc, field.name.span, encoding), [] {});
                           });
                       });
            }
            for (const Word& file : document.index->templateFiles)
                symbol(out, file.text, "template", SymbolKind::File,
                       rangeOf(doc, file.span, encoding), rangeOf(doc, file.span, encoding), [] {});
        });
    });
}

JsonText formatting(const FeatureContext& context, const OpenDocument& document,
                    std::string& error) {
    const Document& doc = *document.document;
    format::FormatOptions options;
    options.definitions = document.check->database.get();
    format::FormatResult result;
    if (doc.kind == DocumentKind::Substitutions)
        result = format::formatSubstitutions(doc.text, options);
    else if (doc.kind == DocumentKind::Database)
        result = format::formatDatabase(doc.text, options);
    else {
        error = "only database and substitution files are formatted";
        return jsonNull();
    }
    if (!result.ok()) {
        const format::FormatError& first = result.errors.front();
        error = "cannot format: " + std::to_string(first.line) + ":" +
                std::to_string(first.column) + ": " + first.message;
        return jsonNull();
    }
    if (result.text == doc.text) return emptyArray();
    const Position end = doc.lines.positionOf(doc.text, doc.text.size(), context.encoding);
    return jsonOf([&](JsonWriter& out) {
        out.array([&] {
            out.object([&] {
                out.member("range", Range{{0, 0}, end});
                out.member("newText", result.text);
            });
        });
    });
}

} // namespace epicsdb::lsp
