// Loaders hold no global state: two of them, each with its own database, load at the same time
// in two threads and get the same result as one alone.
#include "LoaderFixture.hpp"
#include "ScratchDir.hpp"

#include <epicsdb/dbStatic/Writers.hpp>

#include <thread>

using namespace epicsdb;
using epicsdb::test::ScratchDir;

namespace {

std::string loadAndWrite(const std::string& templatePath, const std::string& prefix, int count) {
    dbstatic::Database db;
    DiagnosticList diagnostics;
    loaders::Loader loader(db, diagnostics);
    loader.loadDefaultDefinitions();
    for (int i = 0; i < count; ++i)
        loader.loadRecords(templatePath, "P=" + prefix + ",N=" + std::to_string(i));
    std::string out;
    dbstatic::writeRecords(db, out);
    return std::to_string(diagnostics.items.size()) + " diagnostics\n" + out;
}

} // namespace

TEST(Concurrency, TwoLoadersInTwoThreadsGetWhatOneGetsAlone) {
    ScratchDir dir;
    const std::string path = dir.write("t.template", "record(ai, \"$(P)ai$(N)\") {\n"
                                                     "    field(DESC, \"number $(N)\")\n"
                                                     "    field(INP, \"$(P)calc$(N) CP\")\n"
                                                     "}\n"
                                                     "record(calc, \"$(P)calc$(N)\") {\n"
                                                     "    field(CALC, \"A+$(N)\")\n"
                                                     "}\n");
    const std::string expectedA = loadAndWrite(path, "a:", 300);
    const std::string expectedB = loadAndWrite(path, "b:", 300);
    std::string gotA, gotB;
    std::thread first([&] { gotA = loadAndWrite(path, "a:", 300); });
    std::thread second([&] { gotB = loadAndWrite(path, "b:", 300); });
    first.join();
    second.join();
    EXPECT_EQ(gotA, expectedA);
    EXPECT_EQ(gotB, expectedB);
    EXPECT_NE(expectedA.find("record(ai,\"a:ai299\")"), std::string::npos);
}
