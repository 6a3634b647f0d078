#include "Uri.hpp"

#include <epicsdb/CharClass.hpp>

#include <filesystem>

namespace epicsdb::lsp {

std::optional<std::string> pathOfUri(std::string_view uri) {
    constexpr std::string_view scheme = "file://";
    if (uri.size() < scheme.size()) return std::nullopt;
    for (std::size_t i = 0; i < scheme.size(); ++i)
        if (chars::toLower(uri[i]) != scheme[i]) return std::nullopt;
    uri.remove_prefix(scheme.size());
    const std::size_t slash = uri.find('/');
    if (slash == std::string_view::npos) return std::nullopt;
    const std::string_view host = uri.substr(0, slash);
    if (!host.empty() && host != "localhost") return std::nullopt;
    uri.remove_prefix(slash);
    std::string path;
    for (std::size_t i = 0; i < uri.size(); ++i) {
        if (uri[i] == '%' && i + 2 < uri.size() && chars::isXDigit(uri[i + 1]) &&
            chars::isXDigit(uri[i + 2])) {
            path.push_back(
                static_cast<char>(chars::hexValue(uri[i + 1]) * 16 + chars::hexValue(uri[i + 2])));
            i += 2;
        } else if (uri[i] == '?' || uri[i] == '#') {
            break;
        } else {
            path.push_back(uri[i]);
        }
    }
    if (path.find('\0') != std::string::npos) return std::nullopt;
    return path;
}

std::string uriOfPath(std::string_view path) {
    static constexpr char kHex[] = "0123456789ABCDEF";
    std::string uri = "file://";
    for (const char c : path) {
        const auto u = static_cast<unsigned char>(c);
        if (chars::isAlnum(c) || c == '/' || c == '-' || c == '_' || c == '.' || c == '~') {
            uri.push_back(c);
        } else {
            uri.push_back('%');
            uri.push_back(kHex[u >> 4]);
            uri.push_back(kHex[u & 15]);
        }
    }
    return uri;
}

std::string normalPath(std::string_view path) {
    std::error_code error;
    std::filesystem::path full(path);
    if (full.is_relative()) {
        const auto here = std::filesystem::current_path(error);
        if (!error) full = here / full;
    }
    std::string out = full.lexically_normal().string();
    if (out.size() > 1 && out.back() == '/') out.pop_back();
    return out;
}

} // namespace epicsdb::lsp
