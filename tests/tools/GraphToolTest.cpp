// `epicsdb graph` as a user runs it: DOT, JSON and SVG (skipped by name without Graphviz's
// dot), a record's neighbourhood, clusters, and the errors.
#include "RunProgram.hpp"
#include "ScratchDir.hpp"

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

#include <cstdlib>
#include <set>
#include <unistd.h>

using epicsdb::test::runProgram;

namespace {

bool dotInstalled() {
    const char* path = std::getenv("PATH");
    std::string dirs = path ? path : "";
    for (std::size_t start = 0; start <= dirs.size();) {
        std::size_t end = dirs.find(':', start);
        if (end == std::string::npos) end = dirs.size();
        if (end > start && ::access((dirs.substr(start, end - start) + "/dot").c_str(), X_OK) == 0)
            return true;
        start = end + 1;
    }
    return false;
}

class GraphTool : public ::testing::Test {
protected:
    void SetUp() override {
        dir.write("plant.db", "record(ai, \"p:in\") { field(FLNK, \"p:calc\") }\n"
                              "record(calc, \"p:calc\") {\n"
                              "    field(INPA, \"p:in CP\")\n"
                              "    field(FLNK, \"p:out\")\n"
                              "}\n"
                              "record(ao, \"p:out\") { field(OUT, \"far:pv PP\") }\n"
                              "alias(\"p:calc\", \"p:c\")\n");
        dir.write("more.db", "record(bo, \"q:x\") { field(FLNK, \"p:out\") }\n");
    }
    epicsdb::test::ProgramResult run(const std::vector<std::string>& args,
                                     std::vector<std::pair<std::string, std::string>> env = {}) {
        return runProgram(EPICSDB_TOOL, args,
                          {.workingDirectory = dir.path(), .environment = std::move(env)});
    }
    epicsdb::test::ScratchDir dir;
};

TEST_F(GraphTool, HelpDescribesIt) {
    const auto result = run({"graph", "--help"});
    EXPECT_EQ(result.status, 0);
    EXPECT_NE(result.out.find("usage: epicsdb graph"), std::string::npos) << result.out;
    EXPECT_NE(result.out.find("--focus"), std::string::npos);
}

TEST_F(GraphTool, DotOfTheWholeDatabase) {
    const auto result = run({"graph", "plant.db", "more.db"});
    EXPECT_EQ(result.status, 0) << result.err;
    EXPECT_EQ(result.out.rfind("digraph \"epicsdb\" {\n", 0), 0u) << result.out;
    for (const char* line : {"  \"p:in\" -> \"p:calc\" [label=\"FLNK\"];\n",
                             "  \"p:in\" -> \"p:calc\" [label=\"INPA CP\"];\n",
                             "  \"p:calc\" -> \"p:out\" [label=\"FLNK\"];\n",
                             "  \"q:x\" -> \"p:out\" [label=\"FLNK\"];\n",
                             "  \"p:out\" -> \"far:pv\" [label=\"OUT PP\", style=dashed, "
                             "color=gray40];\n"})
        EXPECT_NE(result.out.find(line), std::string::npos) << line << result.out;
}

TEST_F(GraphTool, TheNeighbourhoodOfOneRecordAsJson) {
    // The alias names its record.
    const auto result = run({"graph", "--focus", "p:c", "--direction", "down", "--format", "json",
                             "plant.db", "more.db"});
    EXPECT_EQ(result.status, 0) << result.err;
    const auto json = nlohmann::json::parse(result.out);
    std::set<std::string> names;
    for (const auto& node : json["nodes"])
        names.insert(node["name"].get<std::string>());
    EXPECT_EQ(names, (std::set<std::string>{"p:calc", "p:out"}));
    ASSERT_EQ(json["edges"].size(), 1u);
    EXPECT_EQ(json["edges"][0]["field"], "FLNK");

    const auto deeper = run({"graph", "--focus", "p:out", "--depth", "2", "--direction", "up",
                             "--format", "json", "plant.db", "more.db"});
    EXPECT_EQ(deeper.status, 0) << deeper.err;
    EXPECT_EQ(nlohmann::json::parse(deeper.out)["nodes"].size(), 4u) << deeper.out;
}

TEST_F(GraphTool, ClustersByFile) {
    const auto result = run({"graph", "--cluster", "file", "plant.db", "more.db"});
    EXPECT_EQ(result.status, 0) << result.err;
    EXPECT_NE(result.out.find("label=\"more.db\";\n    \"q:x\""), std::string::npos) << result.out;
}

TEST_F(GraphTool, BadRequestsAreExitTwo) {
    auto result = run({"graph", "--focus", "nope", "plant.db"});
    EXPECT_EQ(result.status, 2);
    EXPECT_NE(result.err.find("no record or linked PV named 'nope'"), std::string::npos)
        << result.err;
    EXPECT_EQ(run({"graph", "--depth", "2", "plant.db"}).status, 2);
    EXPECT_EQ(run({"graph", "--format", "png", "plant.db"}).status, 2);
    EXPECT_EQ(run({"graph"}).status, 2);
    EXPECT_EQ(run({"graph", "missing.db"}).status, 2);
}

TEST_F(GraphTool, SvgWithoutDotSaysWhatToInstall) {
    const auto result = run({"graph", "--format", "svg", "plant.db"}, {{"PATH", dir.path()}});
    EXPECT_EQ(result.status, 2);
    EXPECT_NE(result.err.find("epicsdb graph: --format svg needs Graphviz's dot on PATH "
                              "(install graphviz)"),
              std::string::npos)
        << result.err;
    EXPECT_EQ(result.out, "");
}

TEST_F(GraphTool, SvgRendersWithGraphvizDot) {
    if (!dotInstalled()) GTEST_SKIP() << "Graphviz's dot not found on PATH";
    const auto result = run({"graph", "--format", "svg", "-o", "plant.svg", "plant.db"});
    EXPECT_EQ(result.status, 0) << result.err;
    const std::string svg = epicsdb::test::readWholeFile(dir.path("plant.svg"));
    EXPECT_NE(svg.find("<svg"), std::string::npos) << svg.substr(0, 200);
    EXPECT_NE(svg.find("p:calc"), std::string::npos);
}

} // namespace
