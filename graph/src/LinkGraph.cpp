// Building the link graph: one pass to number the records, one over their link fields. Each
// link is parsed with dbStatic's link rules (parseLink) and its target looked up in the
// database's own hash index; nothing is copied, nodes and edges hold views into the database.
#include <epicsdb/graph/LinkGraph.hpp>

#include <algorithm>
#include <unordered_map>

namespace epicsdb::graph {

namespace {
using dbstatic::Database;
using dbstatic::DbfType;
using dbstatic::FieldDef;
using dbstatic::Record;
using dbstatic::RecordType;

LinkDirection directionOf(DbfType type) {
    if (type == DbfType::InLink) return LinkDirection::Input;
    if (type == DbfType::OutLink) return LinkDirection::Output;
    return LinkDirection::Forward;
}

// The link fields of a record type whose default names something: they give edges in records
// that leave them unset (rare: most defaults are empty).
std::vector<const FieldDef*> linkDefaults(const RecordType& type) {
    std::vector<const FieldDef*> out;
    for (const FieldDef& field : type.fields())
        if (dbstatic::isLinkType(field.type) && field.hasInitial && !field.initial.empty())
            out.push_back(&field);
    return out;
}

// Node ids by record, in an array indexed by the record's sequence number (dense: a database
// numbers its records as it makes them), a quarter of the memory of a hash of pointers and
// one cache miss per lookup. Gaps left by undone loads only cost their slots.
class RecordIds {
public:
    explicit RecordIds(const Database& db) {
        std::uint32_t last = 0;
        for (const RecordType& type : db.recordTypes())
            for (const Record* node = type.firstRecord(); node; node = node->next())
                last = std::max(last, node->sequence());
        ids_.resize(std::size_t{last} + 1);
    }
    void insert(const Record* record, NodeId id) { ids_[record->sequence()] = id; }
    // `record` must have been inserted.
    [[nodiscard]] NodeId at(const Record* record) const noexcept {
        return ids_[record->sequence()];
    }

private:
    std::vector<NodeId> ids_;
};

class Builder {
public:
    explicit Builder(const Database& db) : db_(db), records_(db) {}

    void numberRecords(std::vector<Node>& nodes) {
        for (const RecordType& type : db_.recordTypes())
            for (const Record* node = type.firstRecord(); node; node = node->next()) {
                if (node->isAlias()) continue;
                records_.insert(node, static_cast<NodeId>(nodes.size()));
                const std::string_view file =
                    node->position().line ? db_.fileName(node->position().file) : "";
                nodes.push_back({node->name(), type.name(), file});
            }
    }

    void addEdges(std::vector<Node>& nodes, std::vector<Edge>& edges) {
        NodeId id = 0;
        for (const RecordType& type : db_.recordTypes()) {
            const std::vector<const FieldDef*> defaults = linkDefaults(type);
            for (const Record* node = type.firstRecord(); node; node = node->next()) {
                if (node->isAlias()) continue;
                for (const dbstatic::FieldValue& value : node->setFields()) {
                    const FieldDef& field = type.field(value.field);
                    if (dbstatic::isLinkType(field.type))
                        addLink(id, field, value.value(), nodes, edges);
                }
                for (const FieldDef* field : defaults)
                    if (!node->storedValue(field->index))
                        addLink(id, *field, field->initial, nodes, edges);
                ++id;
            }
        }
    }

private:
    void addLink(NodeId holder, const FieldDef& field, std::string_view text,
                 std::vector<Node>& nodes, std::vector<Edge>& edges) {
        if (text.empty()) return;
        dbstatic::ParsedLink link;
        const bool ok = dbstatic::parseLink(
            text, field.type,
            [this](std::string_view name) { return db_.findLinkSupport(name) != nullptr; }, link);
        if (!ok || link.type != dbstatic::LinkType::PvLink || link.text.empty()) return;
        // A PV name is the record name, then optionally '.' and a field.
        const std::size_t dot = link.text.find('.');
        const std::string_view recordName = link.text.substr(0, dot);
        const std::string_view targetField =
            dot == std::string_view::npos ? std::string_view() : link.text.substr(dot + 1);

        Edge edge;
        edge.field = field.name;
        edge.targetField = targetField;
        edge.direction = directionOf(field.type);
        edge.pp = link.pp;
        edge.ca = link.ca;
        edge.cp = link.cp;
        edge.cpp = link.cpp;
        edge.severity = link.severity;
        NodeId target = 0;
        if (const Record* found = db_.findRecord(recordName)) {
            target = records_.at(&found->real());
            edge.kind = link.ca ? LinkKind::ChannelAccess : LinkKind::Database;
        } else {
            const auto [slot, made] =
                externals_.try_emplace(recordName, static_cast<NodeId>(nodes.size()));
            if (made) nodes.push_back({recordName, {}, {}});
            target = slot->second;
            edge.kind = LinkKind::External;
        }
        edge.from = edge.direction == LinkDirection::Input ? target : holder;
        edge.to = edge.direction == LinkDirection::Input ? holder : target;
        edges.push_back(edge);
    }

    const Database& db_;
    RecordIds records_; // every real record of the database is in it
    std::unordered_map<std::string_view, NodeId> externals_;
};
} // namespace

Modifiers modifiersOf(const Edge& edge) {
    Modifiers out;
    auto add = [&](std::string_view name) { out.items[out.count++] = name; };
    if (edge.pp) add("PP");
    if (edge.ca) add("CA");
    if (edge.cp) add("CP");
    if (edge.cpp) add("CPP");
    switch (edge.severity) {
    case dbstatic::MaxSeverity::NMS:
        break;
    case dbstatic::MaxSeverity::MS:
        add("MS");
        break;
    case dbstatic::MaxSeverity::MSI:
        add("MSI");
        break;
    case dbstatic::MaxSeverity::MSS:
        add("MSS");
        break;
    }
    return out;
}

void appendLabel(const Edge& edge, std::string& out) {
    out += edge.field;
    if (!edge.targetField.empty()) {
        out += " .";
        out += edge.targetField;
    }
    for (const std::string_view modifier : modifiersOf(edge)) {
        out += ' ';
        out += modifier;
    }
}

std::string labelOf(const Edge& edge) {
    std::string label;
    appendLabel(edge, label);
    return label;
}

LinkGraph LinkGraph::build(const Database& db) {
    LinkGraph graph;
    graph.nodes_.reserve(db.recordCount());
    graph.edges_.reserve(db.recordCount()); // about one link per record, typically
    Builder builder(db);
    builder.numberRecords(graph.nodes_);
    builder.addEdges(graph.nodes_, graph.edges_);
    return graph;
}

std::optional<NodeId> LinkGraph::findNode(std::string_view name) const noexcept {
    for (std::size_t i = 0; i < nodes_.size(); ++i)
        if (nodes_[i].name == name) return static_cast<NodeId>(i);
    return std::nullopt;
}

} // namespace epicsdb::graph
