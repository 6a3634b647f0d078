// msi, the EPICS macro substitution and include tool, as a library: expands templates with
// macros, `include "file"` and `substitute "a=1"` directives, once or once per set of a
// substitution file in msi's dialect, with output byte-identical to EPICS Base 7.0.8 msi
// (EPICS-BEHAVIOUR 5.2), its messages and its exit statuses.
//
// MsiExpander runs one expansion with options already parsed; the msi program's command line
// (its usage text, -o file handling) is tools/msi's, shared by `msi` and `epicsdb expand`.
// Nothing is printed: expanded text and msi's messages (stderr in EPICS) go to TextSinks.
#pragma once

#include <epicsdb/export.h>

#include <cstdint>
#include <cstdio>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace epicsdb::loaders {

// Receives text: expanded output in large blocks, or one message at a time.
class EPICSDB_API TextSink {
public:
    virtual ~TextSink();
    virtual void write(std::string_view text) = 0;
};

// Writes to a C stream (not owned), as it comes.
class EPICSDB_API FileTextSink final : public TextSink {
public:
    explicit FileTextSink(std::FILE* stream) noexcept : stream_(stream) {}
    void write(std::string_view text) override;
    // errno of the first write that failed (a full disk), 0 while all went well.
    [[nodiscard]] int writeError() const noexcept { return error_; }

private:
    std::FILE* stream_;
    int error_ = 0;
};

// Appends to a string (tests, callers that want the text in memory).
class EPICSDB_API StringTextSink final : public TextSink {
public:
    void write(std::string_view text) override { text_.append(text); }
    [[nodiscard]] const std::string& text() const noexcept { return text_; }
    void clear() noexcept { text_.clear(); }

private:
    std::string text_;
};

struct MsiOptions {
    // -I values, in order, each split on ':' with msi's rules (an empty element is ".").
    std::vector<std::string> includePaths;
    // -M values, in order: definitions installed at the global scope ("a=1,b=2").
    std::vector<std::string> macros;
    // -S: the substitution file, opened as given.
    std::optional<std::string> substitutionFile;
    // The template argument. Without it: each `file` block names its template; with neither
    // it nor -S, standard input is the template. With it, it overrides every `file` name.
    std::optional<std::string> templateFile;
    // -o: the target named by -D (the expander does not open it; the msi program, tools/msi, does).
    std::optional<std::string> outputFile;
    bool undefinedIsError = false; // -V: macLib warnings, `$(x,undefined)` markers, status 2
    bool globalScope = false;      // -g: set values persist into later sets
    bool dependencies = false;     // -D: write Makefile dependencies instead of the expansion
};

enum class MsiOutcome : std::uint8_t {
    Success,         // exit status 0
    UndefinedMacros, // -V and the output has undefined macros: exit status 2
    Aborted,         // an error was reported: exit status 1, -o file removed
    NoTemplate,      // "msi: No template file": usage text, exit status 1, -o file kept
};

[[nodiscard]] EPICSDB_API int exitStatus(MsiOutcome outcome) noexcept;

// Where an expansion reads and writes. `readStandardInput` supplies the template when it is
// standard input (the default reads the process's stdin).
struct MsiStreams {
    TextSink& output;
    TextSink& messages;
    std::function<std::string()> readStandardInput;
};

class EPICSDB_API MsiExpander {
public:
    MsiExpander(MsiOptions options, MsiStreams streams);
    ~MsiExpander();
    MsiExpander(const MsiExpander&) = delete;
    MsiExpander& operator=(const MsiExpander&) = delete;

    // Runs the expansion once. Output is written in large blocks and flushed before return.
    MsiOutcome run();

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

} // namespace epicsdb::loaders
