// Pieces shared by the writers (see WriterOutputPvt.hpp).
#include <epicsdb/dbStatic/Writers.hpp>

#include "WriterOutputPvt.hpp"

namespace epicsdb::dbstatic {

RecordTypeNotFound::RecordTypeNotFound(std::string_view name)
    : std::runtime_error("No record description for " + std::string(name)), name_(name) {}

namespace writer {

std::vector<const RecordType*> selectRecordTypes(const Database& database,
                                                 std::string_view recordType) {
    std::vector<const RecordType*> types;
    if (recordType.empty() || recordType == "*") {
        types.reserve(database.recordTypes().size());
        for (const RecordType& type : database.recordTypes())
            types.push_back(&type);
        return types;
    }
    const RecordType* type = database.findRecordType(recordType);
    if (!type) throw RecordTypeNotFound(recordType);
    types.push_back(type);
    return types;
}

} // namespace writer
} // namespace epicsdb::dbstatic
