// Where field and info values are in the token stream. After `field(NAME,` or `info(NAME,` in
// a record body the scanner must switch to its JSON state (values are JSON, EPICS-BEHAVIOUR 3.2),
// and back after the value's closing parenthesis; a grammar cannot tell the scanner in time, so the
// reader shows this tracker every token before the parser sees it. Hot path (every token of
// every file): defined inline here.
#pragma once

#include "DbToken.hpp"

namespace epicsdb::loaders {

class ValueTracker {
public:
    enum class Switch { None, ToJson, ToInitial };

    // The token just read; says how the scanner's state must change for the next one.
    Switch observe(DbTok kind) noexcept;
    // An include between `field(` and the value's comma ends the value form.
    void include() noexcept {
        if (state_ != State::Idle && state_ != State::InValue) state_ = State::Idle;
    }
    [[nodiscard]] bool inValue() const noexcept { return state_ == State::InValue; }
    // Between statements (or items of a record body) and not swallowing: a fused statement then
    // changes nothing here, and needs no observe().
    [[nodiscard]] bool idle() const noexcept { return state_ == State::Idle && !tooDeep_; }
    // After observe(): whether the token belongs to a value nested deeper than `limit` (a
    // bound against hostile input): the first such token is TooDeep, the rest of that value, up
    // to and including the token that ends it, is Swallowed.
    enum class Nesting { Within, TooDeep, Swallowed };
    Nesting nesting(DbTok kind, unsigned limit) noexcept {
        if (!tooDeep_) {
            if (state_ != State::InValue || jsonDepth_ <= limit) return Nesting::Within;
            tooDeep_ = true;
            return Nesting::TooDeep;
        }
        if (kind == DbTok::End) return Nesting::Within;
        if (state_ != State::InValue) tooDeep_ = false;
        return Nesting::Swallowed;
    }
    void reset() noexcept { *this = {}; }

private:
    Switch observeValue(DbTok kind) noexcept;
    void observeStatement(DbTok kind) noexcept;

    enum class State { Idle, Keyword, Paren, Name, InValue } state_ = State::Idle;
    bool inRecordStatement_ = false;
    int braceDepth_ = 0;
    unsigned jsonDepth_ = 0;
    bool tooDeep_ = false;
};

inline ValueTracker::Switch ValueTracker::observe(DbTok kind) noexcept {
    if (state_ == State::InValue) return observeValue(kind);
    observeStatement(kind);
    switch (state_) {
    case State::Idle:
        if ((kind == DbTok::Field || kind == DbTok::Info) && inRecordStatement_ && braceDepth_ == 1)
            state_ = State::Keyword;
        break;
    case State::Keyword:
        state_ = kind == DbTok::LParen ? State::Paren : State::Idle;
        break;
    case State::Paren:
        state_ = (kind == DbTok::Bareword || kind == DbTok::String) ? State::Name : State::Idle;
        break;
    case State::Name:
        if (kind != DbTok::Comma) {
            state_ = State::Idle;
            break;
        }
        state_ = State::InValue;
        jsonDepth_ = 0;
        return Switch::ToJson;
    case State::InValue:
        break;
    }
    return Switch::None;
}

// Inside a value: it ends at a ')' (or a '}' that closes the record) at depth 0.
inline ValueTracker::Switch ValueTracker::observeValue(DbTok kind) noexcept {
    switch (kind) {
    case DbTok::LBrace:
    case DbTok::JLBracket:
        ++jsonDepth_;
        return Switch::None;
    case DbTok::RBrace:
    case DbTok::JRBracket:
        if (jsonDepth_ > 0) {
            --jsonDepth_;
            return Switch::None;
        }
        // A '}' at depth 0 is the record's own: the value was not closed.
        if (kind == DbTok::RBrace) --braceDepth_;
        break;
    case DbTok::RParen:
        if (jsonDepth_ > 0) return Switch::None; // inside the value: the parser reports it
        break;
    default:
        return Switch::None;
    }
    state_ = State::Idle;
    return Switch::ToInitial;
}

// Which statement the tokens belong to, and how deep in its braces they are.
inline void ValueTracker::observeStatement(DbTok kind) noexcept {
    if (isRecordHead(kind)) {
        inRecordStatement_ = true;
        braceDepth_ = 0;
    } else if (isDefinitionKeyword(kind) || (kind == DbTok::Menu && braceDepth_ == 0)) {
        // Inside braces `menu` is a recordtype field's attribute: never a value.
        inRecordStatement_ = false;
        braceDepth_ = 0;
    } else if (kind == DbTok::LBrace) {
        ++braceDepth_;
    } else if (kind == DbTok::RBrace && braceDepth_ > 0) {
        --braceDepth_;
    }
}

} // namespace epicsdb::loaders
