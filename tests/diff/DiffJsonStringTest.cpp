// How the diff's JSON spells a string: the shared table of tests/support/JsonStringCases.hpp,
// which the records' and the graph's documents are held to as well.
#include "JsonStringCases.hpp"

#include <epicsdb/diff/DiffWriters.hpp>

#include <gtest/gtest.h>

#include <sstream>

namespace {

using epicsdb::test::JsonStringCase;

TEST(DiffJsonStrings, TheDiffSpellsEveryStringAsTheOtherDocumentsDo) {
    const std::vector<JsonStringCase> cases = epicsdb::test::jsonStringCases();
    epicsdb::diff::DatabaseDiff diff;
    for (const JsonStringCase& c : cases) {
        epicsdb::diff::RecordChange change;
        change.kind = epicsdb::diff::RecordChangeKind::Added;
        change.name = c.text;
        change.typeAfter = "ai";
        diff.records.push_back(std::move(change));
    }
    std::ostringstream out;
    epicsdb::diff::writeJson(diff, {cases.front().text, "b.db"}, out);
    const std::string json = out.str();
    EXPECT_NE(json.find("\"before\": \"" + cases.front().json + "\""), std::string::npos) << json;
    for (const JsonStringCase& c : cases)
        EXPECT_NE(json.find("\"name\": \"" + c.json + "\""), std::string::npos) << c.json << " in\n"
                                                                                << json;
}

} // namespace
