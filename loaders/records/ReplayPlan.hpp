// A replay plan: what the reader did with a cached file the first time (the tokens the parser
// saw, and the record actions they led to), kept so that the next loads of the same file (the
// instances of a template) need not lex its macro-free lines again nor run the parser. Lines
// with '$' are expanded and lexed again for every load, and the plan is only used when they
// give tokens of the same kinds; the parser, being deterministic, would then take the same
// actions. Anything a plan cannot express (definitions, includes, JSON objects and arrays,
// values lexed in the JSON state on a line with '$', syntax errors) means no plan: such files
// are read the ordinary way every time.
//
// A plan also keeps, for each step, what the record actions learnt from it that holds for every
// load (StepMemo): the next loads then skip that work while it still holds.
#pragma once

#include "DbToken.hpp"
#include "FusedStatement.hpp"

#include <epicsdb/dbStatic/Database.hpp>

#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

namespace epicsdb::loaders {

// Which arguments of a step have, in this load, the same text as when the plan was recorded.
enum class SameText : std::uint8_t {
    None,
    Name, // the first argument (a field or info name, a record type)
    All,
};

// What DbActions learnt from one step in an earlier load, and under which conditions it holds:
// the step's argument texts being the same (SameText), the record being of the same type, the
// database's definitions and options being unchanged. DbActions fills and checks it; the plan
// only keeps it.
struct StepMemo {
    bool nameNotKeyword = false; // the first argument is not a keyword (needs only SameText)
    // Field steps: the field of that name, looked up for a record of `type`.
    std::uint64_t definitions = 0; // Database::definitionsVersion() it was learnt under
    const dbstatic::RecordType* type = nullptr;
    const dbstatic::FieldDef* field = nullptr;
    // And the value, when the whole step was the same: checkField accepted it, under `options`,
    // and the setter's text is value.substr(valueOffset, valueLength).
    bool valueAccepted = false;
    dbstatic::DatabaseOptions options;
    std::uint32_t valueOffset = 0;
    std::uint32_t valueLength = 0;
    std::uint64_t valueHash = 0; // support::fastHash of the setter's text (FieldEdits)
};

// What a replay tells the record actions about a step besides its tokens (nothing, for the
// parser).
struct ReplayFacts {
    StepMemo* memo = nullptr; // the step's own, kept by the plan from one load to the next
    SameText same = SameText::None;
    std::uint32_t nameLine = 0; // record heads: the line of the record's name (0: look it up)
};

struct ReplayPlan {
    enum class Action : std::uint8_t {
        RecordHead,      // a = type token, b = name token, flag = grecord
        FusedRecordHead, // a = the token
        Field,           // a = name token, b = value token
        Info,            // a = name token, b = value token
        FusedField,      // a = the token
        FusedInfo,       // a = the token
        RecordAlias,     // a = alias token
        Alias,           // a = record token, b = alias token
        EndRecord,
    };
    struct Step {
        Action action;
        bool flag = false;
        std::uint32_t a = 0;
        std::uint32_t b = 0;
    };
    struct Token {
        DbTok kind;
        std::uint32_t line;       // 0-based line of the file
        std::uint32_t spanColumn; // where the token starts (a string's opening quote)
        std::uint32_t textColumn; // where the text handed over starts
        std::uint32_t length;     // of the text
        bool onDollarLine;
        FusedArguments fused{}; // a fused statement's arguments
        // Tokens on '$' lines: where their text as recorded is in recordedText.
        std::uint32_t recordedAt = 0;
    };

    std::uint32_t lineCount = 0;
    std::vector<std::uint8_t> dollarLine; // lines that hold '$' in the file as written
    std::vector<Token> tokens;
    std::vector<std::uint32_t> dollarTokens; // tokens on '$' lines, in order
    std::vector<Step> steps;
    std::string recordedText; // of the tokens on '$' lines, one after the other
    // One per step, filled by the replays (empty until the first).
    std::vector<StepMemo> memos;
    // The record head steps, in order (made by the recorder, with memos).
    std::vector<std::uint32_t> heads;
};

struct CachedFile;

// The plans of one Loader's cached files: a file's text lives in the FileCache, what the reader
// learnt from it lives here. A file whose first loads cannot be planned is read normally after
// a few attempts.
class ReplayPlans {
public:
    static constexpr unsigned kMaxAttempts = 3;
    struct Slot {
        std::unique_ptr<ReplayPlan> plan;
        unsigned attempts = 0;
    };
    [[nodiscard]] Slot& of(const CachedFile& file) { return slots_[&file]; }

private:
    std::unordered_map<const CachedFile*, Slot> slots_;
};

} // namespace epicsdb::loaders
