// What a hostile or careless client, a bad index and signals do to `epicsdb serve`: 1,000 bad
// requests (malformed request lines and URLs, bad percent-encoding, huge parameters, path
// traversal, bad globs, methods that write, bodies) each answered with a 4xx JSON error, the
// server still answering after; a corrupt index refused with a clear error (and --rebuild
// making it anew); SIGTERM and SIGINT stopping it cleanly; kill -9 during an update leaving an
// index the next start serves.
#include "DemoFacility.hpp"
#include "ServeProcess.hpp"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <random>
#include <sys/socket.h>

namespace epicsdb::test {
namespace {

using nlohmann::json;

// One request sent as raw bytes on a connection of its own; the status and body of the first
// answer (status 0 when the server closed the connection without one). The answer is read up
// to the end its Content-Length gives, not to the connection's end: an answer to a malformed
// request may come on a connection the server keeps open.
Answer rawRequest(int port, const std::string& bytes) {
    Answer answer;
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0) return answer;
    timeval timeout{10, 0};
    ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(static_cast<std::uint16_t>(port));
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0) {
        std::size_t sent = 0;
        while (sent < bytes.size()) {
            const ssize_t n = ::send(fd, bytes.data() + sent, bytes.size() - sent, MSG_NOSIGNAL);
            if (n <= 0) break;
            sent += static_cast<std::size_t>(n);
        }
        std::string response;
        std::size_t end = std::string::npos; // of the whole answer, once its header is read
        char buffer[4096];
        while (end == std::string::npos || response.size() < end) {
            const ssize_t n = ::recv(fd, buffer, sizeof buffer, 0);
            if (n <= 0) break;
            response.append(buffer, static_cast<std::size_t>(n));
            const std::size_t headerEnd = response.find("\r\n\r\n");
            const std::size_t lengthAt = response.find("Content-Length: ");
            if (end == std::string::npos && headerEnd != std::string::npos &&
                lengthAt != std::string::npos && lengthAt < headerEnd)
                end = headerEnd + 4 + std::stoul(response.substr(lengthAt + 16));
        }
        if (response.rfind("HTTP/1.1 ", 0) == 0) answer.status = std::atoi(response.c_str() + 9);
        const std::size_t headerEnd = response.find("\r\n\r\n");
        if (headerEnd != std::string::npos) {
            answer.text = response.substr(headerEnd + 4, end - std::min(end, headerEnd + 4));
            answer.body = json::parse(answer.text, nullptr, false);
        }
    }
    ::close(fd);
    return answer;
}

std::string get(const std::string& target) {
    return "GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n";
}

