// --fix of lint and check: the findings that carry a safe fix-it are held back instead of
// printed; at the end their fixes are applied to the files (or shown as a diff), and only the
// findings that could not be fixed are passed on to be printed.
#pragma once

#include <epicsdb/Diagnostic.hpp>

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace epicsdb::tools {

struct FixOutcome {
    std::size_t fixed = 0;    // findings whose fixes were all applied
    std::size_t files = 0;    // files changed (or that would change, with --diff)
    bool writeFailed = false; // a file could not be written: reported on stderr
    // Something left for the exit status to say: a file not written, or changes to show.
    [[nodiscard]] bool unfinished(bool showDiff) const noexcept {
        return writeFailed || (showDiff && files > 0);
    }
};

class FixFiles final : public DiagnosticSink {
public:
    // `next` prints; `showDiff`: print a unified diff on stdout instead of writing files.
    FixFiles(DiagnosticSink& next, bool showDiff) : next_(next), showDiff_(showDiff) {}
    // Fix-its name files as the loads opened them; a name that is not found from here is
    // looked for in `directory` too (a startup script runs from its own folder).
    void addBaseDirectory(std::string directory) { bases_.push_back(std::move(directory)); }

    void report(Diagnostic diagnostic) override;
    // Applies the held fixes; passes on what could not be fixed.
    FixOutcome finish();

private:
    [[nodiscard]] std::string pathOf(const std::string& file) const;

    DiagnosticSink& next_;
    bool showDiff_;
    std::vector<std::string> bases_;
    std::vector<Diagnostic> held_;
};

// "epicsdb lint: fixed 3 findings in 1 file" (or "would fix", with --diff) on stderr.
void reportFixes(std::string_view command, const FixOutcome& outcome, bool showDiff);

} // namespace epicsdb::tools
