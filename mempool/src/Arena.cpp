#include <epicsdb/mempool/Arena.hpp>
#include <epicsdb/mempool/Poison.hpp>

#include <algorithm>
#include <cstdlib>

namespace epicsdb::mempool {

struct Arena::Slab {
    Slab* previous;
    std::size_t bytes; // usable bytes after this header
    // Where the bump cursor stood in the previous slab when this one was started, so that
    // rewind() can go back into it.
    char* previousCursor;
    char* previousEnd;
    char* data() { return reinterpret_cast<char*>(this + 1); }
};

namespace {
// Zero-byte requests all get this address: valid, never dereferenced, never freed.
alignas(std::max_align_t) char zeroSizeObject;
} // namespace

Arena::Arena(std::size_t firstSlabBytes, std::size_t maxSlabBytes)
    : nextSlabBytes_(std::max<std::size_t>(firstSlabBytes, 256)),
      maxSlabBytes_(std::max(maxSlabBytes, nextSlabBytes_)) {}

Arena::~Arena() {
    reset();
}

void* Arena::allocateSlow(std::size_t bytes, std::size_t alignment) {
    if (bytes == 0) return &zeroSizeObject;
    const std::size_t needed = bytes + alignment;
    // Oversized requests get a slab of their own size and do not advance the growth; what is
    // left of the current slab is abandoned (bounded by the geometric growth).
    std::size_t slabBytes = nextSlabBytes_;
    if (needed > slabBytes / 2 && needed > 4096)
        slabBytes = std::max(needed, slabBytes);
    else if (nextSlabBytes_ < maxSlabBytes_)
        nextSlabBytes_ = std::min(nextSlabBytes_ * 2, maxSlabBytes_);

    void* memory = std::malloc(sizeof(Slab) + slabBytes);
    if (!memory) throw std::bad_alloc();
    ++systemAllocations_;
    auto* slab = static_cast<Slab*>(memory);
    slab->previous = slabs_;
    slab->bytes = slabBytes;
    slab->previousCursor = cursor_;
    slab->previousEnd = end_;
    slabs_ = slab;
    ++slabCount_;
    bytesReserved_ += slabBytes;

    char* start = slab->data();
    auto address = reinterpret_cast<std::uintptr_t>(start);
    std::uintptr_t aligned = (address + alignment - 1) & ~(std::uintptr_t(alignment) - 1);
    char* block = reinterpret_cast<char*>(aligned);
    cursor_ = block + bytes;
    end_ = start + slabBytes;
    bytesAllocated_ += bytes;
    return block;
}

void Arena::releaseSlabsAfter(std::size_t keep) noexcept {
    while (slabCount_ > keep) {
        Slab* slab = slabs_;
        slabs_ = slab->previous;
        cursor_ = slab->previousCursor;
        end_ = slab->previousEnd;
        bytesReserved_ -= slab->bytes;
        --slabCount_;
        std::free(slab);
    }
}

void Arena::rewind(const Mark& mark) noexcept {
    releaseSlabsAfter(mark.slabs);
    cursor_ = mark.cursor;
    bytesAllocated_ = mark.bytesAllocated;
    // What is handed out again may have been poisoned as a block given back (Poison.hpp).
    if (cursor_) unpoison(cursor_, static_cast<std::size_t>(end_ - cursor_));
}

void Arena::reset() noexcept {
    releaseSlabsAfter(0);
    cursor_ = end_ = nullptr;
    bytesAllocated_ = 0;
}

ArenaStats Arena::stats() const noexcept {
    return {bytesAllocated_, bytesReserved_, slabCount_, systemAllocations_};
}

} // namespace epicsdb::mempool
