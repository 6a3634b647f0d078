// The files of a git revision, for diff --git: exported into a temporary directory that
// mirrors the repository (read-tree and checkout-index through an index of its own, so the
// working tree, index and HEAD are not touched),
// and paths of the working tree mapped onto it. Removed when it goes.
#pragma once

#include "TempDir.hpp"

#include <filesystem>
#include <stdexcept>
#include <string>
#include <string_view>

namespace epicsdb::tools {

// Why the revision's files could not be had (not a repository, unknown revision, git absent).
class RevisionError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};
// The place given is in no git repository.
class NotInRepository : public RevisionError {
public:
    using RevisionError::RevisionError;
};

class RevisionTree {
public:
    // The repository that holds `inside` (a file or folder); throws RevisionError.
    RevisionTree(std::string revision, const std::filesystem::path& inside);

    // A path of the working tree (relative to the current directory or absolute): the same
    // path in the export when it lies inside the repository, else itself.
    [[nodiscard]] std::string map(const std::string& path) const;
    // A file name in the export shown as the user knows it: "REV:path/in/repo"; other names
    // as they are.
    [[nodiscard]] std::string displayName(std::string_view file) const;
    [[nodiscard]] const std::string& revision() const noexcept { return revision_; }
    // The repository's top folder (the working tree).
    [[nodiscard]] const std::filesystem::path& top() const noexcept { return top_; }

private:
    std::string revision_;
    std::filesystem::path top_;
    TempDir dir_;
    std::filesystem::path tree_;
};

} // namespace epicsdb::tools
