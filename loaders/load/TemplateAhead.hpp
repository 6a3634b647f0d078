// dbLoadTemplate on two threads: a worker reads the substitution file (IocSubstReader) and
// hands its sets and diagnostics over in file order, so the loads and every message come as
// they would on one thread. For a set whose template an earlier set has loaded, the worker also
// expands the template with the set's macros, with a macro table of its own (the loads' table
// sees no environment, so the same definitions give the same text), and the load takes that
// text instead of expanding it. An expansion with any problem (an undefined macro, a bound) is
// not handed over: the load does it again itself and reports it as it always does.
#pragma once

#include "records/CachedExpansion.hpp"
#include "records/MacroLineExpander.hpp"
#include "substitutions/IocSubstReader.hpp"

#include <epicsdb/Diagnostic.hpp>
#include <epicsdb/loaders/Substitutions.hpp>

#include <condition_variable>
#include <deque>
#include <exception>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <unordered_map>
#include <vector>

namespace epicsdb::loaders {

class TemplateAhead {
public:
    struct Event {
        enum class Kind { Set, Diagnostic, End } kind = Kind::End;
        SubstitutionSet set;
        Diagnostic diagnostic;
        // The set's template expanded with its macros; null when it was not.
        std::unique_ptr<PreparedExpansion> prepared;
        std::exception_ptr error; // the worker failed here: rethrown by the caller
        // Open: nobody has touched it; Preparing: the worker is expanding it; Done: handed
        // over or prepared, the worker leaves it alone.
        enum class State { Open, Preparing, Done } state = State::Open;
    };

    // Reads `text` (which must outlive this object) as the file `name`; the loads' macros are
    // `callerMacros` then each set's definitions, expanded as MacroLineExpander(quiet, limit).
    TemplateAhead(std::string name, std::string_view text, std::size_t maxVariables,
                  std::string_view callerMacros, bool quietMacros, std::size_t expansionLimit);
    ~TemplateAhead();
    TemplateAhead(const TemplateAhead&) = delete;
    TemplateAhead& operator=(const TemplateAhead&) = delete;

    // The next event, waiting for it; null if the worker stopped without saying why.
    std::unique_ptr<Event> next();
    void recycle(std::unique_ptr<Event> event);
    // The file that the template named `templateFile` was read from (its line index made), so
    // later sets naming it are expanded ahead.
    // With its replay plan (null until it has one), so that the '$' line tokens are lexed
    // ahead too.
    void known(const std::string& templateFile, const CachedFile* file, const ReplayPlan* plan);
    // A spare text buffer for the expansions (so they cost no allocation once warm).
    void giveBuffer(std::unique_ptr<std::string> buffer);

private:
    class Handler;
    struct Cancelled {};
    void run(std::string name, std::string_view text, std::size_t maxVariables);
    void push(std::unique_ptr<Event> event);
    // Expands one queued set whose template is known (the lock held on entry and on exit,
    // released while it works); false when there is none.
    bool prepareOne(std::unique_lock<std::mutex>& lock);
    [[nodiscard]] std::unique_ptr<Event> freshEvent();
    void prepare(Event& event);

    std::string callerMacros_;
    MacroLineExpander expander_; // the worker's
    LineProblems problems_;
    std::string macros_;

    std::mutex mutex_;
    std::condition_variable changed_;
    std::deque<std::unique_ptr<Event>> ready_;
    std::vector<std::unique_ptr<Event>> spare_;
    std::vector<std::unique_ptr<std::string>> buffers_;
    struct Known {
        const CachedFile* file = nullptr;
        const ReplayPlan* plan = nullptr;
    };
    std::unordered_map<std::string, Known> files_;
    DollarLexer dollarLexer_; // the worker's
    bool cancel_ = false;
    bool finished_ = false;
    std::thread thread_; // last: started when everything above exists
};

} // namespace epicsdb::loaders
