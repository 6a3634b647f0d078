// Allocation failure at every point of a whole load. This program replaces operator new and
// wraps malloc, calloc, realloc and aligned_alloc (--wrap, see CMakeLists.txt), which is where
// every allocation of the library ends: the arena's slabs, the dbmf pool's chunks, the macro
// tables' blocks and the standard containers. A scenario is run once to count its allocations,
// then once for every k with the k-th allocation failing. Each run must end with success (the
// same database as without the fault), or with an error or std::bad_alloc and the database
// exactly as it was before the load; the Loader must then load again as if nothing happened.
// Under `make sanitize` LeakSanitizer checks that nothing a failed load held is lost.
#include "ScratchDir.hpp"
#include "SharedData.hpp"

#include <epicsdb/Diagnostic.hpp>
#include <epicsdb/dbStatic/Database.hpp>
#include <epicsdb/dbStatic/Writers.hpp>
#include <epicsdb/ioc/Startup.hpp>
#include <epicsdb/loaders/Loader.hpp>

#include <gtest/gtest.h>

#include <cstdlib>
#include <functional>
#include <new>
#include <set>
#include <string>
#include <vector>

namespace {

// The one switch of this program: allocations counted, and the one numbered failAt refused.
struct FaultPlan {
    long count = 0;
    long failAt = 0; // 0: none fails
    bool failed = false;
};
FaultPlan gPlan;

bool refuseThisOne() noexcept {
    if (gPlan.failAt == 0) return false;
    if (++gPlan.count != gPlan.failAt) return false;
    gPlan.failed = true;
    return true;
}

} // namespace

extern "C" {
void* __real_malloc(std::size_t size);
void* __real_calloc(std::size_t count, std::size_t size);
void* __real_realloc(void* block, std::size_t size);
void* __real_aligned_alloc(std::size_t alignment, std::size_t size);

void* __wrap_malloc(std::size_t size) {
    return refuseThisOne() ? nullptr : __real_malloc(size);
}
void* __wrap_calloc(std::size_t count, std::size_t size) {
    return refuseThisOne() ? nullptr : __real_calloc(count, size);
}
void* __wrap_realloc(void* block, std::size_t size) {
    return refuseThisOne() ? nullptr : __real_realloc(block, size);
}
void* __wrap_aligned_alloc(std::size_t alignment, std::size_t size) {
    return refuseThisOne() ? nullptr : __real_aligned_alloc(alignment, size);
}
}

void* operator new(std::size_t size) {
    if (!refuseThisOne())
        if (void* block = __real_malloc(size ? size : 1)) return block;
    throw std::bad_alloc();
}
void* operator new[](std::size_t size) {
    return ::operator new(size);
}
void* operator new(std::size_t size, std::align_val_t alignment) {
    const auto align = static_cast<std::size_t>(alignment);
    if (!refuseThisOne())
        if (void* block = __real_aligned_alloc(align, (size + align - 1) / align * align))
            return block;
    throw std::bad_alloc();
}
void* operator new[](std::size_t size, std::align_val_t alignment) {
    return ::operator new(size, alignment);
}
void* operator new(std::size_t size, const std::nothrow_t&) noexcept {
    return refuseThisOne() ? nullptr : __real_malloc(size ? size : 1);
}
void* operator new[](std::size_t size, const std::nothrow_t&) noexcept {
    return refuseThisOne() ? nullptr : __real_malloc(size ? size : 1);
}
void operator delete(void* block) noexcept {
    std::free(block);
}
void operator delete[](void* block) noexcept {
    std::free(block);
}
void operator delete(void* block, std::size_t) noexcept {
    std::free(block);
}
void operator delete[](void* block, std::size_t) noexcept {
    std::free(block);
}
void operator delete(void* block, std::align_val_t) noexcept {
    std::free(block);
}
void operator delete[](void* block, std::align_val_t) noexcept {
    std::free(block);
}
void operator delete(void* block, std::size_t, std::align_val_t) noexcept {
    std::free(block);
}
void operator delete[](void* block, std::size_t, std::align_val_t) noexcept {
    std::free(block);
}

