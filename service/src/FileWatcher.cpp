#include "FileWatcher.hpp"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <poll.h>
#include <sys/eventfd.h>
#include <sys/inotify.h>
#include <unistd.h>

namespace epicsdb::service {

namespace {
constexpr std::uint32_t kFolderEvents = IN_MODIFY | IN_CLOSE_WRITE | IN_ATTRIB | IN_CREATE |
                                        IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_DELETE_SELF |
                                        IN_MOVE_SELF | IN_ONLYDIR;

// Editors' swap and backup files, made and removed as one edits: not worth an update.
bool scratchName(std::string_view name) {
    return name.empty() || name.front() == '.' || name.back() == '~' || name.ends_with(".swp") ||
           name.ends_with(".swx");
}

std::string folderOf(const std::string& file) {
    return std::filesystem::path(file).parent_path().string();
}
} // namespace

UniqueFd::~UniqueFd() {
    if (fd_ >= 0) ::close(fd_);
}

FileWatcher::FileWatcher(std::function<void()> changed, std::vector<std::string> ignored)
    : changed_(std::move(changed)), ignored_(ignored.begin(), ignored.end()),
      inotify_(::inotify_init1(IN_NONBLOCK | IN_CLOEXEC)),
      wakeup_(::eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC)) {
    if (inotify_.get() < 0 || wakeup_.get() < 0)
        error_ = std::string("cannot watch files (inotify): ") + std::strerror(errno);
}

FileWatcher::~FileWatcher() {
    stop();
}

void FileWatcher::watch(const std::vector<std::string>& files,
                        const std::vector<std::string>& folders) {
    if (!error_.empty()) return;
    std::set<std::string, std::less<>> wanted(folders.begin(), folders.end());
    for (const std::string& file : files)
        wanted.insert(folderOf(file));
    const std::lock_guard lock(mutex_);
    files_ = std::set<std::string, std::less<>>(files.begin(), files.end());
    for (auto it = folders_.begin(); it != folders_.end();) {
        if (wanted.erase(it->second)) {
            ++it;
            continue;
        }
        ::inotify_rm_watch(inotify_.get(), it->first);
        it = folders_.erase(it);
    }
    // A folder that does not exist (now) is not watched; the next update tries again.
    for (const std::string& folder : wanted) {
        const int wd = ::inotify_add_watch(inotify_.get(), folder.c_str(), kFolderEvents);
        if (wd >= 0) folders_[wd] = folder;
    }
}

void FileWatcher::start() {
    if (!error_.empty() || thread_.joinable()) return;
    thread_ = std::thread([this] { run(); });
}

void FileWatcher::stop() {
    if (!thread_.joinable()) return;
    const std::uint64_t one = 1;
    [[maybe_unused]] const auto written = ::write(wakeup_.get(), &one, sizeof one);
    thread_.join();
}

bool FileWatcher::relevant(int wd, std::uint32_t mask, std::string_view name) {
    if (mask & IN_Q_OVERFLOW) return true; // events were lost: anything may have changed
    const std::lock_guard lock(mutex_);
    const auto folder = folders_.find(wd);
    if (folder == folders_.end()) return false;
    if (mask & (IN_IGNORED | IN_DELETE_SELF | IN_MOVE_SELF)) {
        if (mask & IN_IGNORED) folders_.erase(folder);
        return true;
    }
    const std::string path = folder->second + "/" + std::string(name);
    if (ignored_.contains(path)) return false;
    if (files_.contains(path)) return true;
    if (mask & IN_ISDIR) return (mask & (IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO)) != 0;
    return (mask & (IN_CREATE | IN_MOVED_TO)) != 0 && !scratchName(name);
}

void FileWatcher::run() {
    alignas(inotify_event) char buffer[16 * 1024];
    pollfd fds[2] = {{inotify_.get(), POLLIN, 0}, {wakeup_.get(), POLLIN, 0}};
    for (;;) {
        if (::poll(fds, 2, -1) < 0) {
            if (errno == EINTR) continue;
            return;
        }
        if (fds[1].revents) return; // stop()
        bool seen = false;
        for (;;) {
            const ssize_t size = ::read(inotify_.get(), buffer, sizeof buffer);
            if (size <= 0) break;
            for (const char* at = buffer; at < buffer + size;) {
                const auto* event = reinterpret_cast<const inotify_event*>(at);
                const std::string_view name(event->name, event->len ? std::strlen(event->name) : 0);
                seen = relevant(event->wd, event->mask, name) || seen;
                at += sizeof(inotify_event) + event->len;
            }
        }
        if (seen) changed_();
    }
}

} // namespace epicsdb::service
