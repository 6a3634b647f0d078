// The link graph as JSON for other programs (layout in GraphWriters.hpp): rapidjson's compact
// writer does the escaping; a newline after each node and edge keeps it readable and diffable.
#include <epicsdb/graph/GraphWriters.hpp>

#include <epicsdb/support/JsonString.hpp>

#include <rapidjson/ostreamwrapper.h>
#include <rapidjson/writer.h>

#include <ostream>

namespace epicsdb::graph {

namespace {
using Writer = rapidjson::Writer<rapidjson::OStreamWrapper>;

void string(Writer& writer, std::string_view text) {
    support::writeJsonString(writer, text);
}

void stringOrNull(Writer& writer, std::string_view key, std::string_view text) {
    string(writer, key);
    if (text.empty())
        writer.Null();
    else
        string(writer, text);
}

std::string_view directionName(LinkDirection direction) {
    switch (direction) {
    case LinkDirection::Input:
        return "input";
    case LinkDirection::Output:
        return "output";
    case LinkDirection::Forward:
        break;
    }
    return "forward";
}

std::string_view kindName(LinkKind kind) {
    switch (kind) {
    case LinkKind::Database:
        return "database";
    case LinkKind::ChannelAccess:
        return "ca";
    case LinkKind::External:
        break;
    }
    return "external";
}
} // namespace

void writeJson(const LinkGraph& graph, std::ostream& out, const GraphWriteOptions& options) {
    rapidjson::OStreamWrapper stream(out);
    Writer writer(stream);
    const std::vector<Node>& nodes = graph.nodes();
    writer.StartObject();
    string(writer, "nodes");
    writer.StartArray();
    for (const Node& node : nodes) {
        out.put('\n');
        writer.StartObject();
        string(writer, "name");
        string(writer, node.name);
        stringOrNull(writer, "type", node.type);
        stringOrNull(writer, "file", node.file);
        string(writer, "external");
        writer.Bool(node.external());
        if (options.clustering != Clustering::None)
            stringOrNull(writer, "cluster", clusterOf(node, options.clustering));
        writer.EndObject();
    }
    writer.EndArray();
    string(writer, "edges");
    writer.StartArray();
    for (const Edge& edge : graph.edges()) {
        out.put('\n');
        writer.StartObject();
        string(writer, "from");
        string(writer, nodes[edge.from].name);
        string(writer, "to");
        string(writer, nodes[edge.to].name);
        string(writer, "field");
        string(writer, edge.field);
        stringOrNull(writer, "target_field", edge.targetField);
        string(writer, "direction");
        string(writer, directionName(edge.direction));
        string(writer, "kind");
        string(writer, kindName(edge.kind));
        string(writer, "modifiers");
        writer.StartArray();
        for (const std::string_view modifier : modifiersOf(edge))
            string(writer, modifier);
        writer.EndArray();
        writer.EndObject();
    }
    writer.EndArray();
    writer.EndObject();
    out.put('\n');
}

} // namespace epicsdb::graph
