// The allocators of cantProceed.h (dbCalloc, dbMalloc) and dbCatString, the growing string
// that dbStaticLib callers build lists with.
#include <cantProceed.h>
#include <dbStaticLib.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

extern "C" {

int dbStaticDebug = 0;

void* callocMustSucceed(size_t count, size_t size, const char* errorMessage) {
    if (count == 0 || size == 0) return nullptr;
    void* memory = std::calloc(count, size);
    if (!memory) {
        std::fprintf(stderr, "%s: callocMustSucceed(%lu, %lu) - calloc failed\n",
                     errorMessage ? errorMessage : "", static_cast<unsigned long>(count),
                     static_cast<unsigned long>(size));
        std::abort(); // the caller was promised memory; there is no thread to suspend
    }
    return memory;
}

void* mallocMustSucceed(size_t size, const char* errorMessage) {
    if (size == 0) return nullptr;
    void* memory = std::malloc(size);
    if (!memory) {
        std::fprintf(stderr, "%s: mallocMustSucceed(%lu) - malloc failed\n",
                     errorMessage ? errorMessage : "", static_cast<unsigned long>(size));
        std::abort();
    }
    return memory;
}

void dbCatString(char** string, int* stringLength, char* pnew, char* separator) {
    // A new buffer, a multiple of 256 bytes, on every call: EPICS compares the space needed
    // with *stringLength, the length of the text, so it always finds it short. Unlike EPICS,
    // the size counts the separator too.
    constexpr std::size_t kStep = 256;
    const bool separate = *stringLength > 0 && separator;
    const std::size_t current = *string ? std::strlen(*string) : 0;
    const std::size_t adding = std::strlen(pnew) + (separate ? std::strlen(separator) : 0);
    const std::size_t size = ((current + adding + 2 + kStep) / kStep) * kStep;
    auto* grown = static_cast<char*>(callocMustSucceed(size, 1, "dbCatString"));
    if (*string) {
        std::memcpy(grown, *string, current + 1);
        std::free(*string);
    }
    *string = grown;
    if (separate) {
        std::strcat(*string, separator);
        *stringLength += static_cast<int>(std::strlen(separator));
    }
    std::strcat(*string, pnew);
    *stringLength += static_cast<int>(std::strlen(pnew));
}

} // extern "C"
