// A replay plan: what the reader did with a cached file the first time (the tokens the parser
// saw, and the record actions they led to), kept so that the next loads of the same file (the
// instances of a template) need not lex its macro-free lines again nor run the parser. Lines
// with '$' are expanded and lexed again for every load, and the plan is only used when they
// give tokens of the same kinds; the parser, being deterministic, would then take the same
// actions. Anything a plan cannot express (definitions, includes, JSON objects and arrays,
// values lexed in the JSON state on a line with '$', syntax errors) means no plan: such files
// are read the ordinary way every time.
#pragma once

#include "DbToken.hpp"
#include "FusedStatement.hpp"

#include <cstdint>
#include <memory>
#include <unordered_map>
#include <vector>

namespace epicsdb::loaders {

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
        FusedArguments fused{}; // a fused statement's arguments (lines without '$' only)
    };

    std::uint32_t lineCount = 0;
    std::vector<std::uint8_t> dollarLine; // lines that hold '$' in the file as written
    std::vector<Token> tokens;
    std::vector<std::uint32_t> dollarTokens; // tokens on '$' lines, in order
    std::vector<Step> steps;
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
