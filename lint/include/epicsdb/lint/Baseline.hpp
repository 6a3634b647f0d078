// Findings accepted before, for adopting lint on a large code base: `--write-baseline FILE`
// keeps the findings of a run, `--baseline FILE` reports only those not in it. A finding is
// known by its code, file and message, not its line, so moving code keeps the baseline good;
// an entry accepts as many findings as it was written for. What check reports as an error is
// never accepted.
#pragma once

#include <epicsdb/Diagnostic.hpp>
#include <epicsdb/export.h>

#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

namespace epicsdb::lint {

class EPICSDB_API Baseline {
public:
    // Reads a baseline file; nullopt (and why in `error`) when it cannot be read or parsed.
    [[nodiscard]] static std::optional<Baseline> read(const std::string& path, std::string& error);
    // Writes the findings as a baseline file.
    [[nodiscard]] static bool write(const std::string& path,
                                    const std::vector<Diagnostic>& findings, std::string& error);

    // True (and one use of its entry spent) when the baseline holds this finding.
    bool accepts(const Diagnostic& finding);

private:
    using Key = std::tuple<std::string, std::string, std::string>; // code, file, message
    std::map<Key, std::size_t> counts_;
};

} // namespace epicsdb::lint
