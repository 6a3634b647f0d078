// The EPICS dbmf C API. Each scenario runs in a child process so that the process-wide pool
// starts unset, as it does in a fresh IOC.
#include <dbmf.h>

#include "ChildProcess.hpp"

#include <gtest/gtest.h>

#include <cstring>
#include <regex>
#include <thread>
#include <vector>

using epicsdb::test::runInChild;

TEST(Dbmf, ShowBeforeAnyUseSaysNeverInitialized) {
    auto r = runInChild([] { return dbmfShow(0); });
    EXPECT_EQ(r.out, "Never initialized\n");
    EXPECT_EQ(r.exitCode, 0);
}

TEST(Dbmf, FreeAndFreeChunksBeforeInitSaySo) {
    auto r = runInChild([] {
        int x;
        dbmfFree(&x);
        dbmfFree(nullptr); // ignored silently
        dbmfFreeChunks();
        return 0;
    });
    EXPECT_EQ(r.out, "dbmfFree called but dbmfInit never called\n"
                     "dbmfFreeChunks called but dbmfInit never called\n");
}

TEST(Dbmf, FirstAllocationSetsUpTheDefaultPool) {
    auto r = runInChild([] {
        void* p = dbmfMalloc(10);
        dbmfShow(0);
        dbmfFree(p);
        dbmfShow(0);
        return 0;
    });
    EXPECT_EQ(r.out, "size 64 allocSize 96 chunkItems 10 nAlloc 1 nFree 9 nChunks 1 nGtSize 0\n"
                     "size 64 allocSize 96 chunkItems 10 nAlloc 0 nFree 10 nChunks 1 nGtSize 0\n");
}

TEST(Dbmf, InitTwiceIsRefused) {
    auto r = runInChild([] {
        int first = dbmfInit(100, 5);
        int second = dbmfInit(64, 10);
        dbmfShow(0);
        return first == 0 && second == -1 ? 0 : 1;
    });
    EXPECT_EQ(r.exitCode, 0);
    EXPECT_EQ(r.out, "dbmfInit: Already initialized\n"
                     "size 104 allocSize 136 chunkItems 5 nAlloc 0 nFree 0 nChunks 0 nGtSize 0\n");
}

TEST(Dbmf, LargeRequestsAreCountedAndNeverUncounted) {
    auto r = runInChild([] {
        dbmfInit(64, 4);
        void* big = dbmfMalloc(500);
        std::memset(big, 0, 500);
        dbmfFree(big);
        dbmfShow(0);
        return 0;
    });
    EXPECT_EQ(r.out, "size 64 allocSize 96 chunkItems 4 nAlloc 0 nFree 4 nChunks 1 nGtSize 1\n");
}

TEST(Dbmf, StringHelpersCopyAndTerminate) {
    auto r = runInChild([] {
        char* a = dbmfStrdup("abc");
        char* b = dbmfStrndup("abcdef", 3);
        char* c = dbmfStrndup("ab", 10); // shorter than len: copied whole
        char* d = dbmfStrcat3("x", "y", "z");
        char* e = dbmfStrcat("left", "right");
        std::printf("%s|%s|%s|%s|%s\n", a, b, c, d, e);
        for (char* p : {a, b, c, d, e})
            dbmfFree(p);
        return 0;
    });
    EXPECT_EQ(r.out, "abc|abc|ab|xyz|leftright\n");
}

TEST(Dbmf, FreeChunksRefusesWhileBlocksAreInUse) {
    auto r = runInChild([] {
        void* p = dbmfMalloc(8);
        dbmfFreeChunks();
        dbmfFree(p);
        dbmfFreeChunks();
        dbmfShow(0);
        return 0;
    });
    EXPECT_EQ(r.out, "dbmfFinish: not all free\n"
                     "size 64 allocSize 96 chunkItems 10 nAlloc 0 nFree 0 nChunks 0 nGtSize 0\n");
}

TEST(Dbmf, ShowLevelsListChunksAndFreeEntries) {
    auto r = runInChild([] {
        dbmfInit(32, 3);
        void* p = dbmfMalloc(4);
        dbmfShow(2);
        dbmfFree(p);
        return 0;
    });
    // One summary line, one chunk line, then one line per free entry (2 free of 3).
    std::regex expected("size 32 allocSize 64 chunkItems 3 nAlloc 1 nFree 2 nChunks 1 nGtSize 0\n"
                        "pchunkNode 0x[0-9a-f]+ nNotFree 1\n"
                        "0x[0-9a-f]+\n"
                        "\\(nil\\)\n");
    EXPECT_TRUE(std::regex_match(r.out, expected)) << r.out;
}

TEST(Dbmf, ConcurrentUseKeepsTheCountsRight) {
    auto r = runInChild([] {
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
        return 0;
    });
    EXPECT_EQ(r.out,
              "size 64 allocSize 96 chunkItems 10 nAlloc 0 nFree 0 nChunks 0 nGtSize 80000\n");
}
