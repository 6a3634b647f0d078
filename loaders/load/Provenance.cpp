// The queries of a Provenance: the log's small integers turned back into statements a person
// reads. A statement's text is read from its file (the text the Loader kept, or the file read
// again), its keyword found on the recorded line, its value argument expanded again with its
// load's macros (the table the load had: no environment), and each macro reference traced to
// the definition that gave it.
#include <epicsdb/loaders/Provenance.hpp>

#include "source/FileCache.hpp"
#include "source/ProvenanceLog.hpp"
#include "source/TextFile.hpp"

#include <epicsdb/CharClass.hpp>
#include <epicsdb/dbStatic/Database.hpp>
#include <epicsdb/dbStatic/Values.hpp>
#include <epicsdb/macLib/Definitions.hpp>
#include <epicsdb/macLib/MacroTable.hpp>
#include <epicsdb/macLib/ReferenceSearch.hpp>

#include <algorithm>
#include <initializer_list>
#include <unordered_map>

namespace epicsdb::loaders {

using Log = ProvenanceLog;

std::string_view macroOriginName(MacroOrigin origin) noexcept {
    switch (origin) {
    case MacroOrigin::LoadArgument:
        return "load argument";
    case MacroOrigin::SubstitutionSet:
        return "substitution set";
    case MacroOrigin::PatternRow:
        return "pattern row";
    case MacroOrigin::Global:
        return "global";
    case MacroOrigin::ScriptVariable:
        return "script variable";
    case MacroOrigin::ProcessEnvironment:
        return "environment";
    case MacroOrigin::Default:
        return "default";
    case MacroOrigin::Undefined:
        return "undefined";
    }
    return "undefined";
}

namespace {

// How deep the macros inside macro values are followed (a value may name itself).
constexpr int kMaxMacroDepth = 8;
// How far a statement is read past its line (a JSON value over several lines).
constexpr std::size_t kMaxStatementBytes = 64 * 1024;

// One `$(name)`/`${name}` reference of a text, with its default when it has one.
struct Reference {
    std::string_view name;
    std::optional<std::string_view> fallback;
};

// The references of a text as macLib reads them, outermost only, each name once (a name built
// from other references is not one: it has no single definition).
std::vector<Reference> referencesIn(std::string_view text) {
    std::vector<Reference> found;
    for (const maclib::Reference& ref : maclib::scanReferences(text)) {
        if (ref.name.find('$') != std::string_view::npos ||
            std::any_of(found.begin(), found.end(),
                        [&](const Reference& r) { return r.name == ref.name; }))
            continue;
        found.push_back({ref.name, ref.defaultText});
    }
    return found;
}

// A statement found on its line: `keyword(first, second)`.
struct FoundStatement {
    std::size_t begin = 0; // of the keyword, in the text from the line's start
    std::size_t end = 0;   // after the closing parenthesis (or the end of what was read)
    std::string_view keyword;
    std::string_view first;
    std::string_view second;
};

std::string_view trimmed(std::string_view text) {
    while (!text.empty() && chars::isSpace(text.front()))
        text.remove_prefix(1);
    while (!text.empty() && chars::isSpace(text.back()))
        text.remove_suffix(1);
    return text;
}

// The statement with one of `keywords` on the line that starts `from`, the one at or before
// `column` (the recorded token; a macro earlier on the line may have moved it), else the first.
std::optional<FoundStatement> findStatement(std::string_view from, std::uint32_t column,
                                            std::initializer_list<std::string_view> keywords) {
    const std::string_view line = from.substr(0, from.find('\n'));
    std::optional<FoundStatement> chosen;
    for (std::size_t at = 0; at < line.size(); ++at) {
        if (at > 0 && chars::isDbWordChar(line[at - 1])) continue;
        for (std::string_view keyword : keywords) {
            if (line.substr(at, keyword.size()) != keyword) continue;
            std::size_t open = at + keyword.size();
            while (open < line.size() && chars::isSpace(line[open]))
                ++open;
            if (open >= line.size() || line[open] != '(') continue;
            if (chosen && column && at + 1 > column) return chosen;
            chosen = FoundStatement{at, open, keyword, {}, {}};
            break;
        }
    }
    if (!chosen) return std::nullopt;
    // The arguments, to the closing parenthesis: quotes, escapes and JSON brackets respected.
    const std::string_view text = from.substr(0, std::min(from.size(), kMaxStatementBytes));
    const std::size_t open = chosen->end;
    std::size_t comma = std::string_view::npos;
    std::size_t close = text.size();
    int depth = 0;
    bool inQuote = false;
    for (std::size_t i = open + 1; i < text.size(); ++i) {
        const char c = text[i];
        if (inQuote) {
            if (c == '\\')
                ++i;
            else if (c == '"')
                inQuote = false;
            continue;
        }
        if (c == '"') {
            inQuote = true;
        } else if (c == '{' || c == '[' || c == '(') {
            ++depth;
        } else if (c == '}' || c == ']') {
            --depth;
        } else if (c == ')') {
            if (depth == 0) {
                close = i;
                break;
            }
            --depth;
        } else if (c == ',' && depth == 0 && comma == std::string_view::npos) {
            comma = i;
        }
    }
    chosen->end = close < text.size() ? close + 1 : text.size();
    if (comma == std::string_view::npos) {
        chosen->first = trimmed(text.substr(open + 1, close - open - 1));
    } else {
        chosen->first = trimmed(text.substr(open + 1, comma - open - 1));
        chosen->second = trimmed(text.substr(comma + 1, close - comma - 1));
    }
    return chosen;
}

// The last definition of `name` in the quoted arguments of a script line as written
// (`dbLoadRecords("a.db", "P=$(IOC),N=1")` gives `$(IOC)` for P), or nullopt.
std::optional<std::string> writtenDefinition(std::string_view line, std::string_view name) {
    std::optional<std::string> found;
    for (std::size_t open = line.find('"'); open != std::string_view::npos;) {
        std::size_t close = open + 1;
        while (close < line.size() && line[close] != '"')
            close += line[close] == '\\' ? 2 : 1;
        if (close >= line.size()) break;
        maclib::DefinitionReader reader(line.substr(open + 1, close - open - 1));
        for (maclib::Definition item; reader.next(item);)
            if (item.name == name && item.value) found.emplace(*item.value);
        open = line.find('"', close + 1);
    }
    return found;
}

std::string callText(const Log::Load& load) {
    std::string_view command = "dbLoadRecords";
    if (load.kind == Log::LoadKind::Database) command = "dbLoadDatabase";
    if (load.kind == Log::LoadKind::Template) command = "dbLoadTemplate";
    std::string text(command);
    text += "(\"";
    text += load.file;
    text += '"';
    if (!load.macros.empty()) {
        text += ", \"";
        text += load.macros;
        text += '"';
    }
    text += ')';
    return text;
}

} // namespace

namespace {

// The events of one record among many (record events by record, alias events by their
// record): the first few questions after the log changed scan the table, later ones use a
// sorted table of (record, event) built once. One question costs no index; many cost one.
class EventsByRecord {
public:
    void clear() {
        index_.clear();
        indexed_ = false;
        asked_ = 0;
    }
    // Events of `record` in log order; `recordOf(i)` names event i's record, of `count`.
    template <class RecordOf>
    std::vector<std::uint32_t> of(const dbstatic::Record* record, std::uint32_t count,
                                  RecordOf&& recordOf) {
        std::vector<std::uint32_t> found;
        if (!indexed_ && ++asked_ > kScansBeforeIndex) {
            index_.reserve(count);
            for (std::uint32_t i = 0; i < count; ++i)
                index_.emplace_back(recordOf(i), i);
            std::sort(index_.begin(), index_.end());
            indexed_ = true;
        }
        if (indexed_) {
            const auto [from, to] = std::equal_range(
                index_.begin(), index_.end(), std::pair(record, std::uint32_t{0}),
                [](const auto& a, const auto& b) { return std::less<>()(a.first, b.first); });
            for (auto it = from; it != to; ++it)
                found.push_back(it->second);
            return found;
        }
        for (std::uint32_t i = 0; i < count; ++i)
            if (recordOf(i) == record) found.push_back(i);
        return found;
    }

private:
    static constexpr unsigned kScansBeforeIndex = 8;
    std::vector<std::pair<const dbstatic::Record*, std::uint32_t>> index_;
    bool indexed_ = false;
    unsigned asked_ = 0;
};

} // namespace

struct ProvenanceQueries {
    std::uint64_t version = UINT64_MAX;
    EventsByRecord events;    // record events, by their record
    EventsByRecord aliasesOf; // alias events, by the record they name
    // The first .dbd definition of each record type's field ("type\0FIELD").
    std::unordered_map<std::string, std::uint32_t> fieldDefinitions;
    // File texts, with where their lines start.
    struct Text {
        std::string owned;
        std::string_view text;
        std::vector<std::uint32_t> lineStarts;
    };
    std::unordered_map<std::uint32_t, Text> texts;
    // The macro table of the last load asked about.
    std::uint32_t tableLoad = Log::kNone;
    std::unique_ptr<maclib::MacroTable> table;

