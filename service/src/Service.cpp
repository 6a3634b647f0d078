#include <epicsdb/service/Service.hpp>

#include "Api.hpp"
#include "FileWatcher.hpp"
#include "HttpServer.hpp"
#include "IndexUpdater.hpp"
#include "ReaderPool.hpp"
#include "UpdateState.hpp"

#include <filesystem>

namespace epicsdb::service {

struct Service::Parts {
    std::string indexFile;
    std::string address;
    int port = 0;
    UpdateState state;
    std::unique_ptr<IndexUpdater> updater;
    std::unique_ptr<FileWatcher> watcher;
    std::unique_ptr<ReaderPool> readers;
    std::unique_ptr<Api> api;
    std::unique_ptr<HttpServer> server;

    // Stopped in this order: no new requests (those under way finish), no new update (the one
    // under way finishes, then tells the watcher its files), no more watching.
    ~Parts() {
        server.reset();
        if (updater) updater->stop();
        watcher.reset();
        updater.reset();
    }
};

Service::Service(std::unique_ptr<Parts> parts) : parts_(std::move(parts)) {}

Service::~Service() = default;

int Service::port() const noexcept {
    return parts_->port;
}

std::string Service::url() const {
    const bool ipv6 = parts_->address.find(':') != std::string::npos;
    return "http://" + (ipv6 ? "[" + parts_->address + "]" : parts_->address) + ":" +
           std::to_string(parts_->port) + "/api/v1/";
}

const std::string& Service::indexFile() const noexcept {
    return parts_->indexFile;
}

std::unique_ptr<Service> Service::start(const ServiceOptions& options, DiagnosticSink& sink,
                                        std::string& error) {
    auto parts = std::make_unique<Parts>();
    const std::string facilityFile = std::filesystem::absolute(options.facilityFile).string();
    parts->indexFile = std::filesystem::absolute(options.indexFile).string();
    parts->address = options.bind;

    auto index = facility::IndexFile::open(
        parts->indexFile,
        options.rebuild ? facility::OpenMode::Rebuild : facility::OpenMode::ReadWrite, error);
    if (!index) return nullptr;

    // The address first: a port in use is said at once, not after the indexing.
    parts->readers = std::make_unique<ReaderPool>(parts->indexFile);
    parts->api = std::make_unique<Api>(*parts->readers, parts->state, facilityFile,
                                       parts->indexFile, options.version);
    parts->server = std::make_unique<HttpServer>(*parts->api, std::max(1u, options.workers));
    const auto port = parts->server->bind(options.bind, options.port, error);
    if (!port) return nullptr;
    parts->port = *port;

    Parts& p = *parts;
    parts->watcher = std::make_unique<FileWatcher>(
        [&p] { p.updater->change(); },
        std::vector<std::string>{parts->indexFile, parts->indexFile + "-wal",
                                 parts->indexFile + "-shm", parts->indexFile + "-journal"});
    IndexUpdater::Settings settings;
    settings.facilityFile = facilityFile;
    settings.jobs = options.jobs;
    settings.debounce = options.debounce;
    settings.progress = options.progress;
    settings.filesRead = [&p](const std::vector<std::string>& files,
                              const std::vector<std::string>& folders) {
        p.watcher->watch(files, folders);
    };
    parts->updater =
        std::make_unique<IndexUpdater>(std::move(index), std::move(settings), parts->state);
    parts->updater->updateNow(sink);
    if (!parts->watcher->error().empty())
        sink.report({Severity::Warning,
                     "watch-unavailable",
                     parts->watcher->error() + "; the index is not updated while serving",
                     {},
                     {},
                     {},
                     {},
                     {},
                     {}});

    parts->updater->start();
    parts->watcher->start();
    parts->server->start();
    return std::unique_ptr<Service>(new Service(std::move(parts)));
}

} // namespace epicsdb::service
