// What a .dbd file defines: menus, record types with their fields, device support, drivers,
// link support, registrars, functions, variables and breakpoint tables. Names and texts are
// views into the owning Database's arena; definitions never change once added (device support
// is the one list that grows on an existing record type).
#pragma once

#include <epicsdb/dbStatic/Types.hpp>
#include <epicsdb/export.h>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

namespace epicsdb::dbstatic {

class Record;

struct MenuChoice {
    std::string_view name;  // C identifier, e.g. menuScan1_second
    std::string_view value; // what users write, e.g. "1 second"
};

class EPICSDB_API Menu {
public:
    // A menu field holds a 16-bit choice index (EPICS's epicsEnum16), so at most 65536
    // choices: Database::addMenu refuses more (the .dbd reader reports them).
    static constexpr std::size_t kMaxChoices = 65536;

    Menu(std::string_view name, std::span<const MenuChoice> choices) noexcept
        : name_(name), choices_(choices) {}
    [[nodiscard]] std::string_view name() const noexcept { return name_; }
    [[nodiscard]] std::span<const MenuChoice> choices() const noexcept { return choices_; }
    // Exact, case-sensitive match on the choice strings (not the choice names).
    [[nodiscard]] std::optional<std::uint16_t> findValue(std::string_view value) const noexcept;

private:
    std::string_view name_;
    std::span<const MenuChoice> choices_;
};

enum class AccessLevel : std::uint8_t { Asl0 = 0, Asl1 = 1 };

// One field(NAME, DBF_xxx) { ... } of a record type.
struct FieldDef {
    std::string_view name;
    std::string_view prompt;
    std::string_view initial; // meaningful only when hasInitial
    std::string_view extra;   // C declaration of a DBF_NOACCESS field
    std::string_view promptGroup;
    const Menu* menu = nullptr; // DBF_MENU fields
    std::uint32_t size = 0;     // DBF_STRING capacity, including the NUL
    int special = 0;
    int interest = 0;
    std::uint32_t promptGroupNumber = 0; // 1, 2, ... in order first seen; 0 without a group
    std::uint16_t index = 0;             // definition order within the record type
    DbfType type = DbfType::NoAccess;
    AccessLevel asl = AccessLevel::Asl1;
    bool hasInitial = false;
    bool pp = false;
    bool hexBase = false; // base(HEX)
    bool prop = false;
    bool isDeviceLink = false; // INP or OUT: its link type follows DTYP's device support

    [[nodiscard]] bool isDct() const noexcept { return promptGroupNumber != 0; }
};

struct DeviceSupport {
    LinkType linkType = LinkType::Constant;
    std::string_view dset;
    std::string_view choice; // the DTYP string
};

// Record-type attributes found by field lookup when no real field matches (RTYP, VERS).
struct RecordTypeAttribute {
    std::string_view name;
    std::string_view value;
};

class EPICSDB_API RecordType {
public:
    // The most fields a record type can have. EPICS's C structures, which the dbStaticLib API
    // hands out, count and index fields with a short (dbRecordType::no_fields,
    // dbFldDes::indRecordType, DBENTRY::indfield), so EPICS itself cannot go past 32767; our
    // 16-bit field indexes and lookup table (index + 1, 0 for an empty slot) would allow 65535.
    // Database::addRecordType refuses more (the .dbd reader reports them).
    static constexpr std::size_t kMaxFields = 32767;
    // DTYP holds a 16-bit index into the device supports, as a menu field does.
    static constexpr std::size_t kMaxDevices = 65536;

    [[nodiscard]] std::string_view name() const noexcept { return name_; }
    [[nodiscard]] std::span<const FieldDef> fields() const noexcept { return fields_; }
    [[nodiscard]] const FieldDef& field(std::uint16_t index) const noexcept {
        return fields_[index];
    }
    // The hottest lookup of a load: by exact, case-sensitive name.
    [[nodiscard]] const FieldDef* findField(std::string_view name) const noexcept;
    [[nodiscard]] const FieldDef* valField() const noexcept { return valField_; }
    [[nodiscard]] const FieldDef* udfField() const noexcept { return udfField_; }
    [[nodiscard]] const FieldDef* dtypField() const noexcept { return dtypField_; }
    // NAME reads as the record's name and cannot be set.
    [[nodiscard]] const FieldDef* nameField() const noexcept { return nameField_; }
    [[nodiscard]] std::span<const RecordTypeAttribute> attributes() const noexcept;
    [[nodiscard]] const RecordTypeAttribute* findAttribute(std::string_view name) const noexcept;

    [[nodiscard]] std::span<const DeviceSupport> devices() const noexcept { return devices_; }
    [[nodiscard]] std::optional<std::uint16_t> findDevice(std::string_view choice) const noexcept;
    [[nodiscard]] std::span<const std::string_view> cdefs() const noexcept { return cdefs_; }

    // Records and aliases of this type, in list order (creation order unless sorted).
    [[nodiscard]] const Record* firstRecord() const noexcept { return first_; }
    [[nodiscard]] std::size_t recordCount() const noexcept { return recordCount_; }
    [[nodiscard]] std::size_t aliasCount() const noexcept { return aliasCount_; }
    // Its record support is registered (EPICS: rec_size is set), so records can be created.
    [[nodiscard]] bool supportRegistered() const noexcept { return supportRegistered_; }

private:
    friend class Database;

    std::string_view name_;
    std::span<const FieldDef> fields_;
    std::span<const std::uint16_t> lookup_; // open-addressing table of field index + 1
    std::span<const std::string_view> cdefs_;
    std::vector<DeviceSupport> devices_;
    std::vector<RecordTypeAttribute> attributes_;
    const FieldDef* valField_ = nullptr;
    const FieldDef* udfField_ = nullptr;
    const FieldDef* dtypField_ = nullptr;
    const FieldDef* nameField_ = nullptr;
    Record* first_ = nullptr;
    Record* last_ = nullptr;
    std::size_t recordCount_ = 0; // real records and aliases
    std::size_t aliasCount_ = 0;
    bool supportRegistered_ = true;
};

struct BreakpointPoint {
    double raw;
    double engineering;
};

struct Breaktable {
    std::string_view name;
    std::span<const BreakpointPoint> points;
};

struct Variable {
    std::string_view name;
    std::string_view type; // "int" unless given
};

struct LinkSupport {
    std::string_view name; // the key of a JSON link, e.g. "calc"
    std::string_view jlif; // its interface table, e.g. "lnkCalcIf"
};

} // namespace epicsdb::dbstatic
