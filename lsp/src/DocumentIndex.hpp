// What the editor features need to know of a document's text as written (macros unexpanded):
// where its records, fields, includes, template files and macro references are. A forgiving
// reading of its own, not the loader's: it must work on the half-typed text of every
// keystroke, where the loader stops at the first thing it cannot read.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace epicsdb::lsp {

// Byte offsets [begin, end) into the text.
struct Span {
    std::size_t begin = 0;
    std::size_t end = 0;
    [[nodiscard]] bool contains(std::size_t offset) const noexcept {
        return offset >= begin && offset <= end;
    }
};

// A word or string of the text: its content (quotes removed, escapes kept) and where it is.
struct Word {
    std::string text;
    Span span; // the content, without the quotes
    bool quoted = false;
};

struct FieldEntry {
    Word name;
    Word value;        // a JSON value: its whole text
    bool info = false; // info(name, value)
};

struct RecordEntry {
    Word type;
    Word name;
    Span whole; // from `record` to its closing brace (or to where the next item starts)
    std::vector<FieldEntry> fields;
    std::vector<Word> aliases;
};

struct MacroReference {
    std::string name;
    Span span; // `$(NAME...)` whole (to the end of the text when unclosed)
};

struct DocumentIndex {
    std::vector<RecordEntry> records;
    std::vector<Word> includes;      // include "x" (databases and .dbd files)
    std::vector<Word> templateFiles; // file "x.template" (substitution files)
    std::vector<MacroReference> macros;

    // The record whose text holds `offset` (the last one begun before it when records
    // overlap, as half-typed ones do); null when none.
    [[nodiscard]] const RecordEntry* recordAt(std::size_t offset) const noexcept;
};

// A database (.db, .template, .vdb, .dbd) text.
[[nodiscard]] DocumentIndex indexDatabase(std::string_view text);
// A substitution file's text.
[[nodiscard]] DocumentIndex indexSubstitutions(std::string_view text);

} // namespace epicsdb::lsp
