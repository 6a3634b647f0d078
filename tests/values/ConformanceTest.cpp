// Field values from EPICS Base's own test databases (../shared/conformance/dbStatic), put
// through the value rules with the verdicts EPICS gives them.
#include <epicsdb/dbStatic/Values.hpp>

#include "SharedData.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

using namespace epicsdb::dbstatic;

namespace {

std::string readShared(const std::string& relative) {
    std::ifstream in(epicsdb::test::sharedDir() / relative, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

struct Field {
    std::string record, name, value;
};

// The field(NAME, value) items of a .db file, with the record they belong to. The values in
// these files are single tokens: quoted strings, bare numbers or words, or one JSON object.
std::vector<Field> fieldsOf(const std::string& db) {
    static const std::regex record(R"(g?record\(\s*\w+\s*,\s*"([^"]*)\")");
    static const std::regex field(R"(field\(\s*(\w+)\s*,\s*(.*)\)\s*$)");
    std::vector<Field> out;
    std::istringstream lines(db);
    std::string line, current;
    std::smatch match;
    while (std::getline(lines, line)) {
        if (std::regex_search(line, match, record))
            current = match[1];
        else if (std::regex_search(line, match, field))
            out.push_back({current, match[1], match[2]});
    }
    return out;
}

std::string valueOf(const std::string& token) {
    std::string value;
    unescapeValue(token, value);
    return value;
}

bool testLinkTypes(std::string_view name) {
    return name == "x" || name == "z";
} // jlinkz, xLink

} // namespace

// dbStaticTest.db's record t1 sets every numeric field of the x record type with the JSON5
// number forms; all of them must load (EPICS-BEHAVIOUR 6, step 2).
TEST(Conformance, DbStaticTestNumberFormsAllLoad) {
    EPICSDB_REQUIRE_SHARED("conformance/dbStatic/dbStaticTest.db");
    const std::map<std::string, DbfType> types{
        {"C8", DbfType::Char},    {"U8", DbfType::UChar},   {"I16", DbfType::Short},
        {"U16", DbfType::UShort}, {"I32", DbfType::Long},   {"U32", DbfType::ULong},
        {"I64", DbfType::Int64},  {"U64", DbfType::UInt64}, {"F32", DbfType::Float},
        {"F64", DbfType::Double},
    };
    int checked = 0;
    for (const Field& f : fieldsOf(readShared("conformance/dbStatic/dbStaticTest.db"))) {
        const auto type = types.find(f.name);
        if (f.record != "t1" || type == types.end()) continue;
        const std::string value = valueOf(f.value);
        SCOPED_TRACE(f.name + " = " + value);
        if (isFloatType(type->second)) {
            double number = 0;
            EXPECT_EQ(parseFloat(type->second, value, number), ConvertError::None);
        } else {
            for (bool strict : {false, true}) {
                std::uint64_t bits = 0;
                EXPECT_EQ(parseInteger(type->second, value, strict, bits), ConvertError::None)
                    << (strict ? "strict" : "lax");
            }
        }
        ++checked;
    }
    EXPECT_EQ(checked, 71);
}

// dbPutLinkTest.db: every INP parses to the link type its DTYP's device support expects
// ("Unit Test VME_IO" wants VME_IO), which is what lets iocInit keep it.
TEST(Conformance, DbPutLinkTestLinksHaveTheirDevicesLinkTypes) {
    EPICSDB_REQUIRE_SHARED("conformance/dbStatic/dbPutLinkTest.db");
    std::map<std::string, std::string> expected; // record -> link type from its DTYP
    std::vector<Field> links;
    for (const Field& f : fieldsOf(readShared("conformance/dbStatic/dbPutLinkTest.db"))) {
        if (f.name == "DTYP")
            expected[f.record] = valueOf(f.value).substr(std::string("Unit Test ").size());
        else if (f.name == "INP" || f.name == "TSEL" || f.name == "SDIS" || f.name == "FLNK")
            links.push_back(f);
    }
    ASSERT_EQ(expected.size(), 11u);
    for (const Field& f : links) {
        SCOPED_TRACE(f.record + "." + f.name + " = " + f.value);
        ParsedLink link;
        std::string message;
        const DbfType field = f.name == "FLNK" ? DbfType::FwdLink : DbfType::InLink;
        ASSERT_TRUE(parseLink(valueOf(f.value), field, testLinkTypes, link, &message)) << message;
        const auto device = expected.find(f.record);
        if (device != expected.end() && f.name == "INP")
            EXPECT_EQ(linkTypeName(link.type), device->second);
        else
            EXPECT_TRUE(link.type == LinkType::PvLink || link.type == LinkType::JsonLink);
    }
}

// dbBadLink.db: one INP is a syntax error (the load fails), the others parse but are not of
// the type their device support needs, so iocInit empties them.
TEST(Conformance, DbBadLinkLinksAreRefusedOrMismatched) {
    EPICSDB_REQUIRE_SHARED("conformance/dbStatic/dbBadLink.db");
    const std::map<std::string, bool> parses{
        {"eVME_IO1", true}, {"eVME_IO2", false}, {"eINST_IO", true}, {"eINST_IO2", true}};
    int checked = 0;
    for (const Field& f : fieldsOf(readShared("conformance/dbStatic/dbBadLink.db"))) {
        if (f.name != "INP") continue;
        SCOPED_TRACE(f.record + ".INP = " + f.value);
        ParsedLink link;
        const bool ok = parseLink(valueOf(f.value), DbfType::InLink, testLinkTypes, link);
        ASSERT_EQ(parses.count(f.record), 1u);
        EXPECT_EQ(ok, parses.at(f.record));
        if (ok) {
            EXPECT_EQ(link.type, LinkType::PvLink);
        }
        ++checked;
    }
    EXPECT_EQ(checked, 4);
}
