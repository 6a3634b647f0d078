// lsp::Server in-process: the lifecycle and the errors of JSON-RPC, diagnostics (ranges in
// UTF-16, codes, related locations, unsaved texts, full and incremental changes), and the
// features (hover, completion, definition, references, symbols, formatting, code actions);
// the quick fix in UTF-8 columns.
#include "LspSession.hpp"

#include "ScratchDir.hpp"

#include <filesystem>

namespace epicsdb::test {
namespace {

std::string uriOf(const std::string& path) {
    return "file://" + path;
}

TEST(LspLifecycle, RequestBeforeInitializeIsServerNotInitialized) {
    LspSession session;
    const json response =
        session.request("textDocument/hover", LspSession::at("file:///x.db", 0, 0));
    ASSERT_TRUE(response.contains("error")) << response;
    EXPECT_EQ(response["error"]["code"], -32002);
}

TEST(LspLifecycle, NotificationsAreNeverAnswered) {
    LspSession session;
    session.notify("textDocument/didOpen", {{"textDocument", {{"uri", "file:///x.db"}}}});
    session.initialize();
    const std::size_t before = session.sent.size();
    session.notify("no/such/notification", {{"x", 1}});
    session.notify("$/cancelRequest", {{"id", 4}});
    session.notify("textDocument/didChange",
                   {{"textDocument", {{"uri", "file:///never.db"}, {"version", 2}}},
                    {"contentChanges", json::array({{{"text", "x"}}})}});
    for (std::size_t i = before; i < session.sent.size(); ++i)
        EXPECT_FALSE(session.sent[i].contains("id")) << session.sent[i];
}

TEST(LspLifecycle, BadMessagesGetTheirErrorsAndTheServerGoesOn) {
    LspSession session;
    session.initialize();
    struct Case {
        std::string body;
        int code;
    };
    const std::vector<Case> cases = {
        {"{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": ", -32700},
        {"not json at all", -32700},
        {std::string(100000, '[') + std::string(100000, ']'), -32700},
        {"[1, 2, 3]", -32600},
        {"{\"id\": 7, \"method\": \"shutdown\"}", -32600},
        {"{\"jsonrpc\": \"2.0\", \"id\": {\"a\": 1}, \"method\": \"x\"}", -32600},
        {"{\"jsonrpc\": \"2.0\", \"id\": 8}", -32600},
        {"{\"jsonrpc\": \"2.0\", \"id\": 9, \"method\": \"no/such/method\"}", -32601},
        {"{\"jsonrpc\": \"2.0\", \"id\": 10, \"method\": \"textDocument/hover\", \"params\": 3}",
         -32602},
        {"{\"jsonrpc\": \"2.0\", \"id\": 11, \"method\": \"textDocument/hover\", \"params\": "
         "{\"textDocument\": {\"uri\": \"file:///never/opened.db\"}, \"position\": {\"line\": 0, "
         "\"character\": 0}}}",
         -32602},
        {"{\"jsonrpc\": \"2.0\", \"id\": 12, \"method\": \"initialize\", \"params\": {}}", -32600},
    };
    for (const Case& c : cases) {
        session.sent.clear();
        session.raw(c.body);
        ASSERT_EQ(session.sent.size(), 1u) << c.body;
        ASSERT_TRUE(session.sent[0].contains("error")) << c.body << " -> " << session.sent[0];
        EXPECT_EQ(session.sent[0]["error"]["code"], c.code) << c.body << " -> " << session.sent[0];
    }
    // Still serving.
    const json symbols = session.request("textDocument/documentSymbol",
                                         {{"textDocument", {{"uri", "file:///y.db"}}}});
    EXPECT_EQ(symbols["error"]["code"], -32602);
    session.open("file:///tmp/lsp-test-nowhere/y.db", "record(ai, \"a\")\n");
    EXPECT_TRUE(session
                    .request("textDocument/documentSymbol",
                             {{"textDocument", {{"uri", "file:///tmp/lsp-test-nowhere/y.db"}}}})
                    .contains("result"));
}

TEST(LspLifecycle, IdsComeBackAsTheyWereSent) {
    LspSession session;
    session.initialize();
    for (const std::string id : {"\"abc\"", "18446744073709551615", "-7", "null"}) {
        session.sent.clear();
        session.raw("{\"jsonrpc\": \"2.0\", \"id\": " + id + ", \"method\": \"no/such\"}");
        ASSERT_EQ(session.sent.size(), 1u) << id;
        EXPECT_EQ(session.sent[0]["id"], json::parse(id)) << session.sent[0];
        EXPECT_EQ(session.sent[0]["error"]["code"], -32601) << session.sent[0];
    }
}

TEST(LspLifecycle, ShutdownThenExitIsStatusZero) {
    LspSession session;
    session.initialize();
    EXPECT_TRUE(session.request("shutdown").contains("result"));
    const json after = session.request("textDocument/hover", LspSession::at("file:///x.db", 0, 0));
    EXPECT_EQ(after["error"]["code"], -32600);
    EXPECT_FALSE(session.server().exited());
    session.notify("exit");
    EXPECT_TRUE(session.server().exited());
    EXPECT_EQ(session.server().exitStatus(), 0);
}

TEST(LspLifecycle, ExitWithoutShutdownIsStatusOne) {
    LspSession session;
    session.initialize();
    session.notify("exit");
    EXPECT_TRUE(session.server().exited());
    EXPECT_EQ(session.server().exitStatus(), 1);
}

TEST(LspLifecycle, InitializeNegotiatesThePositionEncoding) {
    LspSession utf16;
    EXPECT_EQ(utf16.initialize()["result"]["capabilities"]["positionEncoding"], "utf-16");
    LspSession utf8;
    const json response = utf8.request(
        "initialize", {{"capabilities",
                        {{"general", {{"positionEncodings", json::array({"utf-8", "utf-16"})}}}}}});
    EXPECT_EQ(response["result"]["capabilities"]["positionEncoding"], "utf-8");
    EXPECT_EQ(response["result"]["capabilities"]["textDocumentSync"]["change"], 2);
}

class LspFiles : public ::testing::Test {
protected:
    void SetUp() override {
        root = std::filesystem::canonical(dir.path()).string();
        session.initialize(uriOf(root));
    }
    std::string write(const std::string& name, const std::string& text) {
        dir.write(name, text);
        return root + "/" + name;
    }
    ScratchDir dir;
    std::string root;
    LspSession session;
};

// A record with a misspelt field name ("é😀" before it: 3 UTF-16 units, 6 bytes) and a value
// that is no number (no fix-it for it).
const std::string kMisspelt = "record(ai, \"a\") {\n    field(DESC, \"é😀\") field(DESCC, \"1\")\n"
                              "    field(PREC, \"abc\")\n}\n";

json codeActionAt(LspSession& session, const std::string& uri, const json& range) {
    return session.request("textDocument/codeAction",
                           {{"textDocument", {{"uri", uri}}},
                            {"range", range},
                            {"context", {{"diagnostics", json::array()}}}});
}

TEST_F(LspFiles, DiagnosticsAtTheirRangeInUtf16WithCodeAndFix) {
    const std::string uri = uriOf(root + "/a.db");
    session.open(uri, kMisspelt);
    const json diagnostics = session.diagnostics(uri);
    const json unknown = withCode(diagnostics, "field-unknown");
    ASSERT_FALSE(unknown.is_null()) << diagnostics.dump(2);
    EXPECT_EQ(unknown["range"], range(1, 29, 1, 34)) << unknown.dump(2);
    EXPECT_EQ(unknown["severity"], 1);
    EXPECT_EQ(unknown["source"], "epicsdb");
    EXPECT_NE(unknown["message"].get<std::string>().find("\ndid you mean \"DESC\"?"),
              std::string::npos)
        << unknown.dump(2);

    // The cursor on the word: its quick fix, the diagnostic it fixes, the edit.
    const json actions = codeActionAt(session, uri, range(1, 30, 1, 30));
    ASSERT_EQ(actions["result"].size(), 1u) << actions.dump(2);
    const json& action = actions["result"][0];
    EXPECT_EQ(action["kind"], "quickfix");
    EXPECT_EQ(action["title"].get<std::string>().rfind("did you mean \"DESC\"?", 0), 0u)
        << action.dump(2);
    EXPECT_EQ(action["isPreferred"], true);
    EXPECT_EQ(action["diagnostics"], json::array({unknown}));
    const json edit = action["edit"]["changes"][uri][0];
    EXPECT_EQ(edit["newText"], "DESC");
    EXPECT_EQ(edit["range"], range(1, 29, 1, 34));

    // The value that is no number: a diagnostic, no action.
    const json value = withCode(diagnostics, "field-value");
    ASSERT_FALSE(value.is_null()) << diagnostics.dump(2);
    EXPECT_EQ(codeActionAt(session, uri, value["range"])["result"], json::array());
}

TEST(LspUtf8, TheQuickFixInUtf8Columns) {
    LspSession session;
    const json init = session.request(
        "initialize",
        {{"capabilities", {{"general", {{"positionEncodings", json::array({"utf-8"})}}}}}});
    ASSERT_EQ(init["result"]["capabilities"]["positionEncoding"], "utf-8");
    session.notify("initialized");
    const std::string uri = "file:///tmp/lsp-test-nowhere/utf8.db";
    session.open(uri, kMisspelt);
    const json unknown = withCode(session.diagnostics(uri), "field-unknown");
    ASSERT_FALSE(unknown.is_null()) << session.diagnostics(uri).dump(2);
    EXPECT_EQ(unknown["range"], range(1, 32, 1, 37));
    const json actions = codeActionAt(session, uri, range(1, 32, 1, 37));
    ASSERT_EQ(actions["result"].size(), 1u) << actions.dump(2);
    const json edit = actions["result"][0]["edit"]["changes"][uri][0];
    EXPECT_EQ(edit["newText"], "DESC");
    EXPECT_EQ(edit["range"], range(1, 32, 1, 37));
}

TEST_F(LspFiles, IncrementalAndFullChangesCheckTheNewText) {
    const std::string uri = uriOf(root + "/a.db");
    session.open(uri, "record(ai, \"a\") {\n    field(SCAN, \"3 second\")\n}\n");
    ASSERT_FALSE(withCode(session.diagnostics(uri), "field-value").is_null())
        << session.diagnostics(uri).dump(2);
    // "3" -> "1": one character replaced.
    session.notify(
        "textDocument/didChange",
        {{"textDocument", {{"uri", uri}, {"version", 2}}},
         {"contentChanges", json::array({{{"range", range(1, 17, 1, 18)}, {"text", "1"}}})}});
    EXPECT_TRUE(withCode(session.diagnostics(uri), "field-value").is_null())
        << session.diagnostics(uri).dump(2);
    session.notify(
        "textDocument/didChange",
        {{"textDocument", {{"uri", uri}, {"version", 3}}},
         {"contentChanges",
          json::array({{{"text", "record(ai, \"a\") {\n    field(DTYP, \"Nope\")\n}\n"}}})}});
    const json after = session.diagnostics(uri);
    ASSERT_EQ(after.size(), 1u) << after.dump(2);
    EXPECT_EQ(after[0]["range"]["start"]["line"], 1);
}

TEST_F(LspFiles, EachCheckSeesOnlyTheCurrentText) {
    // The definitions are kept from check to check, the records of the last text are not:
    // the same record again is no redefinition, a record removed is gone.
    const std::string uri = uriOf(root + "/a.db");
    session.open(uri, "record(ai, \"a\")\nrecord(calc, \"c\") {\n    field(INPA, \"a\")\n}\n");
    for (int version = 2; version < 5; ++version) {
        session.notify(
            "textDocument/didChange",
            {{"textDocument", {{"uri", uri}, {"version", version}}},
             {"contentChanges",
              json::array(
                  {{{"text",
                     "record(ai, \"a\")\nrecord(calc, \"c\") {\n    field(INPA, \"a\")\n}\n"}}})}});
        EXPECT_TRUE(session.diagnostics(uri).empty()) << session.diagnostics(uri).dump(2);
    }
    session.notify(
        "textDocument/didChange",
        {{"textDocument", {{"uri", uri}, {"version", 5}}},
         {"contentChanges",
          json::array({{{"text", "record(calc, \"c\") {\n    field(INPA, \"a\")\n}\n"}}})}});
    const json gone = withCode(session.diagnostics(uri), "ext-link");
    EXPECT_FALSE(gone.is_null()) << session.diagnostics(uri).dump(2);
    // Other definitions: the project's .dbd, read when the project file names it.
    write("my.dbd", "menu(m) { choice(m0, \"zero\") }\nrecordtype(mine) {\n    field(NAME, "
                    "DBF_STRING) { size(61) }\n"
                    "    field(M, DBF_MENU) { menu(m) }\n}\n");
    write(".epicsdb.toml", "dbd = [\"my.dbd\"]\n");
    session.notify(
        "textDocument/didChange",
        {{"textDocument", {{"uri", uri}, {"version", 6}}},
         {"contentChanges",
          json::array({{{"text", "record(mine, \"m\") {\n    field(M, \"zero\")\n}\n"}}})}});
    EXPECT_TRUE(session.diagnostics(uri).empty()) << session.diagnostics(uri).dump(2);
}

TEST_F(LspFiles, AnIncludedFileIsReadAsTheEditorHasIt) {
    write("b.db", "record(ai, \"b\") {\n    field(SCAN, \"1 second\")\n}\n");
    const std::string a = uriOf(root + "/a.db");
    session.open(a, "include \"b.db\"\nrecord(ai, \"a\")\n");
    EXPECT_TRUE(session.diagnostics(a).empty()) << session.diagnostics(a).dump(2);
    // b.db opened with an error it does not have on disk: a.db shows it at its include line.
    const std::string b = uriOf(root + "/b.db");
    session.open(b, "record(ai, \"b\") {\n    field(SCAN, \"bad\")\n}\n");
    const json diagnostics = session.diagnostics(a);
    const json choice = withCode(diagnostics, "field-value");
    ASSERT_FALSE(choice.is_null()) << diagnostics.dump(2);
    EXPECT_EQ(choice["range"]["start"]["line"], 0);
    bool pointsAtB = false;
    for (const json& related : choice["relatedInformation"])
        pointsAtB |=
            related["location"]["uri"] == b && related["location"]["range"]["start"]["line"] == 1;
    EXPECT_TRUE(pointsAtB) << choice.dump(2);
}

TEST_F(LspFiles, TextThatIsNotUtf8GoesOutAsUtf8) {
    // An include on disk in Latin-1, its bad value quoted in a diagnostic of the document:
    // every message the server sends is still JSON a client reads (LspSession parses each),
    // the byte replaced.
    write("latin1.db", "record(ai, \"b\") {\n    field(SCAN, \"caf\xe9\")\n}\n");
    const std::string uri = uriOf(root + "/a.db");
    session.open(uri, "include \"latin1.db\"\n");
    const json value = withCode(session.diagnostics(uri), "field-value");
    ASSERT_FALSE(value.is_null()) << session.diagnostics(uri).dump(2);
    EXPECT_NE(value["message"].get<std::string>().find("caf\xef\xbf\xbd"), std::string::npos)
        << value.dump(2);
}

TEST_F(LspFiles, ARecordDefinedAgainPointsAtTheFirstDefinition) {
    const std::string uri = uriOf(root + "/a.db");
    session.open(uri, "record(ai, \"a\")\n\nrecord(ai, \"a\")\n");
    const json again = withCode(session.diagnostics(uri), "rec-append");
    ASSERT_FALSE(again.is_null()) << session.diagnostics(uri).dump(2);
    EXPECT_EQ(again["range"]["start"]["line"], 2);
    ASSERT_TRUE(again.contains("relatedInformation")) << again.dump(2);
    ASSERT_EQ(again["relatedInformation"].size(), 1u) << again.dump(2);
    EXPECT_EQ(again["relatedInformation"][0]["location"]["uri"], uri);
    EXPECT_EQ(again["relatedInformation"][0]["location"]["range"]["start"]["line"], 0);
    // No action: nothing to fix.
    EXPECT_EQ(codeActionAt(session, uri, again["range"])["result"], json::array());
}

TEST_F(LspFiles, ATemplateAloneHasItsUndefinedMacrosOnce) {
    const std::string uri = uriOf(root + "/x.template");
    session.open(
        uri, "record(ai, \"$(P):a\") {\n    field(DESC, \"$(D)\")\n    field(EGU, \"$(P)\")\n}\n");
    const json diagnostics = session.diagnostics(uri);
    std::size_t undefined = 0;
    for (const json& d : diagnostics)
        undefined += d.value("code", "") == "macro-undefined";
    ASSERT_EQ(undefined, 1u) << diagnostics.dump(2);
    const json one = withCode(diagnostics, "macro-undefined");
    EXPECT_NE(one["message"].get<std::string>().find("D, P"), std::string::npos) << one.dump(2);
    EXPECT_EQ(one["relatedInformation"].size(), 3u);
    // With the project's macros, none.
    write(".epicsdb.toml", "[macros]\nP = \"demo\"\nD = \"a thing\"\n");
    session.notify("workspace/didChangeWatchedFiles", {{"changes", json::array()}});
    EXPECT_TRUE(withCode(session.diagnostics(uri), "macro-undefined").is_null())
        << session.diagnostics(uri).dump(2);
    const json hover = session.request("textDocument/hover", LspSession::at(uri, 1, 20));
    EXPECT_NE(hover["result"]["contents"]["value"].get<std::string>().find("`a thing`"),
              std::string::npos)
        << hover.dump(2);
    EXPECT_NE(hover["result"]["contents"]["value"].get<std::string>().find(".epicsdb.toml"),
              std::string::npos);
}

TEST_F(LspFiles, AFileTheStartupScriptLoadsIsCheckedInItsIoc) {
    write("db/x.template", "record(ai, \"$(P)temp\") {\n    field(FLNK, \"$(P)calc\")\n}\n");
    write("db/y.db", "record(calc, \"demo:calc\")\n");
    const std::string scriptText = "dbLoadRecords(\"../../db/x.template\", \"P=demo:\")\n"
                                   "dbLoadRecords(\"../../db/y.db\")\n"
                                   "dbLoadRecords(\"../../db/missing.db\")\n";
    write("iocBoot/ioc/st.cmd", scriptText);
    write(".epicsdb.toml", "startup = \"iocBoot/ioc/st.cmd\"\n");
    const std::string uri = uriOf(root + "/db/x.template");
    session.open(uri, "record(ai, \"$(P)temp\") {\n    field(FLNK, \"$(P)calc\")\n}\n");
    // The macros come from the script's load, the link resolves in the IOC.
    EXPECT_TRUE(withCode(session.diagnostics(uri), "macro-undefined").is_null())
        << session.diagnostics(uri).dump(2);
    EXPECT_TRUE(withCode(session.diagnostics(uri), "ext-link").is_null())
        << session.diagnostics(uri).dump(2);
    const json hover = session.request("textDocument/hover", LspSession::at(uri, 0, 13));
    const std::string text = hover["result"]["contents"]["value"];
    EXPECT_NE(text.find("`demo:`"), std::string::npos) << text;
    EXPECT_NE(text.find("st.cmd:1 (dbLoadRecords)"), std::string::npos) << text;
    // The script's own problem (a database it cannot find) is shown in the script.
    const std::string script = uriOf(root + "/iocBoot/ioc/st.cmd");
    session.open(script, scriptText);
    const json diagnostics = session.diagnostics(script);
    ASSERT_EQ(diagnostics.size(), 1u) << diagnostics.dump(2);
    EXPECT_EQ(diagnostics[0]["range"]["start"]["line"], 2) << diagnostics.dump(2);
}

TEST_F(LspFiles, ABadProjectFileIsReported) {
    write(".epicsdb.toml", "dbd = 3\n");
    const std::string uri = uriOf(root + "/a.db");
    session.open(uri, "record(ai, \"a\")\n");
    const json problem = withCode(session.diagnostics(uri), "project-file");
    ASSERT_FALSE(problem.is_null()) << session.diagnostics(uri).dump(2);
    EXPECT_NE(problem["message"].get<std::string>().find("'dbd'"), std::string::npos)
        << problem.dump(2);
}

TEST_F(LspFiles, HoverOnFieldsChoicesLinksAndMacros) {
    const std::string uri = uriOf(root + "/a.db");
    session.open(uri,
                 "record(ai, \"a\") {\n"           // 0
                 "    field(DESC, \"x\")\n"        // 1
                 "    field(SCAN, \"1 second\")\n" // 2
                 "    field(INP, \"b.VAL NPP\")\n" // 3
                 "    field(ASLO, \"$(U=mm)\")\n"  // 4
                 "}\n"
                 "record(calc, \"b\")\n"); // 6
    auto text = [&](unsigned line, unsigned character) {
        const json response =
            session.request("textDocument/hover", LspSession::at(uri, line, character));
        return response["result"].is_null()
                   ? std::string()
                   : response["result"]["contents"]["value"].get<std::string>();
    };
    const std::string desc = text(1, 12);
    EXPECT_NE(desc.find("ai.DESC"), std::string::npos) << desc;
    EXPECT_NE(desc.find("Free-text description"), std::string::npos) << desc;
    EXPECT_NE(desc.find("DBF_STRING"), std::string::npos) << desc;
    EXPECT_NE(desc.find("size: 41"), std::string::npos) << desc;
    const std::string scanName = text(2, 11);
    EXPECT_NE(scanName.find("menu: `menuScan`"), std::string::npos) << scanName;
    const std::string aslo = text(4, 11);
    EXPECT_NE(aslo.find("default: `1`"), std::string::npos) << aslo;
    const std::string scan = text(2, 20);
    EXPECT_NE(scan.find("`I/O Intr`"), std::string::npos) << scan;
    EXPECT_NE(scan.find("**`1 second`** (this one)"), std::string::npos) << scan;
    const std::string link = text(3, 20);
    EXPECT_NE(link.find("record(calc, \"b\")"), std::string::npos) << link;
    EXPECT_NE(link.find("a.db:7"), std::string::npos) << link;
    const std::string macro = text(4, 21);
    EXPECT_NE(macro.find("`mm`"), std::string::npos) << macro;
}

TEST_F(LspFiles, CompletionOfTypesFieldsChoicesRecordsAndMacros) {
    const std::string uri = uriOf(root + "/a.db");
    session.open(uri,
                 "record(ai, \"a\") {\n"  // 0
                 "    field(\n"           // 1
                 "    field(SCAN, \"\n"   // 2
                 "    field(DTYP, \"\n"   // 3
                 "    field(INP, \"\n"    // 4
                 "    field(DESC, \"$(\n" // 5
                 "}\n"
                 "record(\n" // 7
                 "record(bo, \"other\") { field(EGU, \"$(UNITS)\") }\n");
    auto labels = [&](unsigned line, unsigned character) {
        const json response =
            session.request("textDocument/completion", LspSession::at(uri, line, character));
        std::vector<std::string> out;
        for (const json& item : response["result"]["items"])
            out.push_back(item["label"].get<std::string>());
        return out;
    };
    auto has = [](const std::vector<std::string>& list, const std::string& label) {
        return std::find(list.begin(), list.end(), label) != list.end();
    };
    const auto types = labels(7, 7);
    EXPECT_TRUE(has(types, "ai") && has(types, "calcout")) << types.size();
    const auto fields = labels(1, 10);
    EXPECT_TRUE(has(fields, "DESC") && has(fields, "LINR") && !has(fields, "OMSL"))
        << fields.size();
    const auto scan = labels(2, 17);
    EXPECT_TRUE(has(scan, "1 second") && has(scan, "Passive")) << scan.size();
    const auto dtyp = labels(3, 17);
    EXPECT_TRUE(has(dtyp, "Soft Channel")) << dtyp.size();
    const auto records = labels(4, 16);
    EXPECT_TRUE(has(records, "other") && has(records, "a")) << records.size();
    const auto macros = labels(5, 19);
    EXPECT_TRUE(has(macros, "UNITS")) << macros.size();
    const json fieldItem = session.request("textDocument/completion", LspSession::at(uri, 1, 10));
    for (const json& item : fieldItem["result"]["items"])
        if (item["label"] == "DESC") {
            EXPECT_EQ(item["documentation"], "Free-text description");
        }
}

TEST_F(LspFiles, DefinitionAndReferencesAcrossTwoFiles) {
    write("b.db", "record(calc, \"b\") {\n    field(CALC, \"A\")\n}\n");
    const std::string a = uriOf(root + "/a.db");
    const std::string b = uriOf(root + "/b.db");
    session.open(b, "# the target\nrecord(calc, \"b\") {\n    field(CALC, \"A\")\n}\n");
    session.open(a, "include \"b.db\"\nrecord(ai, \"a\") {\n    field(FLNK, \"b\")\n}\n");
    const json toRecord = session.request("textDocument/definition", LspSession::at(a, 2, 17));
    ASSERT_EQ(toRecord["result"].size(), 1u) << toRecord.dump(2);
    EXPECT_EQ(toRecord["result"][0]["uri"], b);
    EXPECT_EQ(toRecord["result"][0]["range"], range(1, 14, 1, 15));
    const json toFile = session.request("textDocument/definition", LspSession::at(a, 0, 10));
    EXPECT_EQ(toFile["result"]["uri"], b) << toFile.dump(2);
    const json refs =
        session.request("textDocument/references", {{"textDocument", {{"uri", b}}},
                                                    {"position", {{"line", 1}, {"character", 14}}},
                                                    {"context", {{"includeDeclaration", false}}}});
    ASSERT_EQ(refs["result"].size(), 1u) << refs.dump(2);
    EXPECT_EQ(refs["result"][0]["uri"], a);
    EXPECT_EQ(refs["result"][0]["range"]["start"]["line"], 2);
}

TEST_F(LspFiles, SymbolsAndFormatting) {
    const std::string uri = uriOf(root + "/a.db");
    session.open(uri, "record(ai,a){field(DESC,\"x\")}\nrecord(bo, \"b\")\n");
    const json symbols =
        session.request("textDocument/documentSymbol", {{"textDocument", {{"uri", uri}}}});
    ASSERT_EQ(symbols["result"].size(), 2u) << symbols.dump(2);
    EXPECT_EQ(symbols["result"][0]["name"], "a");
    EXPECT_EQ(symbols["result"][0]["detail"], "ai");
    EXPECT_EQ(symbols["result"][0]["children"][0]["name"], "DESC");
    const json edits = session.request(
        "textDocument/formatting",
        {{"textDocument", {{"uri", uri}}}, {"options", {{"tabSize", 4}, {"insertSpaces", true}}}});
    ASSERT_EQ(edits["result"].size(), 1u) << edits.dump(2);
    EXPECT_EQ(edits["result"][0]["newText"],
              "record(ai, \"a\") {\n    field(DESC, \"x\")\n}\nrecord(bo, \"b\")\n");
    session.open(uri, "record(ai, \"a\") {\n", 2);
    const json refused = session.request(
        "textDocument/formatting", {{"textDocument", {{"uri", uri}}}, {"options", json::object()}});
    EXPECT_EQ(refused["error"]["code"], -32803) << refused.dump(2);
}

} // namespace
} // namespace epicsdb::test
