// The one writer of the index while the service runs: on its own thread, with its own
// read-write connection, it reads the facility file again and updates the index
// (facility::updateIndex: only the IOCs whose files, entry or environment changed are loaded
// again) once the watched files have been quiet for the debounce time after a change. The
// readers never wait for it (WAL); /status shows a change waiting and an update running.
#pragma once

#include "UpdateState.hpp"

#include <epicsdb/facility/Indexer.hpp>

#include <chrono>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace epicsdb::service {

class IndexUpdater {
public:
    struct Settings {
        std::string facilityFile; // absolute
        unsigned jobs = 0;
        std::chrono::milliseconds debounce{150};
        std::function<void(std::string_view ioc, std::string_view outcome)> progress;
        // Told after each update the files the index read (and the facility file), and the
        // folders where a new IOC may appear: those that hold the IOCs' folders, and the
        // folders in them (iocBoot/ and iocBoot/* for iocBoot/ioc1/st.cmd).
        std::function<void(const std::vector<std::string>& files,
                           const std::vector<std::string>& folders)>
            filesRead;
    };

    IndexUpdater(std::unique_ptr<facility::IndexFile> index, Settings settings, UpdateState& state);
    ~IndexUpdater(); // stop()
    IndexUpdater(const IndexUpdater&) = delete;
    IndexUpdater& operator=(const IndexUpdater&) = delete;

    // One update now, on the caller's thread (the one at start); the facility file's problems
    // and, when it cannot be read, why, go to `sink`.
    void updateNow(DiagnosticSink& sink);
    // Updates on a thread of its own from now on, after each change().
    void start();
    // A watched file changed: an update follows once the files are quiet.
    void change();
    // The update under way finishes; no other starts.
    void stop();

private:
    void run();

    std::unique_ptr<facility::IndexFile> index_;
    Settings settings_;
    UpdateState& state_;
    std::mutex mutex_;
    std::condition_variable wake_;
    std::optional<std::chrono::steady_clock::time_point> lastChange_;
    bool stopping_ = false;
    std::thread thread_;
};

// Now, UTC, ISO 8601 (2024-05-01T12:00:00Z), as the index writes its times.
[[nodiscard]] std::string utcNow();

} // namespace epicsdb::service
