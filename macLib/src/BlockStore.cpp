#include <epicsdb/macLib/detail/BlockStore.hpp>

#include <bit>
#include <cstdlib>
#include <new>

namespace epicsdb::maclib::detail {

// Large blocks are linked so that the destructor can give back the ones still in use.
// The header's alignment keeps the payload that follows it 16-byte aligned.
struct alignas(16) BlockStore::Large {
    Large* prev;
    Large* next;
    std::size_t bytes;
    char* data() noexcept { return reinterpret_cast<char*>(this + 1); }
    static Large* of(void* data) noexcept { return static_cast<Large*>(data) - 1; }
};

namespace {

constexpr std::size_t kSmallStep = 16;
constexpr std::size_t kSmallLimit = 256;
constexpr std::size_t kFirstSlabBytes = 2048;
constexpr std::size_t kMaxSlabBytes = 256 * 1024;

std::size_t classOf(std::size_t bytes) noexcept {
    if (bytes <= kSmallLimit) return bytes == 0 ? 0 : (bytes - 1) / kSmallStep;
    // 257..512 -> 16, 513..1024 -> 17, ...
    return 16 + (std::bit_width(bytes - 1) - 9);
}

std::size_t capacityOf(std::size_t cls) noexcept {
    return cls < 16 ? (cls + 1) * kSmallStep : std::size_t(512) << (cls - 16);
}

} // namespace

BlockStore::BlockStore() noexcept : arena_(kFirstSlabBytes, kMaxSlabBytes) {}

BlockStore::~BlockStore() {
    while (large_) {
        Large* next = large_->next;
        std::free(large_);
        large_ = next;
    }
}

BlockStore::Block BlockStore::allocate(std::size_t bytes) {
    if (bytes > kLargestClass) {
        void* memory = std::malloc(sizeof(Large) + bytes);
        if (!memory) throw std::bad_alloc();
        auto* large = static_cast<Large*>(memory);
        large->prev = nullptr;
        large->next = large_;
        large->bytes = bytes;
        if (large_) large_->prev = large;
        large_ = large;
        ++largeAllocations_;
        largeBytes_ += bytes;
        return {large->data(), bytes};
    }
    const std::size_t cls = classOf(bytes);
    const std::size_t capacity = capacityOf(cls);
    if (FreeBlock* block = free_[cls]) {
        free_[cls] = block->next;
        return {reinterpret_cast<char*>(block), capacity};
    }
    return {static_cast<char*>(arena_.allocateBytes(capacity, 16)), capacity};
}

void BlockStore::deallocate(void* data, std::size_t capacity) noexcept {
    if (!data) return;
    if (capacity > kLargestClass) {
        Large* large = Large::of(data);
        if (large->prev)
            large->prev->next = large->next;
        else
            large_ = large->next;
        if (large->next) large->next->prev = large->prev;
        largeBytes_ -= large->bytes;
        std::free(large);
        return;
    }
    const std::size_t cls = classOf(capacity);
    auto* block = static_cast<FreeBlock*>(data);
    block->next = free_[cls];
    free_[cls] = block;
}

std::size_t BlockStore::systemAllocations() const noexcept {
    return arena_.stats().systemAllocations + largeAllocations_;
}

std::size_t BlockStore::bytesReserved() const noexcept {
    return arena_.stats().bytesReserved + largeBytes_;
}

} // namespace epicsdb::maclib::detail
