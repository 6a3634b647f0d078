// dbParseLink classification (EPICS-BEHAVIOUR 4.3), with the vectors of EPICS's dbPutLinkTest.
#include <epicsdb/dbStatic/Values.hpp>

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace epicsdb::dbstatic;

namespace {

bool knownLinkType(std::string_view name) {
    return name == "x" || name == "z" || name == "calc" || name == "const";
}

// "PP MSS", "CA", "" ...: the modifiers a parsed PV link carries.
std::string modifiers(const ParsedLink& link) {
    std::string out;
    auto add = [&out](std::string_view word) {
        if (!out.empty()) out.push_back(' ');
        out.append(word);
    };
    if (link.pp) add("PP");
    if (link.ca) add("CA");
    if (link.cp) add("CP");
    if (link.cpp) add("CPP");
    switch (link.severity) {
    case MaxSeverity::NMS:
        break;
    case MaxSeverity::MS:
        add("MS");
        break;
    case MaxSeverity::MSI:
        add("MSI");
        break;
    case MaxSeverity::MSS:
        add("MSS");
        break;
    }
    return out;
}

struct LinkRow {
    std::string text;
    LinkType type;
    std::string target;
    std::string mods = {};             // PV links
    std::vector<std::int64_t> hw = {}; // hardware links: the numbers, one per letter
    DbfType field = DbfType::InLink;
};

void check(const std::vector<LinkRow>& table) {
    for (const LinkRow& row : table) {
        SCOPED_TRACE("\"" + row.text + "\" as " + std::string(dbfTypeName(row.field)));
        ParsedLink link;
        std::string message;
        ASSERT_TRUE(parseLink(row.text, row.field, knownLinkType, link, &message)) << message;
        EXPECT_EQ(linkTypeName(link.type), linkTypeName(row.type));
        EXPECT_EQ(link.text, row.target);
        EXPECT_EQ(modifiers(link), row.mods);
        EXPECT_EQ(link.hwCount, row.hw.size());
        for (std::size_t i = 0; i < row.hw.size(); ++i)
            EXPECT_EQ(link.hw[i], row.hw[i]) << "number " << i;
    }
}

} // namespace

TEST(LinkParse, DbPutLinkTestVectors) {
    check({
        {"", LinkType::Constant, ""},
        {"0.1", LinkType::Constant, "0.1"},
        {"  0.2\t ", LinkType::Constant, "0.2"},
        {"0.1a", LinkType::PvLink, "0.1a", ""},
        {" hello ", LinkType::PvLink, "hello", ""},
        {" hellox MSI", LinkType::PvLink, "hellox", "MSI"},
        {" world MSICP", LinkType::PvLink, "world", "CP MSI"},
        {"#C14 S145 @testing", LinkType::VmeIo, "testing", "", {14, 145}},
        {"#C14 S0x1b @testing", LinkType::VmeIo, "testing", "", {14, 27}},
        {"#C14 S145", LinkType::VmeIo, "", "", {14, 145}},
        {"#B11 C12 N13 A14 F15 @cparam", LinkType::CamacIo, "cparam", "", {11, 12, 13, 14, 15}},
        {"#B11 C12 N13 A14 F15", LinkType::CamacIo, "", "", {11, 12, 13, 14, 15}},
        {" #B111 C112 N113 @cparam", LinkType::CamacIo, "cparam", "", {111, 112, 113}},
        {" @hello world ", LinkType::InstIo, "hello world"},
        {" {\"x\":true} ", LinkType::JsonLink, "{\"x\":true}"},
        {" {'x':true} ", LinkType::JsonLink, "{'x':true}"},
    });
}

