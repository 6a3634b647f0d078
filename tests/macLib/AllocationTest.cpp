// Heap use of the hot paths. This program counts every operator new (replaced below) and every
// malloc/calloc/realloc made from our objects (linked with --wrap, see CMakeLists.txt), so a
// test can prove that a stretch of work reached neither.
#include <epicsdb/macLib/MacroTable.hpp>

#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <new>
#include <string>
#include <vector>

using epicsdb::maclib::MacroTable;

namespace {
std::atomic<long> gNews{0};
std::atomic<long> gMallocs{0};
} // namespace

extern "C" {
void* __real_malloc(std::size_t size);
void* __real_calloc(std::size_t count, std::size_t size);
void* __real_realloc(void* block, std::size_t size);

void* __wrap_malloc(std::size_t size) {
    gMallocs.fetch_add(1, std::memory_order_relaxed);
    return __real_malloc(size);
}
void* __wrap_calloc(std::size_t count, std::size_t size) {
    gMallocs.fetch_add(1, std::memory_order_relaxed);
    return __real_calloc(count, size);
}
void* __wrap_realloc(void* block, std::size_t size) {
    gMallocs.fetch_add(1, std::memory_order_relaxed);
    return __real_realloc(block, size);
}
}

void* operator new(std::size_t size) {
    gNews.fetch_add(1, std::memory_order_relaxed);
    if (void* block = __real_malloc(size ? size : 1)) return block;
    throw std::bad_alloc();
}
void* operator new[](std::size_t size) {
    return ::operator new(size);
}
void operator delete(void* block) noexcept {
    std::free(block);
}
void operator delete[](void* block) noexcept {
    std::free(block);
}
void operator delete(void* block, std::size_t) noexcept {
    std::free(block);
}
void operator delete[](void* block, std::size_t) noexcept {
    std::free(block);
}

namespace {

// Allocations of both kinds since construction.
class Allocations {
public:
    Allocations() : news_(gNews.load()), mallocs_(gMallocs.load()) {}
    [[nodiscard]] long news() const { return gNews.load() - news_; }
    [[nodiscard]] long mallocs() const { return gMallocs.load() - mallocs_; }

private:
    long news_;
    long mallocs_;
};

const std::vector<std::string>& plainLines() {
    static const std::vector<std::string> lines = {
        "record(ai, \"IOC:temperature\") {\n",
        "    field(DESC, \"no macros in here, just 'quotes' and \\\"escapes\\\"\")\n",
        "    field(INP, \"IOC:raw CP MS\")\n",
        "    field(CALC, \"A*B+C\") # costs $5 but that is no reference\n",
        "}\n",
        std::string(500, 'z') + "\n",
    };
    return lines;
}

} // namespace

// The counting itself works (so that the zero results below mean something).
TEST(Allocation, TheCountersSeeAllocations) {
    Allocations count;
    auto* text = new std::string(100, 'x');
    void* volatile block = std::malloc(10); // volatile: the call must not be optimised away
    EXPECT_EQ(count.news(), 2);             // the string object and its buffer
    EXPECT_EQ(count.mallocs(), 1);
    std::free(block);
    delete text;
}

TEST(Allocation, AnEmptyTableAllocatesNothing) {
    std::string out;
    out.reserve(256);
    Allocations count;
    {
        MacroTable table;
        table.suppressWarnings(true);
        EXPECT_TRUE(table.expand("plain text", out).ok());
        EXPECT_FALSE(table.expand(" and $(A) ${B=} $(C,D)", out).ok());
        EXPECT_FALSE(table.isDefined("A"));
        EXPECT_EQ(table.memoryStats().systemAllocations, 0u);
        EXPECT_EQ(table.memoryStats().bytesReserved, 0u);
    }
    EXPECT_EQ(count.news(), 0);
    EXPECT_EQ(count.mallocs(), 0);
    EXPECT_EQ(out, "plain text and $(A)  $(C)");
}

