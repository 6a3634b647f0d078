// Man pages from the guide, through go-md2man: its Markdown input for a command's page and for
// the program's own page epicsdb(1), and the repair of its roff where text would be taken for
// requests.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace epicsdb::pages {

// What the header and the NAME section of a man page say.
struct ManHeader {
    std::string name;    // "epicsdb-lint", "msi"
    std::string summary; // the NAME line's description
    std::string source;  // "epicsdb 0.1.0", the footer
};

// `page` (a guide page: `# epicsdb lint` then `## Synopsis`, ...) as go-md2man's input: the
// title line becomes the man page's header and NAME section, what comes before the first
// section opens the DESCRIPTION, the sections' names are in capitals, tables of two columns
// become tagged paragraphs (as man pages list options), links to other pages of the guide
// become their text, and `seeAlso` (man pages: "epicsdb(1)") ends the SEE ALSO section, which
// is added when the page has none. Throws std::runtime_error when the page has no title line.
[[nodiscard]] std::string commandManSource(std::string_view page, const ManHeader& header,
                                           std::string_view seeAlso);

struct CommandSummary {
    std::string name;
    std::string summary;
};

// epicsdb(1): the synopsis, the commands with their summaries (each a page of its own), the
// exit statuses and the other pages.
[[nodiscard]] std::string programManSource(const ManHeader& header,
                                           const std::vector<CommandSummary>& commands,
                                           std::string_view seeAlso);

// go-md2man's (2.0.2) roff, repaired: a line of a code block that starts with '.' or '\''
// (../bin/ioc st.cmd) guarded by \&, else roff takes it for a request and drops it; a web
// address written as itself given once, not twice; the text left-aligned and not hyphenated.
[[nodiscard]] std::string repairedRoff(std::string_view roff);

} // namespace epicsdb::pages
