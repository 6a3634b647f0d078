// iocsh's splitting of an expanded line into words (iocsh.cpp, Tokenize::split).
#include "ShellWords.hpp"

#include <gtest/gtest.h>

namespace epicsdb::ioc {
namespace {

using Strings = std::vector<std::string>;

TEST(ShellWords, BothCallFormsGiveTheSameWords) {
    EXPECT_EQ(splitShellWords(R"(dbLoadRecords("x.db", "P=a:,Q=b"))").argv,
              (Strings{"dbLoadRecords", "x.db", "P=a:,Q=b"}));
    EXPECT_EQ(splitShellWords(R"(dbLoadRecords x.db "P=a:,Q=b")").argv,
              (Strings{"dbLoadRecords", "x.db", "P=a:,Q=b"}));
}

TEST(ShellWords, SeparatorsAreSpaceTabParenthesesCommaAndCarriageReturn) {
    EXPECT_EQ(splitShellWords("a\tb(c)d,e\r").argv, (Strings{"a", "b", "c", "d", "e"}));
    EXPECT_EQ(splitShellWords("cmd(,,x)").argv, (Strings{"cmd", "x"}));
}

TEST(ShellWords, QuotesAreRemovedAndKeepSeparators) {
    EXPECT_EQ(splitShellWords(R"x(set 'a, b' "c (d)")x").argv, (Strings{"set", "a, b", "c (d)"}));
    // A quote inside a word starts quoting there; both kinds nest the other literally.
    EXPECT_EQ(splitShellWords(R"(x ab"c d"e 'say "hi"')").argv,
              (Strings{"x", "abc de", R"(say "hi")"}));
    EXPECT_EQ(splitShellWords(R"(x "")").argv, (Strings{"x", ""}));
}

TEST(ShellWords, BackslashEscapesOutsideQuotesOnly) {
    EXPECT_EQ(splitShellWords(R"(x a\ b \"q\" \\)").argv, (Strings{"x", "a b", "\"q\"", "\\"}));
    EXPECT_EQ(splitShellWords(R"(x "a\b")").argv, (Strings{"x", "a\\b"}));
}

TEST(ShellWords, ProblemsAreIocshsMessages) {
    ShellWords words = splitShellWords(R"(epicsEnvSet("A", "unclosed))");
    EXPECT_EQ(words.problem, ShellWords::Problem::UnbalancedQuote);
    EXPECT_STREQ(problemText(words.problem), "Unbalanced quote.");
    EXPECT_EQ(words.problemAt, 17u);
    EXPECT_EQ(splitShellWords("x a\\").problem, ShellWords::Problem::TrailingBackslash);
    EXPECT_EQ(splitShellWords("x >").problem, ShellWords::Problem::IllegalRedirection);
    EXPECT_STREQ(problemText(ShellWords::Problem::IllegalRedirection), "Illegal redirection.");
}

TEST(ShellWords, RedirectionsTakeTheNextWord) {
    ShellWords words = splitShellWords("< scripts/x.cmd");
    EXPECT_TRUE(words.empty());
    ASSERT_NE(words.input(), nullptr);
    EXPECT_EQ(words.input()->file, "scripts/x.cmd");

    words = splitShellWords("dbl >> out.txt 2>err.txt");
    EXPECT_EQ(words.argv, (Strings{"dbl"}));
    EXPECT_EQ(words.redirections.at(1).file, "out.txt");
    EXPECT_EQ(words.redirections.at(1).mode, "a");
    EXPECT_EQ(words.redirections.at(2).file, "err.txt");
    EXPECT_EQ(words.redirections.at(2).mode, "w");
}

TEST(ShellWords, SameStreamTwiceIsReportedAsSuch) {
    EXPECT_EQ(splitShellWords("dbl > a > b").problem, ShellWords::Problem::DoubleRedirection);
}

TEST(ShellWords, OnlySeparatorsGiveNoWords) {
    const ShellWords words = splitShellWords("( , )");
    EXPECT_TRUE(words.ok());
    EXPECT_TRUE(words.empty());
    EXPECT_TRUE(words.redirections.empty());
}

TEST(ShellWords, SplittingStartsAtTheGivenOffset) {
    EXPECT_EQ(splitShellWords("   cd ..", 3).argv, (Strings{"cd", ".."}));
}

} // namespace
} // namespace epicsdb::ioc
