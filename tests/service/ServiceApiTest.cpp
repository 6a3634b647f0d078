// Every endpoint of `epicsdb serve` over the demo facility, as a client sees it: the real
// server on a loopback port, its answers read as JSON.
#include "DemoFacility.hpp"
#include "ServeProcess.hpp"

namespace epicsdb::test {
namespace {

using nlohmann::json;

class ServiceApi : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        dir_ = std::make_unique<ScratchDir>();
        writeDemoFacility(*dir_);
        server_ =
            std::make_unique<ServeProcess>(dir_->path(), std::vector<std::string>{"facility.toml"});
        ASSERT_TRUE(server_->started()) << server_->firstLine() << server_->errors();
    }
    static void TearDownTestSuite() {
        EXPECT_EQ(server_->stop(SIGTERM), 0) << server_->errors();
        server_.reset();
        dir_.reset();
    }
    void SetUp() override {
        if (!server_ || !server_->started()) GTEST_SKIP() << "the server did not start";
        client_ = std::make_unique<ApiClient>(server_->port());
    }
    Answer get(const std::string& target) { return client_->get(target); }

    // The member of `list` whose `key` is `value` (null when none).
    static json find(const json& list, const std::string& key, const std::string& value) {
        for (const json& item : list)
            if (item.value(key, json()) == value) return item;
        return json();
    }

    static inline std::unique_ptr<ScratchDir> dir_;
    static inline std::unique_ptr<ServeProcess> server_;
    std::unique_ptr<ApiClient> client_;
};

TEST_F(ServiceApi, ListensOnLoopbackAndSaysWhere) {
    EXPECT_EQ(server_->url().rfind("http://127.0.0.1:", 0), 0u) << server_->firstLine();
    EXPECT_NE(server_->firstLine().find("facility.sqlite"), std::string::npos)
        << "the default index is the facility file's name with .sqlite: " << server_->firstLine();
}

TEST_F(ServiceApi, StatusCountsTheFacility) {
    const Answer status = get("/api/v1/status");
    ASSERT_EQ(status.status, 200) << status.text;
    EXPECT_EQ(status.body["facility"], "demo");
    EXPECT_EQ(status.body["iocs"]["total"], 2);
    EXPECT_EQ(status.body["iocs"]["ok"], 2);
    EXPECT_EQ(status.body["iocs"]["stale"], 0);
    EXPECT_EQ(status.body["records"], 6); // temp1, raw1, shared, alarm, out, shared
    EXPECT_EQ(status.body["aliases"], 1);
    EXPECT_GE(status.body["generation"].get<int>(), 1);
    EXPECT_TRUE(status.body["updated"].is_string());
    EXPECT_EQ(status.body["updates_pending"], false);
    EXPECT_EQ(status.body["problems"], json::array());
}

TEST_F(ServiceApi, RecordsMatchAGlobOnNamesAndAliases) {
    const Answer prefix = get("/api/v1/records?match=demo:t*");
    ASSERT_EQ(prefix.status, 200) << prefix.text;
    EXPECT_EQ(prefix.body["total"], 2);
    ASSERT_EQ(prefix.body["records"].size(), 2u);
    EXPECT_EQ(prefix.body["records"][0], json({{"name", "demo:t1"},
                                               {"record", "demo:temp1"},
                                               {"alias", true},
                                               {"type", "ai"},
                                               {"ioc", "ioc1"}}));
    EXPECT_EQ(prefix.body["records"][1]["name"], "demo:temp1");

    const Answer all = get("/api/v1/records");
    EXPECT_EQ(all.body["total"], 7) << all.text; // six records (one name twice) and an alias
    EXPECT_EQ(all.body["limit"], 100);

    const Answer page = get("/api/v1/records?match=*&limit=2&offset=1");
    EXPECT_EQ(page.body["total"], 7);
    ASSERT_EQ(page.body["records"].size(), 2u);
    EXPECT_EQ(page.body["records"][0]["name"], all.body["records"][1]["name"]);

    const Answer inner = get("/api/v1/records?match=*:[ar]*");
    ASSERT_EQ(inner.status, 200) << inner.text;
    EXPECT_EQ(inner.body["total"], 2); // demo:alarm, demo:raw1
    const Answer ioc = get("/api/v1/records?ioc=ioc2&type=bo");
    EXPECT_EQ(ioc.body["total"], 1);
    EXPECT_EQ(ioc.body["records"][0]["ioc"], "ioc2");
    EXPECT_EQ(get("/api/v1/records?ioc=nosuch").body["total"], 0);

    const Answer capped = get("/api/v1/records?limit=99999999999999999999999");
    EXPECT_EQ(capped.status, 200) << capped.text;
    EXPECT_EQ(capped.body["limit"], 1000);
}

