// A script line as written, before iocsh expands it: its macro references (`$(NAME)`,
// `${NAME=default}`, with macLib's rules for quotes and escapes) and its words (iocsh's
// splitting with each reference kept whole), so that what an expanded argument holds can be
// traced back to the text that gave it. Private to the ioc layer.
#pragma once

#include <epicsdb/Diagnostic.hpp>
#include <epicsdb/macLib/ReferenceSearch.hpp>

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace epicsdb::ioc {

// macLib's reading of a reference as written (maclib::scanReferences).
using RawReference = maclib::Reference;
using maclib::scanReferences;

// One word of a line as iocsh splits it, but before expansion.
struct RawWord {
    std::size_t begin = 0;     // offset in the line of its first character (inside a quote)
    std::string text;          // without iocsh's quotes and escapes; references kept as written
    std::size_t spanBegin = 0; // the word as the line has it, quotes included
    std::size_t spanEnd = 0;

    [[nodiscard]] std::string_view span(std::string_view line) const {
        return line.substr(spanBegin, spanEnd - spanBegin);
    }
};

// The words of `line` as iocsh's splitting finds them (separators, quotes, backslashes),
// each reference counted as ordinary text whatever its value holds; a redirection ends the
// words. When the expansion put no separator into a word, these match the command's argv one
// for one.
[[nodiscard]] std::vector<RawWord> rawWords(std::string_view line);

// A script line as written, where it is, and how many words iocsh made of it once expanded.
struct ScriptLine {
    std::string_view written;
    SourceLocation where;
    std::size_t argc = 0;
    // `written` is the file's line, so offsets in it are its columns (not so for the command
    // text of an iocshRun, given at the iocshRun's line).
    bool inFile = true;

    // Where the character at `offset` of `written` is (the line alone when not inFile).
    [[nodiscard]] SourceLocation at(std::size_t offset) const {
        SourceLocation location = where;
        location.column = inFile ? static_cast<unsigned>(offset + 1) : 0;
        return location;
    }

    // The line without the white space around it (how a command is shown as written).
    [[nodiscard]] std::string_view command() const;
    // Its word `index` as written, when the words as written stand for those expanded.
    [[nodiscard]] std::optional<RawWord> word(std::size_t index) const;
};

} // namespace epicsdb::ioc
