// Diagnostics made by hand, as the loaders and lint give them, through the conversion to LSP
// and textDocument/codeAction: fix-its become quick fixes in the negotiated position encoding,
// related places become related locations, a diagnostic without fix-its offers nothing.
#include "CodeActions.hpp"
#include "DiagnosticConversion.hpp"
#include "DocumentIndex.hpp"
#include "Documents.hpp"

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

namespace epicsdb::test {
namespace {

using namespace lsp;
using nlohmann::json;

constexpr const char* kPath = "/tmp/lsp-quickfix/a.db";
constexpr const char* kUri = "file:///tmp/lsp-quickfix/a.db";
// "é😀" before the misspelt field: 3 UTF-16 units, 6 bytes.
constexpr const char* kText = "record(ai, \"a\") {\n"
                              "    field(DESC, \"é😀\") field(DESCC, \"1\")\n"
                              "}\n";

// The field-unknown diagnostic with its fix-it, as the loader makes it.
Diagnostic misspeltField(const std::string& file) {
    Diagnostic d;
    d.code = "field-unknown";
    d.message = "ai record \"a\" does not have a field \"DESCC\"";
    d.location = {file, 2, 33};
    FixIt fix;
    fix.message = "did you mean \"DESC\"? (Descriptor)";
    fix.range = {file, 2, 33, 2, 38};
    fix.replacement = "DESC";
    fix.safe = true;
    d.fixes.push_back(fix);
    return d;
}

// The text the server writes, read back.
json parsed(const JsonText& text) {
    return json::parse(text.text);
}

json actionsAt(const std::vector<PublishedDiagnostic>& published, const Range& range,
               const std::optional<std::vector<std::string>>& only = std::nullopt) {
    return parsed(codeActions(published, range, only));
}

class LspQuickFixes : public ::testing::Test {
protected:
    void SetUp() override {
        documents.open(kUri, "epics-db", 1, kText);
        check.workingDirectory = "/tmp/lsp-quickfix";
    }
    const Document& document() const { return *documents.find(kUri); }
    std::vector<PublishedDiagnostic> convert(Encoding encoding) {
        index = indexDatabase(document().text);
        return toLspDiagnostics(
            check, document(), [this]() -> const DocumentIndex& { return index; }, documents,
            encoding);
    }
    static json range(unsigned l1, unsigned c1, unsigned l2, unsigned c2) {
        return {{"start", {{"line", l1}, {"character", c1}}},
                {"end", {{"line", l2}, {"character", c2}}}};
    }

