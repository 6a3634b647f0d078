#include "RevisionTree.hpp"

#include "ChildProcess.hpp"

namespace epicsdb::tools {

namespace {
std::string firstLine(const std::string& text) {
    return text.substr(0, text.find('\n'));
}

// `path` relative to `base` when it lies inside it; empty otherwise.
std::filesystem::path inside(const std::filesystem::path& path, const std::filesystem::path& base) {
    std::error_code error;
    const std::filesystem::path full =
        std::filesystem::weakly_canonical(std::filesystem::absolute(path, error), error);
    if (error) return {};
    const std::filesystem::path relative = full.lexically_relative(base);
    if (relative.empty() || *relative.begin() == "..") return {};
    return relative;
}
} // namespace

RevisionTree::RevisionTree(std::string revision, const std::filesystem::path& where)
    : revision_(std::move(revision)) {
    if (!findOnPath("git")) throw RevisionError("--git needs git on PATH");
    std::error_code error;
    std::filesystem::path folder = std::filesystem::absolute(where, error);
    if (!std::filesystem::is_directory(folder, error)) folder = folder.parent_path();
    const ChildResult top =
        runChild({"git", "-C", folder.string(), "rev-parse", "--show-toplevel"});
    if (top.status != 0)
        throw RevisionError("not in a git repository: " + folder.string() + " (" +
                            firstLine(top.err) + ")");
    top_ = std::filesystem::weakly_canonical(firstLine(top.out), error);
    if (revision_.empty() || revision_.front() == '-')
        throw RevisionError("unknown revision '" + revision_ + "'");
    const ChildResult commit = runChild(
        {"git", "-C", top_.string(), "rev-parse", "--verify", "--quiet", revision_ + "^{commit}"});
    if (commit.status != 0)
        throw RevisionError("unknown revision '" + revision_ + "' in " + top_.string());
    const std::string hash = firstLine(commit.out);

    const std::filesystem::path archive = dir_.path() / "revision.tar";
    tree_ = dir_.path() / "tree";
    std::filesystem::create_directories(tree_);
    const ChildResult made = runChild(
        {"git", "-C", top_.string(), "archive", "--format=tar", "-o", archive.string(), hash});
    if (made.status != 0)
        throw RevisionError("git archive " + revision_ + " failed: " + firstLine(made.err));
    const ChildResult unpacked = runChild({"tar", "-xf", archive.string(), "-C", tree_.string()});
    if (unpacked.status != 0)
        throw RevisionError("can't unpack the files of " + revision_ + ": " +
                            firstLine(unpacked.err));
    std::filesystem::remove(archive, error);
}

std::string RevisionTree::map(const std::string& path) const {
    const std::filesystem::path relative = inside(path, top_);
    if (relative.empty()) return path;
    return (tree_ / relative).string();
}

std::string RevisionTree::displayName(std::string_view file) const {
    const std::filesystem::path relative = std::filesystem::path(file).lexically_relative(tree_);
    if (relative.empty() || *relative.begin() == "..") return std::string(file);
    return revision_ + ":" + relative.generic_string();
}

} // namespace epicsdb::tools