// The bad requests, `count` of them: each kind in turn, with variations.
std::vector<std::string> badRequests(std::size_t count) {
    std::mt19937 random(28);
    auto some = [&](std::size_t n) {
        std::string text;
        for (std::size_t i = 0; i < n; ++i)
            text += "abcdefghijklmnopqrstuvwxyz:0123456789"[random() % 37];
        return text;
    };
    const std::vector<std::function<std::string()>> kinds = {
        // Malformed request lines and headers.
        [&] { return "GARBAGE " + some(8) + "\r\n\r\n"; },
        [&] { return std::string("GET\r\n\r\n"); },
        [&] { return "GET /api/v1/status HTTP/9" + some(1) + "\r\n\r\n"; },
        [&] { return "GET " + std::string(9000, 'a') + " HTTP/1.1\r\n\r\n"; },
        [&] { return get("/api/v1/records?match=" + std::string(9000, '*')); },
        // Bad percent-encoding.
        [&] { return get("/api/v1/records/" + some(4) + "%"); },
        [&] { return get("/api/v1/records/" + some(4) + "%4"); },
        [&] { return get("/api/v1/records/%zz" + some(3)); },
        [&] { return get("/api/v1/records?match=%G1" + some(2)); },
        [&] { return get("/api/v1/records/" + some(3) + "%00" + some(3)); },
        [&] { return get("/api/v1/records/" + some(3) + "%0a" + some(3)); },
        // Huge parameters.
        [&] { return get("/api/v1/records?match=" + some(300)); },
        [&] { return get("/api/v1/records?offset=" + std::string(30, '9')); },
        [&] { return get("/api/v1/records/" + some(2000)); },
        [&] { return get("/api/v1/files?path=" + std::string(5000, 'x')); },
        [&] {
            std::string query;
            for (int i = 0; i < 40; ++i)
                query += "p" + std::to_string(i) + "=1&";
            return get("/api/v1/records?" + query);
        },
        // Path traversal and files the index did not read.
        [&] { return get("/api/v1/files?path=../../../../etc/passwd"); },
        [&] { return get("/api/v1/files?path=%2e%2e%2f%2e%2e%2fetc%2fpasswd"); },
        [&] { return get("/api/v1/files?path=/etc/" + some(6)); },
        [&] { return get("/api/v1/files?path=db/../../" + some(4)); },
        [&] { return get("/api/v1/../../../etc/passwd"); },
        // Bad globs.
        [&] { return get("/api/v1/records?match=demo:[" + some(3)); },
        [&] { return get("/api/v1/records?match=" + std::string(17, '*') + some(2)); },
        [&] { return get("/api/v1/records?match="); },
        // Unknown endpoints, parameters and values.
        [&] { return get("/api/v1/" + some(6)); },
        [&] { return get("/api/v1/records?" + some(5) + "=1"); },
        [&] { return get("/api/v1/records?limit=-" + std::to_string(random() % 100)); },
        [&] { return get("/api/v1/findings?severity=" + some(5)); },
        [&] { return get("/api/v1/records/demo:temp1?defaults=" + some(3)); },
        [&] { return get("/api/v1/records?match=a&match=" + some(2)); },
        [&] { return get("/api/v1/iocs/" + some(6)); },
        // Methods that would write, and bodies.
        [&] {
            return "POST /api/v1/status HTTP/1.1\r\nContent-Length: 2\r\nConnection: "
                   "close\r\n\r\n{}";
        },
        [&] { return "DELETE /api/v1/records/demo:temp1 HTTP/1.1\r\nConnection: close\r\n\r\n"; },
        [&] {
            return "GET /api/v1/status HTTP/1.1\r\nContent-Length: 5\r\nConnection: close\r\n\r\n" +
                   some(5);
        },
        [&] {
            return "PUT /api/v1/files?path=x HTTP/1.1\r\nContent-Length: 100000\r\n"
                   "Connection: close\r\n\r\n" +
                   std::string(100000, 'x');
        },
    };
    std::vector<std::string> requests;
    for (std::size_t i = 0; i < count; ++i)
        requests.push_back(kinds[i % kinds.size()]());
    return requests;
}

class ServiceSafety : public ::testing::Test {
protected:
    void SetUp() override { writeDemoFacility(dir_); }
    ScratchDir dir_;
};

TEST_F(ServiceSafety, AThousandBadRequestsGetFourHundredsAndTheServerGoesOn) {
    ServeProcess server(dir_.path(), {"facility.toml"});
    ASSERT_TRUE(server.started()) << server.firstLine() << server.errors();
    std::size_t sent = 0;
    for (const std::string& request : badRequests(1000)) {
        const Answer answer = rawRequest(server.port(), request);
        ++sent;
        EXPECT_TRUE(answer.status >= 400 && answer.status < 500)
            << answer.status << " for " << request.substr(0, 120);
        EXPECT_TRUE(answer.body.is_object() && answer.body.contains("error") &&
                    answer.body["error"].is_string())
            << answer.text.substr(0, 200) << " for " << request.substr(0, 120);
        if (::testing::Test::HasFailure() && sent > 50) break; // one kind failing is enough
    }
    ASSERT_TRUE(server.alive()) << server.errors();
    ApiClient client(server.port());
    EXPECT_EQ(client.get("/api/v1/status").status, 200);
    EXPECT_EQ(client.get("/api/v1/records/demo:temp1").status, 200);
    EXPECT_EQ(server.stop(SIGTERM), 0) << server.errors();
}

