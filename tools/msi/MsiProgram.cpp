// The msi program's front end (msi.cpp's main): its option rules, usage text, the -o file, and
// the exits (status, and whether the -o file is removed). Shared by `msi` and `epicsdb expand`.
#include "MsiProgram.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>
#include <optional>
#include <sys/stat.h>

namespace epicsdb::tools {

using namespace loaders;

namespace {

struct FileCloser {
    void operator()(std::FILE* file) const noexcept { std::fclose(file); }
};
using FileHandle = std::unique_ptr<std::FILE, FileCloser>;

std::string usageText(const std::string& name) {
    return "Usage: " + name +
           " [options] [template]\n"
           "  stdin is used if neither template nor substitution file is given\n"
           "  options:\n"
           "    -h        Print this help message\n"
           "    -D        Output file dependencies, not substitutions\n"
           "    -V        Undefined macros generate an error\n"
           "    -g        All macros have global scope\n"
           "    -o<FILE>  Send output to <FILE>\n"
           "    -I<DIR>   Add <DIR> to include file search path\n"
           "    -M<SUBST> Add <SUBST> to (global) macro definitions\n"
           "              (<SUBST> takes the form VAR=VALUE,...)\n"
           "    -S<FILE>  Expand the substitutions in FILE\n";
}

bool startsWith(const std::string& text, const char* prefix) {
    return text.compare(0, std::strlen(prefix), prefix) == 0;
}

// Reads msi's options (they come first; one that takes a value has it attached, -Ixx, or as
// the next argument) and its template argument. Returns the exit status when msi would stop
// here (a bad argument, -h).
std::optional<int> parseArguments(const std::vector<std::string>& args, MsiProgramStreams& io,
                                  MsiOptions& options) {
    auto usage = [&](int status) {
        io.err.write(usageText(io.usageName));
        return status;
    };
    std::size_t at = 0;
    while (at < args.size() && !args[at].empty() && args[at][0] == '-') {
        const std::string& arg = args[at];
        const bool attached = arg.size() != 2;
        std::size_t used = attached ? 1 : 2;
        std::optional<std::string> value;
        if (attached)
            value = arg.size() > 2 ? arg.substr(2) : std::string();
        else if (at + 1 < args.size())
            value = args[at + 1];
        auto requireValue = [&]() {
            // msi crashes when these are last; we call it a bad argument.
            if (value) return true;
            io.err.write("msi: Bad argument \"" + arg + "\"\n");
            return false;
        };
        if (startsWith(arg, "-I")) {
            if (value) // msi ignores a missing value here
                options.includePaths.push_back(*value);
        } else if (arg == "-D") {
            options.dependencies = true;
            used = 1;
        } else if (startsWith(arg, "-o")) {
            if (!requireValue()) return usage(1);
            options.outputFile = *value;
        } else if (startsWith(arg, "-M")) {
            if (!requireValue()) return usage(1);
            options.macros.push_back(*value);
        } else if (startsWith(arg, "-S")) {
            if (!requireValue()) return usage(1);
            options.substitutionFile = *value;
        } else if (arg == "-V") {
            options.undefinedIsError = true;
            used = 1;
        } else if (arg == "-g") {
            options.globalScope = true;
            used = 1;
        } else if (arg == "-h") {
            return usage(0);
        } else {
            io.err.write("msi: Bad argument \"" + arg + "\"\n");
            return usage(1);
        }
        at += used;
    }
    if (at < args.size() && args.size() - at > 1) {
        io.err.write("msi: Too many arguments\n");
        return usage(1);
    }
    if (at < args.size()) options.templateFile = args[at];
    return std::nullopt;
}

} // namespace

namespace {
// Only a file msi made: `-o /dev/null` or a FIFO is left alone.
void removeRegularFile(const std::string& path) {
    struct stat info {};
    if (::stat(path.c_str(), &info) == 0 && S_ISREG(info.st_mode)) std::remove(path.c_str());
}
} // namespace

int runMsiProgram(const std::vector<std::string>& args, MsiProgramStreams& io) {
    MsiOptions options;
    if (const std::optional<int> status = parseArguments(args, io, options)) return *status;

    FileHandle file;
    std::unique_ptr<FileTextSink> fileSink;
    if (options.dependencies) {
        if (!options.outputFile) {
            io.err.write("msi: Option -D requires -o for Makefile target\n");
            return 1;
        }
    } else if (options.outputFile) {
        file.reset(std::fopen(options.outputFile->c_str(), "w"));
        if (!file) {
            io.err.write("msi: Can't open " + *options.outputFile +
                         " for writing: " + std::strerror(errno) + "\n");
            return 1;
        }
        fileSink = std::make_unique<FileTextSink>(file.get());
    }

    const std::optional<std::string> outputFile = options.outputFile;
    MsiStreams streams{fileSink ? static_cast<TextSink&>(*fileSink) : io.out, io.err,
                       io.readStandardInput};
    MsiExpander expander(std::move(options), std::move(streams));
    const MsiOutcome outcome = expander.run();
    // EPICS msi does not look: a full disk left a cut file and exit status 0.
    errno = 0;
    const bool writeFailed = file && (std::fflush(file.get()) != 0 || std::ferror(file.get()));
    const int writeError = fileSink && fileSink->writeError() ? fileSink->writeError() : errno;
    file.reset();
    if (writeFailed) {
        io.err.write("msi: Can't write " + *outputFile + ": " +
                     (writeError ? std::strerror(writeError) : "write error") + "\n");
        removeRegularFile(*outputFile);
        return 1;
    }
    switch (outcome) {
    case MsiOutcome::Aborted:
        // msi's abortExit removes the output file (even the -D target, which it never wrote).
        if (outputFile) removeRegularFile(*outputFile);
        return 1;
    case MsiOutcome::NoTemplate:
        io.err.write(usageText(io.usageName));
        return 1;
    case MsiOutcome::Success:
    case MsiOutcome::UndefinedMacros:
        break;
    }
    return exitStatus(outcome);
}

} // namespace epicsdb::tools
