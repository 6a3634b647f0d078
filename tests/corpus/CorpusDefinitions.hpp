// The database definitions an IOC built with the corpus's modules would load: EPICS Base's
// (compiled into the library), the module .dbd files that are in the corpus, and the
// device-support lines that modules generate at build time or that come from modules not in the
// corpus (written here, with where each fact comes from).
#pragma once

#include <epicsdb/loaders/Loader.hpp>

#include <filesystem>
#include <string>
#include <string_view>

namespace epicsdb::test::corpus {

// Device support absent from the corpus, as .dbd text.
extern const std::string_view kSuppliedDeviceSupport;

// Loads everything into the loader's database; returns the messages of every diagnostic (empty
// when the definitions loaded cleanly).
std::string loadCorpusDefinitions(loaders::Loader& loader, DiagnosticList& diagnostics,
                                  const std::filesystem::path& corpusDir);

} // namespace epicsdb::test::corpus
