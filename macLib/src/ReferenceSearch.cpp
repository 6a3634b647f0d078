#include <epicsdb/macLib/ReferenceSearch.hpp>

#include <string>

namespace epicsdb::maclib {

namespace {
bool opensReference(std::string_view text, std::size_t at) {
    return text[at] == '$' && at + 1 < text.size() && (text[at + 1] == '(' || text[at + 1] == '{');
}

// Scans one part of a reference from `at` (its name, default or scoped definitions) to the
// first of `stops` outside nested references, or the text's end. As in macLib, the stops
// count even inside quotes.
std::size_t partEnd(std::string_view text, std::size_t at, std::string_view stops);

// The reference whose `$` is at `at` (one opens there).
Reference referenceFrom(std::string_view text, std::size_t at) {
    Reference ref;
    ref.begin = at;
    const char close = text[at + 1] == '(' ? ')' : '}';
    const std::string nameStops{'=', ',', close};
    const std::string valueStops{',', close};
    std::size_t r = at + 2;
    std::size_t end = partEnd(text, r, nameStops);
    ref.name = text.substr(r, end - r);
    if (end < text.size() && text[end] == '=') {
        r = end + 1;
        end = partEnd(text, r, valueStops);
        ref.defaultText = text.substr(r, end - r);
    }
    while (end < text.size() && text[end] == ',') { // scoped definitions: name=value items
        end = partEnd(text, end + 1, nameStops);
        if (end < text.size() && text[end] == '=') end = partEnd(text, end + 1, valueStops);
    }
    ref.end = end < text.size() ? end + 1 : text.size();
    return ref;
}

std::size_t partEnd(std::string_view text, std::size_t at, std::string_view stops) {
    while (at < text.size()) {
        if (stops.find(text[at]) != std::string_view::npos) return at;
        if (opensReference(text, at)) {
            at = referenceFrom(text, at).end;
            continue;
        }
        at += text[at] == '\\' ? 2 : 1;
    }
    return text.size();
}

} // namespace

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

std::vector<Reference> scanReferences(std::string_view text) {
    std::vector<Reference> found;
    char quote = 0;
    for (std::size_t at = 0; at < text.size();) {
        const char c = text[at];
        if (quote && c == quote) {
            quote = 0;
        } else if (!quote && (c == '\'' || c == '"')) {
            quote = c;
        } else if (c == '\\') {
            at += 2;
            continue;
        } else if (quote != '\'' && opensReference(text, at)) {
            found.push_back(referenceFrom(text, at));
            at = found.back().end;
            continue;
        }
        ++at;
    }
    return found;
}

std::optional<Reference> referenceAt(std::string_view text, std::size_t at) {
    if (at >= text.size() || !opensReference(text, at)) return std::nullopt;
    return referenceFrom(text, at);
}

} // namespace epicsdb::maclib