    void refresh(const Log& log) {
        if (version == log.version()) return;
        version = log.version();
        events.clear();
        aliasesOf.clear();
        fieldDefinitions.clear();
        const auto& definitions = log.fieldDefinitions();
        for (std::uint32_t i = 0; i < definitions.size(); ++i)
            fieldDefinitions.try_emplace(definitions[i].recordType + '\0' + definitions[i].field,
                                         i);
        tableLoad = Log::kNone;
        table.reset();
    }

    std::vector<std::uint32_t> eventsOf(const Log& log, const dbstatic::Record* record) {
        const auto& records = log.records();
        return events.of(record, static_cast<std::uint32_t>(records.size()),
                         [&](std::uint32_t i) { return records[i].record; });
    }
    std::vector<std::uint32_t> aliasEventsOf(const Log& log, const dbstatic::Record* record) {
        const auto& aliases = log.aliases();
        return aliasesOf.of(record, static_cast<std::uint32_t>(aliases.size()),
                            [&](std::uint32_t i) { return aliases[i].target; });
    }

    // The file's text from line `line` on (empty when the file can no longer be read).
    std::string_view textFrom(const Log& log, std::uint32_t file, std::uint32_t line) {
        auto [it, added] = texts.try_emplace(file);
        Text& entry = it->second;
        if (added) {
            const Log::File& f = log.files()[file];
            if (f.text) {
                entry.text = f.text->content();
            } else if (!f.path.empty()) {
                std::string error;
                if (readTextFile(f.path, entry.owned, error)) entry.text = entry.owned;
            }
            entry.lineStarts.push_back(0);
            for (std::size_t i = 0; i < entry.text.size(); ++i)
                if (entry.text[i] == '\n')
                    entry.lineStarts.push_back(static_cast<std::uint32_t>(i + 1));
        }
        if (line == 0 || line > entry.lineStarts.size()) return {};
        return entry.text.substr(entry.lineStarts[line - 1]);
    }