TEST_F(ServiceApi, RecordGivesEachFieldWithWhereItsValueCameFrom) {
    const Answer record = get("/api/v1/records/demo:temp1");
    ASSERT_EQ(record.status, 200) << record.text;
    const json& body = record.body;
    EXPECT_EQ(body["name"], "demo:temp1");
    EXPECT_EQ(body["alias"], nullptr);
    EXPECT_EQ(body["type"], "ai");
    EXPECT_EQ(body["ioc"], "ioc1");
    EXPECT_EQ(body["also_in"], json::array());
    EXPECT_EQ(body["defined_at"]["file"], "db/temp.template");
    EXPECT_EQ(body["defined_at"]["line"], 1);
    EXPECT_EQ(body["defined_at"]["text"], "record(ai, \"$(P):temp$(N)\")");

    const json desc = find(body["fields"], "name", "DESC");
    ASSERT_FALSE(desc.is_null()) << body.dump(2);
    EXPECT_EQ(desc["value"], "temperature 1");
    EXPECT_EQ(desc["dbf"], "DBF_STRING");
    EXPECT_EQ(desc["set_by"], json({{"file", "db/temp.template"},
                                    {"line", 2},
                                    {"column", 5},
                                    {"text", "field(DESC, \"temperature $(N)\")"}}));
    ASSERT_EQ(desc["macros"].size(), 1u) << desc.dump(2);
    EXPECT_EQ(desc["macros"][0]["name"], "N");
    EXPECT_EQ(desc["macros"][0]["value"], "1");
    EXPECT_EQ(desc["macros"][0]["origin"], "load argument");
    ASSERT_FALSE(desc["chain"].empty());
    EXPECT_NE(desc["chain"].back()["text"].get<std::string>().find("dbLoadRecords"),
              std::string::npos)
        << desc["chain"].dump(2);
    // Fields in the record type's order: DESC before INP before EGU.
    std::vector<std::string> order;
    for (const json& field : body["fields"])
        order.push_back(field["name"]);
    EXPECT_EQ(order, (std::vector<std::string>{"DESC", "INP", "EGU"}));
    const json inp = find(body["fields"], "name", "INP");
    EXPECT_EQ(inp["macros"].size(), 2u) << inp.dump(2); // P and N

    EXPECT_EQ(body["aliases"].size(), 1u);
    EXPECT_EQ(body["aliases"][0]["name"], "demo:t1");
    EXPECT_EQ(body["aliases"][0]["defined_at"]["line"], 7);
    ASSERT_EQ(body["infos"].size(), 1u);
    EXPECT_EQ(body["infos"][0]["name"], "autosaveFields");
    EXPECT_EQ(body["infos"][0]["value"], "VAL");
    EXPECT_TRUE(body["findings"].is_array());
    EXPECT_FALSE(body.contains("defaults"));
}

TEST_F(ServiceApi, AnAliasAnswersWithItsRecord) {
    const Answer alias = get("/api/v1/records/demo:t1");
    ASSERT_EQ(alias.status, 200) << alias.text;
    EXPECT_EQ(alias.body["name"], "demo:temp1");
    EXPECT_EQ(alias.body["alias"], "demo:t1");
    // The name percent-encoded answers the same.
    EXPECT_EQ(get("/api/v1/records/demo%3At1").body["name"], "demo:temp1");
}

TEST_F(ServiceApi, DefaultsAreTheUnsetFields) {
    const Answer record = get("/api/v1/records/demo:temp1?defaults=1");
    ASSERT_EQ(record.status, 200) << record.text;
    const json& defaults = record.body["defaults"];
    EXPECT_EQ(find(defaults, "name", "SCAN")["value"], "Passive");
    EXPECT_EQ(find(defaults, "name", "DISV")["value"], "1");
    EXPECT_EQ(find(defaults, "name", "DISV")["dbf"], "DBF_SHORT");
    EXPECT_EQ(find(defaults, "name", "SCAN")["dbf"], "DBF_MENU");
    EXPECT_TRUE(find(defaults, "name", "DESC").is_null()) << "DESC is set";
    // In the record type's order.
    EXPECT_EQ(defaults[0]["name"], "NAME");
}

