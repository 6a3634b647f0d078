#include "WriteResult.hpp"

#include "OutputFile.hpp"

namespace epicsdb::tools {

bool writeResult(const cli::Command& command, const std::string& path,
                 const std::function<std::string(std::ostream&)>& write) {
    OutputFile output(path);
    if (!output.ok()) {
        command.fail("can't write '" + path + "': " + output.openError());
        return false;
    }
    if (const std::string problem = write(output.stream()); !problem.empty()) {
        command.fail(problem); // the output file goes with `output`
        return false;
    }
    if (std::string error; !output.finish(error)) {
        command.fail("can't write '" + (path.empty() ? "<stdout>" : path) + "': " + error);
        return false;
    }
    return true;
}

} // namespace epicsdb::tools
