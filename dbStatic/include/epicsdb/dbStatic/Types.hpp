// Field and link type vocabularies of the static database, with their EPICS spellings.
#pragma once

#include <epicsdb/export.h>

#include <cstdint>
#include <optional>
#include <string_view>

namespace epicsdb::dbstatic {

// In EPICS order (dbFldTypes.h), so the numeric values match DBF_xxx.
enum class DbfType : std::uint8_t {
    String,
    Char,
    UChar,
    Short,
    UShort,
    Long,
    ULong,
    Int64,
    UInt64,
    Float,
    Double,
    Enum,
    Menu,
    Device,
    InLink,
    OutLink,
    FwdLink,
    NoAccess,
};

// In EPICS order (link.h), so the numeric values match CONSTANT, PV_LINK, ...
enum class LinkType : std::uint8_t {
    Constant,
    PvLink,
    VmeIo,
    CamacIo,
    AbIo,
    GpibIo,
    BitbusIo,
    MacroLink,
    JsonLink,
    PnLink,
    DbLink,
    CaLink,
    InstIo,
    BbgpibIo,
    RfIo,
    VxiIo,
};

// "DBF_STRING" <-> DbfType::String and so on.
EPICSDB_API std::optional<DbfType> dbfTypeFromName(std::string_view name) noexcept;
EPICSDB_API std::string_view dbfTypeName(DbfType type) noexcept;
// "CONSTANT" <-> LinkType::Constant, "INST_IO" <-> LinkType::InstIo and so on.
EPICSDB_API std::optional<LinkType> linkTypeFromName(std::string_view name) noexcept;
EPICSDB_API std::string_view linkTypeName(LinkType type) noexcept;

constexpr bool isLinkType(DbfType t) noexcept {
    return t == DbfType::InLink || t == DbfType::OutLink || t == DbfType::FwdLink;
}
constexpr bool isIntegerType(DbfType t) noexcept {
    return t >= DbfType::Char && t <= DbfType::UInt64;
}
constexpr bool isSignedInteger(DbfType t) noexcept {
    return t == DbfType::Char || t == DbfType::Short || t == DbfType::Long || t == DbfType::Int64;
}
constexpr bool isFloatType(DbfType t) noexcept {
    return t == DbfType::Float || t == DbfType::Double;
}

// Special codes of field definitions (special.h), for the names EPICS accepts in a .dbd.
namespace special {
inline constexpr int NoMod = 1;
inline constexpr int DbAddr = 2;
inline constexpr int Scan = 3;
inline constexpr int AlarmAck = 5;
inline constexpr int As = 6;
inline constexpr int Mod = 100;
inline constexpr int Reset = 101;
inline constexpr int LinConv = 102;
inline constexpr int Calc = 103;
} // namespace special
// "SPC_CALC" -> 103; nullopt for names that are not special codes.
EPICSDB_API std::optional<int> specialFromName(std::string_view name) noexcept;
// 103 -> "SPC_CALC"; empty for codes without a name.
EPICSDB_API std::string_view specialName(int code) noexcept;

} // namespace epicsdb::dbstatic
