// A record's neighbourhood: breadth-first over the edges, along them (downstream), against
// them (upstream) or both, up to a depth; then the subgraph of the nodes reached.
#include <epicsdb/graph/LinkGraph.hpp>

#include <limits>

namespace epicsdb::graph {

namespace {
// Edges by node, in compressed form: the edges of node n are ids[start[n] .. start[n + 1]).
struct Adjacency {
    std::vector<std::uint32_t> start;
    std::vector<std::uint32_t> ids;
};

Adjacency adjacency(std::size_t nodeCount, const std::vector<Edge>& edges, bool outgoing) {
    Adjacency out;
    out.start.assign(nodeCount + 1, 0);
    for (const Edge& edge : edges)
        ++out.start[(outgoing ? edge.from : edge.to) + 1];
    for (std::size_t i = 0; i < nodeCount; ++i)
        out.start[i + 1] += out.start[i];
    out.ids.resize(edges.size());
    std::vector<std::uint32_t> fill(out.start.begin(), out.start.end() - 1);
    for (std::uint32_t i = 0; i < edges.size(); ++i)
        out.ids[fill[outgoing ? edges[i].from : edges[i].to]++] = i;
    return out;
}
} // namespace

LinkGraph LinkGraph::neighbourhood(NodeId focus, unsigned depth, Direction direction) const {
    constexpr unsigned kUnreached = std::numeric_limits<unsigned>::max();
    std::vector<unsigned> distance(nodes_.size(), kUnreached);
    LinkGraph result;
    if (focus >= nodes_.size()) return result;

    const bool down = direction != Direction::Upstream;
    const bool up = direction != Direction::Downstream;
    const Adjacency outgoing = down ? adjacency(nodes_.size(), edges_, true) : Adjacency{};
    const Adjacency incoming = up ? adjacency(nodes_.size(), edges_, false) : Adjacency{};
    std::vector<NodeId> queue{focus};
    distance[focus] = 0;
    for (std::size_t next = 0; next < queue.size(); ++next) {
        const NodeId node = queue[next];
        if (distance[node] >= depth) continue;
        auto visit = [&](const Adjacency& edges, bool forward) {
            for (std::uint32_t i = edges.start[node]; i < edges.start[node + 1]; ++i) {
                const Edge& edge = edges_[edges.ids[i]];
                const NodeId other = forward ? edge.to : edge.from;
                if (distance[other] != kUnreached) continue;
                distance[other] = distance[node] + 1;
                queue.push_back(other);
            }
        };
        if (down) visit(outgoing, true);
        if (up) visit(incoming, false);
    }

    std::vector<NodeId> renumbered(nodes_.size(), 0);
    for (std::size_t i = 0; i < nodes_.size(); ++i) {
        if (distance[i] == kUnreached) continue;
        renumbered[i] = static_cast<NodeId>(result.nodes_.size());
        result.nodes_.push_back(nodes_[i]);
    }
    for (const Edge& edge : edges_) {
        if (distance[edge.from] == kUnreached || distance[edge.to] == kUnreached) continue;
        Edge kept = edge;
        kept.from = renumbered[edge.from];
        kept.to = renumbered[edge.to];
        result.edges_.push_back(kept);
    }
    return result;
}

} // namespace epicsdb::graph
