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
        throw NotInRepository("not in a git repository: " + folder.string() + " (" +
                              firstLine(top.err) + ")");
    top_ = std::filesystem::weakly_canonical(firstLine(top.out), error);
    if (revision_.empty() || revision_.front() == '-')
        throw RevisionError("unknown revision '" + revision_ + "'");
    const ChildResult commit = runChild(
        {"git", "-C", top_.string(), "rev-parse", "--verify", "--quiet", revision_ + "^{commit}"});
    if (commit.status != 0)
        throw RevisionError("unknown revision '" + revision_ + "' in " + top_.string());
    const std::string hash = firstLine(commit.out);

    // The revision's files as a checkout would write them, through an index of our own (the
    // repository's index, working tree and HEAD are not touched). Not `git archive`: it
    // leaves out what .gitattributes marks export-ignore and rewrites export-subst files.
    tree_ = dir_.path() / "tree";
    std::filesystem::create_directories(tree_);
    ChildSetup ownIndex;
    ownIndex.environment = {"GIT_INDEX_FILE=" + (dir_.path() / "index").string()};
    const ChildResult read = runChild({"git", "-C", top_.string(), "read-tree", hash}, ownIndex);
    if (read.status != 0)
        throw RevisionError("git read-tree " + revision_ + " failed: " + firstLine(read.err));
    const ChildResult written = runChild({"git", "-C", top_.string(), "checkout-index", "--all",
                                          "--force", "--prefix=" + tree_.string() + "/"},
                                         ownIndex);
    if (written.status != 0)
        throw RevisionError("can't write the files of " + revision_ + ": " +
                            firstLine(written.err));
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
