// The static record database: definitions, records, aliases and info items, with EPICS's
// rules for creating, modifying and deleting them (EPICS-BEHAVIOUR 3.3-3.5, 4, 7). One Arena holds
// everything that lives as long as the database; the record index grows with it.
//
// Loads are transactional: between beginLoad() and endLoad(false) every change is undone, so a
// failed load leaves the database exactly as it was (EPICS keeps half-loaded records).
#pragma once

#include <epicsdb/dbStatic/Definitions.hpp>
#include <epicsdb/dbStatic/Record.hpp>
#include <epicsdb/dbStatic/Types.hpp>
#include <epicsdb/export.h>
#include <epicsdb/mempool/Arena.hpp>

#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace epicsdb::dbstatic {

class BlockRecycler;

// The iocsh variables that change how a database is built (EPICS-BEHAVIOUR 3.7).
struct DatabaseOptions {
    bool recordsOnceOnly = false;    // dbRecordsOnceOnly
    bool recordsAbcSorted = false;   // dbRecordsAbcSorted
    bool convertStrict = false;      // dbConvertStrict
    bool bptNotMonotonic = false;    // dbBptNotMonotonic
    bool ignoreMissingMenus = false; // a recordtype may name a menu that does not exist
    bool operator==(const DatabaseOptions&) const = default;
};

// Why a field value was refused (dbPutString). text() is the EPICS error text.
enum class PutError : std::uint8_t {
    None,
    BadField,        // "Bad Field value": bad link, out-of-range menu index, ...
    UnexpandedMacro, // the value holds "$(" or "${": "Bad Field value"
    StringTooLong,   // "String is too long"
    BadCalc,         // "Bad Field value"; calcError says why (the value is still stored)
    IllegalChoice,   // "Illegal choice" (menu or DTYP)
    NoDigits,        // "No digits to convert"
    Extraneous,      // "Extraneous characters"
    Overflow,        // "Too large to represent"
    Underflow,       // "Too small to represent"
    BadBase,         // "Number base not supported"
    NotSettable,     // DBF_NOACCESS: "Bad Field value"
};

struct PutStatus {
    PutStatus() = default;
    PutStatus(PutError e, std::string_view calc = {}) noexcept : error(e), calcError(calc) {}
    PutError error = PutError::None;
    std::string_view calcError; // for BadCalc: the postfix compiler's message
    [[nodiscard]] bool ok() const noexcept { return error == PutError::None; }
    [[nodiscard]] std::string_view text() const noexcept;
};

// Field and info assignments collected for one record before they are applied together, so a
// record's field array is allocated once. Reusable: clear() keeps the capacity. A field or info
// item set again keeps only its last value, so a record body that sets one field a million
// times holds one edit (and copied texts that were replaced are dropped now and then).
class EPICSDB_API FieldEdits {
public:
    void setField(std::uint16_t field, std::string_view value);
    // Same without copying `value`: the caller keeps it alive until the edits are applied.
    void setFieldView(std::uint16_t field, std::string_view value);
    // Same, with the value's support::fastHash (a replay keeps it for a value it has seen):
    // the database's value sharing need not hash it again.
    void setFieldView(std::uint16_t field, std::string_view value, std::uint64_t hash) {
        forgetField(field);
        fields_.push_back(
            {field, 0, static_cast<std::uint32_t>(value.size()), 0, 0, value.data(), hash});
    }
    void setInfo(std::string_view name, std::string_view value);
    void clear() noexcept;
    [[nodiscard]] bool empty() const noexcept { return fields_.empty() && infos_.empty(); }

private:
    friend class Database;
    // Drops the edit of `field` that is pending, if any: the new one goes last, so the order of
    // the last sets (which decides UDF after a put to VAL) is kept. Most sets are of a field not
    // set yet, which a bit per field index modulo 64 tells without a search.
    void forgetField(std::uint16_t field) {
        const std::uint64_t bit = std::uint64_t{1} << (field & 63);
        if (fieldBits_ & bit)
            forgetPendingField(field);
        else
            fieldBits_ |= bit;
    }
    void forgetPendingField(std::uint16_t field);
    void dropped(std::size_t copiedBytes);
    void compactText();
    struct Pending {
        std::uint32_t key; // field index, or info position
        std::uint32_t offset;
        std::uint32_t length;
        std::uint32_t nameOffset; // infos only
        std::uint32_t nameLength;
        const char* view = nullptr; // the text itself, when not copied into text_
        std::uint64_t hash = 0;     // support::fastHash of the text; 0: not known
    };
    [[nodiscard]] std::string_view textOf(const Pending& pending) const noexcept {
        return {pending.view ? pending.view : text_.data() + pending.offset, pending.length};
    }
    std::vector<Pending> fields_;
    std::vector<Pending> infos_;
    std::string text_;
    std::uint64_t fieldBits_ = 0;  // field indices (modulo 64) that may have an edit
    std::size_t droppedBytes_ = 0; // bytes of text_ no edit refers to any more
};

