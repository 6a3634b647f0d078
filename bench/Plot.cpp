#include "Plot.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <set>

namespace epicsdb::bench {

bool writePlot(const std::string& path, const std::vector<Line>& lines) {
    // The right margin holds the legend: names such as "dbLoadTemplate + lint (all cores, wall)".
    constexpr double width = 940, height = 440, left = 80, right = 330, top = 40, bottom = 60;
    std::set<double> xs;
    double maxY = 0;
    for (const Line& line : lines)
        for (const auto& [x, y] : line.points) {
            if (x > 0) xs.insert(x);
            maxY = std::max(maxY, y);
        }
    if (xs.empty() || maxY <= 0) return false;
    double minX = *xs.begin(), maxX = *xs.rbegin();
    if (maxX == minX) maxX = minX * 10;
    // Gridlines at round values (1, 2 or 5 times a power of ten), about five of them.
    const double raw = maxY * 1.15 / 5;
    const double decade = std::pow(10.0, std::floor(std::log10(raw)));
    const double step = raw <= decade       ? decade
                        : raw <= 2 * decade ? 2 * decade
                        : raw <= 5 * decade ? 5 * decade
                                            : 10 * decade;
    const int ticks = static_cast<int>(std::ceil(maxY * 1.15 / step));
    maxY = step * ticks;
    const double plotW = width - left - right, plotH = height - top - bottom;
    auto px = [&](double x) {
        return left +
               (std::log10(x) - std::log10(minX)) / (std::log10(maxX) - std::log10(minX)) * plotW;
    };
    auto py = [&](double y) { return top + plotH - y / maxY * plotH; };

    std::ofstream out(path);
    if (!out) return false;
    char buffer[320];
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
    for (int i = 0; i <= ticks; ++i) {
        const double y = step * i;
        std::snprintf(buffer, sizeof buffer,
                      "<line x1=\"%g\" y1=\"%g\" x2=\"%g\" y2=\"%g\" stroke=\"#ddd\"/>"
                      "<text x=\"%g\" y=\"%g\" text-anchor=\"end\">%.0f</text>\n",
                      left, py(y), left + plotW, py(y), left - 6, py(y) + 4, y);
        out << buffer;
    }
    // One label per size, however many lines pass through it.
    for (double x : xs) {
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
    const char* colours[] = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b"};
    constexpr std::size_t palette = sizeof colours / sizeof colours[0];
    for (std::size_t index = 0; index < lines.size(); ++index) {
        const Line& line = lines[index];
        const char* colour = colours[line.colour % palette];
        const char* dash = line.dashed ? " stroke-dasharray=\"6 4\"" : "";
        out << "<polyline fill=\"none\" stroke=\"" << colour << "\" stroke-width=\"2\"" << dash
            << " points=\"";
        for (const auto& [x, y] : line.points)
            out << px(x) << "," << py(y) << " ";
        out << "\"/>\n";
        for (const auto& [x, y] : line.points)
            out << "<circle cx=\"" << px(x) << "\" cy=\"" << py(y) << "\" r=\"3\" fill=\""
                << (line.dashed ? "white" : colour) << "\" stroke=\"" << colour << "\"/>\n";
        const double legendY = top + 14 + static_cast<double>(index) * 18;
        out << "<line x1=\"" << left + plotW + 14 << "\" y1=\"" << legendY - 4 << "\" x2=\""
            << left + plotW + 40 << "\" y2=\"" << legendY - 4 << "\" stroke=\"" << colour
            << "\" stroke-width=\"2\"" << dash << "/><text x=\"" << left + plotW + 46 << "\" y=\""
            << legendY << "\">" << line.name << "</text>\n";
    }
    out << "</svg>\n";
    return static_cast<bool>(out);
}

} // namespace epicsdb::bench
