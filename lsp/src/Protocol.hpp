// The numbers and names of LSP 3.17 and JSON-RPC 2.0 the server sends, named as the
// specification names them (DiagnosticSeverity::Error is its `DiagnosticSeverity.Error`), so
// that no source spells a protocol constant as a bare number or string.
#pragma once

namespace epicsdb::lsp {

// JSON-RPC 2.0 and LSP error codes.
namespace ErrorCodes {
inline constexpr int ParseError = -32700;
inline constexpr int InvalidRequest = -32600;
inline constexpr int MethodNotFound = -32601;
inline constexpr int InvalidParams = -32602;
inline constexpr int InternalError = -32603;
inline constexpr int ServerNotInitialized = -32002;
inline constexpr int RequestFailed = -32803;
} // namespace ErrorCodes

namespace DiagnosticSeverity {
inline constexpr int Error = 1;
inline constexpr int Warning = 2;
inline constexpr int Information = 3;
inline constexpr int Hint = 4;
} // namespace DiagnosticSeverity

namespace CompletionItemKind {
inline constexpr int Field = 5;
inline constexpr int Variable = 6;
inline constexpr int Class = 7;
inline constexpr int Reference = 18;
inline constexpr int EnumMember = 20;
} // namespace CompletionItemKind

namespace SymbolKind {
inline constexpr int File = 1;
inline constexpr int Property = 7;
inline constexpr int Field = 8;
inline constexpr int Struct = 23;
} // namespace SymbolKind

namespace TextDocumentSyncKind {
inline constexpr int Incremental = 2;
} // namespace TextDocumentSyncKind

// window/logMessage's `type`.
namespace MessageType {
inline constexpr int Error = 1;
} // namespace MessageType

namespace CodeActionKind {
inline constexpr const char* QuickFix = "quickfix";
} // namespace CodeActionKind

namespace MarkupKind {
inline constexpr const char* Markdown = "markdown";
} // namespace MarkupKind

namespace PositionEncodingKind {
inline constexpr const char* Utf8 = "utf-8";
inline constexpr const char* Utf16 = "utf-16";
} // namespace PositionEncodingKind

// The `source` of every diagnostic the server publishes.
inline constexpr const char* kDiagnosticSource = "epicsdb";

} // namespace epicsdb::lsp
