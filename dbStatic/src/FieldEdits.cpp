#include <epicsdb/dbStatic/Database.hpp>

namespace epicsdb::dbstatic {

void FieldEdits::setField(std::uint16_t field, std::string_view value) {
    const auto offset = static_cast<std::uint32_t>(text_.size());
    text_.append(value);
    fields_.push_back({field, offset, static_cast<std::uint32_t>(value.size()), 0, 0});
}

void FieldEdits::setFieldView(std::uint16_t field, std::string_view value) {
    fields_.push_back({field, 0, static_cast<std::uint32_t>(value.size()), 0, 0, value.data()});
}

void FieldEdits::setInfo(std::string_view name, std::string_view value) {
    const auto nameOffset = static_cast<std::uint32_t>(text_.size());
    text_.append(name);
    const auto offset = static_cast<std::uint32_t>(text_.size());
    text_.append(value);
    infos_.push_back({static_cast<std::uint32_t>(infos_.size()), offset,
                      static_cast<std::uint32_t>(value.size()), nameOffset,
                      static_cast<std::uint32_t>(name.size())});
}

void FieldEdits::clear() noexcept {
    fields_.clear();
    infos_.clear();
    text_.clear();
}

} // namespace epicsdb::dbstatic
