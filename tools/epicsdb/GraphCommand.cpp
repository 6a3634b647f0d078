// epicsdb graph: the link graph of a loaded database, as Graphviz DOT, SVG (through dot) or
// JSON; the whole database or one record's neighbourhood.
#include "ChildProcess.hpp"
#include "Commands.hpp"
#include "LoadInputs.hpp"
#include "TempDir.hpp"
#include "WriteResult.hpp"

#include <epicsdb/graph/GraphWriters.hpp>
#include <epicsdb/graph/LinkGraph.hpp>

#include <cstdio>
#include <fstream>

namespace epicsdb::tools {

namespace {
const char* const kGraphUsage =
    "usage: epicsdb graph [input options] [--focus NAME [--depth N] [--direction D]]\n"
    "                     [--cluster none|file|prefix] [--format dot|svg|json] [-o FILE] FILE...\n"
    "       epicsdb graph [--dbd FILE]... [-e NAME=VALUE]... [options] st.cmd\n"
    "Loads like 'epicsdb check', then writes the link graph: a node per record (name and\n"
    "type), an edge per link field that names a record or PV (INP*, OUT, DOL, FLNK, SDIS, ...),\n"
    "labelled with the field and its modifiers (PP, CA, CP, CPP, MS, MSI, MSS). Edges point\n"
    "the way data flows: an input link from its target to the record, output and forward links\n"
    "from the record. CA links are dashed; PVs outside the database are dashed ellipses.\n"
    "--focus keeps the records within --depth links (default 1) of one record (an alias names\n"
    "its record), --direction up (what it reads from), down (what it writes or processes) or\n"
    "both (default). --cluster groups records by file or by name prefix (up to the last ':').\n"
    "--format svg runs Graphviz's dot. Exit status as check.\n\n";

bool isDepth(const std::string& text) {
    return !text.empty() && text.size() <= 6 &&
           text.find_first_not_of("0123456789") == std::string::npos;
}

graph::Direction directionNamed(const std::string& name) {
    if (name == "up") return graph::Direction::Upstream;
    if (name == "down") return graph::Direction::Downstream;
    return graph::Direction::Both;
}

graph::Clustering clusteringNamed(const std::string& name) {
    if (name == "file") return graph::Clustering::File;
    if (name == "prefix") return graph::Clustering::Prefix;
    return graph::Clustering::None;
}

// The DOT through `dot -Tsvg` into `out`; an empty string, or why not.
std::string writeSvg(const graph::LinkGraph& linkGraph, const graph::GraphWriteOptions& options,
                     std::ostream& out) {
    const TempDir work;
    const std::filesystem::path dotFile = work.path() / "graph.dot";
    const std::filesystem::path svgFile = work.path() / "graph.svg";
    {
        std::ofstream dotText(dotFile, std::ios::binary);
        graph::writeDot(linkGraph, dotText, options);
        if (!dotText.flush()) return "can't write the DOT file for dot";
    }
    const ChildResult result = runChild({"dot", "-Tsvg", dotFile.string()},
                                        {.input = {}, .output = svgFile, .environment = {}});
    if (result.status != 0)
        return "dot failed" + (result.err.empty() ? std::string() : ": " + result.err);
    std::ifstream svg(svgFile, std::ios::binary);
    out << svg.rdbuf();
    return {};
}
} // namespace

ExitStatus runGraph(const Arguments& args) {
    cli::Command command("graph", kGraphUsage);
    cli::InputOptions inputs(command);
    std::string focus;
    std::string depth = "1";
    std::string direction = "both";
    std::string cluster = "none";
    std::string format = "dot";
    std::string outputPath;
    bool quiet = false;
    command.value("--focus", focus, "NAME", "only the neighbourhood of this record",
                  {[](const std::string& value) { return !value.empty(); }, "a record name"});
    command.value("--depth", depth, "N", "links from the focus record (default 1)",
                  {isDepth, "a non-negative integer"});
    command.choice("--direction", direction, {"up", "down", "both"},
                   "from the focus: up, down or both (default)");
    command.choice("--cluster", cluster, {"none", "file", "prefix"},
                   "group records by file or name prefix");
    command.choice("--format", format, {"dot", "svg", "json"}, "DOT (default), SVG or JSON");
    command.value("-o,--output", outputPath, "FILE", "write to FILE instead of stdout",
                  cli::kFileName);
    command.flag("-q,--quiet", quiet, "print errors only");
    bool depthGiven = false;
    if (auto status = command.parse(args, [&] {
            if (inputs.empty()) throw cli::UsageError("no files to graph");
            inputs.checkStartupRules();
            depthGiven = depth != "1" || direction != "both";
            if (focus.empty() && depthGiven)
                throw cli::UsageError("--depth and --direction need --focus");
        }))
        return *status;
    if (format == "svg" && !findOnPath("dot"))
        return command.fail("--format svg needs Graphviz's dot on PATH (install graphviz)");

    cli::DiagnosticPrinter printer;
    printer.setQuietWarnings(quiet);
    dbstatic::Database db;
    const LoadSummary summary = loadInputs(inputs, db, printer);
    if (summary.unreadable) return ExitStatus::Trouble;

    graph::LinkGraph linkGraph = graph::LinkGraph::build(db);
    if (!focus.empty()) {
        // An alias names its record; a name the database does not have may be an external PV.
        const dbstatic::Record* record = db.findRecord(focus);
        const std::string_view name = record ? record->real().name() : std::string_view(focus);
        const std::optional<graph::NodeId> node = linkGraph.findNode(name);
        if (!node) return command.fail("no record or linked PV named '" + focus + "'");
        linkGraph = linkGraph.neighbourhood(*node, static_cast<unsigned>(std::stoul(depth)),
                                            directionNamed(direction));
    }
    const graph::GraphWriteOptions options{clusteringNamed(cluster)};

    const bool written = writeResult(command, outputPath, [&](std::ostream& out) {
        if (format == "svg") return writeSvg(linkGraph, options, out);
        if (format == "json")
            graph::writeJson(linkGraph, out, options);
        else
            graph::writeDot(linkGraph, out, options);
        return std::string();
    });
    if (!written) return ExitStatus::Trouble;
    if (inputs.stats) printStats(db, summary);
    return statusAfterOutput(command, printer.errors());
}

} // namespace epicsdb::tools