// Told when a database's outermost load transaction begins and ends, and when the database
// goes: for what keeps data about its records and must follow its rollbacks (provenance).
class TransactionListener {
public:
    virtual ~TransactionListener() = default;
    virtual void loadBegun() {}
    virtual void loadEnded(bool /*committed*/) {}
    virtual void databaseGone() {}
};

class EPICSDB_API Database {
public:
    explicit Database(DatabaseOptions options = {});
    ~Database();
    Database(const Database&) = delete;
    Database& operator=(const Database&) = delete;

    [[nodiscard]] DatabaseOptions& options() noexcept { return options_; }
    [[nodiscard]] const DatabaseOptions& options() const noexcept { return options_; }
    [[nodiscard]] mempool::Arena& arena() noexcept { return arena_; }
    [[nodiscard]] const mempool::Arena& arena() const noexcept { return arena_; }

    // Changes whenever the definitions may have changed (an add that added, support
    // registration, a rollback), to a value no database had before: what a reader learnt
    // from them (a field looked up, a value checked) holds while it is unchanged. The options
    // are not counted (they can be changed directly): compare options() too.
    [[nodiscard]] std::uint64_t definitionsVersion() const noexcept { return definitionsVersion_; }

    // ---- definitions --------------------------------------------------------------------
    // Each add copies its texts into the arena. A duplicate name is ignored (the first one
    // wins, as in EPICS) and the existing definition is returned with `added` false.
    template <class T>
    struct Added {
        T* item;
        bool added;
    };
    // At most Menu::kMaxChoices choices, else std::length_error (the reader reports it first).
    Added<const Menu> addMenu(std::string_view name, std::span<const MenuChoice> choices);
    // `fields` need only name, type and attributes; index, promptGroupNumber and isDeviceLink
    // are filled in here. Adds the RTYP and VERS attributes. At most RecordType::kMaxFields
    // fields, else std::length_error (the reader reports it first).
    Added<RecordType> addRecordType(std::string_view name, std::span<const FieldDef> fields,
                                    std::span<const std::string_view> cdefs = {});
    // False when the record type already has a device with that choice string. A new one past
    // RecordType::kMaxDevices is std::length_error (the reader reports it first).
    bool addDevice(RecordType& type, const DeviceSupport& device);
    // Record support registration, as an IOC binary's <name>_registerRecordDeviceDriver does
    // it: record types defined while `registered` is false have no support (EPICS's rec_size
    // 0), and their records cannot be created, until registerRecordSupport() registers every
    // type defined so far. True by default: a database the tools read supports every type.
    void setSupportForNewTypes(bool registered) noexcept {
        newTypesSupported_ = registered;
        definitionsChanged();
    }
    [[nodiscard]] bool supportForNewTypes() const noexcept { return newTypesSupported_; }
    void registerRecordSupport() noexcept;
    bool addDriver(std::string_view name);
    bool addRegistrar(std::string_view name);
    bool addFunction(std::string_view name);
    bool addVariable(std::string_view name, std::string_view type);
    bool addLinkSupport(std::string_view name, std::string_view jlif);
    bool addBreaktable(std::string_view name, std::span<const BreakpointPoint> points);

    [[nodiscard]] const Menu* findMenu(std::string_view name) const noexcept;
    [[nodiscard]] RecordType* findRecordType(std::string_view name) noexcept;
    [[nodiscard]] const RecordType* findRecordType(std::string_view name) const noexcept;
    [[nodiscard]] const LinkSupport* findLinkSupport(std::string_view name) const noexcept;
    [[nodiscard]] const Breaktable* findBreaktable(std::string_view name) const noexcept;

