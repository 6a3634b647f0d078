#include "MsiFiles.hpp"

#include "source/TextFile.hpp"

#include <cstdio>

namespace epicsdb::loaders {

void appendMsiIncludePath(std::string_view value, std::vector<std::string>& list) {
    // msi's walk: an element that starts with ':' is "."; after a named element its ':' is
    // skipped unless it is the last character (which then makes a "." of its own).
    std::size_t at = 0;
    while (at < value.size()) {
        if (value[at] == ':') {
            ++at;
            list.emplace_back(".");
            continue;
        }
        const std::size_t colon = value.find(':', at);
        if (colon == std::string_view::npos) {
            list.emplace_back(value.substr(at));
            break;
        }
        list.emplace_back(value.substr(at, colon - at));
        at = colon + 1 < value.size() ? colon + 1 : colon;
    }
}

const MsiTemplate* MsiFiles::load(const std::string& path) {
    auto known = byPath_.find(path);
    if (known != byPath_.end()) return known->second.get();
    std::string text;
    std::string error;
    if (!readTextFile(path, text, error)) return nullptr;
    auto prepared = std::make_unique<MsiTemplate>(std::move(text));
    const MsiTemplate* file = prepared.get();
    byPath_.emplace(path, std::move(prepared));
    return file;
}

std::optional<MsiOpened> MsiFiles::open(const std::string& name) {
    auto known = byName_.find(name);
    if (known != byName_.end()) return MsiOpened{known->second.file, known->second.shownName};
    const MsiTemplate* file = nullptr;
    std::string shown;
    if (searchList_.empty() || name.find('/') != std::string::npos) {
        file = load(name);
        shown = name;
    } else {
        for (const std::string& dir : searchList_) {
            std::string candidate = dir + "/" + name;
            if ((file = load(candidate))) {
                shown = std::move(candidate);
                break;
            }
        }
    }
    if (!file) return std::nullopt;
    auto& entry = byName_.emplace(name, Resolved{file, std::move(shown)}).first->second;
    return MsiOpened{entry.file, entry.shownName};
}

MsiOpened MsiFiles::openStandardInput(const std::function<std::string()>& read) {
    if (!standardInput_) {
        std::string text;
        if (read) {
            text = read();
        } else {
            char block[65536];
            std::size_t n;
            while ((n = std::fread(block, 1, sizeof block, stdin)) > 0)
                text.append(block, n);
        }
        standardInput_ = std::make_unique<MsiTemplate>(std::move(text));
    }
    return {standardInput_.get(), "stdin"};
}

} // namespace epicsdb::loaders
