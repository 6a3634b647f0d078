// Where field and info values are in the token stream. After `field(NAME,` or `info(NAME,` in
// a record body the scanner must switch to its JSON state (values are JSON, SPEC 3.2), and back
// after the value's closing parenthesis; a grammar cannot tell the scanner in time, so the
// reader shows this tracker every token before the parser sees it.
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
    // Nesting of '{' and '[' inside the value being read.
    [[nodiscard]] unsigned jsonDepth() const noexcept { return jsonDepth_; }
    void reset() noexcept { *this = {}; }

private:
    Switch observeValue(DbTok kind) noexcept;
    void observeStatement(DbTok kind) noexcept;

    enum class State { Idle, Keyword, Paren, Name, InValue } state_ = State::Idle;
    bool inRecordStatement_ = false;
    int braceDepth_ = 0;
    unsigned jsonDepth_ = 0;
};

} // namespace epicsdb::loaders