    maclib::MacroTable& tableOf(const Log& log, std::uint32_t load) {
        if (tableLoad != load || !table) {
            table = std::make_unique<maclib::MacroTable>();
            table->suppressWarnings(true);
            if (load != Log::kNone) table->install(log.loads()[load].macros);
            tableLoad = load;
        }
        return *table;
    }
};

namespace {

// Builds the user's view of one log.
class Explainer {
public:
    Explainer(const Log& log, ProvenanceQueries& queries) : log_(log), q_(queries) {}

    Statement statement(std::uint32_t source, std::uint32_t line, std::uint32_t column,
                        std::initializer_list<std::string_view> keywords) {
        Statement s;
        if (source == Log::kNone || source >= log_.sources().size()) return s;
        const Log::Source& src = log_.sources()[source];
        s.location = {log_.files()[src.file].shownName, line, column};
        s.chain = chainOf(source);
        const std::string_view from = q_.textFrom(log_, src.file, line);
        const std::optional<FoundStatement> found = findStatement(from, column, keywords);
        if (!found) return s;
        s.location.column = static_cast<unsigned>(found->begin + 1);
        s.keyword = found->keyword;
        s.text = from.substr(found->begin, found->end - found->begin);
        s.written = found->second; // record(type, NAME), field(NAME, VALUE)
        maclib::MacroTable& table = q_.tableOf(log_, src.load);
        std::string expanded;
        table.expand(s.written, expanded);
        // As the loader's setter got it (a bare word never starts with a quote).
        std::string scratch;
        s.value = dbstatic::setterText(expanded, expanded.starts_with('"'), scratch);
        for (const Reference& reference : referencesIn(s.written)) {
            s.macros.push_back(use(reference, src.load, s.location, 0));
            // A default is written at its reference: point there.
            if (s.macros.back().origin == MacroOrigin::Default)
                s.macros.back().location = referenceAt(s, reference.name);
        }
        return s;
    }

