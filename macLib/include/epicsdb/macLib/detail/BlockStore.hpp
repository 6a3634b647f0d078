// Not a mempool::ChunkPool: that has one block size, 32 B of dbmf header a block, a malloc a chunk.
// BlockStore: the memory of one macro table. Entries, names, raw values and cached expansions are
// blocks carved from one Arena (so a small table costs one or two system allocations in all) and
// recycled through per-size free lists (so a table that is redefined or scoped in a loop stays
// bounded). Blocks above the largest class get a system allocation of their own. (One ChunkPool
// per class, tried: 5 system allocations per table lifecycle instead of 1 or 2, AllocationTest.)
// Part of MacroTable's layout only; not an API.
#pragma once

#include <epicsdb/mempool/Arena.hpp>

#include <array>
#include <cstddef>

namespace epicsdb::maclib::detail {

class BlockStore {
public:
    struct Block {
        char* data;
        std::size_t capacity; // pass it back to deallocate()
    };

    BlockStore() noexcept;
    ~BlockStore();
    BlockStore(const BlockStore&) = delete;
    BlockStore& operator=(const BlockStore&) = delete;

    // At least `bytes` usable bytes, 16-byte aligned. Throws std::bad_alloc.
    [[nodiscard]] Block allocate(std::size_t bytes);
    void deallocate(void* data, std::size_t capacity) noexcept;

    [[nodiscard]] std::size_t systemAllocations() const noexcept;
    [[nodiscard]] std::size_t bytesReserved() const noexcept;

private:
    struct FreeBlock {
        FreeBlock* next;
    };
    struct Large;

    // 16-byte steps up to 256, then powers of two up to 64 KiB.
    static constexpr std::size_t kSmallClasses = 16;
    static constexpr std::size_t kClassCount = kSmallClasses + 8;
    static constexpr std::size_t kLargestClass = 65536;

    mempool::Arena arena_;
    std::array<FreeBlock*, kClassCount> free_{};
    Large* large_ = nullptr;
    std::size_t largeAllocations_ = 0;
    std::size_t largeBytes_ = 0;
};

} // namespace epicsdb::maclib::detail
