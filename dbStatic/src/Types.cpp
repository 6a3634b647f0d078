// The EPICS spellings of field types (dbFldTypes.h), link types (link.h) and special codes
// (special.h), in both directions.
#include <epicsdb/dbStatic/Types.hpp>

#include <array>
#include <utility>

namespace epicsdb::dbstatic {

namespace {

// Indexed by the enum value, which follows the EPICS numbering.
constexpr std::array<std::string_view, 18> dbfNames{
    "DBF_STRING", "DBF_CHAR",   "DBF_UCHAR",  "DBF_SHORT",   "DBF_USHORT",  "DBF_LONG",
    "DBF_ULONG",  "DBF_INT64",  "DBF_UINT64", "DBF_FLOAT",   "DBF_DOUBLE",  "DBF_ENUM",
    "DBF_MENU",   "DBF_DEVICE", "DBF_INLINK", "DBF_OUTLINK", "DBF_FWDLINK", "DBF_NOACCESS",
};

constexpr std::array<std::string_view, 16> linkNames{
    "CONSTANT",  "PV_LINK",    "VME_IO",    "CAMAC_IO", "AB_IO",   "GPIB_IO",
    "BITBUS_IO", "MACRO_LINK", "JSON_LINK", "PN_LINK",  "DB_LINK", "CA_LINK",
    "INST_IO",   "BBGPIB_IO",  "RF_IO",     "VXI_IO",
};

// The names dbLexRoutines accepts in special(); SPC_ATTRIBUTE is internal and has none.
constexpr std::array<std::pair<std::string_view, int>, 9> specialNames{{
    {"SPC_NOMOD", special::NoMod},
    {"SPC_DBADDR", special::DbAddr},
    {"SPC_SCAN", special::Scan},
    {"SPC_ALARMACK", special::AlarmAck},
    {"SPC_AS", special::As},
    {"SPC_MOD", special::Mod},
    {"SPC_RESET", special::Reset},
    {"SPC_LINCONV", special::LinConv},
    {"SPC_CALC", special::Calc},
}};

// The enum value whose name (in a table indexed by value) is `name`.
template <class Enum, std::size_t N>
std::optional<Enum> fromName(const std::array<std::string_view, N>& names,
                             std::string_view name) noexcept {
    for (std::size_t i = 0; i < N; ++i)
        if (names[i] == name) return static_cast<Enum>(i);
    return std::nullopt;
}

template <class Enum, std::size_t N>
std::string_view nameOf(const std::array<std::string_view, N>& names, Enum value,
                        std::string_view unknown) noexcept {
    const auto index = static_cast<std::size_t>(value);
    return index < N ? names[index] : unknown;
}

} // namespace

std::optional<DbfType> dbfTypeFromName(std::string_view name) noexcept {
    return fromName<DbfType>(dbfNames, name);
}

std::string_view dbfTypeName(DbfType type) noexcept {
    return nameOf(dbfNames, type, "BAD_DBF_TYPE");
}

std::optional<LinkType> linkTypeFromName(std::string_view name) noexcept {
    return fromName<LinkType>(linkNames, name);
}

std::string_view linkTypeName(LinkType type) noexcept {
    return nameOf(linkNames, type, {});
}

std::string_view specialName(int code) noexcept {
    for (const auto& [text, value] : specialNames)
        if (value == code) return text;
    return {};
}

std::optional<int> specialFromName(std::string_view name) noexcept {
    for (const auto& [text, code] : specialNames)
        if (text == name) return code;
    return std::nullopt;
}

} // namespace epicsdb::dbstatic
