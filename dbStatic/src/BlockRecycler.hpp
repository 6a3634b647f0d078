// Arena blocks that puts give back, kept for the next put. The arena frees nothing one by one,
// so a put that replaced a value or grew a field array outside a load (Database::putField,
// putInfo, deleteInfo) hands the old block here, and the next put takes a block of its size
// class from here before asking the arena: however many puts a long-lived process makes,
// memory stays bounded. A load has a recycler of its own for what it set and then replaced
// (its blocks lie past the load's arena mark): forgotten when the load rolls back, absorbed
// into the database's when it commits.
//
// Blocks come in powers of two from kMinBlock bytes, aligned for the field and info arrays; a
// free block holds the link to the next free one of its class, and is poisoned for
// AddressSanitizer while it is free (a view kept to a replaced value is reported when read).
#pragma once

#include <epicsdb/mempool/Arena.hpp>
#include <epicsdb/mempool/Poison.hpp>

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstring>

namespace epicsdb::dbstatic {

class BlockRecycler {
public:
    static constexpr std::size_t kMinBlock = 16;
    static constexpr std::size_t kAlignment = alignof(void*);

    // The size of the block that holds `bytes`.
    [[nodiscard]] static std::size_t blockSize(std::size_t bytes) noexcept {
        return std::bit_ceil(std::max(bytes, kMinBlock));
    }

    // A block of blockSize(bytes) bytes.
    [[nodiscard]] void* take(std::size_t bytes, mempool::Arena& arena) {
        const std::size_t size = blockSize(bytes);
        void*& head = free_[std::countr_zero(size)];
        if (!head) return arena.allocateBytes(size, kAlignment);
        void* block = head;
        mempool::unpoison(block, size);
        std::memcpy(&head, block, sizeof head);
        return block;
    }

    // Gives back a block of `bytes` bytes, aligned to kAlignment: a block of blockSize() from
    // take(), or an exact-size array of the arena (which serves as the class below its size).
    void give(void* block, std::size_t bytes) noexcept {
        if (!block || bytes < kMinBlock) return;
        void*& head = free_[std::bit_width(bytes) - 1];
        std::memcpy(block, &head, sizeof head);
        head = block;
        mempool::poison(block, bytes);
    }

    // Takes every block `other` holds (other is left empty).
    void absorb(BlockRecycler& other) noexcept {
        for (std::size_t size = 0; size < free_.size(); ++size) {
            void* block = other.free_[size];
            if (!block) continue;
            for (void* next = nextOf(block); next; next = nextOf(next))
                block = next;
            mempool::unpoison(block, sizeof(void*));
            std::memcpy(block, &free_[size], sizeof(void*)); // the last one links to ours
            mempool::poison(block, sizeof(void*));
            free_[size] = other.free_[size];
            other.free_[size] = nullptr;
        }
    }

    // Forgets every block (after the arena took them back).
    void clear() noexcept { free_.fill(nullptr); }

private:
    static void* nextOf(void* block) noexcept {
        void* next;
        mempool::unpoison(block, sizeof next);
        std::memcpy(&next, block, sizeof next);
        mempool::poison(block, sizeof next);
        return next;
    }

    std::array<void*, 64> free_{}; // by log2 of the block size
};

} // namespace epicsdb::dbstatic
