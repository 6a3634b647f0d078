// Every answer the API gives, to good requests and bad, checked against its OpenAPI document
// (service/openapi.json) by validate-responses.py with python3-jsonschema: the document says
// what clients may rely on, and the server says no more and no less.
#include "DemoFacility.hpp"
#include "RunProgram.hpp"
#include "ServeProcess.hpp"

#include <fstream>

namespace epicsdb::test {
namespace {

using nlohmann::json;

TEST(ServiceOpenApi, EveryAnswerMatchesTheDocument) {
    const ScratchDir dir;
    writeDemoFacility(dir);
    // A finding that names a record and a load error: both shapes are seen.
    dir.write("iocBoot/ioc3/st.cmd", "dbLoadRecords(\"../../db/missing.db\")\n"
                                     "dbLoadRecords(\"../../db/temp.template\", \"P=x,N=2\")\n");
    ServeProcess server(dir.path(), {"facility.toml"});
    ASSERT_TRUE(server.started()) << server.firstLine() << server.errors();
    ApiClient client(server.port());
    const std::vector<std::pair<std::string, std::string>> requests = {
        {"/api/v1/status", "/api/v1/status"},
        {"/api/v1/status?x=1", "/api/v1/status"},
        {"/api/v1/records", "/api/v1/records"},
        {"/api/v1/records?match=demo:*&limit=2&offset=1", "/api/v1/records"},
        {"/api/v1/records?match=*:t?&ioc=ioc1&type=ai", "/api/v1/records"},
        {"/api/v1/records?match=[", "/api/v1/records"},
        {"/api/v1/records/demo:temp1", "/api/v1/records/{name}"},
        {"/api/v1/records/demo:t1?defaults=1", "/api/v1/records/{name}"},
        {"/api/v1/records/demo:shared?ioc=ioc2", "/api/v1/records/{name}"},
        {"/api/v1/records/demo:alarm", "/api/v1/records/{name}"},
        {"/api/v1/records/demo:out?defaults=1", "/api/v1/records/{name}"},
        {"/api/v1/records/x:temp2", "/api/v1/records/{name}"},
        {"/api/v1/records/no:such", "/api/v1/records/{name}"},
        {"/api/v1/records/bad%zz", "/api/v1/records/{name}"},
        {"/api/v1/records/demo:temp1/links", "/api/v1/records/{name}/links"},
        {"/api/v1/records/demo:alarm/links", "/api/v1/records/{name}/links"},
        {"/api/v1/records/demo:out/links", "/api/v1/records/{name}/links"},
        {"/api/v1/records/no:such/links", "/api/v1/records/{name}/links"},
        {"/api/v1/iocs", "/api/v1/iocs"},
        {"/api/v1/iocs?limit=1", "/api/v1/iocs"},
        {"/api/v1/iocs/ioc1", "/api/v1/iocs/{name}"},
        {"/api/v1/iocs/ioc2", "/api/v1/iocs/{name}"},
        {"/api/v1/iocs/ioc3", "/api/v1/iocs/{name}"},
        {"/api/v1/iocs/ioc9", "/api/v1/iocs/{name}"},
        {"/api/v1/duplicates", "/api/v1/duplicates"},
        {"/api/v1/duplicates?limit=abc", "/api/v1/duplicates"},
        {"/api/v1/findings", "/api/v1/findings"},
        {"/api/v1/findings?kind=load", "/api/v1/findings"},
        {"/api/v1/findings?severity=warning&ioc=ioc2", "/api/v1/findings"},
        {"/api/v1/findings?severity=loud", "/api/v1/findings"},
        {"/api/v1/files?path=db/temp.template", "/api/v1/files"},
        {"/api/v1/files?path=iocBoot/ioc1/st.cmd&from=2&to=3", "/api/v1/files"},
        {"/api/v1/files?path=../etc/passwd", "/api/v1/files"},
        {"/api/v1/files", "/api/v1/files"},
        {"/api/v1/openapi.json", "/api/v1/openapi.json"},
    };
    for (const auto& [target, path] : requests)
        EXPECT_NE(client.get(target, path).status, 0) << target;

    const std::string answers = dir.path("answers.jsonl");
    {
        std::ofstream out(answers);
        for (const json& answer : client.kept())
            out << answer.dump() << '\n';
    }
    const ProgramResult check =
        runProgram(EPICSDB_PYTHON, {EPICSDB_VALIDATE_SCRIPT, EPICSDB_OPENAPI_DOCUMENT, answers});
    if (check.status == 77) GTEST_SKIP() << check.out << check.err;
    EXPECT_EQ(check.status, 0) << check.out << check.err;
    EXPECT_NE(check.out.find("35 answers"), std::string::npos) << check.out;
    EXPECT_EQ(server.stop(SIGTERM), 0) << server.errors();
}

} // namespace
} // namespace epicsdb::test
