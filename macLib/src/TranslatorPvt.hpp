// The translation engine (EPICS macCore trans/refer): scans a text, copies it to the output with
// the quote and escape rules of its level, and replaces each reference by its value.
//
// Everything is written to one output string used as a stack: a reference's name is translated
// onto the end of the output, looked up there, then replaced by the value (or by the failure
// marker). Parts EPICS translates only to skip them (a default that is not used) are translated
// the same way and cut off again. So no translation needs memory of its own.
//
// Positions follow EPICS's cursor convention: a scan stops at a terminator and returns its
// index, or, at the end of the text, returns the index of the last character (EPICS steps back
// so that the terminator "is still there to be seen"). refer() tests the character at the
// returned index for `=` and `,`, which makes some unterminated references behave as they do
// in EPICS (`$(A\=` has an empty default).
//
// EPICS finds the end of a default by translating it with its output thrown away, and then, if
// the default is needed, translates it again: nested defaults cost 2^depth. Where a default
// ends depends on its text alone, so we parse it without resolving anything ("skipping") and
// reproduce the one lasting effect of EPICS's scan on an ordinary table: a reference with
// scoped definitions inside the default marks the table dirty. (On an environment table the
// EPICS scan would also cache the variables it looks up; see docs/COMPATIBILITY.md, macLib row 9.)
#pragma once

#include "EntryPvt.hpp"

#include <epicsdb/macLib/MacroTable.hpp>

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace epicsdb::maclib::detail {

// What is being translated (EPICS's "entry" argument): named in warnings, and collects the
// status of everything translated on its behalf.
struct Subject {
    std::string_view type; // "string", "macro", "environment variable", ...
    std::string_view name;
    ExpandStatus status;
};

// One macro value being translated, linked to the one whose translation asked for it: the chain
// a TooLarge warning shows. Lives on the C stack, in the frame that translates the value.
struct Visit {
    const Entry* entry;
    const Visit* outer;
};

class Translator {
public:
    explicit Translator(MacroTable& table) noexcept : table_(table) {}

    // Translates all of `text` at `level` (0 for a user's text, 1 for a macro's raw value) and
    // appends the result to `out`.
    void run(std::string_view text, int level, Subject& subject, std::string& out);

private:
    // Which characters end a scan: only the end of the text, or the terminators of a name
    // (`=`, `,`, closing bracket) or of a value (`,`, closing bracket) inside $(...) or ${...}.
    enum class Stop : unsigned char { End, NameParen, NameBrace, ValueParen, ValueBrace };

    std::size_t translate(std::string_view src, std::size_t pos, int level, Stop stop,
                          Subject& subject, std::string& out);
    // The parts of one reference being translated, for the steps of refer().
    struct Reference {
        std::string_view src;
        int level; // of the reference; its name, default and scoped items are one deeper
        Stop nameStop;
        Stop valueStop;
        std::size_t nameStart; // where the translated name begins in the output
    };

    // `pos` is the index of the `$`; returns the index of the reference's last character.
    std::size_t refer(std::string_view src, std::size_t pos, int level, Subject& subject,
                      std::string& out);
    // `$(NAME)` whose name is plain text: appends its value or the failure marker.
    void referByName(std::string_view name, int level, Subject& subject, std::string& out);
    // Inside a skipped default: moves past the rest of a reference (`r` is just after its name)
    // as refer() would, resolving and defining nothing, and drops the name from the output.
    std::size_t skipRest(const Reference& ref, std::size_t r, Subject& subject, std::string& out);
    // Finds the end of the default that starts at `r`, leaving the output as it was.
    std::size_t skipDefault(const Reference& ref, std::size_t r, std::string& out);
    // Defines the `,name=value` items that start at `r` (a `,`) quietly in the current scope;
    // an item without `=` is ignored.
    std::size_t defineScoped(const Reference& ref, std::size_t r, std::string& out);
    // Replaces the translated name (output from ref.nameStart to nameEnd) by the value, the
    // default (translated from defaultAt) or the failure marker.
    void resolve(const Reference& ref, std::size_t nameEnd, std::optional<std::size_t> defaultAt,
                 Subject& subject, std::string& out);
    void appendValue(Entry& entry, int level, Subject& subject, std::string& out);
    // Counts the failure in the subject's status and sends the warning, unless suppressed.
    void fail(bool recursive, std::string_view name, const Entry* entry, Subject& subject);
    // What follows the name in a failed reference: `,undefined)`, `,recursive)` or `)`.
    [[nodiscard]] std::string_view failureEnd(bool recursive) const noexcept;
    // Counts `bytes` written and says whether the expansion limit is passed (and if so abandons).
    bool spend(std::size_t bytes);
    enum class Bound : unsigned char { Depth, Size };
    void abandon(Bound bound);
    [[nodiscard]] std::string chainText() const;

    MacroTable& table_;
    Subject* top_ = nullptr;
    const Visit* innermost_ = nullptr; // the macro value being translated now, if any
    std::size_t spent_ = 0;            // work of this run, against table_.expansionLimit()
    bool abandoned_ = false;           // a bound was hit: every level returns at once
    // Skipping a default that may not be used: references are parsed but not resolved.
    bool skipping_ = false;
    bool skippedScope_ = false; // the skipped text had a reference with scoped definitions
};

} // namespace epicsdb::maclib::detail
