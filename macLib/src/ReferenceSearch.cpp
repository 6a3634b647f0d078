#include <epicsdb/macLib/ReferenceSearch.hpp>

namespace epicsdb::maclib {

std::optional<std::size_t> findReference(std::string_view text, std::string_view name) noexcept {
    for (std::size_t at = text.find('$'); at != std::string_view::npos;
         at = text.find('$', at + 1)) {
        if (at + 1 >= text.size() || (text[at + 1] != '(' && text[at + 1] != '{')) continue;
        const char close = text[at + 1] == '(' ? ')' : '}';
        const std::string_view rest = text.substr(at + 2);
        if (rest.substr(0, name.size()) != name) continue;
        const std::size_t end = name.size();
        if (end < rest.size() && (rest[end] == close || rest[end] == '=' || rest[end] == ','))
            return at;
    }
    return std::nullopt;
}

} // namespace epicsdb::maclib
