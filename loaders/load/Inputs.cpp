#include <epicsdb/loaders/Inputs.hpp>

namespace epicsdb::loaders {

InputKind inputKindOf(std::string_view path) noexcept {
    if (path.ends_with(".dbd")) return InputKind::Definitions;
    for (std::string_view suffix : {".substitutions", ".substitution", ".sub", ".subs"})
        if (path.ends_with(suffix)) return InputKind::Substitutions;
    return InputKind::Records;
}

InputsResult loadInputs(Loader& loader, std::span<const Input> inputs, std::string_view macros,
                        bool standardDefinitions) {
    InputsResult total;
    auto add = [&total](const LoadResult& result) {
        total.errors += result.errors;
        total.warnings += result.warnings;
    };
    bool haveDefinitions = false;
    for (const Input& input : inputs)
        haveDefinitions |= input.kind == InputKind::Definitions;
    if (standardDefinitions && !haveDefinitions) add(loader.loadDefaultDefinitions());
    for (const Input& input : inputs) {
        switch (input.kind) {
        case InputKind::Definitions:
            add(loader.loadDatabase(input.path));
            break;
        case InputKind::Records:
            add(loader.loadRecords(input.path, macros));
            break;
        case InputKind::Substitutions:
            add(loader.loadTemplate(input.path, macros));
            break;
        }
        ++total.files;
    }
    return total;
}

} // namespace epicsdb::loaders
