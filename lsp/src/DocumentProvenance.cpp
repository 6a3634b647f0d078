#include "DocumentProvenance.hpp"

#include "Uri.hpp"

#include <epicsdb/dbStatic/Database.hpp>

namespace epicsdb::lsp {

namespace {
// Records looked at for one question, at most: a name made only of references matches every
// record of the database.
constexpr std::size_t kMostCandidates = 20000;
// Of them, those whose record statements are looked up without a field statement to tell
// first whether the entry made them (each such lookup goes through its record type's records).
constexpr std::size_t kMostRecordLookups = 256;

// A record name as written, references taken as "any text": its literal pieces, in order.
class NamePattern {
public:
    explicit NamePattern(std::string_view written) {
        std::size_t at = 0;
        std::string literal;
        while (at < written.size()) {
            if (written[at] == '$' && at + 1 < written.size() &&
                (written[at + 1] == '(' || written[at + 1] == '{')) {
                pieces_.push_back(std::move(literal));
                literal.clear();
                int depth = 0;
                for (; at < written.size(); ++at) {
                    if (written[at] == '(' || written[at] == '{') ++depth;
                    if ((written[at] == ')' || written[at] == '}') && --depth == 0) break;
                }
                ++at;
                continue;
            }
            literal += written[at++];
        }
        pieces_.push_back(std::move(literal));
    }

    // One piece: no reference, the name is the text.
    [[nodiscard]] bool literal() const noexcept { return pieces_.size() == 1; }

