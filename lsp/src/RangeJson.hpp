// LSP Position and Range as JSON ({"line", "character"}, {"start", "end"}).
#pragma once

#include "TextPositions.hpp"

#include <nlohmann/json.hpp>

namespace epicsdb::lsp {

[[nodiscard]] inline nlohmann::json positionJson(Position position) {
    return {{"line", position.line}, {"character", position.character}};
}

[[nodiscard]] inline nlohmann::json rangeJson(const Range& range) {
    return {{"start", positionJson(range.start)}, {"end", positionJson(range.end)}};
}

} // namespace epicsdb::lsp
