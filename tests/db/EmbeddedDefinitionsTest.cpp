// The embedded database definition files: all there, findable by exact name only, identical to
// the files in db/, and the default file reaching every definition file by its includes.
#include <epicsdb/db/EmbeddedDefinitions.hpp>

#include "SharedData.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace {

using epicsdb::db::embeddedDefinitionFile;
using epicsdb::db::embeddedDefinitionFiles;
using epicsdb::db::kDefaultDefinitionFile;

const std::vector<std::string> kRecordTypes = {
    "aSub",       "aai",      "aao",        "ai",         "ao",       "bi",      "bo",
    "calc",       "calcout",  "compress",   "dfanout",    "event",    "fanout",  "histogram",
    "int64in",    "int64out", "longin",     "longout",    "lsi",      "lso",     "mbbi",
    "mbbiDirect", "mbbo",     "mbboDirect", "permissive", "printf",   "sel",     "seq",
    "state",      "stringin", "stringout",  "sub",        "subArray", "waveform"};

const std::vector<std::string> kMenus = {
    "menuAlarmSevr", "menuAlarmStat", "menuConvert",  "menuFtype", "menuIvoa", "menuOmsl",
    "menuPini",      "menuPost",      "menuPriority", "menuScan",  "menuSimm", "menuYesNo"};

// Loaded by nothing else: a user's .dbd includes them when it wants those breakpoint tables.
const std::set<std::string> kBreakpointTables = {"bptTypeJdegC.dbd", "bptTypeJdegF.dbd",
                                                 "bptTypeKdegC.dbd", "bptTypeKdegF.dbd"};

std::vector<std::string> expectedFiles() {
    std::vector<std::string> names = {
        "dbCommon.dbd", "menuGlobal.dbd", "stdRecords.dbd", "devSoft.dbd", "links.dbd",
        "filters.dbd",  "asSub.dbd",      "dbCore.dbd",     "rsrv.dbd",    "dlload.dbd",
        "system.dbd",   "base.dbd",       "softIoc.dbd"};
    for (const auto& menu : kMenus)
        names.push_back(menu + ".dbd");
    for (const auto& type : kRecordTypes)
        names.push_back(type + "Record.dbd");
    names.insert(names.end(), kBreakpointTables.begin(), kBreakpointTables.end());
    return names;
}

std::filesystem::path definitionsDir() {
    return epicsdb::test::sourceDir() / "db";
}

std::string readBytes(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream out;
    out << in.rdbuf();
    return out.str();
}

