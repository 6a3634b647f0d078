// What is reported: GCC-style -W flags and the suppression comments of the files.
#include <epicsdb/lint/Controls.hpp>
#include <epicsdb/lint/LinedText.hpp>

#include <gtest/gtest.h>

namespace epicsdb::lint {
namespace {

Diagnostic finding(std::string code, Severity severity = Severity::Warning, unsigned line = 3) {
    Diagnostic d;
    d.code = std::move(code);
    d.severity = severity;
    d.location = {"x.db", line, 1};
    return d;
}

WarningControls controlsOf(std::initializer_list<std::string_view> flags) {
    WarningControls controls;
    std::string error;
    for (std::string_view flag : flags)
        EXPECT_TRUE(controls.apply(flag, error)) << error;
    return controls;
}

TEST(Controls, WarningsAreOnByDefaultAndErrorsStayErrors) {
    const WarningControls controls;
    EXPECT_EQ(controls.severityFor(finding("ext-link")), Severity::Warning);
    EXPECT_EQ(controls.severityFor(finding("field-unknown", Severity::Error)), Severity::Error);
    EXPECT_EQ(controlsOf({"none"}).severityFor(finding("field-unknown", Severity::Error)),
              Severity::Error);
}

TEST(Controls, FlagsApplyInOrder) {
    EXPECT_FALSE(controlsOf({"no-ext-link"}).severityFor(finding("ext-link")));
    EXPECT_EQ(controlsOf({"none", "ext-link"}).severityFor(finding("ext-link")), Severity::Warning);
    EXPECT_FALSE(controlsOf({"none", "ext-link"}).severityFor(finding("hw-link")));
    // -Wall does not undo a code switched off by itself (GCC's rule); -Wno-error undoes -Werror.
    EXPECT_FALSE(controlsOf({"no-ext-link", "all"}).severityFor(finding("ext-link")));
    EXPECT_EQ(controlsOf({"error", "no-error"}).severityFor(finding("ext-link")),
              Severity::Warning);
    EXPECT_EQ(controlsOf({"error"}).severityFor(finding("hw-link")), Severity::Error);
    EXPECT_EQ(controlsOf({"error=hw-link"}).severityFor(finding("hw-link")), Severity::Error);
    EXPECT_EQ(controlsOf({"error=hw-link"}).severityFor(finding("ext-link")), Severity::Warning);
    EXPECT_EQ(controlsOf({"error", "no-error=ext-link"}).severityFor(finding("ext-link")),
              Severity::Warning);
}

TEST(Controls, UnknownCodesAreRefused) {
    WarningControls controls;
    std::string error;
    EXPECT_FALSE(controls.apply("no-such-thing", error));
    EXPECT_EQ(error, "unknown warning option '-Wno-such-thing': no rule 'such-thing' (epicsdb "
                     "lint --list-rules)");
}

TEST(Controls, DbdlintsTagsForCheckErrorsAreAcceptedAndChangeNothing) {
    const WarningControls controls = controlsOf({"no-bad-field", "syntax", "error=bad-args"});
    EXPECT_EQ(controls.severityFor(finding("ext-link")), Severity::Warning);
}

bool suppressed(const std::string& text, unsigned line, const std::string& code,
                Severity severity = Severity::Warning) {
    const LinedText lines(text);
    return isSuppressed(finding(code, severity, line), lines.line(line), lines.line(line - 1));
}

TEST(Suppression, OnTheLineOrOnACommentLineBefore) {
    const std::string text = "line 1\n# epicsdb: ignore[ext-link, hw-link]\nrecord line\n"
                             "x # epicsdb: ignore\nother\n";
    EXPECT_TRUE(suppressed(text, 3, "ext-link"));
    EXPECT_TRUE(suppressed(text, 3, "hw-link"));
    EXPECT_FALSE(suppressed(text, 3, "link-mod"));
    EXPECT_TRUE(suppressed(text, 4, "link-mod"));
    // A comment after a statement is about that line only.
    EXPECT_FALSE(suppressed(text, 5, "link-mod"));
    EXPECT_FALSE(suppressed(text, 1, "link-mod"));
    // check's errors cannot be silenced.
    EXPECT_FALSE(suppressed(text, 4, "field-unknown", Severity::Error));
}

TEST(Suppression, OnlyInACommentAndOnlyTheWordIgnore) {
    EXPECT_TRUE(suppressed("a # epicsdb: ignore [quoted]\n", 1, "quoted"));
    EXPECT_FALSE(suppressed("a # epicsdb: ignore [quoted]\n", 1, "ext-link"));
    EXPECT_FALSE(suppressed("field(DESC, \"# epicsdb: ignore\")\n", 1, "quoted"));
    EXPECT_FALSE(suppressed("a # epicsdb: ignored here\n", 1, "quoted"));
}

} // namespace
} // namespace epicsdb::lint
