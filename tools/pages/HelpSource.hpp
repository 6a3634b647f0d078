// The C++ source that builds the commands' pages into epicsdb (HelpPages.hpp's helpPages()).
#pragma once

#include <string>
#include <vector>

namespace epicsdb::pages {

struct RenderedPage {
    std::string command;
    std::string text; // as `epicsdb help COMMAND` prints it
};

// Each text a raw string literal whose delimiter does not occur in it; the pages in the order
// of their commands' names.
[[nodiscard]] std::string helpPagesSource(std::vector<RenderedPage> pages);

} // namespace epicsdb::pages
