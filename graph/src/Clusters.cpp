// Which cluster a node belongs to.
#include <epicsdb/graph/GraphWriters.hpp>

namespace epicsdb::graph {

std::string_view clusterOf(const Node& node, Clustering clustering) {
    if (node.external()) return {};
    switch (clustering) {
    case Clustering::None:
        return {};
    case Clustering::File:
        return node.file;
    case Clustering::Prefix: {
        const std::size_t colon = node.name.rfind(':');
        return colon == std::string_view::npos ? std::string_view() : node.name.substr(0, colon);
    }
    }
    return {};
}

} // namespace epicsdb::graph
