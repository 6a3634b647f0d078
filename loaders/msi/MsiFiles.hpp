// How msi finds and reads templates: its -I search list (split with msi's own rules, which are
// not dbLoadRecords'), its open rule (a name with '/' or an empty list: as given; otherwise the
// first dir/name that opens), and a cache of prepared templates, so a template expanded for
// every set of a substitution file is read and prepared once.
#pragma once

#include "MsiTemplate.hpp"

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace epicsdb::loaders {

// Appends the directories of one -I value: split on ':'; an empty element is "." where it
// stands, except that a trailing ':' adds one "." however many there are ("a::" is [a, .]).
void appendMsiIncludePath(std::string_view value, std::vector<std::string>& list);

struct MsiOpened {
    const MsiTemplate* file = nullptr;
    std::string_view shownName; // the name msi records: "dir/name", the name as given, "stdin"
};

class MsiFiles {
public:
    explicit MsiFiles(std::vector<std::string> searchList) : searchList_(std::move(searchList)) {}

    // Opens `name` as msi does; nullopt when no candidate opens.
    std::optional<MsiOpened> open(const std::string& name);
    // Standard input, read once through `read`.
    MsiOpened openStandardInput(const std::function<std::string()>& read);

private:
    struct Resolved {
        const MsiTemplate* file;
        std::string shownName;
    };

    const MsiTemplate* load(const std::string& path);

    std::vector<std::string> searchList_;
    std::unordered_map<std::string, Resolved> byName_;
    std::unordered_map<std::string, std::unique_ptr<MsiTemplate>> byPath_;
    std::unique_ptr<MsiTemplate> standardInput_;
};

} // namespace epicsdb::loaders