namespace {

using epicsdb::Diagnostic;
using epicsdb::DiagnosticList;
using epicsdb::Severity;
using epicsdb::dbstatic::Database;
namespace loaders = epicsdb::loaders;

std::string example(const std::string& relative) {
    return (epicsdb::test::sourceDir() / "db/examples" / relative).string();
}

std::string dumpOf(const Database& db) {
    std::string out;
    epicsdb::dbstatic::writeRecords(db, out);
    return out;
}

// The dump cut into its records, so that a run can be checked record by record.
std::set<std::string> recordsOf(const std::string& dump) {
    std::set<std::string> records;
    std::size_t start = dump.find("record(");
    while (start != std::string::npos) {
        const std::size_t next = dump.find("\nrecord(", start);
        const std::size_t end = next == std::string::npos ? dump.size() : next + 1;
        records.insert(dump.substr(start, end - start));
        start = next == std::string::npos ? next : next + 1;
    }
    return records;
}

// What one scenario does with a Loader that has the standard definitions: one load.
using Load = std::function<loaders::LoadResult(loaders::Loader&)>;

struct Outcome {
    bool threw = false;
    bool ok = false;
    std::size_t errors = 0;
};

// Runs `load` on a fresh database with the standard definitions, the k-th allocation of the
// load failing (k = 0: none). The definitions are loaded before the faults start.
std::vector<std::string> gIncludeDirs; // of the scenario being run

loaders::LoaderOptions scenarioOptions() {
    loaders::LoaderOptions options;
    options.includeDirs = gIncludeDirs;
    // One thread: the k-th allocation is then the same one in every run (a worker's
    // allocations interleave with the reader's differently each time).
    options.jobs = 1;
    return options;
}

struct Run {
    Database db;
    DiagnosticList diagnostics;
    loaders::Loader loader{db, diagnostics, scenarioOptions()};
    std::string before;
    Outcome outcome;

    Run(const Load& load, long k) {
        if (!loader.loadDefaultDefinitions().ok) throw std::runtime_error("no definitions");
        before = dumpOf(db);
        gPlan = {0, k == 0 ? -1 : k, false}; // -1: count, never fail
        try {
            const loaders::LoadResult result = load(loader);
            outcome.ok = result.ok;
            outcome.errors = result.errors;
        } catch (const std::bad_alloc&) {
            outcome.threw = true;
        }
        gPlan.failAt = 0;
    }
};

// Counts the allocations of a fault-free load (0 refused), and returns its dump.
long allocationsOf(const Load& load, std::string& dump) {
    Run clean(load, 0);
    EXPECT_TRUE(clean.outcome.ok) << [&] {
        std::string text;
        for (const Diagnostic& d : clean.diagnostics.items)
            text +=
                d.location.file + ":" + std::to_string(d.location.line) + ": " + d.message + "\n";
        return text;
    }();
    dump = dumpOf(clean.db);
    return clean.outcome.ok ? gPlan.count : 0;
}

// Every k from 1 to the number of allocations of a fault-free load.
void failEachAllocationOf(const Load& load, std::vector<std::string> includeDirs = {}) {
    gIncludeDirs = std::move(includeDirs);
    std::string good;
    const long total = allocationsOf(load, good);
    ASSERT_GT(total, 0);
    ASSERT_NE(good.find("record("), std::string::npos);
    long failures = 0;
    for (long k = 1; k <= total; ++k) {
        Run run(load, k);
        ASSERT_TRUE(gPlan.failed) << "allocation " << k << " of " << total << " never came";
        const std::string after = dumpOf(run.db);
        if (run.outcome.ok) {
            // A failure the load could take in its stride (a cache it did without).
            ASSERT_EQ(after, good) << "allocation " << k << " failed, the load said ok";
        } else {
            ++failures;
            ASSERT_TRUE(run.outcome.threw || run.outcome.errors > 0) << "allocation " << k;
            ASSERT_EQ(after, run.before) << "allocation " << k << ": the database changed";
        }
        // The same Loader loads again, as if nothing had happened.
        const loaders::LoadResult again = load(run.loader);
        ASSERT_TRUE(again.ok) << "allocation " << k << ": the next load failed";
        ASSERT_EQ(dumpOf(run.db), good) << "allocation " << k << ": the next load differs";
    }
    EXPECT_GT(failures, 0);
    std::printf("[          ] %ld allocations, each failed once: %ld loads ended in an error\n",
                total, failures);
}

} // namespace

