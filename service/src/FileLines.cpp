#include "FileLines.hpp"

#include <algorithm>

namespace epicsdb::service {

namespace {
// Files up to this size are read whole to find a line; larger ones get their line starts kept.
constexpr std::uint64_t kSmallFile = 256 * 1024;
constexpr std::uint64_t kChunk = 256 * 1024;

// The offsets where each line of `text` starts (the first is 0).
std::vector<std::uint64_t> lineStarts(const TextBlob& text) {
    std::vector<std::uint64_t> starts{0};
    std::string chunk;
    for (std::uint64_t offset = 0; offset < text.size(); offset += kChunk) {
        chunk.clear();
        text.read(offset, std::min(kChunk, text.size() - offset), chunk);
        for (std::size_t i = chunk.find('\n'); i != std::string::npos; i = chunk.find('\n', i + 1))
            starts.push_back(offset + i + 1);
    }
    return starts;
}

// The lines from `first` to `last` of a text whose line starts are `starts`.
std::string cut(const TextBlob& text, const std::vector<std::uint64_t>& starts, std::uint64_t first,
                std::uint64_t last) {
    std::string out;
    if (first == 0 || first > starts.size() || starts[first - 1] >= text.size()) return out;
    last = std::min<std::uint64_t>(last, starts.size());
    const std::uint64_t begin = starts[first - 1];
    std::uint64_t end = last < starts.size() ? starts[last] : text.size();
    text.read(begin, end - begin, out);
    if (!out.empty() && out.back() == '\n') out.pop_back();
    if (!out.empty() && out.back() == '\r') out.pop_back();
    return out;
}
} // namespace

std::string FileLines::lines(Reader& reader, std::int64_t fileId, const std::string& hash,
                             std::uint64_t first, std::uint64_t last) {
    if (first == 0 || last < first) return {};
    const TextBlob text = reader.fileText(fileId);
    if (text.size() <= kSmallFile) return cut(text, lineStarts(text), first, last);
    const std::shared_ptr<const Starts> starts = startsOf(text, hash);
    return cut(text, *starts, first, last);
}

std::shared_ptr<const FileLines::Starts> FileLines::startsOf(const TextBlob& text,
                                                             const std::string& hash) {
    {
        const std::lock_guard lock(mutex_);
        if (auto found = entries_.find(hash); found != entries_.end()) {
            recent_.splice(recent_.begin(), recent_, found->second.place);
            return found->second.starts;
        }
    }
    // Found outside the lock: two requests may find the same starts at once; one is kept.
    auto starts = std::make_shared<const Starts>(lineStarts(text));
    const std::size_t cost = starts->size() * sizeof(std::uint64_t);
    const std::lock_guard lock(mutex_);
    if (cost > budget_ || entries_.contains(hash)) return starts;
    while (used_ + cost > budget_ && !recent_.empty()) {
        auto oldest = entries_.find(recent_.back());
        used_ -= oldest->second.starts->size() * sizeof(std::uint64_t);
        entries_.erase(oldest);
        recent_.pop_back();
    }
    recent_.push_front(hash);
    entries_.emplace(hash, Entry{starts, recent_.begin()});
    used_ += cost;
    return starts;
}

} // namespace epicsdb::service