// The file names of the include statements in a text, in order.
std::vector<std::string> includesOf(std::string_view text) {
    static const std::regex include(R"re(^\s*include\s+"([^"]+)")re", std::regex::multiline);
    std::vector<std::string> names;
    const std::string copy(text);
    for (auto it = std::sregex_iterator(copy.begin(), copy.end(), include);
         it != std::sregex_iterator(); ++it)
        names.push_back((*it)[1].str());
    return names;
}

TEST(EmbeddedDefinitions, EveryExpectedFileIsEmbeddedAndFindable) {
    for (const auto& name : expectedFiles()) {
        SCOPED_TRACE(name);
        const auto content = embeddedDefinitionFile(name);
        ASSERT_TRUE(content.has_value());
        EXPECT_FALSE(content->empty());
        const auto files = embeddedDefinitionFiles();
        EXPECT_EQ(
            std::ranges::count(files, std::string_view(name), &epicsdb::db::EmbeddedFile::name), 1);
    }
}

TEST(EmbeddedDefinitions, ListIsSortedAndUnique) {
    const auto files = embeddedDefinitionFiles();
    ASSERT_FALSE(files.empty());
    for (std::size_t i = 1; i < files.size(); ++i)
        EXPECT_LT(files[i - 1].name, files[i].name) << "at position " << i;
}

TEST(EmbeddedDefinitions, LookupReturnsTheListedContent) {
    for (const auto& file : embeddedDefinitionFiles()) {
        const auto content = embeddedDefinitionFile(file.name);
        ASSERT_TRUE(content.has_value()) << file.name;
        EXPECT_EQ(content->data(), file.content.data()) << file.name;
        EXPECT_EQ(content->size(), file.content.size()) << file.name;
    }
}

TEST(EmbeddedDefinitions, UnknownNamesGiveNothing) {
    const std::vector<std::string> bad = {
        "",
        "nosuch.dbd",
        "dbcommon.dbd", // case matters
        "DBCOMMON.DBD",
        "dbCommon",      // no extension added
        "dbCommon.dbd ", // no trimming
        " dbCommon.dbd",
        "./dbCommon.dbd", // no folder part
        "db/dbCommon.dbd",
        "/dbCommon.dbd",
        "examples/dbCommon.dbd",
        std::string("dbCommon.dbd\0", 13),
        "AAAA.dbd", // before the first name
        "zzzz.dbd", // after the last name
        "softIoc.db",
    };
    for (const auto& name : bad)
        EXPECT_FALSE(embeddedDefinitionFile(name).has_value()) << "'" << name << "'";
}

TEST(EmbeddedDefinitions, ContentIsByteIdenticalToTheSourceFile) {
    for (const auto& file : embeddedDefinitionFiles()) {
        const auto path = definitionsDir() / std::string(file.name);
        ASSERT_TRUE(std::filesystem::is_regular_file(path)) << path;
        EXPECT_TRUE(readBytes(path) == file.content) << file.name << " differs from " << path;
    }
}

TEST(EmbeddedDefinitions, EveryDefinitionFileOfTheSourceFolderIsEmbedded) {
    std::set<std::string> onDisk;
    for (const auto& entry : std::filesystem::directory_iterator(definitionsDir()))
        if (entry.is_regular_file() && entry.path().extension() == ".dbd")
            onDisk.insert(entry.path().filename().string());
    std::set<std::string> embedded;
    for (const auto& file : embeddedDefinitionFiles())
        embedded.insert(std::string(file.name));
    EXPECT_EQ(embedded, onDisk);
    const auto expected = expectedFiles();
    EXPECT_EQ(embedded, std::set<std::string>(expected.begin(), expected.end()));
}

TEST(EmbeddedDefinitions, DefaultFileIsListedAndIncludesEveryOtherDefinitionFile) {
    ASSERT_TRUE(embeddedDefinitionFile(kDefaultDefinitionFile).has_value());

    // Follow includes from the default file; each must name an embedded file.
    std::set<std::string> reached{std::string(kDefaultDefinitionFile)};
    std::vector<std::string> pending{std::string(kDefaultDefinitionFile)};
    while (!pending.empty()) {
        const std::string name = pending.back();
        pending.pop_back();
        for (const auto& included : includesOf(*embeddedDefinitionFile(name))) {
            ASSERT_TRUE(embeddedDefinitionFile(included).has_value())
                << name << " includes " << included << ", which is not embedded";
            if (reached.insert(included).second) pending.push_back(included);
        }
    }

    std::set<std::string> expected;
    for (const auto& file : embeddedDefinitionFiles())
        if (!kBreakpointTables.contains(std::string(file.name)))
            expected.insert(std::string(file.name));
    EXPECT_EQ(reached, expected);
}

TEST(EmbeddedDefinitions, StandardRecordsAreIncludedInByteOrderOfTypeName) {
    // The order of an expanded softIoc.dbd, which is the record type order EPICS IOCs load.
    // Sorting the type names, not the file names: mbbi comes before mbbiDirect.
    auto types = kRecordTypes;
    std::ranges::sort(types);
    std::vector<std::string> expected;
    for (const auto& type : types)
        expected.push_back(type + "Record.dbd");
    EXPECT_EQ(includesOf(*embeddedDefinitionFile("stdRecords.dbd")), expected);
}

TEST(EmbeddedDefinitions, EachRecordTypeFileStartsItsBodyWithDbCommon) {
    for (const auto& type : kRecordTypes) {
        SCOPED_TRACE(type);
        const std::string text(*embeddedDefinitionFile(type + "Record.dbd"));
        const std::regex head("(^|\\n)recordtype\\(" + type +
                              "\\) \\{\\s*include \"dbCommon.dbd\"");
        EXPECT_TRUE(std::regex_search(text, head));
        const auto includes = includesOf(text);
        EXPECT_EQ(includes, std::vector<std::string>{"dbCommon.dbd"});
    }
}

TEST(EmbeddedDefinitions, MenuGlobalIncludesTheFixedMenus) {
    // menuConvert and menuScan are left to base.dbd, as in EPICS.
    const std::vector<std::string> expected = {
        "menuAlarmSevr.dbd", "menuAlarmStat.dbd", "menuFtype.dbd", "menuIvoa.dbd",
        "menuOmsl.dbd",      "menuPini.dbd",      "menuPost.dbd",  "menuPriority.dbd",
        "menuYesNo.dbd",     "menuSimm.dbd"};
    EXPECT_EQ(includesOf(*embeddedDefinitionFile("menuGlobal.dbd")), expected);
}

TEST(EmbeddedDefinitions, EachMenuFileDefinesTheMenuOfItsName) {
    for (const auto& menu : kMenus) {
        const std::string text(*embeddedDefinitionFile(menu + ".dbd"));
        EXPECT_NE(text.find("menu(" + menu + ") {"), std::string::npos) << menu;
    }
}

} // namespace
