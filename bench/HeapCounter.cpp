// Replacement malloc family for the benchmark program: forwards to glibc's own entry points and
// counts calls and bytes. Only linked into the benchmark, never into the library.
#include "HeapCounter.hpp"

#include <atomic>
#include <cerrno>
#include <malloc.h>

extern "C" {
void* __libc_malloc(std::size_t size);
void* __libc_calloc(std::size_t count, std::size_t size);
void* __libc_realloc(void* block, std::size_t size);
void* __libc_memalign(std::size_t alignment, std::size_t size);
void __libc_free(void* block);
}

namespace {

std::atomic<std::size_t> calls{0};
std::atomic<std::size_t> live{0};
std::atomic<std::size_t> peak{0};

void added(void* block) noexcept {
    if (!block) return;
    calls.fetch_add(1, std::memory_order_relaxed);
    const std::size_t now = live.fetch_add(malloc_usable_size(block), std::memory_order_relaxed) +
                            malloc_usable_size(block);
    std::size_t seen = peak.load(std::memory_order_relaxed);
    while (now > seen && !peak.compare_exchange_weak(seen, now, std::memory_order_relaxed)) {
    }
}

void removed(void* block) noexcept {
    if (block) live.fetch_sub(malloc_usable_size(block), std::memory_order_relaxed);
}

} // namespace

namespace epicsdb::bench {

HeapSnapshot heapSnapshot() noexcept {
    return {calls.load(), live.load(), peak.load()};
}

void resetPeak() noexcept {
    peak.store(live.load());
}

} // namespace epicsdb::bench

extern "C" {

void* malloc(std::size_t size) {
    void* block = __libc_malloc(size);
    added(block);
    return block;
}

void* calloc(std::size_t count, std::size_t size) {
    void* block = __libc_calloc(count, size);
    added(block);
    return block;
}

void* realloc(void* block, std::size_t size) {
    removed(block);
    void* moved = __libc_realloc(block, size);
    if (moved)
        added(moved);
    else if (block && size)
        added(block); // failed: the old block is still there
    return moved;
}

void free(void* block) {
    removed(block);
    __libc_free(block);
}

void* memalign(std::size_t alignment, std::size_t size) {
    void* block = __libc_memalign(alignment, size);
    added(block);
    return block;
}

void* aligned_alloc(std::size_t alignment, std::size_t size) {
    return memalign(alignment, size);
}

int posix_memalign(void** out, std::size_t alignment, std::size_t size) {
    void* block = memalign(alignment, size);
    if (!block) return ENOMEM;
    *out = block;
    return 0;
}

} // extern "C"
