// File texts read by one Loader, kept for its lifetime so that a template loaded thousands of
// times is read once. Large files are not cached: the reader streams them in chunks.
#pragma once

#include <epicsdb/loaders/FileOverlay.hpp>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace epicsdb::loaders {

// Shared: a Provenance keeps the texts of the files its statements are in (shared_from_this).
struct CachedFile : std::enable_shared_from_this<CachedFile> {
    std::string text; // the file's bytes followed by two NULs (for the scanner)
    bool hasDollar = false;
    bool observed = false; // a LoadObserver was shown it
    // Where each line starts and whether it holds a '$', worked out once for every load.
    std::vector<std::uint32_t> lineStarts;
    std::vector<std::uint8_t> lineHasDollar;
    std::uint32_t newlines = 0;
    bool linesIndexed = false;
    void indexLines();
    [[nodiscard]] std::string_view content() const noexcept {
        return {text.data(), text.size() - 2};
    }
    // A cached file of `content` (the text and the two NULs).
    [[nodiscard]] static std::shared_ptr<CachedFile> of(std::string_view content);
};

class FileCache {
public:
    // `overlay` (may be null) gives the texts read instead of files on disk.
    explicit FileCache(const FileOverlay* overlay = nullptr) noexcept : overlay_(overlay) {}
    static constexpr std::size_t kMaxCachedBytes = 4u << 20;

    // The cached text of `path`; reads it on first use (the overlay's text when it has one). Null
    // when the file cannot be read or is larger than kMaxCachedBytes (then `tooLarge` is set).
    CachedFile* get(const std::string& path, bool& tooLarge, std::string& error);
    // A text that does not come from disk (embedded definitions, stdin, text in memory).
    CachedFile* put(const std::string& key, std::string_view content);

    [[nodiscard]] std::size_t filesRead() const noexcept { return filesRead_; }
    [[nodiscard]] std::size_t bytesRead() const noexcept { return bytesRead_; }

private:
    const FileOverlay* overlay_ = nullptr;
    std::unordered_map<std::string, std::shared_ptr<CachedFile>> files_;
    std::size_t filesRead_ = 0;
    std::size_t bytesRead_ = 0;
};

} // namespace epicsdb::loaders
