#include <epicsdb/mempool/LargeArray.hpp>

#include <cstdlib>
#include <cstring>
#include <sys/mman.h>

namespace epicsdb::mempool {

namespace {
constexpr std::size_t kHugePage = std::size_t(2) << 20;
}

void* allocateLargeBlock(std::size_t bytes) {
    if (bytes == 0) return nullptr;
    void* block = nullptr;
    if (bytes >= kHugePage) {
        const std::size_t rounded = (bytes + kHugePage - 1) & ~(kHugePage - 1);
        block = std::aligned_alloc(kHugePage, rounded);
        if (block) {
#ifdef MADV_HUGEPAGE
            // Advice only: where huge pages are unavailable, nothing changes.
            ::madvise(block, rounded, MADV_HUGEPAGE);
#endif
            std::memset(block, 0, rounded);
        }
    } else {
        block = std::calloc(1, bytes);
    }
    if (!block) throw std::bad_alloc();
    return block;
}

void releaseLargeBlock(void* block) noexcept {
    std::free(block);
}

} // namespace epicsdb::mempool
