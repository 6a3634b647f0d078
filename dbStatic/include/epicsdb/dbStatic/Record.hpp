// A record instance, or an alias of one. A record stores only the fields that were set, as a
// compact array sorted by field index (= definition order); an unset field reads as its
// record type's default. Aliases are nodes of their own (own name, own info items) that share
// the real record's fields.
#pragma once

#include <epicsdb/dbStatic/Definitions.hpp>
#include <epicsdb/export.h>

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace epicsdb::dbstatic {

struct FieldValue {
    std::uint16_t field = 0; // index into the record type's fields
    // The text is a block of this field's own (Database::putField made it), which the next
    // put of the field overwrites or gives back; otherwise it may be shared, and is never
    // written to.
    bool ownsText = false;
    // The owned text was made by the load in progress, after this field had another value in
    // it (true only while the record's array is that load's): no rollback needs it, so the next
    // set of the field in the same load writes over it or gives it back.
    bool madeByLoad = false;
    std::uint32_t length = 0;
    const char* text = nullptr; // validated value as given (after unquoting), NUL-terminated
    [[nodiscard]] std::string_view value() const noexcept { return {text, length}; }
};

struct InfoItem {
    std::string_view name;
    std::string_view value;
};

// Where a record was first defined: an index into Database::fileName() and a 1-based line.
struct SourcePosition {
    std::uint32_t file = 0;
    std::uint32_t line = 0;
};

class EPICSDB_API Record {
public:
    [[nodiscard]] std::string_view name() const noexcept { return {name_, nameLength_}; }
    [[nodiscard]] const RecordType& type() const noexcept { return *type_; }
    [[nodiscard]] bool isAlias() const noexcept { return target_ != nullptr; }
    // The real record behind an alias (itself for a real record).
    [[nodiscard]] const Record& real() const noexcept { return target_ ? *target_ : *this; }
    [[nodiscard]] bool hasAliases() const noexcept { return hasAliases_; }
    // grecord(): written back as grecord by dbWriteRecord.
    [[nodiscard]] bool visible() const noexcept { return real().visible_; }

    // Fields that were set, in definition order (shared with aliases). The span, and the views
    // of stored values and info items, last until the next put, putInfo, deleteInfo or apply
    // (a load's statements) on this record, which may reuse their storage (EPICS frees a
    // replaced value too).
    [[nodiscard]] std::span<const FieldValue> setFields() const noexcept {
        const Record& r = real();
        return {r.fields_, r.fieldCount_};
    }
    // The stored text of a field, or nullopt when it was never set.
    [[nodiscard]] std::optional<std::string_view> storedValue(std::uint16_t field) const noexcept;
    // Info items of this node (aliases have their own), in order of first definition.
    [[nodiscard]] std::span<const InfoItem> infos() const noexcept { return {infos_, infoCount_}; }
    [[nodiscard]] const InfoItem* findInfo(std::string_view name) const noexcept;

    [[nodiscard]] std::uint32_t sequence() const noexcept { return sequence_; }
    [[nodiscard]] SourcePosition position() const noexcept { return position_; }
    // Next node in the record type's list (records and aliases).
    [[nodiscard]] const Record* next() const noexcept { return next_; }

private:
    friend class Database;

    // Laid out to keep a node small (88 bytes): there is one per record and alias.
    const char* name_ = "";
    RecordType* type_ = nullptr;
    Record* target_ = nullptr; // real record of an alias
    Record* prev_ = nullptr;
    Record* next_ = nullptr;
    const FieldValue* fields_ = nullptr;
    const InfoItem* infos_ = nullptr;
    std::uint32_t nameLength_ = 0;
    std::uint32_t sequence_ = 0;
    std::uint32_t snapshotTransaction_ = 0; // last load that saved this node for rollback
    std::uint32_t infoCount_ = 0;
    SourcePosition position_;
    std::uint16_t fieldCount_ = 0; // at most RecordType::kMaxFields
    bool visible_ = false;
    bool hasAliases_ = false;
    // The arrays came from Database::putField / putInfo (blocks they may grow in place or give
    // back); an owned info array's names and values are blocks of their own as well.
    bool fieldsOwned_ = false;
    bool infosOwned_ = false;
    // The field / info array is one the load in progress made (meaningful once that load has
    // saved the node for rollback): a rollback restores the former one, so this one may be
    // written over or given back within the load.
    bool fieldsMadeByLoad_ = false;
    bool infosMadeByLoad_ = false;
};

} // namespace epicsdb::dbstatic
