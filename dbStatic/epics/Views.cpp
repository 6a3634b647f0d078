// The C views of the database handed out through DBENTRY (see CApiPvt.hpp).
#include "CApiPvt.hpp"

#include <special.h>

#include <epicsdb/dbStatic/Writers.hpp>

#include <algorithm>
#include <climits>
#include <cstdlib>
#include <cstring>

namespace epicsdb::epics {

using dbstatic::DbfType;
using dbstatic::FieldDef;
using dbstatic::Record;
using dbstatic::RecordType;

namespace {

constexpr short kAttributeSize = 40;      // EPICS MAX_STRING_SIZE
constexpr std::size_t kMessageSize = 276; // EPICS's message buffer, the smallest we allocate

short toShort(long value) {
    return static_cast<short>(std::clamp<long>(value, SHRT_MIN, SHRT_MAX));
}

void describeField(dbBase& base, TypeView& view, const FieldDef& def, FieldView& out) {
    out.prompt = cText(def.prompt);
    out.name = cText(def.name);
    out.extra = def.extra.empty() ? nullptr : cText(def.extra);
    out.pdbRecordType = &view;
    out.indRecordType = static_cast<short>(def.index);
    out.special = toShort(def.special);
    out.field_type = static_cast<dbfType>(def.type);
    out.process_passive = def.pp;
    out.prop = def.prop;
    out.isDevLink = def.isDeviceLink;
    out.base = def.hexBase ? CT_HEX : CT_DECIMAL;
    out.promptgroup = static_cast<short>(def.promptGroupNumber);
    out.interest = toShort(def.interest);
    out.as_level = def.asl == dbstatic::AccessLevel::Asl0 ? ASL0 : ASL1;
    out.initial = def.hasInitial ? cText(def.initial) : nullptr;
    out.ftPvt = def.type == DbfType::Menu && def.menu ? &menuView(base, *def.menu) : nullptr;
    out.size = toShort(static_cast<long>(def.size));
    out.offset = 0;
    out.def = &def;
}

void describeAttribute(TypeView& view, const dbstatic::RecordTypeAttribute& attribute,
                       FieldView& out) {
    // As EPICS describes attributes: a 40-character string with SPC_ATTRIBUTE.
    out.prompt = cText("");
    out.name = cText(attribute.name);
    out.pdbRecordType = &view;
    out.special = SPC_ATTRIBUTE;
    out.field_type = DBF_STRING;
    out.as_level = ASL1;
    out.size = kAttributeSize;
    out.attribute = &attribute;
}

void buildType(dbBase& base, RecordType& type, TypeView& view) {
    view.type = &type;
    const auto& all = base.database.recordTypes();
    for (std::size_t i = 0; i < all.size(); ++i)
        if (&all[i] == &type) view.position = i;
    view.name = cText(type.name());

    const auto defs = type.fields();
    view.fields.resize(defs.size());
    view.fieldPointers.resize(defs.size());
    short prompts = 0;
    for (std::size_t i = 0; i < defs.size(); ++i) {
        describeField(base, view, defs[i], view.fields[i]);
        view.fieldPointers[i] = &view.fields[i];
        prompts += defs[i].isDct();
        if (dbstatic::isLinkType(defs[i].type)) view.linkIndexes.push_back(static_cast<short>(i));
    }
    std::vector<short> order(defs.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = static_cast<short>(i);
    std::stable_sort(order.begin(), order.end(),
                     [&](short a, short b) { return defs[a].name < defs[b].name; });
    for (const short i : order) {
        view.sortedNames.push_back(cText(defs[i].name));
        view.sortedIndexes.push_back(i);
    }

    view.no_fields = static_cast<short>(defs.size());
    view.no_prompt = prompts;
    view.no_links = static_cast<short>(view.linkIndexes.size());
    view.link_ind = view.linkIndexes.data();
    view.papsortFldName = view.sortedNames.data();
    view.sortFldInd = view.sortedIndexes.data();
    view.papFldDes = view.fieldPointers.data();
    if (const FieldDef* val = type.valField()) {
        view.pvalFldDes = &view.fields[val->index];
        view.indvalFlddes = static_cast<short>(val->index);
    }
    view.prset = nullptr;
    view.rec_size = 0;

    refreshAttributes(view);
}

// Device support may be added after the view was made.
void refreshDevices(TypeView& view) {
    const auto devices = view.type->devices();
    if (view.deviceChoices.size() != devices.size()) {
        view.deviceChoices.clear();
        for (const dbstatic::DeviceSupport& device : devices)
            view.deviceChoices.push_back(cText(device.choice));
        view.deviceMenu.nChoice = static_cast<int>(devices.size());
        view.deviceMenu.papChoice = view.deviceChoices.data();
    }
    for (FieldView& field : view.fields)
        if (field.field_type == DBF_DEVICE)
            field.ftPvt = devices.empty() ? nullptr : &view.deviceMenu;
}

TypeView& typeViewOf(dbBase& base, const RecordType& type) {
    if (auto it = base.types.find(&type); it != base.types.end())
        return typeView(base, *it->second->type);
    return typeView(base, *base.database.findRecordType(type.name()));
}

// The text a field's pfield points at: what is stored, else the default.
const char* fieldTextPointer(const Record& node, const FieldDef& def) {
    if (def.name == "NAME" && def.type == DbfType::String) return node.real().name().data();
    if (const auto stored = node.storedValue(def.index)) return stored->data();
    return def.hasInitial ? def.initial.data() : "";
}

} // namespace

void refreshAttributes(TypeView& view) {
    for (const dbstatic::RecordTypeAttribute& attribute : view.type->attributes()) {
        auto it =
            std::find_if(view.attributes.begin(), view.attributes.end(),
                         [&](const FieldView& field) { return field.name == attribute.name; });
        if (it == view.attributes.end()) it = view.attributes.emplace(view.attributes.end());
        describeAttribute(view, attribute, *it);
    }
}

TypeView& typeView(dbBase& base, RecordType& type) {
    std::unique_ptr<TypeView>& slot = base.types[&type];
    if (!slot) {
        slot = std::make_unique<TypeView>();
        buildType(base, type, *slot);
    }
    TypeView& view = *slot;
    view.no_aliases = static_cast<short>(type.aliasCount());
    refreshDevices(view);
    return view;
}

MenuView& menuView(dbBase& base, const dbstatic::Menu& menu) {
    std::unique_ptr<MenuView>& slot = base.menus[&menu];
    if (!slot) {
        slot = std::make_unique<MenuView>();
        MenuView& view = *slot;
        view.menu = &menu;
        for (const dbstatic::MenuChoice& choice : menu.choices()) {
            view.names.push_back(cText(choice.name));
            view.values.push_back(cText(choice.value));
        }
        view.name = cText(menu.name());
        view.nChoice = static_cast<int>(menu.choices().size());
        view.papChoiceName = view.names.data();
        view.papChoiceValue = view.values.data();
    }
    return *slot;
}

NodeView& nodeView(dbBase& base, Record& node) {
    std::unique_ptr<NodeView>& slot = base.nodes[&node];
    if (!slot) {
        slot = std::make_unique<NodeView>();
        slot->node = &node;
    }
    NodeView& view = *slot;
    view.precord = nullptr;
    view.recordname = cText(node.name());
    if (node.isAlias()) {
        view.flags = DBRN_FLAGS_ISALIAS | (view.aliasVisible ? DBRN_FLAGS_VISIBLE : 0);
        view.aliasedRecnode = &nodeView(base, *base.database.findRecord(node.real().name()));
    } else {
        view.flags = (node.visible() ? DBRN_FLAGS_VISIBLE : 0) |
                     (node.hasAliases() ? DBRN_FLAGS_HASALIAS : 0);
        view.aliasedRecnode = nullptr;
    }
    return view;
}

InfoView* infoView(NodeView& node, std::string_view name) {
    const dbstatic::InfoItem* item = node.node->findInfo(name);
    if (!item) return nullptr;
    auto it = std::find_if(node.infos.begin(), node.infos.end(),
                           [&](const InfoView& view) { return view.name == name; });
    if (it == node.infos.end()) {
        it = node.infos.emplace(node.infos.end());
        it->nameCopy = item->name;
        it->name = it->nameCopy.data();
        it->pointer = nullptr;
    }
    it->string = cText(item->value);
    return &*it; // `pointer` stays what dbPutInfoPointer set
}

void breaktableIntervals(const dbstatic::Breaktable& table, std::vector<brkInt>& out) {
    out.clear();
    for (const dbstatic::BreakpointInterval& interval : dbstatic::breakpointIntervals(table))
        out.push_back(brkInt{interval.raw, interval.slope, interval.engineering});
}

void clearEntry(DBENTRY* entry) {
    entry->precordType = nullptr;
    entry->pflddes = nullptr;
    entry->precnode = nullptr;
    entry->pfield = nullptr;
    entry->indfield = 0;
}

void deleteNode(dbBase& base, Record& node) {
    std::vector<const Record*> gone{&node};
    if (!node.isAlias())
        for (const Record* other = node.type().firstRecord(); other; other = other->next())
            if (other->isAlias() && &other->real() == &node) gone.push_back(other);
    base.database.deleteRecord(node);
    for (const Record* deleted : gone)
        base.nodes.erase(deleted);
}

void setRecord(DBENTRY* entry, Record& node) {
    dbBase& base = *entry->pdbbase;
    entry->precnode = &nodeView(base, node);
    entry->precordType = &typeViewOf(base, node.type());
}

void selectField(DBENTRY* entry, FieldView& field, short index) {
    entry->pflddes = &field;
    if (field.attribute) {
        entry->pfield = cText(field.attribute->value);
        return;
    }
    entry->indfield = index;
    const NodeView* node = nodeOf(entry);
    entry->pfield = node ? const_cast<char*>(fieldTextPointer(*node->node, *field.def)) : nullptr;
}

std::optional<std::string> fieldString(const dbstatic::Database& database, const Record& node,
                                       const FieldDef& field) {
    return database.getString(node, field);
}

char* setMessage(DBENTRY* entry, std::string_view text) {
    // The buffer is malloc'd (dbFinishEntry frees it) with EPICS's size, and grows only for a
    // longer text (EPICS truncates those), so a pointer returned earlier normally stays valid.
    char* message = entry->message;
    if (!message)
        message = static_cast<char*>(std::malloc(std::max(kMessageSize, text.size() + 1)));
    else if (text.size() + 1 > kMessageSize)
        message = static_cast<char*>(std::realloc(message, text.size() + 1));
    if (!message) return nullptr;
    std::memcpy(message, text.data(), text.size());
    message[text.size()] = '\0';
    entry->message = message;
    return message;
}

} // namespace epicsdb::epics
