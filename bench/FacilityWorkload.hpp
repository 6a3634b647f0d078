// A generated facility (issue 28): IOCs, each a folder iocBoot/iocNNN with a st.cmd that sets
// its name with epicsEnvSet and instantiates the reference template (Workload.hpp) with one
// substitution file, plus one record that reads a record of the next IOC over CA; and the
// facility file naming them all by a glob. The first IOC has its own copy of the template, so
// that editing it reloads that IOC alone.
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>

namespace epicsdb::bench {

struct FacilityShape {
    std::size_t iocs = 200;
    std::size_t instancesPerIoc = 59; // 200 x 59 x 85 = 1,003,000 template records
};

// What writeFacility wrote.
struct FacilityLayout {
    std::filesystem::path facilityFile; // facility.toml
    std::filesystem::path ownTemplate;  // the first IOC's own copy of the template
    std::string ownIoc;                 // that IOC's name (its folder)
    std::size_t records = 0;            // records of the whole facility
    std::size_t ownIocRecords = 0;      // records of that IOC
    std::string probeRecord;            // a record of that IOC whose DESC the edit changes
};

// Writes the facility under `dir` (made if missing; files already there are overwritten).
FacilityLayout writeFacility(const std::filesystem::path& dir, const FacilityShape& shape);

// Rewrites the own template with the analog inputs' DESC marked with `revision` (0 is the
// template as written), as an engineer's edit; returns the DESC that probeRecord then has.
std::string editOwnTemplate(const FacilityLayout& layout, int revision);

} // namespace epicsdb::bench