    // Where the first reference to `name` is in a statement's text.
    static SourceLocation referenceAt(const Statement& s, std::string_view name) {
        SourceLocation at = s.location;
        const std::optional<std::size_t> offset = maclib::findReference(s.text, name);
        if (!offset) return at;
        const std::string_view before = std::string_view(s.text).substr(0, *offset);
        const std::size_t newline = before.rfind('\n');
        if (newline == std::string_view::npos) {
            at.column += static_cast<unsigned>(*offset);
        } else {
            at.line += static_cast<unsigned>(std::count(before.begin(), before.end(), '\n'));
            at.column = static_cast<unsigned>(*offset - newline);
        }
        return at;
    }

    std::vector<LoadStep> chainOf(std::uint32_t source) {
        std::vector<LoadStep> chain;
        const auto& sources = log_.sources();
        std::uint32_t at = source;
        while (sources[at].parent != Log::kNone) {
            const Log::Source& parent = sources[sources[at].parent];
            chain.push_back({"included from",
                             {log_.files()[parent.file].shownName, sources[at].parentLine,
                              sources[at].parentColumn},
                             {},
                             false,
                             {}});
            at = sources[at].parent;
        }
        std::uint32_t load = sources[at].load;
        if (load == Log::kNone) return chain;
        const Log::Load* current = &log_.loads()[load];
        if (current->kind == Log::LoadKind::TemplateSet) {
            LoadStep set{"template loaded by substitution set at", {}, {}, false, {}};
            if (current->setFile != Log::kNone)
                set.location = {log_.files()[current->setFile].shownName, current->setLine,
                                current->setColumn};
            if (current->setRow) set.text = "row " + std::to_string(current->setRow);
            chain.push_back(std::move(set));
            if (current->parent != Log::kNone) current = &log_.loads()[current->parent];
        }
        appendCaller(*current, chain);
        return chain;
    }

    // Every macro load `load` defined, the last definition of each name, in order of first
    // definition.
    std::vector<MacroUse> macrosOf(std::uint32_t load, const SourceLocation& at) {
        std::vector<MacroUse> uses;
        if (load == Log::kNone) return uses;
        std::vector<std::string> names;
        maclib::DefinitionReader reader(log_.loads()[load].macros);
        for (maclib::Definition item; reader.next(item);)
            if (std::find(names.begin(), names.end(), item.name) == names.end())
                names.emplace_back(item.name);
        for (const std::string& name : names)
            if (definitionOf(load, name)) uses.push_back(use({name, std::nullopt}, load, at, 0));
        return uses;
    }

private:
    // The load's own call, or the script lines that made it.
    void appendCaller(const Log::Load& load, std::vector<LoadStep>& chain) {
        if (load.caller == Log::kNone) {
            chain.push_back({"loaded by", {}, callText(load), true, {}});
            return;
        }
        const Log::Caller& caller = log_.callers()[load.caller];
        for (std::size_t i = 0; i < caller.frames.size(); ++i) {
            const ContextFrame& frame = caller.frames[i];
            LoadStep step{frame.relation, frame.location, frame.relation, frame.command, {}};
            if (i == 0) step.macros = caller.lineMacros;
            chain.push_back(std::move(step));
        }
    }

    // One item of a load's macros, with where it came from.
    struct Definition {
        std::string value;
        MacroOrigin origin = MacroOrigin::LoadArgument;
        const DefinitionOrigin* where = nullptr; // a set's item: its place in the file
    };
    // The definition of `name` the load's table took: the last item naming it (an item
    // without a value undefines).
    std::optional<Definition> definitionOf(std::uint32_t load, std::string_view name) const {
        if (load == Log::kNone) return std::nullopt;
        const Log::Load& l = log_.loads()[load];
        std::optional<Definition> found;
        maclib::DefinitionReader reader(l.macros);
        std::uint32_t index = 0;
        for (maclib::Definition item; reader.next(item); ++index) {
            if (item.name != name) continue;
            if (!item.value) {
                found.reset();
                continue;
            }
            found = Definition{std::string(*item.value), MacroOrigin::LoadArgument, nullptr};
            if (index >= l.callerItems) {
                const std::uint32_t own = index - l.callerItems;
                found->origin = MacroOrigin::SubstitutionSet;
                if (own < l.originCount) {
                    found->where = &log_.origins()[l.firstOrigin + own];
                    found->origin = found->where->kind;
                }
            }
        }
        return found;
    }

