// A small SVG line chart: time per record (ns) against N, log-scaled N, one line per scenario
// and thread setting; lines of one scenario share a colour, told apart by a dash.
#pragma once

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

namespace epicsdb::bench {

struct Line {
    std::string name;
    std::size_t colour = 0; // index into a fixed palette
    bool dashed = false;
    std::vector<std::pair<double, double>> points; // (N, ns per record)
};

// Writes the chart to `path`; false when the file cannot be written.
bool writePlot(const std::string& path, const std::vector<Line>& lines);

} // namespace epicsdb::bench
