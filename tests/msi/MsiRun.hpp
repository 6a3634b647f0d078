// Runs the msi program in-process (runMsiProgram) and collects what it wrote.
#pragma once

#include "ScratchDir.hpp"

#include "MsiProgram.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace epicsdb::test {

struct MsiRun {
    int status = -1;
    std::string out;
    std::string err;
};

inline MsiRun runMsi(const std::vector<std::string>& args, const std::string& standardInput = {},
                     const std::string& usageName = "msi") {
    loaders::StringTextSink out;
    loaders::StringTextSink err;
    tools::MsiProgramStreams streams{out, err, [standardInput] { return standardInput; },
                                     usageName};
    MsiRun run;
    run.status = tools::runMsiProgram(args, streams);
    run.out = out.text();
    run.err = err.text();
    return run;
}

// Whether `err` is `message` followed by msi's usage text for `name`: text that starts with
// "Usage: <name> " and names each of msi's options.
inline ::testing::AssertionResult isMessageAndUsage(const std::string& err,
                                                    const std::string& message,
                                                    const std::string& name = "msi") {
    if (!err.starts_with(message))
        return ::testing::AssertionFailure()
               << "does not start with \"" << message << "\": " << err;
    const std::string usage = err.substr(message.size());
    if (!usage.starts_with("Usage: " + name + " "))
        return ::testing::AssertionFailure()
               << "no usage for " << name << " after the message: " << err;
    for (const char* option : {"-h", "-D", "-V", "-g", "-o", "-I", "-M", "-S"})
        if (usage.find(std::string(" ") + option) == std::string::npos)
            return ::testing::AssertionFailure()
                   << "the usage does not name " << option << ": " << usage;
    return ::testing::AssertionSuccess();
}

// EPICS 7.0.8's red ERROR mark (errlog's ERL_ERROR) in front of "msi: Can't open file".
inline const std::string kErrorMark = "\033[31;1mERROR\033[0m";

} // namespace epicsdb::test
