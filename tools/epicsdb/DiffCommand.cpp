// epicsdb diff: load two sets of inputs, compare the databases they build (not their text).
#include "Commands.hpp"
#include "LoadInputs.hpp"
#include "RevisionTree.hpp"
#include "WriteResult.hpp"

#include <epicsdb/diff/DatabaseDiff.hpp>
#include <epicsdb/diff/DiffWriters.hpp>
#include <epicsdb/ioc/ScriptEnvironment.hpp>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <optional>
#include <system_error>
#include <thread>

namespace epicsdb::tools {

namespace {
const char* const kDiffUsage =
    "usage: epicsdb diff [input options] [--a-macros M] [--b-macros M] [--a-include DIR]...\n"
    "                    [--b-include DIR]... [--a-dbd FILE]... [--b-dbd FILE]...\n"
    "                    [--format text|json] [-o FILE] A B\n"
    "       epicsdb diff --git REV [input options] [--format text|json] [-o FILE] FILE...\n"
    "Loads A and B, each like 'epicsdb check' loads one file (a .db or .template, a\n"
    ".substitutions file or a startup script), and compares the two databases: records added,\n"
    "removed or retyped, and per record the fields (compared by value: \"1.0\" and \"1\" are the\n"
    "same DOUBLE), info items and aliases that changed. Order, layout and which file a record\n"
    "is in make no difference. The input options (--dbd, -I, -m, -S, -e, ...) apply to both\n"
    "sides; --a-macros/--b-macros replace -m for one side, --a-include/--b-include and\n"
    "--a-dbd/--b-dbd add to -I and --dbd for one side.\n"
    "With --git REV, B is FILE... as in the working tree and A the same inputs as they are at\n"
    "revision REV (written to a temporary folder, nothing checked out): every path inside the\n"
    "repository (the files, -I, --dbd, -S, the current folder) is read from REV.\n"
    "Exit status as diff(1): 0 the same, 1 different, 2 trouble (usage, unreadable files,\n"
    "errors in loading, git).\n\n";

// What one side adds to the shared options.
struct SideOptions {
    std::string macros;
    std::vector<std::string> includeDirs;
    std::vector<std::string> definitions;
};

// The input options of one side: the shared ones with the side's own, and its files. An
// InputOptions is declared on a command; a side's is declared on one that is never parsed.
class Side {
public:
    Side(const cli::InputOptions& shared, const SideOptions& own, std::vector<std::string> files,
         const std::function<std::string(const std::string&)>& map)
        : scratch_("diff", ""), inputs_(scratch_) {
        auto mapped = [&](const std::vector<std::string>& paths) {
            std::vector<std::string> out;
            for (const std::string& path : paths)
                out.push_back(map(path));
            return out;
        };
        inputs_.definitions = mapped(shared.definitions);
        for (const std::string& path : own.definitions)
            inputs_.definitions.push_back(map(path));
        inputs_.includeDirs = mapped(shared.includeDirs);
        for (const std::string& dir : own.includeDirs)
            inputs_.includeDirs.push_back(map(dir));
        inputs_.macros = own.macros.empty() ? shared.macros : own.macros;
        inputs_.substitutions = mapped(shared.substitutions);
        inputs_.files = mapped(files);
        inputs_.startup = shared.startup.empty() ? "" : map(shared.startup);
        inputs_.environment = shared.environment;
        inputs_.macroLimit = shared.macroLimit;
        inputs_.jobs = shared.jobs;
        inputs_.strictCommands = shared.strictCommands;
        inputs_.quietMacros = shared.quietMacros;
        inputs_.recordsOnce = shared.recordsOnce;
        inputs_.strict = shared.strict;
    }
    [[nodiscard]] cli::InputOptions& inputs() noexcept { return inputs_; }
    // Relative names (the load's path ".", includes, templates) resolved in `directory`
    // instead of the current one.
    void setWorkingDirectory(std::string directory) {
        environment_ = ioc::ScriptEnvironment::fromProcess();
        environment_->setWorkingDirectory(std::move(directory));
    }
    [[nodiscard]] LoadHooks hooks() const {
        LoadHooks hooks;
        if (environment_) hooks.environment = &*environment_;
        return hooks;
    }

private:
    cli::Command scratch_;
    cli::InputOptions inputs_;
    std::optional<ioc::ScriptEnvironment> environment_;
};

std::string joined(const std::vector<std::string>& names) {
    std::string out;
    for (const std::string& name : names)
        out += (out.empty() ? "" : " ") + name;
    return out;
}

// One side loaded, its diagnostics kept to be printed in order once both are loaded.
struct LoadedSide {
    DiagnosticList diagnostics;
    bool unreadable = false;
};

void loadSide(Side& side, dbstatic::Database& db, LoadedSide& loaded) {
    loaded.unreadable = loadInputs(side.inputs(), db, loaded.diagnostics, side.hooks()).unreadable;
}

// Both sides, side by side on two threads unless -j 1 (or no second thread is to be had):
// the two databases share nothing.
void loadBoth(Side& a, dbstatic::Database& before, LoadedSide& loadedA, Side& b,
              dbstatic::Database& after, LoadedSide& loadedB) {
    if (a.inputs().jobCount() != 1) {
        // Side by side, each load gets its share of the cores (on two, one each: a load's
        // second thread would only take turns with the other load).
        if (a.inputs().jobCount() == 0) {
            const unsigned share = std::max(1u, std::thread::hardware_concurrency() / 2);
            a.inputs().jobs = b.inputs().jobs = std::to_string(share);
        }
        std::optional<std::thread> other;
        try {
            other.emplace([&] { loadSide(a, before, loadedA); });
        } catch (const std::system_error&) {
        }
        if (other) {
            loadSide(b, after, loadedB);
            other->join();
            return;
        }
    }
    loadSide(a, before, loadedA);
    loadSide(b, after, loadedB);
}

// Prints a side's diagnostics; false (with the reason) when the side is trouble: a file that
// cannot be read or errors in loading.
bool reportSide(const LoadedSide& loaded, const std::string& label,
                cli::DiagnosticPrinter& printer) {
    std::size_t errors = 0;
    for (const Diagnostic& diagnostic : loaded.diagnostics.items) {
        errors += diagnostic.severity == Severity::Error;
        printer.report(diagnostic);
    }
    if (loaded.unreadable) return false;
    if (errors == 0) return true;
    std::fprintf(stderr, "epicsdb diff: %s: %zu error%s in loading\n", label.c_str(), errors,
                 errors == 1 ? "" : "s");
    return false;
}

// File names of the export shown as REV:path.
void renameFiles(diff::DatabaseDiff& result, const RevisionTree& tree) {
    for (diff::RecordChange& change : result.records)
        if (!change.before.file.empty()) change.before.file = tree.displayName(change.before.file);
}
} // namespace

ExitStatus runDiff(const Arguments& args) {
    cli::Command command("diff", kDiffUsage);
    cli::InputOptions shared(command);
    SideOptions sideA;
    SideOptions sideB;
    std::string revision;
    std::string format = "text";
    std::string outputPath;
    bool quiet = false;
    command.value("--a-macros", sideA.macros, "MACROS", "macros for A instead of -m");
    command.value("--b-macros", sideB.macros, "MACROS", "macros for B instead of -m");
    command.list("--a-include", sideA.includeDirs, "DIR", "an include directory for A only");
    command.list("--b-include", sideB.includeDirs, "DIR", "an include directory for B only");
    command.list("--a-dbd", sideA.definitions, "FILE", "definitions for A only");
    command.list("--b-dbd", sideB.definitions, "FILE", "definitions for B only");
    command.value("--git", revision, "REV",
                  "compare FILE... at git revision REV (A) with the working tree (B)",
                  {[](const std::string& value) { return !value.empty(); }, "a revision"});
    command.choice("--format", format, {"text", "json"}, "the difference as text or JSON");
    command.value("-o,--output", outputPath, "FILE", "write to FILE instead of stdout",
                  cli::kFileName);
    command.flag("-q,--quiet", quiet, "print errors only (of the loads)");
    if (auto status = command.parse(args, [&] {
            if (!shared.startup.empty())
                throw cli::UsageError("give the startup script as A or B, not with --startup");
            if (revision.empty() && shared.files.size() != 2)
                throw cli::UsageError("diff compares two inputs, A and B (" +
                                      std::to_string(shared.files.size()) + " given)");
            if (!revision.empty() && shared.files.empty())
                throw cli::UsageError("--git needs the files to compare");
            const bool sideOptions = !sideA.macros.empty() || !sideB.macros.empty() ||
                                     !sideA.includeDirs.empty() || !sideB.includeDirs.empty() ||
                                     !sideA.definitions.empty() || !sideB.definitions.empty();
            if (!revision.empty() && sideOptions)
                throw cli::UsageError("--git compares the same inputs: no --a-*/--b-* options");
        }))
        return *status;

    std::optional<RevisionTree> tree;
    if (!revision.empty()) {
        // The repository of the first file in one, else of the current folder: files outside
        // it are read as they are on both sides.
        std::vector<std::string> places = shared.files;
        places.emplace_back(".");
        std::string problem;
        for (const std::string& place : places) {
            try {
                tree.emplace(revision, place);
                break;
            } catch (const NotInRepository& error) {
                if (problem.empty()) problem = error.what();
            } catch (const RevisionError& error) {
                return command.fail(error.what());
            }
        }
        if (!tree) return command.fail(problem);
    }
    const auto asIs = [](const std::string& path) { return path; };
    const auto fromRevision = [&](const std::string& path) { return tree->map(path); };
    std::vector<std::string> filesA;
    std::vector<std::string> filesB;
    if (tree) {
        filesA = filesB = shared.files;
    } else {
        filesA = {shared.files[0]};
        filesB = {shared.files[1]};
    }
    Side a(shared, sideA, filesA,
           tree ? std::function<std::string(const std::string&)>(fromRevision) : asIs);
    Side b(shared, sideB, filesB, asIs);
    if (tree) {
        // Names found through the current folder come from the revision's copy of it.
        const std::string here = std::filesystem::current_path().string();
        if (const std::string mapped = tree->map(here); mapped != here)
            a.setWorkingDirectory(mapped);
        // A file added since the revision is not there: that side has none of its records.
        std::erase_if(a.inputs().files, [](const std::string& file) {
            std::error_code error;
            return !std::filesystem::exists(file, error);
        });
    }
    for (Side* side : {&a, &b}) {
        try {
            side->inputs().checkStartupRules();
        } catch (const cli::UsageError& error) {
            return command.fail(error.what());
        }
    }
    const diff::DiffLabels labels{tree ? revision + ":" + joined(shared.files) : filesA.front(),
                                  tree ? "working tree:" + joined(shared.files) : filesB.front()};

    cli::DiagnosticPrinter printer;
    printer.setQuietWarnings(quiet);
    dbstatic::Database before;
    dbstatic::Database after;
    LoadedSide loadedA;
    LoadedSide loadedB;
    loadBoth(a, before, loadedA, b, after, loadedB);
    const bool okA = reportSide(loadedA, labels.before, printer);
    const bool okB = reportSide(loadedB, labels.after, printer);
    printer.finish();
    if (!okA || !okB) return ExitStatus::Trouble;

    diff::DatabaseDiff result = diff::diffDatabases(before, after);
    if (tree) renameFiles(result, *tree);
    const bool written = writeResult(command, outputPath, [&](std::ostream& out) {
        if (format == "json")
            diff::writeJson(result, labels, out);
        else
            diff::writeText(result, labels, out);
        return std::string();
    });
    if (!written) return ExitStatus::Trouble;
    if (format == "text" && !quiet) {
        const diff::DiffCounts counts = result.counts();
        std::fprintf(stderr,
                     "epicsdb diff: %zu added, %zu removed, %zu retyped, %zu changed records\n",
                     counts.added, counts.removed, counts.retyped, counts.changed);
    }
    return result.same() ? ExitStatus::Success : ExitStatus::Findings;
}

} // namespace epicsdb::tools
