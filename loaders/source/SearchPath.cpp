#include "SearchPath.hpp"

#include <epicsdb/CharClass.hpp>
#include <epicsdb/db/EmbeddedDefinitions.hpp>
#include <epicsdb/loaders/LoadEnvironment.hpp>
#include <epicsdb/macLib/MacroTable.hpp>
#include <epicsdb/support/PathList.hpp>

#include <filesystem>
#include <sys/stat.h>

namespace epicsdb::loaders {

namespace {

bool isReadableFile(const std::string& path) {
    struct stat info {};
    return ::stat(path.c_str(), &info) == 0 && !S_ISDIR(info.st_mode);
}
} // namespace

std::vector<std::string> splitDbPath(std::string_view path) {
    return support::splitPathList(path);
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

std::string resolvedIn(std::string_view directory, std::string_view name) {
    if (directory.empty() || directory == "." || (!name.empty() && name.front() == '/'))
        return std::string(name);
    std::string path(directory);
    if (name == ".") { // the directory itself
        if (path.size() > 1 && path.back() == '/') path.pop_back();
        return path;
    }
    if (path.back() != '/') path += '/';
    return path += name;
}

std::string shownPath(const std::string& path) {
    if (path.find("..") == std::string::npos) return path;
    std::string normal = std::filesystem::path(path).lexically_normal().string();
    if (normal.empty()) normal = ".";
    std::error_code ignored;
    if (normal != path && std::filesystem::equivalent(normal, path, ignored)) return normal;
    return path;
}

namespace {
// The first directory of the lists that holds `name`; the load's path is resolved in the
// working directory, the -I directories are not.
std::optional<ResolvedFile> searchDirectories(const std::string& name, const FileSearch& search) {
    for (const auto* list : {&search.path, &search.includeDirs}) {
        const std::string_view base = list == &search.path ? search.workingDirectory : "";
        for (const std::string& dir : *list) {
            std::string candidate = dir + "/" + name;
            if (!base.empty()) candidate = resolvedIn(base, candidate);
            if (!isReadableFile(candidate)) continue;
            std::string shown = dir == "." ? resolvedIn(base, name) : candidate;
            if (!base.empty()) shown = shownPath(shown);
            return ResolvedFile{std::move(candidate), std::move(shown), {}, false};
        }
    }
    return std::nullopt;
}

// Environment references in a file name, as dbLoadRecords expands them; false when one is
// undefined (the open then fails, as in EPICS).
bool expandEnvironment(std::string_view name, const maclib::VariableSource& variables,
                       std::string& out) {
    if (name.find('$') == std::string_view::npos) {
        out.assign(name);
        return true;
    }
    maclib::MacroTable environment(variables);
    environment.suppressWarnings(true);
    out.clear();
    return environment.expand(name, out).ok();
}
} // namespace

FoundFile findFile(std::string_view name, const FileSearch& search, std::string_view what) {
    FoundFile found;
    auto fail = [&](std::string_view why) {
        std::string dirs;
        // The load's path as seen from the process (a startup script's cd resolved).
        for (const std::string& dir : search.path)
            dirs += (dirs.empty() ? "" : ":") +
                    (search.workingDirectory.empty()
                         ? dir
                         : shownPath(resolvedIn(search.workingDirectory, dir)));
        for (const std::string& dir : search.includeDirs)
            dirs += (dirs.empty() ? "" : ":") + dir;
        found.problem = "can't open " + std::string(what) + "\"" + std::string(name) + "\"";
        if (!why.empty())
            found.problem += why;
        else if (!dirs.empty() && search.embedded != FileSearch::Embedded::Only)
            found.problem += " (searched " + dirs + ")";
        return std::move(found);
    };
    std::string expanded;
    if (!expandEnvironment(name, search.environment, expanded))
        return fail(": the name refers to an undefined environment variable");
    const bool embeddedOnly = search.embedded == FileSearch::Embedded::Only;
    const bool hasSlash = expanded.find_first_of("/\\") != std::string::npos;
    // As given when there is nowhere to look or the name has a directory in it; otherwise the
    // first directory that has it (a file in "." is named without "./").
    if (embeddedOnly) {
        // Nothing on disk is looked at.
    } else if ((search.path.empty() && search.includeDirs.empty()) || hasSlash) {
        std::string resolved = resolvedIn(search.workingDirectory, expanded);
        if (isReadableFile(resolved)) {
            std::string shown = search.workingDirectory.empty() ? resolved : shownPath(resolved);
            found.file = ResolvedFile{std::move(resolved), std::move(shown), {}, false};
            return found;
        }
    } else if (auto file = searchDirectories(expanded, search)) {
        found.file = std::move(file);
        return found;
    }
    if (search.embedded != FileSearch::Embedded::Never && !hasSlash) {
        if (auto text = db::embeddedDefinitionFile(expanded)) {
            std::string shown = "<epicsdb>/" + expanded;
            found.file = ResolvedFile{std::move(expanded), std::move(shown), *text, true};
            return found;
        }
    }
    return fail({});
}

} // namespace epicsdb::loaders
