// Recording a replay plan (ReplayPlan.hpp) during the first reading of a cached file: the
// reader hands over every token it gives the parser, the actions every record statement they
// take (with the spans of its tokens). Anything a plan cannot express abandons the recording;
// the file is then read the ordinary way next time too.
#pragma once

#include "DbToken.hpp"
#include "ReplayPlan.hpp"
#include "source/SourceManager.hpp"
#include "source/Span.hpp"

#include <cstdint>
#include <string_view>
#include <vector>

namespace epicsdb::loaders {

struct CachedFile;

class PlanRecorder {
public:
    // Starts recording the reading of `file`, opened as `source` (read whole, one chunk).
    void start(const CachedFile& file, ReplayPlans::Slot& slot, const SourceInfo& source,
               std::uint32_t sourceId);
    // The plan is kept when nothing abandoned it.
    void finish();
    void abandon() noexcept { failed_ = true; }
    // Records nothing until the next start(): a load that ended mid-file (an exception) leaves
    // the recording pointing at text that is gone.
    void stop() noexcept { recording_ = false; }

    // A token handed to the parser; `lexedInJson` for tokens of a field or info value.
    void token(DbTok kind, const Span& span, std::string_view text, bool lexedInJson) {
        if (recording_ && !failed_) addToken(kind, span, text, lexedInJson);
    }
    // A record statement, by the tokens its arguments begin at.
    void step(ReplayPlan::Action action, const Span* a = nullptr, const Span* b = nullptr,
              bool flag = false) {
        if (recording_ && !failed_) addStep(action, a, b, flag);
    }

private:
    void addToken(DbTok kind, const Span& span, std::string_view text, bool lexedInJson);
    void addStep(ReplayPlan::Action action, const Span* a, const Span* b, bool flag);

    bool recording_ = false;
    bool failed_ = false;
    ReplayPlans::Slot* slot_ = nullptr;
    std::uint32_t source_ = 0;
    const char* data_ = nullptr; // the file's text in this load, after macro expansion
    std::uint32_t base_ = 0;
    const std::vector<std::uint32_t>* lineStarts_ = nullptr; // of that text
    std::vector<std::uint32_t> tokenOffsets_;                // where each plan token starts
    ReplayPlan plan_;
};

} // namespace epicsdb::loaders
