#include "IocSnapshot.hpp"

#include "ContentHash.hpp"

#include <epicsdb/dbStatic/Database.hpp>
#include <epicsdb/graph/LinkGraph.hpp>
#include <epicsdb/ioc/Startup.hpp>
#include <epicsdb/lint/Findings.hpp>
#include <epicsdb/lint/Lint.hpp>
#include <epicsdb/lint/Rules.hpp>
#include <epicsdb/loaders/DiagnosticJson.hpp>
#include <epicsdb/loaders/DiagnosticText.hpp>
#include <epicsdb/loaders/Provenance.hpp>
#include <epicsdb/loaders/ProvenanceJson.hpp>

#include <cctype>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <unordered_map>

namespace fs = std::filesystem;

namespace epicsdb::facility {

namespace {

// Load diagnostics are kept as they come and handed on to lint's filter (which learns the lines
// with errors from them); what the filter passes on is lint's only when a lint rule made it.
class LoadSink final : public DiagnosticSink {
public:
    explicit LoadSink(DiagnosticSink& lint) : lint_(lint) {}
    void report(Diagnostic diagnostic) override {
        kept.push_back(diagnostic);
        lint_.report(std::move(diagnostic));
    }
    std::vector<Diagnostic> kept;

private:
    DiagnosticSink& lint_;
};

class LintSink final : public DiagnosticSink {
public:
    void report(Diagnostic diagnostic) override {
        if (lint::findRule(diagnostic.code)) kept.push_back(std::move(diagnostic));
    }
    std::vector<Diagnostic> kept;
};

bool readWhole(const std::string& path, std::string& out) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return false;
    std::ostringstream text;
    text << in.rdbuf();
    out = std::move(text).str();
    return true;
}

std::string absoluteOf(std::string_view path) {
    std::error_code ignored;
    return fs::absolute(fs::path(path), ignored).lexically_normal().string();
}

// Names as messages give them (relative to where the IOC ran, or as the script wrote them)
// -> the index's paths.
class PathNames {
public:
    explicit PathNames(std::string root) : root_(std::move(root)) {}
    void add(std::string_view shown, std::string_view path) {
        shown_.try_emplace(std::string(shown), displayPath(root_, absoluteOf(path)));
    }
    [[nodiscard]] std::string shown(const std::string& name) const {
        if (name.empty()) return name;
        const auto found = shown_.find(name);
        if (found != shown_.end()) return found->second;
        // A file no load kept (the one that failed): its absolute name can still be shown.
        return fs::path(name).is_absolute() ? displayPath(root_, name) : name;
    }
    void rewrite(SourceLocation& where) const { where.file = shown(where.file); }
    void rewrite(loaders::MacroUse& use) const {
        rewrite(use.location);
        for (loaders::MacroUse& inner : use.inner)
            rewrite(inner);
    }
    void rewrite(loaders::LoadStep& step) const {
        rewrite(step.location);
        for (loaders::MacroUse& use : step.macros)
            rewrite(use);
    }
    void rewrite(Diagnostic& d) const {
        rewrite(d.location);
        for (ContextFrame& frame : d.context)
            rewrite(frame.location);
        for (RelatedLocation& place : d.related)
            rewrite(place.location);
        for (FixIt& fix : d.fixes)
            fix.range.file = shown(fix.range.file);
    }

private:
    std::string root_;
    std::unordered_map<std::string, std::string> shown_;
};

// A file's lines, to put a statement's column on its keyword (the log keeps the column of its
// argument) and to read an info statement's name.
class FileLines {
public:
    explicit FileLines(std::string_view text) : text_(text) {
        starts_.push_back(0);
        for (std::size_t i = 0; i < text.size(); ++i)
            if (text[i] == '\n') starts_.push_back(i + 1);
    }
    [[nodiscard]] std::string_view line(std::uint32_t number) const {
        if (number == 0 || number > starts_.size()) return {};
        const std::size_t begin = starts_[number - 1];
        const std::size_t end = number < starts_.size() ? starts_[number] - 1 : text_.size();
        return text_.substr(begin, end - begin);
    }

private:
    std::string_view text_;
    std::vector<std::size_t> starts_;
};

bool isNameChar(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

// The column of the keyword whose argument is at `column` (1-based): back over the argument's
// opening '(' and the spaces before it. `column` itself when the line does not look so.
std::uint32_t keywordColumn(std::string_view line, std::uint32_t column) {
    if (column == 0 || column > line.size() + 1) return column;
    std::size_t at = std::min<std::size_t>(column - 1, line.size());
    const std::size_t open = line.rfind('(', at == 0 ? 0 : at - 1);
    if (open == std::string_view::npos || open > at) return column;
    std::size_t end = open;
    while (end > 0 && (line[end - 1] == ' ' || line[end - 1] == '\t'))
        --end;
    std::size_t begin = end;
    while (begin > 0 && isNameChar(line[begin - 1]))
        --begin;
    return begin < end ? static_cast<std::uint32_t>(begin + 1) : column;
}

// The name of the info statement at `column` (its keyword), as written: empty when it is not
// a plain name (a macro builds it).
std::string infoNameAt(std::string_view line, std::uint32_t column) {
    if (column == 0 || column > line.size()) return {};
    std::size_t at = line.find('(', column - 1);
    if (at == std::string_view::npos) return {};
    ++at;
    while (at < line.size() && (line[at] == ' ' || line[at] == '\t'))
        ++at;
    const bool quoted = at < line.size() && line[at] == '"';
    if (quoted) ++at;
    std::size_t end = at;
    while (end < line.size() &&
           (quoted ? line[end] != '"' : line[end] != ',' && line[end] != ')' && line[end] != ' '))
        ++end;
    const std::string_view name = line.substr(at, end - at);
    if (name.find('$') != std::string_view::npos) return {};
    return std::string(name);
}

// The text between the quotes after `lead` in `message` (empty when there is none).
std::string quotedAfter(std::string_view message, std::string_view lead) {
    const std::size_t at = message.find(std::string(lead) + '"');
    if (at == std::string_view::npos) return {};
    const std::size_t begin = at + lead.size() + 1;
    const std::size_t end = message.find('"', begin);
    return end == std::string_view::npos ? std::string()
                                         : std::string(message.substr(begin, end - begin));
}

std::string severityText(Severity severity) {
    return std::string(loaders::severityName(severity));
}

template <class Items, class Write>
std::string jsonOf(const Items& items, Write&& write) {
    loaders::CompactJson json;
    write(json, items);
    return json.text();
}

} // namespace

std::string displayPath(const std::string& root, const std::string& absolute) {
    const fs::path relative = fs::path(absolute).lexically_relative(root);
    if (relative.empty() || *relative.begin() == "..") return absolute;
    return relative.string();
}

IocSnapshot loadIoc(const Facility& facility, const IocEntry& entry) {
    IocSnapshot snapshot;
    snapshot.name = entry.name;
    snapshot.script = displayPath(facility.root, entry.startup);
    snapshot.fingerprint = entry.fingerprint();

    dbstatic::Database db;
    loaders::Provenance provenance;
    lint::WarningControls controls;
    LintSink lintFindings;
    lint::FindingFilter filter(lintFindings, controls);
    lint::LoadFindings loadFindings(filter);
    loadFindings.setDatabase(&db);
    LoadSink loadDiagnostics(filter);

    ioc::StartupOptions options;
    options.definitions = entry.definitions;
    for (const auto& [name, value] : entry.environment)
        options.environment.set(name, value);
    options.loader.provenance = &provenance;
    options.loader.observer = &loadFindings;
    options.loader.jobs = 1; // the indexer loads IOCs side by side instead
    const ioc::StartupReport report =
        ioc::runStartupScript(entry.startup, db, loadDiagnostics, std::move(options));

    lint::LintOptions lintOptions;
    if (!report.unreadable) {
        loadFindings.finish();
        lintOptions.errorLines = filter.errorLines();
        lintOptions.externals = loadFindings.externals();
        const lint::LintTarget target{entry.name, &db};
        lint::lintDatabases({&target, 1}, lintOptions, filter);
    }

    snapshot.unreadable = report.unreadable;
    snapshot.iocInit = report.iocInit;
    snapshot.aliasCount = db.aliasCount();

    // Files: what the loads read, the scripts, the definitions given.
    PathNames names(facility.root);
    std::map<std::string, std::uint32_t> fileIndex; // absolute path -> files
    auto addFile = [&](std::string_view shown,
                       std::string_view path) -> std::optional<std::uint32_t> {
        // A substitution file is known by the name messages give it (the path it was opened
        // by); a file without either is text in memory (the built-in definitions).
        std::error_code ignored;
        if (path.empty() && !shown.empty() && fs::is_regular_file(fs::path(shown), ignored))
            path = shown;
        if (path.empty()) return std::nullopt;
        names.add(shown, path);
        const std::string absolute = absoluteOf(path);
        const auto [at, added] =
            fileIndex.try_emplace(absolute, static_cast<std::uint32_t>(snapshot.files.size()));
        if (added) {
            FileRow file;
            file.absolute = absolute;
            file.path = displayPath(facility.root, absolute);
            if (readWhole(absolute, file.text)) file.hash = contentHash(file.text);
            snapshot.files.push_back(std::move(file));
        }
        return at->second;
    };
    addFile(entry.startup, entry.startup);
    for (const std::string& script : report.scripts)
        addFile(script, script);
    for (const std::string& file : entry.definitions)
        addFile(file, file);
    for (const auto& [shown, path] : provenance.files())
        addFile(shown, path);

    // Sources, as the statements name them.
    std::vector<std::optional<std::uint32_t>> sourceIndex(provenance.sourceCount());
    auto sourceOf = [&](std::uint32_t source) -> std::optional<std::uint32_t> {
        if (source >= sourceIndex.size()) return std::nullopt;
        if (sourceIndex[source]) return sourceIndex[source];
        loaders::SourceSummary summary = provenance.source(source);
        const std::optional<std::uint32_t> file = addFile(summary.file, summary.path);
        if (!file) return std::nullopt;
        for (loaders::LoadStep& step : summary.chain)
            names.rewrite(step);
        for (loaders::MacroUse& use : summary.macros)
            names.rewrite(use);
        SourceRow row;
        row.file = *file;
        row.chain = jsonOf(summary.chain, [](auto& json, const auto& chain) {
            loaders::writeChainJson(json, chain);
        });
        row.macros = jsonOf(summary.macros, [](auto& json, const auto& macros) {
            loaders::writeMacroUsesJson(json, macros);
        });
        sourceIndex[source] = static_cast<std::uint32_t>(snapshot.sources.size());
        snapshot.sources.push_back(std::move(row));
        return sourceIndex[source];
    };
    std::map<std::uint32_t, FileLines> lines; // by file
    auto lineOf = [&](const PlaceRow& place) -> std::string_view {
        if (!place.source) return {};
        const std::uint32_t file = snapshot.sources[*place.source].file;
        auto found = lines.find(file);
        if (found == lines.end())
            found = lines.emplace(file, FileLines(snapshot.files[file].text)).first;
        return found->second.line(place.line);
    };
    auto placeOf = [&](const loaders::StatementPlace& place) {
        PlaceRow row;
        if (!place.known()) return row;
        row.source = sourceOf(place.source);
        row.line = place.line;
        row.column = keywordColumn(lineOf(row), place.column);
        return row;
    };

    // Records, their fields, infos and links; then aliases.
    const auto places = provenance.places();
    std::unordered_map<const dbstatic::Record*, std::uint32_t> recordIndex;
    recordIndex.reserve(db.recordCount());
    std::string value;
    loaders::CompactJson fieldsJson;
    for (const dbstatic::RecordType& type : db.recordTypes()) {
        for (const dbstatic::Record* node = type.firstRecord(); node; node = node->next()) {
            if (node->isAlias()) continue;
            RecordRow row;
            row.name = node->name();
            row.type = type.name();
            const auto found = places.find(node);
            if (found != places.end()) row.place = placeOf(found->second.definition);
            fieldsJson.clear();
            fieldsJson.startArray();
            for (const dbstatic::FieldValue& set : node->setFields()) {
                const dbstatic::FieldDef& definition = type.fields()[set.field];
                value.clear();
                db.getString(*node, definition, value);
                PlaceRow place;
                if (found != places.end())
                    for (const auto& [index, at] : found->second.fields)
                        if (index == set.field) place = placeOf(at);
                fieldsJson.startArray();
                fieldsJson.string(definition.name);
                fieldsJson.string(value);
                if (place.source) {
                    fieldsJson.number(*place.source);
                    fieldsJson.number(place.line);
                    fieldsJson.number(place.column);
                } else {
                    fieldsJson.null();
                    fieldsJson.null();
                    fieldsJson.null();
                }
                fieldsJson.endArray();
                row.fieldPlaces.push_back(place);
            }
            fieldsJson.endArray();
            row.fields = fieldsJson.text();
            for (const dbstatic::InfoItem& info : node->infos())
                row.infos.push_back({std::string(info.name), std::string(info.value), {}});
            if (found != places.end())
                for (const loaders::StatementPlace& at : found->second.infos) {
                    const PlaceRow place = placeOf(at);
                    const std::string name = infoNameAt(lineOf(place), place.column);
                    for (InfoRow& info : row.infos)
                        if (info.name == name) info.place = place;
                }
            recordIndex.emplace(node, static_cast<std::uint32_t>(snapshot.records.size()));
            snapshot.records.push_back(std::move(row));
        }
    }
    for (const dbstatic::RecordType& type : db.recordTypes())
        for (const dbstatic::Record* node = type.firstRecord(); node; node = node->next()) {
            if (!node->isAlias()) continue;
            const auto target = recordIndex.find(&node->real());
            if (target == recordIndex.end()) continue;
            AliasRow alias{std::string(node->name()), target->second, {}};
            if (const auto found = places.find(node); found != places.end())
                alias.place = placeOf(found->second.definition);
            snapshot.aliases.push_back(std::move(alias));
        }
    {
        const graph::LinkGraph links = graph::LinkGraph::build(db);
        std::unordered_map<std::string_view, std::uint32_t> byName;
        byName.reserve(snapshot.records.size());
        for (std::uint32_t i = 0; i < snapshot.records.size(); ++i)
            byName.emplace(snapshot.records[i].name, i);
        for (const graph::Edge& edge : links.edges()) {
            const auto holder = byName.find(links.nodes()[edge.holder()].name);
            if (holder == byName.end()) continue;
            const graph::NodeId target =
                edge.direction == graph::LinkDirection::Input ? edge.from : edge.to;
            LinkRow link;
            link.field = edge.field;
            link.target = links.nodes()[target].name;
            link.targetField = edge.targetField;
            for (std::string_view modifier : graph::modifiersOf(edge)) {
                if (!link.modifiers.empty()) link.modifiers += ' ';
                link.modifiers += modifier;
            }
            snapshot.records[holder->second].links.push_back(std::move(link));
        }
    }

    // The script's report.
    for (const ioc::ScriptLoad& load : report.loads)
        snapshot.loads.push_back({load.command, load.file, load.macros, load.path,
                                  names.shown(load.where.file), load.where.line, load.ok,
                                  load.records});
    for (const ioc::SkippedCommand& command : report.skipped)
        snapshot.skipped.push_back({command.name, command.line, names.shown(command.where.file),
                                    command.where.line, command.known});
    {
        loaders::CompactJson json;
        json.startObject();
        for (const auto& [name, variable] : report.environment.variables())
            json.member(name, variable);
        json.endObject();
        snapshot.environment = json.text();
    }
    {
        loaders::CompactJson json;
        json.startArray();
        for (const std::string& script : report.scripts)
            json.string(names.shown(script));
        json.endArray();
        snapshot.scripts = json.text();
    }

    // Diagnostics: the load's, then lint's; a finding at a record's definition is about it.
    // A finding is at a record's definition or one of its field statements; a template's line
    // is many records': the one the message names.
    std::map<std::pair<std::string, std::uint32_t>, std::vector<std::uint32_t>> recordsAt;
    for (std::uint32_t i = 0; i < snapshot.records.size(); ++i) {
        const RecordRow& record = snapshot.records[i];
        auto note = [&](const PlaceRow& place) {
            if (!place.source) return;
            auto& list =
                recordsAt[{snapshot.files[snapshot.sources[*place.source].file].path, place.line}];
            if (list.empty() || list.back() != i) list.push_back(i);
        };
        note(record.place);
        for (const PlaceRow& place : record.fieldPlaces)
            note(place);
    }
    auto recordOf = [&](const DiagnosticRow& row) -> std::optional<std::uint32_t> {
        const auto at = recordsAt.find({row.file, row.line});
        if (at == recordsAt.end()) return std::nullopt;
        if (at->second.size() == 1) return at->second.front();
        for (std::uint32_t index : at->second)
            if (row.message.find(snapshot.records[index].name) != std::string::npos) return index;
        return std::nullopt;
    };
    auto addDiagnostics = [&](std::vector<Diagnostic>& list, bool isLint) {
        for (Diagnostic& d : list) {
            names.rewrite(d);
            DiagnosticRow row;
            row.lint = isLint;
            row.severity = severityText(d.severity);
            row.code = d.code;
            row.message = d.message;
            row.file = d.location.file;
            row.line = d.location.line;
            row.column = d.location.column;
            if (isLint) row.record = recordOf(row);
            // Lint ran on this IOC alone: the facility tells whether another IOC has the name.
            if (isLint && d.code == "ext-link") row.target = quotedAfter(d.message, "record ");
            row.detail = loaders::diagnosticJson(d);
            if (d.severity == Severity::Error) {
                if (!isLint) ++snapshot.errors;
                if (snapshot.failure.empty() && !isLint)
                    snapshot.failure = loaders::locationText(d.location) + ": " + d.message;
            } else if (d.severity == Severity::Warning && !isLint) {
                ++snapshot.warnings;
            }
            snapshot.diagnostics.push_back(std::move(row));
        }
    };
    addDiagnostics(loadDiagnostics.kept, false);
    addDiagnostics(lintFindings.kept, true);
    if (snapshot.unreadable && snapshot.failure.empty())
        snapshot.failure = snapshot.script + ": the startup script cannot be read";

    // The record types, once per set of definitions.
    std::string hashed;
    std::string initial;
    for (const dbstatic::RecordType& type : db.recordTypes())
        for (const dbstatic::FieldDef& field : type.fields()) {
            if (!db.defaultString(type, field, initial)) initial.clear();
            TypeFieldRow row{std::string(type.name()),
                             std::string(field.name),
                             std::string(dbstatic::dbfTypeName(field.type)),
                             initial,
                             std::string(field.prompt),
                             field.index};
            for (const std::string* part :
                 {&row.type, &row.field, &row.dbf, &row.initial, &row.prompt}) {
                hashed += *part;
                hashed += '\0';
            }
            hashed += '\n';
            snapshot.typeFields.push_back(std::move(row));
        }
    snapshot.definitionsHash = contentHash(hashed);
    return snapshot;
}

} // namespace epicsdb::facility
