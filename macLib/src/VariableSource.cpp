#include <epicsdb/macLib/VariableSource.hpp>

#include <cstdlib>
#include <string>

namespace epicsdb::maclib {

namespace {
class ProcessEnvironment final : public VariableSource {
public:
    std::optional<std::string_view> find(std::string_view name) const override {
        // getenv cannot see a name with a NUL in it (nor can a C caller set one).
        if (name.find('\0') != std::string_view::npos) return std::nullopt;
        // getenv wants a C string: short names (all real ones) are copied on the stack, so
        // that a lookup per load allocates nothing.
        char buffer[128];
        const char* value = nullptr;
        if (name.size() < sizeof buffer) {
            name.copy(buffer, name.size());
            buffer[name.size()] = '\0';
            value = std::getenv(buffer);
        } else {
            value = std::getenv(std::string(name).c_str());
        }
        if (!value) return std::nullopt;
        return std::string_view(value);
    }
};
} // namespace

const VariableSource& processEnvironment() noexcept {
    static const ProcessEnvironment environment;
    return environment;
}

} // namespace epicsdb::maclib
