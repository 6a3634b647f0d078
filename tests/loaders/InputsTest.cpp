// loadInputs: files named by a user, each taken by its name as `epicsdb check` takes it, loaded
// in order, with the standard definitions only when no .dbd is among them.
#include "ScratchDir.hpp"

#include <epicsdb/loaders/Inputs.hpp>

#include <gtest/gtest.h>

namespace epicsdb::test {
namespace {

using loaders::InputKind;

TEST(LoaderInputs, KindComesFromTheName) {
    EXPECT_EQ(loaders::inputKindOf("a/softIoc.dbd"), InputKind::Definitions);
    for (const char* name : {"x.substitutions", "x.substitution", "x.sub", "x.subs"})
        EXPECT_EQ(loaders::inputKindOf(name), InputKind::Substitutions) << name;
    for (const char* name : {"x.db", "x.template", "x.vdb", "x.dbd.in", "x.subst", "st.cmd"})
        EXPECT_EQ(loaders::inputKindOf(name), InputKind::Records) << name;
}

TEST(LoaderInputs, StandardDefinitionsOnlyWithoutADbd) {
    const ScratchDir dir;
    const std::string db = dir.write("x.db", "record(ai, \"$(P)a\")\n");
    const std::string templ = dir.write("t.template", "record(bo, \"$(P)$(N)\")\n");
    const std::string subst = dir.write("x.substitutions", "file \"t.template\" { {N=b} }\n");
    {
        dbstatic::Database database;
        DiagnosticList diagnostics;
        loaders::LoaderOptions options;
        options.includeDirs = {dir.path()};
        loaders::Loader loader(database, diagnostics, options);
        const std::vector<loaders::Input> inputs{{db, InputKind::Records},
                                                 {subst, InputKind::Substitutions}};
        const loaders::InputsResult result = loaders::loadInputs(loader, inputs, "P=p:");
        EXPECT_EQ(result.files, 2u);
        EXPECT_EQ(result.errors, 0u);
        EXPECT_NE(database.findRecord("p:a"), nullptr);
        EXPECT_NE(database.findRecord("p:b"), nullptr);
    }
    {
        // A .dbd among the inputs: only it defines types, so the ai record is unknown.
        const std::string dbd = dir.write("only.dbd", "menu(m) { choice(m0, \"0\") }\n");
        dbstatic::Database database;
        DiagnosticList diagnostics;
        loaders::Loader loader(database, diagnostics);
        const std::vector<loaders::Input> inputs{{dbd, InputKind::Definitions},
                                                 {db, InputKind::Records}};
        const loaders::InputsResult result = loaders::loadInputs(loader, inputs, "P=p:");
        EXPECT_EQ(result.files, 2u);
        EXPECT_EQ(result.errors, 1u);
        EXPECT_EQ(database.recordTypes().size(), 0u);
        EXPECT_EQ(database.menus().size(), 1u);
    }
}

} // namespace
} // namespace epicsdb::test
