#include "ProvenanceLog.hpp"

#include "FileCache.hpp"

#include <epicsdb/macLib/Definitions.hpp>

namespace epicsdb::loaders {

void ProvenanceLog::beginTransaction() {
    if (depth_++ == 0)
        mark_ = {files_.size(), sources_.size(), origins_.size(),
                 loads_.size(), callers_.size(), records_.size(),
                 items_.size(), aliases_.size(), fieldDefinitions_.size()};
}

void ProvenanceLog::endTransaction(bool keep) {
    if (depth_ == 0 || --depth_ > 0 || keep) return;
    // A rolled-back load leaves no trace, nor keeps the texts it read.
    std::erase_if(fileIds_, [&](const auto& entry) { return entry.second >= mark_.files; });
    files_.resize(mark_.files);
    sources_.resize(mark_.sources);
    origins_.resize(mark_.origins);
    loads_.resize(mark_.loads);
    callers_.resize(mark_.callers);
    records_.resize(mark_.records);
    items_.resize(mark_.items);
    aliases_.resize(mark_.aliases);
    fieldDefinitions_.resize(mark_.fieldDefinitions);
    if (caller_ != kNone && caller_ >= callers_.size()) caller_ = kNone;
    ++version_;
}

void ProvenanceLog::setCaller(std::vector<ContextFrame> frames, std::vector<MacroUse> lineMacros,
                              std::string lineAsWritten) {
    callers_.push_back({std::move(frames), std::move(lineMacros), std::move(lineAsWritten)});
    caller_ = static_cast<std::uint32_t>(callers_.size() - 1);
}

std::uint32_t ProvenanceLog::internFile(std::string_view shownName, std::string_view path,
                                        const CachedFile* text) {
    std::string key;
    key.reserve(shownName.size() + path.size() + 2 + sizeof text);
    key.append(shownName).push_back('\0');
    key.append(path).push_back('\0');
    key.append(reinterpret_cast<const char*>(&text), sizeof text);
    auto [it, added] =
        fileIds_.try_emplace(std::move(key), static_cast<std::uint32_t>(files_.size()));
    if (added) files_.push_back({std::string(shownName), std::string(path), nullptr});
    File& file = files_[it->second];
    // The text as this Loader read it: kept while the provenance lives (the Loader's cache
    // lets it go with the Loader).
    if (text && !file.text) file.text = text->shared_from_this();
    return it->second;
}

void ProvenanceLog::beginLoad(LoadKind kind, std::string_view file, std::string_view macros,
                              const SetNote* set) {
    Load load;
    load.kind = kind;
    load.file.assign(file);
    load.macros.assign(macros);
    load.caller = caller_;
    load.parent = loadStack_.empty() ? kNone : loadStack_.back();
    load.firstOrigin = static_cast<std::uint32_t>(origins_.size());
    if (set) {
        if (set->location) {
            load.setFile = internFile(set->location->file, {}, nullptr);
            load.setLine = set->location->line;
            load.setColumn = set->location->column;
        }
        load.setRow = set->row;
        // The caller's items come first in `macros`; the set's origins follow them.
        load.callerItems = 0;
        maclib::DefinitionReader caller(set->callerMacros);
        for (maclib::Definition item; caller.next(item);)
            ++load.callerItems;
        if (set->origins) {
            origins_.insert(origins_.end(), set->origins->begin(), set->origins->end());
            load.originCount = static_cast<std::uint32_t>(set->origins->size());
        }
    }
    loads_.push_back(std::move(load));
    loadStack_.push_back(static_cast<std::uint32_t>(loads_.size() - 1));
    savedSourceMaps_.push_back(std::move(sourceMap_));
    sourceMap_.clear();
    itemSource_ = kNone;
    ++version_;
}

void ProvenanceLog::endLoad() {
    if (loadStack_.empty()) return;
    loadStack_.pop_back();
    sourceMap_ = std::move(savedSourceMaps_.back());
    savedSourceMaps_.pop_back();
    itemSource_ = kNone;
}

void ProvenanceLog::openSource(std::uint32_t managerSource, std::string_view shownName,
                               std::string_view path, const CachedFile* text,
                               std::uint32_t parentSource, std::uint32_t parentLine,
                               std::uint32_t parentColumn) {
    Source source;
    source.file = internFile(shownName, path, text);
    source.load = loadStack_.empty() ? kNone : loadStack_.back();
    source.parent = parentSource == kNone ? kNone : sourceOf(parentSource);
    source.parentLine = parentLine;
    source.parentColumn = parentColumn;
    sources_.push_back(source);
    if (sourceMap_.size() <= managerSource) sourceMap_.resize(managerSource + 1, kNone);
    sourceMap_[managerSource] = static_cast<std::uint32_t>(sources_.size() - 1);
    ++version_;
}

void ProvenanceLog::recordHead(const dbstatic::Record* record, RecordKind kind,
                               const StatementSite& at) {
    records_.push_back({record, sourceOf(at.source), at.line,
                        static_cast<std::uint32_t>(items_.size()), clampColumn(at.column), kind});
    itemSource_ = at.source;
    ++version_;
}

void ProvenanceLog::switchSource(std::uint32_t managerSource) {
    items_.push_back({sourceOf(managerSource), 0, Item::kSourceSwitch});
    itemSource_ = managerSource;
}

void ProvenanceLog::alias(const dbstatic::Record* alias, const dbstatic::Record* target,
                          const StatementSite& at) {
    aliases_.push_back({alias, target, static_cast<std::uint32_t>(records_.size()),
                        sourceOf(at.source), at.line, at.column});
    ++version_;
}

void ProvenanceLog::fieldDefinition(std::string_view recordType, std::string_view field,
                                    const StatementSite& at) {
    fieldDefinitions_.push_back(
        {std::string(recordType), std::string(field), sourceOf(at.source), at.line, at.column});
}

std::size_t ProvenanceLog::memoryBytes() const noexcept {
    std::size_t bytes = files_.capacity() * sizeof(File) + sources_.capacity() * sizeof(Source) +
                        origins_.capacity() * sizeof(DefinitionOrigin) +
                        loads_.capacity() * sizeof(Load) + callers_.capacity() * sizeof(Caller) +
                        records_.size() * sizeof(RecordEvent) + items_.size() * sizeof(Item) +
                        aliases_.capacity() * sizeof(AliasEvent) +
                        fieldDefinitions_.capacity() * sizeof(FieldDefinition);
    for (const File& file : files_)
        if (file.text) bytes += file.text->text.capacity();
    for (const Load& load : loads_)
        bytes += load.file.capacity() + load.macros.capacity();
    return bytes;
}

} // namespace epicsdb::loaders
