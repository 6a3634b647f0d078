#include "Plot.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>

namespace epicsdb::bench {

bool writePlot(const std::string& path, const Series& series) {
    constexpr double width = 720, height = 420, left = 80, right = 190, top = 40, bottom = 60;
    double minX = 1e300, maxX = 0, maxY = 0;
    for (const auto& [name, points] : series)
        for (const auto& [x, y] : points) {
            minX = std::min(minX, x);
            maxX = std::max(maxX, x);
            maxY = std::max(maxY, y);
        }
    if (series.empty() || maxX <= 0) return false;
    if (maxX == minX) maxX = minX * 10;
    maxY *= 1.15;
    const double plotW = width - left - right, plotH = height - top - bottom;
    auto px = [&](double x) {
        return left +
               (std::log10(x) - std::log10(minX)) / (std::log10(maxX) - std::log10(minX)) * plotW;
    };
    auto py = [&](double y) { return top + plotH - y / maxY * plotH; };

    std::ofstream out(path);
    if (!out) return false;
    char buffer[256];
    out << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << width << "\" height=\"" << height
        << "\" font-family=\"sans-serif\" font-size=\"12\">\n"
        << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
        << "<text x=\"" << left << "\" y=\"24\" font-size=\"15\">epicsdb: time per record "
        << "against the number of template instances N</text>\n";
    // Axes and grid.
    out << "<line x1=\"" << left << "\" y1=\"" << top + plotH << "\" x2=\"" << left + plotW
        << "\" y2=\"" << top + plotH << "\" stroke=\"black\"/>\n"
        << "<line x1=\"" << left << "\" y1=\"" << top << "\" x2=\"" << left << "\" y2=\""
        << top + plotH << "\" stroke=\"black\"/>\n";
    for (int i = 0; i <= 5; ++i) {
        const double y = maxY * i / 5;
        std::snprintf(buffer, sizeof buffer,
                      "<line x1=\"%g\" y1=\"%g\" x2=\"%g\" y2=\"%g\" stroke=\"#ddd\"/>"
                      "<text x=\"%g\" y=\"%g\" text-anchor=\"end\">%.0f</text>\n",
                      left, py(y), left + plotW, py(y), left - 6, py(y) + 4, y);
        out << buffer;
    }
    for (const auto& [name, points] : series)
        for (const auto& [x, y] : points) {
            std::snprintf(buffer, sizeof buffer,
                          "<text x=\"%g\" y=\"%g\" text-anchor=\"middle\">%.0f</text>\n", px(x),
                          top + plotH + 18, x);
            out << buffer;
        }
    std::snprintf(buffer, sizeof buffer,
                  "<text x=\"%g\" y=\"%g\" text-anchor=\"middle\">N (log scale)</text>\n"
                  "<text x=\"18\" y=\"%g\" transform=\"rotate(-90 18 %g)\" "
                  "text-anchor=\"middle\">ns per record</text>\n",
                  left + plotW / 2, height - 16, top + plotH / 2, top + plotH / 2);
    out << buffer;
    const char* colours[] = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e"};
    int index = 0;
    for (const auto& [name, points] : series) {
        const char* colour = colours[index % 5];
        out << "<polyline fill=\"none\" stroke=\"" << colour << "\" stroke-width=\"2\" points=\"";
        for (const auto& [x, y] : points)
            out << px(x) << "," << py(y) << " ";
        out << "\"/>\n";
        for (const auto& [x, y] : points)
            out << "<circle cx=\"" << px(x) << "\" cy=\"" << py(y) << "\" r=\"3\" fill=\"" << colour
                << "\"/>\n";
        const double legendY = top + 20 + index * 20;
        out << "<line x1=\"" << left + plotW + 14 << "\" y1=\"" << legendY - 4 << "\" x2=\""
            << left + plotW + 34 << "\" y2=\"" << legendY - 4 << "\" stroke=\"" << colour
            << "\" stroke-width=\"2\"/><text x=\"" << left + plotW + 40 << "\" y=\"" << legendY
            << "\">" << name << "</text>\n";
        ++index;
    }
    out << "</svg>\n";
    return static_cast<bool>(out);
}

} // namespace epicsdb::bench
