// unifiedDiff: diff -u hunks.
#include <epicsdb/format/LineDiff.hpp>

#include <gtest/gtest.h>

using epicsdb::format::unifiedDiff;

namespace {

TEST(LineDiff, EqualTextsGiveNothing) {
    EXPECT_EQ(unifiedDiff("a\nb\n", "a\nb\n", "x", "x"), "");
}

TEST(LineDiff, OneChangedLineWithThreeLinesOfContext) {
    EXPECT_EQ(unifiedDiff("1\n2\n3\n4\n5\n6\n7\n8\n", "1\n2\n3\n4\nfive\n6\n7\n8\n", "a", "b"),
              "--- a\n+++ b\n@@ -2,7 +2,7 @@\n 2\n 3\n 4\n-5\n+five\n 6\n 7\n 8\n");
}

TEST(LineDiff, DistantChangesMakeTwoHunks) {
    std::string before, after;
    for (int i = 1; i <= 20; ++i) {
        before += std::to_string(i) + "\n";
        after += (i == 2 || i == 19 ? "x" : std::to_string(i)) + "\n";
    }
    EXPECT_EQ(unifiedDiff(before, after, "f", "f"),
              "--- f\n+++ f\n@@ -1,5 +1,5 @@\n 1\n-2\n+x\n 3\n 4\n 5\n"
              "@@ -16,5 +16,5 @@\n 16\n 17\n 18\n-19\n+x\n 20\n");
}

TEST(LineDiff, InsertionsDeletionsAndAMissingLastNewline) {
    EXPECT_EQ(unifiedDiff("a\nb", "a\nb\nc\n", "f", "f"),
              "--- f\n+++ f\n@@ -1,2 +1,3 @@\n a\n-b\n\\ No newline at end of file\n+b\n+c\n");
    EXPECT_EQ(unifiedDiff("", "a\n", "f", "f"), "--- f\n+++ f\n@@ -0,0 +1 @@\n+a\n");
    EXPECT_EQ(unifiedDiff("a\n", "", "f", "f"), "--- f\n+++ f\n@@ -1 +0,0 @@\n-a\n");
}

} // namespace
