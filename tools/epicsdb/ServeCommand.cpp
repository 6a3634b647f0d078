// epicsdb serve: a facility's index brought up to date, then served read-only over HTTP
// (JSON under /api/v1, OpenAPI at /api/v1/openapi.json) and kept up to date as the files it
// read change, until SIGINT or SIGTERM (service/Service.hpp).
#include "Commands.hpp"

#include "Command.hpp"
#include "DiagnosticPrinter.hpp"

#include <epicsdb/service/Service.hpp>

#include <csignal>
#include <cstdio>
#include <pthread.h>

namespace epicsdb::tools {

namespace {
const char* const kServeUsage =
    "usage: epicsdb serve [--index FILE] [--bind ADDRESS] [--port N] [--rebuild] [-j N]\n"
    "                     facility.toml\n"
    "Indexes the facility (or brings its index up to date), then serves the index over HTTP,\n"
    "read-only, as JSON under /api/v1/ (records, their fields and where each value came from,\n"
    "links across IOCs, IOCs, duplicates, findings, files), and updates it as the files it\n"
    "read change. The index is FILE, by default the facility file's name with .sqlite beside\n"
    "it. Prints the URL it serves, then serves until SIGINT or SIGTERM. Exit status: 0 when\n"
    "stopped so, 2 when the index cannot be opened or the address cannot be bound.\n\n";

// The port: 0 (any free one) to 65535.
const cli::ValueRule kPort{[](const std::string& value) {
                               return !value.empty() && value.size() <= 5 &&
                                      value.find_first_not_of("0123456789") == std::string::npos &&
                                      std::stoul(value) <= 65535;
                           },
                           "a port number from 0 (any free port) to 65535"};

// SIGINT and SIGTERM blocked in this thread and every thread started after, so that the main
// thread takes them with sigwait (no handler, nothing global); the old mask back at the end.
class StopSignals {
public:
    StopSignals() {
        sigemptyset(&signals_);
        sigaddset(&signals_, SIGINT);
        sigaddset(&signals_, SIGTERM);
        pthread_sigmask(SIG_BLOCK, &signals_, &previous_);
    }
    ~StopSignals() { pthread_sigmask(SIG_SETMASK, &previous_, nullptr); }
    StopSignals(const StopSignals&) = delete;
    StopSignals& operator=(const StopSignals&) = delete;

    // Until one comes; returns its number.
    int wait() const {
        int signal = 0;
        sigwait(&signals_, &signal);
        return signal;
    }

private:
    sigset_t signals_;
    sigset_t previous_;
};
} // namespace

ExitStatus runServe(const Arguments& args) {
    cli::Command command("serve", kServeUsage);
    std::vector<std::string> files;
    service::ServiceOptions options;
    std::string port = "8080";
    std::string jobs = "0";
    command.files(files, "the facility file (TOML: [facility] and its [[ioc]] entries)",
                  "FACILITY");
    command.value("--index", options.indexFile, "FILE",
                  "the index (default: the facility file's name with .sqlite, beside it)",
                  cli::kFileName);
    command.value("--bind", options.bind, "ADDRESS",
                  "the address to listen on (default 127.0.0.1: this machine only)",
                  {[](const std::string& value) { return !value.empty(); }, "an address"});
    command.value("--port", port, "N", "the port to listen on (default 8080; 0: any free port)",
                  kPort);
    command.flag("--rebuild", options.rebuild,
                 "make the index anew, whatever the file held (not an index, another version)");
    command.value("-j,--jobs", jobs, "N", "IOCs loaded at once by an update (0: every core)",
                  cli::kJobCount);
    if (auto status = command.parse(args, [&] {
            if (files.size() != 1)
                throw cli::UsageError(files.empty() ? "no facility file given"
                                                    : "one facility file, not " +
                                                          std::to_string(files.size()));
        }))
        return *status;
    options.facilityFile = files.front();
    if (options.indexFile.empty()) options.indexFile = defaultIndexPath(options.facilityFile);
    options.port = static_cast<int>(std::stoul(port));
    options.jobs = static_cast<unsigned>(std::stoul(jobs));
    options.version = EPICSDB_VERSION;
    // What each update changed, for whoever watches the service's log.
    options.progress = [](std::string_view ioc, std::string_view outcome) {
        if (outcome == "unchanged") return;
        std::fprintf(stderr, "epicsdb serve: %.*s: %.*s\n", static_cast<int>(ioc.size()),
                     ioc.data(), static_cast<int>(outcome.size()), outcome.data());
    };

    const StopSignals stopSignals;
    cli::DiagnosticPrinter printer(stderr, cli::DiagnosticFormat::Text, false);
    std::string error;
    const auto service = service::Service::start(options, printer, error);
    if (!service) return command.fail(error);
    std::printf("epicsdb serve: %s (index %s)\n", service->url().c_str(),
                service->indexFile().c_str());
    std::fflush(stdout);
    stopSignals.wait();
    return ExitStatus::Success;
}

} // namespace epicsdb::tools
