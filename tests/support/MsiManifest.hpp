// ../shared/corpus/expected/MANIFEST.tsv: each real substitution file's copy (template paths
// made relative to the corpus folder) with the msi arguments EPICS's msi was run with, from
// the corpus folder, and the name of its expected output.
#pragma once

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace epicsdb::test {

struct MsiManifestRow {
    std::string expected;                 // the expected output, in expected/
    std::vector<std::string> args;        // msi's arguments, as given
    std::string substitutions;            // the -S file, relative to the corpus folder
    std::vector<std::string> includeDirs; // the -I folders, likewise
};

inline std::vector<MsiManifestRow> readMsiManifest(const std::filesystem::path& path) {
    std::vector<MsiManifestRow> rows;
    std::ifstream in(path);
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line[0] == '#') continue;
        const auto tab = line.find('\t');
        if (tab == std::string::npos) continue;
        MsiManifestRow row;
        row.expected = line.substr(0, tab);
        std::istringstream words(line.substr(tab + 1));
        for (std::string word; words >> word;) {
            if (word.rfind("-S", 0) == 0) row.substitutions = word.substr(2);
            if (word.rfind("-I", 0) == 0) row.includeDirs.push_back(word.substr(2));
            row.args.push_back(word);
        }
        rows.push_back(std::move(row));
    }
    return rows;
}

} // namespace epicsdb::test
