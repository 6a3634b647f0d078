// The small facility the service's tests serve: two IOCs found by a glob (iocBoot/*/st.cmd),
// a link from ioc2 to a record of ioc1, a record both define (demo:shared), a link to a PV no
// IOC defines, an alias, an info item, and a command that is not run offline.
#pragma once

#include "ScratchDir.hpp"

namespace epicsdb::test {

inline constexpr const char* kFacilityToml = R"([facility]
name = "demo"

[[ioc]]
startup = "iocBoot/*/st.cmd"
)";

inline constexpr const char* kTempTemplate = R"db(record(ai, "$(P):temp$(N)") {
    field(DESC, "temperature $(N)")
    field(EGU, "degC")
    field(INP, "$(P):raw$(N) CP MS")
    info(autosaveFields, "VAL")
}
alias("$(P):temp$(N)", "$(P):t$(N)")
record(ai, "$(P):raw$(N)") {
    field(DESC, "raw $(N)")
}
)db";

inline constexpr const char* kAlarmDb = R"db(record(calc, "$(P):alarm") {
    field(INPA, "$(P):temp1 CP")
    field(CALC, "A>50")
}
record(ao, "$(P):out") {
    field(OUT, "other:pv PP")
}
)db";

inline void writeDemoFacility(const ScratchDir& dir) {
    dir.write("facility.toml", kFacilityToml);
    dir.write("iocBoot/ioc1/st.cmd", "epicsEnvSet(\"P\", \"demo\")\n"
                                     "dbLoadRecords(\"../../db/temp.template\", \"P=$(P),N=1\")\n"
                                     "dbLoadRecords(\"../../db/shared.db\", \"WHO=ioc1\")\n"
                                     "iocInit\n");
    dir.write("iocBoot/ioc2/st.cmd", "dbLoadRecords(\"../../db/alarm.db\", \"P=demo\")\n"
                                     "dbLoadRecords(\"../../db/shared.db\", \"WHO=ioc2\")\n"
                                     "drvAsynIPPortConfigure(\"L0\", \"10.0.0.1:4001\")\n"
                                     "iocInit\n");
    dir.write("db/temp.template", kTempTemplate);
    dir.write("db/alarm.db", kAlarmDb);
    dir.write("db/shared.db", "record(bo, \"demo:shared\") {\n    field(DESC, \"$(WHO)'s\")\n}\n");
}

} // namespace epicsdb::test
