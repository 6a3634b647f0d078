// The loaders' side of a Provenance (epicsdb/loaders/Provenance.hpp): append-only tables that
// the loads write as they read, and that queries read back. Everything is small integers into
// the tables: a field statement is eight bytes (its line, column and field), in the run of
// items that follows its record statement; a record statement names the source (one opening
// of a file by one load) it is in; a source its file, the include that opened it and its load;
// a load its macros (each with where its value came from), its template set and its caller.
// A transaction (nested like the database's) truncates every table back on rollback.
#pragma once

#include "SourceManager.hpp"

#include <epicsdb/Diagnostic.hpp>
#include <epicsdb/loaders/Provenance.hpp>
#include <epicsdb/loaders/Substitutions.hpp>

#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace epicsdb::dbstatic {
class Record;
}

namespace epicsdb::loaders {

struct CachedFile;

class ProvenanceLog {
public:
    static constexpr std::uint32_t kNone = UINT32_MAX;

    enum class LoadKind : std::uint8_t { Database, Records, Text, Template, TemplateSet };
    enum class RecordKind : std::uint8_t { Record, GRecord, Append, Delete };

    struct File {
        std::string shownName; // as messages name it
        std::string path;      // as it can be opened (empty: text in memory, embedded)
        std::shared_ptr<const CachedFile> text; // kept when the Loader read it whole
    };
    struct Source {
        std::uint32_t file = 0;
        std::uint32_t load = 0;
        std::uint32_t parent = kNone; // the source that included it
        std::uint32_t parentLine = 0;
        std::uint32_t parentColumn = 0;
    };
    struct Load {
        LoadKind kind = LoadKind::Records;
        std::string file; // as the load was asked for it
        // As given to the load (for a set: the caller's, then the set's). Its items are read
        // again when asked about: the first `callerItems` came with the call (all of them but
        // for a set), each later one has an origin in origins() from `firstOrigin` on.
        std::string macros;
        std::uint32_t callerItems = UINT32_MAX;
        std::uint32_t firstOrigin = 0;
        std::uint32_t originCount = 0;
        std::uint32_t caller = kNone;  // index into callers()
        std::uint32_t parent = kNone;  // a template set: the dbLoadTemplate load
        std::uint32_t setFile = kNone; // a template set: where its `{` is
        std::uint32_t setLine = 0;
        std::uint32_t setColumn = 0;
        std::uint32_t setRow = 0; // pattern row (0: not a pattern set)
    };
    struct Caller {
        std::vector<ContextFrame> frames;
        std::vector<MacroUse> lineMacros;
        std::string lineAsWritten;
    };
    struct RecordEvent {
        const dbstatic::Record* record = nullptr;
        std::uint32_t source = 0;
        std::uint32_t line = 0;
        std::uint32_t firstItem = 0; // its items run to the next event's firstItem
        std::uint16_t column = 0;
        RecordKind kind = RecordKind::Record;
    };
    // A field or info statement of the record body before it.
    struct Item {
        static constexpr std::uint16_t kInfo = 0xFFFF;
        // Not a statement: the items after it are in source `line` (an include in a body).
        static constexpr std::uint16_t kSourceSwitch = 0xFFFE;
        std::uint32_t line = 0;
        std::uint16_t column = 0;
        std::uint16_t field = 0; // the field's index in the record type
    };
    struct AliasEvent {
        const dbstatic::Record* alias = nullptr;
        const dbstatic::Record* target = nullptr; // the real record
        std::uint32_t recordsBefore = 0;          // record events before it (deletions after)
        std::uint32_t source = 0;
        std::uint32_t line = 0;
        std::uint32_t column = 0;
    };
    struct FieldDefinition {
        std::string recordType;
        std::string field;
        std::uint32_t source = 0;
        std::uint32_t line = 0;
        std::uint32_t column = 0;
    };

    // ---- transactions: nested; the outermost end decides ----
    void beginTransaction();
    void endTransaction(bool keep);

    // ---- the caller of the next loads (a startup script's line) ----
    void setCaller(std::vector<ContextFrame> frames, std::vector<MacroUse> lineMacros,
                   std::string lineAsWritten);
    void clearCaller() noexcept { caller_ = kNone; }

    // ---- loads ----
    // A load begins (nested: a template set inside its dbLoadTemplate). `set`: the set's `{`,
    // its row and the origins of its definitions, in the order of `setDefinitions`.
    struct SetNote {
        const SourceLocation* location = nullptr;
        std::uint32_t row = 0;
        std::string_view callerMacros;
        std::string_view definitions;
        const std::vector<DefinitionOrigin>* origins = nullptr;
    };
    void beginLoad(LoadKind kind, std::string_view file, std::string_view macros,
                   const SetNote* set = nullptr);
    void endLoad();

