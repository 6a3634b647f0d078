// The load-time check of a JSON link (dbJLinkParse before iocInit), as far as it can be made
// without running link support: EPICS's yajl syntax with its JSON5 extensions and comments,
// and the rule that the outer object names one declared link type.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>

namespace epicsdb::dbstatic {

// Deeper nesting is refused (EPICS has no limit; this one keeps hostile input harmless).
inline constexpr std::size_t kMaxJsonLinkDepth = 1024;

// `text` is the whole stripped link value, '{' to '}'. Returns false on a syntax error, an
// unknown outer link type or a second outer key; `message` (if given) then receives the
// EPICS errlog text, e.g. "dbJLinkInit: Link type 'foo' not found".
bool checkJsonLink(std::string_view text,
                   const std::function<bool(std::string_view)>& isJsonLinkType,
                   std::string* message);

} // namespace epicsdb::dbstatic
