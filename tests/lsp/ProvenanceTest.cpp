// The language server and the loads' provenance: hover on a record or field of a template
// that the project's substitution file loads shows where each value came from (statement,
// macros with their origins, loads), go to definition on a macro reference goes to where its
// value was set in every load of the file, and a plain file hovers as it did before.
#include "LspSession.hpp"

#include "ScratchDir.hpp"

#include <filesystem>

namespace epicsdb::test {
namespace {

std::string fileUri(const std::string& path) {
    return "file://" + path;
}

// The motor template of an IOC whose startup script loads it through a substitution file:
// a global block, a pattern with two rows, and one record of it extended by a .db of its own.
const std::string kTemplate = "record(ai, \"$(P)motor$(M)\") {\n" // 0
                              "    field(DESC, \"Motor $(M)\")\n" // 1
                              "    field(HOPR, \"$(HOPR=1)\")\n"  // 2
                              "    field(EGU, \"$(EGU)\")\n"      // 3
                              "}\n";
const std::string kSubstitutions = "global { EGU = mm }\n"       // 1
                                   "file \"motor.template\" {\n" // 2
                                   "    pattern { M, HOPR }\n"   // 3
                                   "    { 1, 2.5 }\n"            // 4
                                   "    { 2, 4 }\n"              // 5
                                   "}\n";

class LspProvenance : public ::testing::Test {
protected:
    void SetUp() override { root = std::filesystem::canonical(dir.path()).string(); }

    std::string write(const std::string& name, const std::string& text) {
        dir.write(name, text);
        return root + "/" + name;
    }
    // The IOC: the project names its startup script, which loads the substitution file.
    void writeIoc() {
        write("db/motor.template", kTemplate);
        write("iocBoot/ioc/motors.substitutions", kSubstitutions);
        write("db/overrides.db", "record(ai, \"x:motor2\") {\n    field(HOPR, \"9\")\n}\n");
        write("iocBoot/ioc/st.cmd", "dbLoadTemplate(\"motors.substitutions\", \"P=x:\")\n"
                                    "dbLoadRecords(\"../../db/overrides.db\")\n");
        write(".epicsdb.toml", "startup = \"iocBoot/ioc/st.cmd\"\ninclude = [\"db\"]\n");
    }
    std::string hoverText(LspSession& on, const std::string& uri, unsigned line,
                          unsigned character) {
        const json response =
            on.request("textDocument/hover", LspSession::at(uri, line, character));
        return response["result"].is_null()
                   ? std::string()
                   : response["result"]["contents"]["value"].get<std::string>();
    }
    // The lines (0-based) of the locations a definition request gives in `file`.
    std::vector<unsigned> definitionLines(const std::string& uri, unsigned line, unsigned character,
                                          const std::string& file) {
        const json response =
            session.request("textDocument/definition", LspSession::at(uri, line, character));
        std::vector<unsigned> lines;
        if (!response["result"].is_array()) return lines;
        for (const json& location : response["result"])
            if (location["uri"] == fileUri(file))
                lines.push_back(location["range"]["start"]["line"].get<unsigned>());
        return lines;
    }