    [[nodiscard]] bool matches(std::string_view name) const {
        if (literal()) return name == pieces_.front();
        const std::string& first = pieces_.front();
        const std::string& last = pieces_.back();
        if (name.size() < first.size() + last.size() || !name.starts_with(first) ||
            !name.ends_with(last))
            return false;
        // The pieces between, each as early as it fits.
        std::string_view middle =
            name.substr(first.size(), name.size() - first.size() - last.size());
        for (std::size_t i = 1; i + 1 < pieces_.size(); ++i) {
            const std::size_t found = middle.find(pieces_[i]);
            if (found == std::string_view::npos) return false;
            middle.remove_prefix(found + pieces_[i].size());
        }
        return true;
    }

private:
    std::vector<std::string> pieces_;
};

// The first reference named `name` among `uses` and the references inside their values.
const loaders::MacroUse* findUse(const std::vector<loaders::MacroUse>& uses,
                                 std::string_view name) {
    for (const loaders::MacroUse& use : uses)
        if (use.name == name) return &use;
    for (const loaders::MacroUse& use : uses)
        if (const loaders::MacroUse* inside = findUse(use.inner, name)) return inside;
    return nullptr;
}

// The first field statement of the entry that names a field of `type`: a cheap way to tell
// which records the entry made (Provenance::field looks at the record's own statements;
// Provenance::record also at every record of its type, for aliases).
const FieldEntry* probeField(const RecordEntry& entry, const dbstatic::RecordType& type) {
    for (const FieldEntry& field : entry.fields)
        if (!field.info && type.findField(field.name.text)) return &field;
    return nullptr;
}
} // namespace

std::string DocumentProvenance::pathOf(const std::string& file) const {
    if (file.empty() || file.front() == '/') return file.empty() ? file : normalPath(file);
    // A name that is no path (an unsaved document's URI) stays as it is.
    if (file == document_.uri) return file;
    return normalPath(check_.workingDirectory + "/" + file);
}

bool DocumentProvenance::isAt(const loaders::Statement& statement, std::size_t offset,
                              bool column) const {
    const std::string& file = statement.location.file;
    const std::string& self = document_.path.empty() ? document_.uri : document_.path;
    if (file != self && pathOf(file) != self) return false;
    const std::size_t line = document_.lines.lineOf(offset);
    if (statement.location.line != line + 1) return false;
    return !column || statement.location.column == offset - document_.lines.lineStart(line) + 1;
}

void DocumentProvenance::forEachCandidate(
    const RecordEntry& entry, const std::function<bool(const dbstatic::Record&)>& visit) const {
    const dbstatic::Database& db = database();
    const NamePattern pattern(entry.name.text);
    if (pattern.literal()) {
        if (const dbstatic::Record* found = db.findRecord(entry.name.text)) visit(found->real());
        return;
    }
    // The type written, unless it is "*" (an append) or built from references.
    const dbstatic::RecordType* only = db.findRecordType(entry.type.text);
    std::size_t looked = 0;
    for (const dbstatic::RecordType& type : db.recordTypes()) {
        if (only && &type != only) continue;
        for (const dbstatic::Record* record = type.firstRecord(); record; record = record->next()) {
            if (record->isAlias() || !pattern.matches(record->name())) continue;
            if (++looked > kMostCandidates || !visit(*record)) return;
        }
    }
}

std::optional<loaders::Statement> DocumentProvenance::statementIn(std::string_view record,
                                                                  const RecordEntry& entry,
                                                                  const FieldEntry* field) const {
    const loaders::Provenance& p = provenance();
    if (!field) {
        if (const auto made = p.record(database(), record))
            for (const loaders::Statement& statement : made->definitions)
                if (isAt(statement, entry.whole.begin, true)) return statement;
        return std::nullopt;
    }
    if (field->info) {
        if (const auto made = p.record(database(), record))
            for (const loaders::Statement& statement : made->infos)
                if (isAt(statement, field->name.span.begin, false)) return statement;
        return std::nullopt;
    }
    if (const auto set = p.field(database(), record, field->name.text))
        for (const loaders::Statement& statement : set->statements)
            if (isAt(statement, field->name.span.begin, false)) return statement;
    return std::nullopt;
}

std::vector<StatementInRecord> DocumentProvenance::statementsAt(const RecordEntry& entry,
                                                                const FieldEntry* field,
                                                                std::size_t most) const {
    std::vector<StatementInRecord> out;
    if (!available() || most == 0 || entry.name.text.empty()) return out;
    std::size_t recordLookups = 0;
    forEachCandidate(entry, [&](const dbstatic::Record& candidate) {
        const std::string_view name = candidate.name();
        if (!field || field->info) {
            // A record's own statements are found through every record of its type: a field
            // statement of the body tells first, cheaply, whether the entry made it.
            if (const FieldEntry* probe = probeField(entry, candidate.type())) {
                if (!statementIn(name, entry, probe)) return true;
            } else if (++recordLookups > kMostRecordLookups) {
                return false;
            }
        }
        if (auto statement = statementIn(name, entry, field))
            out.push_back({std::string(name), std::move(*statement)});
        return out.size() < most;
    });
    return out;
}

std::vector<std::string> DocumentProvenance::recordsMadeBy(const RecordEntry& entry,
                                                           std::size_t most) const {
    std::vector<std::string> out;
    for (StatementInRecord& made : statementsAt(entry, nullptr, most))
        out.push_back(std::move(made.record));
    return out;
}

std::vector<loaders::MacroUse> DocumentProvenance::macroUses(const RecordEntry& entry,
                                                             const MacroReference& macro,
                                                             std::size_t most) const {
    // The statement the reference is written in: the record's name, or a field's value.
    const FieldEntry* field = nullptr;
    if (!entry.name.span.contains(macro.span.begin)) {
        for (const FieldEntry& item : entry.fields)
            if (item.value.span.contains(macro.span.begin) &&
                item.value.span.end > item.value.span.begin)
                field = &item;
        if (!field) return {};
    }
    std::vector<loaders::MacroUse> uses;
    for (const StatementInRecord& made : statementsAt(entry, field, most))
        if (const loaders::MacroUse* use = findUse(made.statement.macros, macro.name))
            uses.push_back(*use);
    return uses;
}

} // namespace epicsdb::lsp
