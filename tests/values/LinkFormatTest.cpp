// The dbGetString form of links after iocInit (EPICS-BEHAVIOUR 4.5), with dbPutLinkTest's
// read-backs.
#include <epicsdb/dbStatic/Values.hpp>

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace epicsdb::dbstatic;

namespace {

bool knownFormatLinkType(std::string_view name) {
    return name == "x" || name == "z";
}

std::string readBack(const std::string& text, DbfType field = DbfType::InLink) {
    ParsedLink link;
    std::string message;
    if (!parseLink(text, field, knownFormatLinkType, link, &message))
        return "(refused: " + message + ")";
    std::string out = "prefix:";
    formatLink(link, field, out);
    return out.substr(7);
}

} // namespace

TEST(LinkFormat, PvLinksShowTheirModifiers) {
    const std::vector<std::pair<std::string, std::string>> table{
        {"x1", "x1 NPP NMS"},           {"x1.VAL", "x1.VAL NPP NMS"},
        {"x1.TIME", "x1.TIME NPP NMS"}, {"x1 PP", "x1 PP NMS"},
        {"x1 PP MSS", "x1 PP MSS"},     {"x1 PPMSS", "x1 PP MSS"},
        {"x1 PPMSI", "x1 PP MSI"},      {"qq", "qq NPP NMS"},
        {"qq MSI", "qq NPP MSI"},       {"qq MSICA", "qq CA MSI"},
        {"x1 CA", "x1 CA NMS"},         {"x1 CP MS", "x1 CP MS"},
        {"x1 CPP", "x1 CPP NMS"},       {"  j1.TIME  ", "j1.TIME NPP NMS"},
    };
    for (const auto& [in, out] : table)
        EXPECT_EQ(readBack(in), out) << in;
    EXPECT_EQ(readBack("x1 CPP MSI", DbfType::OutLink), "x1 NPP MSI");
}

TEST(LinkFormat, ForwardLinksShowOnlyCa) {
    const std::vector<std::pair<std::string, std::string>> table{
        {"x1", "x1"},
        {"x1 CA", "x1 CA"},
        {"x1 PP MSS", "x1"},
        {"x1 CA MSS", "x1 CA"},
        {"", ""},
        {"{x:true}", "{x:true}"},
        // a forward link has no string form for hardware or instrument links
        {"#C1 S2 @p", ""},
        {"@parm", ""},
    };
    for (const auto& [in, out] : table)
        EXPECT_EQ(readBack(in, DbfType::FwdLink), out) << in;
}

TEST(LinkFormat, ConstantsAndJsonAreShownAsStripped) {
    const std::vector<std::pair<std::string, std::string>> table{
        {"", ""},
        {"0", "0"},
        {"42", "42"},
        {"0x1", "0x1"},
        {"  0.2\t ", "0.2"},
        {"[1, 2]", "[1, 2]"},
        {"{x:true}", "{x:true}"},
        {"{\"x\":true}", "{\"x\":true}"},
        {" {\"z\":{'good':2}} ", "{\"z\":{'good':2}}"},
    };
    for (const auto& [in, out] : table)
        EXPECT_EQ(readBack(in), out) << in;
}

TEST(LinkFormat, HardwareLinksReadBackAsWritten) {
    // dbPutLinkTest's testHWData and testHWData2
    const std::vector<std::string> table{
        "#C100 S101 @parm VME_IO",
        "#B11 C12 N13 A14 F15 @parm CAMAC_IO",
        "#L21 A22 C23 S24 @parm AB_IO",
        "#L31 A32 @parm GPIB_IO",
        "#L41 N42 P43 S44 @parm BITBUS_IO",
        "@parm INST_IO",
        "#L51 B52 G53 @parm BBGPIB_IO",
        "#R61 M62 D63 E64",
        "#V71 C72 S73 @parm1 VXI_IO",
        "#V81 S82 @parm2 VXI_IO",
        "#C200 S201 @another VME_IO",
        "#B111 C112 N113 A114 F115 @CAMAC_IO",
        "#L121 A122 C123 S124 @another AB_IO",
        "#L131 A132 @another GPIB_IO",
        "#L141 N142 P143 S144 @BITBUS_IO",
        "@another INST_IO",
        "#L151 B152 G153 @another BBGPIB_IO",
        "#R161 M162 D163 E164",
        "#V171 C172 S173 @another1 VXI_IO",
        "#V181 S182 @another2 VXI_IO",
        "#C1 S2 @hello",
    };
    for (const std::string& text : table)
        EXPECT_EQ(readBack(text), text);
}

TEST(LinkFormat, HardwareLinksAreNormalised) {
    const std::vector<std::pair<std::string, std::string>> table{
        {"#C14 S0x1b @testing", "#C14 S27 @testing"},
        {"#C14 S145", "#C14 S145 @"},
        {"#C1S2", "#C1 S2 @"},
        {"  #C 1   S 2  @  p  ", "#C1 S2 @  p"},
        {"#B111 C112 N113 @cparam", "#B111 C112 N113 A0 F0 @cparam"},
        // the numbers are stored in link.h's members: short, or unsigned char for bitbus
        {"#C70000 S-1 @p", "#C4464 S-1 @p"},
        {"#L300 N2 P3 S-1 @b", "#L44 N2 P3 S255 @b"},
        {"#L-1 B256 G3 @b", "#L255 B0 G3 @b"},
    };
    for (const auto& [in, out] : table)
        EXPECT_EQ(readBack(in), out) << in;
}

TEST(LinkFormat, EmptyLinksOfAHardwareType) {
    // What iocInit leaves in a link whose text did not fit the device's link type.
    struct Row {
        LinkType type;
        std::uint8_t count;
        std::string out;
    };
    const std::vector<Row> table{
        {LinkType::VmeIo, 2, "#C0 S0 @"},
        {LinkType::InstIo, 0, "@"},
        {LinkType::CamacIo, 5, "#B0 C0 N0 A0 F0 @"},
        {LinkType::RfIo, 4, "#R0 M0 D0 E0"},
        {LinkType::AbIo, 4, "#L0 A0 C0 S0 @"},
        {LinkType::GpibIo, 2, "#L0 A0 @"},
        {LinkType::BitbusIo, 4, "#L0 N0 P0 S0 @"},
        {LinkType::BbgpibIo, 3, "#L0 B0 G0 @"},
        {LinkType::VxiIo, 3, "#V0 C0 S0 @"},
        {LinkType::VxiIo, 2, "#V0 S0 @"},
        {LinkType::Constant, 0, ""},
        {LinkType::JsonLink, 0, ""},
    };
    for (const Row& row : table) {
        ParsedLink link;
        link.type = row.type;
        link.hwCount = row.count;
        std::string out;
        formatLink(link, DbfType::InLink, out);
        EXPECT_EQ(out, row.out) << linkTypeName(row.type);
    }
}
