// epicsdb-pages: the build's tool that makes epicsdb's help and man pages from the guide's
// Markdown pages (tools/CMakeLists.txt runs it; it is not installed).
//
//   epicsdb-pages help-source OUT.cpp [COMMAND PAGE.md]...
//   epicsdb-pages man-source PAGE.md NAME SUMMARY SOURCE SEE-ALSO OUT.md
//   epicsdb-pages program-man-source NAME SUMMARY SOURCE SEE-ALSO OUT.md [COMMAND SUMMARY]...
//   epicsdb-pages repair-roff IN.1 OUT.1
#include "HelpSource.hpp"
#include "ManSource.hpp"
#include "MarkdownText.hpp"

#include <cstdio>
#include <exception>
#include <fstream>
#include <span>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

using namespace epicsdb::pages;

std::string readFile(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error("can't read '" + path + "'");
    std::ostringstream text;
    text << in.rdbuf();
    return std::move(text).str();
}

void writeFile(const std::string& path, const std::string& text) {
    std::ofstream out(path, std::ios::binary);
    out << text;
    if (!out.flush()) throw std::runtime_error("can't write '" + path + "'");
}

std::runtime_error usageError() {
    return std::runtime_error("usage: epicsdb-pages help-source|man-source|program-man-source|"
                              "repair-roff ... (see tools/pages/main.cpp)");
}

void run(std::span<const std::string> args) {
    if (args.empty()) throw usageError();
    const std::string& mode = args[0];
    if (mode == "help-source" && args.size() % 2 == 0) {
        std::vector<RenderedPage> pages;
        for (std::size_t i = 2; i < args.size(); i += 2) {
            try {
                pages.push_back({args[i], markdownToText(readFile(args[i + 1]))});
            } catch (const std::exception& error) {
                throw std::runtime_error(args[i + 1] + ": " + error.what());
            }
        }
        writeFile(args[1], helpPagesSource(std::move(pages)));
    } else if (mode == "man-source" && args.size() == 7) {
        const ManHeader header{args[2], args[3], args[4]};
        try {
            writeFile(args[6], commandManSource(readFile(args[1]), header, args[5]));
        } catch (const std::exception& error) {
            throw std::runtime_error(args[1] + ": " + error.what());
        }
    } else if (mode == "program-man-source" && args.size() >= 6 && args.size() % 2 == 0) {
        std::vector<CommandSummary> commands;
        for (std::size_t i = 6; i < args.size(); i += 2)
            commands.push_back({args[i], args[i + 1]});
        writeFile(args[5], programManSource({args[1], args[2], args[3]}, commands, args[4]));
    } else if (mode == "repair-roff" && args.size() == 3) {
        writeFile(args[2], repairedRoff(readFile(args[1])));
    } else {
        throw usageError();
    }
}

} // namespace

int main(int argc, char** argv) {
    try {
        const std::vector<std::string> args(argv + 1, argv + argc);
        run(args);
        return 0;
    } catch (const std::exception& error) {
        std::fprintf(stderr, "epicsdb-pages: %s\n", error.what());
        return 1;
    }
}