    ScratchDir dir;
    std::string root;
    LspSession session;
};

bool holds(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

TEST_F(LspProvenance, HoverOnAFieldOfATemplateShowsItsValueStatementMacrosAndLoads) {
    writeIoc();
    session.initialize(fileUri(root));
    const std::string uri = fileUri(root + "/db/motor.template");
    session.open(uri, kTemplate);
    ASSERT_TRUE(withCode(session.diagnostics(uri), "macro-undefined").is_null())
        << session.diagnostics(uri).dump(2);
    const std::string substitutions = root + "/iocBoot/ioc/motors.substitutions";

    // HOPR of the first record the statement made: the pattern row's value.
    const std::string hopr = hoverText(session, uri, 2, 11);
    EXPECT_TRUE(holds(hopr, "ai.HOPR")) << hopr; // what the hover showed before
    EXPECT_TRUE(holds(hopr, "**x:motor1.HOPR** = `2.5`")) << hopr;
    EXPECT_TRUE(holds(hopr, "set by [db/motor.template:3](" + fileUri(root) +
                                "/db/motor.template#L3) `field(HOPR, \"$(HOPR=1)\")`"))
        << hopr;
    EXPECT_TRUE(holds(hopr, "- `HOPR` = `2.5` from pattern row 1 at "
                            "[iocBoot/ioc/motors.substitutions:4](" +
                                fileUri(substitutions) + "#L4)"))
        << hopr;
    EXPECT_TRUE(holds(hopr, "substitution set [iocBoot/ioc/motors.substitutions:4]")) << hopr;
    EXPECT_TRUE(holds(hopr, "dbLoadTemplate")) << hopr;
    // The second record: what this statement gave it.
    EXPECT_TRUE(holds(hopr, "also gave `x:motor2` `4`")) << hopr;

    // EGU: the global block.
    const std::string egu = hoverText(session, uri, 3, 11);
    EXPECT_TRUE(holds(egu, "- `EGU` = `mm` from the global block at "
                           "[iocBoot/ioc/motors.substitutions:1]"))
        << egu;

    // The record's name: every record statement that defined it, in its IOC.
    const std::string name = hoverText(session, uri, 0, 18);
    EXPECT_TRUE(holds(name, "**x:motor1** (ai), defined by:")) << name;
    EXPECT_TRUE(holds(name, "[db/motor.template:1](")) << name;
    EXPECT_TRUE(holds(name, "also made `x:motor2`")) << name;
}

TEST_F(LspProvenance, AFieldSetAgainElsewhereShowsTheStatementThatWonAndTheOneItReplaced) {
    writeIoc();
    session.initialize(fileUri(root));
    // overrides.db sets HOPR of x:motor2 again: hovered there, the chain has both.
    const std::string uri = fileUri(root + "/db/overrides.db");
    session.open(uri, "record(ai, \"x:motor2\") {\n    field(HOPR, \"9\")\n}\n");
    const std::string hopr = hoverText(session, uri, 1, 11);
    EXPECT_TRUE(holds(hopr, "**x:motor2.HOPR** = `9`")) << hopr;
    EXPECT_TRUE(holds(hopr, "set by [db/overrides.db:2](")) << hopr;
    EXPECT_TRUE(holds(hopr, "replaced earlier:\n- [db/motor.template:3](")) << hopr;
    EXPECT_TRUE(holds(hopr, "= `4`, `HOPR` = `4` (pattern row)")) << hopr;
    const std::string name = hoverText(session, uri, 0, 14);
    EXPECT_TRUE(holds(name, "- [db/motor.template:1](")) << name;
    EXPECT_TRUE(holds(name, "- [db/overrides.db:1](")) << name;
}

TEST_F(LspProvenance, DefinitionOfAMacroGoesToWhereEachLoadGotItsValue) {
    writeIoc();
    session.initialize(fileUri(root));
    const std::string uri = fileUri(root + "/db/motor.template");
    session.open(uri, kTemplate);
    const std::string substitutions = root + "/iocBoot/ioc/motors.substitutions";
    // $(M) in the record's name and in DESC: the two pattern rows.
    EXPECT_EQ(definitionLines(uri, 0, 22, substitutions), (std::vector<unsigned>{3, 4}));
    EXPECT_EQ(definitionLines(uri, 1, 24, substitutions), (std::vector<unsigned>{3, 4}));
    // $(EGU): the global block, once for both loads.
    EXPECT_EQ(definitionLines(uri, 3, 18, substitutions), (std::vector<unsigned>{0}));
    // A record's name that is no macro: where the record is, as before.
    const json toRecord = session.request("textDocument/definition", LspSession::at(uri, 0, 18));
    ASSERT_EQ(toRecord["result"].size(), 1u) << toRecord.dump(2);
    EXPECT_EQ(toRecord["result"][0]["uri"], uri);

    // Hovered, $(M) lists the value each load gave.
    const std::string m = hoverText(session, uri, 0, 22);
    EXPECT_TRUE(holds(m, "- `M` = `1` from pattern row 1 at")) << m;
    EXPECT_TRUE(holds(m, "- `M` = `2` from pattern row 2 at")) << m;
}

TEST_F(LspProvenance, AMacroTwoLoadsGaveDifferentValuesShowsBoth) {
    write("db/direct.template",
          "record(ai, \"$(P)direct\") {\n    field(DESC, \"$(D=none)\")\n}\n");
    write("iocBoot/ioc/st.cmd", "dbLoadRecords(\"../../db/direct.template\", \"P=x:\")\n"
                                "dbLoadRecords(\"../../db/direct.template\", \"P=y:,D=yes\")\n");
    write(".epicsdb.toml", "startup = \"iocBoot/ioc/st.cmd\"\n");
    session.initialize(fileUri(root));
    const std::string uri = fileUri(root + "/db/direct.template");
    session.open(uri, "record(ai, \"$(P)direct\") {\n    field(DESC, \"$(D=none)\")\n}\n");
    // The first load's value as before, then what each load gave.
    const std::string p = hoverText(session, uri, 0, 13);
    EXPECT_EQ(p.rfind("**$(P)** = `x:`  \nset in ", 0), 0u) << p;
    EXPECT_TRUE(holds(p, "**$(P)** in the loads of this file:\n- `P` = `x:` from the load at"))
        << p;
    EXPECT_TRUE(holds(p, "- `P` = `y:` from")) << p;
    const std::string d = hoverText(session, uri, 1, 20);
    EXPECT_TRUE(holds(d, "- `D` = `none`: its default, written with it\n")) << d;
    EXPECT_TRUE(holds(d, "- `D` = `yes` from")) << d;
}

TEST_F(LspProvenance, DefinitionOfAMacroOfAFileCheckedAloneGoesToTheProjectFile) {
    write(".epicsdb.toml", "[macros]\nP = \"demo:\"\nD = \"a thing\"\n");
    session.initialize(fileUri(root));
    const std::string uri = fileUri(root + "/a.db");
    session.open(uri, "record(ai, \"$(P)a\") {\n    field(DESC, \"$(D)\")\n}\n");
    EXPECT_EQ(definitionLines(uri, 1, 20, root + "/.epicsdb.toml"), (std::vector<unsigned>{2}));
    EXPECT_EQ(definitionLines(uri, 0, 13, root + "/.epicsdb.toml"), (std::vector<unsigned>{1}));
}

TEST_F(LspProvenance, ARecordExtendedAfterAnIncludeShowsBothStatements) {
    write(".epicsdb.toml", "[macros]\nD = \"hello\"\n");
    write("inner.db", "record(ai, \"r\") {\n  field(DESC, \"$(D)\")\n  alias(\"r2\")\n}\n");
    session.initialize(fileUri(root));
    const std::string uri = fileUri(root + "/top.db");
    session.open(uri, "\n"                                // 0
                      "include \"inner.db\"\n"            // 1
                      "record(\"*\", \"r2\") {\n"         // 2
                      "    field(DESC, \"again $(D)\")\n" // 3
                      "}\n");
    const std::string name = hoverText(session, uri, 2, 14);
    EXPECT_TRUE(holds(name, "**r** (ai), defined by:\n- [inner.db:1](")) << name;
    EXPECT_TRUE(holds(name, "loaded: included from [top.db:2](" + uri + "#L2)")) << name;
    EXPECT_TRUE(holds(name, "- [top.db:3](" + uri + "#L3) `record(\"*\", \"r2\")`")) << name;
    EXPECT_TRUE(holds(name, "aliases: `r2` ([inner.db:3](")) << name;
    // The field of the appended body: its record's type, and the chain.
    const std::string desc = hoverText(session, uri, 3, 11);
    EXPECT_TRUE(holds(desc, "**ai.DESC**")) << desc;
    EXPECT_TRUE(holds(desc, "**r.DESC** = `again hello`")) << desc;
    EXPECT_TRUE(holds(desc, "from the project file at [.epicsdb.toml:2](")) << desc;
    EXPECT_TRUE(holds(desc, "replaced earlier:\n- [inner.db:2](")) << desc;
    EXPECT_TRUE(holds(desc, "`D` = `hello` (project file)")) << desc;
}

TEST_F(LspProvenance, APlainFileHoversAsBefore) {
    session.initialize(fileUri(root));
    const std::string path = root + "/a.db";
    const std::string uri = fileUri(path);
    session.open(uri, "record(ai, \"a\") {\n"         // 0
                      "    field(DESC, \"x\")\n"      // 1
                      "    field(FLNK, \"b.PROC\")\n" // 2
                      "}\n"                           // 3
                      "record(calc, \"b\")\n");       // 4
    // Nothing more to tell than the text says: the hovers are those of before.
    EXPECT_EQ(hoverText(session, uri, 0, 12), "record(ai, \"a\")  \ndefined in " + path + ":1\n\n");
    const std::string desc = hoverText(session, uri, 1, 12);
    EXPECT_EQ(desc.rfind("**ai.DESC**: Free-text description\n\n- type: `DBF_STRING`", 0), 0u)
        << desc;
    EXPECT_FALSE(holds(desc, "---")) << desc;
    // A link to a field: the field's value in its record.
    const std::string link = hoverText(session, uri, 2, 18);
    EXPECT_TRUE(holds(link, "record(calc, \"b\")")) << link;
    EXPECT_TRUE(holds(link, "**b.PROC** = `0`: the record type's default")) << link;

    // The record defined again: both record statements.
    session.open(uri, "record(ai, \"a\")\nrecord(ai, \"a\") {\n    field(DESC, \"y\")\n}\n", 2);
    const std::string again = hoverText(session, uri, 1, 12);
    EXPECT_TRUE(holds(again, "**a** (ai), defined by:\n- [a.db:1](" + uri +
                                 "#L1) "
                                 "`record(ai, \"a\")`\n- [a.db:2](" +
                                 uri + "#L2)"))
        << again;
}

TEST_F(LspProvenance, AClientWithoutMarkdownGetsPlacesWithoutLinks) {
    writeIoc();
    LspSession plain;
    plain.request(
        "initialize",
        {{"rootUri", fileUri(root)},
         {"capabilities",
          {{"textDocument", {{"hover", {{"contentFormat", json::array({"plaintext"})}}}}}}}});
    plain.notify("initialized");
    const std::string uri = fileUri(root + "/db/motor.template");
    plain.open(uri, kTemplate);
    const std::string hopr = hoverText(plain, uri, 2, 11);
    EXPECT_TRUE(holds(hopr, "from pattern row 1 at iocBoot/ioc/motors.substitutions:4")) << hopr;
    EXPECT_FALSE(holds(hopr, "](file://")) << hopr;
}

} // namespace
} // namespace epicsdb::test
