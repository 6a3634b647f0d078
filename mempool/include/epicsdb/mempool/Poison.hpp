// Memory an allocator holds that nobody may touch (a block given back for reuse) is marked as
// poisoned under AddressSanitizer, so that a read through a pointer still kept to a replaced
// value is reported where it happens. Without the sanitizer these do nothing.
#pragma once

#include <cstddef>

#if defined(__SANITIZE_ADDRESS__)
#define EPICSDB_ADDRESS_SANITIZER 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define EPICSDB_ADDRESS_SANITIZER 1
#endif
#endif

#ifdef EPICSDB_ADDRESS_SANITIZER
#include <sanitizer/asan_interface.h>
#endif

namespace epicsdb::mempool {

inline void poison([[maybe_unused]] const void* memory,
                   [[maybe_unused]] std::size_t bytes) noexcept {
#ifdef EPICSDB_ADDRESS_SANITIZER
    ASAN_POISON_MEMORY_REGION(memory, bytes);
#endif
}

inline void unpoison([[maybe_unused]] const void* memory,
                     [[maybe_unused]] std::size_t bytes) noexcept {
#ifdef EPICSDB_ADDRESS_SANITIZER
    ASAN_UNPOISON_MEMORY_REGION(memory, bytes);
#endif
}

} // namespace epicsdb::mempool
