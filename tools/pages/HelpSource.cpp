#include "HelpSource.hpp"

#include <algorithm>

namespace epicsdb::pages {

namespace {
// The shortest of "page", "page1", "page2", ... that cannot close the literal early.
std::string delimiterFor(const std::string& text) {
    std::string delimiter = "page";
    for (int attempt = 1; text.find(")" + delimiter + "\"") != std::string::npos; ++attempt)
        delimiter = "page" + std::to_string(attempt);
    return delimiter;
}
} // namespace

std::string helpPagesSource(std::vector<RenderedPage> pages) {
    std::sort(pages.begin(), pages.end(),
              [](const RenderedPage& a, const RenderedPage& b) { return a.command < b.command; });
    std::string code = "// Generated from the guide's pages by epicsdb-pages (tools/pages): do not "
                       "edit.\n#include \"HelpPages.hpp\"\n\nnamespace epicsdb::tools {\n\n";
    if (pages.empty()) {
        code += "std::span<const HelpPage> helpPages() noexcept { return {}; }\n";
    } else {
        code += "namespace {\n\nconstexpr HelpPage kPages[] = {\n";
        for (const RenderedPage& page : pages) {
            const std::string delimiter = delimiterFor(page.text);
            code += "    {\"" + page.command + "\",\n     R\"" + delimiter + "(" + page.text + ")" +
                    delimiter + "\"},\n";
        }
        code += "};\n\n} // namespace\n\n"
                "std::span<const HelpPage> helpPages() noexcept { return kPages; }\n";
    }
    code += "\n} // namespace epicsdb::tools\n";
    return code;
}

} // namespace epicsdb::pages
