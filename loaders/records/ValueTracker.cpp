#include "ValueTracker.hpp"

namespace epicsdb::loaders {

ValueTracker::Switch ValueTracker::observe(DbTok kind) noexcept {
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
ValueTracker::Switch ValueTracker::observeValue(DbTok kind) noexcept {
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
void ValueTracker::observeStatement(DbTok kind) noexcept {
    switch (kind) {
    case DbTok::Record:
    case DbTok::Grecord:
    case DbTok::RecordHead:
        inRecordStatement_ = true;
        braceDepth_ = 0;
        break;
    case DbTok::Menu:
    case DbTok::Recordtype:
    case DbTok::Breaktable:
    case DbTok::Device:
    case DbTok::Driver:
    case DbTok::Link:
    case DbTok::Registrar:
    case DbTok::Function:
    case DbTok::Variable:
    case DbTok::Path:
    case DbTok::Addpath:
        // Only a field(...) of recordtype has this keyword inside braces: never a value.
        if (kind != DbTok::Menu || braceDepth_ == 0) {
            inRecordStatement_ = false;
            braceDepth_ = 0;
        }
        break;
    case DbTok::LBrace:
        ++braceDepth_;
        break;
    case DbTok::RBrace:
        if (braceDepth_ > 0) --braceDepth_;
        break;
    default:
        break;
    }
}

} // namespace epicsdb::loaders
