// Brings a facility index up to date with its facility file: each IOC whose files (by content
// hash), entry or environment changed is loaded again (as `epicsdb ioc` loads it, with lint's
// findings and the provenance of every field), on all cores, and written in one transaction of
// its own; IOCs that left the facility are removed; an IOC whose new load fails keeps its last
// good records, marked stale.
#pragma once

#include <epicsdb/facility/FacilityFile.hpp>
#include <epicsdb/facility/IndexFile.hpp>

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace epicsdb::facility {

struct IndexOptions {
    unsigned threads = 0; // IOCs loaded at once (0: one per core)
    bool force = false;   // load every IOC again, changed or not
    // Told of each IOC as its update is committed (name, what happened: "loaded", "unchanged",
    // "failed", "stale", "removed").
    std::function<void(std::string_view ioc, std::string_view outcome)> progress;
};

struct IndexSummary {
    std::size_t iocs = 0;      // IOCs of the facility
    std::size_t loaded = 0;    // loaded again and written (ok)
    std::size_t unchanged = 0; // skipped: nothing they read changed
    std::size_t failed = 0;    // failed or stale after this update
    std::size_t removed = 0;   // no longer in the facility
    std::size_t records = 0;   // records in the index
    std::int64_t generation = 0;
};

// Updates `index` (open ReadWrite) to `facility`. Problems of the facility file itself go to
// the meta table (and `sink`), never stop the rest.
EPICSDB_API IndexSummary updateIndex(IndexFile& index, const Facility& facility,
                                     const IndexOptions& options, DiagnosticSink& sink);

// Every file the index read (absolute paths: scripts, definitions, databases, templates,
// substitution files), and the facility file: what a service watches.
[[nodiscard]] EPICSDB_API std::vector<std::string> indexedFiles(IndexFile& index);

} // namespace epicsdb::facility
