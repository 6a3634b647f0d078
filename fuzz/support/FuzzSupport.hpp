// What the fuzz targets share: the standard definitions loaded once per process, a rolled-back
// transaction per input on them, inputs made of several files ("bundles") written to a scratch
// folder, the filters that keep the targets off paths they must not take, and a check that
// aborts (a finding) with a message.
//
// Bundles. An input of the loader, msi and startup-script targets is a main file followed by
// any number of extra files, each introduced by a line of its own:
//
//     record(ai, "$(P)x") { }            <- the main file (a .db, .substitutions, st.cmd ...)
//     ==> pump.template                  <- a file named pump.template in the same folder
//     record(ai, "$(P)pump") { }
//     ==> db/more.db                     <- folders are made as needed
//     ...
//
// Names are [A-Za-z0-9._-] words joined by '/', at most 3 of them, no "." or ".." (a section
// with another name is dropped, text and all); at most kMaxBundleFiles files.
#pragma once

#include <epicsdb/Diagnostic.hpp>
#include <epicsdb/dbStatic/Database.hpp>
#include <epicsdb/loaders/LoadEnvironment.hpp>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace epicsdb::fuzz {

// The input as text (it may hold any byte, NUL included).
[[nodiscard]] inline std::string_view asText(const std::uint8_t* data, std::size_t size) {
    return {reinterpret_cast<const char*>(data), size};
}

// A failed invariant: prints `what` (and `detail`) and aborts, which libFuzzer reports as a
// crash and the regression driver as a failure.
[[noreturn]] void fail(std::string_view what, std::string_view detail = {});
inline void check(bool ok, std::string_view what, std::string_view detail = {}) {
    if (!ok) fail(what, detail);
}

// EPICSDB_FUZZ_DEBUG is set: the targets print what they see (diagnostics, reports) on
// standard error, to look at one input: EPICSDB_FUZZ_DEBUG=1 build-fuzz/fuzz/ioc crash-...
[[nodiscard]] bool debugging();
// Prints on standard error even after libFuzzer has closed it (-close_fd_mask).
void print(std::string_view text);

// ---- the shared definitions ----------------------------------------------------------------

// A Database with the standard definitions compiled into the library (softIoc.dbd and what it
// includes), loaded on first use, once per process. Change it only inside a Scratchpad.
[[nodiscard]] dbstatic::Database& standardDatabase();

// One input's transaction on standardDatabase(): whatever the input adds or changes is rolled
// back when the Scratchpad ends (Database::beginLoad/endLoad(false); the loads an input makes
// join it), and the database options are restored. Checks that the rollback left the
// definitions, the records and the arena as they were (a leak between inputs is a finding).
// Joining has one consequence: a load that fails is not rolled back by itself, as with
// LoaderOptions::keepFailedLoads, so what later loads of the same input see differs from a
// database of its own after a failed load.
class Scratchpad {
public:
    Scratchpad();
    ~Scratchpad();
    Scratchpad(const Scratchpad&) = delete;
    Scratchpad& operator=(const Scratchpad&) = delete;
    [[nodiscard]] dbstatic::Database& database() noexcept { return db_; }

private:
    dbstatic::Database& db_;
    dbstatic::DatabaseOptions options_;
    std::string shape_; // counts of everything, before
};

// ---- bundles and the scratch folder --------------------------------------------------------

inline constexpr std::size_t kMaxBundleFiles = 16;

struct BundleFile {
    std::string name; // relative, checked
    std::string_view text;
};

struct Bundle {
    std::string_view main;
    std::vector<BundleFile> files;
};

[[nodiscard]] Bundle splitBundle(std::string_view input);

// The folder this process writes its inputs into: $EPICSDB_FUZZ_SCRATCH, else /dev/shm, else
// /tmp, then "epicsdb-fuzz-<pid>"; removed at exit. Deterministic for the process.
[[nodiscard]] const std::string& scratchRoot();

// Empties <scratchRoot>/in, then writes the bundle there: the main file as `mainName`, the
// others under their names. Returns the folder (without a trailing '/').
std::string writeBundle(const Bundle& bundle, std::string_view mainName);

