// The guide's pages made into `epicsdb help` text and into go-md2man's input (tools/pages), on
// small pages whose every construct a real page may use.
#include "ManSource.hpp"
#include "MarkdownText.hpp"

#include <gtest/gtest.h>

#include <stdexcept>

namespace {

using epicsdb::pages::commandManSource;
using epicsdb::pages::ManHeader;
using epicsdb::pages::markdownToText;
using epicsdb::pages::repairedRoff;

TEST(HelpText, HeadingsStandAloneAndTextIsIndentedUnderThem) {
    EXPECT_EQ(markdownToText("# epicsdb lint\n\n## Exit status\n\n0 *without* errors, "
                             "**1** with.\n\n### Details\n\nMore.\n"),
              "epicsdb lint\n\nEXIT STATUS\n    0 without errors, 1 with.\n\n  Details\n"
              "    More.\n");
}

TEST(HelpText, ParagraphsAreWrappedToTheWidthAndCodeSpansStayWhole) {
    const std::string text = markdownToText(
        "Loads like `epicsdb check` does,\nthen looks for what EPICS accepts but an IOC trips "
        "over at run time: `links to records` that do not exist.\\\nA hard break.\n");
    EXPECT_EQ(text, "    Loads like epicsdb check does, then looks for what EPICS accepts but an "
                    "IOC\n    trips over at run time: links to records that do not exist.\n"
                    "    A hard break.\n");
    // "e" would fit on the first line, but not without "f".
    const std::string narrow =
        markdownToText("aaaa bbbb cccc dd `e f`", {.width = 22, .indent = 2});
    EXPECT_EQ(narrow, "  aaaa bbbb cccc dd\n  e f\n");
}

TEST(HelpText, CodeBlocksAreIndentedAndKeptAsWritten) {
    EXPECT_EQ(markdownToText("Run:\n\n```sh\nepicsdb lint  -Wall st.cmd\n\n# `#` stays\n```\n\n"
                             "    indented  code\n\nAfter.\n"),
              "    Run:\n\n        epicsdb lint  -Wall st.cmd\n\n        # `#` stays\n\n"
              "        indented  code\n\n    After.\n");
}

TEST(HelpText, ListsTightLooseNestedAndNumbered) {
    EXPECT_EQ(markdownToText("- one\n- two that is long enough to wrap\n  - inner\n\n"
                             "Then:\n\n3. first\n\n4. second\n"),
              "    * one\n    * two that is long enough to wrap\n      * inner\n\n    Then:\n\n"
              "    3. first\n\n    4. second\n");
    EXPECT_EQ(markdownToText("- a b c d e f g h i j k l m n o p", {.width = 22, .indent = 0}),
              "* a b c d e f g h i j\n  k l m n o p\n");
}

TEST(HelpText, LinksShowTheirTextAndWebAddressesOnce) {
    EXPECT_EQ(markdownToText("See [check](check.md), [the site](https://epics.org/x), "
                             "<https://epics.org> and [mail](mailto:a@b.c).\n"),
              "    See check, the site (https://epics.org/x), https://epics.org and mail\n"
              "    (mailto:a@b.c).\n");
}

TEST(HelpText, NoMarkupIsLeft) {
    EXPECT_EQ(markdownToText("<!-- a comment -->\n\nA&amp;B &lt;x&gt; &#233; <b>bold</b> "
                             "~~gone~~ \\*star\\*\n\n---\n\n> quoted\n"),
              "    A&B <x> \xC3\xA9 bold gone *star*\n\n        quoted\n");
}

TEST(HelpText, TablesAlignWrapOrStackByTheirWidth) {
    const std::string table =
        "| Option | Meaning |\n|---|---|\n| `-q` | errors only |\n"
        "| `--format text\\|json` | how findings are printed, one per line |\n";
    EXPECT_EQ(markdownToText(table),
              "    Option              Meaning\n"
              "    ------------------  --------------------------------------\n"
              "    -q                  errors only\n"
              "    --format text|json  how findings are printed, one per line\n");
    EXPECT_EQ(markdownToText(table, {.width = 50, .indent = 0}),
              "Option              Meaning\n"
              "------------------  ------------------------------\n"
              "-q                  errors only\n"
              "--format text|json  how findings are printed, one\n"
              "                    per line\n");
    EXPECT_EQ(markdownToText(table, {.width = 30, .indent = 2}),
              "  -q\n    errors only\n  --format text|json\n    how findings are printed,\n"
              "    one per line\n");
}

TEST(HelpText, ItemsThatStartWithCodeCarryTheirMarkAlone) {
    EXPECT_EQ(markdownToText("1. ```\n   code\n   ```\n"), "    1.\n           code\n");
}

const ManHeader kLint{"epicsdb-lint", "check, plus what EPICS never checks", "epicsdb 1.2.3"};

TEST(ManSource, TheTitleBecomesTheHeaderAndSectionsAreInCapitals) {
    const std::string page = "<!-- the guide -->\n# epicsdb lint\n\n## Synopsis\n\n```\n"
                             "## not a heading\n```\n\n### Rules\n\nText.\n";
    EXPECT_EQ(commandManSource(page, kLint, "epicsdb(1)"),
              "# EPICSDB-LINT 1 \"\" \"epicsdb 1.2.3\" \"epicsdb manual\"\n\n## NAME\n\n"
              "epicsdb-lint - check, plus what EPICS never checks\n## SYNOPSIS\n\n```\n"
              "## not a heading\n```\n\n### Rules\n\nText.\n\n## SEE ALSO\n\nepicsdb(1)\n\n");
}

TEST(ManSource, APageWithItsOwnSeeAlsoKeepsItAndTheManPagesEndIt) {
    EXPECT_TRUE(commandManSource("# epicsdb lint\n\n## See also\n\nmsi(1)\n", kLint, "epicsdb(1)")
                    .ends_with("## SEE ALSO\n\nmsi(1)\n\nepicsdb(1)\n\n"));
    const std::string between = commandManSource(
        "# epicsdb lint\n\n## See also\n\nmsi(1)\n\n## Notes\n\nN.\n", kLint, "epicsdb(1)");
    EXPECT_TRUE(between.ends_with("## SEE ALSO\n\nmsi(1)\n\nepicsdb(1)\n\n## NOTES\n\nN.\n"))
        << between;
}

TEST(ManSource, WhatComesBeforeTheFirstSectionOpensTheDescription) {
    EXPECT_EQ(commandManSource("# epicsdb lint\n\nLints.\n\n## Synopsis\n\nS.\n\n"
                               "## Description\n\nD.\n",
                               kLint, ""),
              "# EPICSDB-LINT 1 \"\" \"epicsdb 1.2.3\" \"epicsdb manual\"\n\n## NAME\n\n"
              "epicsdb-lint - check, plus what EPICS never checks\n## SYNOPSIS\n\nS.\n\n"
              "## DESCRIPTION\n\nLints.\n\n\nD.\n");
    EXPECT_EQ(commandManSource("# epicsdb lint\nLints.\n## Synopsis\nS.\n", kLint, ""),
              "# EPICSDB-LINT 1 \"\" \"epicsdb 1.2.3\" \"epicsdb manual\"\n\n## NAME\n\n"
              "epicsdb-lint - check, plus what EPICS never checks\n\n## DESCRIPTION\nLints.\n"
              "## SYNOPSIS\nS.\n");
}

TEST(ManSource, TwoColumnTablesBecomeTaggedParagraphsAndGuideLinksText) {
    const std::string page =
        "# epicsdb lint\n\n| Option | Meaning |\n| --- | :-- |\n"
        "| `-W FLAG` | see [check](check.md) or [web](https://x.org) |\n"
        "| `--format a\\|b` | how |\n\n| a | b | c |\n|-|-|-|\n| 1 | 2 | 3 |\n\n"
        "Keep `[x](y.md)` and ![alt](pic.png).\n";
    const std::string out = commandManSource(page, kLint, "");
    EXPECT_NE(out.find("\n`-W FLAG`\n: see check or [web](https://x.org)\n\n`--format a|b`\n"
                       ": how\n\n\n| a | b | c |\n|-|-|-|\n"),
              std::string::npos)
        << out;
    EXPECT_NE(out.find("Keep `[x](y.md)` and alt.\n"), std::string::npos) << out;
}

TEST(ManSource, APageWithoutTitleIsRefused) {
    EXPECT_THROW((void)commandManSource("## Synopsis\n", kLint, ""), std::runtime_error);
}

TEST(ManSource, RoffIsRepairedWhereGoMd2ManLeavesItWrong) {
    EXPECT_EQ(repairedRoff(".nh\n.TH X 1\n.nf\n../bin/ioc st.cmd\n'quoted\n.fi\n.PP\n"
                           "See https://x.org\n\\[la]https://x.org\\[ra]\\&.\nother\n"
                           "\\[la]y.md\\[ra]\n"),
              ".nh\n.TH X 1\n.ad l\n.nh\n.nf\n\\&../bin/ioc st.cmd\n\\&'quoted\n.fi\n.PP\n"
              "See https://x.org\\&.\nother\n\\[la]y.md\\[ra]\n");
}

} // namespace
