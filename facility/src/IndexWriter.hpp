// Writes IOC snapshots into an index, one transaction per IOC: a load that worked replaces the
// IOC's rows; one that failed after a good one keeps the good rows, marks the IOC stale and
// reports the failure; a removed IOC leaves nothing behind. Every commit adds one to the
// generation.
#pragma once

#include "IocSnapshot.hpp"
#include "Sql.hpp"

#include <memory>
#include <string>
#include <string_view>

namespace epicsdb::facility {

class IndexWriter {
public:
    explicit IndexWriter(sqlite3* db);
    ~IndexWriter();
    IndexWriter(const IndexWriter&) = delete;
    IndexWriter& operator=(const IndexWriter&) = delete;

    // What the IOC's row says after the write: "ok", "failed" or "stale".
    std::string write(const IocSnapshot& snapshot);
    void remove(std::string_view ioc);
    // Facility-wide keys of the meta table, in a transaction of their own.
    void setMeta(std::initializer_list<std::pair<std::string_view, std::string_view>> values);

private:
    struct Statements;
    std::int64_t nextGeneration();
    void deleteRows(std::int64_t ioc);
    void collectGarbage();
    sqlite3* db_;
    std::unique_ptr<Statements> s_;
};

// UTC now, ISO 8601 to the second ("2026-12-04T19:20:00Z").
[[nodiscard]] std::string utcNow();

} // namespace epicsdb::facility