TEST_F(ServiceApi, ARecordTwoIocsDefineIsADuplicate) {
    const Answer duplicates = get("/api/v1/duplicates");
    ASSERT_EQ(duplicates.status, 200) << duplicates.text;
    EXPECT_EQ(duplicates.body["total"], 1);
    const json& shared = duplicates.body["duplicates"][0];
    EXPECT_EQ(shared["name"], "demo:shared");
    ASSERT_EQ(shared["iocs"].size(), 2u);
    EXPECT_EQ(shared["iocs"][0]["ioc"], "ioc1");
    EXPECT_EQ(shared["iocs"][1]["ioc"], "ioc2");

    const Answer first = get("/api/v1/records/demo:shared");
    EXPECT_EQ(first.body["ioc"], "ioc1");
    EXPECT_EQ(first.body["also_in"], json::array({"ioc2"}));
    EXPECT_EQ(find(first.body["fields"], "name", "DESC")["value"], "ioc1's");
    const Answer second = get("/api/v1/records/demo:shared?ioc=ioc2");
    EXPECT_EQ(second.body["ioc"], "ioc2");
    EXPECT_EQ(find(second.body["fields"], "name", "DESC")["value"], "ioc2's");
    EXPECT_EQ(get("/api/v1/records/demo:temp1?ioc=ioc2").status, 404);
}

TEST_F(ServiceApi, LinksGoAcrossIocs) {
    const Answer alarm = get("/api/v1/records/demo:alarm/links");
    ASSERT_EQ(alarm.status, 200) << alarm.text;
    ASSERT_EQ(alarm.body["out"].size(), 1u);
    EXPECT_EQ(alarm.body["out"][0], json({{"field", "INPA"},
                                          {"target", "demo:temp1"},
                                          {"target_field", ""},
                                          {"modifiers", "CP"},
                                          {"target_ioc", "ioc1"},
                                          {"external", false}}));

    const Answer temp = get("/api/v1/records/demo:temp1/links");
    ASSERT_EQ(temp.status, 200) << temp.text;
    ASSERT_EQ(temp.body["in"].size(), 1u) << temp.text;
    EXPECT_EQ(temp.body["in"][0]["record"], "demo:alarm");
    EXPECT_EQ(temp.body["in"][0]["ioc"], "ioc2");
    EXPECT_EQ(temp.body["in"][0]["field"], "INPA");
    const json inp = find(temp.body["out"], "field", "INP");
    EXPECT_EQ(inp["target"], "demo:raw1");
    EXPECT_EQ(inp["target_ioc"], "ioc1");
    EXPECT_EQ(inp["modifiers"], "CP MS");

    const Answer out = get("/api/v1/records/demo:out/links");
    EXPECT_EQ(out.body["out"][0]["target"], "other:pv");
    EXPECT_EQ(out.body["out"][0]["target_ioc"], nullptr);
    EXPECT_EQ(out.body["out"][0]["external"], true);
}

TEST_F(ServiceApi, IocsListAndDescribeEachIoc) {
    const Answer iocs = get("/api/v1/iocs");
    ASSERT_EQ(iocs.status, 200) << iocs.text;
    ASSERT_EQ(iocs.body["iocs"].size(), 2u);
    const json& ioc1 = iocs.body["iocs"][0];
    EXPECT_EQ(ioc1["name"], "ioc1");
    EXPECT_EQ(ioc1["script"], "iocBoot/ioc1/st.cmd");
    EXPECT_EQ(ioc1["status"], "ok");
    EXPECT_EQ(ioc1["failure"], nullptr);
    EXPECT_EQ(ioc1["records"], 3);
    EXPECT_EQ(ioc1["iocInit"], true);

    const Answer ioc2 = get("/api/v1/iocs/ioc2");
    ASSERT_EQ(ioc2.status, 200) << ioc2.text;
    const json& body = ioc2.body;
    EXPECT_EQ(body["status"], "ok");
    EXPECT_TRUE(body["loaded_at"].is_string());
    EXPECT_EQ(body["records_total"], 3);
    ASSERT_EQ(body["loads"].size(), 2u);
    EXPECT_EQ(body["loads"][0]["command"], "dbLoadRecords");
    EXPECT_EQ(body["loads"][0]["file"], "../../db/alarm.db");
    EXPECT_EQ(body["loads"][0]["macros"], "P=demo");
    EXPECT_EQ(body["loads"][0]["ok"], true);
    EXPECT_EQ(body["loads"][0]["location"]["line"], 1);
    ASSERT_EQ(body["skipped"].size(), 1u);
    EXPECT_EQ(body["skipped"][0]["name"], "drvAsynIPPortConfigure");
    EXPECT_EQ(body["skipped"][0]["base"], false);
    EXPECT_TRUE(body["environment"].is_object());
    EXPECT_TRUE(body["scripts"].is_array());
    EXPECT_EQ(get("/api/v1/iocs/ioc1").body["environment"]["P"], "demo");
    EXPECT_EQ(get("/api/v1/iocs/nosuch").status, 404);
}

