// Hot path: every line of every database file goes through translate(). Ordinary characters are
// copied in runs found with a per-terminator-set class table; only quotes, `$`, `\` and the
// terminators are looked at one by one.
#include "TranslatorPvt.hpp"

#include <array>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

namespace epicsdb::maclib::detail {

namespace {

constexpr std::uint8_t kStop = 1;    // ends the current scan
constexpr std::uint8_t kSpecial = 2; // quote, `$` or `\`: needs a closer look

using ClassTable = std::array<std::uint8_t, 256>;

constexpr ClassTable makeClasses(std::string_view stops) {
    ClassTable table{};
    for (char c : std::string_view("$\\'\""))
        table[static_cast<unsigned char>(c)] = kSpecial;
    for (char c : stops)
        table[static_cast<unsigned char>(c)] = kStop;
    return table;
}

// Indexed by Translator::Stop.
constexpr std::array<ClassTable, 5> kClasses = {
    makeClasses(""), makeClasses("=,)"), makeClasses("=,}"), makeClasses(",)"), makeClasses(",}")};

std::size_t lastIndex(std::string_view text) noexcept {
    return text.empty() ? 0 : text.size() - 1;
}

// Moves `r` past the `,` of a reference item. EPICS loops forever on a reference that ends the
// text with `,`; we close the reference there instead: `r` stays on the last character and the
// answer is false.
bool stepPastComma(std::string_view src, std::size_t& r) noexcept {
    if (++r < src.size()) return true;
    r = src.size() - 1;
    return false;
}

// The parts of a reference that EPICS translates with warnings forced off.
class QuietGuard {
public:
    explicit QuietGuard(MacroTable& table) noexcept
        : table_(table), saved_(table.warningsSuppressed()) {
        table_.suppressWarnings(true);
    }
    ~QuietGuard() { table_.suppressWarnings(saved_); }
    QuietGuard(const QuietGuard&) = delete;
    QuietGuard& operator=(const QuietGuard&) = delete;

private:
    MacroTable& table_;
    bool saved_;
};

// The scope of a reference's own definitions lives until the reference is done.
class ScopeGuard {
public:
    explicit ScopeGuard(MacroTable& table) noexcept : table_(table) {}
    ~ScopeGuard() {
        if (pushed_) table_.popScope();
    }
    ScopeGuard(const ScopeGuard&) = delete;
    ScopeGuard& operator=(const ScopeGuard&) = delete;
    void push() {
        table_.pushScope();
        pushed_ = true;
    }

private:
    MacroTable& table_;
    bool pushed_ = false;
};

// Marks an entry as being translated (the recursion check) and links it into the chain.
class VisitGuard {
public:
    VisitGuard(Entry& entry, const Visit*& innermost) noexcept
        : visit_{&entry, innermost}, innermost_(innermost) {
        entry.visited = true;
        innermost_ = &visit_;
    }
    ~VisitGuard() {
        const_cast<Entry*>(visit_.entry)->visited = false;
        innermost_ = visit_.outer;
    }
    VisitGuard(const VisitGuard&) = delete;
    VisitGuard& operator=(const VisitGuard&) = delete;

private:
    Visit visit_;
    const Visit*& innermost_;
};

// "64 MiB" for a whole number of MiB or KiB, else the bytes.
std::string sizeText(std::size_t bytes) {
    constexpr std::size_t kKiB = 1024;
    if (bytes % (kKiB * kKiB) == 0) return std::to_string(bytes / (kKiB * kKiB)) + " MiB";
    if (bytes % kKiB == 0) return std::to_string(bytes / kKiB) + " KiB";
    return std::to_string(bytes) + " bytes";
}

} // namespace

void Translator::run(std::string_view text, int level, Subject& subject, std::string& out) {
    top_ = &subject;
    abandoned_ = false;
    innermost_ = nullptr;
    spent_ = 0;
    if (text.empty()) return;
    // Without a `$` nothing is replaced; at level 0 quotes and escapes are copied as they are.
    if (level == 0 && !std::memchr(text.data(), '$', text.size())) {
        out.append(text);
        return;
    }
    if (level > 0 && text.find_first_of("$\\'\"") == std::string_view::npos) {
        out.append(text);
        return;
    }
    translate(text, 0, level, Stop::End, subject, out);
}

std::size_t Translator::translate(std::string_view src, std::size_t pos, int level, Stop stop,
                                  Subject& subject, std::string& out) {
    const ClassTable& classes = kClasses[static_cast<std::size_t>(stop)];
    // Quotes and escapes belong to the user at level 0 and are kept; deeper they are syntax.
    const bool discard = level > 0;
    const char* data = src.data();
    const std::size_t size = src.size();
    char quote = 0; // fresh in every scan
    std::size_t r = pos;
    // Text is copied in runs: everything from copyFrom up to the next reference or dropped
    // character goes out in one append.
    std::size_t copyFrom = pos;
    auto flush = [&](std::size_t to) {
        if (to > copyFrom) {
            out.append(data + copyFrom, to - copyFrom);
            spent_ += to - copyFrom; // checked at the next reference
        }
    };

    while (r < size) {
        const auto c = static_cast<unsigned char>(data[r]);
        const std::uint8_t cls = classes[c];
        if (cls == 0) {
            ++r;
            continue;
        }
        // Terminators are checked before quote state: `,` ends a name even inside quotes.
        if (cls & kStop) break;

        if (quote) {
            if (c == static_cast<unsigned char>(quote)) {
                quote = 0;
                if (discard) {
                    flush(r);
                    copyFrom = ++r;
                    continue;
                }
            }
        } else if (c == '\'' || c == '"') {
            quote = static_cast<char>(c);
            if (discard) {
                flush(r);
                copyFrom = ++r;
                continue;
            }
        }

        if (c == '$' && quote != '\'' && r + 1 < size &&
            (data[r + 1] == '(' || data[r + 1] == '{')) {
            flush(r);
            r = refer(src, r, level, subject, out);
            if (abandoned_) return lastIndex(src);
            copyFrom = ++r;
            continue;
        }
        if (c == '\\' && r + 1 < size) {
            // The escaped character is kept; the backslash only at level 0.
            if (discard) {
                flush(r);
                copyFrom = r + 1;
            }
            r += 2;
            continue;
        }
        ++r;
    }
    flush(r);
    return r < size ? r : lastIndex(src);
}

std::size_t Translator::refer(std::string_view src, std::size_t pos, int level, Subject& subject,
                              std::string& out) {
    const std::size_t size = src.size();
    std::size_t r = pos + 1; // the bracket
    const bool paren = src[r] == '(';
    ++r;
    if (level >= MacroTable::kMaxDepth) {
        abandon(Bound::Depth);
        return lastIndex(src);
    }
    if (spend(MacroTable::kReferenceCost)) return lastIndex(src);
    const Reference ref{src, level, paren ? Stop::NameParen : Stop::NameBrace,
                        paren ? Stop::ValueParen : Stop::ValueBrace, out.size()};

    // Fast path for the common `$(NAME)`: a name of ordinary characters closed by its bracket
    // is exactly what translating it would give, so it is looked up straight from the text.
    const ClassTable& nameClasses = kClasses[static_cast<std::size_t>(ref.nameStop)];
    std::size_t end = r;
    while (end < size && nameClasses[static_cast<unsigned char>(src[end])] == 0)
        ++end;
    if (end < size && src[end] == (paren ? ')' : '}')) {
        if (!skipping_) referByName(src.substr(r, end - r), level, subject, out);
        return end;
    }

    // 1. The name, itself translated onto the output.
    r = translate(src, r, level + 1, ref.nameStop, subject, out);
    if (abandoned_) {
        out.resize(ref.nameStart);
        return r;
    }
    if (skipping_) return skipRest(ref, r, subject, out);
    const std::size_t nameEnd = out.size();

    // 2. A default: only its end is wanted now; it is translated later if it is used.
    std::optional<std::size_t> defaultAt;
    if (src[r] == '=') {
        defaultAt = ++r;
        r = skipDefault(ref, r, out);
        if (abandoned_) {
            out.resize(ref.nameStart);
            return r;
        }
    }

    // 3. Scoped definitions, in a scope that lives until the value is out.
    ScopeGuard scope(table_);
    if (src[r] == ',') {
        scope.push();
        r = defineScoped(ref, r, out);
        if (abandoned_) {
            out.resize(ref.nameStart);
            return r;
        }
    }

    // 4. The value, the default or the failure marker replaces the name.
    resolve(ref, nameEnd, defaultAt, subject, out);
    return r;
}

void Translator::referByName(std::string_view name, int level, Subject& subject, std::string& out) {
    Entry* entry = table_.lookup(name);
    if (entry && !entry->visited) {
        const std::size_t start = out.size();
        appendValue(*entry, level, subject, out);
        if (abandoned_) out.resize(start);
        return;
    }
    fail(entry != nullptr, name, entry, subject);
    out.append("$(").append(name).append(failureEnd(entry != nullptr));
}

std::size_t Translator::skipRest(const Reference& ref, std::size_t r, Subject& subject,
                                 std::string& out) {
    const std::string_view src = ref.src;
    if (src[r] == '=') r = translate(src, r + 1, ref.level + 1, ref.valueStop, subject, out);
    if (!abandoned_ && src[r] == ',') {
        skippedScope_ = true;
        while (!abandoned_ && src[r] == ',') {
            if (!stepPastComma(src, r)) break;
            r = translate(src, r, ref.level + 1, ref.nameStop, subject, out);
            if (!abandoned_ && src[r] == '=')
                r = translate(src, r + 1, ref.level + 1, ref.valueStop, subject, out);
        }
    }
    out.resize(ref.nameStart);
    return r;
}

std::size_t Translator::skipDefault(const Reference& ref, std::size_t r, std::string& out) {
    const std::size_t mark = out.size();
    Subject scan{"default value", {}, {}};
    skipping_ = true;
    skippedScope_ = false;
    r = translate(ref.src, r, ref.level + 1, ref.valueStop, scan, out);
    skipping_ = false;
    out.resize(mark);
    if (skippedScope_) table_.dirty_ = true; // EPICS's scan pushed and popped a scope
    return r;
}

std::size_t Translator::defineScoped(const Reference& ref, std::size_t r, std::string& out) {
    const std::string_view src = ref.src;
    QuietGuard quiet(table_);
    Subject scoped{"scoped macro", {}, {}};
    while (src[r] == ',') {
        if (!stepPastComma(src, r)) break;
        const std::size_t itemName = out.size();
        r = translate(src, r, ref.level + 1, ref.nameStop, scoped, out);
        if (!abandoned_ && src[r] == '=') {
            ++r;
            const std::size_t itemValue = out.size();
            r = translate(src, r, ref.level + 1, ref.valueStop, scoped, out);
            if (!abandoned_) {
                const std::string_view all(out);
                table_.define(all.substr(itemName, itemValue - itemName), all.substr(itemValue));
                table_.dirty_ = true;
            }
        }
        out.resize(itemName);
        if (abandoned_) break;
    }
    return r;
}

void Translator::resolve(const Reference& ref, std::size_t nameEnd,
                         std::optional<std::size_t> defaultAt, Subject& subject, std::string& out) {
    const std::size_t nameStart = ref.nameStart;
    Entry* entry = table_.lookup(std::string_view(out).substr(nameStart, nameEnd - nameStart));
    if (entry && !entry->visited) {
        out.resize(nameStart);
        appendValue(*entry, ref.level, subject, out);
        if (abandoned_) out.resize(nameStart);
        return;
    }
    if (!entry && defaultAt) {
        out.resize(nameStart);
        translate(ref.src, *defaultAt, ref.level + 1, ref.valueStop, subject, out);
        if (abandoned_) out.resize(nameStart);
        return;
    }
    // `$(name,undefined)`, `$(name,recursive)`, or `$(name)` when quiet.
    fail(entry != nullptr, std::string_view(out).substr(nameStart, nameEnd - nameStart), entry,
         subject);
    out.insert(nameStart, "$(");
    out.append(failureEnd(entry != nullptr));
}

// A clean table hands out cached values; a dirty one translates the raw value on the spot,
// marking the entry so that meeting it again inside is recursion.
void Translator::appendValue(Entry& entry, int level, Subject& subject, std::string& out) {
    if (!table_.dirty_) {
        out.append(entry.valueText());
        subject.status |= entry.status;
        spend(entry.valueSize);
        return;
    }
    VisitGuard visiting(entry, innermost_);
    translate(entry.rawText(), 0, level + 1, Stop::End, subject, out);
}

std::string_view Translator::failureEnd(bool recursive) const noexcept {
    if (table_.warningsSuppressed()) return ")";
    return recursive ? ",recursive)" : ",undefined)";
}

void Translator::fail(bool recursive, std::string_view name, const Entry* entry, Subject& subject) {
    if (recursive)
        subject.status.recursive = true;
    else
        subject.status.undefined = true;
    if (table_.warningsSuppressed() || !table_.sink_) return;
    std::string message("macLib: ");
    if (recursive) {
        message.append(subject.type).append(" ").append(subject.name);
        message.append(" is recursive (expanding ").append(kindName(entry->kind));
        message.append(" ").append(entry->name()).append(")");
        table_.warn({WarningKind::Recursive, entry->name(), message, {}});
    } else {
        message.append("macro ").append(name).append(" is undefined (expanding ");
        message.append(subject.type).append(" ").append(subject.name).append(")");
        table_.warn({WarningKind::Undefined, name, message, {}});
    }
}

bool Translator::spend(std::size_t bytes) {
    spent_ += bytes;
    if (spent_ <= table_.expansionLimit_) return false;
    abandon(Bound::Size);
    return true;
}

// The macros being expanded, outermost first: "A1 > A2 > A3", long chains with the middle left
// out. When the cache is refreshed, the macro being refreshed is the first link.
std::string Translator::chainText() const {
    std::vector<std::string_view> names;
    for (const Visit* visit = innermost_; visit; visit = visit->outer)
        names.push_back(visit->entry->name());
    if (top_->type != "string") names.push_back(top_->name);
    std::string text;
    constexpr std::size_t kShown = 6; // at each end
    for (std::size_t i = names.size(); i-- > 0;) {
        const std::size_t fromOuter = names.size() - 1 - i;
        if (fromOuter == kShown && names.size() > 2 * kShown + 1) {
            text.append(" > ...");
            i = kShown;
        }
        if (!text.empty()) text.append(" > ");
        text.append(names[i].empty() ? std::string_view("\"\"") : names[i]);
    }
    return text;
}

void Translator::abandon(Bound bound) {
    abandoned_ = true;
    if (bound == Bound::Depth)
        top_->status.tooDeep = true;
    else
        top_->status.tooLarge = true;
    if (!table_.sink_) return;
    std::string summary;
    std::string chain;
    if (bound == Bound::Depth) {
        summary = "macro references nested more than " + std::to_string(MacroTable::kMaxDepth) +
                  " levels";
    } else {
        summary = "expansion stopped after " + sizeText(table_.expansionLimit_);
        chain = chainText();
        if (!chain.empty()) summary.append(" (macro chain ").append(chain).append(")");
    }
    std::string message = "macLib: " + summary + " (expanding ";
    message.append(top_->type).append(" ").append(top_->name).append(")");
    std::string_view outermost;
    if (top_->type != "string") {
        outermost = top_->name;
    } else {
        for (const Visit* visit = innermost_; visit; visit = visit->outer)
            outermost = visit->entry->name();
    }
    table_.warn({bound == Bound::Depth ? WarningKind::TooDeep : WarningKind::TooLarge,
                 bound == Bound::Depth ? std::string_view() : outermost, message, summary});
}

} // namespace epicsdb::maclib::detail
