// The record a name in a URL names: a record's name or an alias, in one IOC (?ioc=NAME) or
// in the first IOC by name that defines it; the other IOCs that define the name too.
#pragma once

#include "Endpoints.hpp"

#include <vector>

namespace epicsdb::service {

struct RecordLookup {
    std::int64_t id = 0;
    std::string name;                 // the record's
    std::optional<std::string> alias; // the alias asked for, when the name was one
    std::string type;
    std::int64_t iocId = 0;
    std::string ioc;
    std::optional<std::int64_t> definitions; // the IOC's record types (type_fields)
    std::optional<std::int64_t> source;      // where it was first defined (sources.seq)
    std::int64_t line = 0;
    std::int64_t column = 0;
    std::vector<std::string> alsoIn; // other IOCs that define the name

    // ApiError 404 when no IOC (or not that one) defines the name.
    [[nodiscard]] static RecordLookup find(Reader& index, const std::string& name,
                                           const std::optional<std::string>& ioc);
};

} // namespace epicsdb::service
