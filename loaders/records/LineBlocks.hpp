// How a file too large to keep is read: in blocks of whole lines, at least kBlockBytes each
// unless the file ends (a longer line whole). The reader reads them itself, or a worker reads
// them ahead (LexAhead): the same blocks either way, so positions and messages are the same.
#pragma once

#include <cstddef>
#include <cstdio>
#include <string>

namespace epicsdb::loaders {

// Half a MiB: large enough that handing a block over costs nothing, small enough that the
// blocks a worker holds ahead (with their tokens, about three times the text) stay a small
// part of a large load's peak memory.
inline constexpr std::size_t kBlockBytes = std::size_t{512} << 10;

// Reads the next block of `file` into `block` (replacing what it held): `leftover`, the partial
// last line of the block before, then more. False, with `block` empty, at the file's end.
bool readLineBlock(std::FILE* file, std::string& leftover, bool& atEof, std::string& block);

} // namespace epicsdb::loaders
