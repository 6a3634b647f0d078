// Loader::loadTemplate: dbLoadTemplate into a database, with the standard record types.
#include "LoaderFixture.hpp"
#include "ScratchDir.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

using namespace epicsdb;

namespace {

const char* const kTemplate = R"db(record(ai, "$(P)$(N)") {
    field(DESC, "$(D=none)")
    field(PREC, "$(PREC=1)")
    field(EGU, "$(E=)")
}
)db";

class LoadTemplate : public test::LoaderFixture {
protected:
    explicit LoadTemplate(loaders::LoaderOptions options = {})
        : LoaderFixture(true, std::move(options)) {
        templatePath = files.write("db/t.db", kTemplate);
    }

    loaders::LoadResult loadText(const std::string& text, const std::string& macros = {}) {
        return loader.loadTemplate(files.write("test.substitutions", text), macros);
    }

    // Every diagnostic with the chain that led to it.
    [[nodiscard]] std::string messages() const {
        std::string text;
        for (const auto& d : diagnostics.items) {
            for (auto it = d.context.rbegin(); it != d.context.rend(); ++it)
                text += "In " + it->relation + " " + it->location.file + ":" +
                        std::to_string(it->location.line) + ":\n";
            text += d.location.file + ":" + std::to_string(d.location.line) + ":" +
                    std::to_string(d.location.column) + ": " + d.message + "\n";
        }
        return text;
    }

    test::ScratchDir files;
    std::string templatePath;
};

TEST_F(LoadTemplate, SetValuesOverrideGlobalsWhichOverrideTheCallersMacros) {
    const auto result = loadText("global { P = \"g:\" }\n"
                                 "file \"" +
                                     templatePath +
                                     "\" {\n"
                                     "    { N = 1, D = \"first set\" }\n"
                                     "    { N = 2 }\n"
                                     "    { N = 3, P = \"local:\" }\n"
                                     "}\n",
                                 "P=caller:,E=volts,D=caller");
    ASSERT_TRUE(result.ok) << messages();
    EXPECT_EQ(result.recordsAfter - result.recordsBefore, 3u);
    EXPECT_EQ(field("g:1", "DESC"), "first set");
    EXPECT_EQ(field("g:1", "EGU"), "volts");
    EXPECT_EQ(field("g:2", "DESC"), "caller");
    EXPECT_EQ(field("local:3", "DESC"), "caller");
    EXPECT_EQ(field("caller:1", "DESC"), "<no record>");
}

TEST_F(LoadTemplate, EachSetSeesOnlyItsOwnValues) {
    const auto result = loadText("file \"" + templatePath +
                                 "\" {\n"
                                 "  pattern { P, N, D }\n"
                                 "  { a:, 1, \"x, y\" }\n"
                                 "  { a:, 2 }\n"
                                 "  global { D = shared }\n"
                                 "  { a:, 3 }\n"
                                 "  { a:, 4, 'own' }\n"
                                 "}\n");
    ASSERT_TRUE(result.ok) << messages();
    EXPECT_EQ(field("a:1", "DESC"), "x, y");
    EXPECT_EQ(field("a:2", "DESC"), "none");
    EXPECT_EQ(field("a:3", "DESC"), "shared");
    EXPECT_EQ(field("a:4", "DESC"), "own");
}

TEST_F(LoadTemplate, TemplateNamesUseTheEnvironment) {
    ::setenv("EPICSDB_SUBST_TEST_TOP", files.path().c_str(), 1);
    const auto result = loadText("file \"$(EPICSDB_SUBST_TEST_TOP)/db/t.db\" { {P=e:, N=1} }\n");
    ::unsetenv("EPICSDB_SUBST_TEST_TOP");
    EXPECT_TRUE(result.ok) << messages();
    EXPECT_NE(db.findRecord("e:1"), nullptr);
}

TEST_F(LoadTemplate, AnUndefinedVariableInATemplateNameIsAnError) {
    ::unsetenv("EPICSDB_SUBST_TEST_UNSET");
    const auto result = loadText("\nfile \"$(EPICSDB_SUBST_TEST_UNSET)/t.db\" { {N=1} }\n");
    EXPECT_FALSE(result.ok);
    ASSERT_EQ(diagnostics.items.size(), 1u) << messages();
    EXPECT_EQ(diagnostics.items[0].code, "template-open");
    EXPECT_EQ(diagnostics.items[0].location.line, 2u);
    EXPECT_NE(diagnostics.items[0].message.find("undefined environment variable"),
              std::string::npos);
}

TEST_F(LoadTemplate, ErrorsInATemplatePointAtTheSetThatLoadedIt) {
    const auto result = loadText("file \"" + templatePath +
                                 "\" {\n"
                                 "  { P=a:, N=1 }\n"
                                 "  { P=a:, N=2, PREC=abc }\n"
                                 "}\n");
    EXPECT_FALSE(result.ok);
    ASSERT_EQ(result.errors, 1u) << messages();
    const Diagnostic& d = diagnostics.items.at(0);
    EXPECT_EQ(d.location.file, templatePath);
    EXPECT_EQ(d.location.line, 3u) << messages();
    ASSERT_EQ(d.context.size(), 1u) << messages();
    EXPECT_EQ(d.context[0].location.file, files.path("test.substitutions"));
    EXPECT_EQ(d.context[0].location.line, 3u);
    EXPECT_EQ(d.context[0].location.column, 3u);
    EXPECT_NE(d.context[0].relation.find("substitution set"), std::string::npos);
}

