#include "Workload.hpp"

#include <string_view>

namespace epicsdb::bench {

namespace {

// Appends one record; `fields` is a list of field lines.
void record(std::string& out, std::string_view type, std::string_view name,
            std::initializer_list<std::string_view> fields) {
    out += "record(";
    out += type;
    out += ", \"$(P)";
    out += name;
    out += "\") {\n";
    for (std::string_view field : fields) {
        out += "    ";
        out += field;
        out += '\n';
    }
    out += "}\n";
}

std::string numbered(std::string_view stem, int i) {
    return std::string(stem) + std::to_string(i);
}

} // namespace

std::string templateText() {
    std::string t = "# Reference workload: 85 standard records per instance.\n";
    // 10 ai with alarm limits, reading the ao of the same number.
    for (int i = 1; i <= 10; ++i) {
        const std::string name = numbered("ai", i);
        const std::string inp = "field(INP, \"$(P)ao" + std::to_string(i) + " CP MS\")";
        record(t, "ai", name,
               {"field(DESC, \"Analog input $(N)\")", "field(SCAN, \"1 second\")", inp,
                "field(EGU, \"mm\")", "field(PREC, \"3\")", "field(HOPR, \"100\")",
                "field(LOPR, \"-100\")", "field(HIHI, \"90\")", "field(HHSV, \"MAJOR\")",
                "field(LOLO, \"-90\")", "field(LLSV, \"MAJOR\")"});
    }
    for (int i = 1; i <= 10; ++i)
        record(t, "ao", numbered("ao", i),
               {"field(DESC, \"Analog output $(N)\")", "field(EGU, \"mm\")", "field(PREC, \"3\")",
                "field(DRVH, \"100\")", "field(DRVL, \"-100\")", "field(VAL, \"0\")",
                "field(PINI, \"YES\")"});
    for (int i = 1; i <= 8; ++i)
        record(t, "bi", numbered("bi", i),
               {"field(DESC, \"Binary input\")",
                "field(INP, \"$(P)bo" + std::to_string(i) + " CP\")", "field(ZNAM, \"Off\")",
                "field(ONAM, \"On\")", "field(OSV, \"MINOR\")"});
    for (int i = 1; i <= 8; ++i)
        record(t, "bo", numbered("bo", i),
               {"field(DESC, \"Binary output\")", "field(ZNAM, \"Off\")", "field(ONAM, \"On\")",
                "field(HIGH, \"1.5\")"});
    for (int i = 1; i <= 6; ++i)
        record(t, "longin", numbered("li", i),
               {"field(SCAN, \"Passive\")", "field(INP, \"$(P)lo" + std::to_string(i) + "\")",
                "field(HIGH, \"1000\")", "field(HSV, \"MINOR\")"});
    for (int i = 1; i <= 6; ++i)
        record(t, "longout", numbered("lo", i),
               {"field(VAL, \"$(N)\")", "field(DRVH, \"100000\")",
                "field(OUT, \"$(P)li" + std::to_string(i) + " PP\")"});
    for (int i = 1; i <= 6; ++i)
        record(t, "mbbi", numbered("mbbi", i),
               {"field(ZRST, \"Zero\")", "field(ONST, \"One\")", "field(TWST, \"Two\")",
                "field(ZRVL, \"0\")", "field(ONVL, \"1\")", "field(TWVL, \"2\")",
                "field(INP, \"$(P)mbbo" + std::to_string((i - 1) % 4 + 1) + " CP\")"});
    for (int i = 1; i <= 4; ++i)
        record(t, "mbbo", numbered("mbbo", i),
               {"field(ZRST, \"Zero\")", "field(ONST, \"One\")", "field(TWST, \"Two\")",
                "field(ZRVL, \"0\")", "field(ONVL, \"1\")", "field(TWVL, \"2\")"});
    for (int i = 1; i <= 8; ++i)
        record(t, "calc", numbered("calc", i),
               {"field(SCAN, \"1 second\")", "field(CALC, \"(A+B)/2*C\")",
                "field(INPA, \"$(P)ai" + std::to_string(i) + "\")",
                "field(INPB, \"$(P)ai" + std::to_string(i + 1) + "\")", "field(INPC, \"2\")"});
    for (int i = 1; i <= 4; ++i)
        record(t, "calcout", numbered("calcout", i),
               {"field(CALC, \"A>B?1:0\")", "field(INPA, \"$(P)calc" + std::to_string(i) + " CP\")",
                "field(INPB, \"50\")", "field(OOPT, \"On Change\")",
                "field(OUT, \"$(P)bo" + std::to_string(i) + " PP\")"});
    for (int i = 1; i <= 4; ++i)
        record(t, "stringin", numbered("si", i),
               {"field(DESC, \"String input\")", "field(VAL, \"instance $(N)\")"});
    for (int i = 1; i <= 3; ++i)
        record(t, "stringout", numbered("so", i),
               {"field(VAL, \"hello\")", "field(OUT, \"$(P)si" + std::to_string(i) + " PP\")"});
    for (int i = 1; i <= 2; ++i)
        record(t, "waveform", numbered("wf", i),
               {"field(NELM, \"1024\")", "field(FTVL, \"DOUBLE\")", "field(EGU, \"V\")"});
    for (int i = 1; i <= 2; ++i)
        record(t, "seq", numbered("seq", i),
               {"field(DOL1, \"$(P)ao1\")", "field(LNK1, \"$(P)ao2 PP\")", "field(DLY1, \"0.5\")",
                "field(SELM, \"All\")"});
    for (int i = 1; i <= 2; ++i)
        record(
            t, "fanout", numbered("fan", i),
            {"field(LNK1, \"$(P)calc1\")", "field(LNK2, \"$(P)calc2\")", "field(SELM, \"All\")"});
    for (int i = 1; i <= 2; ++i)
        record(t, "dfanout", numbered("dfan", i),
               {"field(OUTA, \"$(P)ao3 PP\")", "field(OUTB, \"$(P)ao4 PP\")",
                "field(OMSL, \"supervisory\")"});
    return t;
}

std::string instancePrefix(std::size_t index) {
    return "BENCH:" + std::to_string(index) + ":";
}

std::string expandedInstance(std::size_t index) {
    static const std::string text = templateText();
    const std::string prefix = instancePrefix(index);
    const std::string number = std::to_string(index);
    std::string out;
    out.reserve(text.size() + text.size() / 4);
    for (std::size_t i = 0; i < text.size();) {
        if (text.compare(i, 4, "$(P)") == 0) {
            out += prefix;
            i += 4;
        } else if (text.compare(i, 4, "$(N)") == 0) {
            out += number;
            i += 4;
        } else {
            out += text[i++];
        }
    }
    return out;
}

std::string substitutionText(const std::string& templateName, std::size_t instances) {
    std::string out = "file \"" + templateName + "\" {\n    pattern { P, N }\n";
    for (std::size_t i = 0; i < instances; ++i)
        out += "    { \"" + instancePrefix(i) + "\", " + std::to_string(i) + " }\n";
    out += "}\n";
    return out;
}

} // namespace epicsdb::bench
