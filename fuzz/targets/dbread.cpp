// The .dbd/.db reader (loaders/records): an input is a bundle (FuzzSupport.hpp) whose main file
// is loaded with dbLoadRecords's rules (Loader::loadRecords: definitions and records, includes
// from the bundle's folder, the standard definitions underneath), once per macro set: the
// lines at its top of the form
//     #!M P=a:,N=1
// give the sets (up to 4); without any, it loads twice, with "" and with "P=fz:,R=1". The
// second and later loads of the file replay its plan (records/ReplayPlan.hpp).
//
// Checks: no crash, no leak, no undefined behaviour; the loads succeed or fail, and give the
// same records and the same diagnostics, byte for byte, with the fast paths (replay plans, fused
// statements) and without (LoaderOptions::fastPaths), as tests/loaders/FastPathsTest.cpp
// asserts, up to the first load that fails (and with the known differences of
// fuzz::TextSink left out); the writers handle whatever was loaded (records as dbWriteRecord
// and JSON, new definitions as .dbd).
#include "FuzzSupport.hpp"

#include <epicsdb/dbStatic/Writers.hpp>
#include <epicsdb/loaders/Loader.hpp>

#include <cstdint>
#include <string>
#include <vector>

using namespace epicsdb;

namespace {

std::vector<std::string_view> macroSets(std::string_view text) {
    std::vector<std::string_view> sets;
    std::size_t at = 0;
    while (sets.size() < 4 && at < text.size() && text.substr(at, 3) == "#!M") {
        std::size_t end = text.find('\n', at);
        if (end == std::string_view::npos) end = text.size();
        std::string_view line = text.substr(at + 3, end - at - 3);
        if (!line.empty() && line.front() == ' ') line.remove_prefix(1);
        sets.push_back(line);
        at = end + 1;
    }
    if (sets.empty()) sets = {"", "P=fz:,R=1"};
    return sets;
}

fuzz::LoadOutcome load(const std::string& folder, const std::vector<std::string_view>& sets,
                       bool fastPaths) {
    fuzz::Scratchpad scratch;
    dbstatic::Database& db = scratch.database();
    const std::size_t types = db.recordTypes().size();
    const std::size_t menus = db.menus().size();

    const fuzz::FolderEnvironment environment(folder);
    fuzz::TextSink sink;
    loaders::LoaderOptions options;
    options.useEnvironmentPath = false;
    options.environment = &environment;
    options.fastPaths = fastPaths;
    options.maxIncludeDepth = 16;
    loaders::Loader loader(db, sink, options);
    // The loads join the Scratchpad's transaction, so a failed load is not rolled back here
    // (as with keepFailedLoads): what it kept depends on the parser's recovery, and so does
    // what the loads after it see. The comparison stops at the first failed load.
    fuzz::LoadOutcome outcome;
    bool failed = false;
    for (std::string_view macros : sets) {
        sink.beginLoad();
        const loaders::LoadResult result = loader.loadRecords("fuzz.db", macros);
        if (failed) continue;
        outcome.compared = sink.compared;
        outcome.full = sink.full;
        outcome.verdicts += result.ok ? "ok " : "failed ";
        failed = !result.ok;
    }
    if (!failed) outcome.records = fuzz::dumpRecords(db);
    if (fastPaths) {
        // The other writers, on what this input added.
        std::string out;
        dbstatic::RecordWriteOptions all;
        all.level = 2;
        dbstatic::writeRecords(db, out, all);
        dbstatic::JsonWriteOptions json;
        json.fields = dbstatic::JsonFieldSelection::All;
        json.sourcePositions = true;
        dbstatic::writeJson(db, out, json);
        for (std::size_t i = types; i < db.recordTypes().size(); ++i)
            dbstatic::writeRecordTypes(db, out, db.recordTypes()[i].name());
        for (std::size_t i = menus; i < db.menus().size(); ++i)
            dbstatic::writeMenus(db, out, db.menus()[i].name());
    }
    return outcome;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view input = fuzz::asText(data, size);
    if (fuzz::namesSystemFiles(input) || fuzz::macroBlowupRisk(input)) return -1;
    const fuzz::Bundle bundle = fuzz::splitBundle(input);
    const std::string folder = fuzz::writeBundle(bundle, "fuzz.db");
    const std::vector<std::string_view> sets = macroSets(bundle.main);

    fuzz::checkSameOutcome(load(folder, sets, true), load(folder, sets, false));
    return 0;
}
