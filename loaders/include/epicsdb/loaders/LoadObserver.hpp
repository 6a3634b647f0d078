// What a load tells a tool that looks further than EPICS (lint) while it reads.
#pragma once

#include <epicsdb/Diagnostic.hpp>
#include <epicsdb/export.h>

#include <string_view>

namespace epicsdb::loaders {

// Told of what a load does that EPICS accepts without a word, for tools that look further than
// EPICS (lint). Called during the load; the load goes on as it would without it.
class EPICSDB_API LoadObserver {
public:
    virtual ~LoadObserver() = default;
    // A record statement with the record's own type (not "*") for a record that exists: EPICS
    // appends to (and overwrites fields of) the first definition.
    virtual void recordDefinedAgain(std::string_view /*name*/, std::string_view /*type*/,
                                    const SourceLocation& /*again*/,
                                    const SourceLocation& /*first*/) {}
    // A .dbd/.db file read from disk (once per Loader, before macro expansion), as messages
    // name it.
    virtual void fileRead(std::string_view /*file*/, std::string_view /*text*/) {}
    // dbLoadTemplate loaded `templateFile` (the file found, as messages name it) for the set at
    // `set`, whose own values (the globals and the caller's macros left out) are `definitions`.
    virtual void templateSetLoaded(std::string_view /*templateFile*/,
                                   std::string_view /*definitions*/,
                                   const SourceLocation& /*set*/) {}
};

} // namespace epicsdb::loaders
