// Runs the C99 program of CProgram.c: the C header compiled as C, linked against the library.
#include <gtest/gtest.h>

#include <string>

extern "C" int macLibCTranscript(char* buffer, std::size_t size);

TEST(CProgram, ACProgramBuildsAndRunsAgainstMacLibH) {
    char buffer[512] = {};
    const int used = macLibCTranscript(buffer, sizeof buffer);
    ASSERT_GT(used, 0);
    EXPECT_EQ(std::string(buffer), "2 -25 IOC:ai1 \"a, b\" mA $(NONE)\n"
                                   "3 ao1\n"
                                   "3 ai1\n"
                                   "IOC:ai1\n"
                                   "NULL\n");
}