TEST_F(ServiceApi, FindingsAcrossTheFacility) {
    const Answer all = get("/api/v1/findings");
    ASSERT_EQ(all.status, 200) << all.text;
    const Answer ioc2 = get("/api/v1/findings?ioc=ioc2&kind=lint");
    ASSERT_EQ(ioc2.status, 200) << ioc2.text;
    for (const json& finding : ioc2.body["findings"]) {
        EXPECT_EQ(finding["ioc"], "ioc2");
        EXPECT_EQ(finding["kind"], "lint");
    }
    EXPECT_LE(ioc2.body["total"].get<int>(), all.body["total"].get<int>());
    // demo:out's link to a PV no IOC defines is a finding; demo:alarm's link to a record of
    // ioc1 is not (a Channel Access link between IOCs).
    ASSERT_EQ(ioc2.body["total"], 1) << ioc2.text;
    EXPECT_EQ(ioc2.body["findings"][0]["code"], "ext-link");
    EXPECT_EQ(ioc2.body["findings"][0]["record"], "demo:out");
    EXPECT_EQ(get("/api/v1/records/demo:alarm").body["findings"], json::array());
    EXPECT_EQ(get("/api/v1/records/demo:out").body["findings"].size(), 1u);
    const Answer loads = get("/api/v1/findings?kind=load");
    EXPECT_EQ(loads.status, 200);
    EXPECT_EQ(loads.body["total"], 0) << loads.text; // both IOCs load without a problem
    EXPECT_EQ(get("/api/v1/findings?severity=fatal").status, 400);
    EXPECT_EQ(get("/api/v1/findings?code=no-such-code").body["total"], 0);
}

TEST_F(ServiceApi, FilesAreOnlyThoseTheIndexRead) {
    const Answer file = get("/api/v1/files?path=db/temp.template");
    ASSERT_EQ(file.status, 200) << file.text;
    EXPECT_EQ(file.body["text"], kTempTemplate);
    EXPECT_EQ(file.body["iocs"], json::array({"ioc1"}));
    EXPECT_EQ(file.body["hash"].get<std::string>().size(), 32u);
    const Answer lines = get("/api/v1/files?path=db/temp.template&from=2&to=3");
    EXPECT_EQ(lines.body["text"],
              "    field(DESC, \"temperature $(N)\")\n    field(EGU, \"degC\")");
    EXPECT_EQ(get("/api/v1/files?path=db/shared.db").body["iocs"], json::array({"ioc1", "ioc2"}));

    for (const std::string& traversal : std::vector<std::string>{
             "../../../../etc/passwd", "/etc/passwd", "db/../../../etc/passwd", "%2e%2e/etc/passwd",
             "db/./temp.template", dir_->path("db/temp.template")}) {
        const Answer refused = get("/api/v1/files?path=" + traversal);
        EXPECT_EQ(refused.status, 404) << traversal << ": " << refused.text;
        EXPECT_TRUE(refused.body["error"].is_string()) << refused.text;
    }
    EXPECT_EQ(get("/api/v1/files").status, 400);
}

TEST_F(ServiceApi, ErrorsAreJsonWithTheirStatus) {
    struct Case {
        std::string target;
        int status;
    };
    for (const Case& c : std::vector<Case>{
             {"/api/v1/records/no:such:record", 404},
             {"/api/v1/nothing", 404},
             {"/", 404},
             {"/api/v2/status", 404},
             {"/api/v1/records?match=[abc", 400},
             {"/api/v1/records?bogus=1", 400},
             {"/api/v1/records?limit=-1", 400},
             {"/api/v1/records?limit=ten", 400},
             {"/api/v1/records?offset=1e3", 400},
             {"/api/v1/records?match=a&match=b", 400},
             {"/api/v1/records/demo%3", 400},
             {"/api/v1/records/demo%zzx", 400},
             {"/api/v1/records/demo%00x", 400},
             {"/api/v1/records/demo:temp1?defaults=maybe", 400},
             {"/api/v1/status?x=1", 400},
         }) {
        const Answer answer = get(c.target);
        EXPECT_EQ(answer.status, c.status) << c.target << ": " << answer.text;
        EXPECT_TRUE(answer.body.is_object() && answer.body["error"].is_string())
            << c.target << ": " << answer.text;
    }
    httplib::Client raw("127.0.0.1", server_->port());
    const auto posted = raw.Post("/api/v1/status", "{}", "application/json");
    ASSERT_TRUE(posted);
    EXPECT_EQ(posted->status, 405);
    EXPECT_TRUE(json::parse(posted->body, nullptr, false)["error"].is_string()) << posted->body;
    // The server still answers.
    EXPECT_EQ(get("/api/v1/status").status, 200);
}

TEST_F(ServiceApi, ServesItsOpenApiDocument) {
    const Answer document = get("/api/v1/openapi.json");
    ASSERT_EQ(document.status, 200);
    EXPECT_EQ(document.body, json::parse(readWholeFile(EPICSDB_OPENAPI_DOCUMENT)));
    EXPECT_EQ(document.body["openapi"], "3.1.0");
}

} // namespace
} // namespace epicsdb::test
