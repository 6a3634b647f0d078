// The link graph as Graphviz DOT, written in 64 KiB chunks (a whole IOC has 10^5 records).
#include <epicsdb/graph/GraphWriters.hpp>

#include <algorithm>
#include <map>
#include <ostream>

namespace epicsdb::graph {

namespace {
// Text inside a DOT quoted string: '"' and '\' escaped (a backslash would start a DOT escape
// such as \n), a newline as \n.
void appendEscaped(std::string_view text, std::string& out) {
    // Most names need no escape (one pass over the bytes: find_first_of would search the set
    // for every byte: most of the writer's time).
    if (std::none_of(text.begin(), text.end(),
                     [](char c) { return c == '"' || c == '\\' || c == '\n'; })) {
        out += text;
        return;
    }
    for (const char c : text) {
        if (c == '"' || c == '\\') out += '\\';
        if (c == '\n') {
            out += "\\n";
            continue;
        }
        out += c;
    }
}

void appendQuoted(std::string_view text, std::string& out) {
    out += '"';
    appendEscaped(text, out);
    out += '"';
}

class Chunks {
public:
    explicit Chunks(std::ostream& out) : out_(out) { text_.reserve(kChunk + 4096); }
    Chunks(const Chunks&) = delete;
    Chunks& operator=(const Chunks&) = delete;
    ~Chunks() { flush(); }
    std::string& text() noexcept { return text_; }
    void maybeFlush() {
        if (text_.size() >= kChunk) flush();
    }
    void flush() {
        out_.write(text_.data(), static_cast<std::streamsize>(text_.size()));
        text_.clear();
    }

private:
    static constexpr std::size_t kChunk = 1 << 16;
    std::ostream& out_;
    std::string text_;
};

void appendNode(const Node& node, std::string_view indent, std::string& out) {
    out += indent;
    appendQuoted(node.name, out);
    out += node.external() ? " [shape=ellipse, style=dashed, label=\"" : " [label=\"";
    appendEscaped(node.name, out);
    out += "\\n";
    appendEscaped(node.external() ? std::string_view("(external)") : node.type, out);
    out += "\"];\n";
}

// The edge's label is built in `label`, reused from edge to edge.
void appendEdge(const LinkGraph& graph, const Edge& edge, std::string& label, std::string& out) {
    out += "  ";
    appendQuoted(graph.nodes()[edge.from].name, out);
    out += " -> ";
    appendQuoted(graph.nodes()[edge.to].name, out);
    out += " [label=";
    label.clear();
    appendLabel(edge, label);
    appendQuoted(label, out);
    if (edge.kind == LinkKind::ChannelAccess)
        out += ", style=dashed";
    else if (edge.kind == LinkKind::External)
        out += ", style=dashed, color=gray40";
    out += "];\n";
}
} // namespace

void writeDot(const LinkGraph& graph, std::ostream& out, const GraphWriteOptions& options) {
    Chunks chunks(out);
    std::string& text = chunks.text();
    std::string label;
    text += "digraph \"epicsdb\" {\n"
            "  rankdir=LR;\n"
            "  node [shape=box, style=rounded, fontname=\"Helvetica\"];\n"
            "  edge [fontname=\"Helvetica\", fontsize=10];\n";
    const std::vector<Node>& nodes = graph.nodes();
    std::map<std::string_view, std::vector<NodeId>> clusters;
    for (NodeId id = 0; id < nodes.size(); ++id) {
        const std::string_view cluster = clusterOf(nodes[id], options.clustering);
        if (!cluster.empty()) {
            clusters[cluster].push_back(id);
            continue;
        }
        appendNode(nodes[id], "  ", text);
        chunks.maybeFlush();
    }
    std::size_t number = 0;
    for (const auto& [name, members] : clusters) {
        text += "  subgraph \"cluster_" + std::to_string(number++) + "\" {\n    label=";
        appendQuoted(name, text);
        text += ";\n";
        for (const NodeId id : members) {
            appendNode(nodes[id], "    ", text);
            chunks.maybeFlush();
        }
        text += "  }\n";
    }
    for (const Edge& edge : graph.edges()) {
        appendEdge(graph, edge, label, text);
        chunks.maybeFlush();
    }
    text += "}\n";
}

} // namespace epicsdb::graph
