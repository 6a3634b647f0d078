#include "FacilityBench.hpp"

#include "TimedProcess.hpp"
#include "Workload.hpp"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <optional>
#include <regex>
#include <vector>

namespace fs = std::filesystem;

namespace epicsdb::bench {

namespace {

// The summary line `epicsdb index` ends with (docs/guide/index.md).
struct IndexSummary {
    std::size_t iocs = 0, loaded = 0, unchanged = 0, failed = 0, removed = 0, records = 0;
};

std::optional<IndexSummary> parseSummary(const std::string& err) {
    static const std::regex line(R"(epicsdb index: .*: (\d+) IOCs? \((\d+) loaded, (\d+) )"
                                 R"(unchanged, (\d+) failed, (\d+) removed\), (\d+) records)");
    std::smatch m;
    if (!std::regex_search(err, m, line)) return std::nullopt;
    auto number = [&](int i) { return static_cast<std::size_t>(std::stoull(m[i].str())); };
    return IndexSummary{number(1), number(2), number(3), number(4), number(5), number(6)};
}

double loadAverage() {
    double load = 0;
    return ::getloadavg(&load, 1) == 1 ? load : -1;
}

// One scenario: the best wall and CPU times over its runs (each on its own: the machine is
// shared), the largest peak RSS, and the 1-minute load average when its best run started.
struct Figure {
    std::string scenario;
    double wall = 0, cpu = 0;
    std::size_t peakRss = 0;
    double load = 0;
    bool ok = true;
};

class FacilityIndexer {
public:
    FacilityIndexer(const FacilityBenchOptions& options, const FacilityLayout& layout)
        : options_(options), layout_(layout),
          index_(layout.facilityFile.parent_path() / "facility.sqlite") {}

    const fs::path& index() const { return index_; }

    void removeIndex() const {
        for (const char* suffix : {"", "-wal", "-shm", "-journal"})
            fs::remove(index_.string() + suffix);
    }

    // The index's size on disk: the file and its write-ahead log, if one is left.
    std::uintmax_t indexBytes() const {
        std::uintmax_t bytes = 0;
        for (const char* suffix : {"", "-wal"}) {
            std::error_code error;
            const auto size = fs::file_size(index_.string() + suffix, error);
            if (!error) bytes += size;
        }
        return bytes;
    }

    // Runs `scenario` `repeats` times, `prepare(run)` before each run (untimed); each run must
    // load `loaded` IOCs and leave the whole facility indexed without a failure.
    Figure measure(const std::string& scenario, std::size_t loaded,
                   const std::function<void(int)>& prepare) const {
        Figure figure{scenario};
        for (int run = 0; run < options_.repeats; ++run) {
            prepare(run);
            const double load = loadAverage();
            const ProcessTiming t = runTimed({options_.epicsdb, "index", "-q", "-o",
                                              index_.string(), layout_.facilityFile.string()});
            figure.ok &= expected(t, loaded);
            if (run == 0 || t.wall < figure.wall) {
                figure.wall = t.wall;
                figure.load = load;
            }
            figure.cpu = run == 0 ? t.cpu : std::min(figure.cpu, t.cpu);
            figure.peakRss = std::max(figure.peakRss, t.peakRss);
        }
        return figure;
    }

private:
    bool expected(const ProcessTiming& t, std::size_t loaded) const {
        const auto summary = parseSummary(t.err);
        const bool ok = t.status == 0 && summary && summary->loaded == loaded &&
                        summary->failed == 0 && summary->iocs == options_.shape.iocs &&
                        summary->records == layout_.records;
        if (!ok)
            std::fprintf(stderr,
                         "  unexpected from epicsdb index (exit %d, %zu IOCs loaded "
                         "expected):\n%.2000s\n",
                         t.status, loaded, t.err.c_str());
        return ok;
    }

