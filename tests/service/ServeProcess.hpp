// `epicsdb serve` as a process on a loopback port (--port 0: the system picks a free one, the
// server prints its URL), stopped with SIGTERM when the test ends; and a client that keeps
// every answer it gets, for the check against the OpenAPI document.
#pragma once

#include "ReadFile.hpp"
#include "ScratchDir.hpp"

#include <httplib.h>
#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <fcntl.h>
#include <poll.h>
#include <regex>
#include <string>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <vector>

namespace epicsdb::test {

class ServeProcess {
public:
    // Runs `epicsdb serve ARGS... --port 0` (unless ARGS give a port) from `workingDirectory` and
    // waits (up to 60 s) for the line with its URL. started() is false when it exited instead.
    ServeProcess(const std::string& workingDirectory, std::vector<std::string> args) {
        args.insert(args.begin(), "serve");
        if (std::find(args.begin(), args.end(), "--port") == args.end()) {
            args.push_back("--port");
            args.push_back("0");
        }
        errPath_ = workingDirectory + "/serve-" + std::to_string(::getpid()) + "-" +
                   std::to_string(counter()++) + ".err";
        int fds[2];
        if (::pipe(fds) != 0) return;
        std::fflush(stdout);
        pid_ = ::fork();
        if (pid_ == 0) {
            const int err = ::open(errPath_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
            ::dup2(fds[1], STDOUT_FILENO);
            if (err >= 0) ::dup2(err, STDERR_FILENO);
            ::close(fds[0]);
            if (::chdir(workingDirectory.c_str()) != 0) ::_exit(127);
            std::vector<char*> argv{const_cast<char*>(EPICSDB_TOOL)};
            for (std::string& arg : args)
                argv.push_back(arg.data());
            argv.push_back(nullptr);
            ::execv(EPICSDB_TOOL, argv.data());
            ::_exit(127);
        }
        ::close(fds[1]);
        out_ = fds[0];
        readUrl();
    }
    ~ServeProcess() {
        if (pid_ > 0 && !exited_) {
            ::kill(pid_, SIGKILL);
            ::waitpid(pid_, nullptr, 0);
        }
        if (out_ >= 0) ::close(out_);
    }
    ServeProcess(const ServeProcess&) = delete;
    ServeProcess& operator=(const ServeProcess&) = delete;

    [[nodiscard]] bool started() const { return port_ > 0; }
    [[nodiscard]] int port() const { return port_; }
    [[nodiscard]] const std::string& url() const { return url_; }
    [[nodiscard]] const std::string& firstLine() const { return line_; }
    [[nodiscard]] std::string errors() const { return readWholeFile(errPath_); }

    // SIGTERM (or another signal), then its exit status (-1: killed; 128+n: signal n), within
    // `seconds` (else SIGKILL and -2).
    int stop(int signal = SIGTERM, int seconds = 15) {
        if (pid_ <= 0) return -3;
        if (!exited_) ::kill(pid_, signal);
        return waitForExit(seconds);
    }
    // Its exit status once it has exited by itself (it did not start), as stop().
    int waitForExit(int seconds = 15) {
        if (exited_) return status_;
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
        int status = 0;
        while (::waitpid(pid_, &status, WNOHANG) == 0) {
            if (std::chrono::steady_clock::now() > deadline) {
                ::kill(pid_, SIGKILL);
                ::waitpid(pid_, &status, 0);
                exited_ = true;
                return status_ = -2;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
        exited_ = true;
        status_ = WIFEXITED(status) ? WEXITSTATUS(status)
                                    : (WIFSIGNALED(status) ? 128 + WTERMSIG(status) : -1);
        return status_;
    }
    [[nodiscard]] bool alive() {
        if (exited_) return false;
        int status = 0;
        if (::waitpid(pid_, &status, WNOHANG) == 0) return true;
        exited_ = true;
        status_ = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
        return false;
    }
    [[nodiscard]] pid_t pid() const { return pid_; }

private:
    static int& counter() {
        static int n = 0;
        return n;
    }
    void readUrl() {
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
        std::string text;
        char buffer[512];
        while (text.find('\n') == std::string::npos &&
               std::chrono::steady_clock::now() < deadline) {
            pollfd fd{out_, POLLIN, 0};
            if (::poll(&fd, 1, 100) <= 0) continue;
            const ssize_t n = ::read(out_, buffer, sizeof buffer);
            if (n <= 0) break;
            text.append(buffer, static_cast<std::size_t>(n));
        }
        line_ = text.substr(0, text.find('\n'));
        std::smatch match;
        if (std::regex_search(line_, match, std::regex(R"(http://([0-9.]+):([0-9]+)/api/v1/)"))) {
            url_ = match[0];
            port_ = std::stoi(match[2]);
        }
    }

    pid_t pid_ = -1;
    int out_ = -1;
    int port_ = 0;
    bool exited_ = false;
    int status_ = -1;
    std::string url_;
    std::string line_;
    std::string errPath_;
};

// One answer: its status and its body as JSON (null when the body is not JSON).
struct Answer {
    int status = 0;
    nlohmann::json body;
    std::string text;
};

// Asks the server; keeps each answer with the API path it was asked of (the OpenAPI
// document's path, "/api/v1/records/{name}"), for the schema check.
class ApiClient {
public:
    explicit ApiClient(int port) : client_("127.0.0.1", port) {
        client_.set_connection_timeout(5);
        client_.set_read_timeout(15);
        client_.set_url_encode(false); // the target as the test wrote it, bad or not
    }

    Answer get(const std::string& target, const std::string& pathTemplate = {}) {
        Answer answer;
        const httplib::Result result = client_.Get(target);
        if (!result) return answer;
        answer.status = result->status;
        answer.text = result->body;
        answer.body = nlohmann::json::parse(result->body, nullptr, false);
        if (!pathTemplate.empty())
            kept_.push_back({{"path", pathTemplate},
                             {"target", target},
                             {"status", answer.status},
                             {"body", answer.body}});
        return answer;
    }
    [[nodiscard]] const std::vector<nlohmann::json>& kept() const { return kept_; }

private:
    httplib::Client client_;
    std::vector<nlohmann::json> kept_;
};

// Asks `get` until `done` holds of the answer or `seconds` pass; the last answer.
template <class Done>
Answer waitFor(ApiClient& client, const std::string& target, Done done, double seconds = 5) {
    const auto deadline = std::chrono::steady_clock::now() +
                          std::chrono::milliseconds(static_cast<int>(seconds * 1000));
    Answer answer;
    for (;;) {
        answer = client.get(target);
        if (done(answer) || std::chrono::steady_clock::now() > deadline) return answer;
        std::this_thread::sleep_for(std::chrono::milliseconds(25));
    }
}

} // namespace epicsdb::test
