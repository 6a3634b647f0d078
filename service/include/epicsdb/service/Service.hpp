// The facility service (`epicsdb serve`): a facility index brought up to date at start and
// kept so while it serves (the files the index read are watched with inotify; each change,
// after a short quiet time, updates the IOCs that read it), and a read-only HTTP API over it
// under /api/v1 (docs/guide/serve.md; service/openapi.json describes every answer).
#pragma once

#include <epicsdb/Diagnostic.hpp>
#include <epicsdb/export.h>

#include <chrono>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

namespace epicsdb::service {

struct ServiceOptions {
    std::string facilityFile;
    std::string indexFile; // made when it does not exist
    std::string bind = "127.0.0.1";
    int port = 8080; // 0: a free port, chosen by the system
    bool rebuild = false;
    unsigned jobs = 0; // IOCs loaded at once by an update (0: one per core)
    // Requests served at once (each holds one read-only connection to the index while it
    // runs); more connections wait for a worker.
    unsigned workers = 64;
    // How long the watched files must stay quiet before an update starts: an editor's save,
    // or a checkout, is one update.
    std::chrono::milliseconds debounce{150};
    std::string version; // the epicsdb version /status reports
    // Told of each IOC an update commits (name and outcome, as IndexOptions::progress).
    std::function<void(std::string_view ioc, std::string_view outcome)> progress;
};

// A running service; destroying it stops it (no new requests, the update under way finished,
// every thread joined).
class EPICSDB_API Service {
public:
    // Opens (or makes) the index, indexes the facility, binds the address and starts serving
    // and watching. A facility file that cannot be read, IOCs that fail: reported by /status
    // and /iocs, the service still starts. Nothing, with `error` set, when the index cannot be
    // opened (not an index, another schema version, corrupt: --rebuild makes it anew) or the
    // address cannot be bound. Diagnostics of the start (the facility file's problems) go to
    // `sink`.
    [[nodiscard]] static std::unique_ptr<Service> start(const ServiceOptions& options,
                                                        DiagnosticSink& sink, std::string& error);
    ~Service();
    Service(const Service&) = delete;
    Service& operator=(const Service&) = delete;

    // The port it listens on (the one chosen when ServiceOptions::port was 0).
    [[nodiscard]] int port() const noexcept;
    // http://ADDRESS:PORT/api/v1/
    [[nodiscard]] std::string url() const;
    [[nodiscard]] const std::string& indexFile() const noexcept;

private:
    struct Parts;
    explicit Service(std::unique_ptr<Parts> parts);
    std::unique_ptr<Parts> parts_;
};

} // namespace epicsdb::service
