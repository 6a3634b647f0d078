#include <epicsdb/dbStatic/Types.hpp>

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

using namespace epicsdb::dbstatic;

TEST(Types, DbfNamesMatchEpicsNumbering) {
    const std::vector<std::pair<std::string, int>> table{
        {"DBF_STRING", 0},   {"DBF_CHAR", 1},      {"DBF_UCHAR", 2},   {"DBF_SHORT", 3},
        {"DBF_USHORT", 4},   {"DBF_LONG", 5},      {"DBF_ULONG", 6},   {"DBF_INT64", 7},
        {"DBF_UINT64", 8},   {"DBF_FLOAT", 9},     {"DBF_DOUBLE", 10}, {"DBF_ENUM", 11},
        {"DBF_MENU", 12},    {"DBF_DEVICE", 13},   {"DBF_INLINK", 14}, {"DBF_OUTLINK", 15},
        {"DBF_FWDLINK", 16}, {"DBF_NOACCESS", 17},
    };
    for (const auto& [name, number] : table) {
        const auto type = dbfTypeFromName(name);
        ASSERT_TRUE(type.has_value()) << name;
        EXPECT_EQ(static_cast<int>(*type), number) << name;
        EXPECT_EQ(dbfTypeName(*type), name);
    }
}

TEST(Types, UnknownOrMisspelledDbfNamesAreRefused) {
    for (const char* name : {"", "DBF_string", "DBF_", "STRING", "DBF_STRING ", "DBF_LONGX"})
        EXPECT_FALSE(dbfTypeFromName(name).has_value()) << '"' << name << '"';
}

TEST(Types, LinkNamesMatchEpicsNumbering) {
    const std::vector<std::pair<std::string, int>> table{
        {"CONSTANT", 0},  {"PV_LINK", 1},    {"VME_IO", 2},    {"CAMAC_IO", 3},
        {"AB_IO", 4},     {"GPIB_IO", 5},    {"BITBUS_IO", 6}, {"MACRO_LINK", 7},
        {"JSON_LINK", 8}, {"PN_LINK", 9},    {"DB_LINK", 10},  {"CA_LINK", 11},
        {"INST_IO", 12},  {"BBGPIB_IO", 13}, {"RF_IO", 14},    {"VXI_IO", 15},
    };
    for (const auto& [name, number] : table) {
        const auto type = linkTypeFromName(name);
        ASSERT_TRUE(type.has_value()) << name;
        EXPECT_EQ(static_cast<int>(*type), number) << name;
        EXPECT_EQ(linkTypeName(*type), name);
    }
    for (const char* name : {"", "constant", "VME", "JSON"})
        EXPECT_FALSE(linkTypeFromName(name).has_value()) << name;
}

TEST(Types, SpecialNamesAreTheOnesDbdFilesMayUse) {
    const std::vector<std::pair<std::string, int>> table{
        {"SPC_NOMOD", 1},    {"SPC_DBADDR", 2},    {"SPC_SCAN", 3},
        {"SPC_ALARMACK", 5}, {"SPC_AS", 6},        {"SPC_MOD", 100},
        {"SPC_RESET", 101},  {"SPC_LINCONV", 102}, {"SPC_CALC", 103},
    };
    for (const auto& [name, code] : table)
        EXPECT_EQ(specialFromName(name), code) << name;
    // SPC_ATTRIBUTE exists in special.h but is internal; numbers are not names.
    for (const char* name : {"SPC_ATTRIBUTE", "spc_calc", "103", ""})
        EXPECT_FALSE(specialFromName(name).has_value()) << name;
}

TEST(Types, Classification) {
    struct Row {
        DbfType type;
        bool link, integer, signedInt, floating;
    };
    const std::vector<Row> table{
        {DbfType::String, false, false, false, false},
        {DbfType::Char, false, true, true, false},
        {DbfType::UChar, false, true, false, false},
        {DbfType::Int64, false, true, true, false},
        {DbfType::UInt64, false, true, false, false},
        {DbfType::Float, false, false, false, true},
        {DbfType::Double, false, false, false, true},
        {DbfType::Enum, false, false, false, false},
        {DbfType::Menu, false, false, false, false},
        {DbfType::InLink, true, false, false, false},
        {DbfType::FwdLink, true, false, false, false},
        {DbfType::NoAccess, false, false, false, false},
    };
    for (const Row& row : table) {
        SCOPED_TRACE(std::string(dbfTypeName(row.type)));
        EXPECT_EQ(isLinkType(row.type), row.link);
        EXPECT_EQ(isIntegerType(row.type), row.integer);
        EXPECT_EQ(isSignedInteger(row.type), row.signedInt);
        EXPECT_EQ(isFloatType(row.type), row.floating);
    }
}
