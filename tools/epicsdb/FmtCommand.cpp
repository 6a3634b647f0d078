// epicsdb fmt: the canonical layout of hand-written .db/.template/.vdb and substitution files
// (format/Formatter.hpp): to stdout, checked (--check), as a diff (--diff) or in place (-i).
#include "Commands.hpp"

#include "Command.hpp"
#include "DiagnosticPrinter.hpp"
#include "FileAccess.hpp"

#include <epicsdb/dbStatic/Database.hpp>
#include <epicsdb/format/Formatter.hpp>
#include <epicsdb/format/LineDiff.hpp>
#include <epicsdb/loaders/Inputs.hpp>
#include <epicsdb/loaders/Loader.hpp>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>

namespace epicsdb::tools {

namespace {
const char* const kFmtUsage =
    "usage: epicsdb fmt [--check | --diff | -i] [--keep-order] [--substitutions]\n"
    "                   [--dbd FILE]... [FILE...]\n"
    "Writes database files (.db, .template, .vdb) and substitution files (.substitutions,\n"
    ".substitution, .sub, .subs; --substitutions for standard input) in one layout, macros\n"
    "left unexpanded. With no FILE, or '-', formats standard input to standard output.\n"
    "\n"
    "Database files: record(TYPE, \"NAME\") { ... } with one field per line, indented 4\n"
    "spaces; record, alias and file names double-quoted; bare field and info values quoted\n"
    "(not null, true, false, nor words with a macro, whose expansion may carry quotes or be\n"
    "JSON); strings and JSON values kept as written. Fields follow the record type's field\n"
    "order (standard definitions, or --dbd); fields the type does not know follow the known\n"
    "ones; fields with the same name keep their order (the last still wins); --keep-order,\n"
    "an unknown record type or a field name with a macro keeps the author's order. Then\n"
    "alias(...), then info(...), in the author's order. A record without a body stays\n"
    "without one. Comments stay with what they annotate: comments on lines of their own\n"
    "before a field move with it, a comment ending a line stays at its end, comments inside\n"
    "a statement go before it. Blank lines: at most one in a row; inside a record only when\n"
    "nothing in it moved. Definitions (menu, recordtype, device, ...) are kept as written.\n"
    "\n"
    "Substitution files: file \"NAME\" { ... } with its items indented 4 spaces; pattern\n"
    "{ A, B } and its rows { 1, 2 } with columns aligned; one NAME=VALUE set per line as\n"
    "{ A=1, B=2 }; global { ... }; values quoted or not as written. Every comment is put\n"
    "on a line of its own at column 0 (msi reads '#' after blanks as a word).\n"
    "\n"
    "Output lines end in LF. A file that cannot be read is reported (file:line:column) and\n"
    "left alone. Exit status: 0 success (--check, --diff: nothing would change), 1 a file\n"
    "would change (--check, --diff) or cannot be read as a database or substitution file,\n"
    "2 usage errors or unreadable files.\n\n";

std::optional<std::string> readStandardInput() {
    std::string text;
    char buffer[65536];
    for (;;) {
        const std::size_t got = std::fread(buffer, 1, sizeof buffer, stdin);
        text.append(buffer, got);
        if (got < sizeof buffer) break;
    }
    if (std::ferror(stdin)) return std::nullopt;
    return text;
}

enum class Mode { Print, Check, Diff, InPlace };
} // namespace

ExitStatus runFmt(const Arguments& args) {
    cli::Command command("fmt", kFmtUsage);
    bool check = false;
    bool diff = false;
    bool inPlace = false;
    bool keepOrder = false;
    bool substitutions = false;
    std::vector<std::string> definitions;
    std::vector<std::string> files;
    command.flag("--check", check, "list the files that would change; exit 1 if any");
    command.flag("--diff", diff, "print a unified diff of each file against its layout");
    command.flag("-i,--in-place", inPlace, "rewrite the files in place");
    command.flag("--keep-order", keepOrder, "keep the fields in the author's order");
    command.flag("--substitutions", substitutions,
                 "read standard input (and files without a known extension) as substitutions");
    command.list("--dbd", definitions, "FILE",
                 "definitions giving the field order (default: the standard .dbd files)");
    command.files(files, "files to format; none or '-' for standard input");
    if (auto status = command.parse(args, [&] {
            if (check + diff + inPlace > 1)
                throw cli::UsageError("--check, --diff and -i exclude each other");
            if (inPlace)
                for (const std::string& file : files)
                    if (file == "-") throw cli::UsageError("-i cannot rewrite standard input");
            if (inPlace && files.empty()) throw cli::UsageError("-i needs files to rewrite");
        }))
        return *status;
    const Mode mode = check     ? Mode::Check
                      : diff    ? Mode::Diff
                      : inPlace ? Mode::InPlace
                                : Mode::Print;
    if (files.empty()) files.push_back("-");

    // The record types whose field order the records follow.
    dbstatic::Database db;
    cli::DiagnosticPrinter printer;
    {
        loaders::Loader loader(db, printer);
        for (const std::string& path : definitions) {
            if (const std::string reason = cli::unreadableReason(path); !reason.empty())
                return command.fail(cli::cantRead(path, reason));
            loader.loadDatabase(path);
        }
        if (definitions.empty()) loader.loadDefaultDefinitions();
    }
    if (printer.errors()) return command.fail("the definitions have errors");

    format::FormatOptions options;
    options.definitions = &db;
    options.keepOrder = keepOrder;
    ExitStatus status = ExitStatus::Success;
    for (const std::string& file : files) {
        const bool standardInput = file == "-";
        const std::string name = standardInput ? "<stdin>" : file;
        std::optional<std::string> text;
        if (standardInput) {
            text = readStandardInput();
        } else if (const std::string reason = cli::unreadableReason(file); !reason.empty()) {
            command.fail(cli::cantRead(file, reason));
            status = ExitStatus::Trouble;
            continue;
        } else {
            text = cli::readFile(file);
        }
        if (!text) {
            command.fail(cli::cantRead(name, "read error"));
            status = ExitStatus::Trouble;
            continue;
        }
        const bool asSubstitutions =
            substitutions ||
            (!standardInput && loaders::inputKindOf(file) == loaders::InputKind::Substitutions);
        const format::FormatResult result = asSubstitutions
                                                ? format::formatSubstitutions(*text, options)
                                                : format::formatDatabase(*text, options);
        if (!result.ok()) {
            for (const format::FormatError& error : result.errors)
                std::fprintf(stderr, "%s:%u:%u: error: %s\n", name.c_str(), error.line,
                             error.column, error.message.c_str());
            status = std::max(status, ExitStatus::Findings);
            continue;
        }
        const bool changed = result.text != *text;
        switch (mode) {
        case Mode::Print:
            std::fwrite(result.text.data(), 1, result.text.size(), stdout);
            break;
        case Mode::Check:
            if (changed) {
                std::printf("%s\n", name.c_str());
                status = std::max(status, ExitStatus::Findings);
            }
            break;
        case Mode::Diff:
            if (changed) {
                const std::string shown = format::unifiedDiff(*text, result.text, name, name);
                std::fwrite(shown.data(), 1, shown.size(), stdout);
                status = std::max(status, ExitStatus::Findings);
            }
            break;
        case Mode::InPlace:
            if (changed) {
                if (const std::string reason = cli::replaceFile(file, result.text);
                    !reason.empty()) {
                    command.fail("can't write '" + file + "': " + reason);
                    status = ExitStatus::Trouble;
                }
            }
            break;
        }
    }
    if (std::fflush(stdout) != 0)
        return command.fail("can't write <stdout>: " + std::string(std::strerror(errno)));
    return status;
}

} // namespace epicsdb::tools
