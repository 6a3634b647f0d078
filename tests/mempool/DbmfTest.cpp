// The EPICS dbmf C API. Each scenario runs in a child process so that the process-wide pool
// starts unset, as it does in a fresh IOC.
#include <dbmf.h>

#include "ChildProcess.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <cstring>
#include <regex>
#include <string>
#include <thread>
#include <vector>

using epicsdb::test::runInChild;

namespace {

// What `body` prints on stdout when run in a fresh process (the pool unset); it must not fail.
std::string printedBy(void (*body)()) {
    auto r = runInChild([body] {
        body();
        return 0;
    });
    EXPECT_EQ(r.exitCode, 0);
    return r.out;
}

} // namespace

TEST(Dbmf, ShowBeforeAnyUseSaysNeverInitialized) {
    auto r = runInChild([] { return dbmfShow(0); });
    EXPECT_EQ(r.out, "Never initialized\n");
    EXPECT_EQ(r.exitCode, 0);
}

TEST(Dbmf, FreeAndFreeChunksBeforeInitSaySo) {
    const std::string out = printedBy([] {
        int x;
        dbmfFree(&x);
        dbmfFree(nullptr); // ignored silently
        dbmfFreeChunks();
    });
    EXPECT_EQ(out, "dbmfFree called but dbmfInit never called\n"
                   "dbmfFreeChunks called but dbmfInit never called\n");
}

TEST(Dbmf, FirstAllocationSetsUpTheDefaultPool) {
    const std::string out = printedBy([] {
        void* p = dbmfMalloc(10);
        dbmfShow(0);
        dbmfFree(p);
        dbmfShow(0);
    });
    EXPECT_EQ(out, "size 64 allocSize 96 chunkItems 10 nAlloc 1 nFree 9 nChunks 1 nGtSize 0\n"
                   "size 64 allocSize 96 chunkItems 10 nAlloc 0 nFree 10 nChunks 1 nGtSize 0\n");
}

// EPICS's dbmfInit prints nothing when it sets the pool up, and one line when a pool is there
// already, however it came: an earlier dbmfInit, or the first allocation. dbmfFreeChunks keeps
// the pool (only its chunks go), so a dbmfInit after it is refused too.
TEST(Dbmf, InitPrintsNothingWhenItSetsThePoolUp) {
    const std::string out = printedBy([] { std::printf("%d\n", dbmfInit(100, 5)); });
    EXPECT_EQ(out, "0\n");
}

TEST(Dbmf, InitTwiceIsRefused) {
    const std::string out = printedBy([] {
        std::printf("%d\n", dbmfInit(100, 5));
        std::printf("%d\n", dbmfInit(64, 10));
        dbmfShow(0);
    });
    EXPECT_EQ(out, "0\n"
                   "dbmfInit: Already initialized\n"
                   "-1\n"
                   "size 104 allocSize 136 chunkItems 5 nAlloc 0 nFree 0 nChunks 0 nGtSize 0\n");
}

TEST(Dbmf, InitAfterTheFirstAllocationOrAfterFreeChunksIsRefused) {
    const std::string out = printedBy([] {
        dbmfFree(dbmfMalloc(1));
        std::printf("%d\n", dbmfInit(32, 2));
        dbmfFreeChunks();
        std::printf("%d\n", dbmfInit(32, 2));
    });
    EXPECT_EQ(out, "dbmfInit: Already initialized\n"
                   "-1\n"
                   "dbmfInit: Already initialized\n"
                   "-1\n");
}

// A deliberate difference (docs/COMPATIBILITY.md, mempool): EPICS keeps a chunkItems of 0 and
// crashes at the first allocation; we make chunks of one block.
TEST(Dbmf, InitWithoutChunkItemsMakesChunksOfOneBlock) {
    const std::string out = printedBy([] {
        std::printf("%d\n", dbmfInit(64, 0));
        dbmfFree(dbmfMalloc(1));
        dbmfShow(0);
    });
    EXPECT_EQ(out, "0\n"
                   "size 64 allocSize 96 chunkItems 1 nAlloc 0 nFree 1 nChunks 1 nGtSize 0\n");
}