TEST(Allocation, ADollarFreeExpansionMakesNoAllocation) {
    MacroTable table("P=IOC:,R=temperature:,DESC=a description longer than fifteen");
    std::string out;
    out.reserve(1024);
    (void)table.expand("$(P)", out); // the first read re-expands the cache
    const auto& lines = plainLines();
    Allocations count;
    for (int round = 0; round < 1000; ++round) {
        for (const std::string& line : lines) {
            out.clear();
            ASSERT_TRUE(table.expand(line, out).ok());
            ASSERT_EQ(out, line);
        }
    }
    EXPECT_EQ(count.news(), 0);
    EXPECT_EQ(count.mallocs(), 0);
}

TEST(Allocation, ExpandingReferencesInACleanTableMakesNoAllocation) {
    MacroTable table("P=IOC:,R=temperature:,DESC=a description longer than fifteen");
    table.suppressWarnings(true);
    std::string out;
    out.reserve(1024);
    (void)table.expand("$(P)", out);
    Allocations count;
    for (int round = 0; round < 1000; ++round) {
        out.clear();
        (void)table.expand("record(ai, \"$(P)$(R)x\") {\n", out);
        (void)table.expand("    field(DESC, \"${DESC} $(UNDEFINED)\")\n", out);
        (void)table.expand("    field(EGU, \"$(EGU=degC)\")\n", out);
        (void)table.expand("    field(INP, \"$(P)$($(NAME=R))raw\")\n", out);
    }
    EXPECT_EQ(count.news(), 0);
    EXPECT_EQ(count.mallocs(), 0);
    EXPECT_EQ(out, "record(ai, \"IOC:temperature:x\") {\n"
                   "    field(DESC, \"a description longer than fifteen $(UNDEFINED)\")\n"
                   "    field(EGU, \"degC\")\n"
                   "    field(INP, \"IOC:temperature:raw\")\n");
}

// What the loader does per template instance: make a table from a definition string, expand a
// few hundred lines, drop it. Names, values and entries share the table's arena.
TEST(Allocation, ATableLifecycleCostsOneOrTwoSystemAllocations) {
    std::string out;
    out.reserve(4096);
    for (int instance = 0; instance < 100; ++instance) {
        const std::string definitions = "P=IOC" + std::to_string(instance) +
                                        ":,R=ai1:,DESC='a description, with a comma',EGU=mA,"
                                        "SCAN=1 second,HOPR=100,LOPR=0,PREC=3";
        Allocations count;
        std::size_t reported = 0;
        {
            MacroTable table(definitions);
            for (int line = 0; line < 300; ++line) {
                out.clear();
                (void)table.expand("field(DESC, \"$(P)$(R) $(DESC) [$(EGU)] $(SCAN=Passive)\")\n",
                                   out);
            }
            reported = table.memoryStats().systemAllocations;
        }
        EXPECT_LE(count.mallocs(), 2) << "instance " << instance;
        EXPECT_EQ(count.news(), 0) << "instance " << instance;
        EXPECT_EQ(std::size_t(count.mallocs()), reported);
    }
}

// What msi does: one table, a scope per substitution set. Freed blocks are reused, so memory
// stops growing once warm.
TEST(Allocation, ScopeAfterScopeReusesMemory) {
    MacroTable table("GLOBAL=g");
    std::string out;
    out.reserve(1024);
    auto round = [&](int i) {
        table.pushScope();
        table.install(i % 2 ? "A=1,B=two,C=$(A)-$(B)-$(GLOBAL)" : "A=longer value here,C=$(A)");
        out.clear();
        (void)table.expand("$(C) $(A,B=scoped)", out);
        table.popScope();
    };
    for (int i = 0; i < 100; ++i)
        round(i);
    const auto warm = table.memoryStats();
    Allocations count;
    for (int i = 0; i < 10000; ++i)
        round(i);
    EXPECT_EQ(table.memoryStats().bytesReserved, warm.bytesReserved);
    EXPECT_EQ(table.memoryStats().systemAllocations, warm.systemAllocations);
    EXPECT_EQ(count.mallocs(), 0);
    EXPECT_EQ(count.news(), 0);
}