TEST_F(ServiceSafety, AStuckClientDoesNotHoldTheServer) {
    ServeProcess server(dir_.path(), {"facility.toml"});
    ASSERT_TRUE(server.started()) << server.firstLine() << server.errors();
    // Connections that send half a request and then nothing.
    std::vector<int> stuck;
    for (int i = 0; i < 8; ++i) {
        const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in address{};
        address.sin_family = AF_INET;
        address.sin_port = htons(static_cast<std::uint16_t>(server.port()));
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        ASSERT_EQ(::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address), 0);
        const std::string half = "GET /api/v1/status HTTP/1.1\r\nHost: x";
        ::send(fd, half.data(), half.size(), MSG_NOSIGNAL);
        stuck.push_back(fd);
    }
    // Others are served meanwhile.
    ApiClient client(server.port());
    const auto start = std::chrono::steady_clock::now();
    EXPECT_EQ(client.get("/api/v1/status").status, 200);
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(2));
    // And the stuck ones are answered (400: the request never ended) and closed once the read
    // timeout (5 s) has passed.
    for (int fd : stuck) {
        timeval timeout{15, 0};
        ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
        std::string answer;
        char buffer[1024];
        ssize_t n;
        while ((n = ::recv(fd, buffer, sizeof buffer, 0)) > 0)
            answer.append(buffer, static_cast<std::size_t>(n));
        EXPECT_EQ(n, 0) << "not closed: " << answer;
        EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(10));
        EXPECT_TRUE(answer.empty() || answer.rfind("HTTP/1.1 400", 0) == 0) << answer;
        ::close(fd);
    }
    EXPECT_GE(std::chrono::steady_clock::now() - start, std::chrono::seconds(4));
    EXPECT_EQ(server.stop(SIGTERM), 0) << server.errors();
}

TEST_F(ServiceSafety, ACorruptIndexIsRefusedUntilRebuilt) {
    dir_.write("facility.sqlite", std::string(8192, '\x5a'));
    ServeProcess refused(dir_.path(), {"facility.toml"});
    EXPECT_FALSE(refused.started()) << refused.firstLine();
    EXPECT_EQ(refused.waitForExit(), 2);
    EXPECT_NE(refused.errors().find("--rebuild"), std::string::npos) << refused.errors();

    ServeProcess rebuilt(dir_.path(), {"facility.toml", "--rebuild"});
    ASSERT_TRUE(rebuilt.started()) << rebuilt.firstLine() << rebuilt.errors();
    ApiClient client(rebuilt.port());
    EXPECT_EQ(client.get("/api/v1/status").body["iocs"]["total"], 2);
    EXPECT_EQ(rebuilt.stop(SIGTERM), 0) << rebuilt.errors();
}

TEST_F(ServiceSafety, KilledDuringAnUpdateTheNextStartServes) {
    {
        ServeProcess server(dir_.path(), {"facility.toml", "--index", "other.sqlite"});
        ASSERT_TRUE(server.started()) << server.firstLine() << server.errors();
        EXPECT_NE(server.firstLine().find("other.sqlite"), std::string::npos);
        std::string text = kTempTemplate;
        text.replace(text.find("temperature"), 11, "killed");
        dir_.write("db/temp.template", text);
        // Within the debounce and the update that follows it.
        std::this_thread::sleep_for(std::chrono::milliseconds(170));
        EXPECT_EQ(server.stop(SIGKILL), 128 + SIGKILL);
    }
    ServeProcess again(dir_.path(), {"facility.toml", "--index", "other.sqlite"});
    ASSERT_TRUE(again.started()) << again.firstLine() << again.errors();
    ApiClient client(again.port());
    const Answer record = client.get("/api/v1/records/demo:temp1");
    ASSERT_EQ(record.status, 200) << record.text;
    // The start brought the index up to date, whatever the killed update had committed.
    bool edited = false;
    for (const json& field : record.body["fields"])
        edited = edited || field["value"] == "killed 1";
    EXPECT_TRUE(edited) << record.text;
    EXPECT_EQ(again.stop(SIGTERM), 0) << again.errors();
}

TEST_F(ServiceSafety, AnAddressInUseIsAnError) {
    ServeProcess first(dir_.path(), {"facility.toml"});
    ASSERT_TRUE(first.started()) << first.errors();
    const ScratchDir other;
    writeDemoFacility(other);
    ServeProcess second(other.path(), {"facility.toml", "--port", std::to_string(first.port())});
    EXPECT_FALSE(second.started());
    EXPECT_EQ(second.waitForExit(), 2);
    EXPECT_NE(second.errors().find("cannot listen"), std::string::npos) << second.errors();
    EXPECT_EQ(first.stop(SIGTERM), 0);
}

} // namespace
} // namespace epicsdb::test
