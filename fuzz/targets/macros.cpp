// Macro definitions and expansion (macLib: MacroTable, Definitions, Translator) through both
// APIs at once: every operation goes to a MacroTable and to a MAC_HANDLE of the EPICS C API
// (macLib.h), and their answers must agree. An input is a list of operations, one a line:
//
//     D a=1,b=$(a)        install definitions (MacroTable::install; macParseDefns and
//                         macInstallMacros, whose counts must match parseDefinitions')
//     = name value        define one macro, name as is (define; macPutValue)
//     U name              undefine (undefine; macPutValue(name, NULL))
//     {   }               push / pop a scope (pushScope, popScope; macPushScope, macPopScope)
//     G 8 name            the value of name, into a buffer of 8 (getValue; macGetValue)
//     W 1                 suppress warnings on (1) or off (0) (suppressWarnings;
//                         macSuppressWarning)
//     X text              expand into a new string (expand; macDefExpand)
//     E 8 text            expand into a buffer of 8 (expand; macExpandString)
//     anything else       the line expanded, into a buffer large enough (expand;
//                         macExpandString)
//
// The C API takes C strings: each line ends at its first NUL. Warnings are suppressed to begin
// with (the C API prints them on stderr). At the end, the report (MacroTable::report) is made.
#include "FuzzSupport.hpp"

#include <epicsdb/macLib/Definitions.hpp>
#include <epicsdb/macLib/MacroTable.hpp>
#include <macLib.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

using namespace epicsdb;
using maclib::MacroTable;

namespace {

// A small capacity from the text ("8 rest"): the number, or 0 when there is none; the rest.
long capacityOf(std::string_view& rest) {
    long capacity = 0;
    std::size_t i = 0;
    while (i < rest.size() && i < 6 && rest[i] >= '0' && rest[i] <= '9')
        capacity = capacity * 10 + (rest[i++] - '0');
    rest.remove_prefix(i);
    if (!rest.empty() && rest.front() == ' ') rest.remove_prefix(1);
    return capacity;
}

std::string show(std::string_view what, std::string_view text, std::string_view cpp,
                 std::string_view c) {
    std::string out(what);
    out.append("\n  input: ").append(text);
    out.append("\n  C++:   ").append(cpp);
    out.append("\n  C:     ").append(c);
    return out;
}

class Session {
public:
    Session() {
        fuzz::check(macCreateHandle(&handle_, nullptr) == 0 && handle_, "macCreateHandle failed");
        macSuppressWarning(handle_, 1);
        table_.suppressWarnings(true);
        table_.setWarningSink([this](const maclib::Warning& warning) {
            ++warnings_;
            fuzz::check(!warning.message.empty(), "a warning without a message");
        });
    }
    ~Session() { macDeleteHandle(handle_); }
    Session(const Session&) = delete;
    Session& operator=(const Session&) = delete;

    void run(std::string_view line);
    void finish() { (void)table_.report(); }

private:
    void install(std::string_view defs);
    void getValue(std::string_view rest);
    void expandInto(std::string_view text, long capacity);
    void expandNew(std::string_view text);

