// The link graph of a loaded database: a node per record (name, type, file), an edge per link
// field (every DBF_INLINK, DBF_OUTLINK and DBF_FWDLINK) whose value names a record or PV.
// Constants, hardware addresses, JSON links and empty links give no edge. A link's target is
// looked up as the IOC would at iocInit: a record of the database (an alias is resolved to its
// record) is a database link unless the link says CA; any other name is an external PV (a CA
// link at iocInit), which gets a node of its own.
//
// Edges point the way data or processing flows: an input link from its target to the record
// that reads it, an output or forward link from the record to its target. Upstream of a record
// is against the arrows, downstream along them.
//
// Names, types and files are views into the Database: a graph must not outlive it.
#pragma once

#include <epicsdb/dbStatic/Database.hpp>
#include <epicsdb/dbStatic/Values.hpp>
#include <epicsdb/export.h>

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace epicsdb::graph {

using NodeId = std::uint32_t;

struct Node {
    std::string_view name;
    std::string_view type; // record type; empty for an external PV
    std::string_view file; // where the record was defined; empty when unknown or external
    [[nodiscard]] bool external() const noexcept { return type.empty(); }
};

enum class LinkKind : std::uint8_t {
    Database,      // to a record of this database
    ChannelAccess, // to a record of this database, with the CA modifier
    External,      // to a PV outside this database (Channel Access at iocInit)
};

enum class LinkDirection : std::uint8_t { Input, Output, Forward };

struct Edge {
    NodeId from = 0; // where the data or processing comes from
    NodeId to = 0;
    std::string_view field;       // the link field, of the record that holds it
    std::string_view targetField; // the field the link names (after '.'); empty: none given
    LinkKind kind = LinkKind::Database;
    LinkDirection direction = LinkDirection::Input;
    bool pp = false, ca = false, cp = false, cpp = false;
    dbstatic::MaxSeverity severity = dbstatic::MaxSeverity::NMS;

    // The record whose field this is.
    [[nodiscard]] NodeId holder() const noexcept {
        return direction == LinkDirection::Input ? to : from;
    }
};

// The modifiers that differ from a link's defaults, in EPICS's order: PP, CA, CP, CPP, and
// MS, MSI or MSS. NPP and NMS, the defaults, are not listed. No allocation (one per edge would
// add up over a whole IOC).
struct Modifiers {
    std::array<std::string_view, 5> items{};
    std::size_t count = 0;
    [[nodiscard]] const std::string_view* begin() const noexcept { return items.data(); }
    [[nodiscard]] const std::string_view* end() const noexcept { return items.data() + count; }
};
[[nodiscard]] EPICSDB_API Modifiers modifiersOf(const Edge& edge);
// "INPA CP MS", "OUT .PROC PP": the field, the target field if given, the modifiers.
EPICSDB_API void appendLabel(const Edge& edge, std::string& out);
[[nodiscard]] EPICSDB_API std::string labelOf(const Edge& edge);

enum class Direction : std::uint8_t { Upstream, Downstream, Both };

class EPICSDB_API LinkGraph {
public:
    // Every record of `db` (records in definition order of their types, then list order),
    // then the external PVs in order of first use; edges by record, then field order.
    [[nodiscard]] static LinkGraph build(const dbstatic::Database& db);

    [[nodiscard]] const std::vector<Node>& nodes() const noexcept { return nodes_; }
    [[nodiscard]] const std::vector<Edge>& edges() const noexcept { return edges_; }
    [[nodiscard]] std::optional<NodeId> findNode(std::string_view name) const noexcept;

    // The nodes within `depth` links of `focus` (following edges in `direction`), and every
    // edge between two of them. Node order is kept; ids are renumbered.
    [[nodiscard]] LinkGraph neighbourhood(NodeId focus, unsigned depth, Direction direction) const;

private:
    std::vector<Node> nodes_;
    std::vector<Edge> edges_;
};

} // namespace epicsdb::graph
