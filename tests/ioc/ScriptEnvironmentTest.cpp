// The environment of an IOC run offline: setenv/unsetenv order, that it never touches the
// process's own, and that each variable knows where it was last set.
#include <epicsdb/ioc/ScriptEnvironment.hpp>

#include <gtest/gtest.h>

#include <cstdlib>

namespace epicsdb::ioc {
namespace {

TEST(ScriptEnvironment, NewNamesGoLastAndOldOnesKeepTheirPlace) {
    ScriptEnvironment env;
    env.set("A", "1");
    env.set("B", "2");
    env.set("A", "3");
    ASSERT_EQ(env.variables().size(), 2u);
    EXPECT_EQ(env.variables()[0], (ScriptEnvironment::Variable{"A", "3"}));
    EXPECT_EQ(env.variables()[1], (ScriptEnvironment::Variable{"B", "2"}));
    env.unset("A");
    EXPECT_FALSE(env.find("A"));
    EXPECT_EQ(env.find("B"), "2");
}

TEST(ScriptEnvironment, FromProcessCopiesAndIsolates) {
    ::setenv("EPICSDB_SCRIPT_ENV_TEST", "outside", 1);
    ScriptEnvironment env = ScriptEnvironment::fromProcess();
    EXPECT_EQ(env.find("EPICSDB_SCRIPT_ENV_TEST"), "outside");
    env.set("EPICSDB_SCRIPT_ENV_TEST", "inside");
    EXPECT_STREQ(std::getenv("EPICSDB_SCRIPT_ENV_TEST"), "outside");
    ::unsetenv("EPICSDB_SCRIPT_ENV_TEST");
}

TEST(ScriptEnvironment, EachVariableKnowsWhereItWasLastSet) {
    ScriptEnvironment env;
    env.set("TOP", "/opt/ioc"); // the starting environment
    env.set("IOC",
            "x:", VariableOrigin{{"st.cmd", 4, 14}, "epicsEnvSet(\"IOC\", \"x:\")", "x:", {}});
    ASSERT_TRUE(env.origin("TOP"));
    EXPECT_TRUE(env.origin("TOP")->fromStartingEnvironment());
    ASSERT_TRUE(env.origin("IOC"));
    EXPECT_EQ(env.origin("IOC")->where.line, 4u);
    EXPECT_EQ(env.origin("IOC")->command, "epicsEnvSet(\"IOC\", \"x:\")");

    // Set again: the newest line counts; the variable keeps its place.
    env.set("TOP", "/elsewhere",
            VariableOrigin{{"st.cmd", 9, 14}, "epicsEnvSet TOP /elsewhere", "/elsewhere", {}});
    EXPECT_EQ(env.variables()[0].first, "TOP");
    EXPECT_EQ(env.origin("TOP")->where.line, 9u);
    env.unset("TOP");
    EXPECT_FALSE(env.origin("TOP"));
    EXPECT_EQ(env.origin("IOC")->where.line, 4u);
    env.set("TOP", "back");
    EXPECT_TRUE(env.origin("TOP")->fromStartingEnvironment());
}

} // namespace
} // namespace epicsdb::ioc
