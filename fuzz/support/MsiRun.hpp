// One msi run of a fuzz input (targets msi and subst-msi): options from a first line
//     #!msi -V -g -D -Ma=1,b=2 -Iinc -Sfile.substitutions template
// (words split on spaces; -o is ignored: nothing is written), then MsiExpander in the bundle's
// folder, which is the process's working directory during the run (msi opens files relative to
// it, and searches "." without -I).
#pragma once

#include "FuzzSupport.hpp"

#include <epicsdb/loaders/MsiExpander.hpp>

#include <string>
#include <string_view>
#include <unistd.h>

namespace epicsdb::fuzz {

struct MsiRun {
    loaders::MsiOutcome outcome = loaders::MsiOutcome::Success;
    std::string output;
    std::string messages;
};

// The options of a "#!msi ..." first line (none without one); returns the text after the line.
inline std::string_view readMsiOptions(std::string_view text, loaders::MsiOptions& options) {
    if (text.substr(0, 5) != "#!msi") return text;
    std::size_t end = text.find('\n');
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(5, end - 5);
    while (!line.empty()) {
        const std::size_t space = line.find(' ');
        const std::string_view word = line.substr(0, space);
        line = space == std::string_view::npos ? std::string_view() : line.substr(space + 1);
        if (word.empty()) continue;
        const std::string value(word.size() > 2 ? word.substr(2) : std::string_view());
        if (word == "-V")
            options.undefinedIsError = true;
        else if (word == "-g")
            options.globalScope = true;
        else if (word == "-D") {
            options.dependencies = true;
            options.outputFile = "fuzz.out";
        } else if (word.substr(0, 2) == "-M")
            options.macros.push_back(value);
        else if (word.substr(0, 2) == "-I")
            options.includePaths.push_back(value);
        else if (word.substr(0, 2) == "-S")
            options.substitutionFile = value;
        else if (word.front() != '-')
            options.templateFile = std::string(word);
    }
    return text.substr(end == text.size() ? end : end + 1);
}

// Runs msi with `options` in `folder`; standard input reads `standardInput`.
inline MsiRun runMsi(const std::string& folder, loaders::MsiOptions options,
                     std::string_view standardInput) {
    static const std::string home = [] {
        char buffer[4096];
        if (!::getcwd(buffer, sizeof buffer)) fail("getcwd failed");
        return std::string(buffer);
    }();
    if (::chdir(folder.c_str()) != 0) fail("cannot enter the input folder", folder);
    loaders::StringTextSink output;
    loaders::StringTextSink messages;
    MsiRun run;
    {
        loaders::MsiExpander expander(std::move(options),
                                      loaders::MsiStreams{output, messages, [standardInput] {
                                                              return std::string(standardInput);
                                                          }});
        run.outcome = expander.run();
    }
    if (::chdir(home.c_str()) != 0) fail("cannot go back to the working directory", home);
    run.output = output.text();
    run.messages = messages.text();
    return run;
}

} // namespace epicsdb::fuzz
