#include "CorpusCases.hpp"

#include <algorithm>
#include <map>

namespace epicsdb::test::corpus {

namespace {

struct Special {
    std::string_view path;
    Treatment treatment = Treatment::Records;
    std::string_view macros = {};
    std::vector<ExpectedDiagnostic> expect = {};
};

// A file read as records in which EPICS reports `code` errors on each of `lines` of the file.
Special errorsOn(std::string_view path, std::string_view code,
                 std::initializer_list<unsigned> lines) {
    Special special{path};
    for (unsigned line : lines)
        special.expect.push_back({Severity::Error, path, line, code});
    return special;
}

// The same, on every line from `first` to `last`.
Special errorsThrough(std::string_view path, std::string_view code, unsigned first, unsigned last) {
    return {path, Treatment::Records, {}, {{Severity::Error, path, first, code, last}}};
}

// Files that need more than the general rule. Every expected diagnostic says why EPICS gives it.
const std::vector<Special>& specials() {
    static const std::vector<Special> list = [] {
        std::vector<Special> out = {
            // ---- treatment ---------------------------------------------------------------
            // msi directives: iocAdmin's Makefile builds its databases from this template with
            // msi, which expands the four `substitute`+`include "iocQueue.db"` pairs; as a
            // database file `substitute` is a syntax error.
            {"epics-modules+iocStats/iocAdmin/Db/ioc.template", Treatment::MsiTemplate},
            // Substitution syntax (`file ... { pattern ... }`): read by dbLoadTemplate. EPICS
            // accepts all three (substitutions.txt: dbLoadTemplate=ok) and msi makes 9, 11 and
            // 11 records of them, which is the count checked.
            {"epics-modules+optics/docs/fb_epid/source/fb_epid_example.template",
             Treatment::Substitutions},
            {"epics-modules+std/iocs/stdTestIOC/iocBoot/iocStdTest/pid_slow.template",
             Treatment::Substitutions},
            {"epics-modules+std/iocs/stdTestIOC/iocBoot/iocStdVXTest/pid_slow.template",
             Treatment::Substitutions},

            // ---- macro values the rule cannot choose ---------------------------------------
            // OUT "#$(PORT) A$(A) @0" is a GPIB_IO address, "#L<link> A<addr>": PORT is the link
            // letter and number. asyn's testGpib st.cmd loads it with "P=gpib,R=Test,PORT=L0,A=1".
            {"epics-modules+asyn/testGpibApp/Db/testGpib.db", Treatment::Records, "PORT=L0"},
            // DTYP "IOC $(ENVTYPE) var": iocStats's devices are "IOC env var" and "IOC epics
            // var"; epicsPVAEnvVars.substitutions passes ENVTYPE=env.
            {"epics-modules+iocStats/iocAdmin/Db/iocEnvVar.template", Treatment::Records,
             "ENVTYPE=env"},

            // ---- what EPICS rejects ----------------------------------------------------------
            // DTYP "<none>" on two ao and three stringout records: no device support has that
            // choice (the working choices are commented out above each), so dbPutString fails
            // with "Illegal choice" (EPICS-BEHAVIOUR 4.2), a non-fatal error that fails the load.
            errorsOn("epics-modules+ip/ipApp/Db/Eurotherm.db", "field-value",
                     {47, 57, 106, 116, 130}),
            // Line 89: OOPT "Transition to Non-zero": Base's calcoutOOPT choice is "Transition To
            // Non-zero" (capital T; conformance/epics-dbd/calcoutRecord.dbd), and menu matching
            // is case-sensitive: "Illegal choice". Line 94: DTYP "Soft Channel" on a fanout,
            // which has no device support in EPICS 7: "Illegal choice".
            errorsOn("epics-modules+ip/ipApp/Db/NCD_R2X.db", "field-value", {89, 94}),
            // THST "Active Band (Deviation Only)" is 28 characters; mbbi/mbbo THST has size(26)
            // (conformance/epics-dbd/mbbiRecord.dbd, mbboRecord.dbd): "String is too long".
            errorsOn("epics-modules+ip/ipApp/Db/iSeries.db", "field-value", {963, 1498}),
            // AOUT "\200": in a field value (the JSON lexer state) a backslash followed by a
            // digit 1-9 is a bad escape: "Bad character in JSON string" (EPICS-BEHAVIOUR 3.2),
            // which aborts
            // the read in EPICS at line 53. We recover and report the same fault on lines 62 and
            // 71 too.
            errorsOn("epics-modules+ip/ipApp/Db/MicroE_SS350.vdb", "json-string", {53, 62, 71}),
            // OUTI "$(P)$(Q)chi.LLM<TAB>NPP MS": a literal tab inside a quoted field value is
            // "Bad character in JSON string" (EPICS-BEHAVIOUR 3.2).
            errorsOn("epics-modules+optics/opticsApp/Db/MLLV_soft.vdb", "json-string", {272}),
            // PREC on a longout (line 209) and a longin (line 217): neither record type has a
            // PREC field in Base 7.0.8 (conformance/epics-dbd/longoutRecord.dbd,
            // longinRecord.dbd): `... does not have a field "PREC"`.
            errorsOn("epics-modules+mca/mcaApp/Db/mcaStdRecords.template", "field-unknown",
                     {209, 217}),
            // Files of aliases only, for records other files create (iocStats's siteEnvVars.db,
            // made at build time and not in the corpus; the iocAdmin databases for xxx's files).
            // Loaded on their own, EPICS reports every alias: `Alias "<a>" refers to unknown
            // record "<r>"`, a non-fatal error.
            errorsThrough("epics-modules+iocStats/iocAdmin/Db/siteEnvVarAliases.template",
                          "record-unknown", 3, 14),
            errorsThrough("epics-modules+xxx/xxxApp/Db/iocAdminSoft_aliases.db", "record-unknown",
                          4, 82),
            errorsThrough("epics-modules+xxx/xxxApp/Db/iocAdminVxWorks_aliases.db",
                          "record-unknown", 7, 22),
        };
        // quadEM's templates include quadEM.template, which includes areaDetector's
        // NDArrayBase.template (ADCore, not in the corpus; IOCs put ADCore's db folder on
        // EPICS_DB_INCLUDE_PATH). Without it EPICS reports `Can't open include file
        // "NDArrayBase.template"` and the read fails; the rest of the file is still read.
        const ExpectedDiagnostic missingNDArrayBase{
            Severity::Error, "epics-modules+quadEM/quadEMApp/Db/quadEM.template", 4,
            "include-open"};
        for (std::string_view path : {"epics-modules+quadEM/quadEMApp/Db/AH401B.template",
                                      "epics-modules+quadEM/quadEMApp/Db/AH501.template",
                                      "epics-modules+quadEM/quadEMApp/Db/FX4.template",
                                      "epics-modules+quadEM/quadEMApp/Db/NSLS2_DAC.template",
                                      "epics-modules+quadEM/quadEMApp/Db/NSLS2_EM.template",
                                      "epics-modules+quadEM/quadEMApp/Db/NSLS2_IC.template",
                                      "epics-modules+quadEM/quadEMApp/Db/NSLS_EM.template",
                                      "epics-modules+quadEM/quadEMApp/Db/PCR4.template",
                                      "epics-modules+quadEM/quadEMApp/Db/SoftQuadEM.template",
                                      "epics-modules+quadEM/quadEMApp/Db/T4U_EM.template",
                                      "epics-modules+quadEM/quadEMApp/Db/TetrAMM.template",
                                      "epics-modules+quadEM/quadEMApp/Db/quadEM.template"})
            out.push_back({path, Treatment::Records, {}, {missingNDArrayBase}});
        return out;
    }();
    return list;
}

std::map<std::string_view, const Special*> specialIndex() {
    std::map<std::string_view, const Special*> index;
    for (const Special& s : specials())
        index[s.path] = &s;
    return index;
}

std::vector<std::string_view> listedFiles() {
    std::vector<std::string_view> files;
    std::string_view rest = kCorpusFiles;
    while (!rest.empty()) {
        const std::size_t end = std::min(rest.find('\n'), rest.size());
        if (end > 0) files.push_back(rest.substr(0, end));
        rest.remove_prefix(std::min(end + 1, rest.size()));
    }
    return files;
}

} // namespace

const std::vector<CorpusCase>& corpusCases() {
    static const std::vector<CorpusCase> cases = [] {
        const auto index = specialIndex();
        std::vector<CorpusCase> out;
        for (std::string_view file : listedFiles()) {
            CorpusCase c;
            c.path = std::string(file);
            if (auto it = index.find(file); it != index.end()) {
                c.treatment = it->second->treatment;
                c.macros = it->second->macros;
                c.expect = it->second->expect;
            }
            out.push_back(std::move(c));
        }
        return out;
    }();
    return cases;
}

std::vector<CorpusCase> equivalenceCases() {
#ifdef EPICSDB_CORPUS_SAMPLE_STRIDE
    constexpr std::size_t stride = EPICSDB_CORPUS_SAMPLE_STRIDE;
#else
    constexpr std::size_t stride = 1;
#endif
    const std::vector<CorpusCase>& all = corpusCases();
    if (stride <= 1) return all;
    std::vector<CorpusCase> sample;
    for (std::size_t i = 0; i < all.size(); ++i)
        if (i % stride == 0 || all[i].treatment != Treatment::Records || !all[i].expect.empty())
            sample.push_back(all[i]);
    return sample;
}

std::vector<std::string> orphanSpecialCases() {
    const auto files = listedFiles();
    std::vector<std::string> orphans;
    for (const Special& s : specials())
        if (std::find(files.begin(), files.end(), s.path) == files.end())
            orphans.emplace_back(s.path);
    return orphans;
}

} // namespace epicsdb::test::corpus
