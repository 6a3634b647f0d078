#include "ScratchDir.hpp"

#include <epicsdb/facility/FacilityFile.hpp>

#include <gtest/gtest.h>

namespace epicsdb::test {
namespace {

std::optional<facility::Facility> read(const ScratchDir& dir, std::string_view text,
                                       DiagnosticList& sink) {
    const std::string path = dir.write("site.toml", text);
    return facility::readFacilityFile(path, sink);
}

TEST(FacilityFile, GlobsNameEachIocAfterItsFolderAndEntriesOverrideTheFacility) {
    ScratchDir dir;
    dir.write("iocBoot/iocB/st.cmd", "");
    dir.write("iocBoot/iocA/st.cmd", "");
    dir.write("vac/st.cmd", "");
    DiagnosticList sink;
    const auto facility = read(dir,
                               "[facility]\nname = \"site\"\ndbd = [\"dbd/base.dbd\"]\n"
                               "env = { EPICS_BASE = \"/opt/base\", TOP = \"/top\" }\n"
                               "[[ioc]]\nstartup = \"iocBoot/*/st.cmd\"\n"
                               "[[ioc]]\nname = \"vac1\"\nstartup = \"vac/st.cmd\"\n"
                               "dbd = \"vac/vac.dbd\"\nenv = { TOP = \"vac\" }\n",
                               sink);
    ASSERT_TRUE(facility);
    EXPECT_TRUE(sink.items.empty());
    EXPECT_EQ(facility->name, "site");
    ASSERT_EQ(facility->iocs.size(), 3u);
    EXPECT_EQ(facility->iocs[0].name, "iocA"); // sorted
    EXPECT_EQ(facility->iocs[1].name, "iocB");
    EXPECT_EQ(facility->iocs[2].name, "vac1");
    EXPECT_EQ(facility->iocs[0].startup, dir.path("iocBoot/iocA/st.cmd"));
    EXPECT_EQ(facility->iocs[0].definitions, std::vector<std::string>{dir.path("dbd/base.dbd")});
    EXPECT_EQ(facility->iocs[2].definitions, std::vector<std::string>{dir.path("vac/vac.dbd")});
    EXPECT_EQ(facility->iocs[0].environment.at("TOP"), "/top");
    EXPECT_EQ(facility->iocs[2].environment.at("TOP"), "vac");
    EXPECT_EQ(facility->iocs[2].environment.at("EPICS_BASE"), "/opt/base");
    EXPECT_NE(facility->iocs[0].fingerprint(), facility->iocs[1].fingerprint());
}

TEST(FacilityFile, NotTomlIsAnErrorWithLineAndColumn) {
    ScratchDir dir;
    DiagnosticList sink;
    EXPECT_FALSE(read(dir, "[facility]\nname = \"x\"\n[[ioc]\n", sink));
    ASSERT_EQ(sink.items.size(), 1u);
    EXPECT_EQ(sink.items[0].location.line, 3u);
    EXPECT_GT(sink.items[0].location.column, 0u);
    EXPECT_NE(sink.items[0].message.find("not a valid TOML file"), std::string::npos);
}

TEST(FacilityFile, AMissingFileSaysSo) {
    DiagnosticList sink;
    EXPECT_FALSE(facility::readFacilityFile("/nonexistent/facility.toml", sink));
    ASSERT_EQ(sink.items.size(), 1u);
    EXPECT_NE(sink.items[0].message.find("cannot read the facility file"), std::string::npos);
}

TEST(FacilityFile, BadEntriesAreReportedAndLeftOutTheRestIsKept) {
    ScratchDir dir;
    dir.write("a/st.cmd", "");
    DiagnosticList sink;
    const auto facility = read(dir,
                               "[[ioc]]\nstartup = \"a/st.cmd\"\nnmae = \"typo\"\n"
                               "[[ioc]]\nname = \"a\"\nstartup = \"a/st.cmd\"\n"
                               "[[ioc]]\nstartup = \"nothing/*/st.cmd\"\n"
                               "[[ioc]]\nname = \"b\"\n"
                               "[[ioc]]\nstartup = \"a/st.cmd\"\nname = \"c\"\nenv = { X = 1 }\n",
                               sink);
    ASSERT_TRUE(facility);
    ASSERT_EQ(facility->iocs.size(), 1u);
    EXPECT_EQ(facility->iocs[0].name, "a");
    std::vector<std::string> messages;
    for (const Diagnostic& problem : facility->problems)
        messages.push_back(std::to_string(problem.location.line) + ": " + problem.message);
    EXPECT_EQ(messages, (std::vector<std::string>{
                            "3: unknown key 'nmae' in [[ioc]]",
                            "4: IOC 'a' is named twice; this one is left out",
                            "8: 'nothing/*/st.cmd' matches no file",
                            "9: an [[ioc]] needs 'startup', the path (or glob) of its st.cmd",
                            "14: environment variable 'X' must be a string",
                        }));
}

} // namespace
} // namespace epicsdb::test
