// Load entry points: each load is one transaction on the database, read by one DbReader with
// its own macro table, sources and reporter; the Loader keeps the file cache across loads.
#include <epicsdb/loaders/Loader.hpp>

#include "LoaderImpl.hpp"
#include "source/SearchPath.hpp"

#include <epicsdb/db/EmbeddedDefinitions.hpp>

namespace epicsdb::loaders {

Loader::Loader(dbstatic::Database& database, DiagnosticSink& sink, LoaderOptions options)
    : impl_(std::make_unique<Impl>(database, sink, std::move(options))) {}

Loader::~Loader() = default;

LoadResult Loader::loadDatabase(std::string_view file, std::string_view path,
                                std::string_view macros) {
    const LoadNote note{ProvenanceLog::LoadKind::Database, file};
    if (path.empty())
        return impl_->run(note, macros, impl_->defaultPath(),
                          [&](DbReader& reader) { reader.readFile(file); });
    return impl_->run(note, macros, splitDbPath(path),
                      [&](DbReader& reader) { reader.readFile(file); });
}

LoadResult Loader::loadRecords(std::string_view file, std::string_view macros) {
    return impl_->run({ProvenanceLog::LoadKind::Records, file}, macros, impl_->defaultPath(),
                      [&](DbReader& reader) { reader.readFile(file); });
}

LoadResult Loader::loadRecordsText(std::string_view name, std::string_view text,
                                   std::string_view macros) {
    return impl_->run({ProvenanceLog::LoadKind::Text, name}, macros, impl_->defaultPath(),
                      [&](DbReader& reader) { reader.readText(name, text); });
}

LoadResult Loader::loadDefaultDefinitions() {
    return impl_->run(
        {ProvenanceLog::LoadKind::Database, db::kDefaultDefinitionFile}, {}, {},
        [](DbReader& reader) { reader.readFile(db::kDefaultDefinitionFile); }, true);
}

dbstatic::Database& Loader::database() noexcept {
    return impl_->db;
}

const LoaderOptions& Loader::options() const noexcept {
    return impl_->options;
}

void Loader::setQuietMacroWarnings(bool quiet) noexcept {
    impl_->options.quietMacroWarnings = quiet;
    impl_->expander.table().suppressWarnings(Impl::quietExpansion(impl_->options));
}

void Loader::setTemplateMaxVars(std::size_t count) noexcept {
    impl_->options.templateMaxVars = count;
}

LoaderStats Loader::stats() const noexcept {
    return {
        impl_->files.filesRead(),      impl_->files.bytesRead(), impl_->loads,
        impl_->counters.linesExpanded, impl_->counters.replays,  impl_->counters.expansionsAhead};
}

} // namespace epicsdb::loaders
