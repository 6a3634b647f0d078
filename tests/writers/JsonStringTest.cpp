// How the records' JSON spells a string: the shared table of tests/support/JsonStringCases.hpp,
// which the diff and graph documents are held to as well.
#include "JsonStringCases.hpp"
#include "TestDatabase.hpp"

#include <epicsdb/dbStatic/Writers.hpp>

#include <gtest/gtest.h>

#include <sstream>

namespace epicsdb::test {
namespace {

TEST(JsonStrings, RecordsSpellEveryStringAsTheOtherDocumentsDo) {
    AiDatabase t;
    const std::vector<JsonStringCase> cases = jsonStringCases();
    for (const JsonStringCase& c : cases)
        ASSERT_NE(t.db.createRecord(*t.ai, c.text, false), nullptr) << c.json;
    std::string out;
    writeJson(t.db, out);
    for (const JsonStringCase& c : cases)
        EXPECT_NE(out.find("\"name\": \"" + c.json + "\""), std::string::npos) << c.json << " in\n"
                                                                               << out;
    std::ostringstream stream;
    writeJson(t.db, stream);
    EXPECT_EQ(stream.str(), out);
}

} // namespace
} // namespace epicsdb::test