    Documents documents;
    CheckResult check;
    DocumentIndex index;
};

TEST_F(LspQuickFixes, TheRangeIsTheWordOrTheStringAtTheColumn) {
    // A bare word as the loader reads one ('+' and ':' in it), with macro references; the
    // content of a string; the rest of the line where no word starts.
    documents.open(kUri, "epics-db", 2,
                   "record(ai, a+b:$(P)c) { field(DESC, \"x y\") }\nalias(${Q=a b}:x, 1)\n");
    EXPECT_EQ(wordRange(document(), 0, 11, Encoding::Utf16), (Range{{0, 11}, {0, 20}}));
    EXPECT_EQ(wordRange(document(), 0, 7, Encoding::Utf16), (Range{{0, 7}, {0, 9}}));
    EXPECT_EQ(wordRange(document(), 1, 6, Encoding::Utf16), (Range{{1, 6}, {1, 16}}));
    EXPECT_EQ(wordRange(document(), 0, 36, Encoding::Utf16), (Range{{0, 37}, {0, 40}}));
    EXPECT_EQ(wordRange(document(), 0, 21, Encoding::Utf16), (Range{{0, 21}, {0, 44}}));
}

TEST_F(LspQuickFixes, AFixItIsAQuickFixInUtf16) {
    check.diagnostics.push_back(misspeltField(kPath));
    const auto published = convert(Encoding::Utf16);
    ASSERT_EQ(published.size(), 1u);
    const json diagnostic = parsed(published[0].diagnostic);
    EXPECT_EQ(diagnostic["range"], range(1, 29, 1, 34)) << diagnostic.dump(2);
    // The message as the text output has it: the fix-it's message is a note.
    EXPECT_EQ(
        diagnostic["message"],
        "ai record \"a\" does not have a field \"DESCC\"\ndid you mean \"DESC\"? (Descriptor)");
    EXPECT_FALSE(diagnostic.contains("data")) << diagnostic.dump(2);

    // The cursor inside the word asks about it.
    const json actions = actionsAt(published, {{1, 31}, {1, 31}});
    ASSERT_EQ(actions.size(), 1u) << actions.dump(2);
    const json& action = actions[0];
    EXPECT_EQ(action["title"], "did you mean \"DESC\"? (Descriptor)");
    EXPECT_EQ(action["kind"], "quickfix");
    EXPECT_EQ(action["isPreferred"], true);
    EXPECT_EQ(action["diagnostics"], json::array({diagnostic}));
    const json& edits = action["edit"]["changes"][kUri];
    ASSERT_EQ(edits.size(), 1u) << action.dump(2);
    EXPECT_EQ(edits[0]["range"], range(1, 29, 1, 34));
    EXPECT_EQ(edits[0]["newText"], "DESC");
}

TEST_F(LspQuickFixes, AFixItIsAQuickFixInUtf8) {
    check.diagnostics.push_back(misspeltField(kPath));
    const auto published = convert(Encoding::Utf8);
    ASSERT_EQ(published.size(), 1u);
    EXPECT_EQ(parsed(published[0].diagnostic)["range"], range(1, 32, 1, 37));
    const json actions = actionsAt(published, {{1, 32}, {1, 37}});
    ASSERT_EQ(actions.size(), 1u) << actions.dump(2);
    EXPECT_EQ(actions[0]["edit"]["changes"][kUri][0]["range"], range(1, 32, 1, 37));
}

TEST_F(LspQuickFixes, OnlyWhereAskedAndOfTheKindAsked) {
    Diagnostic unsafe = misspeltField(kPath);
    unsafe.fixes[0].safe = false;
    check.diagnostics.push_back(unsafe);
    const auto published = convert(Encoding::Utf16);
    // Another line, the word before it: nothing.
    EXPECT_TRUE(actionsAt(published, {{0, 0}, {0, 5}}).empty());
    EXPECT_TRUE(actionsAt(published, {{1, 10}, {1, 14}}).empty());
    // A selection over the line: the fix, not preferred (not safe).
    const json actions = actionsAt(published, {{1, 0}, {1, 40}});
    ASSERT_EQ(actions.size(), 1u);
    EXPECT_EQ(actions[0]["isPreferred"], false);
    EXPECT_EQ(actionsAt(published, {{1, 0}, {1, 40}}, std::vector<std::string>{"quickfix"}).size(),
              1u);
    EXPECT_TRUE(
        actionsAt(published, {{1, 0}, {1, 40}}, std::vector<std::string>{"refactor"}).empty());
}

TEST_F(LspQuickFixes, ADiagnosticWithoutFixesOffersNoAction) {
    Diagnostic d;
    d.code = "field-value";
    d.message = "can't set \"a.PREC\" to \"x\"";
    d.location = {kPath, 2, 20};
    check.diagnostics.push_back(d);
    const auto published = convert(Encoding::Utf16);
    ASSERT_EQ(published.size(), 1u);
    EXPECT_TRUE(published[0].fixes.empty());
    EXPECT_TRUE(actionsAt(published, {{0, 0}, {3, 0}}).empty());
}

TEST_F(LspQuickFixes, ARelatedPlaceIsARelatedLocation) {
    Diagnostic d;
    d.severity = Severity::Warning;
    d.code = "rec-append";
    d.message = "record \"a\" is defined again (as ai)";
    d.location = {"a.db", 3, 1};
    d.related.push_back({{"a.db", 1, 12}, "first defined here"});
    check.diagnostics.push_back(d);
    const auto published = convert(Encoding::Utf16);
    ASSERT_EQ(published.size(), 1u);
    const json diagnostic = parsed(published[0].diagnostic);
    EXPECT_EQ(diagnostic["severity"], 2);
    EXPECT_EQ(diagnostic["message"], "record \"a\" is defined again (as ai)");
    ASSERT_EQ(diagnostic["relatedInformation"].size(), 1u) << diagnostic.dump(2);
    const json& related = diagnostic["relatedInformation"][0];
    EXPECT_EQ(related["message"], "first defined here");
    EXPECT_EQ(related["location"]["uri"], kUri);
    EXPECT_EQ(related["location"]["range"]["start"]["line"], 0);
}

TEST_F(LspQuickFixes, AFixItInAnOpenIncludeEditsIt) {
    // The diagnostic is in b.db, shown at the include line of a.db; the edit is b.db's.
    const std::string bUri = "file:///tmp/lsp-quickfix/b.db";
    documents.open(kUri, "epics-db", 2, "include \"b.db\"\n");
    documents.open(bUri, "epics-db", 1, "record(ai, \"é\") { field(DESCC, \"1\") }\n");
    Diagnostic d = misspeltField("b.db");
    d.location = {"b.db", 1, 26};
    d.fixes[0].range = {"b.db", 1, 26, 1, 31};
    d.context.push_back({"included from", {kPath, 1, 1}});
    // The same in a file the editor does not have: not offered (its text is not at hand).
    Diagnostic closed = misspeltField("c.db");
    closed.location = {"c.db", 1, 26};
    closed.fixes[0].range = {"c.db", 1, 26, 1, 31};
    closed.context.push_back({"included from", {kPath, 1, 1}});
    check.diagnostics = {d, closed};
    const auto published = convert(Encoding::Utf16);
    ASSERT_EQ(published.size(), 2u);
    EXPECT_EQ(parsed(published[0].diagnostic)["range"]["start"]["line"], 0);
    const json actions = actionsAt(published, {{0, 0}, {0, 0}});
    ASSERT_EQ(actions.size(), 1u) << actions.dump(2);
    EXPECT_EQ(actions[0]["edit"]["changes"][bUri][0]["range"], range(0, 24, 0, 29));
}

} // namespace
} // namespace epicsdb::test
