// Name similarity for "did you mean" suggestions: a normalised edit distance in [0, 1] where
// insertions and deletions cost 2 and a substitution costs 1 when only the letter case
// differs, 2 otherwise (the weighting EPICS uses, so suggestions agree with it).
#pragma once

#include <epicsdb/CharClass.hpp>

#include <algorithm>
#include <iterator>
#include <string_view>
#include <vector>

namespace epicsdb::support {

inline double nameSimilarity(std::string_view a, std::string_view b) {
    const std::size_t norm = 2 * std::max(a.size(), b.size());
    if (norm == 0) return 1.0;
    std::vector<std::size_t> previous(b.size() + 1), current(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j)
        previous[j] = 2 * j;
    for (std::size_t i = 0; i < a.size(); ++i) {
        current[0] = 2 * (i + 1);
        for (std::size_t j = 0; j < b.size(); ++j) {
            std::size_t substitution = previous[j];
            if (a[i] != b[j]) ++substitution;
            if (chars::toUpper(a[i]) != chars::toUpper(b[j])) ++substitution;
            current[j + 1] = std::min({previous[j + 1] + 2, current[j] + 2, substitution});
        }
        std::swap(previous, current);
    }
    return static_cast<double>(norm - previous[b.size()]) / static_cast<double>(norm);
}

// The best of `candidates` for `name`: the first with the highest score above 0, or null.
template <class Range, class NameOf>
auto bestMatchOf(std::string_view name, const Range& candidates, NameOf nameOf)
    -> decltype(&*std::begin(candidates)) {
    double best = 0;
    decltype(&*std::begin(candidates)) match = nullptr;
    for (const auto& candidate : candidates) {
        const double score = nameSimilarity(name, nameOf(candidate));
        if (score > best) {
            best = score;
            match = &candidate;
        }
    }
    return match;
}

// The name of that best candidate, or empty.
template <class Range, class NameOf>
std::string_view bestMatch(std::string_view name, const Range& candidates, NameOf nameOf) {
    const auto* match = bestMatchOf(name, candidates, nameOf);
    return match ? std::string_view(nameOf(*match)) : std::string_view();
}

// Whether `guess`, the best of `candidates` for `written`, is a sure correction: the same but
// for letter case, or near (a slip or two: a similarity of at least 0.75, "DESCC" for "DESC",
// "1 secnd" for "1 second") and nearer than every other candidate. A tool may then apply it
// unasked; anything less is only a suggestion.
template <class Range, class NameOf>
bool isSureMatch(std::string_view written, std::string_view guess, const Range& candidates,
                 NameOf nameOf) {
    constexpr double kSure = 0.75;
    const bool caseOnly =
        written.size() == guess.size() &&
        std::equal(written.begin(), written.end(), guess.begin(),
                   [](char a, char b) { return chars::toUpper(a) == chars::toUpper(b); });
    if (caseOnly) return true; // "egu" for "EGU"
    const double best = nameSimilarity(written, guess);
    if (best < kSure) return false;
    for (const auto& candidate : candidates) {
        const std::string_view name = nameOf(candidate);
        if (name != guess && nameSimilarity(written, name) >= best) return false;
    }
    return true;
}

} // namespace epicsdb::support
