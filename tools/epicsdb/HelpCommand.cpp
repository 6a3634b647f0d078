// epicsdb help: the list of commands, or a command's page of the guide as text. A command's
// --help is the summary its own command line gives (synopsis and options, from its parser);
// its page is the manual: what it does, every option, examples, exit status.
#include "Command.hpp"
#include "CommandTable.hpp"
#include "Commands.hpp"
#include "HelpPages.hpp"

#include <algorithm>
#include <cstdio>

namespace epicsdb::tools {

namespace {
const char* const kHelpUsage =
    "usage: epicsdb help [COMMAND]\n"
    "Prints COMMAND's page of the guide (what it does, its options, examples, exit status),\n"
    "the text of its man page epicsdb-COMMAND(1); without COMMAND, the list of commands.\n\n";

const HelpPage* pageOf(std::string_view command) {
    const auto pages = helpPages();
    const auto found = std::find_if(pages.begin(), pages.end(),
                                    [&](const HelpPage& page) { return page.command == command; });
    return found == pages.end() ? nullptr : &*found;
}
} // namespace

ExitStatus runHelp(CommandTable commands, const Arguments& args) {
    cli::Command command("help", kHelpUsage);
    std::vector<std::string> names;
    command.files(names, "the command whose page to print", "COMMAND");
    if (auto status = command.parse(args, [&] {
            if (names.size() > 1) throw cli::UsageError("one command at a time");
        }))
        return *status;
    if (names.empty()) {
        std::fputs(programUsage(commands).c_str(), stdout);
        return ExitStatus::Success;
    }
    const CommandEntry* entry = findCommand(commands, names.front());
    if (!entry) return command.fail(unknownCommand(commands, names.front()));
    const HelpPage* page = pageOf(entry->name);
    // A build without the command's page: the summary its command line gives.
    if (!page) return entry->run({"--help"});
    std::fwrite(page->text.data(), 1, page->text.size(), stdout);
    return ExitStatus::Success;
}

} // namespace epicsdb::tools
