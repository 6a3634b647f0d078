// EPICS Base's own database test files (../shared/conformance/dbStatic, EPICS-BEHAVIOUR 6): which
// load, which must fail, and what the loads leave behind.
#include "LoaderFixture.hpp"

#include "SharedData.hpp"

using epicsdb::test::LoaderFixture;
using namespace epicsdb;

namespace {

class DbStaticConformance : public LoaderFixture {
protected:
    DbStaticConformance() : LoaderFixture(false) {}

    void SetUp() override {
        EPICSDB_REQUIRE_SHARED("conformance/dbStatic/dbTestIoc.dbd");
        dir = (test::sharedDir() / "conformance/dbStatic").string();
        ASSERT_TRUE(loader.loadDatabase("dbTestIoc.dbd", dir).ok) << allMessages();
        diagnostics.items.clear();
    }

    loaders::LoadResult loadFile(const std::string& name, const std::string& macros = {}) {
        return loader.loadDatabase(name, dir, macros);
    }

    std::string dir;
};

} // namespace

TEST_F(DbStaticConformance, TheTestDatabasesLoad) {
    struct Case {
        const char* file;
        const char* macros;
    };
    const Case cases[] = {
        {"dbStaticTest.db", ""},
        {"dbCaStats.db", ""},
        {"dbChArrTest.db", ""},
        {"dbDbLinkTest.db", ""},
        {"dbLockTest.db", ""},
        {"dbPutGetTest.db", ""},
        {"dbPutLinkTest.db", ""},
        {"dbPutLinkTestJ.db", ""},
        {"dbStressLock.db", ""},
        {"xRecord.db", ""},
        {"dbCaLinkTest1.db", "TARGET=target CP"},
        {"scanIoTest.db", "GROUP=1,MEMBER=2,PRIO=LOW"},
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(c.file);
        diagnostics.items.clear();
        EXPECT_TRUE(loadFile(c.file, c.macros).ok) << allMessages();
    }
}

TEST_F(DbStaticConformance, NumberFormatsOfJson5Parse) {
    ASSERT_TRUE(loadFile("dbStaticTest.db").ok) << allMessages();
    EXPECT_EQ(field("t1", "C8"), "127");
    EXPECT_EQ(field("t1", "U8"), "255");
    EXPECT_EQ(field("t1", "I16"), "-32768");
    EXPECT_EQ(field("t1", "U16"), "65535");
    EXPECT_EQ(field("t1", "I32"), "-2147483648");
    EXPECT_EQ(field("t1", "I64"), "-9223372036854775808");
    EXPECT_EQ(field("t1", "F32"), "nan");
    EXPECT_EQ(field("t1", "F64"), "nan");
    const dbstatic::Record* t1 = db.findRecord("t1");
    ASSERT_NE(t1, nullptr);
    EXPECT_EQ(t1->findInfo("i1")->value, "{x:0,\"+x\":1,\"-x\":2,\".x\":3}");
    EXPECT_EQ(t1->findInfo("i2")->value, "Bare-word_string");
}

TEST_F(DbStaticConformance, AliasesAndDeletionsAsDbStaticTestChecksThem) {
    ASSERT_TRUE(loadFile("dbStaticTest.db").ok) << allMessages();
    ASSERT_TRUE(loadFile("dbStaticTestRemove.db").ok) << allMessages();
    for (const char* name : {"testrec", "testalias", "testalias2", "testalias3"}) {
        SCOPED_TRACE(name);
        const dbstatic::Record* node = db.findRecord(name);
        ASSERT_NE(node, nullptr);
        EXPECT_EQ(node->type().name(), "x");
        EXPECT_EQ(node->real().name(), "testrec");
        EXPECT_NE(node->isAlias(), node->hasAliases()); // exactly one of the two flags
        // The info item lives on the record node and is found through any alias.
        ASSERT_NE(node->real().findInfo("A"), nullptr);
        EXPECT_EQ(node->real().findInfo("A")->value, "B");
    }
    for (const char* name : {"testdelrec", "testdelrec6", "testdelalias66"})
        EXPECT_NE(db.findRecord(name), nullptr) << name;
    for (const char* name : {"testdelrec1", "testdelrec2", "testdelrec3", "testdelrec4",
                             "testdelrec5", "testdelalias6", "testdelrec7", "testdelalias7",
                             "testdelalias77", "testdelrec8", "testdelrec11"})
        EXPECT_EQ(db.findRecord(name), nullptr) << name;
    // The two "#" of names that never existed are warnings, not errors.
    EXPECT_EQ(errors().size(), 0u);
}

TEST_F(DbStaticConformance, TheFilesThatMustFailDo) {
    struct Case {
        const char* file;
        const char* message;
    };
    const Case cases[] = {
        {"dbStaticTestAlias1.db", "bad character '.' in record/alias name \"testrec2alias.NAME\""},
        {"dbStaticTestAlias2.db", "bad character '.' in record/alias name \"testalias5.NAME\""},
        {"dbBadLink.db",
         "can't set \"eVME_IO2.INP\" to \"#C200 201 @parm VME_IO\": Bad Field value"},
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(c.file);
        diagnostics.items.clear();
        const std::size_t before = db.recordCount();
        EXPECT_FALSE(loadFile(c.file).ok);
        ASSERT_FALSE(errors().empty());
        EXPECT_EQ(errors()[0]->message, c.message);
        EXPECT_EQ(errors()[0]->location.file, dir + "/" + c.file);
        EXPECT_EQ(db.recordCount(), before);
    }
}
