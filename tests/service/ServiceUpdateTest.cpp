// The index kept up to date while it is served: a file edited, an IOC added and one removed,
// a load that starts failing (the IOC goes stale and its last good records stay served), a
// facility file that cannot be read and is then repaired; each seen through the running
// server within a few seconds of the change.
#include "DemoFacility.hpp"
#include "ServeProcess.hpp"

#include <filesystem>

namespace epicsdb::test {
namespace {

using nlohmann::json;

// How long a change may take to be served: the debounce (150 ms) and an update of two IOCs,
// on a loaded test machine.
constexpr double kSeconds = 5;

class ServiceUpdates : public ::testing::Test {
protected:
    void SetUp() override {
        writeDemoFacility(dir_);
        server_ =
            std::make_unique<ServeProcess>(dir_.path(), std::vector<std::string>{"facility.toml"});
        ASSERT_TRUE(server_->started()) << server_->firstLine() << server_->errors();
        client_ = std::make_unique<ApiClient>(server_->port());
    }
    void TearDown() override {
        if (server_ && server_->started()) {
            EXPECT_EQ(server_->stop(SIGTERM), 0) << server_->errors();
        }
    }

    static std::string fieldValue(const Answer& record, const std::string& field) {
        for (const json& item : record.body.value("fields", json::array()))
            if (item["name"] == field) return item["value"];
        return {};
    }
    static json iocNamed(const Answer& iocs, const std::string& name) {
        for (const json& ioc : iocs.body.value("iocs", json::array()))
            if (ioc["name"] == name) return ioc;
        return json();
    }

    ScratchDir dir_;
    std::unique_ptr<ServeProcess> server_;
    std::unique_ptr<ApiClient> client_;
};

TEST_F(ServiceUpdates, AnEditedFileIsServedWithinSeconds) {
    const std::int64_t before = client_->get("/api/v1/status").body["generation"];
    std::string text = kTempTemplate;
    text.replace(text.find("temperature"), 11, "heat");
    const auto edited = std::chrono::steady_clock::now();
    dir_.write("db/temp.template", text);
    const Answer record = waitFor(
        *client_, "/api/v1/records/demo:temp1",
        [](const Answer& a) { return fieldValue(a, "DESC") == "heat 1"; }, kSeconds);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - edited).count();
    EXPECT_EQ(fieldValue(record, "DESC"), "heat 1") << record.text << server_->errors();
    RecordProperty("seconds_to_serve_an_edit", std::to_string(seconds));

