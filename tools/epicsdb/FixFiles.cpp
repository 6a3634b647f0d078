#include "FixFiles.hpp"

#include "FileAccess.hpp"

#include <epicsdb/format/FixApplier.hpp>
#include <epicsdb/format/LineDiff.hpp>

#include <algorithm>
#include <cstdio>
#include <map>
#include <unistd.h>

namespace epicsdb::tools {

namespace {
bool safeFixesOnly(const Diagnostic& d) {
    return !d.fixes.empty() &&
           std::all_of(d.fixes.begin(), d.fixes.end(), [](const FixIt& f) { return f.safe; });
}
} // namespace

void FixFiles::report(Diagnostic diagnostic) {
    if (safeFixesOnly(diagnostic))
        held_.push_back(std::move(diagnostic));
    else
        next_.report(std::move(diagnostic));
}

std::string FixFiles::pathOf(const std::string& file) const {
    if (file.empty() || file.front() == '/' || ::access(file.c_str(), F_OK) == 0) return file;
    for (const std::string& base : bases_) {
        const std::string joined = base + "/" + file;
        if (::access(joined.c_str(), F_OK) == 0) return joined;
    }
    return file;
}

FixOutcome FixFiles::finish() {
    // Per file, its fixes in the order reported, and which finding each belongs to.
    struct Pending {
        std::vector<FixIt> fixes;
        std::vector<std::size_t> owners;
    };
    std::map<std::string, Pending> byFile;
    for (std::size_t i = 0; i < held_.size(); ++i)
        for (const FixIt& fix : held_[i].fixes) {
            Pending& pending = byFile[pathOf(fix.range.file)];
            pending.fixes.push_back(fix);
            pending.owners.push_back(i);
        }

    FixOutcome outcome;
    std::vector<bool> fixed(held_.size(), true);
    for (auto& [path, pending] : byFile) {
        const std::optional<std::string> text = cli::readFile(path);
        format::FixedText result;
        if (text) result = format::applyFixes(*text, pending.fixes);
        for (std::size_t j = 0; j < pending.fixes.size(); ++j)
            if (!text || !result.applied[j]) fixed[pending.owners[j]] = false;
        if (!text || result.text == *text) continue;
        ++outcome.files;
        if (showDiff_) {
            const std::string shown = format::unifiedDiff(*text, result.text, path, path);
            std::fwrite(shown.data(), 1, shown.size(), stdout);
        } else if (const std::string reason = cli::replaceFile(path, result.text);
                   !reason.empty()) {
            std::fprintf(stderr, "epicsdb: can't write '%s': %s\n", path.c_str(), reason.c_str());
            outcome.writeFailed = true;
            for (std::size_t j = 0; j < pending.fixes.size(); ++j)
                fixed[pending.owners[j]] = false;
        }
    }
    for (std::size_t i = 0; i < held_.size(); ++i) {
        if (fixed[i])
            ++outcome.fixed;
        else
            next_.report(std::move(held_[i]));
    }
    held_.clear();
    return outcome;
}

void reportFixes(std::string_view command, const FixOutcome& outcome, bool showDiff) {
    std::fprintf(stderr, "epicsdb %.*s: %s %zu finding%s in %zu file%s\n",
                 static_cast<int>(command.size()), command.data(), showDiff ? "would fix" : "fixed",
                 outcome.fixed, outcome.fixed == 1 ? "" : "s", outcome.files,
                 outcome.files == 1 ? "" : "s");
}

} // namespace epicsdb::tools