// Level 1 lists the chunks oldest first, as EPICS does: the full first chunk, then the one that
// was started after it.
TEST(Dbmf, ShowListsChunksOldestFirst) {
    const std::string out = printedBy([] {
        dbmfInit(64, 2);
        void* blocks[3] = {dbmfMalloc(1), dbmfMalloc(1), dbmfMalloc(1)};
        dbmfShow(1);
        for (void* block : blocks)
            dbmfFree(block);
    });
    const std::regex chunk("pchunkNode 0x[0-9a-f]+ nNotFree ([0-9]+)\n");
    std::vector<std::string> notFree;
    for (auto it = std::sregex_iterator(out.begin(), out.end(), chunk);
         it != std::sregex_iterator(); ++it)
        notFree.push_back((*it)[1]);
    EXPECT_EQ(notFree, (std::vector<std::string>{"2", "1"})) << out;
}

TEST(Dbmf, LargeRequestsAreCountedAndNeverUncounted) {
    const std::string out = printedBy([] {
        dbmfInit(64, 4);
        void* big = dbmfMalloc(500);
        std::memset(big, 0, 500);
        dbmfFree(big);
        dbmfShow(0);
    });
    EXPECT_EQ(out, "size 64 allocSize 96 chunkItems 4 nAlloc 0 nFree 4 nChunks 1 nGtSize 1\n");
}

TEST(Dbmf, StringHelpersCopyAndTerminate) {
    const std::string out = printedBy([] {
        char* a = dbmfStrdup("abc");
        char* b = dbmfStrndup("abcdef", 3);
        char* c = dbmfStrndup("ab", 10); // shorter than len: copied whole
        char* d = dbmfStrcat3("x", "y", "z");
        char* e = dbmfStrcat("left", "right");
        std::printf("%s|%s|%s|%s|%s\n", a, b, c, d, e);
        for (char* p : {a, b, c, d, e})
            dbmfFree(p);
    });
    EXPECT_EQ(out, "abc|abc|ab|xyz|leftright\n");
}

TEST(Dbmf, FreeChunksRefusesWhileBlocksAreInUse) {
    const std::string out = printedBy([] {
        void* p = dbmfMalloc(8);
        dbmfFreeChunks();
        dbmfFree(p);
        dbmfFreeChunks();
        dbmfShow(0);
    });
    EXPECT_EQ(out, "dbmfFinish: not all free\n"
                   "size 64 allocSize 96 chunkItems 10 nAlloc 0 nFree 0 nChunks 0 nGtSize 0\n");
}

TEST(Dbmf, ShowLevelsListChunksAndFreeEntries) {
    const std::string out = printedBy([] {
        dbmfInit(32, 3);
        void* p = dbmfMalloc(4);
        dbmfShow(2);
        dbmfFree(p);
    });
    // One summary line, one chunk line, then one line per free entry (2 free of 3).
    std::regex expected("size 32 allocSize 64 chunkItems 3 nAlloc 1 nFree 2 nChunks 1 nGtSize 0\n"
                        "pchunkNode 0x[0-9a-f]+ nNotFree 1\n"
                        "0x[0-9a-f]+\n"
                        "\\(nil\\)\n");
    EXPECT_TRUE(std::regex_match(out, expected)) << out;
}

TEST(Dbmf, ConcurrentUseKeepsTheCountsRight) {
    const std::string out = printedBy([] {
        std::vector<std::thread> threads;
        for (int t = 0; t < 4; ++t)
            threads.emplace_back([] {
                for (int i = 0; i < 20000; ++i) {
                    char* s = dbmfStrdup("record:name");
                    void* big = dbmfMalloc(100);
                    dbmfFree(big);
                    dbmfFree(s);
                }
            });
        for (auto& t : threads)
            t.join();
        dbmfFreeChunks(); // succeeds only if every block came back
        dbmfShow(0);
    });
    EXPECT_EQ(out, "size 64 allocSize 96 chunkItems 10 nAlloc 0 nFree 0 nChunks 0 nGtSize 80000\n");
}
