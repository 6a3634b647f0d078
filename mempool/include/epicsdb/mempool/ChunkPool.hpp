// ChunkPool: the EPICS dbmf idea. Fixed-size blocks are carved from large chunks; a freed block
// goes onto a free list and is handed out again, so the short-lived allocations of a parse never
// reach (or fragment) the system heap once the pool is warm. Requests above the block size go to
// the system allocator. Not thread-safe by itself: the dbmf C layer adds the lock.
#pragma once

#include <epicsdb/export.h>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string_view>

namespace epicsdb::mempool {

struct ChunkPoolStats {
    std::size_t itemSize = 0;      // usable bytes of one block
    std::size_t allocSize = 0;     // bytes one block takes in a chunk (header and red zones too)
    std::size_t chunkItems = 0;    // blocks per chunk
    std::size_t chunks = 0;        // chunks currently held
    std::size_t inUse = 0;         // blocks handed out and not yet freed (pool and large)
    std::size_t freeCount = 0;     // length of the free list
    std::size_t largeRequests = 0; // cumulative count of requests above itemSize
    std::size_t systemAllocations = 0; // cumulative calls to the system allocator
};

class EPICSDB_API ChunkPool {
public:
    // itemSize is adjusted the way EPICS dbmfInit does it (size + size % 8: 65 becomes 66).
    explicit ChunkPool(std::size_t itemSize = 64, std::size_t chunkItems = 10);
    ~ChunkPool();
    ChunkPool(const ChunkPool&) = delete;
    ChunkPool& operator=(const ChunkPool&) = delete;

    // Never returns null (throws std::bad_alloc). As in dbmf, an empty free list makes the pool
    // carve a new chunk first, even for a request that will then go to the system allocator.
    [[nodiscard]] void* allocate(std::size_t bytes);
    // Accepts null. Pool blocks return to the free list; large blocks go back to the system.
    void deallocate(void* block) noexcept;

    // NUL-terminated copies in pool memory; free them with deallocate().
    [[nodiscard]] char* duplicate(std::string_view text);
    [[nodiscard]] char* concatenate(std::string_view a, std::string_view b, std::string_view c);

    // Gives every chunk back to the system when no block is in use; false (and nothing done)
    // otherwise. Large requests already freed do not count.
    bool releaseChunks() noexcept;

    [[nodiscard]] ChunkPoolStats stats() const noexcept;
    // Per chunk, oldest first (the order dbmfShow lists them in): its address and how many of
    // its blocks are handed out.
    void forEachChunk(const std::function<void(const void*, std::size_t)>& visit) const;
    // Free list from the head: each entry's address and the address it links to.
    void forEachFree(const std::function<void(const void*, const void*)>& visit) const;

    // Bytes of bookkeeping in front of each block and on either side of it (red zones), as in
    // an EPICS build with Valgrind client support, the default on Linux.
    static constexpr std::size_t kHeaderSize = 2 * sizeof(void*);
    static constexpr std::size_t kRedZone = 8;

private:
    struct Item;
    struct Chunk;
    struct Large;

    void addChunk();
    static Item* itemOf(void* block) noexcept;

    std::size_t itemSize_;
    std::size_t allocSize_;
    std::size_t chunkItems_;
    Chunk* chunks_ = nullptr;
    Item* freeList_ = nullptr;
    Large* large_ = nullptr; // outstanding large blocks, so the destructor can release them
    std::size_t chunkCount_ = 0;
    std::size_t inUse_ = 0;
    std::size_t freeCount_ = 0;
    std::size_t largeRequests_ = 0;
    std::size_t systemAllocations_ = 0;
};

} // namespace epicsdb::mempool
