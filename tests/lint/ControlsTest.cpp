// What is reported: GCC-style -W flags and the suppression comments of the files.
#include <epicsdb/lint/Controls.hpp>

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
    EXPECT_EQ(controlsOf({"no-ext-link", "all"}).severityFor(finding("ext-link")),
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

TEST(Suppression, OnTheLineOrTheLineBefore) {
    const std::string text = "line 1\n# epicsdb: ignore[ext-link, hw-link]\nrecord line\n"
                             "x # epicsdb: ignore\nother\n";
    EXPECT_TRUE(isSuppressed(finding("ext-link", Severity::Warning, 3), text));
    EXPECT_TRUE(isSuppressed(finding("hw-link", Severity::Warning, 3), text));
    EXPECT_FALSE(isSuppressed(finding("link-mod", Severity::Warning, 3), text));
    EXPECT_TRUE(isSuppressed(finding("link-mod", Severity::Warning, 4), text));
    EXPECT_TRUE(isSuppressed(finding("link-mod", Severity::Warning, 5), text));
    EXPECT_FALSE(isSuppressed(finding("link-mod", Severity::Warning, 1), text));
    // check's errors cannot be silenced.
    EXPECT_FALSE(isSuppressed(finding("field-unknown", Severity::Error, 5), text));
}

} // namespace
} // namespace epicsdb::lint
