// Definitions, records and transactional loads of the static database.
#include <epicsdb/dbStatic/Database.hpp>

#include "BlockRecycler.hpp"
#include "NameMap.hpp"
#include "RecordIndex.hpp"
#include "ValueCache.hpp"

#include <epicsdb/support/Hash.hpp>

#include <algorithm>
#include <atomic>
#include <cstring>
#include <stdexcept>
#include <string>

namespace epicsdb::dbstatic {

// One per record and alias, one per set field: kept small (the spare bytes hold the flags).
static_assert(sizeof(Record) == 88);
static_assert(sizeof(FieldValue) == 16);

// Name lookups: the record index plus one small map per kind of definition (names only need
// to be unique within their kind).
struct Database::Index {
    RecordIndex records;
    ValueCache values;        // shared copies of repeated field and info values
    BlockRecycler blocks;     // what single puts gave back
    BlockRecycler loadBlocks; // what the load in progress set and then replaced
    NameMap<const Menu*> menus;
    NameMap<RecordType*> types;
    NameMap<const Breaktable*> breaktables;
    NameMap<const LinkSupport*> links; // points into links_
    NameSet drivers, registrars, functions, variables;
};

// What a load in progress must be able to undo.
struct Database::Undo {
    struct Snapshot {
        Record* node;
        const FieldValue* fields;
        const InfoItem* infos;
        std::uint16_t fieldCount;
        std::uint32_t infoCount;
        bool visible;
        bool hasAliases;
        bool fieldsOwned;
        bool infosOwned;
    };
    std::vector<Snapshot> snapshots; // pre-existing nodes, first change in this load
    std::vector<Record*> deleted;    // pre-existing nodes removed in this load
    std::vector<std::pair<RecordType*, std::size_t>> deviceCounts; // pre-existing types
    // apply() of values set again: blocks of replaced values, given back once the new array
    // is in place, and blocks written over (with their new text) once nothing can fail.
    std::vector<std::pair<const void*, std::size_t>> replaced;
    std::vector<std::pair<char*, std::string_view>> overwrites;
    mempool::Arena::Mark arenaMark{};
    std::uint32_t firstSequence = 0;
    std::size_t menus = 0, types = 0, breaktables = 0, drivers = 0, registrars = 0, functions = 0,
                variables = 0, links = 0, groups = 0;
};

Database::Database(DatabaseOptions options)
    : options_(options), index_(std::make_unique<Index>()), undo_(std::make_unique<Undo>()) {
    definitionsChanged();
}

Database::~Database() {
    for (TransactionListener* listener : listeners_)
        listener->databaseGone();
}

void Database::addTransactionListener(TransactionListener& listener) {
    if (std::find(listeners_.begin(), listeners_.end(), &listener) == listeners_.end())
        listeners_.push_back(&listener);
}

void Database::removeTransactionListener(TransactionListener& listener) noexcept {
    std::erase(listeners_, &listener);
}

// ---- definitions ------------------------------------------------------------------------

// Versions come from one counter for every database, so that no two states of any two
// databases share one.
void Database::definitionsChanged() noexcept {
    static std::atomic<std::uint64_t> lastVersion{0};
    definitionsVersion_ = lastVersion.fetch_add(1, std::memory_order_relaxed) + 1;
}

auto Database::addMenu(std::string_view name, std::span<const MenuChoice> choices)
    -> Added<const Menu> {
    if (const Menu* existing = index_->menus.find(name)) return {existing, false};
    if (choices.size() > Menu::kMaxChoices)
        throw std::length_error("menu \"" + std::string(name) + "\" has " +
                                std::to_string(choices.size()) + " choices; at most " +
                                std::to_string(Menu::kMaxChoices) + " are supported");
    MenuChoice* copies = arena_.makeArray<MenuChoice>(choices.size());
    for (std::size_t i = 0; i < choices.size(); ++i)
        copies[i] = {copyText(choices[i].name), copyText(choices[i].value)};
    const Menu& menu =
        menus_.emplace_back(copyText(name), std::span<const MenuChoice>(copies, choices.size()));
    index_->menus.insertNew(menu.name(), &menu);
    definitionsChanged();
    return {&menu, true};
}

void Database::registerRecordSupport() noexcept {
    for (RecordType& type : types_)
        type.supportRegistered_ = true;
    definitionsChanged();
}

auto Database::addRecordType(std::string_view name, std::span<const FieldDef> fields,
                             std::span<const std::string_view> cdefs) -> Added<RecordType> {
    if (RecordType* existing = index_->types.find(name)) return {existing, false};
    if (fields.size() > RecordType::kMaxFields)
        throw std::length_error("record type \"" + std::string(name) + "\" has " +
                                std::to_string(fields.size()) + " fields; at most " +
                                std::to_string(RecordType::kMaxFields) + " are supported");
    RecordType& type = types_.emplace_back();
    type.name_ = copyText(name);
    type.supportRegistered_ = newTypesSupported_;

    FieldDef* defs = arena_.makeArray<FieldDef>(fields.size());
    std::size_t tableSize = 8;
    while (tableSize < fields.size() * 2)
        tableSize *= 2;
    std::uint16_t* table = arena_.makeArray<std::uint16_t>(tableSize);
    std::fill_n(table, tableSize, std::uint16_t{0});
    for (std::size_t i = 0; i < fields.size(); ++i) {
        FieldDef def = fields[i];
        def.name = copyText(def.name);
        def.prompt = copyText(def.prompt);
        def.initial = copyText(def.initial);
        def.extra = copyText(def.extra);
        def.index = static_cast<std::uint16_t>(i);
        def.isDeviceLink = def.name == "INP" || def.name == "OUT";
        def.promptGroupNumber = 0;
        if (!def.promptGroup.empty()) {
            auto group = std::find(promptGroups_.begin(), promptGroups_.end(), def.promptGroup);
            if (group == promptGroups_.end()) {
                promptGroups_.push_back(copyText(def.promptGroup));
                group = promptGroups_.end() - 1;
            }
            def.promptGroup = *group;
            def.promptGroupNumber = static_cast<std::uint32_t>(group - promptGroups_.begin() + 1);
        }
        defs[i] = def;
        // A repeated field name keeps its first definition for lookups.
        const std::size_t mask = tableSize - 1;
        for (std::size_t s = support::fastHash(def.name) & mask;; s = (s + 1) & mask) {
            if (table[s] == 0) {
                table[s] = static_cast<std::uint16_t>(i + 1);
                break;
            }
            if (defs[table[s] - 1].name == def.name) break;
        }
    }
    type.fields_ = {defs, fields.size()};
    type.lookup_ = {table, tableSize};
    type.valField_ = type.findField("VAL");
    type.udfField_ = type.findField("UDF");
    type.dtypField_ = type.findField("DTYP");
    type.nameField_ = type.findField("NAME");
    if (type.nameField_ && type.nameField_->type != DbfType::String) type.nameField_ = nullptr;

    std::string_view* cdefCopies = arena_.makeArray<std::string_view>(cdefs.size());
    for (std::size_t i = 0; i < cdefs.size(); ++i)
        cdefCopies[i] = copyText(cdefs[i]);
    type.cdefs_ = {cdefCopies, cdefs.size()};
    type.attributes_ = {{"RTYP", type.name_}, {"VERS", "none specified"}};

    index_->types.insertNew(type.name_, &type);
    definitionsChanged();
    return {&type, true};
}

bool Database::addDevice(RecordType& type, const DeviceSupport& device) {
    if (type.findDevice(device.choice)) return false;
    if (type.devices_.size() >= RecordType::kMaxDevices)
        throw std::length_error("record type \"" + std::string(type.name()) + "\" has " +
                                std::to_string(type.devices_.size()) +
                                " device supports; at most " +
                                std::to_string(RecordType::kMaxDevices) + " are supported");
    if (loading()) {
        // Types created by this load disappear whole on rollback; older ones get their device
        // count back.
        bool typeIsNew = false;
        for (std::size_t t = undo_->types; t < types_.size() && !typeIsNew; ++t)
            typeIsNew = &types_[t] == &type;
        auto& counts = undo_->deviceCounts;
        if (!typeIsNew && std::none_of(counts.begin(), counts.end(),
                                       [&](const auto& entry) { return entry.first == &type; }))
            counts.emplace_back(&type, type.devices_.size());
    }
    type.devices_.push_back({device.linkType, copyText(device.dset), copyText(device.choice)});
    definitionsChanged();
    return true;
}

namespace {
bool addName(NameSet& seen, std::vector<std::string_view>& list, std::string_view name,
             mempool::Arena& arena) {
    if (seen.contains(name)) return false;
    list.push_back(arena.copy(name));
    seen.insertNew(list.back(), true);
    return true;
}

void indexLinks(NameMap<const LinkSupport*>& index, const std::vector<LinkSupport>& links) {
    index.clear();
    for (const LinkSupport& link : links)
        index.insertNew(link.name, &link);
}
} // namespace

bool Database::addDriver(std::string_view name) {
    if (!addName(index_->drivers, drivers_, name, arena_)) return false;
    definitionsChanged();
    return true;
}
bool Database::addRegistrar(std::string_view name) {
    if (!addName(index_->registrars, registrars_, name, arena_)) return false;
    definitionsChanged();
    return true;
}
bool Database::addFunction(std::string_view name) {
    if (!addName(index_->functions, functions_, name, arena_)) return false;
    definitionsChanged();
    return true;
}

bool Database::addVariable(std::string_view name, std::string_view type) {
    if (index_->variables.contains(name)) return false;
    variables_.push_back({copyText(name), copyText(type.empty() ? "int" : type)});
    index_->variables.insertNew(variables_.back().name, true);
    definitionsChanged();
    return true;
}

bool Database::addLinkSupport(std::string_view name, std::string_view jlif) {
    if (index_->links.contains(name)) return false;
    links_.push_back({copyText(name), copyText(jlif)});
    indexLinks(index_->links, links_); // links_ may have reallocated
    definitionsChanged();
    return true;
}

bool Database::addBreaktable(std::string_view name, std::span<const BreakpointPoint> points) {
    if (index_->breaktables.contains(name)) return false;
    auto* copies = arena_.makeArray<BreakpointPoint>(points.size());
    std::copy(points.begin(), points.end(), copies);
    const Breaktable& table =
        breaktables_.emplace_back(Breaktable{copyText(name), {copies, points.size()}});
    index_->breaktables.insertNew(table.name, &table);
    definitionsChanged();
    return true;
}

const Menu* Database::findMenu(std::string_view name) const noexcept {
    return index_->menus.find(name);
}

RecordType* Database::findRecordType(std::string_view name) noexcept {
    return index_->types.find(name);
}

const RecordType* Database::findRecordType(std::string_view name) const noexcept {
    return index_->types.find(name);
}

const LinkSupport* Database::findLinkSupport(std::string_view name) const noexcept {
    return index_->links.find(name);
}

const Breaktable* Database::findBreaktable(std::string_view name) const noexcept {
    return index_->breaktables.find(name);
}

std::vector<const Breaktable*> Database::breaktables() const {
    std::vector<const Breaktable*> sorted;
    for (const Breaktable& table : breaktables_)
        sorted.push_back(&table);
    std::sort(sorted.begin(), sorted.end(),
              [](const Breaktable* a, const Breaktable* b) { return a->name < b->name; });
    return sorted;
}

// ---- records ----------------------------------------------------------------------------

Record* Database::findRecord(std::string_view name) noexcept {
    return index_->records.find(name);
}

const Record* Database::findRecord(std::string_view name) const noexcept {
    return index_->records.find(name);
}

void Database::link(Record& node) {
    RecordType& type = *node.type_;
    node.prev_ = type.last_;
    node.next_ = nullptr;
    if (type.last_)
        type.last_->next_ = &node;
    else
        type.first_ = &node;
    type.last_ = &node;
    ++type.recordCount_;
    if (node.isAlias()) {
        ++type.aliasCount_;
        ++aliasCount_;
    } else {
        ++recordCount_;
    }
}

void Database::unlink(Record& node) {
    RecordType& type = *node.type_;
    (node.prev_ ? node.prev_->next_ : type.first_) = node.next_;
    (node.next_ ? node.next_->prev_ : type.last_) = node.prev_;
    node.prev_ = node.next_ = nullptr;
    --type.recordCount_;
    if (node.isAlias()) {
        --type.aliasCount_;
        --aliasCount_;
    } else {
        --recordCount_;
    }
}

Database::NameHash Database::hashRecordName(std::string_view name) noexcept {
    return {RecordIndex::hashOf(name)};
}

Record* Database::findRecord(std::string_view name, NameHash hash) noexcept {
    return index_->records.find(name, hash.value);
}

void Database::prefetchRecord(std::string_view name) const noexcept {
    index_->records.prefetch(name);
}

void Database::prefetchRecord(NameHash hash) const noexcept {
    index_->records.prefetchHash(hash.value);
}

Record* Database::createRecord(RecordType& type, std::string_view name, bool visible,
                               SourcePosition where) {
    return createRecord(type, name, hashRecordName(name), visible, where);
}

Record* Database::createRecord(RecordType& type, std::string_view name, NameHash nameHash,
                               bool visible, SourcePosition where) {
    const std::size_t hash = nameHash.value;
    if (index_->records.find(name, hash)) return nullptr;
    Record* node = arena_.make<Record>();
    const std::string_view stored = copyText(name);
    node->name_ = stored.data();
    node->nameLength_ = static_cast<std::uint32_t>(stored.size());
    node->type_ = &type;
    node->visible_ = visible;
    node->position_ = where;
    node->sequence_ = nextSequence_++;
    index_->records.insertNew(*node, hash);
    link(*node);
    return node;
}

Record* Database::createAlias(Record& target, std::string_view alias) {
    if (index_->records.find(alias)) return nullptr;
    Record& real = target.target_ ? *target.target_ : target;
    saveForUndo(real);
    Record* node = arena_.make<Record>();
    const std::string_view stored = copyText(alias);
    node->name_ = stored.data();
    node->nameLength_ = static_cast<std::uint32_t>(stored.size());
    node->type_ = real.type_;
    node->target_ = &real;
    node->position_ = real.position_;
    node->sequence_ = nextSequence_++;
    index_->records.insert(*node);
    link(*node);
    real.hasAliases_ = true;
    return node;
}

void Database::deleteRecord(Record& node) {
    if (!node.isAlias()) {
        // Its aliases go first, as in EPICS.
        std::vector<Record*> aliases;
        for (Record* other = node.type_->first_; other; other = other->next_)
            if (other->target_ == &node) aliases.push_back(other);
        for (Record* alias : aliases)
            deleteRecord(*alias);
    }
    index_->records.erase(node.name());
    unlink(node);
    if (loading() && node.sequence_ < undo_->firstSequence) undo_->deleted.push_back(&node);
    if (node.isAlias()) {
        Record& real = *node.target_;
        bool others = false;
        for (Record* other = real.type_->first_; other && !others; other = other->next_)
            others = other->target_ == &real;
        if (!others) {
            saveForUndo(real);
            real.hasAliases_ = false;
        }
    }
}

void Database::saveForUndo(Record& node) {
    if (!loading() || node.sequence_ >= undo_->firstSequence ||
        node.snapshotTransaction_ == transaction_)
        return;
    node.snapshotTransaction_ = transaction_;
    node.fieldsMadeByLoad_ = node.infosMadeByLoad_ = false;
    undo_->snapshots.push_back({&node, node.fields_, node.infos_, node.fieldCount_, node.infoCount_,
                                node.visible_, node.hasAliases_, node.fieldsOwned_,
                                node.infosOwned_});
}

namespace {
// A string field's block holds any value the field can take: it is written over in place by
// every put, as EPICS writes into the record (a pointer to it stays valid, shows the new value).
std::size_t textBlock(const FieldDef& def, std::size_t length) noexcept {
    const bool fixed = def.type == DbfType::String && def.size > length;
    return BlockRecycler::blockSize(fixed ? def.size : length + 1);
}
std::size_t textBlock(std::size_t length) noexcept {
    return BlockRecycler::blockSize(length + 1);
}

// apply()'s merge of a field that does not come after the ones it has: out of line, so that
// the common case stays small enough to be inlined. Found from the end (it is mostly near
// it: UDF before VAL, a field or two written out of definition order).
void setOutOfOrder(std::vector<FieldValue>& merged, const FieldValue& value) {
    std::size_t at = merged.size();
    while (at > 0 && merged[at - 1].field > value.field)
        --at;
    if (at > 0 && merged[at - 1].field == value.field) {
        merged[at - 1] = value;
        return;
    }
    merged.push_back(value);
    for (std::size_t i = merged.size() - 1; i > at; --i)
        merged[i] = merged[i - 1];
    merged[at] = value;
}
} // namespace

void Database::apply(Record& node, const FieldEdits& edits) {
    if (!edits.fields_.empty()) {
        Record& real = node.target_ ? *node.target_ : node;
        saveForUndo(real);
        if (loading() && real.fieldsMadeByLoad_)
            applyFieldsAgain(real, edits);
        else
            applyFields(real, edits);
    }
    if (!edits.infos_.empty()) {
        saveForUndo(node);
        if (loading() && node.infosMadeByLoad_ && (node.infosOwned_ || replacesInfo(node, edits))) {
            // Values this load set are set again: in blocks of their own, written over or given
            // back from now on.
            for (const FieldEdits::Pending& pending : edits.infos_)
                putOwnInfo(node, {edits.text_.data() + pending.nameOffset, pending.nameLength},
                           {edits.text_.data() + pending.offset, pending.length});
        } else {
            applyInfos(node, edits);
        }
        node.infosMadeByLoad_ = loading();
    }
}

// The record's first edits in a load (or outside one): a new array of the exact size, values
// shared through the value cache. The former array stays as it was, for a rollback.
void Database::applyFields(Record& real, const FieldEdits& edits) {
    const RecordType& type = *real.type_;
    // Merge into a reused scratch copy sorted by field index, then store it in one arena
    // allocation.
    std::vector<FieldValue>& merged = fieldScratch_;
    merged.assign(real.fields_, real.fields_ + real.fieldCount_);
    for (FieldValue& value : merged)
        value.madeByLoad = false; // an earlier load's: kept for a rollback of this one
    auto set = [&merged](std::uint16_t field, std::string_view text) {
        const FieldValue value{
            .field = field, .length = static_cast<std::uint32_t>(text.size()), .text = text.data()};
        if (merged.empty() || merged.back().field < field)
            merged.push_back(value); // fields usually come in definition order
        else
            setOutOfOrder(merged, value);
    };
    for (const FieldEdits::Pending& pending : edits.fields_) {
        const auto field = static_cast<std::uint16_t>(pending.key);
        set(field, index_->values.store(edits.textOf(pending), pending.hash, arena_));
        if (type.valField_ && field == type.valField_->index && type.udfField_)
            set(type.udfField_->index, "0");
    }
    FieldValue* stored = arena_.makeArray<FieldValue>(merged.size());
    std::copy(merged.begin(), merged.end(), stored);
    real.fields_ = stored;
    real.fieldCount_ = static_cast<std::uint16_t>(merged.size());
    real.fieldsOwned_ = false;
    real.fieldsMadeByLoad_ = loading();
}

// Edits of a record whose array this load made: nothing of it is kept for a rollback, so a value
// set again goes into a block of its own, which the next set writes over (a string field's
// block holds any of its values) or gives back to the load's recycler, and the array is
// written over when the fields fit in it. A record set N times in one load holds one value per
// field, not N.
void Database::applyFieldsAgain(Record& real, const FieldEdits& edits) {
    const RecordType& type = *real.type_;
    BlockRecycler& blocks = index_->loadBlocks;
    auto& replaced = undo_->replaced;
    auto& overwrites = undo_->overwrites;
    replaced.clear();
    overwrites.clear();
    std::vector<FieldValue>& merged = fieldScratch_;
    merged.assign(real.fields_, real.fields_ + real.fieldCount_);
    auto slotOf = [&merged](std::uint16_t field) -> FieldValue* {
        auto slot =
            std::lower_bound(merged.begin(), merged.end(), field,
                             [](const FieldValue& v, std::uint16_t f) { return v.field < f; });
        if (slot != merged.end() && slot->field == field) return &*slot;
        return nullptr;
    };
    auto insert = [&merged](const FieldValue& value) {
        merged.insert(
            std::lower_bound(merged.begin(), merged.end(), value.field,
                             [](const FieldValue& v, std::uint16_t f) { return v.field < f; }),
            value);
    };
    for (const FieldEdits::Pending& pending : edits.fields_) {
        const auto field = static_cast<std::uint16_t>(pending.key);
        const std::string_view text = edits.textOf(pending);
        if (FieldValue* slot = slotOf(field)) {
            if (slot->value() != text) {
                const FieldDef& def = type.field(field);
                const std::size_t block = textBlock(def, text.size());
                char* out = const_cast<char*>(slot->text);
                if (slot->madeByLoad && textBlock(def, slot->length) == block) {
                    // Written once nothing can fail any more: the array in place still shows it.
                    overwrites.emplace_back(out, text);
                } else {
                    out = static_cast<char*>(blocks.take(block, arena_));
                    if (slot->madeByLoad)
                        replaced.emplace_back(slot->text, textBlock(def, slot->length));
                    std::memcpy(out, text.data(), text.size());
                    out[text.size()] = '\0';
                }
                *slot = FieldValue{.field = field,
                                   .ownsText = true,
                                   .madeByLoad = true,
                                   .length = static_cast<std::uint32_t>(text.size()),
                                   .text = out};
            }
        } else {
            const std::string_view shared = index_->values.store(text, pending.hash, arena_);
            insert(FieldValue{.field = field,
                              .length = static_cast<std::uint32_t>(shared.size()),
                              .text = shared.data()});
        }
        if (type.valField_ && field == type.valField_->index && type.udfField_) {
            const FieldValue zero{.field = type.udfField_->index, .length = 1, .text = "0"};
            if (FieldValue* udf = slotOf(zero.field)) {
                if (udf->madeByLoad)
                    replaced.emplace_back(udf->text, textBlock(*type.udfField_, udf->length));
                *udf = zero;
            } else {
                insert(zero);
            }
        }
    }
    // The array: written over when the fields fit its block (an exact array of apply(): the same
    // count), else a block of the load's recycler.
    constexpr std::size_t kSize = sizeof(FieldValue);
    const std::size_t count = real.fieldCount_;
    const std::size_t oldBytes =
        real.fieldsOwned_ ? BlockRecycler::blockSize(count * kSize) : count * kSize;
    const bool fits = real.fieldsOwned_
                          ? BlockRecycler::blockSize(merged.size() * kSize) == oldBytes
                          : merged.size() == count;
    auto* fields = const_cast<FieldValue*>(real.fields_);
    if (!fits) {
        fields = static_cast<FieldValue*>(blocks.take(merged.size() * kSize, arena_));
        if (count > 0) replaced.emplace_back(real.fields_, oldBytes);
        real.fieldsOwned_ = true;
    }
    // Nothing below allocates.
    for (const auto& [out, text] : overwrites) {
        std::memmove(out, text.data(), text.size());
        out[text.size()] = '\0';
    }
    std::uninitialized_copy(merged.begin(), merged.end(), fields);
    real.fields_ = fields;
    real.fieldCount_ = static_cast<std::uint16_t>(merged.size());
    for (const auto& [block, bytes] : replaced)
        blocks.give(const_cast<void*>(block), bytes);
}

// Whether the edits give an info item the node has another value.
bool Database::replacesInfo(const Record& node, const FieldEdits& edits) const noexcept {
    for (const FieldEdits::Pending& pending : edits.infos_) {
        const InfoItem* item =
            node.findInfo({edits.text_.data() + pending.nameOffset, pending.nameLength});
        if (item &&
            item->value != std::string_view(edits.text_.data() + pending.offset, pending.length))
            return true;
    }
    return false;
}

// A node's info edits as one new array of the exact size (the former one stays for a rollback,
// unless this load made it).
void Database::applyInfos(Record& node, const FieldEdits& edits) {
    std::vector<InfoItem>& merged = infoScratch_;
    merged.assign(node.infos_, node.infos_ + node.infoCount_);
    for (const FieldEdits::Pending& pending : edits.infos_) {
        std::string_view name{edits.text_.data() + pending.nameOffset, pending.nameLength};
        std::string_view value{edits.text_.data() + pending.offset, pending.length};
        auto it = std::find_if(merged.begin(), merged.end(),
                               [&](const InfoItem& item) { return item.name == name; });
        if (it != merged.end())
            it->value = index_->values.store(value, arena_);
        else
            merged.push_back(
                {index_->values.store(name, arena_), index_->values.store(value, arena_)});
    }
    replaceInfos(node, merged);
}

// Puts `items` in a new exact array of the node. One this load made (and did not own: an owned
// array goes the putOwnInfo way) goes back to the load's recycler.
void Database::replaceInfos(Record& node, std::span<const InfoItem> items) {
    InfoItem* stored = arena_.makeArray<InfoItem>(items.size());
    std::copy(items.begin(), items.end(), stored);
    if (loading() && node.infosMadeByLoad_ && node.infoCount_ > 0)
        index_->loadBlocks.give(const_cast<InfoItem*>(node.infos_),
                                node.infoCount_ * sizeof(InfoItem));
    node.infos_ = stored;
    node.infoCount_ = static_cast<std::uint32_t>(items.size());
    node.infosOwned_ = false;
}

PutStatus Database::putField(Record& node, const FieldDef& field, std::string_view value) {
    PutStatus status = checkField(node.type(), field, value);
    if (status.ok() || status.error == PutError::BadCalc) {
        if (loading()) {
            FieldEdits edits;
            edits.setField(field.index, value);
            apply(node, edits);
        } else {
            putOwnField(node.target_ ? *node.target_ : node, field.index, value);
        }
    }
    return status;
}

void Database::putInfo(Record& node, std::string_view name, std::string_view value) {
    if (!loading()) return putOwnInfo(node, name, value);
    FieldEdits edits;
    edits.setInfo(name, value);
    apply(node, edits);
}

bool Database::deleteInfo(Record& node, std::string_view name) {
    const InfoItem* item = node.findInfo(name);
    if (!item) return false;
    if (!loading()) {
        deleteOwnInfo(node, *item);
        return true;
    }
    saveForUndo(node);
    if (node.infosMadeByLoad_ && node.infosOwned_) {
        deleteOwnInfo(node, *item); // this load's blocks: given back to its recycler
        return true;
    }
    std::vector<InfoItem> kept;
    for (const InfoItem& other : node.infos())
        if (&other != item) kept.push_back(other);
    replaceInfos(node, kept);
    node.infosMadeByLoad_ = true;
    return true;
}

void Database::setVisible(Record& node, bool visible) {
    Record& real = node.target_ ? *node.target_ : node;
    saveForUndo(real);
    real.visible_ = visible;
}

void Database::putAttribute(RecordType& type, std::string_view name, std::string_view value) {
    constexpr std::size_t kMaxValue = 39; // EPICS: MAX_STRING_SIZE - 1
    const std::string_view kept = copyText(value.substr(0, kMaxValue));
    auto& attributes = type.attributes_;
    auto it = std::find_if(attributes.begin(), attributes.end(),
                           [&](const RecordTypeAttribute& a) { return a.name >= name; });
    if (it != attributes.end() && it->name == name)
        it->value = kept;
    else
        attributes.insert(it, RecordTypeAttribute{copyText(name), kept});
    definitionsChanged();
}

// ---- single puts outside loads ------------------------------------------------------------
// No snapshot can refer to a record's arrays or texts between loads, so a put may write over
// them and give back what it no longer uses (BlockRecycler). The size of a text's own block
// follows from what it holds (textBlock), so it is not stored. Within a load, the same
// functions serve an info array the load made and owns (apply, deleteInfo), with the load's
// recycler.

BlockRecycler& Database::recycler() noexcept {
    return loading() ? index_->loadBlocks : index_->blocks;
}

// `text` in a block of `block` bytes: `old`, a block of oldBlock bytes (null when the former
// text was not a block of its own), if it is of that size; else a new one, and `old` is given
// back. `text` may be the former text itself (a put of the value read back).
const char* Database::ownText(std::string_view text, std::size_t block, const char* old,
                              std::size_t oldBlock) {
    char* out = const_cast<char*>(old);
    const bool reuse = old && oldBlock == block;
    if (!reuse) out = static_cast<char*>(recycler().take(block, arena_));
    std::memmove(out, text.data(), text.size());
    out[text.size()] = '\0';
    if (!reuse && old) recycler().give(const_cast<char*>(old), oldBlock);
    return out;
}

// The slot of `field` in the record's array, made (unset, no text of its own) when the field
// was not set: the array grows in its block when there is room, else moves to a bigger one and
// the old array is given back.
FieldValue& Database::ownFieldSlot(Record& real, std::uint16_t field) {
    auto* fields = const_cast<FieldValue*>(real.fields_);
    const std::size_t count = real.fieldCount_;
    FieldValue* end = fields + count;
    FieldValue* slot = std::lower_bound(
        fields, end, field, [](const FieldValue& v, std::uint16_t f) { return v.field < f; });
    if (slot != end && slot->field == field) return *slot;

    const auto position = static_cast<std::size_t>(slot - fields);
    constexpr std::size_t kSize = sizeof(FieldValue);
    if (real.fieldsOwned_ &&
        BlockRecycler::blockSize(count * kSize) == BlockRecycler::blockSize((count + 1) * kSize)) {
        std::memmove(slot + 1, slot, (count - position) * kSize);
    } else {
        auto* grown = static_cast<FieldValue*>(recycler().take((count + 1) * kSize, arena_));
        std::uninitialized_copy(fields, slot, grown);
        std::uninitialized_copy(slot, end, grown + position + 1);
        // An array of apply() has the exact size of its items.
        recycler().give(fields, real.fieldsOwned_ ? BlockRecycler::blockSize(count * kSize)
                                                  : count * kSize);
        fields = grown;
        real.fieldsOwned_ = true;
    }
    FieldValue* made = new (fields + position) FieldValue{.field = field, .text = ""};
    real.fields_ = fields;
    real.fieldCount_ = static_cast<std::uint16_t>(count + 1);
    return *made;
}

void Database::putOwnField(Record& real, std::uint16_t field, std::string_view value) {
    const RecordType& type = *real.type_;
    const FieldDef& def = type.field(field);
    FieldValue& slot = ownFieldSlot(real, field);
    slot.text = ownText(value, textBlock(def, value.size()), slot.ownsText ? slot.text : nullptr,
                        textBlock(def, slot.length));
    slot.length = static_cast<std::uint32_t>(value.size());
    slot.ownsText = true;
    if (type.valField_ && field == type.valField_->index && type.udfField_) {
        FieldValue& udf = ownFieldSlot(real, type.udfField_->index); // may move the array
        if (udf.ownsText)
            recycler().give(const_cast<char*>(udf.text), textBlock(*type.udfField_, udf.length));
        udf = FieldValue{.field = udf.field, .length = 1, .text = "0"};
    }
}

// Makes the node's info array and texts its own, once (the former ones may be shared).
void Database::ownInfos(Record& node) {
    if (node.infosOwned_) return;
    const std::size_t count = node.infoCount_;
    InfoItem* items = nullptr;
    if (count > 0) {
        items = static_cast<InfoItem*>(recycler().take(count * sizeof(InfoItem), arena_));
        for (std::size_t i = 0; i < count; ++i) {
            const InfoItem& old = node.infos_[i];
            new (items + i) InfoItem{ownInfoText(old.name), ownInfoText(old.value)};
        }
        // An array of apply() or of a deletion in a load has the exact size of its items.
        recycler().give(const_cast<InfoItem*>(node.infos_), count * sizeof(InfoItem));
    }
    node.infos_ = items;
    node.infosOwned_ = true;
}

std::string_view Database::ownInfoText(std::string_view text) {
    return {ownText(text, textBlock(text.size()), nullptr, 0), text.size()};
}

void Database::putOwnInfo(Record& node, std::string_view name, std::string_view value) {
    ownInfos(node);
    auto* items = const_cast<InfoItem*>(node.infos_);
    const std::size_t count = node.infoCount_;
    for (std::size_t i = 0; i < count; ++i)
        if (items[i].name == name) {
            const std::string_view old = items[i].value;
            items[i].value = {
                ownText(value, textBlock(value.size()), old.data(), textBlock(old.size())),
                value.size()};
            return;
        }
    constexpr std::size_t kSize = sizeof(InfoItem);
    if (count == 0 ||
        BlockRecycler::blockSize(count * kSize) != BlockRecycler::blockSize((count + 1) * kSize)) {
        auto* grown = static_cast<InfoItem*>(recycler().take((count + 1) * kSize, arena_));
        std::uninitialized_copy(items, items + count, grown);
        if (count > 0) recycler().give(items, BlockRecycler::blockSize(count * kSize));
        items = grown;
    }
    new (items + count) InfoItem{ownInfoText(name), ownInfoText(value)};
    node.infos_ = items;
    node.infoCount_ = static_cast<std::uint32_t>(count + 1);
}

void Database::deleteOwnInfo(Record& node, const InfoItem& item) {
    const auto position = static_cast<std::size_t>(&item - node.infos_);
    ownInfos(node); // the array may move
    auto* items = const_cast<InfoItem*>(node.infos_);
    const std::size_t count = node.infoCount_;
    for (const std::string_view text : {items[position].name, items[position].value})
        recycler().give(const_cast<char*>(text.data()), textBlock(text.size()));
    std::copy(items + position + 1, items + count, items + position);
    // An owned array's block size follows from its count: a smaller one may need a smaller
    // block, and an owned array is never empty.
    constexpr std::size_t kSize = sizeof(InfoItem);
    const std::size_t block = BlockRecycler::blockSize(count * kSize);
    InfoItem* kept = nullptr;
    if (count > 1 && BlockRecycler::blockSize((count - 1) * kSize) == block) {
        kept = items;
    } else if (count > 1) {
        kept = static_cast<InfoItem*>(recycler().take((count - 1) * kSize, arena_));
        std::uninitialized_copy(items, items + count - 1, kept);
    }
    if (kept != items) recycler().give(items, block);
    node.infos_ = kept;
    node.infoCount_ = static_cast<std::uint32_t>(count - 1);
    node.infosOwned_ = kept != nullptr;
}

void Database::sortRecords() {
    for (RecordType& type : types_) {
        std::vector<Record*> nodes;
        for (Record* node = type.first_; node; node = node->next_)
            nodes.push_back(node);
        std::stable_sort(nodes.begin(), nodes.end(),
                         [](const Record* a, const Record* b) { return a->name() < b->name(); });
        type.first_ = type.last_ = nullptr;
        Record* prev = nullptr;
        for (Record* node : nodes) {
            node->prev_ = prev;
            node->next_ = nullptr;
            (prev ? prev->next_ : type.first_) = node;
            prev = node;
        }
        type.last_ = prev;
    }
}

std::uint32_t Database::internFile(std::string_view path) {
    for (std::size_t i = 0; i < files_.size(); ++i)
        if (files_[i] == path) return static_cast<std::uint32_t>(i);
    files_.emplace_back(path);
    return static_cast<std::uint32_t>(files_.size() - 1);
}

std::string_view Database::fileName(std::uint32_t file) const noexcept {
    return file < files_.size() ? std::string_view(files_[file]) : std::string_view();
}

// ---- transactional loads ------------------------------------------------------------------

void Database::beginLoad() {
    if (loadDepth_++ > 0) return;
    for (TransactionListener* listener : listeners_)
        listener->loadBegun();
    ++transaction_;
    Undo& u = *undo_;
    u.snapshots.clear();
    u.deleted.clear();
    u.deviceCounts.clear();
    u.arenaMark = arena_.mark();
    u.firstSequence = nextSequence_;
    u.menus = menus_.size();
    u.types = types_.size();
    u.breaktables = breaktables_.size();
    u.drivers = drivers_.size();
    u.registrars = registrars_.size();
    u.functions = functions_.size();
    u.variables = variables_.size();
    u.links = links_.size();
    u.groups = promptGroups_.size();
}

void Database::endLoad(bool success) {
    if (loadDepth_ == 0 || --loadDepth_ > 0) return;
    if (!success) rollback();
    Undo& u = *undo_;
    u.snapshots.clear();
    u.snapshots.shrink_to_fit();
    u.deleted.clear();
    u.deleted.shrink_to_fit();
    u.deviceCounts.clear();
    // What this load set and replaced is the database's to reuse now (a rollback forgot it).
    index_->blocks.absorb(index_->loadBlocks);
    if (options_.recordsAbcSorted) sortRecords();
    for (TransactionListener* listener : listeners_)
        listener->loadEnded(success);
}

namespace {

// Drops the definitions past the first `size` from a list, and their names from its index.
template <class List, class Index, class NameOf>
void truncate(List& list, Index& index, std::size_t size, NameOf nameOf) {
    while (list.size() > size) {
        index.erase(nameOf(list.back()));
        list.pop_back();
    }
}

std::string_view itself(std::string_view name) {
    return name;
}

} // namespace

void Database::rollback() {
    const Undo& u = *undo_;
    // A dropped definition's storage may hold a new one later: the version must change.
    const bool dropsDefinitions =
        !u.deviceCounts.empty() || menus_.size() != u.menus || types_.size() != u.types ||
        breaktables_.size() != u.breaktables || drivers_.size() != u.drivers ||
        registrars_.size() != u.registrars || functions_.size() != u.functions ||
        variables_.size() != u.variables || links_.size() != u.links ||
        promptGroups_.size() != u.groups;
    restoreNodes(u);
    restoreRecordLists(u);
    dropDefinitions(u);
    // Memory: everything the load took from the arena.
    index_->values.clear();
    index_->loadBlocks.clear();
    nextSequence_ = u.firstSequence;
    arena_.rewind(u.arenaMark);
    if (dropsDefinitions) definitionsChanged();
}

// Pre-existing nodes get their content back (the first snapshot is the original), and
// pre-existing types their device count.
void Database::restoreNodes(const Undo& u) {
    for (auto it = u.snapshots.rbegin(); it != u.snapshots.rend(); ++it) {
        Record& node = *it->node;
        node.fields_ = it->fields;
        node.fieldCount_ = it->fieldCount;
        node.infos_ = it->infos;
        node.infoCount_ = it->infoCount;
        node.visible_ = it->visible;
        node.hasAliases_ = it->hasAliases;
        node.fieldsOwned_ = it->fieldsOwned;
        node.infosOwned_ = it->infosOwned;
    }
    for (const auto& [type, count] : u.deviceCounts)
        type->devices_.resize(count);
}

// The record lists of the pre-existing types lose the nodes created by this load and get the
// deleted ones back, in their former order (creation order, or by name when sorted); the
// record index follows.
void Database::restoreRecordLists(const Undo& u) {
    std::vector<std::vector<Record*>> lists(u.types);
    for (std::size_t t = 0; t < u.types; ++t)
        for (Record* node = types_[t].first_; node; node = node->next_) {
            if (node->sequence_ >= u.firstSequence)
                index_->records.erase(node->name());
            else
                lists[t].push_back(node);
        }
    for (std::size_t t = u.types; t < types_.size(); ++t)
        for (Record* node = types_[t].first_; node; node = node->next_)
            index_->records.erase(node->name());
    for (Record* node : u.deleted) {
        index_->records.insert(*node);
        for (std::size_t t = 0; t < u.types; ++t)
            if (&types_[t] == node->type_) lists[t].push_back(node);
    }
    recordCount_ = aliasCount_ = 0;
    for (std::size_t t = 0; t < u.types; ++t) {
        RecordType& type = types_[t];
        auto& nodes = lists[t];
        if (options_.recordsAbcSorted)
            std::stable_sort(nodes.begin(), nodes.end(), [](const Record* a, const Record* b) {
                return a->name() < b->name();
            });
        else
            std::sort(nodes.begin(), nodes.end(),
                      [](const Record* a, const Record* b) { return a->sequence_ < b->sequence_; });
        type.first_ = type.last_ = nullptr;
        type.recordCount_ = type.aliasCount_ = 0;
        for (Record* node : nodes)
            link(*node);
    }
}

// The definitions this load added.
void Database::dropDefinitions(const Undo& u) {
    truncate(menus_, index_->menus, u.menus, [](const Menu& menu) { return menu.name(); });
    truncate(types_, index_->types, u.types, [](const RecordType& type) { return type.name(); });
    truncate(breaktables_, index_->breaktables, u.breaktables,
             [](const Breaktable& table) { return table.name; });
    truncate(drivers_, index_->drivers, u.drivers, itself);
    truncate(registrars_, index_->registrars, u.registrars, itself);
    truncate(functions_, index_->functions, u.functions, itself);
    truncate(variables_, index_->variables, u.variables,
             [](const Variable& variable) { return variable.name; });
    if (links_.size() > u.links) {
        links_.resize(u.links);
        indexLinks(index_->links, links_);
    }
    promptGroups_.resize(u.groups);
}

} // namespace epicsdb::dbstatic
