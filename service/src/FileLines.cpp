#include "FileLines.hpp"

#include <algorithm>

namespace epicsdb::service {

namespace {
// Files up to this size are kept whole; larger ones only their line starts.
constexpr std::uint64_t kSmallFile = 256 * 1024;
constexpr std::uint64_t kChunk = 256 * 1024;

void addStarts(std::string_view chunk, std::uint64_t offset, std::vector<std::uint64_t>& starts) {
    for (std::size_t i = chunk.find('\n'); i != std::string_view::npos; i = chunk.find('\n', i + 1))
        starts.push_back(offset + i + 1);
}

// Lines `first` to `last` of a text of `size` bytes whose lines start at `starts`, as the range
// of bytes they take (without the last one's line end); an empty range when `first` is past
// the end.
std::pair<std::uint64_t, std::uint64_t> range(const std::vector<std::uint64_t>& starts,
                                              std::uint64_t size, std::uint64_t first,
                                              std::uint64_t last) {
    if (first == 0 || first > starts.size() || starts[first - 1] >= size) return {0, 0};
    last = std::min<std::uint64_t>(last, starts.size());
    return {starts[first - 1], last < starts.size() ? starts[last] : size};
}

void dropLineEnd(std::string& text) {
    if (!text.empty() && text.back() == '\n') text.pop_back();
    if (!text.empty() && text.back() == '\r') text.pop_back();
}
} // namespace

std::string FileLines::lines(Reader& reader, std::int64_t fileId, const std::string& hash,
                             std::uint64_t first, std::uint64_t last) {
    if (first == 0 || last < first) return {};
    std::shared_ptr<const Known> known = find(hash);
    if (!known) {
        auto found = std::make_shared<Known>();
        const TextBlob blob = reader.fileText(fileId);
        found->size = blob.size();
        found->starts.push_back(0);
        if (found->size <= kSmallFile) {
            blob.read(0, found->size, found->text);
            addStarts(found->text, 0, found->starts);
        } else {
            std::string chunk;
            for (std::uint64_t offset = 0; offset < found->size; offset += kChunk) {
                chunk.clear();
                blob.read(offset, std::min(kChunk, found->size - offset), chunk);
                addStarts(chunk, offset, found->starts);
            }
        }
        keep(hash, found);
        known = std::move(found);
    }
    const auto [begin, end] = range(known->starts, known->size, first, last);
    std::string out;
    if (begin == end) return out;
    if (!known->text.empty() || known->size == 0)
        out.assign(known->text, begin, end - begin);
    else
        reader.fileText(fileId).read(begin, end - begin, out);
    dropLineEnd(out);
    return out;
}

std::shared_ptr<const FileLines::Known> FileLines::find(const std::string& hash) {
    const std::lock_guard lock(mutex_);
    const auto found = entries_.find(hash);
    if (found == entries_.end()) return nullptr;
    recent_.splice(recent_.begin(), recent_, found->second.place);
    return found->second.known;
}

void FileLines::keep(const std::string& hash, std::shared_ptr<const Known> known) {
    // Found outside the lock: two requests may find the same file at once; one is kept.
    const std::size_t cost = known->cost();
    const std::lock_guard lock(mutex_);
    if (cost > budget_ || entries_.contains(hash)) return;
    while (used_ + cost > budget_ && !recent_.empty()) {
        const auto oldest = entries_.find(recent_.back());
        used_ -= oldest->second.known->cost();
        entries_.erase(oldest);
        recent_.pop_back();
    }
    recent_.push_front(hash);
    entries_.emplace(hash, Entry{std::move(known), recent_.begin()});
    used_ += cost;
}

} // namespace epicsdb::service
