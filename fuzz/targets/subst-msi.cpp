// Substitution files in msi's dialect with their templates (msi -S: loaders/substitutions/
// MsiSubst*, loaders/msi): an input is a bundle (FuzzSupport.hpp) whose main file is the
// substitution file, given to msi as -S fuzz.substitutions, and whose other files are the
// templates its `file` blocks name. An optional "#!msi ..." first line (MsiRun.hpp) adds
// options (-V, -g, -D, -M, -I, a template that overrides every `file` name); the line is a
// comment for the substitution reader.
//
// Checks: no crash, no leak, no undefined behaviour; -D (dependencies) runs the same file too.
#include "FuzzSupport.hpp"
#include "MsiRun.hpp"

#include <cstdint>
#include <string>

using namespace epicsdb;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view input = fuzz::asText(data, size);
    if (fuzz::namesSystemFiles(input) || fuzz::macroBlowupRisk(input)) return -1;
    const fuzz::Bundle bundle = fuzz::splitBundle(input);
    loaders::MsiOptions options;
    (void)fuzz::readMsiOptions(bundle.main, options);
    options.substitutionFile = "fuzz.substitutions";
    const std::string folder = fuzz::writeBundle(bundle, "fuzz.substitutions");

    loaders::MsiOptions dependencies = options;
    const fuzz::MsiRun run = fuzz::runMsi(folder, std::move(options), {});
    if (!dependencies.dependencies) {
        dependencies.dependencies = true;
        dependencies.outputFile = "fuzz.out";
        (void)fuzz::runMsi(folder, std::move(dependencies), {});
    }
    (void)run;
    return 0;
}