    // In definition order, except breaktables (ascending name, as EPICS keeps them).
    [[nodiscard]] const std::deque<Menu>& menus() const noexcept { return menus_; }
    [[nodiscard]] const std::deque<RecordType>& recordTypes() const noexcept { return types_; }
    [[nodiscard]] const std::vector<std::string_view>& drivers() const noexcept { return drivers_; }
    [[nodiscard]] const std::vector<std::string_view>& registrars() const noexcept {
        return registrars_;
    }
    [[nodiscard]] const std::vector<std::string_view>& functions() const noexcept {
        return functions_;
    }
    [[nodiscard]] const std::vector<Variable>& variables() const noexcept { return variables_; }
    [[nodiscard]] const std::vector<LinkSupport>& linkSupports() const noexcept { return links_; }
    [[nodiscard]] std::vector<const Breaktable*> breaktables() const;
    // Names of the prompt groups in order of first appearance (group number - 1).
    [[nodiscard]] const std::vector<std::string_view>& promptGroups() const noexcept {
        return promptGroups_;
    }

    // ---- records ------------------------------------------------------------------------
    // Finds a record or alias node by its exact name (no ".FIELD" part).
    [[nodiscard]] Record* findRecord(std::string_view name) noexcept;
    [[nodiscard]] const Record* findRecord(std::string_view name) const noexcept;
    // The hash the record index keys a name by, for a caller that makes it once for several
    // uses of one name (or on another thread): the functions taking it give what those taking
    // the name alone give.
    struct NameHash {
        std::size_t value = 0;
    };
    [[nodiscard]] static NameHash hashRecordName(std::string_view name) noexcept;
    [[nodiscard]] Record* findRecord(std::string_view name, NameHash hash) noexcept;
    // A hint: lookups of these names will follow soon (a template's records), so their index
    // slots can be fetched in parallel.
    void prefetchRecord(std::string_view name) const noexcept;
    void prefetchRecord(NameHash hash) const noexcept;
    // Null when the name is already used by a record or an alias. New records take every
    // field's initial value implicitly (unset fields read as the default).
    Record* createRecord(RecordType& type, std::string_view name, bool visible,
                         SourcePosition where = {});
    Record* createRecord(RecordType& type, std::string_view name, NameHash hash, bool visible,
                         SourcePosition where = {});
    // An alias of `target` (an alias of an alias points at the real record). Null when the
    // name is already used.
    Record* createAlias(Record& target, std::string_view alias);
    // An alias node: removes only the alias. A real record: removes its aliases too.
    void deleteRecord(Record& node);

    // Checks `value` for the field as dbPutString would, without storing it. BadCalc
    // means the value is stored anyway by putField/apply (EPICS does the same).
    [[nodiscard]] PutStatus checkField(const RecordType& type, const FieldDef& field,
                                       std::string_view value) const;
    // Applies collected edits: fields to the real record (one allocation), infos to `node`
    // (an alias keeps its own info items). A put to VAL sets UDF to 0, as EPICS does; edits
    // must come from checkField-approved values. Within a load, a record's values kept from
    // before the load stay untouched (for a rollback); values the load itself set and now
    // replaces have their storage written over or reused, so a record set again and again in
    // one load does not grow.
    void apply(Record& node, const FieldEdits& edits);
    // checkField + store, for single puts (C API, tools). BadCalc values are stored.
    // Outside a load, single puts and deletions reuse storage: a field or info item put again
    // gets its value written over the old one, or a block that an earlier put gave back, so a
    // long-lived process can put forever in bounded memory (the arena frees nothing by itself).
    // Inside a load they go through apply(): what the record had before the load is kept for a
    // rollback, and only a value the same load set and then replaced is reused in this way.
    PutStatus putField(Record& node, const FieldDef& field, std::string_view value);
    void putInfo(Record& node, std::string_view name, std::string_view value);
    bool deleteInfo(Record& node, std::string_view name);

    // dbGetString of a field (set or default). Nullopt where EPICS gives NULL (a DTYP index
    // out of range). Links read back as their stored text (the before-iocInit form).
    [[nodiscard]] std::optional<std::string> getString(const Record& node,
                                                       const FieldDef& field) const;
    // The same into `out` (replacing what it held), false where the above gives nullopt: for a
    // caller that reads many fields with one buffer (the Python module's iteration).
    bool getString(const Record& node, const FieldDef& field, std::string& out) const;
    // What getString gives for `field` of a record of `type` that does not set it (the
    // facility index's defaults). False for a DBF_NOACCESS field.
    bool defaultString(const RecordType& type, const FieldDef& field, std::string& out) const;
    // dbIsDefaultValue (EPICS-BEHAVIOUR 4.4).
    [[nodiscard]] bool isDefaultValue(const Record& node, const FieldDef& field) const;

