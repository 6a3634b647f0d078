#include "FileCache.hpp"
#include "FileHandle.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <sys/stat.h>

namespace epicsdb::loaders {

// Built aside and put in place at the end: an allocation that fails half-way leaves the file
// unindexed, to be indexed by the next load, not indexed in part.
void CachedFile::indexLines() {
    if (linesIndexed) return;
    const std::string_view all = content();
    std::vector<std::uint32_t> starts;
    std::vector<std::uint8_t> dollar;
    std::uint32_t count = 0;
    std::size_t start = 0;
    while (start < all.size()) {
        std::size_t end = all.find('\n', start);
        const bool newline = end != std::string_view::npos;
        end = newline ? end + 1 : all.size();
        starts.push_back(static_cast<std::uint32_t>(start));
        dollar.push_back(all.substr(start, end - start).find('$') != std::string_view::npos);
        count += newline;
        start = end;
    }
    lineStarts = std::move(starts);
    lineHasDollar = std::move(dollar);
    newlines = count;
    linesIndexed = true;
}

std::shared_ptr<CachedFile> CachedFile::of(std::string_view content) {
    auto file = std::make_shared<CachedFile>();
    file->text.reserve(content.size() + 2);
    file->text.append(content);
    file->text.append(2, '\0');
    file->hasDollar = content.find('$') != std::string_view::npos;
    return file;
}

CachedFile* FileCache::put(const std::string& key, std::string_view content) {
    auto& slot = files_[key];
    if (!slot) slot = CachedFile::of(content);
    return slot.get();
}

CachedFile* FileCache::get(const std::string& path, bool& tooLarge, std::string& error) {
    tooLarge = false;
    if (auto it = files_.find(path); it != files_.end()) return it->second.get();
    // An unsaved text is in memory already: kept whatever its size, never streamed.
    if (overlay_)
        if (const std::optional<std::string_view> text = overlay_->textOf(path)) {
            CachedFile* result = (files_[path] = CachedFile::of(*text)).get();
            return result;
        }
    const FileHandle file = openFile(path, "rb");
    if (!file) {
        error = std::strerror(errno);
        return nullptr;
    }
    struct stat info {};
    if (::fstat(fileno(file.get()), &info) == 0 && S_ISREG(info.st_mode) &&
        static_cast<std::size_t>(info.st_size) > kMaxCachedBytes) {
        tooLarge = true;
        return nullptr;
    }
    auto cached = std::make_shared<CachedFile>();
    std::string& text = cached->text;
    char block[65536];
    std::size_t n;
    while ((n = std::fread(block, 1, sizeof block, file.get())) > 0) {
        text.append(block, n);
        if (text.size() > kMaxCachedBytes) {
            // A pipe or a file that grew: stream it instead.
            tooLarge = true;
            return nullptr;
        }
    }
    if (std::ferror(file.get())) {
        error = "read error";
        return nullptr;
    }
    ++filesRead_;
    bytesRead_ += text.size();
    cached->hasDollar = text.find('$') != std::string::npos;
    text.append(2, '\0');
    CachedFile* result = cached.get();
    files_[path] = std::move(cached);
    return result;
}

} // namespace epicsdb::loaders
