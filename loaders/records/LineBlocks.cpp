#include "LineBlocks.hpp"

namespace epicsdb::loaders {

bool readLineBlock(std::FILE* file, std::string& leftover, bool& atEof, std::string& block) {
    block.assign(leftover);
    leftover.clear();
    auto readMore = [&] {
        const std::size_t old = block.size();
        block.resize(old + kBlockBytes);
        const std::size_t n = std::fread(block.data() + old, 1, kBlockBytes, file);
        block.resize(old + n);
        if (n == 0) atEof = true;
    };
    while (!atEof && block.size() < kBlockBytes)
        readMore();
    // A line longer than a block: keep reading until it ends.
    while (!atEof && block.find('\n') == std::string::npos)
        readMore();
    if (block.empty()) return false;
    if (!atEof) {
        const std::size_t lastNewline = block.rfind('\n');
        leftover.assign(block, lastNewline + 1);
        block.resize(lastNewline + 1);
    }
    return true;
}

} // namespace epicsdb::loaders
