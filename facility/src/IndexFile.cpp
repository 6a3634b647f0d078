// Opening an index: SQLite in WAL mode, checked to be ours and of our schema before anything
// reads it. What SQLite says about a file that is not a database is turned into one sentence
// a user can act on.
#include "Sql.hpp"

#include <epicsdb/facility/IndexFile.hpp>

#include <filesystem>
#include <system_error>

namespace fs = std::filesystem;

namespace epicsdb::facility {

namespace {

constexpr const char* kRebuildHint = "; 'epicsdb index --rebuild' makes it anew";

// WAL with synchronous NORMAL: a commit is durable once the WAL is checkpointed, and a crash
// never leaves half a transaction. A larger page cache keeps the name indexes of a big facility
// in memory while an IOC is written.
void configure(sqlite3* db) {
    sqlite3_busy_timeout(db, 10000);
    sql::exec(db, "PRAGMA foreign_keys = OFF");
    sql::exec(db, "PRAGMA synchronous = NORMAL");
    sql::exec(db, "PRAGMA cache_size = -65536");
}

void create(sqlite3* db) {
    sql::exec(db, "PRAGMA journal_mode = WAL");
    sql::Transaction transaction(db);
    sql::exec(db, "PRAGMA application_id = " + std::to_string(kApplicationId));
    sql::exec(db, "PRAGMA user_version = " + std::to_string(kSchemaVersion));
    sql::exec(db, schemaSql());
    sql::exec(db, "INSERT INTO meta (key, value) VALUES ('format', 'epicsdb facility index'), "
                  "('schema', '" +
                      std::to_string(kSchemaVersion) + "'), ('generation', '0')");
    transaction.commit();
}

// Empty when `db` is an index of our schema; otherwise why not.
std::string check(sqlite3* db, const std::string& path) {
    try {
        const std::int64_t application =
            sql::scalarInteger(db, "PRAGMA application_id").value_or(0);
        const std::int64_t version = sql::scalarInteger(db, "PRAGMA user_version").value_or(0);
        if (application != kApplicationId)
            return path + ": not an epicsdb facility index" + kRebuildHint;
        if (version != kSchemaVersion)
            return path + ": an epicsdb index of schema version " + std::to_string(version) +
                   ", this epicsdb reads version " + std::to_string(kSchemaVersion) + kRebuildHint;
        const auto format = sql::scalarText(db, "SELECT value FROM meta WHERE key = 'format'");
        if (!format || *format != "epicsdb facility index")
            return path + ": not an epicsdb facility index" + kRebuildHint;
    } catch (const sql::Error& error) {
        if (error.code() == SQLITE_NOTADB || error.code() == SQLITE_CORRUPT)
            return path + ": not an epicsdb facility index, or a corrupt one (" + error.what() +
                   ")" + kRebuildHint;
        return path + ": " + error.what();
    }
    return {};
}

void removeIndex(const std::string& path) {
    std::error_code ignored;
    for (const char* suffix : {"", "-wal", "-shm", "-journal"})
        fs::remove(path + suffix, ignored);
}

} // namespace

std::unique_ptr<IndexFile> IndexFile::open(std::string_view path, OpenMode mode,
                                           std::string& error) {
    const std::string name(path);
    std::error_code ec;
    if (mode == OpenMode::Rebuild) removeIndex(name);
    const bool exists = fs::exists(name, ec);
    const bool fresh = !exists || fs::file_size(name, ec) == 0;
    if (mode == OpenMode::ReadOnly && !exists) {
        error = name + ": no such index (make it with 'epicsdb index')";
        return nullptr;
    }
    if (exists && fs::is_directory(name, ec)) {
        error = name + ": is a directory";
        return nullptr;
    }
    const int flags = mode == OpenMode::ReadOnly ? SQLITE_OPEN_READONLY
                                                 : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;
    sqlite3* raw = nullptr;
    const int code = sqlite3_open_v2(name.c_str(), &raw, flags | SQLITE_OPEN_NOMUTEX, nullptr);
    std::unique_ptr<IndexFile> index(new IndexFile(raw, name));
    if (code != SQLITE_OK) {
        error = name + ": " + (raw ? sqlite3_errmsg(raw) : sqlite3_errstr(code));
        return nullptr;
    }
    try {
        configure(raw);
        if (fresh && mode != OpenMode::ReadOnly) {
            create(raw);
            return index;
        }
        error = check(raw, name);
        if (!error.empty()) return nullptr;
        // An index written before (or by a reader's open) stays in WAL mode; say it again for
        // files whose mode a tool changed.
        if (mode != OpenMode::ReadOnly) sql::exec(raw, "PRAGMA journal_mode = WAL");
    } catch (const sql::Error& failure) {
        if (failure.code() == SQLITE_NOTADB || failure.code() == SQLITE_CORRUPT)
            error = name + ": not an epicsdb facility index, or a corrupt one (" + failure.what() +
                    ")" + kRebuildHint;
        else
            error = name + ": " + failure.what();
        return nullptr;
    }
    return index;
}

IndexFile::~IndexFile() {
    sqlite3_close_v2(db_);
}

} // namespace epicsdb::facility
