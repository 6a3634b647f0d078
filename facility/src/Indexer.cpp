// The incremental update: which IOCs to load again (entry changed, a file it read hashes
// otherwise now, or its last load failed), loaded on worker threads, written one transaction
// at a time by this thread as they come; a bounded hand-over keeps memory to a few IOCs.
#include "ContentHash.hpp"
#include "IndexWriter.hpp"
#include "IocSnapshot.hpp"

#include <epicsdb/facility/Indexer.hpp>
#include <epicsdb/loaders/DiagnosticJson.hpp>

#include <atomic>
#include <condition_variable>
#include <deque>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <set>
#include <sstream>
#include <thread>

namespace fs = std::filesystem;

namespace epicsdb::facility {

namespace {

struct Known {
    std::string fingerprint;
    std::string status;
    std::vector<std::pair<std::string, std::string>> files; // path as shown, hash read
};

std::map<std::string, Known, std::less<>> knownIocs(sqlite3* db) {
    std::map<std::string, Known, std::less<>> known;
    sql::Statement iocs(db, "SELECT id, name, fingerprint, status FROM iocs");
    std::map<std::int64_t, Known*> byId;
    while (iocs.step()) {
        Known& entry = known[std::string(iocs.text(1))];
        entry.fingerprint = iocs.text(2);
        entry.status = iocs.text(3);
        byId[iocs.integer(0)] = &entry;
    }
    sql::Statement files(db, "SELECT x.ioc_id, f.path, x.hash FROM ioc_files x "
                             "JOIN files f ON f.id = x.file_id");
    while (files.step())
        if (const auto at = byId.find(files.integer(0)); at != byId.end())
            at->second->files.emplace_back(files.text(1), files.text(2));
    return known;
}

// The hash a file has now ("" when it cannot be read), each file read once per update.
class CurrentHashes {
public:
    explicit CurrentHashes(std::string root) : root_(std::move(root)) {}
    const std::string& of(const std::string& shown) {
        const auto [at, added] = hashes_.try_emplace(shown);
        if (added) {
            const fs::path path =
                fs::path(shown).is_absolute() ? fs::path(shown) : fs::path(root_) / shown;
            std::ifstream in(path, std::ios::binary);
            if (in) {
                std::ostringstream text;
                text << in.rdbuf();
                at->second = contentHash(text.str());
            }
        }
        return at->second;
    }

private:
    std::string root_;
    std::map<std::string, std::string> hashes_;
};

// Snapshots handed from the loading threads to the writer, at most `capacity` waiting.
class Handover {
public:
    explicit Handover(std::size_t capacity) : capacity_(capacity) {}
    void put(IocSnapshot snapshot) {
        std::unique_lock lock(mutex_);
        room_.wait(lock, [&] { return closed_ || ready_.size() < capacity_; });
        if (closed_) return;
        ready_.push_back(std::move(snapshot));
        filled_.notify_one();
    }
    IocSnapshot take() {
        std::unique_lock lock(mutex_);
        filled_.wait(lock, [&] { return !ready_.empty(); });
        IocSnapshot snapshot = std::move(ready_.front());
        ready_.pop_front();
        room_.notify_one();
        return snapshot;
    }

