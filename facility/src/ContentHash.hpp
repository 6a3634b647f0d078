// The content hash of the files an IOC read: XXH3-128 (xxHash, used header-only), as 32
// lower-case hex digits. Fast enough that checking a whole facility for changes costs little
// more than reading its files.
#pragma once

#include <string>
#include <string_view>

namespace epicsdb::facility {

[[nodiscard]] std::string contentHash(std::string_view bytes);

} // namespace epicsdb::facility
