#include "NameGlob.hpp"

#include "ApiError.hpp"

namespace epicsdb::service {

NameGlob NameGlob::parse(std::string_view pattern) {
    if (pattern.empty()) throw badRequest("match is empty (a glob such as demo:* or *:ai?)");
    if (pattern.size() > kMaxGlobLength)
        throw badRequest("match is longer than " + std::to_string(kMaxGlobLength) + " bytes");
    std::size_t wildcards = 0;
    std::size_t prefixEnd = std::string_view::npos;
    for (std::size_t i = 0; i < pattern.size(); ++i) {
        const char c = pattern[i];
        if (c != '*' && c != '?' && c != '[') continue;
        if (prefixEnd == std::string_view::npos) prefixEnd = i;
        if (++wildcards > kMaxGlobWildcards)
            throw badRequest("match has more than " + std::to_string(kMaxGlobWildcards) +
                             " wildcards");
        if (c != '[') continue;
        // A set: [abc], [a-z], [^x]; a ']' right after '[' or '[^' is one of its characters.
        std::size_t j = i + 1;
        if (j < pattern.size() && pattern[j] == '^') ++j;
        if (j < pattern.size() && pattern[j] == ']') ++j;
        while (j < pattern.size() && pattern[j] != ']')
            ++j;
        if (j == pattern.size())
            throw badRequest("match has a '[' that is not closed by ']' (a set such as [0-9])");
        i = j;
    }
    NameGlob glob;
    glob.pattern = std::string(pattern);
    glob.lowest = std::string(pattern.substr(0, prefixEnd));
    // The least text above every text that begins with the prefix: its last byte below 0xFF
    // raised by one, the bytes after it dropped.
    std::string beyond = glob.lowest;
    while (!beyond.empty() && static_cast<unsigned char>(beyond.back()) == 0xFF)
        beyond.pop_back();
    if (!beyond.empty()) {
        beyond.back() = static_cast<char>(static_cast<unsigned char>(beyond.back()) + 1);
        glob.beyond = std::move(beyond);
    }
    return glob;
}

} // namespace epicsdb::service
