// The index read through SQLite's C API: a Reader is one read-only connection with its
// prepared statements (each SQL text prepared once, kept for the connection's life); a Query
// is one use of a statement, its parameters bound, its rows stepped, reset when it ends. A
// ReadTransaction makes the queries of one request read one snapshot of the index (WAL: it
// never waits for the updater, which may commit meanwhile).
#pragma once

#include <epicsdb/facility/IndexFile.hpp>

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

struct sqlite3_stmt;
struct sqlite3_blob;
struct sqlite3;

namespace epicsdb::service {

class Query {
public:
    explicit Query(sqlite3_stmt* statement) noexcept : statement_(statement) {}
    ~Query();
    Query(const Query&) = delete;
    Query& operator=(const Query&) = delete;

    // Parameters are numbered from 1, as in the SQL (?1, ?2, ...). Text is copied.
    Query& bind(int index, std::string_view text);
    Query& bind(int index, std::int64_t number);
    // NULL when absent: "(?1 IS NULL OR column = ?1)" filters on an optional parameter.
    Query& bind(int index, const std::optional<std::string>& text);

    // The next row: true when there is one. A busy or unreadable index throws ApiError 503.
    [[nodiscard]] bool next();

    // Columns of the current row, numbered from 0. The text lives until the next step.
    [[nodiscard]] std::string_view text(int column) const;
    [[nodiscard]] std::int64_t integer(int column) const;
    [[nodiscard]] bool isNull(int column) const;

private:
    sqlite3_stmt* statement_;
};

// The bytes of one files.text, read in pieces (SQLite's incremental I/O: a line of a large
// file is read without the rest of it).
class TextBlob {
public:
    TextBlob(sqlite3* db, sqlite3_blob* blob) noexcept : db_(db), blob_(blob) {}
    ~TextBlob();
    TextBlob(const TextBlob&) = delete;
    TextBlob& operator=(const TextBlob&) = delete;
    [[nodiscard]] std::uint64_t size() const noexcept;
    // `length` bytes from `offset` (both within size()) appended to `out`.
    void read(std::uint64_t offset, std::uint64_t length, std::string& out) const;

private:
    sqlite3* db_;
    sqlite3_blob* blob_;
};

class Reader {
public:
    explicit Reader(std::unique_ptr<facility::IndexFile> index);
    ~Reader();
    Reader(const Reader&) = delete;
    Reader& operator=(const Reader&) = delete;

    // `sql` is one statement, a constant of the endpoints (the cache is keyed by its text).
    [[nodiscard]] Query query(std::string_view sql);
    // One row's first column as text (nothing when there is no row).
    [[nodiscard]] std::optional<std::string> text(std::string_view sql, std::string_view parameter);
    // Runs a statement without rows (BEGIN, COMMIT).
    void execute(std::string_view sql);
    // The text of the file of that id (files.id).
    [[nodiscard]] TextBlob fileText(std::int64_t fileId);

private:
    struct Finalize {
        void operator()(sqlite3_stmt* statement) const noexcept;
    };
    std::unique_ptr<facility::IndexFile> index_;
    std::map<std::string, std::unique_ptr<sqlite3_stmt, Finalize>, std::less<>> statements_;
};

// BEGIN on construction, COMMIT (a read transaction has nothing to keep: it only ends the
// snapshot) on destruction.
class ReadTransaction {
public:
    explicit ReadTransaction(Reader& reader);
    ~ReadTransaction();
    ReadTransaction(const ReadTransaction&) = delete;
    ReadTransaction& operator=(const ReadTransaction&) = delete;

private:
    Reader& reader_;
};

} // namespace epicsdb::service