    MacroTable table_;
    MAC_HANDLE* handle_ = nullptr;
    std::size_t warnings_ = 0;
};

void Session::run(std::string_view line) {
    const std::string_view rest = line.size() >= 2 ? line.substr(2) : std::string_view();
    const char op = line.size() >= 2 && line[1] == ' ' ? line[0] : line.size() == 1 ? line[0] : 0;
    switch (op) {
    case 'D':
        install(rest);
        return;
    case '=': {
        const std::size_t space = rest.find(' ');
        const std::string name(rest.substr(0, space));
        const std::string value(space == std::string_view::npos ? std::string_view()
                                                                : rest.substr(space + 1));
        table_.define(name, value);
        const long c = macPutValue(handle_, name.c_str(), value.c_str());
        fuzz::check(c == static_cast<long>(value.size()), "macPutValue's result",
                    show("define", line, std::to_string(value.size()), std::to_string(c)));
        return;
    }
    case 'U': {
        const std::string name(rest);
        table_.undefine(name);
        fuzz::check(macPutValue(handle_, name.c_str(), nullptr) == 0,
                    "macPutValue(name, NULL) failed");
        return;
    }
    case '{':
        table_.pushScope();
        fuzz::check(macPushScope(handle_) == 0, "macPushScope failed");
        return;
    case '}': {
        const bool popped = table_.popScope();
        const long c = macPopScope(handle_);
        fuzz::check(popped == (c == 0), "popScope and macPopScope disagree");
        return;
    }
    case 'G':
        getValue(rest);
        return;
    case 'W': {
        const bool suppress = rest != "0";
        table_.suppressWarnings(suppress);
        macSuppressWarning(handle_, suppress ? 1 : 0);
        return;
    }
    case 'X':
        expandNew(rest);
        return;
    case 'E': {
        std::string_view text = rest;
        const long capacity = capacityOf(text);
        expandInto(text, capacity);
        return;
    }
    default:
        expandInto(line, -1);
    }
}

void Session::install(std::string_view defs) {
    const std::string text(defs);
    const std::vector<maclib::OwnedDefinition> parsed = maclib::parseDefinitions(text);
    char** pairs = nullptr;
    const long parsedC = macParseDefns(nullptr, text.c_str(), &pairs);
    fuzz::check(parsedC == static_cast<long>(parsed.size()) && pairs,
                "macParseDefns and parseDefinitions disagree",
                show("count", defs, std::to_string(parsed.size()), std::to_string(parsedC)));
    for (std::size_t i = 0; i < parsed.size(); ++i) {
        const char* name = pairs[2 * i];
        const char* value = pairs[2 * i + 1];
        fuzz::check(name && parsed[i].name == name, "macParseDefns names another macro",
                    show("name", defs, parsed[i].name, name ? name : "(null)"));
        fuzz::check(
            parsed[i].value.has_value() == (value != nullptr) &&
                (!value || *parsed[i].value == value),
            "macParseDefns gives another value",
            show("value", defs, parsed[i].value.value_or("(none)"), value ? value : "(null)"));
    }
    const std::size_t installed = table_.install(text);
    const long installedC = macInstallMacros(handle_, pairs);
    std::free(pairs);
    fuzz::check(installed == parsed.size() && installedC == parsedC,
                "install and macInstallMacros count differently",
                show("install", defs, std::to_string(installed), std::to_string(installedC)));
}

void Session::getValue(std::string_view rest) {
    const long capacity = capacityOf(rest);
    const std::string name(rest);
    // What macGetValue must do, from the C++ answer (macLib.h). Without room it only looks the
    // name up (no refresh of the values: the tables must stay in step).
    std::optional<maclib::MacroValue> found;
    std::string expected;
    long expectedResult = 0;
    if (capacity <= 1) {
        expectedResult = table_.isDefined(name) ? 0 : -1;
    } else {
        found = table_.getValue(name);
        const std::string_view text = found ? found->text : std::string_view(name);
        expected.assign(text.substr(0, static_cast<std::size_t>(capacity)));
        const long length = text.size() < static_cast<std::size_t>(capacity)
                                ? static_cast<long>(text.size())
                                : capacity;
        expectedResult = found && found->status.ok() ? length : -length;
    }
    std::vector<char> buffer(static_cast<std::size_t>(std::max(capacity, 1L)) + 1, '\x7f');
    const long c = macGetValue(handle_, name.c_str(), buffer.data(), capacity);
    fuzz::check(c == expectedResult, "macGetValue's result",
                show("get " + name, rest, std::to_string(expectedResult), std::to_string(c)));
    if (capacity > 1) {
        const std::string got(buffer.data(), expected.size());
        fuzz::check(got == expected, "macGetValue's value", show("get", rest, expected, got));
        // strncpy: the rest of the buffer is NULs; nothing written past it.
        for (std::size_t i = expected.size(); i < static_cast<std::size_t>(capacity); ++i)
            fuzz::check(buffer[i] == '\0', "macGetValue does not pad with NULs");
        fuzz::check(buffer[static_cast<std::size_t>(capacity)] == '\x7f',
                    "macGetValue wrote past its buffer");
    }
}

void Session::expandInto(std::string_view text, long capacity) {
    const std::string source(text);
    if (capacity >= 0 && capacity <= 1) {
        // No room: nothing expanded (and no refresh of the values, so none on the C++ side).
        char byte = '\x7f';
        fuzz::check(macExpandString(handle_, source.c_str(), &byte, capacity) == -1 &&
                        byte == '\x7f',
                    "macExpandString with no room did not return -1");
        return;
    }
    const maclib::Expansion cpp = table_.expand(source);
    if (capacity < 0) capacity = static_cast<long>(cpp.text.size()) + 2;
    std::vector<char> buffer(static_cast<std::size_t>(capacity) + 1, '\x7f');
    const long c = macExpandString(handle_, source.c_str(), buffer.data(), capacity);
    const std::size_t n = std::min(cpp.text.size(), static_cast<std::size_t>(capacity - 1));
    const long expected = cpp.status.ok() ? static_cast<long>(n) : -static_cast<long>(n);
    fuzz::check(c == expected, "macExpandString's result",
                show("expand", text, std::to_string(expected), std::to_string(c)));
    const std::string got(buffer.data(), n);
    fuzz::check(got == cpp.text.substr(0, n) && buffer[n] == '\0',
                "macExpandString and MacroTable::expand expand differently",
                show("expand", text, cpp.text, got));
    fuzz::check(buffer[static_cast<std::size_t>(capacity)] == '\x7f',
                "macExpandString wrote past its buffer");
}

void Session::expandNew(std::string_view text) {
    const std::string source(text);
    const maclib::Expansion cpp = table_.expand(source);
    char* c = macDefExpand(source.c_str(), handle_);
    fuzz::check((c != nullptr) == cpp.status.ok(), "macDefExpand fails where expand does not",
                show("expand", text, cpp.status.ok() ? "ok" : "failed", c ? "ok" : "NULL"));
    if (c) {
        fuzz::check(cpp.text == c, "macDefExpand and MacroTable::expand expand differently",
                    show("expand", text, cpp.text, c));
        std::free(c);
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view input = fuzz::asText(data, size);
    if (fuzz::macroBlowupRisk(input)) return -1;
    Session session;
    std::size_t start = 0;
    std::size_t lines = 0;
    while (start < input.size() && lines++ < 256) {
        std::size_t end = input.find('\n', start);
        if (end == std::string_view::npos) end = input.size();
        std::string_view line = input.substr(start, end - start);
        line = line.substr(0, line.find('\0')); // what a C string holds
        session.run(line);
        start = end + 1;
    }
    session.finish();
    return 0;
}