TEST(LinkParse, ConstantsAreEmptyOrExactlyOneNumber) {
    check({
        {"0", LinkType::Constant, "0"},
        {"42", LinkType::Constant, "42"},
        {"0x1", LinkType::Constant, "0x1"},
        {"-1e-3", LinkType::Constant, "-1e-3"},
        {"+.5", LinkType::Constant, "+.5"},
        {"1e308", LinkType::Constant, "1e308"},
        {"nan", LinkType::Constant, "nan"},
        {"Infinity", LinkType::Constant, "Infinity"},
        {"-inf", LinkType::Constant, "-inf"},
        {"\t", LinkType::Constant, ""},
        {"[1, 2]", LinkType::Constant, "[1, 2]"},
        {"[]", LinkType::Constant, "[]"},
        {" [\"a\",] ", LinkType::Constant, "[\"a\",]"},
        // Not numbers, so PV names: out of range, junk, two numbers, a lone bracket.
        {"1e999", LinkType::PvLink, "1e999", ""},
        {"1e-310", LinkType::PvLink, "1e-310", ""}, // glibc ERANGE (quirk)
        {"1 2", LinkType::PvLink, "1", ""},
        {"0x", LinkType::PvLink, "0x", ""},
        {"[", LinkType::PvLink, "[", ""},
        {"[1,2] CP", LinkType::PvLink, "[1,2]", "CP"},
        {"{", LinkType::PvLink, "{", ""},
        {"{x", LinkType::PvLink, "{x", ""},
    });
    ParsedLink link;
    ASSERT_TRUE(parseLink("[1]", DbfType::InLink, knownLinkType, link));
    EXPECT_TRUE(link.isArrayConstant);
    ASSERT_TRUE(parseLink("1", DbfType::InLink, knownLinkType, link));
    EXPECT_FALSE(link.isArrayConstant);
}

TEST(LinkParse, PvModifiersAreSubstringsAfterTheFirstSpace) {
    check({
        {"x1", LinkType::PvLink, "x1", ""},
        {"x1.VAL", LinkType::PvLink, "x1.VAL", ""},
        {"x1 PP", LinkType::PvLink, "x1", "PP"},
        {"x1 PP MSS", LinkType::PvLink, "x1", "PP MSS"},
        {"x1 PPMSS", LinkType::PvLink, "x1", "PP MSS"},
        {"x1 PPMSI", LinkType::PvLink, "x1", "PP MSI"},
        {"qq MSI", LinkType::PvLink, "qq", "MSI"},
        {"qq MSICA", LinkType::PvLink, "qq", "CA MSI"},
        {"x1 CA", LinkType::PvLink, "x1", "CA"},
        {"x MSICP", LinkType::PvLink, "x", "CP MSI"},
        {"x NPP CA", LinkType::PvLink, "x", ""}, // NPP wins
        {"x NPP NMS", LinkType::PvLink, "x", ""},
        {"x CPP", LinkType::PvLink, "x", "CPP"},
        {"x CP", LinkType::PvLink, "x", "CP"},
        {"x MS", LinkType::PvLink, "x", "MS"},
        {"x NMS MSS", LinkType::PvLink, "x", ""},
        {"QQ QQCPPXMSITT", LinkType::PvLink, "QQ", "CPP MSI"},
        {"x pp ms", LinkType::PvLink, "x", ""}, // case matters
        {"x  PP", LinkType::PvLink, "x", "PP"},
        {"a\tb PP", LinkType::PvLink, "a\tb", "PP"}, // tabs do not separate
        {"rec:name.FIELD CPP MS", LinkType::PvLink, "rec:name.FIELD", "CPP MS"},
    });
}

TEST(LinkParse, FieldTypeFiltersModifiers) {
    check({
        {"x CPP MS", LinkType::PvLink, "x", "MS", {}, DbfType::OutLink},
        {"x CP MSS", LinkType::PvLink, "x", "CP MSS", {}, DbfType::OutLink},
        {"x PP MSI", LinkType::PvLink, "x", "PP MSI", {}, DbfType::OutLink},
        {"x CA MSS", LinkType::PvLink, "x", "CA", {}, DbfType::FwdLink},
        {"x PP MSS", LinkType::PvLink, "x", "", {}, DbfType::FwdLink},
        {"x CPP", LinkType::PvLink, "x", "", {}, DbfType::FwdLink},
    });
}

TEST(LinkParse, InstrumentLinksKeepEverythingAfterTheAt) {
    check({
        {"@", LinkType::InstIo, ""},
        {"@@x", LinkType::InstIo, "@x"},
        {"  @ a  b ", LinkType::InstIo, " a  b"},
        {"@drvUser(\"chan1\") PP", LinkType::InstIo, "drvUser(\"chan1\") PP"},
    });
}

