// The C++ side of EPICS's DBBASE handle (dbStaticLib.h), for the layers above dbStatic that
// implement EPICS C functions on a handle (dbReadDatabase, dbLoadRecords): the database behind
// a handle, and the rule of every C entry point, that a C caller gets a status, never an
// exception.
#pragma once

#include <epicsdb/dbStatic/Database.hpp>
#include <epicsdb/export.h>

#include <dbStaticLib.h>

#include <cstdio>
#include <exception>

namespace epicsdb::epics {

// The database a handle from dbAllocBase holds.
[[nodiscard]] EPICSDB_API dbstatic::Database& databaseOf(dbBase& base) noexcept;

// Runs `body`; on an exception (out of memory, mostly) the reason goes to stderr and the caller
// gets `onError`.
template <class R, class Body>
R guarded(R onError, Body&& body) noexcept {
    try {
        return body();
    } catch (const std::exception& e) {
        std::fprintf(stderr, "epicsdb: %s\n", e.what());
    } catch (...) {
        std::fprintf(stderr, "epicsdb: unknown exception\n");
    }
    return onError;
}

} // namespace epicsdb::epics
