// The EPICS macLib C API over MacroTable. Only translation here: argument and buffer
// conventions, the EPICS error texts, and stdout/stderr where EPICS prints or uses errlog.
#include <macLib.h>

#include <epicsdb/macLib/Definitions.hpp>
#include <epicsdb/macLib/MacroTable.hpp>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <new>
#include <string>

using epicsdb::maclib::Definition;
using epicsdb::maclib::DefinitionReader;
using epicsdb::maclib::ExpandStatus;
using epicsdb::maclib::MacroTable;
using epicsdb::maclib::Warning;

struct epicsdbMacHandle {
    explicit epicsdbMacHandle(MacroTable::Environment environment) : table(environment) {
        table.setWarningSink(printWarning);
    }
    static void printWarning(const Warning& warning) {
        std::fprintf(stderr, "%.*s\n", static_cast<int>(warning.message.size()),
                     warning.message.data());
    }

    static constexpr long kMagic = 0xbadcafe; // tells live handles from garbage
    long magic = kMagic;
    MacroTable table;
    std::string output; // reused by macExpandString
};

namespace {

void errlog(const char* text) {
    std::fprintf(stderr, "%s\n", text);
}

// The EPICS validity check, with its message naming the function.
bool valid(const MAC_HANDLE* handle, const char* function) {
    if (handle && handle->magic == epicsdbMacHandle::kMagic) return true;
    std::fprintf(stderr, "%s: NULL or invalid handle\n", function);
    return false;
}

// strncpy into a caller's buffer: pads with NULs, leaves no NUL when the text fills it.
void copyPadded(char* dest, std::string_view text, long capacity) {
    const auto cap = static_cast<std::size_t>(capacity);
    const std::size_t n = std::min(text.size(), cap);
    if (n) std::memcpy(dest, text.data(), n);
    if (n < cap) std::memset(dest + n, 0, cap - n);
}

bool isEnvironmentRequest(const char* pairs[]) {
    // EPICS looks at pairs[3] (not pairs[2]) for the end of the list; so do we.
    return pairs && pairs[0] && std::strcmp(pairs[0], "") == 0 && pairs[1] &&
           std::strcmp(pairs[1], "environ") == 0 && !pairs[3];
}

} // namespace

