// What an epicsdb command's exit status tells a build or a script. Every command returns one;
// `epicsdb expand` alone passes msi's statuses through (0 success, 1 usage, file or syntax
// errors, 2 undefined macros under -V), since a build may call it in msi's place.
#pragma once

namespace epicsdb::cli {

enum class ExitStatus {
    Success = 0,
    // Findings in the input: errors in it, differences between two (diff), files that are not
    // in their layout (fmt --check), references left undefined (macros).
    Findings = 1,
    // The command could not do its job: a usage error, an input that cannot be read, an output
    // that cannot be written.
    Trouble = 2,
};

[[nodiscard]] constexpr int processStatus(ExitStatus status) noexcept {
    return static_cast<int>(status);
}

} // namespace epicsdb::cli
