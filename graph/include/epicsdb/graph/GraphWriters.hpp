// A LinkGraph written as Graphviz DOT (for dot, xdot and friends) or as JSON (for other
// programs), with its nodes optionally grouped into clusters. Both stream in chunks.
#pragma once

#include <epicsdb/export.h>
#include <epicsdb/graph/LinkGraph.hpp>

#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

namespace epicsdb::graph {

enum class Clustering : std::uint8_t {
    None,
    File,   // by the file the record was defined in
    Prefix, // by the record name up to its last ':' ("a:b:c" -> "a:b"; no ':' -> no cluster)
};

// A node's cluster name under `clustering`; empty when it is in none (external PVs never are).
[[nodiscard]] EPICSDB_API std::string_view clusterOf(const Node& node, Clustering clustering);

struct GraphWriteOptions {
    Clustering clustering = Clustering::None;
};

// digraph with one statement per line: records as rounded boxes labelled name and type,
// external PVs as dashed ellipses; database links solid, CA links dashed, links to external
// PVs dashed and grey; each edge labelled as labelOf() says. Clusters as subgraph cluster_N.
EPICSDB_API void writeDot(const LinkGraph& graph, std::ostream& out,
                          const GraphWriteOptions& options = {});

// {"nodes": [{"name", "type" (null if external), "file" (null if unknown), "external",
//             "cluster" (with clustering; null if none)}],
//  "edges": [{"from", "to", "field", "target_field" (null if none), "direction": "input|
//             output|forward", "kind": "database|ca|external", "modifiers": ["PP", ...]}]}
// Edges name their nodes. One line per node and per edge.
EPICSDB_API void writeJson(const LinkGraph& graph, std::ostream& out,
                           const GraphWriteOptions& options = {});

} // namespace epicsdb::graph
