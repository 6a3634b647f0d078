// What the updater tells /status: whether a change waits for an update or one is running,
// how the last one ended, and the facility file's own problems when it could not be read (an
// index keeps only the problems of a file it could read). Shared by the updater, the watcher
// and the requests; every member is read and written under its mutex.
#pragma once

#include <epicsdb/Diagnostic.hpp>

#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace epicsdb::service {

class UpdateState {
public:
    struct Snapshot {
        bool pending = false;      // a change was seen that no finished update has taken in
        bool updating = false;     // an update runs now
        std::uint64_t updates = 0; // updates finished since the service started
        std::optional<std::string> lastStarted;   // UTC, ISO 8601
        std::optional<std::string> lastFinished;  // UTC, ISO 8601
        std::optional<std::string> lastError;     // the update could not be written (an exception)
        std::vector<Diagnostic> facilityProblems; // the facility file could not be read
    };

    [[nodiscard]] Snapshot snapshot() const {
        const std::lock_guard lock(mutex_);
        return state_;
    }
    // A change was seen; returns its number.
    std::uint64_t changeSeen() {
        const std::lock_guard lock(mutex_);
        state_.pending = true;
        return ++changes_;
    }
    // An update starts; returns the number of the last change it takes in.
    std::uint64_t updateStarts(std::string when) {
        const std::lock_guard lock(mutex_);
        state_.updating = true;
        state_.lastStarted = std::move(when);
        return changes_;
    }
    // The update that took in changes up to `upTo` ended.
    void updateEnds(std::uint64_t upTo, std::string when, std::optional<std::string> error,
                    std::vector<Diagnostic> facilityProblems) {
        const std::lock_guard lock(mutex_);
        state_.updating = false;
        state_.pending = changes_ > upTo;
        ++state_.updates;
        state_.lastFinished = std::move(when);
        state_.lastError = std::move(error);
        state_.facilityProblems = std::move(facilityProblems);
    }

private:
    mutable std::mutex mutex_;
    Snapshot state_;
    std::uint64_t changes_ = 0;
};

} // namespace epicsdb::service
