// Lines of the files the index keeps (files.text), for the text of a statement and for
// /files?path=&from=&to=. A line of a small file is found by reading the file; a large file's
// line starts are found once per content (its hash) and kept, within a budget of memory shared
// by every request (the least recently used go first), so a line near the end of a file of a
// million records costs one small read, not the whole file.
#pragma once

#include "Sql.hpp"

#include <cstdint>
#include <list>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

namespace epicsdb::service {

class FileLines {
public:
    explicit FileLines(std::size_t budgetBytes = std::size_t{64} << 20) : budget_(budgetBytes) {}

    // Lines `first` to `last` (1-based, inclusive; `last` past the end stops at the end) of the
    // file `fileId` whose content hash is `hash`, joined by their newlines, without the last
    // one's. Empty when `first` is past the end.
    [[nodiscard]] std::string lines(Reader& reader, std::int64_t fileId, const std::string& hash,
                                    std::uint64_t first, std::uint64_t last);
    [[nodiscard]] std::string line(Reader& reader, std::int64_t fileId, const std::string& hash,
                                   std::uint64_t number) {
        return lines(reader, fileId, hash, number, number);
    }

private:
    using Starts = std::vector<std::uint64_t>;
    [[nodiscard]] std::shared_ptr<const Starts> startsOf(const TextBlob& text,
                                                         const std::string& hash);

    std::size_t budget_;
    std::mutex mutex_;
    std::size_t used_ = 0;
    std::list<std::string> recent_; // hashes, most recently used first
    struct Entry {
        std::shared_ptr<const Starts> starts;
        std::list<std::string>::iterator place;
    };
    std::unordered_map<std::string, Entry> entries_;
};

} // namespace epicsdb::service