    // ---- sources: the reader opened a file (parentSource: the includer, or kNone) ----
    void openSource(std::uint32_t managerSource, std::string_view shownName, std::string_view path,
                    const CachedFile* text, std::uint32_t parentSource, std::uint32_t parentLine,
                    std::uint32_t parentColumn);

    // ---- statements (the hot side: called for every statement of a load) ----
    void recordHead(const dbstatic::Record* record, RecordKind kind, const StatementSite& at);
    void fieldSet(std::uint16_t field, const StatementSite& at) {
        if (at.source != itemSource_) switchSource(at.source);
        items_.push_back({at.line, clampColumn(at.column), field});
    }
    void infoSet(const StatementSite& at) { fieldSet(Item::kInfo, at); }
    void alias(const dbstatic::Record* alias, const dbstatic::Record* target,
               const StatementSite& at);
    void fieldDefinition(std::string_view recordType, std::string_view field,
                         const StatementSite& at);

    // ---- reading ----
    [[nodiscard]] const std::vector<File>& files() const noexcept { return files_; }
    [[nodiscard]] const std::vector<Source>& sources() const noexcept { return sources_; }
    [[nodiscard]] const std::vector<DefinitionOrigin>& origins() const noexcept { return origins_; }
    [[nodiscard]] const std::vector<Load>& loads() const noexcept { return loads_; }
    [[nodiscard]] const std::vector<Caller>& callers() const noexcept { return callers_; }
    [[nodiscard]] const std::deque<RecordEvent>& records() const noexcept { return records_; }
    [[nodiscard]] const std::deque<Item>& items() const noexcept { return items_; }
    [[nodiscard]] const std::vector<AliasEvent>& aliases() const noexcept { return aliases_; }
    [[nodiscard]] const std::vector<FieldDefinition>& fieldDefinitions() const noexcept {
        return fieldDefinitions_;
    }
    // The items of record event `index`.
    [[nodiscard]] std::pair<std::uint32_t, std::uint32_t>
    itemsOf(std::size_t index) const noexcept {
        const std::uint32_t end = index + 1 < records_.size()
                                      ? records_[index + 1].firstItem
                                      : static_cast<std::uint32_t>(items_.size());
        return {records_[index].firstItem, end};
    }
    // Changes whenever the tables do (queries keep indexes of their own until it moves).
    [[nodiscard]] std::uint64_t version() const noexcept { return version_; }
    [[nodiscard]] std::size_t memoryBytes() const noexcept;

private:
    static std::uint16_t clampColumn(std::uint32_t column) noexcept {
        return column > 0xFFFF ? 0xFFFF : static_cast<std::uint16_t>(column);
    }
    void switchSource(std::uint32_t managerSource);
    [[nodiscard]] std::uint32_t sourceOf(std::uint32_t managerSource) const noexcept {
        return managerSource < sourceMap_.size() ? sourceMap_[managerSource] : kNone;
    }
    std::uint32_t internFile(std::string_view shownName, std::string_view path,
                             const CachedFile* text);

    std::vector<File> files_;
    // By shownName, path and the text's address: a name read again with another text (an
    // editor's buffer) is another file.
    std::unordered_map<std::string, std::uint32_t> fileIds_;
    std::vector<Source> sources_;
    std::vector<DefinitionOrigin> origins_; // of template sets' definitions
    std::vector<Load> loads_;
    std::vector<Caller> callers_;
    // In blocks: the two tables that grow with the records never copy themselves to grow.
    std::deque<RecordEvent> records_;
    std::deque<Item> items_;
    std::vector<AliasEvent> aliases_;
    std::vector<FieldDefinition> fieldDefinitions_;

    std::uint32_t caller_ = kNone;
    std::vector<std::uint32_t> loadStack_;
    // The current load's sources: SourceManager id -> sources_ index (kNone: not opened).
    std::vector<std::uint32_t> sourceMap_;
    std::vector<std::vector<std::uint32_t>> savedSourceMaps_; // of the loads it is nested in
    std::uint32_t itemSource_ = kNone; // the manager source the last items were in

    struct Mark {
        std::size_t files, sources, origins, loads, callers, records, items, aliases,
            fieldDefinitions;
    };
    unsigned depth_ = 0;
    Mark mark_{};
    std::uint64_t version_ = 0;
};

} // namespace epicsdb::loaders
