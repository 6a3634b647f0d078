// epicsdb-bench: the reference workload (DESIGN.md) loaded four ways for several sizes N,
// with time, system allocations and peak heap per record, checked against the targets, and a
// plot of time per record against N.
//
//   epicsdb-bench [--sizes 400,4000,12000] [--plot FILE.svg] [--dir DIR]
#include "HeapCounter.hpp"
#include "Plot.hpp"
#include "Workload.hpp"

#include <epicsdb/dbStatic/Database.hpp>
#include <epicsdb/lint/Findings.hpp>
#include <epicsdb/lint/Lint.hpp>
#include <epicsdb/loaders/Loader.hpp>
#include <epicsdb/loaders/MsiExpander.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <string>
#include <unistd.h>
#include <vector>

namespace fs = std::filesystem;
using namespace epicsdb;
// Time is the CPU time of the process (user and system): on a shared machine it is much less
// disturbed by other work than the wall clock, and the loads are single-threaded.
struct Clock {
    using duration = std::chrono::nanoseconds;
    struct time_point {
        std::chrono::nanoseconds since;
        friend duration operator-(time_point a, time_point b) { return a.since - b.since; }
    };
    static time_point now() {
        timespec t{};
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
        return {std::chrono::seconds(t.tv_sec) + std::chrono::nanoseconds(t.tv_nsec)};
    }
};

namespace {

struct Measurement {
    std::string scenario;
    std::size_t instances = 0;
    std::size_t records = 0;
    double seconds = 0;
    std::size_t allocations = 0;
    std::size_t peakBytes = 0;
    std::size_t outputBytes = 0; // expansion only
    bool ok = true;
};

// Counts diagnostics; the workload must load without any.
class CountingSink final : public DiagnosticSink {
public:
    void report(Diagnostic d) override {
        if (d.severity == Severity::Error && errors++ < 3)
            std::fprintf(stderr, "  unexpected: %s:%u: %s\n", d.location.file.c_str(),
                         d.location.line, d.message.c_str());
    }
    std::size_t errors = 0;
};

// Discards expanded text, counting bytes.
class CountingTextSink final : public loaders::TextSink {
public:
    void write(std::string_view text) override { bytes += text.size(); }
    std::size_t bytes = 0;
};

// Runs `body` (which returns the number of records it made) with a fresh database whose
// standard definitions are already loaded; measures only the body.
Measurement measure(const std::string& scenario, std::size_t instances,
                    const std::function<std::size_t(loaders::Loader&, CountingSink&)>& body,
                    const std::vector<std::string>& includeDirs) {
    Measurement m{scenario, instances};
    dbstatic::Database db;
    CountingSink sink;
    loaders::LoaderOptions options;
    options.includeDirs = includeDirs;
    loaders::Loader loader(db, sink, options);
    loader.loadDefaultDefinitions();
    const auto before = bench::heapSnapshot();
    bench::resetPeak();
    const auto start = Clock::now();
    m.records = body(loader, sink);
    m.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    const auto after = bench::heapSnapshot();
    m.allocations = after.calls - before.calls;
    m.peakBytes = after.peakBytes - before.liveBytes;
    m.ok = sink.errors == 0 && m.records == instances * bench::kRecordsPerInstance;
    return m;
}

// The fastest of `repeats` runs (the machine is shared and noisy); allocations and memory are
// the same every run.
Measurement best(int repeats, const std::function<Measurement()>& run) {
    Measurement result = run();
    for (int i = 1; i < repeats; ++i) {
        Measurement again = run();
        if (again.seconds < result.seconds) result.seconds = again.seconds;
    }
    return result;
}

std::vector<std::size_t> parseSizes(const std::string& text) {
    std::vector<std::size_t> sizes;
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t end = text.find(',', start);
        if (end == std::string::npos) end = text.size();
        sizes.push_back(std::stoul(text.substr(start, end - start)));
        start = end + 1;
    }
    return sizes;
}

void printRow(const Measurement& m) {
    const double perRecord = m.records ? m.seconds / static_cast<double>(m.records) : 0;
    std::printf("%-24s %7zu %9zu %10.0f ns %12.3f %14.0f %9.3f s", m.scenario.c_str(), m.instances,
                m.records, perRecord * 1e9,
                m.records ? static_cast<double>(m.allocations) / static_cast<double>(m.records) : 0,
                m.records ? static_cast<double>(m.peakBytes) / static_cast<double>(m.records) : 0,
                m.seconds);
    if (m.outputBytes)
        std::printf("  %7.0f MB/s", static_cast<double>(m.outputBytes) / m.seconds / 1e6);
    std::printf("%s\n", m.ok ? "" : "  (FAILED TO LOAD)");
}

