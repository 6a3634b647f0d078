#include "SourceManager.hpp"

#include <epicsdb/support/Newlines.hpp>

#include <algorithm>
#include <cstring>

namespace epicsdb::loaders {

void SourceManager::reset(std::span<const ContextFrame> outer) {
    for (std::size_t i = 0; i < used_; ++i) {
        for (Chunk& chunk : sources_[i]->chunks)
            recycleBuffer(std::move(chunk.storage));
        sources_[i]->chunks.clear();
    }
    used_ = 0;
    outerContext = outer;
}

std::uint32_t SourceManager::addSource(std::string_view name, const Position* parent,
                                       std::string_view relation) {
    if (used_ == sources_.size()) sources_.push_back(std::make_unique<SourceInfo>());
    SourceInfo& info = *sources_[used_];
    info.name.assign(name);
    info.relation.assign(relation);
    info.hasParent = parent != nullptr;
    info.parent = parent ? *parent : Position{};
    info.chunks.clear();
    info.lineStarts = nullptr;
    info.rawText = {};
    info.rawLineStarts = nullptr;
    info.cursorOffset = 0;
    info.cursorLine = 1;
    return static_cast<std::uint32_t>(used_++);
}

Chunk& SourceManager::addChunk(std::uint32_t source, std::uint32_t firstLine,
                               std::unique_ptr<std::string> storage, char* data,
                               std::uint32_t size) {
    SourceInfo& info = *sources_[source];
    std::uint32_t base = 0;
    if (!info.chunks.empty()) {
        const Chunk& last = info.chunks.back();
        base = last.base + last.size;
    }
    Chunk& chunk = info.chunks.emplace_back();
    chunk.base = base;
    chunk.firstLine = firstLine;
    chunk.size = size;
    chunk.data = data;
    chunk.storage = std::move(storage);
    return chunk;
}

void SourceManager::releaseOldChunks() {
    for (std::size_t i = 0; i < used_; ++i) {
        SourceInfo* info = sources_[i].get();
        while (info->chunks.size() > 1) {
            if (info->chunks.front().storage)
                spareBuffers_.push_back(std::move(info->chunks.front().storage));
            info->chunks.pop_front();
        }
    }
}

std::unique_ptr<std::string> SourceManager::takeBuffer() {
    if (spareBuffers_.empty()) return std::make_unique<std::string>();
    auto buffer = std::move(spareBuffers_.back());
    spareBuffers_.pop_back();
    buffer->clear();
    return buffer;
}

const Chunk* SourceManager::chunkOf(const SourceInfo& info, std::uint32_t offset) const {
    for (const Chunk& chunk : info.chunks)
        if (offset >= chunk.base && offset <= chunk.base + chunk.size) return &chunk;
    return nullptr;
}

std::uint32_t SourceManager::lineOf(Position position) {
    SourceInfo& info = *sources_[position.source];
    if (info.lineStarts && info.chunks.size() == 1 && !info.lineStarts->empty()) {
        const auto& starts = *info.lineStarts;
        const std::uint32_t at = position.offset - info.chunks.front().base;
        return info.chunks.front().firstLine - 1 +
               static_cast<std::uint32_t>(std::upper_bound(starts.begin(), starts.end(), at) -
                                          starts.begin());
    }
    const Chunk* chunk = chunkOf(info, position.offset);
    if (!chunk) return 0;
    // Move the cursor from where it is (forward, or back a little: a statement's earlier
    // token asked after a later one); otherwise count from the chunk start.
    std::uint32_t line = chunk->firstLine;
    if (info.cursorOffset >= chunk->base && info.cursorOffset <= position.offset) {
        line = info.cursorLine +
               support::countNewlines(chunk->data + (info.cursorOffset - chunk->base),
                                      chunk->data + (position.offset - chunk->base));
    } else if (info.cursorOffset > position.offset &&
               info.cursorOffset - position.offset < position.offset - chunk->base &&
               info.cursorOffset <= chunk->base + chunk->size) {
        line = info.cursorLine -
               support::countNewlines(chunk->data + (position.offset - chunk->base),
                                      chunk->data + (info.cursorOffset - chunk->base));
    } else {
        line += support::countNewlines(chunk->data, chunk->data + (position.offset - chunk->base));
    }
    info.cursorOffset = position.offset;
    info.cursorLine = line;
    return line;
}

StatementSite SourceManager::siteOf(Position position) {
    StatementSite site{position.source, 0, 0};
    SourceInfo& info = *sources_[position.source];
    if (info.lineStarts && info.chunks.size() == 1 && !info.lineStarts->empty()) {
        const auto& starts = *info.lineStarts;
        const std::uint32_t at = position.offset - info.chunks.front().base;
        const auto next = std::upper_bound(starts.begin(), starts.end(), at);
        site.line =
            info.chunks.front().firstLine - 1 + static_cast<std::uint32_t>(next - starts.begin());
        site.column = at - *(next - 1) + 1;
        return site;
    }
    site.line = lineOf(position);
    if (const Chunk* chunk = chunkOf(info, position.offset)) {
        const std::uint32_t at = position.offset - chunk->base;
        const std::size_t newline = std::string_view(chunk->data, at).rfind('\n');
        site.column =
            at - (newline == std::string_view::npos ? 0 : static_cast<std::uint32_t>(newline) + 1) +
            1;
    }
    return site;
}

void SourceManager::locate(Position position, SourceLocation& where, std::string* lineText,
                           std::vector<ContextFrame>* context) {
    SourceInfo& info = *sources_[position.source];
    where.file = info.name;
    where.line = lineOf(position);
    where.column = 0;
    if (const Chunk* chunk = chunkOf(info, position.offset)) {
        const char* data = chunk->data;
        const std::uint32_t at = position.offset - chunk->base;
        std::uint32_t start = at;
        if (info.lineStarts && info.chunks.size() == 1 && !info.lineStarts->empty()) {
            const auto& starts = *info.lineStarts;
            start = *(std::upper_bound(starts.begin(), starts.end(), at) - 1);
        } else {
            while (start > 0 && data[start - 1] != '\n')
                --start;
        }
        std::uint32_t stop = at;
        while (stop < chunk->size && data[stop] != '\n')
            ++stop;
        where.column = at - start + 1;
        if (lineText) {
            lineText->assign(data + start, stop - start);
            if (!lineText->empty() && lineText->back() == '\r') lineText->pop_back();
        }
    }
    if (context) {
        auto chain = chainOf(position.source);
        context->insert(context->end(), chain.begin(), chain.end());
    }
}

std::optional<std::string_view> SourceManager::fileLine(Position position,
                                                        std::uint32_t line) const {
    const SourceInfo& info = *sources_[position.source];
    const Chunk* chunk = chunkOf(info, position.offset);
    if (!chunk) return std::nullopt;
    std::string_view text;
    if (!chunk->expanded) {
        // The chunk is the file's text: the line around the position.
        const std::string_view data(chunk->data, chunk->size);
        const std::size_t at = position.offset - chunk->base;
        const std::size_t start = data.rfind('\n', at == 0 ? 0 : at - 1);
        const std::size_t begin = at == 0 || start == std::string_view::npos ? 0 : start + 1;
        text = data.substr(begin, data.find('\n', at) - begin);
    } else if (info.rawLineStarts && line >= 1 && line <= info.rawLineStarts->size()) {
        const std::size_t begin = (*info.rawLineStarts)[line - 1];
        text = info.rawText.substr(begin, info.rawText.find('\n', begin) - begin);
    } else {
        return std::nullopt;
    }
    if (!text.empty() && text.back() == '\r') text.remove_suffix(1);
    return text;
}

std::vector<ContextFrame> SourceManager::chainOf(std::uint32_t source) {
    std::vector<ContextFrame> chain;
    const SourceInfo* current = sources_[source].get();
    while (current->hasParent) {
        ContextFrame frame;
        frame.relation = current->relation;
        locate(current->parent, frame.location, nullptr, nullptr);
        chain.push_back(std::move(frame));
        current = sources_[current->parent.source].get();
    }
    chain.insert(chain.end(), outerContext.begin(), outerContext.end());
    return chain;
}

} // namespace epicsdb::loaders
