// The link graph as Graphviz DOT, written in 64 KiB chunks (a whole IOC has 10^5 records).
#include <epicsdb/graph/GraphWriters.hpp>

#include <algorithm>
#include <array>
#include <exception>
#include <map>
#include <optional>
#include <ostream>
#include <system_error>
#include <thread>

namespace epicsdb::graph {

namespace {
// Text inside a DOT quoted string: '"' and '\' escaped (a backslash would start a DOT escape
// such as \n), a newline as \n.
// The bytes a DOT quoted string escapes, looked up (hot: every name is written twice or more).
constexpr std::array<bool, 256> kEscaped = [] {
    std::array<bool, 256> table{};
    table[static_cast<unsigned char>('"')] = table[static_cast<unsigned char>('\\')] =
        table[static_cast<unsigned char>('\n')] = true;
    return table;
}();

void appendEscaped(std::string_view text, std::string& out) {
    // Most names need no escape (one pass over the bytes: find_first_of would search the set
    // for every byte: most of the writer's time).
    if (std::none_of(text.begin(), text.end(),
                     [](char c) { return kEscaped[static_cast<unsigned char>(c)]; })) {
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
// The text of every edge, in order.
std::string edgesText(const LinkGraph& graph) {
    std::string text;
    std::string label;
    text.reserve(graph.edges().size() * 64);
    for (const Edge& edge : graph.edges())
        appendEdge(graph, edge, label, text);
    return text;
}

// A large graph's edges are written on a second thread while this one writes the nodes (the
// writer is most of `epicsdb graph`'s own time); the output is the same.
class EdgesAhead {
public:
    static constexpr std::size_t kMinEdges = 20000;

    explicit EdgesAhead(const LinkGraph& graph) {
        if (graph.edges().size() < kMinEdges) return;
        try {
            worker_.emplace([this, &graph] {
                try {
                    text_ = edgesText(graph);
                } catch (...) {
                    error_ = std::current_exception();
                }
            });
        } catch (const std::system_error&) {
            // No thread to be had: the edges are written here, after the nodes.
        }
    }
    EdgesAhead(const EdgesAhead&) = delete;
    EdgesAhead& operator=(const EdgesAhead&) = delete;
    ~EdgesAhead() {
        if (worker_) worker_->join();
    }
    [[nodiscard]] bool running() const noexcept { return worker_.has_value(); }
    // The edges' text, once written (rethrows what stopped the worker).
    std::string take() {
        worker_->join();
        worker_.reset();
        if (error_) std::rethrow_exception(error_);
        return std::move(text_);
    }

private:
    std::optional<std::thread> worker_;
    std::string text_;
    std::exception_ptr error_;
};
} // namespace

void writeDot(const LinkGraph& graph, std::ostream& out, const GraphWriteOptions& options) {
    EdgesAhead edgesAhead(graph);
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
    if (edgesAhead.running()) {
        chunks.flush();
        const std::string edges = edgesAhead.take();
        out.write(edges.data(), static_cast<std::streamsize>(edges.size()));
    } else {
        for (const Edge& edge : graph.edges()) {
            appendEdge(graph, edge, label, text);
            chunks.maybeFlush();
        }
    }
    text += "}\n";
}

} // namespace epicsdb::graph
