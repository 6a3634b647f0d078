// Arena: bump allocation for data that lives as long as a database (names, values, record
// nodes). Slabs grow geometrically, oversized requests get a slab of their own, nothing is freed
// one by one: reset() or the destructor releases everything at once. A mark/rewind pair lets a
// failed load give back exactly what it took.
#pragma once

#include <epicsdb/export.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <memory_resource>
#include <new>
#include <string_view>
#include <type_traits>
#include <utility>

namespace epicsdb::mempool {

struct ArenaStats {
    std::size_t bytesAllocated = 0;    // bytes handed out (after alignment padding)
    std::size_t bytesReserved = 0;     // bytes held in slabs
    std::size_t slabs = 0;             // slabs currently held
    std::size_t systemAllocations = 0; // cumulative calls to the system allocator
};

class EPICSDB_API Arena final : public std::pmr::memory_resource {
public:
    explicit Arena(std::size_t firstSlabBytes = 16 * 1024,
                   std::size_t maxSlabBytes = 4 * 1024 * 1024);
    ~Arena() override;
    Arena(const Arena&) = delete;
    Arena& operator=(const Arena&) = delete;

    // Fast path inline; a zero-byte request returns a valid, unique-enough pointer and never
    // reaches the system allocator.
    [[nodiscard]] void* allocateBytes(std::size_t bytes,
                                      std::size_t alignment = alignof(std::max_align_t)) {
        auto address = reinterpret_cast<std::uintptr_t>(cursor_);
        std::uintptr_t aligned = (address + alignment - 1) & ~(std::uintptr_t(alignment) - 1);
        if (cursor_ && aligned + bytes <= reinterpret_cast<std::uintptr_t>(end_)) {
            cursor_ = reinterpret_cast<char*>(aligned + bytes);
            bytesAllocated_ += bytes;
            return reinterpret_cast<void*>(aligned);
        }
        return allocateSlow(bytes, alignment);
    }

    // A NUL-terminated copy whose view stays valid as long as the arena (the NUL is not part
    // of the view). An empty text costs nothing.
    [[nodiscard]] std::string_view copy(std::string_view text) {
        if (text.empty()) return {"", 0};
        auto* out = static_cast<char*>(allocateBytes(text.size() + 1, 1));
        std::memcpy(out, text.data(), text.size());
        out[text.size()] = '\0';
        return {out, text.size()};
    }

    // Objects made here are never destroyed one by one, so only trivially destructible types.
    template <class T, class... Args>
    [[nodiscard]] T* make(Args&&... args) {
        static_assert(std::is_trivially_destructible_v<T>,
                      "arena objects are released without running destructors");
        return new (allocateBytes(sizeof(T), alignof(T))) T(std::forward<Args>(args)...);
    }
    template <class T>
    [[nodiscard]] T* makeArray(std::size_t count) {
        static_assert(std::is_trivially_destructible_v<T>,
                      "arena objects are released without running destructors");
        if (count == 0) return nullptr;
        T* items = static_cast<T*>(allocateBytes(sizeof(T) * count, alignof(T)));
        std::uninitialized_value_construct_n(items, count);
        return items;
    }

    // Everything allocated after mark() is released by rewind(mark); older data is untouched.
    struct Mark {
        std::size_t slabs;
        char* cursor;
        std::size_t bytesAllocated;
    };
    [[nodiscard]] Mark mark() const noexcept { return {slabCount_, cursor_, bytesAllocated_}; }
    void rewind(const Mark& mark) noexcept;
    void reset() noexcept;

    [[nodiscard]] ArenaStats stats() const noexcept;

private:
    void* do_allocate(std::size_t bytes, std::size_t alignment) override {
        return allocateBytes(bytes, alignment);
    }
    void do_deallocate(void*, std::size_t, std::size_t) override {}
    bool do_is_equal(const std::pmr::memory_resource& other) const noexcept override {
        return this == &other;
    }

    void* allocateSlow(std::size_t bytes, std::size_t alignment);
    void releaseSlabsAfter(std::size_t keep) noexcept;

    struct Slab;
    Slab* slabs_ = nullptr; // newest first
    std::size_t slabCount_ = 0;
    char* cursor_ = nullptr;
    char* end_ = nullptr;
    std::size_t nextSlabBytes_;
    std::size_t maxSlabBytes_;
    std::size_t bytesAllocated_ = 0;
    std::size_t bytesReserved_ = 0;
    std::size_t systemAllocations_ = 0;
};

} // namespace epicsdb::mempool
