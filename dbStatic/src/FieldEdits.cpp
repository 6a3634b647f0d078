#include <epicsdb/dbStatic/Database.hpp>

#include <algorithm>

namespace epicsdb::dbstatic {

void FieldEdits::setField(std::uint16_t field, std::string_view value) {
    forgetField(field);
    const auto offset = static_cast<std::uint32_t>(text_.size());
    text_.append(value);
    fields_.push_back({field, offset, static_cast<std::uint32_t>(value.size()), 0, 0});
}

void FieldEdits::setFieldView(std::uint16_t field, std::string_view value) {
    forgetField(field);
    fields_.push_back({field, 0, static_cast<std::uint32_t>(value.size()), 0, 0, value.data()});
}

void FieldEdits::forgetPendingField(std::uint16_t field) {
    const auto pending = std::find_if(fields_.rbegin(), fields_.rend(),
                                      [&](const Pending& p) { return p.key == field; });
    if (pending == fields_.rend()) return;
    const std::size_t copied = pending->view ? 0 : pending->length;
    fields_.erase(std::next(pending).base());
    dropped(copied);
}

// An info item set again keeps its place (items are listed in the order of their first set),
// with the new value.
void FieldEdits::setInfo(std::string_view name, std::string_view value) {
    for (Pending& pending : infos_)
        if (std::string_view(text_.data() + pending.nameOffset, pending.nameLength) == name) {
            const std::size_t copied = pending.length;
            pending.offset = static_cast<std::uint32_t>(text_.size());
            pending.length = static_cast<std::uint32_t>(value.size());
            text_.append(value);
            dropped(copied);
            return;
        }
    const auto nameOffset = static_cast<std::uint32_t>(text_.size());
    text_.append(name);
    const auto offset = static_cast<std::uint32_t>(text_.size());
    text_.append(value);
    infos_.push_back({static_cast<std::uint32_t>(infos_.size()), offset,
                      static_cast<std::uint32_t>(value.size()), nameOffset,
                      static_cast<std::uint32_t>(name.size())});
}

// Once most of the copied text belongs to edits that were replaced, the rest moves together.
void FieldEdits::dropped(std::size_t copiedBytes) {
    droppedBytes_ += copiedBytes;
    constexpr std::size_t kSlack = 4096;
    if (droppedBytes_ > kSlack && droppedBytes_ * 2 > text_.size()) compactText();
}

void FieldEdits::compactText() {
    std::string kept;
    kept.reserve(text_.size() - droppedBytes_);
    auto keep = [&](std::uint32_t& offset, std::uint32_t length) {
        const auto moved = static_cast<std::uint32_t>(kept.size());
        kept.append(text_, offset, length);
        offset = moved;
    };
    for (Pending& pending : fields_)
        if (!pending.view) keep(pending.offset, pending.length);
    for (Pending& pending : infos_) {
        keep(pending.nameOffset, pending.nameLength);
        keep(pending.offset, pending.length);
    }
    text_.swap(kept);
    droppedBytes_ = 0;
}

void FieldEdits::clear() noexcept {
    fields_.clear();
    infos_.clear();
    text_.clear();
    fieldBits_ = 0;
    droppedBytes_ = 0;
}

} // namespace epicsdb::dbstatic