TEST_F(LoadTemplate, AFailedFileLeavesTheDatabaseAsItWas) {
    ASSERT_TRUE(loader.loadRecordsText("before.db", "record(ai, before) {}\n").ok);
    const std::string good = "file \"" + templatePath + "\" { {P=x:, N=1} {P=x:, N=2} }\n";
    const struct {
        const char* what;
        std::string text;
    } failures[] = {
        {"an error in the last template",
         good + "file \"" + templatePath + "\" { {P=x:, N=3, PREC=bad} }\n"},
        {"a syntax error after good sets", good + "file \"" + templatePath + "\" { {N=} }\n"},
        {"an invalid character after good sets", good + "global { A=$(B) }\n"},
        {"a missing template after good sets", good + "file missing-template.db { {} }\n"},
    };
    for (const auto& failure : failures) {
        diagnostics.items.clear();
        const auto result = loadText(failure.text);
        EXPECT_FALSE(result.ok) << failure.what;
        EXPECT_EQ(db.recordCount(), 1u) << failure.what << "\n" << messages();
        EXPECT_EQ(result.recordsAfter, result.recordsBefore) << failure.what;
        EXPECT_EQ(db.findRecord("x:1"), nullptr) << failure.what;
        EXPECT_NE(db.findRecord("before"), nullptr) << failure.what;
    }
    // Then the same file without its error loads.
    EXPECT_TRUE(loadText(good).ok) << messages();
    EXPECT_EQ(db.recordCount(), 3u);
}

TEST_F(LoadTemplate, AMissingTemplateIsReportedOnceAtItsFileLine) {
    const auto result = loadText("\n\nfile nowhere.db {\n {N=1}\n {N=2}\n {N=3}\n}\n");
    EXPECT_FALSE(result.ok);
    ASSERT_EQ(diagnostics.items.size(), 1u) << messages();
    const Diagnostic& d = diagnostics.items[0];
    EXPECT_EQ(d.code, "template-open");
    EXPECT_EQ(d.location.line, 3u);
    EXPECT_EQ(d.location.column, 1u);
    EXPECT_NE(d.message.find("nowhere.db"), std::string::npos);
}

TEST_F(LoadTemplate, TheChecksEpicsMakesBeforeReading) {
    EXPECT_FALSE(loader.loadTemplate("").ok);
    EXPECT_FALSE(loader.loadTemplate(files.path("no-such.substitutions")).ok);
    ASSERT_EQ(diagnostics.items.size(), 2u);
    EXPECT_EQ(diagnostics.items[0].message, "must specify variable substitution file");
    EXPECT_NE(diagnostics.items[1].message.find("can't open substitution file"), std::string::npos);
}

TEST_F(LoadTemplate, WarningsDoNotFailTheFile) {
    const auto result = loadText("file \"" + templatePath +
                                 "\" {\n"
                                 "  pattern { P N }\n"
                                 "  { w: 1 extra }\n"
                                 "  old { w: 2 }\n"
                                 "}\n");
    EXPECT_TRUE(result.ok) << messages();
    EXPECT_EQ(result.warnings, 2u) << messages();
    EXPECT_NE(db.findRecord("w:1"), nullptr);
    EXPECT_NE(db.findRecord("w:2"), nullptr);
}

TEST_F(LoadTemplate, ATemplateUsedByManySetsIsReadOnce) {
    std::string text = "file \"" + templatePath + "\" {\npattern { P N }\n";
    for (int i = 0; i < 500; ++i)
        text += "{ r: " + std::to_string(i) + " }\n";
    text += "}\n";
    const auto before = loader.stats();
    const auto result = loadText(text);
    ASSERT_TRUE(result.ok) << messages();
    const auto after = loader.stats();
    EXPECT_EQ(db.recordCount(), 500u);
    EXPECT_EQ(after.filesRead - before.filesRead, 1u);
    EXPECT_EQ(after.loads - before.loads, 500u);
}

class LoadTemplateIncludeDirs : public LoadTemplate {
protected:
    LoadTemplateIncludeDirs() : LoadTemplate(optionsWith(dirs.path())) {}
    static loaders::LoaderOptions optionsWith(const std::string& dir) {
        loaders::LoaderOptions options;
        options.includeDirs = {dir};
        options.useEnvironmentPath = false;
        return options;
    }
    // Created before the fixture's loader (base classes come first, so a static holder).
    static inline test::ScratchDir dirs;
};

TEST_F(LoadTemplateIncludeDirs, TemplatesAreFoundLikeDbLoadRecordsFindsThem) {
    dirs.write("found.template", "record(bo, \"$(P)found\") {}\n");
    const auto result = loadText("file found.template { {P=i:} }\n");
    EXPECT_TRUE(result.ok) << messages();
    EXPECT_NE(db.findRecord("i:found"), nullptr);
}

TEST_F(LoadTemplate, DbTemplateMaxVarsMustBePositive) {
    loaders::LoaderOptions options;
    options.templateMaxVars = 0;
    DiagnosticList list;
    loaders::Loader zero(db, list, options);
    EXPECT_FALSE(zero.loadTemplate(files.write("x.substitutions", "global {}\n")).ok);
    ASSERT_EQ(list.items.size(), 1u);
    EXPECT_NE(list.items[0].message.find("dbTemplateMaxVars"), std::string::npos);
}

} // namespace
