// A thin RAII layer over SQLite's C API for the index: prepared statements that reset
// themselves, transactions that roll back unless committed, errors as exceptions that say
// what SQLite said.
#pragma once

#include <sqlite3.h>

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace epicsdb::facility::sql {

class Error : public std::runtime_error {
public:
    Error(std::string what, int code) : std::runtime_error(std::move(what)), code_(code) {}
    [[nodiscard]] int code() const noexcept { return code_; }

private:
    int code_;
};

// Runs statements that return no rows (DDL, PRAGMA with no result, BEGIN/COMMIT).
void exec(sqlite3* db, std::string_view sql);

class Statement {
public:
    Statement(sqlite3* db, std::string_view sql);
    ~Statement();
    Statement(const Statement&) = delete;
    Statement& operator=(const Statement&) = delete;

    // Binds by 1-based position. Text is not copied: it must outlive the statement's run.
    Statement& bind(int index, std::string_view text);
    Statement& bind(int index, std::int64_t value);
    Statement& bind(int index, std::optional<std::int64_t> value);
    Statement& bindNull(int index);

    // One step: true while there is a row to read; at the end (or after a write) it resets.
    bool step();
    // Steps a statement that writes, to its end.
    void run();

    [[nodiscard]] std::int64_t integer(int column) const;
    [[nodiscard]] std::string_view text(int column) const;
    [[nodiscard]] bool isNull(int column) const;

private:
    sqlite3* db_;
    sqlite3_stmt* statement_ = nullptr;
};

// BEGIN IMMEDIATE now, ROLLBACK at the end of the scope unless commit() was called.
class Transaction {
public:
    explicit Transaction(sqlite3* db);
    ~Transaction();
    Transaction(const Transaction&) = delete;
    Transaction& operator=(const Transaction&) = delete;
    void commit();

private:
    sqlite3* db_;
    bool open_ = true;
};

// The single value of a query with one row and one column, if any.
[[nodiscard]] std::optional<std::string> scalarText(sqlite3* db, std::string_view sql);
[[nodiscard]] std::optional<std::int64_t> scalarInteger(sqlite3* db, std::string_view sql);

} // namespace epicsdb::facility::sql