TEST(AllocationFaults, EveryAllocationOfARecordFileLoad) {
    failEachAllocationOf([](loaders::Loader& loader) {
        return loader.loadRecords(example("iocExample.db"), "user=fault");
    });
}

// A substitution file with both set forms, a global block and two templates (one found on the
// include path), small enough to be loaded once per allocation it makes.
TEST(AllocationFaults, EveryAllocationOfASubstitutionFileLoad) {
    const epicsdb::test::ScratchDir dir;
    dir.write("valve.template", "record(bo, \"$(P)$(V):open\") {\n"
                                "    field(DESC, \"$(DESC=valve $(V))\")\n"
                                "    field(ZNAM, \"shut\") field(ONAM, \"open\")\n"
                                "    info(autosave, \"VAL\")\n"
                                "}\n"
                                "record(calcout, \"$(P)$(V):auto\") {\n"
                                "    field(CALC, \"A>$(LIMIT=5)\")\n"
                                "    field(INPA, \"$(P)level CP\")\n"
                                "    field(OUT, \"$(P)$(V):open PP\")\n"
                                "    alias(\"$(P)$(V):a\")\n"
                                "}\n");
    dir.write("sub/level.template", "record(ai, \"$(P)level\") { field(EGU, \"$(EGU)\") }\n");
    const std::string file =
        dir.write("plant.substitutions", "global { P = \"plant:\" }\n"
                                         "file valve.template {\n"
                                         "    pattern { V, LIMIT }\n"
                                         "    { in, 3 }\n"
                                         "    { out, 7 }\n"
                                         "}\n"
                                         "file valve.template {\n"
                                         "    { V = drain, DESC = \"the drain\" }\n"
                                         "}\n"
                                         "file \"level.template\" { { EGU = m } }\n");
    const std::string sub = dir.path("sub");
    failEachAllocationOf([&](loaders::Loader& loader) { return loader.loadTemplate(file, ""); },
                         {dir.path(), sub});
}

// A startup script runs several loads: each is a transaction, and the ones before the fault
// stay, as in EPICS. So every record the faulted run has must be whole: exactly as the
// fault-free run has it. The script is run once per allocation (about 2,700 times, each parsing
// the standard definitions again), so the allocations are dealt to four shards, k modulo 4,
// which ctest runs side by side: each stays under 30 s under the sanitizers.
constexpr long kStartupScriptShards = 4;
class StartupScriptFaults : public ::testing::TestWithParam<long> {};

// A load made into the database after a startup script ran, faults off: a record type of its
// own with device support, then a record of it. A script withholds support from the record
// types it defines until its registration runs; after it, however it ended, the types defined
// are supported again, and the record is made as in a database that saw no fault.
constexpr std::string_view kProbeDefinitions =
    "recordtype(faultProbe) {\n"
    "    field(NAME, DBF_STRING) { size(61) }\n"
    "    field(DTYP, DBF_DEVICE) { promptgroup(\"10 - Common\") }\n"
    "    field(INP, DBF_INLINK) { promptgroup(\"40 - Input\") }\n"
    "    field(VAL, DBF_DOUBLE) { promptgroup(\"40 - Input\") }\n"
    "}\n"
    "device(faultProbe, INST_IO, devFaultProbe, \"Fault probe\")\n";
