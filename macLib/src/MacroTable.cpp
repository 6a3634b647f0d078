// The table itself: entries, scopes, the value cache and environment lookups. Translation is
// in Translator.cpp.
#include "EntryPvt.hpp"
#include "TranslatorPvt.hpp"

#include <epicsdb/macLib/MacroTable.hpp>

#include <cstring>
#include <new>
#include <utility>

namespace epicsdb::maclib {

using detail::Entry;
using detail::EntryKind;

namespace {

// Shrinks `text` back to `size` however the scope is left.
class SizeRestorer {
public:
    SizeRestorer(std::string& text, std::size_t size) noexcept : text_(text), size_(size) {}
    ~SizeRestorer() { text_.resize(size_); }
    SizeRestorer(const SizeRestorer&) = delete;
    SizeRestorer& operator=(const SizeRestorer&) = delete;

private:
    std::string& text_;
    std::size_t size_;
};

void appendPadded(std::string& out, std::string_view text, std::size_t width) {
    out.append(text);
    if (text.size() < width) out.append(width - text.size(), ' ');
}

// One line of the report, as printf("%-1s %-16s %-16s %s\n").
void appendReportLine(std::string& out, std::string_view mark, std::string_view name,
                      std::string_view raw, std::string_view value) {
    appendPadded(out, mark, 1);
    out.push_back(' ');
    appendPadded(out, name, 16);
    out.push_back(' ');
    appendPadded(out, raw, 16);
    out.push_back(' ');
    out.append(value);
    out.push_back('\n');
}

} // namespace

std::string shortMessage(const Warning& warning) {
    switch (warning.kind) {
    case WarningKind::Undefined:
        return "macro " + std::string(warning.macro) + " is undefined";
    case WarningKind::Recursive:
        return "macro " + std::string(warning.macro) + " is recursive";
    case WarningKind::TooDeep:
        break;
    case WarningKind::TooLarge:
        return std::string(warning.summary);
    }
    return "macro references nested more than " + std::to_string(MacroTable::kMaxDepth) + " levels";
}

MacroTable::MacroTable(Environment environment) noexcept
    : environment_(environment == Environment::Use ? &processEnvironment() : nullptr) {}

MacroTable::MacroTable(const VariableSource& environment) noexcept : environment_(&environment) {}

MacroTable::MacroTable(std::string_view definitions, Environment environment)
    : MacroTable(environment) {
    install(definitions);
}

// Entries are trivially destructible and live in store_, which releases everything at once.
MacroTable::~MacroTable() = default;

void MacroTable::setWarningSink(WarningSink sink) {
    sink_ = std::move(sink);
}
void MacroTable::suppressWarnings(bool suppress) noexcept {
    suppress_ = suppress;
}
bool MacroTable::warningsSuppressed() const noexcept {
    return suppress_;
}
bool MacroTable::usesEnvironment() const noexcept {
    return environment_ != nullptr;
}
void MacroTable::setExpansionLimit(std::size_t bytes) noexcept {
    expansionLimit_ = bytes == 0 ? 1 : bytes;
}
std::size_t MacroTable::expansionLimit() const noexcept {
    return expansionLimit_;
}
int MacroTable::scopeLevel() const noexcept {
    return level_;
}

void MacroTable::warn(const Warning& warning) const {
    if (sink_) sink_(warning);
}

MemoryStats MacroTable::memoryStats() const noexcept {
    return {store_.systemAllocations(), store_.bytesReserved()};
}

Entry* MacroTable::create(std::string_view name, EntryKind kind) {
    const auto block = store_.allocate(sizeof(Entry) + name.size() + 1);
    auto* entry = new (block.data) Entry{};
    char* nameCopy = block.data + sizeof(Entry);
    if (!name.empty()) std::memcpy(nameCopy, name.data(), name.size());
    nameCopy[name.size()] = '\0';
    entry->nameSize = name.size();
    entry->blockCapacity = block.capacity;
    entry->nameHash = nameHash(name);
    entry->level = level_;
    entry->kind = kind;
    entry->prev = tail_;
    index_.push(*entry, store_);
    if (tail_)
        tail_->next = entry;
    else
        head_ = entry;
    tail_ = entry;
    return entry;
}

// Copies before freeing, so `value` may point into the entry's own old value.
void MacroTable::setRaw(Entry& entry, std::string_view value) {
    if (entry.raw && entry.rawCapacity > value.size()) {
        if (!value.empty()) std::memmove(entry.raw, value.data(), value.size());
    } else {
        const auto block = store_.allocate(value.size() + 1);
        if (!value.empty()) std::memcpy(block.data, value.data(), value.size());
        store_.deallocate(entry.raw, entry.rawCapacity);
        entry.raw = block.data;
        entry.rawCapacity = block.capacity;
    }
    entry.raw[value.size()] = '\0';
    entry.rawSize = value.size();
    dirty_ = true;
}

void MacroTable::storeValue(Entry& entry, std::string_view value) {
    if (!entry.value || entry.valueCapacity <= value.size()) {
        const auto block = store_.allocate(value.size() + 1);
        store_.deallocate(entry.value, entry.valueCapacity);
        entry.value = block.data;
        entry.valueCapacity = block.capacity;
    }
    if (!value.empty()) std::memcpy(entry.value, value.data(), value.size());
    entry.value[value.size()] = '\0';
    entry.valueSize = value.size();
}

void MacroTable::remove(Entry& entry) noexcept {
    index_.remove(entry);
    (entry.prev ? entry.prev->next : head_) = entry.next;
    (entry.next ? entry.next->prev : tail_) = entry.prev;
    store_.deallocate(entry.raw, entry.rawCapacity);
    store_.deallocate(entry.value, entry.valueCapacity);
    store_.deallocate(&entry, entry.blockCapacity);
    dirty_ = true;
}

Entry* MacroTable::lookup(std::string_view name, std::uint32_t hash) {
    if (Entry* entry = index_.find(name, hash)) return entry;
    if (environment_ && !name.empty()) return findEnvironment(name);
    return nullptr;
}

// A set variable becomes an entry at the current level, so its value is cached and expanded
// like a macro's, until its scope is popped or it is undefined.
Entry* MacroTable::findEnvironment(std::string_view name) {
    const std::optional<std::string_view> value = environment_->find(name);
    if (!value) return nullptr;
    Entry* entry = create(name, EntryKind::EnvironmentVariable);
    setRaw(*entry, *value);
    return entry;
}

void MacroTable::define(std::string_view name, std::string_view value) {
    Entry* entry = lookup(name);
    if (!entry || entry->level < level_) entry = create(name, EntryKind::Macro);
    setRaw(*entry, value);
}

void MacroTable::undefine(std::string_view name) {
    while (Entry* entry = lookup(name)) {
        const bool environmentVariable = entry->kind == EntryKind::EnvironmentVariable;
        remove(*entry);
        if (environmentVariable) break;
    }
}

std::size_t MacroTable::install(std::string_view definitions) {
    DefinitionReader reader(definitions);
    Definition item;
    std::size_t count = 0;
    while (reader.next(item)) {
        if (item.value)
            define(item.name, *item.value);
        else
            undefine(item.name);
        ++count;
    }
    return count;
}

std::size_t MacroTable::install(std::span<const Definition> definitions) {
    for (const Definition& item : definitions) {
        if (item.value)
            define(item.name, *item.value);
        else
            undefine(item.name);
    }
    return definitions.size();
}

bool MacroTable::isDefined(std::string_view name) {
    return lookup(name) != nullptr;
}

std::optional<MacroValue> MacroTable::getValue(std::string_view name) {
    return getValue(name, nameHash(name));
}

std::optional<MacroValue> MacroTable::getValue(std::string_view name, std::uint32_t hash) {
    Entry* entry = lookup(name, hash);
    if (!entry) return std::nullopt;
    refresh(scratch_);
    return MacroValue{entry->valueText(), entry->status};
}

void MacroTable::refresh(std::string& scratch) {
    if (!dirty_) return;
    const std::size_t base = scratch.size();
    SizeRestorer restore(scratch, base);
    detail::Translator translator(*this);
    // Oldest first; entries that translation adds at the end (environment variables) are
    // reached too. Translation never removes an entry that existed before it started.
    for (Entry* entry = head_; entry; entry = entry->next) {
        detail::Subject subject{detail::kindName(entry->kind), entry->name(), {}};
        translator.run(entry->rawText(), 1, subject, scratch);
        storeValue(*entry, std::string_view(scratch).substr(base));
        entry->status = subject.status;
        scratch.resize(base);
    }
    dirty_ = false;
}

ExpandStatus MacroTable::expand(std::string_view text, std::string& out) {
    refresh(out);
    detail::Subject subject{"string", text, {}};
    detail::Translator translator(*this);
    translator.run(text, 0, subject, out);
    return subject.status;
}

Expansion MacroTable::expand(std::string_view text) {
    Expansion result;
    result.status = expand(text, result.text);
    return result;
}

// A scope is just a level: entries remember the level they were made at.
void MacroTable::pushScope() noexcept {
    ++level_;
}

bool MacroTable::popScope() noexcept {
    if (level_ == 0) return false;
    while (tail_ && tail_->level == level_)
        remove(*tail_);
    --level_;
    dirty_ = true; // EPICS deletes its scope marker, which counts as a change
    return true;
}

std::string MacroTable::report() {
    refresh(scratch_);
    std::string out;
    appendReportLine(out, "e", "name", "rawval", "value");
    appendReportLine(out, "-", "----", "------", "-----");
    // EPICS's scope markers sit where the level steps up, one per level.
    auto markers = [&out](int from, int to) {
        for (int level = from; level < to; ++level)
            appendReportLine(out, "s", "----", "------", "-----");
    };
    int level = 0;
    for (const Entry* entry = head_; entry; entry = entry->next) {
        markers(level, entry->level);
        level = entry->level;
        appendReportLine(out, entry->status.ok() ? " " : "*", entry->name(), entry->rawText(),
                         entry->valueText());
    }
    markers(level, level_);
    return out;
}

} // namespace epicsdb::maclib
