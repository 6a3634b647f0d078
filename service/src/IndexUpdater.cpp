#include "IndexUpdater.hpp"

#include <sqlite3.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <ctime>
#include <filesystem>
#include <set>

namespace epicsdb::service {

namespace {
// Keeps what a sink is told and passes it on.
class Tee final : public DiagnosticSink {
public:
    explicit Tee(DiagnosticSink* next) : next_(next) {}
    void report(Diagnostic diagnostic) override {
        kept.push_back(diagnostic);
        if (next_) next_->report(std::move(diagnostic));
    }
    std::vector<Diagnostic> kept;

private:
    DiagnosticSink* next_;
};

// Drops what it is told: the problems of a later update are in the index (meta).
class Discard final : public DiagnosticSink {
public:
    void report(Diagnostic) override {}
};
// The folders where a new IOC of a glob may appear: the one that holds each IOC's folder, and
// the folders in it. Scripts are kept relative to the facility file's folder (`root`).
std::vector<std::string> iocFolders(facility::IndexFile& index, const std::filesystem::path& root) {
    std::set<std::string> folders;
    sqlite3_stmt* statement = nullptr;
    if (sqlite3_prepare_v2(index.handle(), "SELECT script FROM iocs", -1, &statement, nullptr) !=
        SQLITE_OK) {
        sqlite3_finalize(statement);
        return {};
    }
    while (sqlite3_step(statement) == SQLITE_ROW) {
        const auto* script = reinterpret_cast<const char*>(sqlite3_column_text(statement, 0));
        if (!script) continue;
        const std::filesystem::path parent = (root / script).lexically_normal().parent_path();
        folders.insert(parent.parent_path().string());
    }
    sqlite3_finalize(statement);
    std::vector<std::string> all(folders.begin(), folders.end());
    for (const std::string& folder : folders) {
        std::error_code error;
        for (const auto& entry : std::filesystem::directory_iterator(folder, error))
            if (entry.is_directory(error)) all.push_back(entry.path().string());
    }
    return all;
}
} // namespace

std::string utcNow() {
    const std::time_t now = std::time(nullptr);
    std::tm utc{};
    ::gmtime_r(&now, &utc);
    char text[32];
    std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
    return text;
}

IndexUpdater::IndexUpdater(std::unique_ptr<facility::IndexFile> index, Settings settings,
                           UpdateState& state)
    : index_(std::move(index)), settings_(std::move(settings)), state_(state) {}

IndexUpdater::~IndexUpdater() {
    stop();
}

void IndexUpdater::updateNow(DiagnosticSink& sink) {
    const std::uint64_t upTo = state_.updateStarts(utcNow());
    Tee facilityProblems(&sink);
    std::optional<std::string> error;
    std::vector<std::string> files;
    std::vector<std::string> folders;
    bool readable = false;
    try {
        const auto facility = facility::readFacilityFile(settings_.facilityFile, facilityProblems);
        if (facility) {
            readable = true;
            facility::IndexOptions options;
            options.threads = settings_.jobs;
            options.progress = settings_.progress;
            facility::updateIndex(*index_, *facility, options, sink);
        }
        files = facility::indexedFiles(*index_);
        folders = iocFolders(*index_, std::filesystem::path(settings_.facilityFile).parent_path());
    } catch (const std::exception& failure) {
        // The index could not be written (a full disk): the last committed update stands.
        error = failure.what();
    }
    if (std::find(files.begin(), files.end(), settings_.facilityFile) == files.end())
        files.push_back(settings_.facilityFile);
    if (settings_.filesRead) settings_.filesRead(files, folders);
    state_.updateEnds(upTo, utcNow(), std::move(error),
                      readable ? std::vector<Diagnostic>{} : std::move(facilityProblems.kept));
#if defined(__GLIBC__)
    // The loads freed their memory in the arenas of the threads that loaded; give it back to
    // the system, so that a long-running service stays at its size however many updates run.
    ::malloc_trim(0);
#endif
}

void IndexUpdater::start() {
    if (thread_.joinable()) return;
    thread_ = std::thread([this] { run(); });
}

void IndexUpdater::change() {
    state_.changeSeen();
    {
        const std::lock_guard lock(mutex_);
        lastChange_ = std::chrono::steady_clock::now();
    }
    wake_.notify_one();
}

void IndexUpdater::stop() {
    {
        const std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    wake_.notify_one();
    if (thread_.joinable()) thread_.join();
}

void IndexUpdater::run() {
    // Updates yield the processors to the requests: this thread, and the loading threads
    // updateIndex starts from it (which inherit it), run at a lower priority (nice 10).
    ::setpriority(PRIO_PROCESS, static_cast<id_t>(::syscall(SYS_gettid)), 10);
    std::unique_lock lock(mutex_);
    for (;;) {
        wake_.wait(lock, [&] { return stopping_ || lastChange_.has_value(); });
        // Quiet for the debounce time since the last change: a save, or a checkout of many
        // files, is one update.
        while (!stopping_ && lastChange_ &&
               std::chrono::steady_clock::now() < *lastChange_ + settings_.debounce)
            wake_.wait_until(lock, *lastChange_ + settings_.debounce);
        if (stopping_) return;
        lastChange_.reset();
        lock.unlock();
        Discard later;
        updateNow(later);
        lock.lock();
    }
}

} // namespace epicsdb::service