    // The menu or DTYP index a MENU or DEVICE field holds, set or default (dbGetMenuIndex):
    // a choice string reads as its position, a number as itself; nullopt for other fields
    // and for a value that is neither.
    [[nodiscard]] std::optional<std::uint16_t> choiceIndex(const Record& node,
                                                           const FieldDef& field) const;
    // grecord() versus record(): what dbWriteRecord writes back (dbVisibleRecord).
    void setVisible(Record& node, bool visible);
    // dbPutRecordAttribute: sets a record-type attribute, adding it (in name order) when the
    // type has none of that name. The value is cut at 39 characters, as EPICS's 40-byte
    // attribute value is; the views of attributes() handed out before an addition are stale.
    void putAttribute(RecordType& type, std::string_view name, std::string_view value);

    // Real records (aliases not counted) and aliases in the whole database.
    [[nodiscard]] std::size_t recordCount() const noexcept { return recordCount_; }
    [[nodiscard]] std::size_t aliasCount() const noexcept { return aliasCount_; }
    // Stable sort of every record type's list by name (dbRecordsAbcSorted).
    void sortRecords();

    // Names of the files records came from (SourcePosition::file).
    std::uint32_t internFile(std::string_view path);
    [[nodiscard]] std::string_view fileName(std::uint32_t file) const noexcept;
    // How many file names records were defined in (fileName(0) ... fileName(fileCount() - 1)).
    [[nodiscard]] std::uint32_t fileCount() const noexcept {
        return static_cast<std::uint32_t>(files_.size());
    }

    // ---- transactional loads ------------------------------------------------------------
    // Nested calls join the outer load; only the outermost endLoad() commits or rolls back.
    void beginLoad();
    void endLoad(bool success);
    [[nodiscard]] bool loading() const noexcept { return loadDepth_ > 0; }
    // Listeners are told in the order they were added; one added twice is told once. A
    // listener must be removed before it goes (or be told databaseGone() first).
    void addTransactionListener(TransactionListener& listener);
    void removeTransactionListener(TransactionListener& listener) noexcept;

private:
    struct Index;
    struct Undo;

    void link(Record& node);
    void unlink(Record& node);
    void saveForUndo(Record& node);
    void rollback();
    void restoreNodes(const Undo& u);
    void restoreRecordLists(const Undo& u);
    void dropDefinitions(const Undo& u);
    void definitionsChanged() noexcept;
    // apply(): a record's first edits in a load, the next ones (which reuse what the load made),
    // and the info items.
    void applyFields(Record& real, const FieldEdits& edits);
    void applyFieldsAgain(Record& real, const FieldEdits& edits);
    [[nodiscard]] bool replacesInfo(const Record& node, const FieldEdits& edits) const noexcept;
    void applyInfos(Record& node, const FieldEdits& edits);
    void replaceInfos(Record& node, std::span<const InfoItem> items);
    // The reusing puts (outside loads; within one, of what the load made).
    [[nodiscard]] BlockRecycler& recycler() noexcept;
    void putOwnField(Record& real, std::uint16_t field, std::string_view value);
    FieldValue& ownFieldSlot(Record& real, std::uint16_t field);
    void ownInfos(Record& node);
    void putOwnInfo(Record& node, std::string_view name, std::string_view value);
    void deleteOwnInfo(Record& node, const InfoItem& item);
    [[nodiscard]] const char* ownText(std::string_view text, std::size_t block, const char* old,
                                      std::size_t oldBlock);
    [[nodiscard]] std::string_view ownInfoText(std::string_view text);
    [[nodiscard]] std::string_view copyText(std::string_view text) { return arena_.copy(text); }

    DatabaseOptions options_;
    bool newTypesSupported_ = true;
    std::uint64_t definitionsVersion_ = 0; // set by the constructor
    mempool::Arena arena_;
    std::unique_ptr<Index> index_;
    std::unique_ptr<Undo> undo_;

    std::deque<Menu> menus_;
    std::deque<RecordType> types_;
    std::deque<Breaktable> breaktables_;
    std::vector<std::string_view> drivers_;
    std::vector<std::string_view> registrars_;
    std::vector<std::string_view> functions_;
    std::vector<Variable> variables_;
    std::vector<LinkSupport> links_;
    std::vector<std::string_view> promptGroups_;
    std::vector<std::string> files_;
    std::vector<TransactionListener*> listeners_;
    std::vector<FieldValue> fieldScratch_; // apply(): reused, so a record costs no malloc
    std::vector<InfoItem> infoScratch_;

    std::size_t recordCount_ = 0;
    std::size_t aliasCount_ = 0;
    std::uint32_t nextSequence_ = 1;
    std::uint32_t transaction_ = 0; // id of the load in progress (0: none)
    std::uint32_t loadDepth_ = 0;
};

} // namespace epicsdb::dbstatic
