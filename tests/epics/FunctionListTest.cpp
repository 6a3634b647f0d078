// Every function EPICS Base 7.0.8's dbStaticLib.h declares (the list in ../shared/conformance)
// is declared by our dbStaticLib.h and defined by the shared library, or, where EPICS makes it
// a macro (dbCalloc, dbMalloc), defined as a macro too.
#include "ReadFile.hpp"
#include "SharedData.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace epicsdb::test {
namespace {

std::vector<std::string> listedFunctions() {
    std::vector<std::string> names;
    std::istringstream lines(
        readWholeFile(sharedDir() / "conformance" / "dbStaticLib-functions.txt"));
    for (std::string line; std::getline(lines, line);)
        if (!line.empty() && line[0] != '#') names.push_back(line);
    return names;
}

// The symbols the shared library defines, as `nm -D --defined-only` lists them.
std::set<std::string> exportedSymbols() {
    std::set<std::string> symbols;
    const std::string command = "nm -D --defined-only '" EPICSDB_SHARED_LIBRARY "'";
    FILE* pipe = ::popen(command.c_str(), "r");
    if (!pipe) return symbols;
    char line[4096];
    while (std::fgets(line, sizeof line, pipe)) {
        std::istringstream fields(line);
        std::string address, kind, name;
        if (fields >> address >> kind >> name) symbols.insert(name);
    }
    ::pclose(pipe);
    return symbols;
}

TEST(DbStaticFunctionList, EveryEpicsFunctionIsDeclaredAndDefined) {
    EPICSDB_REQUIRE_SHARED("conformance/dbStaticLib-functions.txt");
    const std::vector<std::string> names = listedFunctions();
    ASSERT_EQ(names.size(), 115u);
    const std::string header =
        readWholeFile(sourceDir() / "dbStatic/include/epicsdb/epics/dbStaticLib.h");
    const std::set<std::string> symbols = exportedSymbols();
    ASSERT_TRUE(symbols.count("dbAllocBase")) << "nm found no symbols in " EPICSDB_SHARED_LIBRARY;
    for (const std::string& name : names) {
        const bool macro = std::regex_search(header, std::regex("#define " + name + "\\("));
        const bool declared =
            macro || std::regex_search(header, std::regex("EPICSDB_API[^;]*\\b" + name + "\\("));
        EXPECT_TRUE(declared) << name << " is not declared by dbStaticLib.h";
        if (!macro) EXPECT_TRUE(symbols.count(name)) << name << " is not defined by libepicsdb";
    }
}

} // namespace
} // namespace epicsdb::test
