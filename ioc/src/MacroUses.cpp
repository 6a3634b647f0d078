#include "MacroUses.hpp"

#include "ScopedState.hpp"

#include <epicsdb/macLib/Definitions.hpp>

#include <algorithm>

namespace epicsdb::ioc {

namespace {
// Where `part` (a view into `text`, which begins at `at`) begins, or null when `at` is.
const SourceLocation* partAt(const SourceLocation* at, std::string_view text, std::string_view part,
                             SourceLocation& storage) {
    if (!at) return nullptr;
    storage = *at;
    if (storage.column) storage.column += static_cast<unsigned>(part.data() - text.data());
    return &storage;
}
} // namespace

std::vector<loaders::MacroUse> MacroUses::of(std::string_view written, const SourceLocation* at) {
    std::vector<loaders::MacroUse> out;
    collect(written, at, 0, out);
    return out;
}

void MacroUses::collect(std::string_view written, const SourceLocation* at, unsigned depth,
                        std::vector<loaders::MacroUse>& out) {
    if (depth >= kMaxDepth || written.find('$') == std::string_view::npos) return;
    for (const RawReference& ref : scanReferences(written))
        out.push_back(use(written, at, ref, depth));
}

std::string MacroUses::expanded(std::string_view text) {
    return table_.expand(text).text;
}

loaders::MacroUse MacroUses::use(std::string_view text, const SourceLocation* at,
                                 const RawReference& ref, unsigned depth) {
    loaders::MacroUse use;
    SourceLocation partLocation;
    std::vector<loaders::MacroUse> nameParts; // the references a name made of references used
    if (ref.name.find('$') != std::string_view::npos) {
        use.name = expanded(ref.name);
        collect(ref.name, partAt(at, text, ref.name, partLocation), depth + 1, nameParts);
    } else {
        use.name = ref.name;
    }
    use.value = expanded(ref.text(text));

    // A name met again inside its own value: its origin, but not its value's references again.
    const bool cycle = std::find(path_.begin(), path_.end(), use.name) != path_.end();
    const ScopedBack onPath(path_, use.name);
    std::string_view stored; // the value as kept, whose references expand when it is used
    if (const GivenMacro* given = given_.find(use.name)) {
        const std::string name = std::move(use.name);
        const std::string value = std::move(use.value);
        use = given->origin;
        use.name = name;
        use.value = value;
        use.origin = loaders::MacroOrigin::ScriptVariable;
        stored = given->value ? std::string_view(*given->value) : std::string_view();
    } else if (const std::optional<std::string_view> variable = environment_.find(use.name)) {
        const VariableOrigin* origin = environment_.origin(use.name);
        stored = *variable;
        if (!origin || origin->fromStartingEnvironment()) {
            use.origin = loaders::MacroOrigin::ProcessEnvironment;
            use.written = *variable;
        } else {
            use.origin = loaders::MacroOrigin::ScriptVariable;
            use.location = origin->where;
            use.detail = origin->command;
            use.written = origin->written;
            use.inner = origin->inner;
        }
    } else if (ref.defaultText) {
        use.origin = loaders::MacroOrigin::Default;
        use.written = *ref.defaultText;
        if (const SourceLocation* written = partAt(at, text, *ref.defaultText, partLocation)) {
            use.location = *written; // the default is defined where it is written
            collect(*ref.defaultText, written, depth + 1, use.inner);
        } else {
            collect(*ref.defaultText, nullptr, depth + 1, use.inner);
        }
    } else {
        use.origin = loaders::MacroOrigin::Undefined;
        use.written = ref.text(text);
    }
    // `stored` points into the environment or the definitions, which nothing changes here.
    if (!cycle && !stored.empty()) collect(stored, nullptr, depth + 1, use.inner);
    use.inner.insert(use.inner.begin(), nameParts.begin(), nameParts.end());
    return use;
}

namespace {
// The line's location, at its first argument when the words as written are known.
SourceLocation locationOf(const ScriptLine& line) {
    const std::optional<RawWord> first = line.word(1);
    return first ? line.at(first->begin) : line.at(0);
}
} // namespace

std::vector<GivenMacro> MacroUses::given(const ScriptLine& line, std::size_t index,
                                         std::string_view expanded) {
    const std::optional<RawWord> word = line.word(index);
    const SourceLocation where = locationOf(line);
    const std::vector<maclib::OwnedDefinition> items = maclib::parseDefinitions(expanded);
    const std::vector<maclib::OwnedDefinition> asWritten =
        maclib::parseDefinitions(word ? std::string_view(word->text) : std::string_view());
    // The items as written stand for those expanded when they line up one for one (a value
    // that expanded to a `,` breaks that: the expanded text is then all that is known).
    const bool lineUp =
        asWritten.size() == items.size() &&
        std::equal(items.begin(), items.end(), asWritten.begin(),
                   [](const maclib::OwnedDefinition& a, const maclib::OwnedDefinition& b) {
                       return (a.name == b.name || b.name.find('$') != std::string::npos) &&
                              a.value.has_value() == b.value.has_value();
                   });
    std::vector<GivenMacro> out;
    out.reserve(items.size());
    for (std::size_t i = 0; i < items.size(); ++i) {
        GivenMacro& given = out.emplace_back();
        given.name = items[i].name;
        given.value = items[i].value;
        loaders::MacroUse& origin = given.origin;
        origin.name = items[i].name;
        origin.origin = loaders::MacroOrigin::ScriptVariable;
        origin.location = where;
        origin.detail = line.command();
        if (lineUp && asWritten[i].value) {
            origin.written = *asWritten[i].value;
            origin.inner = of(origin.written);
        } else {
            origin.written = items[i].value.value_or("");
        }
    }
    return out;
}

VariableOrigin variableOrigin(const ScriptLine& line, std::size_t index, std::string_view value,
                              MacroUses* uses) {
    VariableOrigin origin;
    origin.where = locationOf(line);
    origin.command = line.command();
    if (const std::optional<RawWord> word = line.word(index)) {
        origin.written = word->text;
        const SourceLocation spanAt = line.at(word->spanBegin);
        if (uses) origin.inner = uses->of(word->span(line.written), &spanAt);
    } else {
        // Which part of the line gave the value is not known: all its references did.
        origin.written = value;
        const SourceLocation lineAt = line.at(0);
        if (uses) origin.inner = uses->of(line.written, &lineAt);
    }
    return origin;
}

} // namespace epicsdb::ioc
