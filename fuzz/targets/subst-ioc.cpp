// Substitution files in the IOC's dialect, with their template loads (Loader::loadTemplate,
// dbLoadTemplate; loaders/substitutions/IocSubst*, TemplateSets): an input is a bundle
// (FuzzSupport.hpp) whose main file is the substitution file and whose other files are the
// templates it names (found in its folder). A first line
//     #!M P=a:
// gives the caller's macros (dbLoadTemplate's second argument).
//
// Checks: no crash, no leak, no undefined behaviour; the in-memory reader (parseSubstitutions)
// handles the same text; the load succeeds or fails, and gives the same records and diagnostics,
// with the fast paths and without (a template loaded by several sets is replayed from its
// plan; the known differences of fuzz::TextSink left out).
#include "FuzzSupport.hpp"

#include <epicsdb/loaders/Loader.hpp>
#include <epicsdb/loaders/Substitutions.hpp>

#include <cstdint>
#include <string>

using namespace epicsdb;

namespace {

fuzz::LoadOutcome load(const std::string& folder, std::string_view macros, bool fastPaths) {
    fuzz::Scratchpad scratch;
    const fuzz::FolderEnvironment environment(folder);
    fuzz::TextSink sink;
    loaders::LoaderOptions options;
    options.useEnvironmentPath = false;
    options.environment = &environment;
    options.fastPaths = fastPaths;
    options.maxIncludeDepth = 16;
    loaders::Loader loader(scratch.database(), sink, options);
    // dbLoadTemplate opens the file as given: relative to the process, so the full name.
    sink.beginLoad();
    const loaders::LoadResult result = loader.loadTemplate(folder + "/fuzz.substitutions", macros);
    // A failed load is not rolled back inside the Scratchpad: what it kept depends on the
    // parser's recovery. Records are compared after a successful load only.
    fuzz::LoadOutcome outcome;
    outcome.verdicts = result.ok ? "ok" : "failed";
    if (result.ok) outcome.records = fuzz::dumpRecords(scratch.database());
    outcome.compared = std::move(sink.compared);
    outcome.full = std::move(sink.full);
    return outcome;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view input = fuzz::asText(data, size);
    if (fuzz::namesSystemFiles(input) || fuzz::macroBlowupRisk(input)) return -1;
    const fuzz::Bundle bundle = fuzz::splitBundle(input);

    std::string_view macros;
    if (bundle.main.substr(0, 4) == "#!M ") {
        macros = bundle.main.substr(4);
        macros = macros.substr(0, macros.find('\n'));
    }
    const loaders::SubstitutionParse parse =
        loaders::parseSubstitutions("fuzz.substitutions", bundle.main);
    for (const loaders::SubstitutionSet& set : parse.sets)
        fuzz::check(set.ownDefinitions <= set.definitions.size(),
                    "a set's own definitions start past its definitions", set.definitions);

    const std::string folder = fuzz::writeBundle(bundle, "fuzz.substitutions");
    fuzz::checkSameOutcome(load(folder, macros, true), load(folder, macros, false));
    return 0;
}
