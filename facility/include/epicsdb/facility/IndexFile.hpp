// The facility index: one SQLite file (WAL mode) with the schema of docs/guide/index-schema.md,
// marked as ours (application_id 'EPDB') and versioned (user_version = kSchemaVersion).
#pragma once

#include <epicsdb/export.h>

#include <memory>
#include <string>
#include <string_view>

struct sqlite3;

namespace epicsdb::facility {

inline constexpr int kSchemaVersion = 1;
inline constexpr int kApplicationId = 0x45504442; // "EPDB"

enum class OpenMode {
    ReadOnly,  // an existing index, for queries (the service's readers)
    ReadWrite, // an existing index or a new one (the indexer)
    Rebuild,   // a new index, whatever the file held before (--rebuild)
};

// An open connection to an index file; closed when destroyed. Opening checks that the file is
// an index of this schema version: a file that is not one, of another version, or corrupt gives
// an error saying which (and that --rebuild makes it anew).
class EPICSDB_API IndexFile {
public:
    [[nodiscard]] static std::unique_ptr<IndexFile> open(std::string_view path, OpenMode mode,
                                                         std::string& error);
    ~IndexFile();
    IndexFile(const IndexFile&) = delete;
    IndexFile& operator=(const IndexFile&) = delete;

    [[nodiscard]] sqlite3* handle() const noexcept { return db_; }
    [[nodiscard]] const std::string& path() const noexcept { return path_; }

private:
    IndexFile(sqlite3* db, std::string path) : db_(db), path_(std::move(path)) {}
    sqlite3* db_;
    std::string path_;
};

// The schema as SQL (the statements that make a new index), as the guide's page shows it.
[[nodiscard]] EPICSDB_API std::string_view schemaSql() noexcept;

} // namespace epicsdb::facility
