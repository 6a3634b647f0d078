// Lookup of an embedded definition file by name. The table itself is generated at build time
// (EmbeddedDefinitionFiles.cpp, from db/cmake/EmbedDefinitions.cmake).
#include <epicsdb/db/EmbeddedDefinitions.hpp>

#include <algorithm>

namespace epicsdb::db {

std::optional<std::string_view> embeddedDefinitionFile(std::string_view fileName) noexcept {
    const auto files = embeddedDefinitionFiles();
    // The table is sorted by name (the generator sorts it; a test checks it).
    const auto it = std::ranges::lower_bound(files, fileName, {}, &EmbeddedFile::name);
    if (it == files.end() || it->name != fileName) return std::nullopt;
    return it->content;
}

} // namespace epicsdb::db
