// The environment of an IOC run offline: setenv/unsetenv order, and that it never touches the
// process's own.
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

} // namespace
} // namespace epicsdb::ioc
