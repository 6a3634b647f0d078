// A small SVG line chart: time per record (ns) against N, one line per scenario, log-scaled N.
#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace epicsdb::bench {

using Series = std::map<std::string, std::vector<std::pair<double, double>>>;

// Writes the chart to `path`; false when the file cannot be written.
bool writePlot(const std::string& path, const Series& series);

} // namespace epicsdb::bench
