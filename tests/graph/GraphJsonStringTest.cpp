// How the graph's JSON spells a string: the shared table of tests/support/JsonStringCases.hpp,
// which the records' and the diff's documents are held to as well.
#include "JsonStringCases.hpp"

#include <epicsdb/graph/GraphWriters.hpp>
#include <epicsdb/graph/LinkGraph.hpp>
#include <epicsdb/loaders/Loader.hpp>

#include <gtest/gtest.h>

#include <sstream>

namespace {

using epicsdb::test::JsonStringCase;

TEST(GraphJsonStrings, TheGraphSpellsEveryStringAsTheOtherDocumentsDo) {
    epicsdb::dbstatic::Database db;
    epicsdb::DiagnosticList diagnostics;
    epicsdb::loaders::Loader loader(db, diagnostics);
    ASSERT_TRUE(loader.loadDefaultDefinitions().ok);
    epicsdb::dbstatic::RecordType* ai = db.findRecordType("ai");
    ASSERT_NE(ai, nullptr);
    const std::vector<JsonStringCase> cases = epicsdb::test::jsonStringCases();
    for (const JsonStringCase& c : cases)
        ASSERT_NE(db.createRecord(*ai, c.text, false), nullptr) << c.json;
    std::ostringstream out;
    epicsdb::graph::writeJson(epicsdb::graph::LinkGraph::build(db), out);
    const std::string json = out.str();
    for (const JsonStringCase& c : cases)
        EXPECT_NE(json.find("\"name\":\"" + c.json + "\""), std::string::npos) << c.json << " in\n"
                                                                               << json;
}

} // namespace
