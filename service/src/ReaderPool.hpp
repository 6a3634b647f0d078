// The read-only connections to the index, one for each request being served: a request
// leases one and gives it back when it ends. Connections are opened when first needed (as
// many as requests ever ran at once, so at most one per HTTP worker) and kept.
#pragma once

#include "Sql.hpp"

#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace epicsdb::service {

class ReaderPool {
public:
    explicit ReaderPool(std::string indexPath) : indexPath_(std::move(indexPath)) {}

    class Lease {
    public:
        Lease(ReaderPool& pool, std::unique_ptr<Reader> reader)
            : pool_(pool), reader_(std::move(reader)) {}
        ~Lease() { pool_.giveBack(std::move(reader_)); }
        Lease(const Lease&) = delete;
        Lease& operator=(const Lease&) = delete;
        Reader& operator*() const noexcept { return *reader_; }
        Reader* operator->() const noexcept { return reader_.get(); }

    private:
        ReaderPool& pool_;
        std::unique_ptr<Reader> reader_;
    };

    // An idle connection, or a new one. An index that cannot be opened throws ApiError 503.
    [[nodiscard]] Lease lease();

private:
    void giveBack(std::unique_ptr<Reader> reader);

    std::string indexPath_;
    std::mutex mutex_;
    std::vector<std::unique_ptr<Reader>> idle_;
};

} // namespace epicsdb::service
