#include "CommandTable.hpp"

// The loaders' "did you mean" measure (EPICS's weighting), so a misspelt command is matched as
// a misspelt field is. A header of the loaders' own, shared by path until it is a public one.
#include <epicsdb/support/Similarity.hpp>

#include <algorithm>

namespace epicsdb::tools {

namespace {
// Below this similarity a name is not taken for a misspelling: 'lnit' (0.5) is lint, 'frob'
// is nothing.
constexpr double kCloseEnough = 0.5;
} // namespace

const CommandEntry* findCommand(CommandTable commands, std::string_view name) {
    const auto found = std::find_if(commands.begin(), commands.end(),
                                    [&](const CommandEntry& entry) { return entry.name == name; });
    return found == commands.end() ? nullptr : &*found;
}

std::string programUsage(CommandTable commands) {
    std::size_t widest = 0;
    for (const CommandEntry& entry : commands)
        widest = std::max(widest, entry.name.size());
    std::string text = "usage: epicsdb <command> [options] [files]\n\ncommands:\n";
    for (const CommandEntry& entry : commands) {
        text += "  ";
        text += entry.name;
        text.append(widest + 3 - entry.name.size(), ' ');
        text += entry.summary;
        text += '\n';
    }
    text += "\n'epicsdb <command> --help' lists a command's options; 'epicsdb help <command>' "
            "shows its\npage. Exit status: 0 success, 1 errors in the input, 2 usage errors or "
            "unreadable files.\n";
    return text;
}

std::string unknownCommand(CommandTable commands, std::string_view name) {
    std::string text = "unknown command '" + std::string(name) + "'";
    const CommandEntry* closest =
        support::bestMatchOf(name, commands, [](const CommandEntry& entry) { return entry.name; });
    if (closest && support::nameSimilarity(name, closest->name) >= kCloseEnough)
        text += "; did you mean '" + std::string(closest->name) + "'?";
    return text;
}

} // namespace epicsdb::tools
