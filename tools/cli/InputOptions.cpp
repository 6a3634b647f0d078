#include "InputOptions.hpp"

namespace epicsdb::cli {

InputOptions::InputOptions(Command& command) {
    command.list("--dbd", definitions, "FILE",
                 "database definitions to load instead of the standard ones");
    command.list("-I,--include", includeDirs, "DIR", "directory searched for files and includes");
    command.value("-m,--macros", macros, "MACROS", "macros for record files, e.g. \"P=ioc:,N=1\"");
    command.list("-S,--substitutions", substitutions, "FILE", "a substitution file (any name)");
    command.flag("--quiet-macros", quietMacros, "dbQuietMacroWarnings: no macLib warnings");
    command.flag("--records-once", recordsOnce,
                 "dbRecordsOnceOnly: redefining a record is an error");
    command.flag("--strict", strict, "dbConvertStrict: range-check numbers for the field type");
    command.flag("--stats", stats, "print records, time, allocations and memory on stderr");
    command.files(files, "definitions, substitution or record files, loaded in order");
}

} // namespace epicsdb::cli