TEST(LinkParse, HardwareAddressForms) {
    check({
        {"#C0 S0 @", LinkType::VmeIo, "", "", {0, 0}},
        {"#C1S2", LinkType::VmeIo, "", "", {1, 2}},
        {"#C 14 S 15 @p", LinkType::VmeIo, "p", "", {14, 15}},
        {"#C-0x1f S+2", LinkType::VmeIo, "", "", {-31, 2}},
        {"#C017 S0X1A", LinkType::VmeIo, "", "", {15, 26}},
        {"#C0x S1", LinkType::VmeIo, "", "", {0, 1}},                   // scanf takes "0x" as 0
        {"#C99999999999 S0", LinkType::VmeIo, "", "", {1215752191, 0}}, // kept as an int
        {"#C1 S2 @ two  words @x ", LinkType::VmeIo, " two  words @x", "", {1, 2}},
        {"#B1 C2 N3 A4 @p", LinkType::CamacIo, "p", "", {1, 2, 3, 4}},
        {"#B1 C2 N3 F4 @p", LinkType::CamacIo, "p", "", {1, 2, 3, 4}},
        {"#R61 M62 D63 E64", LinkType::RfIo, "", "", {61, 62, 63, 64}},
        {"#L21 A22 C23 S24 @parm AB_IO", LinkType::AbIo, "parm AB_IO", "", {21, 22, 23, 24}},
        {"#L31 A32 @parm GPIB_IO", LinkType::GpibIo, "parm GPIB_IO", "", {31, 32}},
        {"#L41 N42 P43 S44 @parm BITBUS_IO",
         LinkType::BitbusIo,
         "parm BITBUS_IO",
         "",
         {41, 42, 43, 44}},
        {"#L51 B52 G53 @parm BBGPIB_IO", LinkType::BbgpibIo, "parm BBGPIB_IO", "", {51, 52, 53}},
        {"#V71 C72 S73 @parm1 VXI_IO", LinkType::VxiIo, "parm1 VXI_IO", "", {71, 72, 73}},
        {"#V81 S82 @parm2 VXI_IO", LinkType::VxiIo, "parm2 VXI_IO", "", {81, 82}},
    });
}

TEST(LinkParse, BadHardwareAddressesAreRefused) {
    const std::vector<std::string> table{
        // dbPutLinkTest's testParseFailData and dbBadLink.db
        "#",
        "#S",
        "#ABC",
        "#A0 B",
        "#A0 B @",
        "#A0 B C @",
        "#R1 M2 D3 E4 @oops",
        "#C200 201 @parm VME_IO",
        // and more of the same kinds
        "#R1 M2 D3 E4 @",
        "# ",
        "#C",
        "#C-",
        "#C+ S1",
        "#C S1",
        "#C1 S",
        "#C1 S2 X",
        "#C1 S2 X3",          // unknown letters CSX
        "#c1 s2",             // letters are case sensitive
        "#C08 S1",            // octal 0, then '8' is read as a letter
        "#C0xg S1",           // "0x" is 0, 'g' is a letter, then no number
        "#B1 C2 N3 A4 F5 G6", // junk after five pairs
        "#B1 C2 N3 A4 F5 junk @p",
        "#S201 C200 @another VME_IO", // SC is not VME_IO
        "#L1 A2 C3",                  // LAC
        "#V1 C2",                     // VC
        "##C1 S2",
    };
    for (const std::string& text : table) {
        ParsedLink link;
        std::string message;
        EXPECT_FALSE(parseLink(text, DbfType::InLink, knownLinkType, link, &message))
            << '"' << text << '"';
        EXPECT_FALSE(message.empty()) << '"' << text << '"';
    }
}

TEST(LinkParse, ARefusedLinkLeavesAnEmptyResult) {
    ParsedLink link;
    ASSERT_TRUE(parseLink("x PP MS", DbfType::InLink, knownLinkType, link));
    EXPECT_FALSE(parseLink("#C1 S2 X", DbfType::InLink, knownLinkType, link));
    EXPECT_EQ(link.type, LinkType::Constant);
    EXPECT_TRUE(link.text.empty());
    EXPECT_FALSE(link.pp);
    EXPECT_EQ(link.hwCount, 0);
}

TEST(LinkParse, MessageIsOptional) {
    ParsedLink link;
    EXPECT_FALSE(parseLink("#", DbfType::InLink, knownLinkType, link));
    EXPECT_FALSE(parseLink("{y:1}", DbfType::InLink, knownLinkType, link));
}

TEST(LinkParse, OnlyTextBracedAtBothEndsIsJson) {
    ParsedLink link;
    ASSERT_TRUE(parseLink("{x:1", DbfType::InLink, knownLinkType, link));
    EXPECT_EQ(link.type, LinkType::PvLink);
    ASSERT_TRUE(parseLink("x:1}", DbfType::InLink, knownLinkType, link));
    EXPECT_EQ(link.type, LinkType::PvLink);
}
