// The EPICS dbmf C API over one process-wide ChunkPool. Only translation and locking here: the
// pool itself is mempool::ChunkPool. The global state is part of the EPICS C contract.
#include <dbmf.h>

#include <epicsdb/mempool/ChunkPool.hpp>

#include <cstdio>
#include <cstring>
#include <mutex>
#include <optional>

namespace {

using epicsdb::mempool::ChunkPool;

struct DbmfState {
    std::mutex lock;
    std::optional<ChunkPool> pool;
};

DbmfState& state() {
    static DbmfState instance;
    return instance;
}

ChunkPool& poolLocked(DbmfState& s) {
    if (!s.pool) s.pool.emplace(64, 10);
    return *s.pool;
}

char* copyInto(std::string_view text) {
    DbmfState& s = state();
    std::lock_guard guard(s.lock);
    return poolLocked(s).duplicate(text);
}

} // namespace

extern "C" {

int dbmfInit(size_t size, int chunkItems) {
    DbmfState& s = state();
    std::lock_guard guard(s.lock);
    if (s.pool) {
        std::printf("dbmfInit: Already initialized\n");
        return -1;
    }
    s.pool.emplace(size, chunkItems > 0 ? static_cast<std::size_t>(chunkItems) : 1);
    return 0;
}

void* dbmfMalloc(size_t bytes) {
    DbmfState& s = state();
    std::lock_guard guard(s.lock);
    return poolLocked(s).allocate(bytes);
}

char* dbmfStrdup(const char* str) {
    return copyInto(str);
}

char* dbmfStrndup(const char* str, size_t len) {
    // Allocates len+1 whatever the string's length, as EPICS does, and copies up to len bytes.
    DbmfState& s = state();
    std::lock_guard guard(s.lock);
    auto* copy = static_cast<char*>(poolLocked(s).allocate(len + 1));
    std::size_t n = strnlen(str, len);
    std::memcpy(copy, str, n);
    copy[n] = '\0';
    return copy;
}

char* dbmfStrcat3(const char* lhs, const char* mid, const char* rhs) {
    DbmfState& s = state();
    std::lock_guard guard(s.lock);
    return poolLocked(s).concatenate(lhs, mid, rhs);
}

char* dbmfStrcat(const char* lhs, const char* rhs) {
    return dbmfStrcat3(lhs, rhs, "");
}

void dbmfFree(void* bytes) {
    if (!bytes) return;
    DbmfState& s = state();
    std::lock_guard guard(s.lock);
    if (!s.pool) {
        std::printf("dbmfFree called but dbmfInit never called\n");
        return;
    }
    s.pool->deallocate(bytes);
}

void dbmfFreeChunks(void) {
    DbmfState& s = state();
    std::lock_guard guard(s.lock);
    if (!s.pool) {
        std::printf("dbmfFreeChunks called but dbmfInit never called\n");
        return;
    }
    if (!s.pool->releaseChunks()) std::printf("dbmfFinish: not all free\n");
}

int dbmfShow(int level) {
    DbmfState& s = state();
    std::lock_guard guard(s.lock);
    if (!s.pool) {
        std::printf("Never initialized\n");
        return 0;
    }
    const auto st = s.pool->stats();
    std::printf("size %zu allocSize %zu chunkItems %zu nAlloc %zu nFree %zu nChunks %zu "
                "nGtSize %zu\n",
                st.itemSize, st.allocSize, st.chunkItems, st.inUse, st.freeCount, st.chunks,
                st.largeRequests);
    if (level > 0)
        s.pool->forEachChunk([](const void* chunk, std::size_t notFree) {
            std::printf("pchunkNode %p nNotFree %zu\n", chunk, notFree);
        });
    if (level > 1)
        s.pool->forEachFree([](const void*, const void* next) { std::printf("%p\n", next); });
    return 0;
}

} // extern "C"
