// The guide's page of each epicsdb command (docs/guide/COMMAND.md) as plain text, built into
// the program: tools/pages renders the pages at build time (tools/CMakeLists.txt).
#pragma once

#include <span>
#include <string_view>

namespace epicsdb::tools {

struct HelpPage {
    std::string_view command;
    std::string_view text;
};

// In the order of the commands' names. A build made without a command's page has none for it.
[[nodiscard]] std::span<const HelpPage> helpPages() noexcept;

} // namespace epicsdb::tools