extern "C" {

long epicsStdCall macCreateHandle(MAC_HANDLE** pHandle, const char* pairs[]) {
    if (!pHandle) return -1;
    *pHandle = nullptr;
    try {
        const bool environment = isEnvironmentRequest(pairs);
        auto handle = std::make_unique<epicsdbMacHandle>(
            environment ? MacroTable::Environment::Use : MacroTable::Environment::Ignore);
        if (!environment) {
            for (; pairs && pairs[0]; pairs += 2) {
                if (pairs[1])
                    handle->table.define(pairs[0], pairs[1]);
                else
                    handle->table.undefine(pairs[0]);
            }
        }
        *pHandle = handle.release(); // owned by the caller until macDeleteHandle
        return 0;
    } catch (const std::bad_alloc&) {
        errlog("macCreateHandle: failed to allocate context");
        return -1;
    }
}

void epicsStdCall macSuppressWarning(MAC_HANDLE* handle, int falseTrue) {
    if (handle && handle->magic == epicsdbMacHandle::kMagic)
        handle->table.suppressWarnings(falseTrue != 0);
}

long epicsStdCall macExpandString(MAC_HANDLE* handle, const char* src, char* dest, long capacity) {
    if (!valid(handle, "macExpandString")) return -1;
    if (capacity <= 1 || !dest) return -1;
    try {
        handle->output.clear();
        const ExpandStatus status = handle->table.expand(src ? src : "", handle->output);
        const std::size_t n =
            std::min(handle->output.size(), static_cast<std::size_t>(capacity - 1));
        std::memcpy(dest, handle->output.data(), n);
        dest[n] = '\0';
        return status.ok() ? static_cast<long>(n) : -static_cast<long>(n);
    } catch (const std::bad_alloc&) {
        errlog("macExpandString: failed to expand raw values");
        dest[0] = '\0';
        return -1;
    }
}

long epicsStdCall macPutValue(MAC_HANDLE* handle, const char* name, const char* value) {
    if (!valid(handle, "macPutValue") || !name) return -1;
    try {
        if (!value) {
            handle->table.undefine(name);
            return 0;
        }
        handle->table.define(name, value);
        return static_cast<long>(std::strlen(value));
    } catch (const std::bad_alloc&) {
        std::fprintf(stderr, "macPutValue: failed to copy macro %s = %s\n", name,
                     value ? value : "NULL");
        return -1;
    }
}

long epicsStdCall macGetValue(MAC_HANDLE* handle, const char* name, char* value, long capacity) {
    if (!valid(handle, "macGetValue") || !name) return -1;
    try {
        if (capacity <= 1 || !value) return handle->table.isDefined(name) ? 0 : -1;
        const auto found = handle->table.getValue(name);
        const std::string_view text = found ? found->text : std::string_view(name);
        copyPadded(value, text, capacity);
        const long length = text.size() < static_cast<std::size_t>(capacity)
                                ? static_cast<long>(text.size())
                                : capacity;
        return found && found->status.ok() ? length : -length;
    } catch (const std::bad_alloc&) {
        errlog("macGetValue: failed to expand raw values");
        return -1;
    }
}

long epicsStdCall macDeleteHandle(MAC_HANDLE* handle) {
    if (!valid(handle, "macDeleteHandle")) return -1;
    handle->magic = 0;
    delete handle; // created by macCreateHandle
    return 0;
}

long epicsStdCall macPushScope(MAC_HANDLE* handle) {
    if (!valid(handle, "macPushScope")) return -1;
    try {
        handle->table.pushScope();
        return 0;
    } catch (const std::bad_alloc&) {
        errlog("macPushScope: failed to push scope");
        return -1;
    }
}

long epicsStdCall macPopScope(MAC_HANDLE* handle) {
    if (!valid(handle, "macPopScope")) return -1;
    if (!handle->table.popScope()) {
        errlog("macPopScope: no scope to pop");
        return -1;
    }
    return 0;
}

long epicsStdCall macReportMacros(MAC_HANDLE* handle) {
    if (!valid(handle, "macReportMacros")) return -1;
    try {
        const std::string text = handle->table.report();
        std::fwrite(text.data(), 1, text.size(), stdout);
        return 0;
    } catch (const std::bad_alloc&) {
        errlog("macGetValue: failed to expand raw values");
        return -1;
    }
}

long epicsStdCall macParseDefns(MAC_HANDLE*, const char* defns, char** pairs[]) {
    if (!pairs) return -1;
    *pairs = nullptr;
    if (!defns) return -1;
    // Sizes first, then one malloc'd block: 2n+2 pointers followed by the strings.
    std::size_t count = 0;
    std::size_t textBytes = 0;
    {
        DefinitionReader reader(defns);
        Definition item;
        while (reader.next(item)) {
            ++count;
            textBytes += item.name.size() + 1 + (item.value ? item.value->size() + 1 : 0);
        }
    }
    const std::size_t pointerBytes = (2 * count + 2) * sizeof(char*);
    void* memory = std::malloc(pointerBytes + textBytes);
    if (!memory) {
        errlog("macParseDefns: failed to allocate memory");
        return -1;
    }
    auto** slots = static_cast<char**>(memory);
    char* text = static_cast<char*>(memory) + pointerBytes;
    auto place = [&text](std::string_view s) {
        char* start = text;
        if (!s.empty()) std::memcpy(text, s.data(), s.size());
        text += s.size();
        *text++ = '\0';
        return start;
    };
    DefinitionReader reader(defns);
    Definition item;
    std::size_t slot = 0;
    while (reader.next(item)) {
        slots[slot++] = place(item.name);
        slots[slot++] = item.value ? place(*item.value) : nullptr;
    }
    slots[slot++] = nullptr;
    slots[slot] = nullptr;
    *pairs = slots;
    return static_cast<long>(count);
}

long epicsStdCall macInstallMacros(MAC_HANDLE* handle, char* pairs[]) {
    if (!valid(handle, "macInstallMacros")) return -1;
    long count = 0;
    for (char** p = pairs; p && p[0]; p += 2, ++count) {
        if (macPutValue(handle, p[0], p[1]) < 0) return -1;
    }
    return count;
}

char* epicsStdCall macEnvExpand(const char* str) {
    return macDefExpand(str, nullptr);
}

char* epicsStdCall macDefExpand(const char* str, MAC_HANDLE* macros) {
    try {
        std::unique_ptr<epicsdbMacHandle> temporary;
        MAC_HANDLE* handle = macros;
        if (!handle) {
            temporary = std::make_unique<epicsdbMacHandle>(MacroTable::Environment::Use);
            handle = temporary.get();
        } else if (!valid(handle, "macExpandString")) {
            return nullptr;
        }
        std::string expanded;
        if (!handle->table.expand(str ? str : "", expanded).ok()) return nullptr;
        auto* result = static_cast<char*>(std::malloc(expanded.size() + 1));
        if (result) {
            std::memcpy(result, expanded.data(), expanded.size());
            result[expanded.size()] = '\0';
        }
        return result;
    } catch (const std::bad_alloc&) {
        errlog("macDefExpand: macCreateHandle failed.");
        return nullptr;
    }
}

} // extern "C"