    const Answer status = waitFor(*client_, "/api/v1/status", [](const Answer& a) {
        return a.body["updates_pending"] == false && a.body["updating"] == false;
    });
    EXPECT_GT(status.body["generation"].get<std::int64_t>(), before);
    // Only ioc1 read the template: ioc2 keeps the generation of its first load.
    const Answer iocs = client_->get("/api/v1/iocs");
    EXPECT_GT(iocNamed(iocs, "ioc1")["generation"], iocNamed(iocs, "ioc2")["generation"])
        << iocs.text;
    // The file's new text is what /files gives.
    EXPECT_EQ(client_->get("/api/v1/files?path=db/temp.template").body["text"], text);
}

TEST_F(ServiceUpdates, AnIocAddedAndAnIocRemoved) {
    dir_.write("iocBoot/ioc3/st.cmd",
               "dbLoadRecords(\"../../db/temp.template\", \"P=ioc3,N=7\")\n");
    Answer iocs = waitFor(
        *client_, "/api/v1/iocs", [](const Answer& a) { return a.body["total"] == 3; }, kSeconds);
    EXPECT_EQ(iocs.body["total"], 3) << iocs.text << server_->errors();
    EXPECT_EQ(client_->get("/api/v1/records/ioc3:temp7").body["ioc"], "ioc3");

    std::filesystem::remove_all(dir_.path("iocBoot/ioc2"));
    iocs = waitFor(
        *client_, "/api/v1/iocs", [](const Answer& a) { return a.body["total"] == 2; }, kSeconds);
    EXPECT_EQ(iocs.body["total"], 2) << iocs.text << server_->errors();
    EXPECT_TRUE(iocNamed(iocs, "ioc2").is_null()) << iocs.text;
    EXPECT_EQ(client_->get("/api/v1/records/demo:alarm").status, 404);
    EXPECT_EQ(client_->get("/api/v1/duplicates").body["total"], 0);
}

TEST_F(ServiceUpdates, ALoadThatStartsFailingGoesStaleAndKeepsItsRecords) {
    dir_.write("db/alarm.db", "record(calc, \"$(P):alarm\") {\n    field(INPA, \n");
    const Answer ioc = waitFor(
        *client_, "/api/v1/iocs/ioc2", [](const Answer& a) { return a.body["status"] == "stale"; },
        kSeconds);
    EXPECT_EQ(ioc.body["status"], "stale") << ioc.text << server_->errors();
    EXPECT_TRUE(ioc.body["failure"].is_string()) << ioc.text;
    EXPECT_NE(ioc.body["failure"].get<std::string>().find("alarm.db"), std::string::npos)
        << ioc.text;
    // The last good load's records are still served.
    const Answer record = client_->get("/api/v1/records/demo:alarm");
    EXPECT_EQ(record.status, 200) << record.text;
    EXPECT_EQ(fieldValue(record, "CALC"), "A>50");
    const Answer status = client_->get("/api/v1/status");
    EXPECT_EQ(status.body["iocs"]["stale"], 1) << status.text;

    // Repaired: ok again.
    dir_.write("db/alarm.db",
               std::string(kAlarmDb).replace(std::string(kAlarmDb).find("A>50"), 4, "A>60"));
    const Answer again = waitFor(
        *client_, "/api/v1/iocs/ioc2", [](const Answer& a) { return a.body["status"] == "ok"; },
        kSeconds);
    EXPECT_EQ(again.body["status"], "ok") << again.text;
    EXPECT_EQ(fieldValue(client_->get("/api/v1/records/demo:alarm"), "CALC"), "A>60");
}

TEST_F(ServiceUpdates, AFacilityFileThatCannotBeReadIsReportedAndTheRestServed) {
    dir_.write("facility.toml", "[facility\nname = ");
    const Answer broken = waitFor(
        *client_, "/api/v1/status",
        [](const Answer& a) {
            return !a.body.value("problems", json::array()).empty() && a.body["updating"] == false;
        },
        kSeconds);
    ASSERT_FALSE(broken.body["problems"].empty()) << broken.text << server_->errors();
    EXPECT_EQ(broken.body["problems"][0]["severity"], "error");
    // The last index is still served.
    EXPECT_EQ(client_->get("/api/v1/records/demo:temp1").status, 200);

    dir_.write("facility.toml", kFacilityToml);
    const Answer repaired = waitFor(
        *client_, "/api/v1/status",
        [](const Answer& a) { return a.body.value("problems", json::array()).empty(); }, kSeconds);
    EXPECT_TRUE(repaired.body["problems"].empty()) << repaired.text;
}

TEST(ServiceStart, ABadFacilityFileStillServes) {
    const ScratchDir dir;
    dir.write("facility.toml", "this is not TOML = = =\n");
    ServeProcess server(dir.path(), {"facility.toml"});
    ASSERT_TRUE(server.started()) << server.firstLine() << server.errors();
    ApiClient client(server.port());
    const Answer status = client.get("/api/v1/status");
    EXPECT_EQ(status.status, 200) << status.text;
    EXPECT_FALSE(status.body["problems"].empty()) << status.text;
    EXPECT_EQ(status.body["iocs"]["total"], 0);
    EXPECT_EQ(client.get("/api/v1/iocs").status, 200);
    EXPECT_EQ(server.stop(SIGINT), 0) << server.errors();
}

TEST(ServiceStart, AnIocThatFailsIsReportedAndTheRestServed) {
    const ScratchDir dir;
    writeDemoFacility(dir);
    dir.write("iocBoot/ioc2/st.cmd", "dbLoadRecords(\"../../db/missing.db\")\n");
    ServeProcess server(dir.path(), {"facility.toml"});
    ASSERT_TRUE(server.started()) << server.firstLine() << server.errors();
    ApiClient client(server.port());
    const Answer ioc2 = client.get("/api/v1/iocs/ioc2");
    EXPECT_EQ(ioc2.body["status"], "failed") << ioc2.text;
    EXPECT_TRUE(ioc2.body["failure"].is_string());
    EXPECT_EQ(client.get("/api/v1/status").body["iocs"]["failed"], 1);
    EXPECT_EQ(client.get("/api/v1/records/demo:temp1").status, 200);
    // The missing file appears: the IOC loads.
    dir.write("db/missing.db", "record(ai, \"found:it\") {}\n");
    const Answer found = waitFor(
        client, "/api/v1/records/found:it", [](const Answer& a) { return a.status == 200; },
        kSeconds);
    EXPECT_EQ(found.status, 200) << found.text << server.errors();
    EXPECT_EQ(server.stop(), 0) << server.errors();
}

} // namespace
} // namespace epicsdb::test
