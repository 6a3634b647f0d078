// msi's template expansion (loaders/msi: MsiExpander, MsiTemplate, MsiFiles): macros with
// macLib's rules, `include "file"` and `substitute "a=1"` directives, -V, -D, -M, -I. An input
// is a bundle (FuzzSupport.hpp): an optional "#!msi ..." options line (MsiRun.hpp), the
// template (the rest of the main file: msi's standard input unless the options name a
// template or -S), and the files it includes.
//
// Checks: no crash, no leak, no undefined behaviour; the template read from standard input and
// the same template named as a file give the same output and the same outcome.
#include "FuzzSupport.hpp"
#include "MsiRun.hpp"

#include <cstdint>
#include <string>

using namespace epicsdb;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view input = fuzz::asText(data, size);
    if (fuzz::namesSystemFiles(input) || fuzz::macroBlowupRisk(input)) return -1;
    fuzz::Bundle bundle = fuzz::splitBundle(input);
    loaders::MsiOptions options;
    bundle.main = fuzz::readMsiOptions(bundle.main, options);
    const std::string folder = fuzz::writeBundle(bundle, "fuzz.template");

    const bool fromStandardInput = !options.templateFile && !options.substitutionFile;
    loaders::MsiOptions asFile = options;
    const fuzz::MsiRun run = fuzz::runMsi(folder, std::move(options), bundle.main);
    if (fromStandardInput && !asFile.dependencies) {
        asFile.templateFile = "./fuzz.template"; // opened as given, not searched
        const fuzz::MsiRun named = fuzz::runMsi(folder, std::move(asFile), {});
        fuzz::check(run.outcome == named.outcome,
                    "standard input and a template file give different outcomes",
                    run.messages + "\n--- as a file:\n" + named.messages);
        fuzz::check(run.output == named.output,
                    "standard input and a template file give different output",
                    run.output + "\n--- as a file:\n" + named.output);
    }
    return 0;
}