    // The load whose call gave the load argument of `load` (a template set: its dbLoadTemplate).
    const Log::Load& callerLoad(std::uint32_t load) const {
        const Log::Load* current = &log_.loads()[load];
        if (current->kind == Log::LoadKind::TemplateSet && current->parent != Log::kNone)
            current = &log_.loads()[current->parent];
        return *current;
    }

    MacroUse use(const Reference& reference, std::uint32_t load, const SourceLocation& statement,
                 int depth) {
        MacroUse u;
        u.name = reference.name;
        maclib::MacroTable& table = q_.tableOf(log_, load);
        if (const std::optional<Definition> definition = definitionOf(load, reference.name)) {
            table.expand("$(" + u.name + ")", u.value);
            u.written = definition->value;
            u.origin = definition->origin;
            if (definition->where) u.row = definition->where->row;
            if (definition->origin == MacroOrigin::LoadArgument) {
                const Log::Load& call = callerLoad(load);
                if (call.caller != Log::kNone && !log_.callers()[call.caller].frames.empty()) {
                    const ContextFrame& frame = log_.callers()[call.caller].frames.front();
                    u.location = frame.location;
                    u.detail = frame.relation;
                    // The script line's own references (epicsEnvSet variables) that went
                    // into this definition, and the definition as the line has it.
                    const Log::Caller& caller = log_.callers()[call.caller];
                    const std::optional<std::string> written =
                        writtenDefinition(caller.lineAsWritten, u.name);
                    if (written) u.written = *written;
                    const std::vector<Reference> used =
                        written ? referencesIn(*written) : std::vector<Reference>{};
                    for (const MacroUse& lineUse : caller.lineMacros)
                        if (!written || std::any_of(used.begin(), used.end(), [&](const auto& r) {
                                return r.name == lineUse.name;
                            }))
                            u.inner.push_back(lineUse);
                } else {
                    u.detail = callText(call);
                }
            } else if (const Log::Load& set = log_.loads()[load]; set.setFile != Log::kNone) {
                u.location = {log_.files()[set.setFile].shownName, set.setLine, set.setColumn};
                if (definition->where)
                    u.location = {u.location.file, definition->where->line,
                                  definition->where->column};
            }
            // References inside the value, as the load's table resolved them (a script line's
            // own were resolved by iocsh, and are its line's macros above).
            const bool fromScript =
                u.origin == MacroOrigin::LoadArgument && !u.location.file.empty();
            if (depth < kMaxMacroDepth && !fromScript)
                for (const Reference& inner : referencesIn(u.written))
                    if (inner.name != reference.name)
                        u.inner.push_back(use(inner, load, statement, depth + 1));
        } else if (reference.fallback) {
            u.origin = MacroOrigin::Default;
            u.written = *reference.fallback;
            table.expand(u.written, u.value);
            u.location = statement;
        } else {
            u.origin = MacroOrigin::Undefined;
            u.value = "$(" + u.name + ")";
        }
        return u;
    }

