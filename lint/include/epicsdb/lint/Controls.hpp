// Which findings are reported, and how: GCC's and dbdlint's -W flags, and the suppression
// comments of the files themselves.
#pragma once

#include <epicsdb/Diagnostic.hpp>
#include <epicsdb/export.h>

#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace epicsdb::lint {

class EPICSDB_API WarningControls {
public:
    // One flag without its "-W": "all", "none", "error", "error=<code>", "no-error=<code>",
    // "<code>", "no-<code>". False (with the reason in `error`) for an unknown flag or code.
    bool apply(std::string_view flag, std::string& error);

    // The severity `finding` is reported with, or nullopt when it is switched off. What
    // check reports as an error stays an error; its warnings follow the flags by their code.
    [[nodiscard]] std::optional<Severity> severityFor(const Diagnostic& finding) const;

private:
    bool none_ = false;      // -Wnone: no warnings but those named after it
    bool allErrors_ = false; // -Werror
    std::map<std::string, bool, std::less<>> enabled_; // -W<code>, -Wno-<code>
    std::map<std::string, bool, std::less<>> asError_; // -Werror=<code>, -Wno-error=<code>
};

// `# epicsdb: ignore[code,...]` (or `# epicsdb: ignore` for every code) in a comment on the
// finding's line, or on a comment line just before it. `line` and `previous` are those lines
// of the finding's file.
[[nodiscard]] EPICSDB_API bool isSuppressed(const Diagnostic& finding, std::string_view line,
                                            std::string_view previous);

} // namespace epicsdb::lint
