// Scope guards for the state an IOC run changes for a while (a mode of the caller's database,
// the script chain of the sink, a macro scope, the shell's nesting, the caller of a load that
// keeps provenance): each is undone by a destructor, so that an exception on the way
// (std::bad_alloc) leaves it as it was. Private to the ioc layer.
#pragma once

#include "MacroOrigins.hpp"
#include "ScriptSink.hpp"

#include <epicsdb/dbStatic/Database.hpp>
#include <epicsdb/loaders/Provenance.hpp>
#include <epicsdb/macLib/MacroTable.hpp>

#include <utility>
#include <vector>

namespace epicsdb::ioc {

// A variable holding `value` for the guard's lifetime, then its previous value again.
template <class T>
class ScopedValue {
public:
    ScopedValue(T& variable, T value)
        : variable_(variable), saved_(std::exchange(variable, value)) {}
    ~ScopedValue() { variable_ = std::move(saved_); }
    ScopedValue(const ScopedValue&) = delete;
    ScopedValue& operator=(const ScopedValue&) = delete;

private:
    T& variable_;
    T saved_;
};

// An entry at the back of a list for the guard's lifetime.
template <class List>
class ScopedBack {
public:
    ScopedBack(List& list, typename List::value_type entry) : list_(list) {
        list_.push_back(std::move(entry));
    }
    ~ScopedBack() { list_.pop_back(); }
    ScopedBack(const ScopedBack&) = delete;
    ScopedBack& operator=(const ScopedBack&) = delete;

private:
    List& list_;
};

// Whether record types defined now get record support (Database::setSupportForNewTypes).
class ScopedSupportForNewTypes {
public:
    ScopedSupportForNewTypes(dbstatic::Database& db, bool supported) noexcept
        : db_(db), saved_(db.supportForNewTypes()) {
        db_.setSupportForNewTypes(supported);
    }
    ~ScopedSupportForNewTypes() { db_.setSupportForNewTypes(saved_); }
    ScopedSupportForNewTypes(const ScopedSupportForNewTypes&) = delete;
    ScopedSupportForNewTypes& operator=(const ScopedSupportForNewTypes&) = delete;

private:
    dbstatic::Database& db_;
    bool saved_;
};

// The script chain the sink appends to what is reported.
class ScopedChain {
public:
    ScopedChain(ScriptSink& sink, std::vector<ContextFrame> chain) noexcept
        : sink_(sink), saved_(sink.exchangeChain(std::move(chain))) {}
    ~ScopedChain() { sink_.exchangeChain(std::move(saved_)); }
    ScopedChain(const ScopedChain&) = delete;
    ScopedChain& operator=(const ScopedChain&) = delete;

private:
    ScriptSink& sink_;
    std::vector<ContextFrame> saved_;
};

// A macro scope (macPushScope ... macPopScope): definitions made inside are dropped at its end,
// in the table and in the record of where they came from.
class ScopedMacroScope {
public:
    ScopedMacroScope(maclib::MacroTable& table, MacroOrigins& origins) noexcept
        : table_(table), origins_(origins) {
        table_.pushScope();
        origins_.pushScope();
    }
    ~ScopedMacroScope() {
        origins_.popScope();
        table_.popScope();
    }
    ScopedMacroScope(const ScopedMacroScope&) = delete;
    ScopedMacroScope& operator=(const ScopedMacroScope&) = delete;

private:
    maclib::MacroTable& table_;
    MacroOrigins& origins_;
};

// A sink for the warnings of the table's expansions. The shell's table has none between
// lines: the guard leaves it with none.
class ScopedWarningSink {
public:
    ScopedWarningSink(maclib::MacroTable& table, maclib::WarningSink sink) : table_(table) {
        table_.setWarningSink(std::move(sink));
    }
    ~ScopedWarningSink() { table_.setWarningSink({}); }
    ScopedWarningSink(const ScopedWarningSink&) = delete;
    ScopedWarningSink& operator=(const ScopedWarningSink&) = delete;

private:
    maclib::MacroTable& table_;
};

// The caller of the loads run in the guard's lifetime (Provenance::setCaller: the script lines
// that led to them and the macros their line used), cleared at its end on every path out.
// Without provenance it does nothing.
class ScopedCaller {
public:
    ScopedCaller(loaders::Provenance* provenance, std::vector<ContextFrame> frames,
                 std::vector<loaders::MacroUse> lineMacros, std::string_view lineAsWritten)
        : provenance_(provenance) {
        if (provenance_)
            provenance_->setCaller(std::move(frames), std::move(lineMacros),
                                   std::string(lineAsWritten));
    }
    ~ScopedCaller() {
        if (provenance_) provenance_->clearCaller();
    }
    ScopedCaller(const ScopedCaller&) = delete;
    ScopedCaller& operator=(const ScopedCaller&) = delete;

private:
    loaders::Provenance* provenance_;
};

} // namespace epicsdb::ioc
