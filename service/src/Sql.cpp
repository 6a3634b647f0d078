#include "Sql.hpp"

#include "ApiError.hpp"

#include <sqlite3.h>

namespace epicsdb::service {

namespace {
// How long a reader waits on a lock the updater holds for a moment (a WAL checkpoint, the
// recovery of a WAL): never long, since readers and the writer do not block each other.
constexpr int kBusyMilliseconds = 2000;
// Each reader keeps a small page cache of its own (the index's opening gives every connection a
// large one, for the writer): a request reads a few pages of a few B-trees, the upper levels of
// which stay cached; the rest comes from the system's file cache, which all readers share. With
// one reader per worker, 64 large caches would be gigabytes.
constexpr std::string_view kReaderCache = "PRAGMA cache_size = -2048"; // KiB

[[noreturn]] void fail(sqlite3* db, int code) {
    if (code == SQLITE_BUSY || code == SQLITE_LOCKED)
        throw unavailable("the index is busy; try again");
    throw unavailable("the index cannot be read: " + std::string(sqlite3_errmsg(db)));
}
} // namespace

Query::~Query() {
    sqlite3_reset(statement_);
    sqlite3_clear_bindings(statement_);
}

Query& Query::bind(int index, std::string_view text) {
    sqlite3_bind_text64(statement_, index, text.data(), text.size(), SQLITE_TRANSIENT, SQLITE_UTF8);
    return *this;
}

Query& Query::bind(int index, std::int64_t number) {
    sqlite3_bind_int64(statement_, index, number);
    return *this;
}

Query& Query::bind(int index, const std::optional<std::string>& text) {
    if (text)
        bind(index, std::string_view(*text));
    else
        sqlite3_bind_null(statement_, index);
    return *this;
}

bool Query::next() {
    const int code = sqlite3_step(statement_);
    if (code == SQLITE_ROW) return true;
    if (code == SQLITE_DONE) return false;
    fail(sqlite3_db_handle(statement_), code);
}

std::string_view Query::text(int column) const {
    const auto* data = reinterpret_cast<const char*>(sqlite3_column_text(statement_, column));
    if (!data) return {};
    return {data, static_cast<std::size_t>(sqlite3_column_bytes(statement_, column))};
}

std::int64_t Query::integer(int column) const {
    return sqlite3_column_int64(statement_, column);
}

bool Query::isNull(int column) const {
    return sqlite3_column_type(statement_, column) == SQLITE_NULL;
}

void Reader::Finalize::operator()(sqlite3_stmt* statement) const noexcept {
    sqlite3_finalize(statement);
}

Reader::Reader(std::unique_ptr<facility::IndexFile> index) : index_(std::move(index)) {
    sqlite3_busy_timeout(index_->handle(), kBusyMilliseconds);
    execute(kReaderCache);
}

Reader::~Reader() = default;

Query Reader::query(std::string_view sql) {
    auto found = statements_.find(sql);
    if (found == statements_.end()) {
        sqlite3_stmt* statement = nullptr;
        const int code =
            sqlite3_prepare_v3(index_->handle(), sql.data(), static_cast<int>(sql.size()),
                               SQLITE_PREPARE_PERSISTENT, &statement, nullptr);
        if (code != SQLITE_OK) fail(index_->handle(), code);
        found = statements_
                    .emplace(std::string(sql), std::unique_ptr<sqlite3_stmt, Finalize>(statement))
                    .first;
    }
    return Query(found->second.get());
}

std::optional<std::string> Reader::text(std::string_view sql, std::string_view parameter) {
    Query q = query(sql);
    q.bind(1, parameter);
    if (!q.next()) return std::nullopt;
    return std::string(q.text(0));
}

void Reader::execute(std::string_view sql) {
    Query q = query(sql);
    while (q.next()) {
    }
}

TextBlob Reader::fileText(std::int64_t fileId) {
    sqlite3_blob* blob = nullptr;
    const int code = sqlite3_blob_open(index_->handle(), "main", "files", "text", fileId, 0, &blob);
    if (code != SQLITE_OK) {
        sqlite3_blob_close(blob);
        fail(index_->handle(), code);
    }
    return TextBlob(index_->handle(), blob);
}

TextBlob::~TextBlob() {
    sqlite3_blob_close(blob_);
}

std::uint64_t TextBlob::size() const noexcept {
    return static_cast<std::uint64_t>(sqlite3_blob_bytes(blob_));
}

void TextBlob::read(std::uint64_t offset, std::uint64_t length, std::string& out) const {
    const std::size_t start = out.size();
    out.resize(start + length);
    const int code = sqlite3_blob_read(blob_, out.data() + start, static_cast<int>(length),
                                       static_cast<int>(offset));
    if (code != SQLITE_OK) {
        out.resize(start);
        fail(db_, code);
    }
}

ReadTransaction::ReadTransaction(Reader& reader) : reader_(reader) {
    reader_.execute("BEGIN");
}

ReadTransaction::~ReadTransaction() {
    // Ending a read transaction has nothing to lose: when COMMIT fails, ROLLBACK, so the
    // connection's next BEGIN starts afresh.
    try {
        reader_.execute("COMMIT");
    } catch (const ApiError&) {
        try {
            reader_.execute("ROLLBACK");
        } catch (const ApiError&) {
        }
    }
}

} // namespace epicsdb::service
