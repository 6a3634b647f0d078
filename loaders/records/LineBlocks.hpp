// How a file too large to keep is read: in blocks of whole lines, at least kBlockBytes each
// unless the file ends (a longer line whole). The reader reads them itself, or a worker reads
// them ahead (LexAhead): the same blocks either way, so positions and messages are the same.
#pragma once

#include <cstddef>
#include <cstdio>
#include <string>

namespace epicsdb::loaders {

inline constexpr std::size_t kBlockBytes = std::size_t{1} << 20;

// Reads the next block of `file` into `block` (replacing what it held): `leftover`, the partial
// last line of the block before, then more. False, with `block` empty, at the file's end.
bool readLineBlock(std::FILE* file, std::string& leftover, bool& atEof, std::string& block);

} // namespace epicsdb::loaders