    const FacilityBenchOptions& options_;
    const FacilityLayout& layout_;
    fs::path index_;
};

void printFigure(const Figure& f, std::size_t records) {
    std::printf("%-36s %7.2f %7.2f %7.0f %9.0f %6.2f%s\n", f.scenario.c_str(), f.wall, f.cpu,
                static_cast<double>(f.peakRss) / 1e6,
                static_cast<double>(f.peakRss) / static_cast<double>(records), f.load,
                f.ok ? "" : "  (UNEXPECTED RESULT)");
    std::fflush(stdout);
}

} // namespace

bool runFacilityBench(const FacilityBenchOptions& options) {
    const auto started = std::chrono::steady_clock::now();
    const double loadBefore = loadAverage();
    const FacilityLayout layout = writeFacility(options.dir, options.shape);
    const double written =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    std::printf("\nfacility: %zu IOCs x %zu instances of the reference template, and one record "
                "per IOC\nreading the next IOC over CA: %zu records (written in %.2f s to %s)\n"
                "`epicsdb index -q` timed as a whole process, start to exit, %d runs of each "
                "scenario:\nthe best wall and CPU time (all threads), the largest peak RSS; "
                "load: the 1-minute load\naverage when the best run started, its earlier runs "
                "included (%.2f before the section);\nepicsdb: %s\n\n",
                options.shape.iocs, options.shape.instancesPerIoc, layout.records, written,
                options.dir.c_str(), options.repeats, loadBefore, options.epicsdb.c_str());
    std::printf("%-36s %7s %7s %7s %9s %6s\n", "scenario", "wall s", "CPU s", "RSS MB", "RSS B/rec",
                "load");

    const FacilityIndexer indexer(options, layout);
    const Figure cold = indexer.measure("cold index (no index file)", options.shape.iocs,
                                        [&](int) { indexer.removeIndex(); });
    printFigure(cold, layout.records);
    const std::uintmax_t indexBytes = indexer.indexBytes();
    const Figure unchanged = indexer.measure("index again, nothing changed", 0, [](int) {});
    printFigure(unchanged, layout.records);
    char scenario[100];
    std::snprintf(scenario, sizeof scenario, "index, template of %s changed",
                  layout.ownIoc.c_str());
    const Figure oneIoc =
        indexer.measure(scenario, 1, [&](int run) { editOwnTemplate(layout, run + 1); });
    printFigure(oneIoc, layout.records);
    const double bytesPerRecord =
        static_cast<double>(indexBytes) / static_cast<double>(layout.records);
    std::printf("index file: %.1f MB, %.0f bytes per record (%s)\n",
                static_cast<double>(indexBytes) / 1e6, bytesPerRecord, indexer.index().c_str());

    std::printf("\nfacility targets (issue 28; wall time, what a user waits):\n");
    bool allMet = cold.ok && unchanged.ok && oneIoc.ok;
    auto verdict = [&](bool met, const std::string& what) {
        allMet &= met;
        std::printf("  [%s] %s\n", met ? "met " : "MISS", what.c_str());
    };
    char line[200];
    std::snprintf(line, sizeof line,
                  "cold index of %zu records: %.2f s wall, %.2f s CPU (target <= 15 s)",
                  layout.records, cold.wall, cold.cpu);
    verdict(cold.ok && cold.wall <= 15.0, line);
    std::snprintf(line, sizeof line,
                  "index again with nothing changed: %.2f s wall, %.2f s CPU (target <= 2 s)",
                  unchanged.wall, unchanged.cpu);
    verdict(unchanged.ok && unchanged.wall <= 2.0, line);
    std::printf("  [info] index after one template of %s (%zu records) changed: %.2f s wall, "
                "%.2f s CPU (%s loaded alone: %s)\n",
                layout.ownIoc.c_str(), layout.ownIocRecords, oneIoc.wall, oneIoc.cpu,
                layout.ownIoc.c_str(), oneIoc.ok ? "yes" : "NO");
    std::printf("  [info] index file size: %.0f bytes per record\n", bytesPerRecord);
    indexer.removeIndex();
    return allMet;
}

} // namespace epicsdb::bench