    const Log& log_;
    ProvenanceQueries& q_;
};

// The record events of `record` that count: those after its last deletion.
// One past the index of the last deletion among a record's events (0: never deleted).
std::uint32_t lastDeletion(const Log& log, const std::vector<std::uint32_t>& events) {
    std::uint32_t after = 0;
    for (std::uint32_t index : events)
        if (log.records()[index].kind == Log::RecordKind::Delete) after = index + 1;
    return after;
}

std::vector<std::uint32_t> liveEvents(const Log& log, const std::vector<std::uint32_t>* all) {
    std::vector<std::uint32_t> events;
    if (!all) return events;
    for (std::uint32_t index : *all) {
        if (log.records()[index].kind == Log::RecordKind::Delete)
            events.clear();
        else
            events.push_back(index);
    }
    return events;
}

} // namespace

// The log's transactions are the database's.
struct ProvenanceFollower final : dbstatic::TransactionListener {
    explicit ProvenanceFollower(ProvenanceLog& log) : log(log) {}
    void loadBegun() override { log.beginTransaction(); }
    void loadEnded(bool committed) override { log.endTransaction(committed); }
    void databaseGone() override { database = nullptr; }
    ProvenanceLog& log;
    dbstatic::Database* database = nullptr;
};

Provenance::Provenance()
    : log_(std::make_unique<ProvenanceLog>()), queries_(std::make_unique<ProvenanceQueries>()),
      follower_(std::make_unique<ProvenanceFollower>(*log_)) {}

Provenance::~Provenance() {
    if (follower_->database) follower_->database->removeTransactionListener(*follower_);
}

void Provenance::follow(dbstatic::Database& db) {
    if (follower_->database == &db) return;
    if (follower_->database) follower_->database->removeTransactionListener(*follower_);
    follower_->database = &db;
    db.addTransactionListener(*follower_);
    // Joined inside a transaction: what follows is undone with it.
    if (db.loading()) log_->beginTransaction();
}

void Provenance::setCaller(std::vector<ContextFrame> frames, std::vector<MacroUse> lineMacros,
                           std::string lineAsWritten) {
    log_->setCaller(std::move(frames), std::move(lineMacros), std::move(lineAsWritten));
}

void Provenance::clearCaller() {
    log_->clearCaller();
}

std::size_t Provenance::memoryBytes() const noexcept {
    return log_->memoryBytes();
}

std::optional<FieldProvenance> Provenance::field(const dbstatic::Database& db,
                                                 std::string_view record,
                                                 std::string_view field) const {
    const dbstatic::Record* node = db.findRecord(record);
    if (!node) return std::nullopt;
    const dbstatic::Record& real = node->real();
    const dbstatic::FieldDef* definition = real.type().findField(field);
    if (!definition) return std::nullopt;
    FieldProvenance result;
    result.record = real.name();
    result.field = definition->name;
    result.value = db.getString(real, *definition).value_or("");
    result.set = real.storedValue(definition->index).has_value();
    queries_->refresh(*log_);
    Explainer explain(*log_, *queries_);
    const std::vector<std::uint32_t> events = queries_->eventsOf(*log_, &real);
    for (std::uint32_t index : liveEvents(*log_, &events)) {
        std::uint32_t source = log_->records()[index].source;
        const auto [begin, end] = log_->itemsOf(index);
        for (std::uint32_t i = begin; i < end; ++i) {
            const Log::Item& item = log_->items()[i];
            if (item.field == Log::Item::kSourceSwitch)
                source = item.line;
            else if (item.field == definition->index)
                result.statements.push_back(
                    explain.statement(source, item.line, item.column, {"field"}));
        }
    }
    std::string key(real.type().name());
    key.push_back('\0');
    key.append(definition->name);
    if (const auto site = queries_->fieldDefinitions.find(key);
        site != queries_->fieldDefinitions.end()) {
        const Log::FieldDefinition& at = log_->fieldDefinitions()[site->second];
        if (at.source != Log::kNone)
            result.definedAt = {log_->files()[log_->sources()[at.source].file].shownName, at.line,
                                at.column};
    }
    return result;
}

std::optional<RecordProvenance> Provenance::record(const dbstatic::Database& db,
                                                   std::string_view record) const {
    const dbstatic::Record* node = db.findRecord(record);
    if (!node) return std::nullopt;
    const dbstatic::Record& real = node->real();
    RecordProvenance result;
    result.name = real.name();
    result.type = real.type().name();
    queries_->refresh(*log_);
    Explainer explain(*log_, *queries_);
    const std::vector<std::uint32_t> events = queries_->eventsOf(*log_, &real);
    for (std::uint32_t index : liveEvents(*log_, &events)) {
        const Log::RecordEvent& event = log_->records()[index];
        result.definitions.push_back(
            explain.statement(event.source, event.line, event.column, {"record", "grecord"}));
        std::uint32_t source = event.source;
        const auto [begin, end] = log_->itemsOf(index);
        for (std::uint32_t i = begin; i < end; ++i) {
            const Log::Item& item = log_->items()[i];
            if (item.field == Log::Item::kSourceSwitch)
                source = item.line;
            else if (item.field == Log::Item::kInfo)
                result.infos.push_back(explain.statement(source, item.line, item.column, {"info"}));
        }
    }
    // The aliases the record has now, each where it was made: those made since the record's
    // last deletion and not deleted themselves since.
    const std::vector<std::uint32_t> made = queries_->aliasEventsOf(*log_, &real);
    if (!made.empty()) {
        const std::uint32_t recordSince = lastDeletion(*log_, events);
        for (std::uint32_t index : made) {
            const Log::AliasEvent& alias = log_->aliases()[index];
            if (alias.recordsBefore < recordSince) continue;
            if (lastDeletion(*log_, queries_->eventsOf(*log_, alias.alias)) > alias.recordsBefore)
                continue;
            Statement s = explain.statement(alias.source, alias.line, alias.column, {"alias"});
            // `alias("name")` in a body has one argument: the alias.
            if (s.written.empty() && !s.keyword.empty()) {
                s.written = s.text.substr(s.text.find('(') + 1);
                if (!s.written.empty() && s.written.back() == ')') s.written.pop_back();
            }
            s.value = alias.alias->name();
            result.aliases.push_back(std::move(s));
        }
    }
    return result;
}

std::unordered_map<const dbstatic::Record*, RecordPlaces> Provenance::places() const {
    std::unordered_map<const dbstatic::Record*, RecordPlaces> found;
    const auto& events = log_->records();
    found.reserve(events.size());
    for (std::size_t index = 0; index < events.size(); ++index) {
        const Log::RecordEvent& event = events[index];
        if (event.kind == Log::RecordKind::Delete) {
            found.erase(event.record);
            continue;
        }
        RecordPlaces& places = found[event.record];
        if (!places.definition.known())
            places.definition = {event.source, event.line, event.column};
        std::uint32_t source = event.source;
        const auto [begin, end] = log_->itemsOf(index);
        for (std::uint32_t i = begin; i < end; ++i) {
            const Log::Item& item = log_->items()[i];
            if (item.field == Log::Item::kSourceSwitch) {
                source = item.line;
                continue;
            }
            const StatementPlace place{source, item.line, item.column};
            if (item.field == Log::Item::kInfo) {
                places.infos.push_back(place);
                continue;
            }
            auto at = std::find_if(places.fields.begin(), places.fields.end(),
                                   [&](const auto& entry) { return entry.first == item.field; });
            if (at == places.fields.end())
                places.fields.emplace_back(item.field, place);
            else
                at->second = place;
        }
    }
    for (const Log::AliasEvent& alias : log_->aliases())
        found[alias.alias].definition = {alias.source, alias.line, alias.column};
    return found;
}

std::size_t Provenance::sourceCount() const noexcept {
    return log_->sources().size();
}

SourceSummary Provenance::source(std::uint32_t index) const {
    SourceSummary summary;
    if (index >= log_->sources().size()) return summary;
    const Log::Source& source = log_->sources()[index];
    const Log::File& file = log_->files()[source.file];
    summary.file = file.shownName;
    summary.path = file.path;
    queries_->refresh(*log_);
    Explainer explain(*log_, *queries_);
    summary.chain = explain.chainOf(index);
    summary.macros = explain.macrosOf(source.load, {file.shownName, 0, 0});
    return summary;
}

std::vector<std::pair<std::string, std::string>> Provenance::files() const {
    std::vector<std::pair<std::string, std::string>> files;
    for (const Log::File& file : log_->files())
        files.emplace_back(file.shownName, file.path);
    return files;
}

std::vector<FieldProvenance> Provenance::setFields(const dbstatic::Database& db,
                                                   std::string_view record) const {
    std::vector<FieldProvenance> fields;
    const dbstatic::Record* node = db.findRecord(record);
    if (!node) return fields;
    for (const dbstatic::FieldValue& value : node->real().setFields()) {
        const dbstatic::FieldDef& definition = node->real().type().fields()[value.field];
        if (auto one = field(db, record, definition.name)) fields.push_back(std::move(*one));
    }
    return fields;
}

} // namespace epicsdb::loaders