// 1. One flat .db holding every instance (what msi would have written).
Measurement flatFile(const fs::path& dir, std::size_t n, int repeats) {
    const std::string flatPath = (dir / ("flat-" + std::to_string(n) + ".db")).string();
    {
        std::ofstream flat(flatPath, std::ios::binary);
        for (std::size_t i = 0; i < n; ++i)
            flat << bench::expandedInstance(i);
    }
    Measurement m = best(repeats, [&] {
        return measure("flat .db", n,
                       [&](loaders::Loader& loader, CountingSink&) {
                           loader.loadRecords(flatPath);
                           return loader.database().recordCount();
                       },
                       {});
    });
    fs::remove(flatPath);
    return m;
}

// 2. N dbLoadRecords calls of the template, each with its own macros.
Measurement loadRecordsN(const std::string& templatePath, std::size_t n, int repeats) {
    return best(repeats, [&] {
        return measure("dbLoadRecords x N", n,
                       [&](loaders::Loader& loader, CountingSink&) {
                           std::string macros;
                           for (std::size_t i = 0; i < n; ++i) {
                               macros = "P=" + bench::instancePrefix(i) + ",N=" + std::to_string(i);
                               loader.loadRecords(templatePath, macros);
                           }
                           return loader.database().recordCount();
                       },
                       {});
    });
}

// 3. One substitution file (dbLoadTemplate).
Measurement loadTemplate(const fs::path& dir, const std::string& subPath, std::size_t n,
                         int repeats) {
    return best(repeats, [&] {
        return measure("dbLoadTemplate", n,
                       [&](loaders::Loader& loader, CountingSink&) {
                           loader.loadTemplate(subPath);
                           return loader.database().recordCount();
                       },
                       {dir.string()});
    });
}

// 4. Expansion to text, as msi does it.
Measurement msiExpansion(const fs::path& dir, const std::string& subPath, std::size_t n,
                         int repeats) {
    return best(repeats, [&] {
        Measurement m{"msi expansion", n};
        CountingTextSink output, messages;
        loaders::MsiOptions options;
        options.includePaths = {dir.string()};
        options.substitutionFile = subPath;
        const auto before = bench::heapSnapshot();
        bench::resetPeak();
        const auto start = Clock::now();
        loaders::MsiExpander expander(options, {output, messages, {}});
        const auto outcome = expander.run();
        m.seconds = std::chrono::duration<double>(Clock::now() - start).count();
        const auto after = bench::heapSnapshot();
        m.records = n * bench::kRecordsPerInstance;
        m.allocations = after.calls - before.calls;
        m.peakBytes = after.peakBytes - before.liveBytes;
        m.outputBytes = output.bytes;
        m.ok = outcome == loaders::MsiOutcome::Success;
        return m;
    });
}

// 5. The same substitution file loaded as `epicsdb lint` loads it (the style rules see the
// files, a failed load is kept), then every lint rule over the database (links resolved).
Measurement lintTemplate(const fs::path& dir, const std::string& subPath, std::size_t n,
                         int repeats) {
    return best(repeats, [&] {
        Measurement m{"dbLoadTemplate + lint", n};
        dbstatic::Database db;
        CountingSink sink;
        DiagnosticList findings;
        lint::LoadFindings loadFindings(findings);
        loadFindings.setDatabase(&db);
        loaders::LoaderOptions options;
        options.includeDirs = {dir.string()};
        options.observer = &loadFindings;
        options.keepFailedLoads = true;
        loaders::Loader loader(db, sink, options);
        loader.loadDefaultDefinitions();
        const auto before = bench::heapSnapshot();
        bench::resetPeak();
        const auto start = Clock::now();
        loader.loadTemplate(subPath);
        const lint::LintTarget target{"bench", &db};
        lint::lintDatabases({&target, 1}, {}, findings);
        m.seconds = std::chrono::duration<double>(Clock::now() - start).count();
        const auto after = bench::heapSnapshot();
        m.records = db.recordCount();
        m.allocations = after.calls - before.calls;
        m.peakBytes = after.peakBytes - before.liveBytes;
        m.ok = sink.errors == 0 && m.records == n * bench::kRecordsPerInstance;
        if (!findings.items.empty() && n <= 400)
            std::fprintf(stderr, "  lint findings on the workload: %zu (first: %s %s)\n",
                         findings.items.size(), findings.items[0].code.c_str(),
                         findings.items[0].message.c_str());
        return m;
    });
}

