// The definitions we ship carry EPICS's facts: loaded through the real reader, they define the
// same menus, record types, fields (with every attribute but the prompt), device support in the
// same DTYP order, link types, drivers, registrars, functions and variables as EPICS Base's own
// softIoc.dbd (../shared/conformance/epics-dbd).
#include <epicsdb/loaders/Loader.hpp>

#include "SharedData.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <sstream>

using namespace epicsdb;

namespace {

class DefinitionFacts : public ::testing::Test {
protected:
    void SetUp() override {
        EPICSDB_REQUIRE_SHARED("conformance/epics-dbd/softIoc.dbd");
        loaders::Loader ours(shipped, diagnostics);
        ASSERT_TRUE(ours.loadDefaultDefinitions().ok);
        loaders::Loader theirs(epics, diagnostics);
        ASSERT_TRUE(
            theirs
                .loadDatabase("softIoc.dbd", (test::sharedDir() / "conformance/epics-dbd").string())
                .ok);
    }

    dbstatic::Database shipped;
    dbstatic::Database epics;
    DiagnosticList diagnostics;
};

// Every attribute of a field that is a fact (the prompt is ours to write).
std::string describe(const dbstatic::FieldDef& f) {
    std::ostringstream out;
    out << f.name << " " << dbstatic::dbfTypeName(f.type) << " size=" << f.size
        << " menu=" << (f.menu ? f.menu->name() : "")
        << " initial=" << (f.hasInitial ? "\"" + std::string(f.initial) + "\"" : std::string("-"))
        << " special=" << f.special << " pp=" << f.pp << " interest=" << f.interest
        << " hex=" << f.hexBase << " group=\"" << f.promptGroup << "\""
        << " asl=" << static_cast<int>(f.asl) << " prop=" << f.prop << " extra=\"" << f.extra
        << "\"";
    return out.str();
}

std::vector<std::string> names(const std::vector<std::string_view>& list) {
    std::vector<std::string> out(list.begin(), list.end());
    std::sort(out.begin(), out.end());
    return out;
}

} // namespace

TEST_F(DefinitionFacts, RecordTypesComeInTheSameOrderWithTheSameFields) {
    ASSERT_EQ(shipped.recordTypes().size(), epics.recordTypes().size());
    for (std::size_t t = 0; t < epics.recordTypes().size(); ++t) {
        const dbstatic::RecordType& ours = shipped.recordTypes()[t];
        const dbstatic::RecordType& theirs = epics.recordTypes()[t];
        ASSERT_EQ(ours.name(), theirs.name()) << "record type " << t;
        ASSERT_EQ(ours.fields().size(), theirs.fields().size()) << theirs.name();
        for (std::size_t f = 0; f < theirs.fields().size(); ++f)
            EXPECT_EQ(describe(ours.fields()[f]), describe(theirs.fields()[f]))
                << theirs.name() << " field " << f;
    }
}

TEST_F(DefinitionFacts, DeviceSupportHasTheSameDtypOrder) {
    for (const dbstatic::RecordType& theirs : epics.recordTypes()) {
        const dbstatic::RecordType* ours = shipped.findRecordType(theirs.name());
        ASSERT_NE(ours, nullptr) << theirs.name();
        ASSERT_EQ(ours->devices().size(), theirs.devices().size()) << theirs.name();
        for (std::size_t d = 0; d < theirs.devices().size(); ++d) {
            EXPECT_EQ(ours->devices()[d].choice, theirs.devices()[d].choice) << theirs.name();
            EXPECT_EQ(ours->devices()[d].dset, theirs.devices()[d].dset) << theirs.name();
            EXPECT_EQ(ours->devices()[d].linkType, theirs.devices()[d].linkType) << theirs.name();
        }
    }
}

TEST_F(DefinitionFacts, MenusHaveTheSameChoicesInTheSameOrder) {
    ASSERT_EQ(shipped.menus().size(), epics.menus().size());
    for (const dbstatic::Menu& theirs : epics.menus()) {
        const dbstatic::Menu* ours = shipped.findMenu(theirs.name());
        ASSERT_NE(ours, nullptr) << theirs.name();
        ASSERT_EQ(ours->choices().size(), theirs.choices().size()) << theirs.name();
        for (std::size_t c = 0; c < theirs.choices().size(); ++c) {
            EXPECT_EQ(ours->choices()[c].name, theirs.choices()[c].name) << theirs.name();
            EXPECT_EQ(ours->choices()[c].value, theirs.choices()[c].value) << theirs.name();
        }
    }
}

TEST_F(DefinitionFacts, LinkTypesDriversRegistrarsFunctionsAndVariablesAreTheSame) {
    auto links = [](const dbstatic::Database& db) {
        std::set<std::pair<std::string, std::string>> out;
        for (const auto& link : db.linkSupports())
            out.emplace(link.name, link.jlif);
        return out;
    };
    EXPECT_EQ(links(shipped), links(epics));
    EXPECT_EQ(names(shipped.drivers()), names(epics.drivers()));
    EXPECT_EQ(names(shipped.registrars()), names(epics.registrars()));
    EXPECT_EQ(names(shipped.functions()), names(epics.functions()));
    auto variables = [](const dbstatic::Database& db) {
        std::set<std::pair<std::string, std::string>> out;
        for (const auto& variable : db.variables())
            out.emplace(variable.name, variable.type);
        return out;
    };
    EXPECT_EQ(variables(shipped), variables(epics));
}
