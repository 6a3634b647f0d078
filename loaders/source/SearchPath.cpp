#include "SearchPath.hpp"

#include <epicsdb/db/EmbeddedDefinitions.hpp>

#include <sys/stat.h>

namespace epicsdb::loaders {

namespace {
bool isSpace(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

bool isReadableFile(const std::string& path) {
    struct stat info {};
    return ::stat(path.c_str(), &info) == 0 && !S_ISDIR(info.st_mode);
}
} // namespace

std::vector<std::string> splitDbPath(std::string_view path) {
    std::vector<std::string> dirs;
    bool sawEmpty = false;
    std::size_t start = 0;
    while (start <= path.size()) {
        std::size_t stop = path.find(':', start);
        if (stop == std::string_view::npos) stop = path.size();
        std::string_view element = path.substr(start, stop - start);
        // Leading whitespace is skipped; whitespace before a separator ends the element there
        // and counts as an empty element (the quirk of SPEC 3.1).
        while (!element.empty() && isSpace(element.front()))
            element.remove_prefix(1);
        std::size_t end = 0;
        while (end < element.size() && !isSpace(element[end]))
            ++end;
        const bool trailingSpace = end < element.size();
        element = element.substr(0, end);
        if (element.empty() || trailingSpace) sawEmpty = true;
        if (!element.empty()) dirs.emplace_back(element);
        if (stop == path.size()) break;
        start = stop + 1;
    }
    if (sawEmpty) dirs.emplace_back(".");
    return dirs;
}

std::vector<std::string> splitMsiPath(std::string_view path) {
    std::vector<std::string> dirs;
    std::size_t start = 0;
    for (;;) {
        std::size_t stop = path.find(':', start);
        std::string_view element = path.substr(
            start, stop == std::string_view::npos ? std::string_view::npos : stop - start);
        dirs.emplace_back(element.empty() ? std::string_view(".") : element);
        if (stop == std::string_view::npos) break;
        start = stop + 1;
    }
    return dirs;
}

std::optional<ResolvedFile> resolveFile(std::string_view name, const std::vector<std::string>& dirs,
                                        bool embeddedFallback) {
    const std::string fileName(name);
    const bool hasSlash = name.find_first_of("/\\") != std::string_view::npos;
    if (dirs.empty() || hasSlash) {
        if (isReadableFile(fileName)) return ResolvedFile{fileName, fileName, {}, false};
    } else {
        for (const std::string& dir : dirs) {
            std::string candidate = dir + "/" + fileName;
            if (isReadableFile(candidate)) {
                std::string shown = dir == "." ? fileName : candidate;
                return ResolvedFile{std::move(candidate), std::move(shown), {}, false};
            }
        }
    }
    if (embeddedFallback && !hasSlash) {
        if (auto text = db::embeddedDefinitionFile(name))
            return ResolvedFile{fileName, "<epicsdb>/" + fileName, *text, true};
    }
    return std::nullopt;
}

} // namespace epicsdb::loaders
