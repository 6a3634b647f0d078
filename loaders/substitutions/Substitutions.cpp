// The public reader of dbLoadTemplate-dialect substitution files: collects what IocSubstReader
// hands out.
#include <epicsdb/loaders/Substitutions.hpp>

#include "IocSubstReader.hpp"
#include "source/TextFile.hpp"

namespace epicsdb::loaders {

namespace {
class Collector final : public SubstitutionHandler {
public:
    explicit Collector(SubstitutionParse& result) : result_(result) {}
    void onSet(const SubstitutionSet& set) override { result_.sets.push_back(set); }
    void onDiagnostic(Diagnostic diagnostic) override {
        result_.diagnostics.push_back(std::move(diagnostic));
    }

private:
    SubstitutionParse& result_;
};
} // namespace

SubstitutionParse parseSubstitutions(std::string_view name, std::string_view text,
                                     std::size_t maxVariables) {
    SubstitutionParse result;
    Collector collector(result);
    IocSubstReader reader(std::string(name), text, maxVariables, collector);
    result.ok = reader.read();
    return result;
}

SubstitutionParse readSubstitutionFile(const std::string& path, std::size_t maxVariables) {
    std::string text;
    std::string error;
    if (!readTextFile(path, text, error)) {
        SubstitutionParse result;
        Diagnostic d;
        d.code = "file-open";
        d.message = "can't open substitution file '" + path + "': " + error;
        d.location = {path, 0, 0};
        result.diagnostics.push_back(std::move(d));
        return result;
    }
    return parseSubstitutions(path, text, maxVariables);
}

} // namespace epicsdb::loaders
