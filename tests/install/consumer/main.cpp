// A C++ program using the installed epicsdb through find_package(epicsdb).
#include <epicsdb/dbStatic/Writers.hpp>
#include <epicsdb/loaders/Loader.hpp>

#include <iostream>

int main() {
    epicsdb::dbstatic::Database db;
    epicsdb::DiagnosticList diagnostics;
    epicsdb::loaders::Loader loader(db, diagnostics);
    if (!loader.loadDefaultDefinitions().ok) return 1;
    auto result = loader.loadRecordsText("inline.db",
                                         "record(ai, \"$(P)temp\") {\n"
                                         "    field(DESC, \"A temperature\")\n"
                                         "    field(PREC, 2)\n"
                                         "}\n",
                                         "P=lab:");
    std::cout << "ok=" << result.ok << " records=" << db.recordCount() << "\n";
    std::string text;
    epicsdb::dbstatic::writeRecords(db, text);
    std::cout << text;
    return 0;
}