    // The writer gave up: what is handed over from now on is dropped.
    void close() {
        const std::lock_guard lock(mutex_);
        closed_ = true;
        room_.notify_all();
    }

private:
    std::size_t capacity_;
    bool closed_ = false;
    std::mutex mutex_;
    std::condition_variable room_, filled_;
    std::deque<IocSnapshot> ready_;
};

// A snapshot for an IOC whose load threw (out of memory, a bug): the IOC fails, the rest goes on.
IocSnapshot failedSnapshot(const Facility& facility, const IocEntry& entry, std::string why) {
    IocSnapshot snapshot;
    snapshot.name = entry.name;
    snapshot.script = displayPath(facility.root, entry.startup);
    snapshot.fingerprint = entry.fingerprint();
    snapshot.errors = 1;
    snapshot.failure = snapshot.script + ": " + why;
    snapshot.environment = "{}";
    snapshot.scripts = "[]";
    return snapshot;
}

std::string problemsJson(const std::vector<Diagnostic>& problems) {
    std::string text = "[";
    for (const Diagnostic& problem : problems) {
        if (text.size() > 1) text += ',';
        text += loaders::diagnosticJson(problem);
    }
    return text + "]";
}

} // namespace

IndexSummary updateIndex(IndexFile& index, const Facility& facility, const IndexOptions& options,
                         DiagnosticSink& sink) {
    sqlite3* db = index.handle();
    IndexSummary summary;
    summary.iocs = facility.iocs.size();
    for (const Diagnostic& problem : facility.problems)
        sink.report(problem);

    IndexWriter writer(db);
    writer.setMeta({{"facility", facility.name},
                    {"facility_file", facility.file},
                    {"problems", problemsJson(facility.problems)},
                    {"epicsdb", EPICSDB_VERSION}});
    auto tell = [&](std::string_view ioc, std::string_view outcome) {
        if (options.progress) options.progress(ioc, outcome);
    };

    // Which IOCs go, which are loaded again.
    std::map<std::string, Known, std::less<>> known = knownIocs(db);
    std::set<std::string, std::less<>> wanted;
    for (const IocEntry& entry : facility.iocs)
        wanted.insert(entry.name);
    for (const auto& [name, entry] : known)
        if (!wanted.contains(name)) {
            writer.remove(name);
            ++summary.removed;
            tell(name, "removed");
        }
    CurrentHashes hashes(facility.root);
    std::vector<const IocEntry*> todo;
    for (const IocEntry& entry : facility.iocs) {
        const auto found = known.find(entry.name);
        bool again = options.force || found == known.end() || found->second.status != "ok" ||
                     found->second.fingerprint != entry.fingerprint();
        if (!again)
            for (const auto& [path, hash] : found->second.files)
                if (hashes.of(path) != hash) {
                    again = true;
                    break;
                }
        if (again) {
            todo.push_back(&entry);
        } else {
            ++summary.unchanged;
            tell(entry.name, "unchanged");
        }
    }

    // Loads side by side; this thread writes.
    const unsigned threads = std::max(
        1u, std::min<unsigned>(options.threads ? options.threads
                                               : std::max(1u, std::thread::hardware_concurrency()),
                               static_cast<unsigned>(todo.size())));
    Handover handover(threads);
    std::atomic<std::size_t> next{0};
    std::atomic<bool> stop{false};
    std::vector<std::jthread> workers;
    for (unsigned t = 0; t < threads && !todo.empty(); ++t)
        workers.emplace_back([&] {
            for (std::size_t i = next++; i < todo.size() && !stop; i = next++) {
                const IocEntry& entry = *todo[i];
                try {
                    handover.put(loadIoc(facility, entry));
                } catch (const std::exception& error) {
                    handover.put(failedSnapshot(facility, entry, error.what()));
                }
            }
        });
    // Writing fails only when the index does (disk full, corrupt): stop the loads, let the
    // workers hand over what they hold, and pass the error on.
    try {
        for (std::size_t written = 0; written < todo.size(); ++written) {
            const IocSnapshot snapshot = handover.take();
            const std::string status = writer.write(snapshot);
            if (status == "ok")
                ++summary.loaded;
            else
                ++summary.failed;
            tell(snapshot.name, status == "ok" ? "loaded" : status);
        }
    } catch (...) {
        stop = true;
        handover.close();
        throw;
    }
    summary.records = static_cast<std::size_t>(
        sql::scalarInteger(db, "SELECT count(*) FROM records").value_or(0));
    summary.generation = std::stoll(
        sql::scalarText(db, "SELECT value FROM meta WHERE key = 'generation'").value_or("0"));
    return summary;
}

std::vector<std::string> indexedFiles(IndexFile& index) {
    std::vector<std::string> files;
    const std::string facilityFile =
        sql::scalarText(index.handle(), "SELECT value FROM meta WHERE key = 'facility_file'")
            .value_or("");
    const fs::path root = fs::path(facilityFile).parent_path();
    if (!facilityFile.empty()) files.push_back(facilityFile);
    sql::Statement paths(index.handle(), "SELECT path FROM files ORDER BY path");
    while (paths.step()) {
        const fs::path path(std::string(paths.text(0)));
        files.push_back((path.is_absolute() ? path : root / path).lexically_normal().string());
    }
    return files;
}

} // namespace epicsdb::facility
