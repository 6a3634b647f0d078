// The expanded .dbd writer against files EPICS's dbdExpand.pl wrote: loading one and writing it
// back must give the same file, except for the order of the attributes inside each field
// (Perl hash order in EPICS, which is not reproducible).
#include "SharedData.hpp"

#include <epicsdb/dbStatic/Writers.hpp>
#include <epicsdb/loaders/Loader.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace epicsdb::test {
namespace {

std::vector<std::string> lines(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
        out.push_back(line);
    return out;
}

// Sorts the attribute lines of every field block, so attribute order does not count.
std::vector<std::string> normalised(const std::string& text) {
    std::vector<std::string> out = lines(text);
    for (auto it = out.begin(); it != out.end(); ++it) {
        if (it->rfind("    field(", 0) != 0) continue;
        auto end = std::find(it + 1, out.end(), "    }");
        std::sort(it + 1, end);
        it = end == out.end() ? end - 1 : end;
    }
    return out;
}

std::string readFile(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

void expectRoundTrip(const std::string& relative) {
    const std::filesystem::path file = sharedDir() / relative;
    dbstatic::Database db;
    DiagnosticList diagnostics;
    loaders::LoaderOptions options;
    options.embeddedDefinitions = false;
    options.useEnvironmentPath = false;
    loaders::Loader loader(db, diagnostics, options);
    const loaders::LoadResult result = loader.loadDatabase(file.string());
    ASSERT_TRUE(result.ok) << relative << ": "
                           << (diagnostics.items.empty() ? "" : diagnostics.items[0].message);
    std::string written;
    dbstatic::writeExpandedDbd(db, written);
    const std::vector<std::string> expected = normalised(readFile(file));
    const std::vector<std::string> actual = normalised(written);
    std::size_t shown = 0;
    for (std::size_t i = 0; i < std::max(expected.size(), actual.size()) && shown < 10; ++i) {
        const std::string want = i < expected.size() ? expected[i] : "(end)";
        const std::string got = i < actual.size() ? actual[i] : "(end)";
        if (want != got) {
            ADD_FAILURE() << relative << " line " << i + 1 << "\n  EPICS:   " << want
                          << "\n  epicsdb: " << got;
            ++shown;
        }
    }
    EXPECT_EQ(actual.size(), expected.size());
}

TEST(DbdExpandConformance, SoftIocDbd) {
    EPICSDB_REQUIRE_SHARED("conformance/epics-dbd/softIoc.dbd");
    expectRoundTrip("conformance/epics-dbd/softIoc.dbd");
}

TEST(DbdExpandConformance, DbTestIocDbd) {
    EPICSDB_REQUIRE_SHARED("conformance/dbStatic/dbTestIoc.dbd");
    expectRoundTrip("conformance/dbStatic/dbTestIoc.dbd");
}

} // namespace
} // namespace epicsdb::test
