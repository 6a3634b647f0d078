// The link graph of a database with known links: exactly those edges, each classified and
// labelled; neighbourhoods by depth and direction; clusters; the DOT and JSON writers.
#include "LoadedDatabase.hpp"

#include <epicsdb/graph/GraphWriters.hpp>
#include <epicsdb/graph/LinkGraph.hpp>

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <sstream>

using epicsdb::graph::Direction;
using epicsdb::graph::LinkGraph;
using epicsdb::test::LoadedDatabase;

namespace {

// Three records in a chain, a calc reading two of them, a CA link, an external PV, an alias,
// and links that give no edge (constant, hardware address, empty, JSON constant).
const char* const kPlant = "record(ai, \"t:in\") {\n"
                           "  field(INP, \"#C0 S1 @x\")\n"
                           "  field(FLNK, \"t:calc\")\n"
                           "}\n"
                           "record(calc, \"t:calc\") {\n"
                           "  field(INPA, \"t:in CP MS\")\n"
                           "  field(INPB, \"t:sp.VAL NPP NMS\")\n"
                           "  field(INPC, \"3.5\")\n"
                           "  field(INPD, \"\")\n"
                           "  field(INPE, {const: 1})\n"
                           "  field(FLNK, \"t:out\")\n"
                           "}\n"
                           "record(ao, \"t:sp\") {}\n"
                           "alias(\"t:sp\", \"t:setpoint\")\n"
                           "record(ao, \"t:out\") {\n"
                           "  field(DOL, \"t:calc\")\n"
                           "  field(OUT, \"other:ioc:pv.PROC PP MSS\")\n"
                           "  field(SDIS, \"t:setpoint CA\")\n"
                           "}\n"
                           "record(bo, \"u:lone\") {}\n";

std::set<std::string> edgesOf(const LinkGraph& graph) {
    std::set<std::string> out;
    for (const auto& edge : graph.edges())
        out.insert(std::string(graph.nodes()[edge.from].name) + " -> " +
                   std::string(graph.nodes()[edge.to].name) + " [" + epicsdb::graph::labelOf(edge) +
                   "]");
    return out;
}

std::set<std::string> namesOf(const LinkGraph& graph) {
    std::set<std::string> out;
    for (const auto& node : graph.nodes())
        out.insert(std::string(node.name));
    return out;
}

class Graph : public ::testing::Test {
protected:
    void SetUp() override { plant.load(kPlant, "plant.db"); }
    LoadedDatabase plant;
};

TEST_F(Graph, AnEdgePerLinkThatNamesARecordOrPv) {
    const LinkGraph graph = LinkGraph::build(plant.db());
    EXPECT_EQ(edgesOf(graph), (std::set<std::string>{
                                  "t:in -> t:calc [FLNK]",
                                  "t:in -> t:calc [INPA CP MS]",
                                  "t:sp -> t:calc [INPB .VAL]",
                                  "t:calc -> t:out [FLNK]",
                                  "t:calc -> t:out [DOL]",
                                  "t:out -> other:ioc:pv [OUT .PROC PP MSS]",
                                  "t:sp -> t:out [SDIS CA]",
                              }));
    EXPECT_EQ(graph.edges().size(), 7u);
    EXPECT_EQ(namesOf(graph),
              (std::set<std::string>{"t:in", "t:calc", "t:sp", "t:out", "u:lone", "other:ioc:pv"}));
}

TEST_F(Graph, LinksAreClassified) {
    const LinkGraph graph = LinkGraph::build(plant.db());
    using epicsdb::graph::LinkDirection;
    using epicsdb::graph::LinkKind;
    for (const auto& edge : graph.edges()) {
        const std::string_view field = edge.field;
        const auto& holder = graph.nodes()[edge.holder()];
        if (field == "OUT") {
            EXPECT_EQ(edge.kind, LinkKind::External);
            EXPECT_TRUE(graph.nodes()[edge.to].external());
            EXPECT_EQ(edge.direction, LinkDirection::Output);
            EXPECT_EQ(holder.name, "t:out");
        } else if (field == "SDIS") {
            EXPECT_EQ(edge.kind, LinkKind::ChannelAccess);
            EXPECT_EQ(edge.direction, LinkDirection::Input);
            EXPECT_EQ(holder.name, "t:out");
        } else {
            EXPECT_EQ(edge.kind, LinkKind::Database) << field;
        }
        if (field == "FLNK") {
            EXPECT_EQ(edge.direction, LinkDirection::Forward);
        }
    }
    const auto calc = graph.findNode("t:calc");
    ASSERT_TRUE(calc);
    EXPECT_EQ(graph.nodes()[*calc].type, "calc");
    EXPECT_EQ(graph.nodes()[*calc].file, "plant.db");
}

TEST_F(Graph, NeighbourhoodsByDepthAndDirection) {
    const LinkGraph graph = LinkGraph::build(plant.db());
    const auto calc = *graph.findNode("t:calc");
    EXPECT_EQ(namesOf(graph.neighbourhood(calc, 1, Direction::Both)),
              (std::set<std::string>{"t:in", "t:calc", "t:sp", "t:out"}));
    EXPECT_EQ(namesOf(graph.neighbourhood(calc, 1, Direction::Upstream)),
              (std::set<std::string>{"t:in", "t:calc", "t:sp"}));
    EXPECT_EQ(namesOf(graph.neighbourhood(calc, 1, Direction::Downstream)),
              (std::set<std::string>{"t:calc", "t:out"}));
    EXPECT_EQ(namesOf(graph.neighbourhood(calc, 2, Direction::Downstream)),
              (std::set<std::string>{"t:calc", "t:out", "other:ioc:pv"}));
    EXPECT_EQ(namesOf(graph.neighbourhood(calc, 0, Direction::Both)),
              (std::set<std::string>{"t:calc"}));
    // Edges between the nodes kept, and only those.
    const LinkGraph down = graph.neighbourhood(calc, 1, Direction::Downstream);
    EXPECT_EQ(edgesOf(down),
              (std::set<std::string>{"t:calc -> t:out [FLNK]", "t:calc -> t:out [DOL]"}));
}

TEST_F(Graph, ClustersByFileOrPrefix) {
    const LinkGraph graph = LinkGraph::build(plant.db());
    using epicsdb::graph::Clustering;
    using epicsdb::graph::clusterOf;
    const auto& lone = graph.nodes()[*graph.findNode("u:lone")];
    EXPECT_EQ(clusterOf(lone, Clustering::Prefix), "u");
    EXPECT_EQ(clusterOf(lone, Clustering::File), "plant.db");
    EXPECT_EQ(clusterOf(lone, Clustering::None), "");
    EXPECT_EQ(clusterOf(graph.nodes()[*graph.findNode("other:ioc:pv")], Clustering::Prefix), "");
    std::ostringstream dot;
    epicsdb::graph::writeDot(graph, dot, {Clustering::Prefix});
    EXPECT_NE(dot.str().find("subgraph \"cluster_0\" {\n    label=\"t\";"), std::string::npos)
        << dot.str();
    EXPECT_NE(dot.str().find("subgraph \"cluster_1\" {\n    label=\"u\";"), std::string::npos)
        << dot.str();
}

TEST_F(Graph, DotDrawsCaAndExternalLinksDifferently) {
    std::ostringstream out;
    epicsdb::graph::writeDot(LinkGraph::build(plant.db()), out);
    const std::string dot = out.str();
    EXPECT_EQ(dot.rfind("digraph \"epicsdb\" {\n", 0), 0u) << dot;
    EXPECT_NE(dot.find("  \"t:calc\" [label=\"t:calc\\ncalc\"];\n"), std::string::npos) << dot;
    EXPECT_NE(dot.find("  \"other:ioc:pv\" [shape=ellipse, style=dashed, "
                       "label=\"other:ioc:pv\\n(external)\"];\n"),
              std::string::npos)
        << dot;
    EXPECT_NE(dot.find("  \"t:in\" -> \"t:calc\" [label=\"FLNK\"];\n"), std::string::npos) << dot;
    EXPECT_NE(dot.find("  \"t:sp\" -> \"t:out\" [label=\"SDIS CA\", style=dashed];\n"),
              std::string::npos)
        << dot;
    EXPECT_NE(dot.find("  \"t:out\" -> \"other:ioc:pv\" [label=\"OUT .PROC PP MSS\", "
                       "style=dashed, color=gray40];\n"),
              std::string::npos)
        << dot;
    EXPECT_EQ(dot.substr(dot.size() - 2), "}\n");
}

TEST_F(Graph, JsonHasTheNodesAndEdges) {
    std::ostringstream out;
    epicsdb::graph::writeJson(LinkGraph::build(plant.db()), out);
    const auto json = nlohmann::json::parse(out.str());
    EXPECT_EQ(json["nodes"].size(), 6u);
    EXPECT_EQ(json["edges"].size(), 7u);
    bool sawOut = false;
    for (const auto& edge : json["edges"])
        if (edge["field"] == "OUT") {
            sawOut = true;
            EXPECT_EQ(edge["from"], "t:out");
            EXPECT_EQ(edge["to"], "other:ioc:pv");
            EXPECT_EQ(edge["target_field"], "PROC");
            EXPECT_EQ(edge["direction"], "output");
            EXPECT_EQ(edge["kind"], "external");
            EXPECT_EQ(edge["modifiers"], (nlohmann::json{"PP", "MSS"}));
        }
    EXPECT_TRUE(sawOut);
    for (const auto& node : json["nodes"])
        if (node["name"] == "other:ioc:pv") {
            EXPECT_TRUE(node["type"].is_null());
            EXPECT_TRUE(node["external"].get<bool>());
        }
}

TEST(GraphNames, BackslashesAreEscapedInDot) {
    LoadedDatabase db;
    db.load("record(ai, \"a\") { field(FLNK, \"x\\\\y\") }\n");
    std::ostringstream out;
    epicsdb::graph::writeDot(LinkGraph::build(db.db()), out);
    EXPECT_NE(out.str().find("\"a\" -> \"x\\\\y\""), std::string::npos) << out.str();
}

// A large graph's edges are written on a second thread while the nodes are: the document is
// the same, nodes first, then every edge in order.
TEST(GraphNames, ALargeGraphIsWrittenInOrder) {
    constexpr int kRecords = 30000;
    std::string text;
    for (int i = 0; i < kRecords; ++i)
        text += "record(ai, \"r" + std::to_string(i) + "\") { field(FLNK, \"r" +
                std::to_string((i + 1) % kRecords) + "\") field(INP, \"p" + std::to_string(i) +
                " CP\") }\n";
    LoadedDatabase db;
    db.load(text);
    std::ostringstream out;
    epicsdb::graph::writeDot(LinkGraph::build(db.db()), out);
    std::istringstream lines(out.str());
    std::string line;
    std::vector<std::string> edges;
    std::size_t nodes = 0;
    while (std::getline(lines, line)) {
        if (line.find(" -> ") != std::string::npos)
            edges.push_back(line);
        else if (line.find(" [") != std::string::npos && line.rfind("  node", 0) != 0 &&
                 line.rfind("  edge", 0) != 0) {
            EXPECT_TRUE(edges.empty()) << "a node after the edges: " << line;
            ++nodes;
        }
    }
    EXPECT_EQ(nodes, 2u * kRecords); // the records, and the external PVs p<i>
    ASSERT_EQ(edges.size(), 2u * kRecords);
    // Each record's links as its fields were set (FLNK, then INP), the records in their order.
    for (int i = 0; i < kRecords; i += 997) {
        const std::string r = "\"r" + std::to_string(i) + "\"";
        EXPECT_EQ(edges[2 * i], "  " + r + " -> \"r" + std::to_string((i + 1) % kRecords) +
                                    "\" [label=\"FLNK\"];");
        EXPECT_EQ(edges[2 * i + 1], "  \"p" + std::to_string(i) + "\" -> " + r +
                                        " [label=\"INP CP\", style=dashed, color=gray40];");
    }
    EXPECT_TRUE(out.str().ends_with("];\n}\n"));
}

} // namespace
