#include "Sql.hpp"

namespace epicsdb::facility::sql {

namespace {
[[noreturn]] void fail(sqlite3* db, int code, std::string_view doing) {
    throw Error(std::string(doing) + ": " + sqlite3_errmsg(db), code);
}
} // namespace

void exec(sqlite3* db, std::string_view sql) {
    const std::string text(sql);
    char* message = nullptr;
    const int code = sqlite3_exec(db, text.c_str(), nullptr, nullptr, &message);
    if (code != SQLITE_OK) {
        std::string what = message ? message : sqlite3_errstr(code);
        sqlite3_free(message);
        throw Error(what, code);
    }
}

Statement::Statement(sqlite3* db, std::string_view sql) : db_(db) {
    const int code = sqlite3_prepare_v3(db, sql.data(), static_cast<int>(sql.size()),
                                        SQLITE_PREPARE_PERSISTENT, &statement_, nullptr);
    if (code != SQLITE_OK) fail(db, code, "preparing a query");
}

Statement::~Statement() {
    sqlite3_finalize(statement_);
}

Statement& Statement::bind(int index, std::string_view text) {
    // Static: callers keep the text alive until the statement has run (it runs at once).
    const int code = sqlite3_bind_text(statement_, index, text.data(),
                                       static_cast<int>(text.size()), SQLITE_STATIC);
    if (code != SQLITE_OK) fail(db_, code, "binding a value");
    return *this;
}

Statement& Statement::bind(int index, std::int64_t value) {
    const int code = sqlite3_bind_int64(statement_, index, value);
    if (code != SQLITE_OK) fail(db_, code, "binding a value");
    return *this;
}

Statement& Statement::bind(int index, std::optional<std::int64_t> value) {
    return value ? bind(index, *value) : bindNull(index);
}

Statement& Statement::bindNull(int index) {
    const int code = sqlite3_bind_null(statement_, index);
    if (code != SQLITE_OK) fail(db_, code, "binding a value");
    return *this;
}

bool Statement::step() {
    const int code = sqlite3_step(statement_);
    if (code == SQLITE_ROW) return true;
    sqlite3_reset(statement_);
    if (code != SQLITE_DONE) fail(db_, code, "running a query");
    return false;
}

void Statement::run() {
    while (step()) {
    }
}

std::int64_t Statement::integer(int column) const {
    return sqlite3_column_int64(statement_, column);
}

std::string_view Statement::text(int column) const {
    const auto* data = reinterpret_cast<const char*>(sqlite3_column_text(statement_, column));
    if (!data) return {};
    return {data, static_cast<std::size_t>(sqlite3_column_bytes(statement_, column))};
}

bool Statement::isNull(int column) const {
    return sqlite3_column_type(statement_, column) == SQLITE_NULL;
}

Transaction::Transaction(sqlite3* db) : db_(db) {
    exec(db, "BEGIN IMMEDIATE");
}

Transaction::~Transaction() {
    if (open_) sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
}

void Transaction::commit() {
    exec(db_, "COMMIT");
    open_ = false;
}

std::optional<std::string> scalarText(sqlite3* db, std::string_view query) {
    Statement statement(db, query);
    if (!statement.step()) return std::nullopt;
    std::optional<std::string> value;
    if (!statement.isNull(0)) value = std::string(statement.text(0));
    statement.step();
    return value;
}

std::optional<std::int64_t> scalarInteger(sqlite3* db, std::string_view query) {
    Statement statement(db, query);
    if (!statement.step()) return std::nullopt;
    std::optional<std::int64_t> value;
    if (!statement.isNull(0)) value = statement.integer(0);
    statement.step();
    return value;
}

} // namespace epicsdb::facility::sql
