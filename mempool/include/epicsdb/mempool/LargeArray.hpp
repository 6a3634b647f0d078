// A fixed-size array for large tables accessed at random (the record index). Big ones are
// aligned to 2 MiB and advised as transparent huge pages, so random probes cost fewer TLB
// misses; small ones are ordinary allocations. Elements are value-initialised.
#pragma once

#include <epicsdb/export.h>

#include <cstddef>
#include <memory>
#include <new>
#include <type_traits>
#include <utility>

namespace epicsdb::mempool {

// Raw storage: at least `bytes`, zero-filled. Released with releaseLargeBlock.
EPICSDB_API void* allocateLargeBlock(std::size_t bytes);
EPICSDB_API void releaseLargeBlock(void* block) noexcept;

template <class T>
class LargeArray {
    static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>,
                  "zero-filled storage stands for value-initialised elements");

public:
    LargeArray() = default;
    explicit LargeArray(std::size_t count)
        : data_(static_cast<T*>(allocateLargeBlock(count * sizeof(T)))), size_(count) {}
    ~LargeArray() { releaseLargeBlock(data_); }
    LargeArray(LargeArray&& other) noexcept
        : data_(std::exchange(other.data_, nullptr)), size_(std::exchange(other.size_, 0)) {}
    LargeArray& operator=(LargeArray&& other) noexcept {
        std::swap(data_, other.data_);
        std::swap(size_, other.size_);
        return *this;
    }
    LargeArray(const LargeArray&) = delete;
    LargeArray& operator=(const LargeArray&) = delete;

    [[nodiscard]] T& operator[](std::size_t i) noexcept { return data_[i]; }
    [[nodiscard]] const T& operator[](std::size_t i) const noexcept { return data_[i]; }
    [[nodiscard]] const T* data() const noexcept { return data_; }
    [[nodiscard]] std::size_t size() const noexcept { return size_; }
    [[nodiscard]] bool empty() const noexcept { return size_ == 0; }
    [[nodiscard]] T* begin() noexcept { return data_; }
    [[nodiscard]] T* end() noexcept { return data_ + size_; }

private:
    T* data_ = nullptr;
    std::size_t size_ = 0;
};

} // namespace epicsdb::mempool
