#include <epicsdb/mempool/ChunkPool.hpp>

#include <vector>

#include <cstdlib>
#include <cstring>
#include <new>

namespace epicsdb::mempool {

// Every block, pooled or large, starts with the same two words so that deallocate() can tell
// them apart from the block address alone: `next` links free items, `chunk` names the owner
// (null for a large block).
struct ChunkPool::Item {
    Item* next;
    Chunk* chunk;
};

// The chunk descriptor sits after the chunk's items, in the same system allocation.
struct ChunkPool::Chunk {
    Chunk* next;
    unsigned char* items;
    std::size_t notFree;
};

// Large blocks carry a doubly linked list node in front of their Item header.
struct ChunkPool::Large {
    Large* prev;
    Large* next;
    Item item;
};

namespace {
constexpr std::size_t payloadOffset = ChunkPool::kHeaderSize + ChunkPool::kRedZone;

unsigned char* payloadOf(void* item) {
    return static_cast<unsigned char*>(item) + payloadOffset;
}

void* systemAllocate(std::size_t bytes, std::size_t& counter) {
    void* p = std::malloc(bytes);
    if (!p) throw std::bad_alloc();
    ++counter;
    return p;
}
} // namespace

ChunkPool::ChunkPool(std::size_t itemSize, std::size_t chunkItems)
    : itemSize_(itemSize + itemSize % 8), allocSize_(itemSize_ + kHeaderSize + 2 * kRedZone),
      chunkItems_(chunkItems ? chunkItems : 1) {
    // Keep items pointer-aligned whatever item size was asked for.
    allocSize_ = (allocSize_ + alignof(void*) - 1) & ~(alignof(void*) - 1);
}

ChunkPool::~ChunkPool() {
    while (large_) {
        Large* next = large_->next;
        std::free(large_);
        large_ = next;
    }
    while (chunks_) {
        Chunk* next = chunks_->next;
        std::free(chunks_->items);
        chunks_ = next;
    }
}

void ChunkPool::addChunk() {
    const std::size_t itemsBytes = allocSize_ * chunkItems_;
    auto* memory =
        static_cast<unsigned char*>(systemAllocate(itemsBytes + sizeof(Chunk), systemAllocations_));
    auto* chunk = reinterpret_cast<Chunk*>(memory + itemsBytes);
    chunk->items = memory;
    chunk->notFree = 0;
    chunk->next = chunks_;
    chunks_ = chunk;
    ++chunkCount_;
    // Push in reverse so the free list hands items out in address order.
    for (std::size_t i = chunkItems_; i-- > 0;) {
        auto* item = reinterpret_cast<Item*>(memory + i * allocSize_);
        item->chunk = chunk;
        item->next = freeList_;
        freeList_ = item;
    }
    freeCount_ += chunkItems_;
}

void* ChunkPool::allocate(std::size_t bytes) {
    if (!freeList_) addChunk();
    if (bytes > itemSize_) {
        auto* large = static_cast<Large*>(systemAllocate(
            sizeof(Large) - sizeof(Item) + payloadOffset + bytes + kRedZone, systemAllocations_));
        large->prev = nullptr;
        large->next = large_;
        if (large_) large_->prev = large;
        large_ = large;
        large->item.next = nullptr;
        large->item.chunk = nullptr;
        ++inUse_;
        ++largeRequests_;
        return payloadOf(&large->item);
    }
    Item* item = freeList_;
    freeList_ = item->next;
    item->next = nullptr;
    --freeCount_;
    ++inUse_;
    ++item->chunk->notFree;
    return payloadOf(item);
}

ChunkPool::Item* ChunkPool::itemOf(void* block) noexcept {
    return reinterpret_cast<Item*>(static_cast<unsigned char*>(block) - payloadOffset);
}

void ChunkPool::deallocate(void* block) noexcept {
    if (!block) return;
    Item* item = itemOf(block);
    --inUse_;
    if (!item->chunk) {
        auto* large = reinterpret_cast<Large*>(reinterpret_cast<unsigned char*>(item) -
                                               offsetof(Large, item));
        if (large->prev)
            large->prev->next = large->next;
        else
            large_ = large->next;
        if (large->next) large->next->prev = large->prev;
        std::free(large);
        return;
    }
    --item->chunk->notFree;
    item->next = freeList_;
    freeList_ = item;
    ++freeCount_;
}

char* ChunkPool::duplicate(std::string_view text) {
    auto* copy = static_cast<char*>(allocate(text.size() + 1));
    if (!text.empty()) std::memcpy(copy, text.data(), text.size());
    copy[text.size()] = '\0';
    return copy;
}

char* ChunkPool::concatenate(std::string_view a, std::string_view b, std::string_view c) {
    auto* copy = static_cast<char*>(allocate(a.size() + b.size() + c.size() + 1));
    char* out = copy;
    for (std::string_view part : {a, b, c}) {
        if (!part.empty()) std::memcpy(out, part.data(), part.size());
        out += part.size();
    }
    *out = '\0';
    return copy;
}

bool ChunkPool::releaseChunks() noexcept {
    if (freeCount_ != chunkItems_ * chunkCount_) return false;
    while (chunks_) {
        Chunk* next = chunks_->next;
        std::free(chunks_->items);
        chunks_ = next;
    }
    chunkCount_ = 0;
    freeCount_ = 0;
    freeList_ = nullptr;
    return true;
}

ChunkPoolStats ChunkPool::stats() const noexcept {
    return {itemSize_, allocSize_, chunkItems_,    chunkCount_,
            inUse_,    freeCount_, largeRequests_, systemAllocations_};
}

void ChunkPool::forEachChunk(const std::function<void(const void*, std::size_t)>& visit) const {
    // Oldest first, as EPICS's dbmfShow lists them; the list holds the newest first.
    std::vector<const Chunk*> chunks;
    for (const Chunk* chunk = chunks_; chunk; chunk = chunk->next)
        chunks.push_back(chunk);
    for (auto it = chunks.rbegin(); it != chunks.rend(); ++it)
        visit((*it)->items, (*it)->notFree);
}

void ChunkPool::forEachFree(const std::function<void(const void*, const void*)>& visit) const {
    for (const Item* item = freeList_; item; item = item->next)
        visit(item, item->next);
}

} // namespace epicsdb::mempool