// What the loads of an input see: no environment variables, and the input's folder as the
// working directory (so `include "x.dbd"` and relative template names find the bundle's files).
class FolderEnvironment final : public loaders::LoadEnvironment {
public:
    explicit FolderEnvironment(std::string directory) : directory_(std::move(directory)) {}
    [[nodiscard]] std::optional<std::string_view> find(std::string_view) const override {
        return std::nullopt;
    }
    [[nodiscard]] std::string_view workingDirectory() const override { return directory_; }

private:
    std::string directory_;
};

// ---- filters -------------------------------------------------------------------------------

// True when the text names what a harness must not open: device files, /proc, /sys (reading
// /dev/zero or a FIFO would hang the run; nothing is learnt from them). Inputs that do are
// skipped.
[[nodiscard]] bool namesSystemFiles(std::string_view text);

// True when an input is likely to make macro expansion blow up. macLib's expansion limit
// (MacroTable::setExpansionLimit, 64 MiB by default) ends such an input with an error, and
// tests/macLib/ExpansionLimitTest.cpp holds the known ones; but each costs about 0.2 s at the
// default, and the C API (compared by `macros`) and msi take the default, so a fuzzer that
// found the pattern would spend its run on it. This filter keeps the targets fast; it is not
// what makes expansion safe. The text is cut into pieces at newlines, and
// at ',', '{' and '}' outside references (a definition, or a reference with its scoped
// definitions, is at most one piece); an input is refused when a piece holds more than
// kMaxReferencesPerPiece references ("$(" or "${"), or more than kMaxNestedReferences inside
// other references (scoped definitions such as $(c,c=$()$(b),=$(c,=$(c))) ), or when the
// pieces with two references or more could multiply an expansion by more than
// 2^kMaxDoublingBits (chains of doubling definitions, A1=$(A2)$(A2), A2=$(A3)$(A3) ...: the
// product of their reference counts).
inline constexpr std::size_t kMaxReferencesPerPiece = 8;
inline constexpr std::size_t kMaxNestedReferences = 3;
inline constexpr double kMaxDoublingBits = 16;
[[nodiscard]] bool macroBlowupRisk(std::string_view text);

// ---- diagnostics ---------------------------------------------------------------------------

// Keeps the diagnostics of loads, for comparisons between the fast paths and the plain
// reading: `full` has each as `epicsdb check` prints it, `compared` what is compared. With
// EPICSDB_FUZZ_STRICT set in the environment, that is the full text, byte for byte, as
// tests/loaders/FastPathsTest.cpp asserts. Without (the default, while the differences found so
// far are open: tests/fuzz/open/dbread), it is each diagnostic's severity, file and line, up to
// the first syntax or lexical error of each load:
//   - messages differ: a syntax error at a statement the fast path reads as one token names
//     that token ("found field(...)") where the plain reading names the keyword ("found
//     field"); `record(ai, include)` is a syntax error at column 12 read fast, and "expected a
//     file name after 'include'" at column 19 read plain;
//   - after a syntax error (or a lexical error, which the parser gets as an error token), the
//     parser's recovery reports no new error until it has shifted three tokens, and a fused
//     statement is one token where the plain reading has six: errors go missing.
// Remove the default once those are fixed.
class TextSink final : public DiagnosticSink {
public:
    void report(Diagnostic diagnostic) override;
    // Starts the diagnostics of the next load.
    void beginLoad();
    std::string compared;
    std::string full;
    std::size_t count = 0;

private:
    bool afterSyntaxError_ = false;
};

// The records of the database as `epicsdb dump --level 1` writes them.
[[nodiscard]] std::string dumpRecords(const dbstatic::Database& db);

// What the loads of an input gave, read with the fast paths or without.
struct LoadOutcome {
    std::string verdicts; // "ok " or "failed " for each load compared
    std::string records;  // dumpRecords, when every load succeeded
    std::string compared; // TextSink::compared
    std::string full;     // TextSink::full, for the message
};

// The fast paths change nothing: the same verdicts, records and diagnostics.
void checkSameOutcome(const LoadOutcome& fast, const LoadOutcome& plain);

} // namespace epicsdb::fuzz
