#include "TemplateAhead.hpp"

namespace epicsdb::loaders {

namespace {
// Events read and not yet taken: enough to keep the loads fed, bounded in memory.
constexpr std::size_t kMaxReady = 32;
} // namespace

class TemplateAhead::Handler final : public SubstitutionHandler {
public:
    explicit Handler(TemplateAhead& owner) : owner_(owner) {}
    void onSet(const SubstitutionSet& set) override {
        std::unique_ptr<Event> event = owner_.freshEvent();
        event->kind = Event::Kind::Set;
        event->set = set;
        owner_.push(std::move(event));
    }
    void onDiagnostic(Diagnostic diagnostic) override {
        std::unique_ptr<Event> event = owner_.freshEvent();
        event->kind = Event::Kind::Diagnostic;
        event->diagnostic = std::move(diagnostic);
        owner_.push(std::move(event));
    }

private:
    TemplateAhead& owner_;
};

TemplateAhead::TemplateAhead(std::string name, std::string_view text, std::size_t maxVariables,
                             std::string_view callerMacros, bool quietMacros,
                             std::size_t expansionLimit)
    : callerMacros_(callerMacros), expander_(quietMacros, expansionLimit),
      thread_([this, name = std::move(name), text, maxVariables]() mutable {
          run(std::move(name), text, maxVariables);
      }) {}

TemplateAhead::~TemplateAhead() {
    {
        const std::lock_guard lock(mutex_);
        cancel_ = true;
    }
    changed_.notify_all();
    thread_.join();
}

void TemplateAhead::run(std::string name, std::string_view text, std::size_t maxVariables) {
    try {
        Handler handler(*this);
        IocSubstReader reader(std::move(name), text, maxVariables, handler);
        reader.read();
        push(freshEvent()); // End
        // Then the sets still queued, until the loads are done.
        std::unique_lock lock(mutex_);
        while (!cancel_)
            if (!prepareOne(lock)) changed_.wait(lock);
    } catch (const Cancelled&) {
    } catch (...) {
        try {
            auto event = std::make_unique<Event>();
            event->error = std::current_exception();
            push(std::move(event));
        } catch (...) {
            // Not even that: next() finds the worker finished.
        }
    }
    const std::lock_guard lock(mutex_);
    finished_ = true;
    changed_.notify_all();
}

std::unique_ptr<TemplateAhead::Event> TemplateAhead::freshEvent() {
    {
        const std::lock_guard lock(mutex_);
        if (!spare_.empty()) {
            std::unique_ptr<Event> event = std::move(spare_.back());
            spare_.pop_back();
            return event;
        }
    }
    return std::make_unique<Event>();
}

void TemplateAhead::push(std::unique_ptr<Event> event) {
    std::unique_lock lock(mutex_);
    if (cancel_) throw Cancelled{};
    event->state = Event::State::Open;
    ready_.push_back(std::move(event));
    changed_.notify_all();
    // Reading further waits for the loads; expanding the queued sets does not.
    while (!cancel_ && ready_.size() >= kMaxReady)
        if (!prepareOne(lock)) changed_.wait(lock);
    if (cancel_) throw Cancelled{};
}

bool TemplateAhead::prepareOne(std::unique_lock<std::mutex>& lock) {
    for (const std::unique_ptr<Event>& queued : ready_) {
        Event& event = *queued;
        if (event.kind != Event::Kind::Set || event.state != Event::State::Open) continue;
        const auto found = files_.find(event.set.templateFile);
        if (found == files_.end()) continue;
        event.state = Event::State::Preparing;
        lock.unlock();
        try {
            prepare(event);
        } catch (...) {
            // Not prepared (prepare() names the file last): the load expands it itself.
        }
        lock.lock();
        event.state = Event::State::Done;
        changed_.notify_all();
        return true;
    }
    return false;
}

std::unique_ptr<TemplateAhead::Event> TemplateAhead::next() {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [&] { return !ready_.empty() || finished_; });
    if (ready_.empty()) return nullptr;
    // A set being expanded is waited for; an untouched one is the load's to expand.
    changed_.wait(lock, [&] { return ready_.front()->state != Event::State::Preparing; });
    ready_.front()->state = Event::State::Done;
    std::unique_ptr<Event> event = std::move(ready_.front());
    ready_.pop_front();
    lock.unlock();
    changed_.notify_all();
    return event;
}

void TemplateAhead::recycle(std::unique_ptr<Event> event) {
    if (!event) return;
    event->kind = Event::Kind::End;
    event->error = nullptr;
    const std::lock_guard lock(mutex_);
    spare_.push_back(std::move(event));
}

void TemplateAhead::known(const std::string& templateFile, const CachedFile* file,
                          const ReplayPlan* plan) {
    const std::lock_guard lock(mutex_);
    Known& known = files_[templateFile];
    if (!known.file) known.file = file;
    if (known.file == file && !known.plan) known.plan = plan;
}

void TemplateAhead::giveBuffer(std::unique_ptr<std::string> buffer) {
    if (!buffer) return;
    const std::lock_guard lock(mutex_);
    buffers_.push_back(std::move(buffer));
}

// The set's template expanded as its load would expand it (TemplateSets builds the same
// macros: the caller's, a comma, the set's definitions).
void TemplateAhead::prepare(Event& event) {
    if (event.prepared) {
        event.prepared->file = nullptr;
        giveBuffer(std::move(event.prepared->text));
    }
    const SubstitutionSet& set = event.set;
    const CachedFile* file = nullptr;
    const ReplayPlan* plan = nullptr;
    std::unique_ptr<std::string> text;
    {
        const std::lock_guard lock(mutex_);
        const auto found = files_.find(set.templateFile);
        if (found == files_.end() || !found->second.file->hasDollar) return;
        file = found->second.file;
        plan = found->second.plan;
        if (!buffers_.empty()) {
            text = std::move(buffers_.back());
            buffers_.pop_back();
        }
    }
    if (!text) text = std::make_unique<std::string>();
    text->clear();
    if (!event.prepared) event.prepared = std::make_unique<PreparedExpansion>();
    PreparedExpansion& prepared = *event.prepared;
    macros_.assign(callerMacros_);
    if (!callerMacros_.empty() && !set.definitions.empty()) macros_.push_back(',');
    macros_.append(set.definitions);
    bool clean = true;
    std::size_t lines = 0;
    expander_.begin(macros_);
    try {
        expandCachedLines(*file, *text, prepared.lineStarts,
                          [&](std::string_view line, std::string& out, std::uint32_t) {
                              ++lines;
                              problems_.clear();
                              if (!expander_.expandLine(line, out, problems_) ||
                                  !problems_.warnings.empty())
                                  clean = false;
                          });
    } catch (...) {
        expander_.end();
        throw;
    }
    expander_.end();
    if (!clean) {
        giveBuffer(std::move(text));
        return;
    }
    prepared.plan = nullptr;
    if (plan && dollarLexer_.lex(*plan, *text, prepared.lineStarts, prepared.dollarTokens))
        prepared.plan = plan;
    text->append(2, '\0');
    prepared.file = file;
    prepared.macros.assign(macros_);
    prepared.text = std::move(text);
    prepared.linesExpanded = lines;
}

} // namespace epicsdb::loaders
