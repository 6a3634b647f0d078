#include "ReaderPool.hpp"

#include "ApiError.hpp"

namespace epicsdb::service {

ReaderPool::Lease ReaderPool::lease() {
    {
        const std::lock_guard lock(mutex_);
        if (!idle_.empty()) {
            std::unique_ptr<Reader> reader = std::move(idle_.back());
            idle_.pop_back();
            return Lease(*this, std::move(reader));
        }
    }
    std::string error;
    auto index = facility::IndexFile::open(indexPath_, facility::OpenMode::ReadOnly, error);
    if (!index) throw unavailable(error);
    return Lease(*this, std::make_unique<Reader>(std::move(index)));
}

void ReaderPool::giveBack(std::unique_ptr<Reader> reader) {
    if (!reader) return;
    const std::lock_guard lock(mutex_);
    idle_.push_back(std::move(reader));
}

} // namespace epicsdb::service