// The targets (DESIGN.md and the issues), judged on the figures; true when all are met.
bool reportTargets(const std::vector<Measurement>& all, const std::vector<std::size_t>& sizes) {
    std::printf("\ntargets:\n");
    bool allMet = true;
    auto verdict = [&](bool met, const std::string& what) {
        allMet &= met;
        std::printf("  [%s] %s\n", met ? "met " : "MISS", what.c_str());
    };
    std::map<std::string, std::map<std::size_t, const Measurement*>> byScenario;
    for (const Measurement& m : all)
        byScenario[m.scenario][m.instances] = &m;
    const std::size_t smallest = *std::min_element(sizes.begin(), sizes.end());
    const std::size_t largest = *std::max_element(sizes.begin(), sizes.end());
    char line[200];
    for (const auto& [scenario, runs] : byScenario) {
        const Measurement& lo = *runs.at(smallest);
        const Measurement& hi = *runs.at(largest);
        const double ratio = (hi.seconds / static_cast<double>(hi.records)) /
                             (lo.seconds / static_cast<double>(lo.records));
        std::snprintf(line, sizeof line,
                      "%s: time per record at N=%zu is %.2fx that at N=%zu (target <= 1.2x)",
                      scenario.c_str(), largest, ratio, smallest);
        verdict(ratio <= 1.2, line);
        if (scenario == "dbLoadTemplate + lint") {
            // Lint is judged against the load it adds to (issue: under 2x check).
            if (auto it = runs.find(4000); it != runs.end()) {
                const Measurement& load = *byScenario.at("dbLoadTemplate").at(4000);
                const double times = it->second->seconds / load.seconds;
                std::snprintf(line, sizeof line,
                              "%s: %zu records in %.3f s, %.2fx the load alone (target < 2x)",
                              scenario.c_str(), it->second->records, it->second->seconds, times);
                verdict(times < 2.0, line);
            }
            continue;
        }
        if (scenario == "msi expansion") {
            const double rate = static_cast<double>(hi.outputBytes) / hi.seconds / 1e6;
            std::snprintf(line, sizeof line, "%s: %.0f MB/s of output at N=%zu (target > 500)",
                          scenario.c_str(), rate, largest);
            verdict(rate > 500, line);
            continue;
        }
        const double allocs = static_cast<double>(hi.allocations) / static_cast<double>(hi.records);
        const double bytes = static_cast<double>(hi.peakBytes) / static_cast<double>(hi.records);
        std::snprintf(line, sizeof line,
                      "%s: %.3f system allocations and %.0f bytes of peak heap per record at "
                      "N=%zu (targets < 0.1 and < 300)",
                      scenario.c_str(), allocs, bytes, largest);
        verdict(allocs < 0.1 && bytes < 300, line);
        if (auto it = runs.find(4000); it != runs.end()) {
            const double limit = scenario == "flat .db" ? 1.0 : 0.5;
            std::snprintf(line, sizeof line, "%s: %zu records in %.3f s (target < %.1f s)",
                          scenario.c_str(), it->second->records, it->second->seconds, limit);
            verdict(it->second->seconds < limit, line);
        }
    }
    return allMet;
}

} // namespace

int main(int argc, char** argv) {
    std::vector<std::size_t> sizes{400, 4000, 12000};
    std::string plotPath = "bench-results.svg";
    fs::path dir = fs::temp_directory_path() / ("epicsdb-bench-" + std::to_string(::getpid()));
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--sizes" && i + 1 < argc)
            sizes = parseSizes(argv[++i]);
        else if (arg == "--plot" && i + 1 < argc)
            plotPath = argv[++i];
        else if (arg == "--dir" && i + 1 < argc)
            dir = argv[++i];
        else {
            std::fprintf(stderr,
                         "usage: epicsdb-bench [--sizes N,N,...] [--plot FILE.svg] [--dir DIR]\n");
            return 2;
        }
    }
    fs::create_directories(dir);
    const std::string templatePath = (dir / "bench.template").string();
    std::ofstream(templatePath) << bench::templateText();

    std::printf("epicsdb benchmark: reference workload, %zu standard records per instance;\n"
                "times are CPU time of the process, the best of several runs\n",
                bench::kRecordsPerInstance);
    std::printf("%-24s %7s %9s %13s %12s %14s %11s\n", "scenario", "N", "records", "time/record",
                "allocs/rec", "peak B/rec", "total");
    std::vector<Measurement> all;
    auto add = [&](Measurement m) {
        printRow(m);
        all.push_back(std::move(m));
    };
    for (std::size_t n : sizes) {
        // The fastest of several runs: the machine is shared and noisy.
        const int repeats = n <= 1000 ? 9 : 3;
        add(flatFile(dir, n, repeats));
        add(loadRecordsN(templatePath, n, repeats));
        const std::string subPath =
            (dir / ("bench-" + std::to_string(n) + ".substitutions")).string();
        std::ofstream(subPath) << bench::substitutionText("bench.template", n);
        add(loadTemplate(dir, subPath, n, repeats));
        add(msiExpansion(dir, subPath, n, repeats));
        add(lintTemplate(dir, subPath, n, repeats));
        fs::remove(subPath);
    }
    fs::remove_all(dir);

    const bool allMet = reportTargets(all, sizes);
    bench::Series series;
    for (const Measurement& m : all)
        if (m.records)
            series[m.scenario].emplace_back(static_cast<double>(m.instances),
                                            m.seconds / static_cast<double>(m.records) * 1e9);
    bench::writePlot(plotPath, series);
    std::printf("\nplot of time per record against N: %s\n", plotPath.c_str());
    return allMet ? 0 : 1;
}
