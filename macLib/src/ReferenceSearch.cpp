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

std::vector<std::string_view> referencedNames(std::string_view text) {
    std::vector<std::string_view> names;
    for (std::size_t at = text.find('$'); at != std::string_view::npos;
         at = text.find('$', at + 1)) {
        if (at + 1 >= text.size() || (text[at + 1] != '(' && text[at + 1] != '{')) continue;
        const char close = text[at + 1] == '(' ? ')' : '}';
        const std::size_t begin = at + 2;
        std::size_t end = begin;
        while (end < text.size() && text[end] != close && text[end] != '=' && text[end] != ',' &&
               text[end] != '$')
            ++end;
        if (end < text.size() && end > begin && text[end] != '$')
            names.push_back(text.substr(begin, end - begin));
    }
    return names;
}

} // namespace epicsdb::maclib
