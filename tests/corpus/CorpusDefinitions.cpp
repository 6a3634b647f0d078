#include "CorpusDefinitions.hpp"

#include <array>

namespace epicsdb::test::corpus {

namespace {

// Module .dbd files of the corpus that define record types or device support, in an order that
// satisfies their dependencies: a device line needs its record type, and asynCalc.dbd needs
// calc's scalcout. Each is read with its own folder as the search path, so the module's own
// includes (busyRecord.dbd from busySupport_LOCAL.dbd, ...) resolve there; Base's includes
// (dbCommon.dbd, menuYesNo.dbd, ...) resolve to the definitions compiled into the library.
// Umbrella files that include base.dbd, asyn.dbd or other generated files are not listed;
// their parts are. A second folder is searched where a module includes a file of another
// module's folder (as its build's dbd path would give).
struct ModuleDefinition {
    const char* file;
    const char* alsoSearch = nullptr;
};
constexpr std::array<ModuleDefinition, 37> kModuleDefinitions{{
    // asyn: the record, and the parts its build concatenates into devEpics.dbd.
    {"epics-modules+asyn/asyn/asynRecord/asynRecord.dbd"},
    {"epics-modules+asyn/asyn/asynRecord/devAsynRecord.dbd"},
    {"epics-modules+asyn/asyn/devEpics/devAsynOctet.dbd"},
    {"epics-modules+asyn/asyn/devEpics/devAsynOctetLs.dbd"},
    {"epics-modules+asyn/asyn/devEpics/devAsynInt32.dbd"},
    {"epics-modules+asyn/asyn/devEpics/devAsynInt32TimeSeries.dbd"},
    {"epics-modules+asyn/asyn/devEpics/devAsynUInt32Digital.dbd"},
    {"epics-modules+asyn/asyn/devEpics/devAsynFloat64.dbd"},
    {"epics-modules+asyn/asyn/devEpics/devAsynFloat64TimeSeries.dbd"},
    {"epics-modules+asyn/asyn/devEpics/devAsynXXXArray.dbd"},
    {"epics-modules+asyn/asyn/devEpics/devAsynInt64.dbd"},
    {"epics-modules+asyn/asyn/devEpics/devAsynInt64Array.dbd"},
    {"epics-modules+asyn/asyn/devEpics/devAsynInt64Misc.dbd"},
    {"epics-modules+asyn/asyn/devEpics/devAsynInt64TimeSeries.dbd"},
    {"epics-modules+asyn/asyn/devGpib/devGpib.dbd"},
    // asyn's test applications and its makeSupport skeleton (whose "_NAME_" device the
    // skeleton's databases use).
    {"epics-modules+asyn/testApp/src/devTestBlock.dbd"},
    {"epics-modules+asyn/testGpibApp/src/devTestGpib.dbd"},
    {"epics-modules+asyn/makeSupport/devGpib/_NAME_Sup/dev_NAME_.dbd"},
    // calc (scalcout, transform, acalcout, sseq; swait comes with the SSCAN option).
    {"epics-modules+calc/calcApp/src/calcSupport_LOCAL.dbd"},
    {"epics-modules+calc/calcApp/src/calcSupport_withSSCAN.dbd"},
    {"epics-modules+asyn/asyn/devEpics/asynCalc.dbd"},
    {"epics-modules+busy/busyApp/src/busySupport_LOCAL.dbd"},
    {"epics-modules+busy/busyApp/src/busySupport_withASYN.dbd"},
    {"epics-modules+sscan/sscanApp/src/sscanSupport.dbd"},
    {"epics-modules+std/stdApp/src/stdSupport.dbd"},
    {"epics-modules+motor/motorApp/MotorSrc/motorSupport.dbd"},
    {"epics-modules+motor/motorApp/SoftMotorSrc/devSoftMotor.dbd"},
    {"epics-motor+motorMotorSim/motorSimApp/src/motorSimSupport.dbd"},
    {"epics-modules+mca/mcaApp/mcaSrc/mcaSupport.dbd"},
    {"epics-modules+scaler/scalerApp/src/scalerSupport.dbd"},
    {"epics-modules+optics/opticsApp/src/opticsSupport.dbd"},
    {"epics-modules+alive/aliveApp/src/aliveSupport.dbd"},
    {"epics-modules+iocStats/devIocStats/devIocStats.dbd"},
    {"epics-modules+ip/ipApp/src/ipSupport.dbd"},
    {"epics-modules+ip/ipApp/src/ipVXSupport.dbd"},
    {"epics-modules+delaygen/delaygenApp/src/devDG535.dbd"},
    {"epics-modules+ipac/drvTip810/devTip810.dbd", "epics-modules+ipac/drvIpac"},
}};

} // namespace

// Facts about device support whose .dbd is not in the corpus. Each line is
// device(<record type>, <link type>, <dset>, "<DTYP choice>").
const std::string_view kSuppliedDeviceSupport = R"(
# StreamDevice: its build writes stream.dbd with src/makedbd.pl, one line per record type it
# supports, `device(<type>,INST_IO,dev<type>Stream,"stream")`. The record types are those of
# its CONFIG_STREAM/Makefile for EPICS 7 with the calc module: ao ai bo bi mbbo mbbi mbboDirect
# mbbiDirect longout longin stringout stringin waveform calcout aai aao lsi lso int64in
# int64out scalcout.
device(ao,INST_IO,devaoStream,"stream")
device(ai,INST_IO,devaiStream,"stream")
device(bo,INST_IO,devboStream,"stream")
device(bi,INST_IO,devbiStream,"stream")
device(mbbo,INST_IO,devmbboStream,"stream")
device(mbbi,INST_IO,devmbbiStream,"stream")
device(mbboDirect,INST_IO,devmbboDirectStream,"stream")
device(mbbiDirect,INST_IO,devmbbiDirectStream,"stream")
device(longout,INST_IO,devlongoutStream,"stream")
device(longin,INST_IO,devlonginStream,"stream")
device(stringout,INST_IO,devstringoutStream,"stream")
device(stringin,INST_IO,devstringinStream,"stream")
device(waveform,INST_IO,devwaveformStream,"stream")
device(calcout,INST_IO,devcalcoutStream,"stream")
device(aai,INST_IO,devaaiStream,"stream")
device(aao,INST_IO,devaaoStream,"stream")
device(lsi,INST_IO,devlsiStream,"stream")
device(lso,INST_IO,devlsoStream,"stream")
device(int64in,INST_IO,devint64inStream,"stream")
device(int64out,INST_IO,devint64outStream,"stream")
device(scalcout,INST_IO,devscalcoutStream,"stream")

# EtherIP (the ether_ip module, not in the corpus): its ether_ip.dbd as its documentation
# lists it. Used by xxx's bleps_*.db.
device(ai,INST_IO,devAiEtherIP,"EtherIP")
device(bi,INST_IO,devBiEtherIP,"EtherIP")
device(mbbi,INST_IO,devMbbiEtherIP,"EtherIP")
device(mbbiDirect,INST_IO,devMbbiDirectEtherIP,"EtherIP")
device(stringin,INST_IO,devSiEtherIP,"EtherIP")
device(ao,INST_IO,devAoEtherIP,"EtherIP")
device(bo,INST_IO,devBoEtherIP,"EtherIP")
device(mbbo,INST_IO,devMbboEtherIP,"EtherIP")
device(mbboDirect,INST_IO,devMbboDirectEtherIP,"EtherIP")

# Oregon Micro Systems motor controllers (motor's OmsSrc/devOms.dbd, not in the corpus). Used
# by motor's SoftMotorEx.db and optics' bragg.db.
device(motor,VME_IO,devOMS,"OMS VME8/44")
device(motor,VME_IO,devOms58,"OMS VME58")
device(motor,VME_IO,devMAXv,"OMS MAXv")

# Xycom XVME-240 digital I/O (xy240.dbd of the xy240 driver, not in the corpus). Used by std's
# Nano2k.db.
device(bi,VME_IO,devBiXy240,"XYCOM-240")
device(bo,VME_IO,devBoXy240,"XYCOM-240")
device(mbbi,VME_IO,devMbbiXy240,"XYCOM-240")
device(mbbo,VME_IO,devMbboXy240,"XYCOM-240")
)";

std::string loadCorpusDefinitions(loaders::Loader& loader, DiagnosticList& diagnostics,
                                  const std::filesystem::path& corpusDir) {
    std::string failures;
    auto check = [&](const loaders::LoadResult& result, std::string_view what) {
        if (result.ok && diagnostics.items.empty()) return;
        failures += std::string(what) + (result.ok ? " (warnings)" : " failed") + ":\n";
        for (const Diagnostic& d : diagnostics.items)
            failures += "  " + d.location.file + ":" + std::to_string(d.location.line) + ": " +
                        d.message + "\n";
        diagnostics.items.clear();
    };
    check(loader.loadDefaultDefinitions(), "the standard definitions");
    for (const ModuleDefinition& module : kModuleDefinitions) {
        const std::filesystem::path file = corpusDir / module.file;
        std::string path = file.parent_path().string();
        if (module.alsoSearch) path += ":" + (corpusDir / module.alsoSearch).string();
        check(loader.loadDatabase(file.string(), path), module.file);
    }
    check(loader.loadRecordsText("supplied-device-support.dbd", kSuppliedDeviceSupport),
          "supplied-device-support.dbd");
    return failures;
}

} // namespace epicsdb::test::corpus
