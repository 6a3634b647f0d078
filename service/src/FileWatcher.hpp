// Watches the files an index read, with inotify: the folders that hold them (an editor saves by
// writing a new file and renaming it over the old one, which a watch on the file itself would
// lose), reporting a change to one of those files, a file or folder made in those folders (a
// file a failed load was missing, an IOC's new folder), or a watched folder gone. Changes are
// told to a callback on the watcher's own thread; the folders are set again after each update.
#pragma once

#include <functional>
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

namespace epicsdb::service {

// A file descriptor, closed when destroyed.
class UniqueFd {
public:
    explicit UniqueFd(int fd = -1) noexcept : fd_(fd) {}
    ~UniqueFd();
    UniqueFd(UniqueFd&& other) noexcept : fd_(other.fd_) { other.fd_ = -1; }
    UniqueFd& operator=(UniqueFd&&) = delete;
    UniqueFd(const UniqueFd&) = delete;
    [[nodiscard]] int get() const noexcept { return fd_; }

private:
    int fd_;
};

class FileWatcher {
public:
    // `changed` is called for each batch of relevant events. Changes to the files in `ignored`
    // (the index itself, its -wal and -shm) are not reported.
    FileWatcher(std::function<void()> changed, std::vector<std::string> ignored);
    ~FileWatcher(); // stop(), thread joined
    FileWatcher(const FileWatcher&) = delete;
    FileWatcher& operator=(const FileWatcher&) = delete;

    // Empty, or why inotify could not be used (the service then serves without updates).
    [[nodiscard]] const std::string& error() const noexcept { return error_; }

    // From now on, watch `files` (absolute paths) and their folders, and `folders` (where new
    // files may matter: the folders beside the IOCs').
    void watch(const std::vector<std::string>& files, const std::vector<std::string>& folders);
    void start();
    void stop();

private:
    void run();
    // Whether one event says something the index may need to take in.
    [[nodiscard]] bool relevant(int wd, std::uint32_t mask, std::string_view name);

    std::function<void()> changed_;
    std::set<std::string, std::less<>> ignored_;
    std::string error_;
    UniqueFd inotify_;
    UniqueFd wakeup_; // an eventfd: stop() writes it
    std::mutex mutex_;
    std::map<int, std::string> folders_; // watch descriptor -> folder
    std::set<std::string, std::less<>> files_;
    std::thread thread_;
};

} // namespace epicsdb::service
