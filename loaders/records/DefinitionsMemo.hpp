// The storage of the reader's direct-mapped memos (AcceptedValues, AcceptedStatements): a
// table of slots allocated once, whose contents hold for one version of the definitions and
// one set of database options only, and are forgotten when either is not the one they were
// kept under.
#pragma once

#include <epicsdb/dbStatic/Database.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>

namespace epicsdb::loaders {

template <typename Slot, std::size_t Slots>
class DefinitionsMemo {
public:
    static_assert((Slots & (Slots - 1)) == 0, "a power of two: slots are picked by a mask");

    // Forgets every slot when the definitions or the options are not those they were kept
    // under; call it before looking.
    void under(const dbstatic::Database& db) {
        if (slots_ && db.definitionsVersion() == definitions_ && db.options() == options_) return;
        if (!slots_)
            slots_ = std::make_unique<Slot[]>(Slots);
        else
            std::fill_n(slots_.get(), Slots, Slot{});
        definitions_ = db.definitionsVersion();
        options_ = db.options();
    }

    // The slot of a hash; under() must have been called.
    [[nodiscard]] Slot& slot(std::size_t hash) noexcept { return slots_[hash & (Slots - 1)]; }
    [[nodiscard]] const Slot& slot(std::size_t hash) const noexcept {
        return slots_[hash & (Slots - 1)];
    }

private:
    std::unique_ptr<Slot[]> slots_;
    std::uint64_t definitions_ = 0;
    dbstatic::DatabaseOptions options_;
};

} // namespace epicsdb::loaders
