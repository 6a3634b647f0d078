// The record-by-record comparison of two databases. One pass over each database's nodes: a
// record of `before` is looked up in `after` by name (the database's hash index), its fields
// compared in place; only what differs is copied into the result.
#include <epicsdb/diff/DatabaseDiff.hpp>

#include <epicsdb/diff/FieldCompare.hpp>

#include <algorithm>
#include <map>
#include <span>
#include <unordered_map>

namespace epicsdb::diff {

namespace {
using dbstatic::Database;
using dbstatic::FieldDef;
using dbstatic::Record;
using dbstatic::RecordType;

// Calls `visit` with every node (record or alias) of `db`.
template <class Visit>
void forEachNode(const Database& db, Visit&& visit) {
    for (const RecordType& type : db.recordTypes())
        for (const Record* node = type.firstRecord(); node; node = node->next())
            visit(*node);
}

SourceLocation locationOf(const Database& db, const Record& record) {
    const dbstatic::SourcePosition where = record.position();
    if (where.line == 0) return {};
    return {std::string(db.fileName(where.file)), where.line};
}

// A field's text on one side: stored, or the default.
FieldText textOf(const Record& record, const FieldDef& field) {
    if (const auto stored = record.storedValue(field.index)) return {std::string(*stored), false};
    return {std::string(field.hasInitial ? field.initial : std::string_view()), true};
}

std::string_view effectiveText(const Record& record, const FieldDef& field) {
    if (const auto stored = record.storedValue(field.index)) return *stored;
    return field.hasInitial ? field.initial : std::string_view();
}

// The changes found so far, by record name, so that alias changes join their record's entry.
class Collector {
public:
    RecordChange& entry(std::string_view name) {
        const auto [slot, made] = index_.try_emplace(std::string(name), changes_.size());
        if (made) {
            changes_.emplace_back();
            changes_.back().name = std::string(name);
        }
        return changes_[slot->second];
    }
    DatabaseDiff finish() {
        for (RecordChange& change : changes_) {
            std::sort(change.infos.begin(), change.infos.end(),
                      [](const InfoChange& x, const InfoChange& y) { return x.name < y.name; });
            std::sort(change.aliases.begin(), change.aliases.end(),
                      [](const AliasChange& x, const AliasChange& y) { return x.alias < y.alias; });
        }
        std::sort(changes_.begin(), changes_.end(),
                  [](const RecordChange& x, const RecordChange& y) { return x.name < y.name; });
        return DatabaseDiff{std::move(changes_)};
    }

private:
    std::vector<RecordChange> changes_;
    std::unordered_map<std::string, std::size_t> index_;
};

// The fields of a record that is on one side only, as changes from or to nothing.
void listFields(const Record& record, bool added, RecordChange& change) {
    for (const dbstatic::FieldValue& value : record.setFields()) {
        const FieldDef& field = record.type().field(value.field);
        FieldChange item{std::string(field.name), std::nullopt, std::nullopt};
        (added ? item.after : item.before) = FieldText{std::string(value.value()), false};
        change.fields.push_back(std::move(item));
    }
    for (const dbstatic::InfoItem& info : record.infos()) {
        InfoChange item{std::string(info.name), std::nullopt, std::nullopt};
        (added ? item.after : item.before) = std::string(info.value);
        change.infos.push_back(std::move(item));
    }
}

// The fields whose defaults differ between a record type of `before` and the type of the same
// name in `after` (the two sides may load different definitions): found once for each pair.
class DefaultDifferences {
public:
    using Fields = std::vector<std::pair<const FieldDef*, const FieldDef*>>;
    const Fields& of(const Database& dbA, const RecordType& a, const Database& dbB,
                     const RecordType& b) {
        if (&a == lastA_ && &b == lastB_) return *last_; // records come type by type
        const auto [slot, made] = pairs_.try_emplace({&a, &b});
        lastA_ = &a;
        lastB_ = &b;
        last_ = &slot->second;
        // A record of another type is a retyped record: its type is the change, not the
        // defaults of two types that were never alike.
        if (!made || a.name() != b.name()) return slot->second;
        for (const FieldDef& fieldA : a.fields()) {
            const FieldDef* fieldB = b.findField(fieldA.name);
            if (!fieldB) continue;
            const FieldSide sideA{dbA, a, fieldA, fieldA.hasInitial ? fieldA.initial : ""};
            const FieldSide sideB{dbB, b, *fieldB, fieldB->hasInitial ? fieldB->initial : ""};
            if (!sameFieldValue(sideA, sideB)) slot->second.emplace_back(&fieldA, fieldB);
        }
        return slot->second;
    }

private:
    std::map<std::pair<const RecordType*, const RecordType*>, Fields> pairs_;
    const RecordType* lastA_ = nullptr;
    const RecordType* lastB_ = nullptr;
    const Fields* last_ = nullptr;
};

// The fields of a record present on both sides: those set on either side, compared by name
// (the two record types may come from different definitions), and those set on neither whose
// defaults differ.
void compareFields(const Database& dbA, const Record& a, const Database& dbB, const Record& b,
                   const DefaultDifferences::Fields& defaults, std::vector<FieldChange>& out) {
    const RecordType& typeA = a.type();
    const RecordType& typeB = b.type();
    for (const auto& [fieldA, fieldB] : defaults)
        if (!a.storedValue(fieldA->index) && !b.storedValue(fieldB->index))
            out.push_back({std::string(fieldA->name), textOf(a, *fieldA), textOf(b, *fieldB)});
    const bool sameLayout =
        typeA.fields().size() == typeB.fields().size() && typeA.name() == typeB.name();
    // Most records of two loads of like inputs set the same fields to the same texts, in the
    // same order: nothing to compare in canonical form.
    const std::span<const dbstatic::FieldValue> setA = a.setFields();
    const std::span<const dbstatic::FieldValue> setB = b.setFields();
    if (sameLayout && setA.size() == setB.size() &&
        std::equal(setA.begin(), setA.end(), setB.begin(),
                   [](const dbstatic::FieldValue& x, const dbstatic::FieldValue& y) {
                       return x.field == y.field && x.value() == y.value();
                   }))
        return; // (a default that differs was found above: no other field can)
    // The same field in the other record type: by index when the types look alike.
    auto counterpart = [](const RecordType& other, const FieldDef& field,
                          bool sameIndex) -> const FieldDef* {
        if (sameIndex && other.field(field.index).name == field.name)
            return &other.field(field.index);
        return other.findField(field.name);
    };
    auto compare = [&](const FieldDef& fieldA, const FieldDef* fieldB) {
        if (!fieldB) {
            out.push_back({std::string(fieldA.name), textOf(a, fieldA), std::nullopt});
            return;
        }
        const FieldSide sideA{dbA, typeA, fieldA, effectiveText(a, fieldA)};
        const FieldSide sideB{dbB, typeB, *fieldB, effectiveText(b, *fieldB)};
        if (!sameFieldValue(sideA, sideB))
            out.push_back({std::string(fieldA.name), textOf(a, fieldA), textOf(b, *fieldB)});
    };
    for (const dbstatic::FieldValue& value : a.setFields()) {
        const FieldDef& fieldA = typeA.field(value.field);
        compare(fieldA, counterpart(typeB, fieldA, sameLayout));
    }
    for (const dbstatic::FieldValue& value : b.setFields()) {
        const FieldDef& fieldB = typeB.field(value.field);
        const FieldDef* fieldA = counterpart(typeA, fieldB, sameLayout);
        if (!fieldA) {
            out.push_back({std::string(fieldB.name), std::nullopt, textOf(b, fieldB)});
            continue;
        }
        if (a.storedValue(fieldA->index)) continue; // compared above
        compare(*fieldA, &fieldB);
    }
    // Back in the definition order of `a`'s type, where both passes mixed them.
    if (out.size() > 1) {
        auto rank = [&](const FieldChange& change) {
            const FieldDef* field = typeA.findField(change.field);
            return field ? field->index : static_cast<std::size_t>(typeA.fields().size());
        };
        std::stable_sort(out.begin(), out.end(), [&](const FieldChange& x, const FieldChange& y) {
            return rank(x) < rank(y);
        });
    }
}

void compareInfos(const Record& a, const Record& b, std::vector<InfoChange>& out) {
    for (const dbstatic::InfoItem& info : a.infos()) {
        const dbstatic::InfoItem* other = b.findInfo(info.name);
        if (!other)
            out.push_back({std::string(info.name), std::string(info.value), std::nullopt});
        else if (other->value != info.value)
            out.push_back(
                {std::string(info.name), std::string(info.value), std::string(other->value)});
    }
    for (const dbstatic::InfoItem& info : b.infos())
        if (!a.findInfo(info.name))
            out.push_back({std::string(info.name), std::nullopt, std::string(info.value)});
}

const Record* realRecordNamed(const Database& db, std::string_view name) {
    const Record* node = db.findRecord(name);
    return node && !node->isAlias() ? node : nullptr;
}

// An alias of `node.real()` in `db`: the same name, naming a record of the same name.
bool hasSameAlias(const Database& db, const Record& alias) {
    const Record* other = db.findRecord(alias.name());
    return other && other->isAlias() && other->real().name() == alias.real().name();
}
// The collected changes sorted, records with only alias changes described.
DatabaseDiff finish(Collector& collector, const Database& before, const Database& after);
} // namespace

DiffCounts DatabaseDiff::counts() const noexcept {
    DiffCounts counts;
    for (const RecordChange& change : records) {
        if (change.kind == RecordChangeKind::Added)
            ++counts.added;
        else if (change.kind == RecordChangeKind::Removed)
            ++counts.removed;
        else if (change.retyped())
            ++counts.retyped;
        else
            ++counts.changed;
    }
    return counts;
}

namespace {
// Two loads of like inputs list a record type's records in the same order: the record of
// `after` that follows the last one matched is most often the one, found without a lookup
// (a lookup per record in a large index is a cache miss each).
class Follower {
public:
    explicit Follower(const RecordType* type)
        : type_(type), next_(type ? type->firstRecord() : nullptr) {}
    const Record* match(const Database& after, const Record& a) {
        while (next_ && next_->isAlias())
            next_ = next_->next();
        const Record* b =
            next_ && next_->name() == a.name() ? next_ : realRecordNamed(after, a.name());
        if (b && &b->type() == type_) next_ = b->next(); // in step again after a lookup
        return b;
    }

private:
    const RecordType* type_;
    const Record* next_;
};
} // namespace

DatabaseDiff diffDatabases(const Database& before, const Database& after) {
    Collector collector;
    std::vector<FieldChange> fields;
    std::vector<InfoChange> infos;
    std::size_t matched = 0; // records of `after` found by name in the first pass
    const RecordType* typeSeen = nullptr;
    DefaultDifferences defaults;
    Follower follower(nullptr);
    forEachNode(before, [&](const Record& a) {
        if (a.isAlias()) {
            if (!hasSameAlias(after, a))
                collector.entry(a.real().name()).aliases.push_back({std::string(a.name()), false});
            return;
        }
        if (&a.type() != typeSeen) {
            typeSeen = &a.type();
            follower = Follower(after.findRecordType(a.type().name()));
        }
        const Record* b = follower.match(after, a);
        if (!b) {
            RecordChange& change = collector.entry(a.name());
            change.kind = RecordChangeKind::Removed;
            change.typeBefore = std::string(a.type().name());
            change.before = locationOf(before, a);
            listFields(a, false, change);
            return;
        }
        ++matched;
        fields.clear();
        infos.clear();
        compareFields(before, a, after, *b, defaults.of(before, a.type(), after, b->type()),
                      fields);
        compareInfos(a, *b, infos);
        if (fields.empty() && infos.empty() && a.type().name() == b->type().name()) return;
        RecordChange& change = collector.entry(a.name());
        change.typeBefore = std::string(a.type().name());
        change.typeAfter = std::string(b->type().name());
        change.before = locationOf(before, a);
        change.after = locationOf(after, *b);
        change.fields = std::move(fields);
        change.infos = std::move(infos);
        fields = {};
        infos = {};
    });
    // When every record of `after` was matched, only its aliases are left to look at: a second
    // lookup per record would cost as much as the first pass again.
    const bool noneAdded = matched == after.recordCount();
    if (noneAdded && after.aliasCount() == 0) return finish(collector, before, after);
    forEachNode(after, [&](const Record& b) {
        if (b.isAlias()) {
            if (!hasSameAlias(before, b))
                collector.entry(b.real().name()).aliases.push_back({std::string(b.name()), true});
            return;
        }
        if (noneAdded || realRecordNamed(before, b.name())) return;
        RecordChange& change = collector.entry(b.name());
        change.kind = RecordChangeKind::Added;
        change.typeAfter = std::string(b.type().name());
        change.after = locationOf(after, b);
        listFields(b, true, change);
    });
    return finish(collector, before, after);
}

namespace {
DatabaseDiff finish(Collector& collector, const Database& before, const Database& after) {
    DatabaseDiff diff = collector.finish();
    // A record with only alias changes was entered by its name alone: fill in what it is.
    for (RecordChange& change : diff.records) {
        if (!change.typeBefore.empty() || !change.typeAfter.empty()) continue;
        if (const Record* a = realRecordNamed(before, change.name)) {
            change.typeBefore = std::string(a->type().name());
            change.before = locationOf(before, *a);
        }
        if (const Record* b = realRecordNamed(after, change.name)) {
            change.typeAfter = std::string(b->type().name());
            change.after = locationOf(after, *b);
        }
        if (change.typeBefore.empty())
            change.kind = RecordChangeKind::Added;
        else if (change.typeAfter.empty())
            change.kind = RecordChangeKind::Removed;
    }
    return diff;
}
} // namespace

} // namespace epicsdb::diff