constexpr std::string_view kProbeRecords = "record(faultProbe, \"probe:1\") {\n"
                                           "    field(DTYP, \"Fault probe\")\n"
                                           "    field(INP, \"@channel 3\")\n"
                                           "    field(VAL, \"2.5\")\n"
                                           "}\n";

// What the further load says and makes: its diagnostics, then the records of its type.
std::string furtherLoadInto(Database& db, const epicsdb::test::ScratchDir& dir) {
    DiagnosticList diagnostics;
    loaders::LoaderOptions options;
    options.jobs = 1;
    loaders::Loader loader(db, diagnostics, options);
    (void)loader.loadDatabase(dir.path("probe.dbd"));
    (void)loader.loadRecords(dir.path("probe.db"));
    std::string out;
    for (const Diagnostic& d : diagnostics.items)
        out += d.code + ": " + d.message + "\n";
    epicsdb::dbstatic::RecordWriteOptions records;
    records.recordType = "faultProbe";
    records.level = 2; // every field
    try {
        epicsdb::dbstatic::writeRecords(db, out, records);
    } catch (const epicsdb::dbstatic::RecordTypeNotFound&) {
        out += "no record type faultProbe\n";
    }
    return out;
}

TEST_P(StartupScriptFaults, EveryAllocationOfAStartupScript) {
    const long shard = GetParam();
    const std::string script = example("ioc/iocBoot/iocdemo/st.cmd");
    const epicsdb::test::ScratchDir probe;
    probe.write("probe.dbd", kProbeDefinitions);
    probe.write("probe.db", kProbeRecords);
    // The script's run with the k-th allocation failing, then the further load.
    auto runScript = [&](long k, std::string& dump, bool& clean, std::string& further) {
        Database db;
        DiagnosticList diagnostics;
        gPlan = {0, k == 0 ? -1 : k, false};
        bool threw = false;
        epicsdb::ioc::StartupReport report;
        try {
            epicsdb::ioc::StartupOptions options;
            options.loader.jobs = 1; // as scenarioOptions(): the same allocations every run
            report = epicsdb::ioc::runStartupScript(script, db, diagnostics, options);
        } catch (const std::bad_alloc&) {
            threw = true;
        }
        gPlan.failAt = 0;
        dump = dumpOf(db);
        clean = !threw && report.errors == 0;
        const long count = gPlan.count;
        further = furtherLoadInto(db, probe);
        return count;
    };
    std::string good;
    bool clean = false;
    std::string goodFurther;
    const long total = runScript(0, good, clean, goodFurther);
    ASSERT_TRUE(clean);
    ASSERT_EQ(goodFurther.find("record(faultProbe,\"probe:1\")"), 0u) << goodFurther;
    const std::set<std::string> goodRecords = recordsOf(good);
    ASSERT_GT(goodRecords.size(), 3u);
    long failures = 0;
    for (long k = 1 + shard; k <= total; k += kStartupScriptShards) {
        std::string dump;
        std::string further;
        runScript(k, dump, clean, further);
        ASSERT_TRUE(gPlan.failed) << "allocation " << k << " never came";
        ASSERT_EQ(further, goodFurther) << "allocation " << k << ": the next load differs";
        if (clean) {
            ASSERT_EQ(dump, good) << "allocation " << k << " failed, the script said ok";
            continue;
        }
        ++failures;
        for (const std::string& record : recordsOf(dump))
            ASSERT_TRUE(goodRecords.contains(record))
                << "allocation " << k << ": a record that is not whole:\n"
                << record;
    }
    EXPECT_GT(failures, 0);
    std::printf("[          ] %ld allocations, those of shard %ld failed once each: %ld runs ended"
                " in an error\n",
                total, shard, failures);
}

INSTANTIATE_TEST_SUITE_P(AllocationFaults, StartupScriptFaults,
                         ::testing::Range(0L, kStartupScriptShards));
