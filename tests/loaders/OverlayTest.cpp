// LoaderOptions::overlay: texts read instead of the files on disk (an editor's unsaved
// buffers, for epicsdb lsp), for the files a load reads (includes, templates, the
// substitution file itself); files the overlay does not hold are read from disk.
#include "ScratchDir.hpp"

#include <epicsdb/loaders/Loader.hpp>

#include <gtest/gtest.h>

#include <map>

namespace epicsdb::test {
namespace {

class MapOverlay final : public loaders::FileOverlay {
public:
    std::optional<std::string_view> textOf(std::string_view path) const override {
        const auto found = texts.find(std::string(path));
        if (found == texts.end()) return std::nullopt;
        return found->second;
    }
    std::map<std::string, std::string> texts;
};

TEST(LoaderOverlay, IncludesTemplatesAndSubstitutionFilesReadTheOverlay) {
    const ScratchDir dir;
    const std::string included = dir.write("inc.db", "record(ai, \"on-disk\")\n");
    const std::string templ = dir.write("x.template", "record(ai, \"$(P)disk\")\n");
    const std::string subst = dir.write("x.substitutions", "file \"x.template\" { {P=a:} }\n");
    dir.write("other.db", "record(ai, \"other\")\n");

    MapOverlay overlay;
    overlay.texts[included] = "record(bo, \"unsaved\")\n";
    overlay.texts[templ] = "record(ao, \"$(P)unsaved\")\n";
    overlay.texts[subst] = "file \"x.template\" { {P=b:} }\n";
    dbstatic::Database db;
    DiagnosticList diagnostics;
    loaders::LoaderOptions options;
    options.overlay = &overlay;
    options.includeDirs = {dir.path()};
    loaders::Loader loader(db, diagnostics, options);
    ASSERT_TRUE(loader.loadDefaultDefinitions().ok);
    EXPECT_TRUE(loader.loadRecordsText("main.db", "include \"inc.db\"\ninclude \"other.db\"\n").ok);
    EXPECT_TRUE(loader.loadTemplate(subst).ok);
    for (const auto& d : diagnostics.items)
        ADD_FAILURE() << d.location.file << ":" << d.location.line << ": " << d.message;
    EXPECT_NE(db.findRecord("unsaved"), nullptr);
    EXPECT_EQ(db.findRecord("on-disk"), nullptr);
    EXPECT_NE(db.findRecord("other"), nullptr); // not in the overlay: from disk
    EXPECT_NE(db.findRecord("b:unsaved"), nullptr);
    EXPECT_EQ(db.findRecord("a:disk"), nullptr);
    EXPECT_EQ(db.findRecord("b:disk"), nullptr);
}

} // namespace
} // namespace epicsdb::test
