// Single puts between loads (Database::putField, putInfo, deleteInfo) reuse their storage: a
// long-lived process putting the same fields again and again stays in bounded memory, every
// value reads back right, and loads after the puts still commit or roll back exactly.
#include "LoaderFixture.hpp"

#include <algorithm>
#include <array>
#include <map>
#include <random>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

using epicsdb::test::LoaderFixture;
using namespace epicsdb;

namespace {

// Arena bytes a million puts may add after the first few (none are expected).
constexpr std::size_t kBound = 64 * 1024;

class RepeatedPuts : public LoaderFixture {
protected:
    void SetUp() override {
        ASSERT_TRUE(load("record(ai, r) { field(DESC, \"loaded\") info(autosave, \"VAL\") }\n"
                         "record(ai, other) { field(DESC, \"other\") }\n")
                        .ok)
            << allMessages();
        node = db.findRecord("r");
        ASSERT_NE(node, nullptr);
    }

    const dbstatic::FieldDef& def(std::string_view name) const {
        return *node->type().findField(name);
    }
    [[nodiscard]] bool put(std::string_view name, std::string_view value) {
        return db.putField(*node, def(name), value).ok();
    }
    [[nodiscard]] std::string stored(std::string_view name) const {
        return std::string(node->storedValue(def(name).index).value_or("<unset>"));
    }
    std::size_t arenaBytes() const { return db.arena().stats().bytesAllocated; }

    dbstatic::Record* node = nullptr;
};

} // namespace

TEST_F(RepeatedPuts, AMillionPutsOfTwoFieldsStayInBoundedMemory) {
    const std::array<std::string_view, 4> descs = {"a", "a longer description", "",
                                                   "forty characters, as long as DESC takes"};
    const std::array<std::string_view, 3> links = {"other.VAL",
                                                   "a:much:longer:record:name.VAL CP MS", ""};
    const std::array<std::string_view, 3> values = {"1.5", "-123456.789", "0"};
    std::size_t baseline = 0;
    for (std::size_t i = 0; i < 1'000'000; ++i) {
        const std::string_view desc = descs[i % descs.size()];
        ASSERT_TRUE(put("DESC", desc)) << "put " << i;
        // The second field: a link (texts of any length) or VAL (which sets UDF too).
        const bool link = i % 2 == 0;
        const std::string_view value =
            link ? links[i / 2 % links.size()] : values[i / 2 % values.size()];
        ASSERT_TRUE(put(link ? "INP" : "VAL", value)) << "put " << i;
        if (i == 16) baseline = arenaBytes();
        ASSERT_EQ(field("r", "DESC"), desc) << "put " << i;
        if (link)
            ASSERT_EQ(field("r", "INP"), value) << "put " << i;
        else
            ASSERT_EQ(stored("VAL"), value) << "put " << i;
    }
    EXPECT_LE(arenaBytes(), baseline + kBound);
    EXPECT_EQ(field("r", "UDF"), "0");
    EXPECT_EQ(field("other", "DESC"), "other");
}

TEST_F(RepeatedPuts, AStringFieldIsWrittenInPlace) {
    ASSERT_TRUE(put("DESC", "x"));
    const char* storage = node->storedValue(def("DESC").index)->data();
    for (const std::string_view desc : {"a longer description", "", "y"}) {
        ASSERT_TRUE(put("DESC", desc));
        EXPECT_EQ(node->storedValue(def("DESC").index)->data(), storage) << desc;
        EXPECT_STREQ(storage, std::string(desc).c_str());
    }
}

TEST_F(RepeatedPuts, AFieldPutWithItsOwnValueKeepsIt) {
    for (const std::string_view link : {"other.VAL", "a:much:longer:record:name.VAL CP MS"}) {
        ASSERT_TRUE(put("INP", link));
        // The value given is the stored text itself.
        ASSERT_TRUE(put("INP", *node->storedValue(def("INP").index)));
        EXPECT_EQ(field("r", "INP"), link);
    }
    ASSERT_TRUE(put("DESC", "same"));
    ASSERT_TRUE(put("DESC", *node->storedValue(def("DESC").index)));
    EXPECT_EQ(field("r", "DESC"), "same");
}

TEST_F(RepeatedPuts, InfoPutsAndDeletionsStayInBoundedMemory) {
    const std::array<std::string_view, 3> values = {"VAL", "VAL DESC EGU HOPR LOPR PREC", ""};
    std::size_t baseline = 0;
    for (std::size_t i = 0; i < 200'000; ++i) {
        const std::string_view value = values[i % values.size()];
        db.putInfo(*node, "autosave", value);
        // A second item comes and goes.
        const bool add = i % 2 == 0;
        if (add)
            db.putInfo(*node, "archive", value);
        else
            ASSERT_TRUE(db.deleteInfo(*node, "archive")) << i;
        if (i == 16) baseline = arenaBytes();
        const dbstatic::InfoItem* item = node->findInfo("autosave");
        ASSERT_NE(item, nullptr) << i;
        ASSERT_EQ(item->value, value) << i;
        ASSERT_EQ(node->findInfo("archive") != nullptr, add) << i;
        ASSERT_EQ(node->infos().size(), add ? 2u : 1u) << i;
    }
    EXPECT_LE(arenaBytes(), baseline + kBound);
    EXPECT_EQ(node->infos()[0].name, "autosave");
}

TEST_F(RepeatedPuts, LoadsAfterPutsCommitAndRollBackExactly) {
    ASSERT_TRUE(put("DESC", "put"));
    ASSERT_TRUE(put("INP", "other.VAL CP"));
    db.putInfo(*node, "autosave", "put");

    // A failed load that changes the record gives back the values put.
    EXPECT_FALSE(load("record(ai, r) { field(DESC, \"loaded again\") field(EGU, \"mm\") "
                      "info(autosave, \"load\") }\nrecord(ai, r2) { field(PREC, x) }\n")
                     .ok);
    EXPECT_EQ(field("r", "DESC"), "put");
    EXPECT_EQ(field("r", "INP"), "other.VAL CP");
    EXPECT_EQ(field("r", "EGU"), "");
    EXPECT_EQ(node->findInfo("autosave")->value, "put");

    // The puts go on as before; then a load that succeeds keeps its values and the others.
    ASSERT_TRUE(put("DESC", "put again, longer than before"));
    ASSERT_TRUE(put("EGU", "cm"));
    ASSERT_TRUE(
        load("record(ai, r) { field(DESC, \"loaded again\") info(autosave, \"load\") }\n").ok)
        << allMessages();
    EXPECT_EQ(field("r", "DESC"), "loaded again");
    EXPECT_EQ(field("r", "EGU"), "cm");
    EXPECT_EQ(field("r", "INP"), "other.VAL CP");
    EXPECT_EQ(node->findInfo("autosave")->value, "load");
    ASSERT_TRUE(put("DESC", "after"));
    ASSERT_TRUE(put("INP", "other.DESC"));
    db.putInfo(*node, "autosave", "after");
    EXPECT_EQ(field("r", "DESC"), "after");
    EXPECT_EQ(field("r", "INP"), "other.DESC");
    EXPECT_EQ(field("r", "EGU"), "cm");
    EXPECT_EQ(node->findInfo("autosave")->value, "after");
    EXPECT_EQ(field("other", "DESC"), "other");
}

TEST_F(RepeatedPuts, PutsInsideALoadAreRolledBack) {
    ASSERT_TRUE(put("DESC", "before"));
    db.beginLoad();
    ASSERT_TRUE(put("DESC", "inside"));
    ASSERT_TRUE(put("EGU", "mm"));
    db.putInfo(*node, "autosave", "inside");
    EXPECT_TRUE(db.deleteInfo(*node, "autosave"));
    db.endLoad(false);
    EXPECT_EQ(field("r", "DESC"), "before");
    EXPECT_EQ(field("r", "EGU"), "");
    ASSERT_NE(node->findInfo("autosave"), nullptr);
    EXPECT_EQ(node->findInfo("autosave")->value, "VAL");
}

// Puts, info puts and deletions of any length in any order, with loads that commit or roll back
// between them, on two records: every stored value and info item is what a plain model says.
TEST_F(RepeatedPuts, PutsAndLoadsInAnyOrderMatchAModel) {
    std::mt19937 random(20240601);
    auto pick = [&](std::size_t n) { return static_cast<std::size_t>(random() % n); };
    auto letters = [&](std::size_t length) {
        std::string text;
        for (std::size_t i = 0; i < length; ++i)
            text += static_cast<char>('a' + pick(26));
        return text;
    };
    struct Field {
        const char* name;
        std::size_t maxLength;
    };
    const std::array<Field, 5> fields = {
        {{"DESC", 40}, {"EGU", 15}, {"INP", 90}, {"FLNK", 30}, {"VAL", 0}}};
    const std::array<const char*, 4> infoNames = {"autosave", "archive", "alarm", "x"};
    dbstatic::Record* nodes[] = {node, db.findRecord("other")};
    std::map<std::string, std::string> model[2]; // field name -> stored text
    std::vector<std::pair<std::string, std::string>> infos[2];
    model[0]["DESC"] = "loaded";
    model[1]["DESC"] = "other";
    infos[0] = {{"autosave", "VAL"}};

    auto check = [&](std::size_t step) {
        for (std::size_t r = 0; r < 2; ++r) {
            for (const Field& f : fields) {
                const auto stored =
                    nodes[r]->storedValue(nodes[r]->type().findField(f.name)->index);
                const auto it = model[r].find(f.name);
                ASSERT_EQ(stored.has_value(), it != model[r].end()) << step << " " << f.name;
                ASSERT_EQ(stored.value_or("<unset>"), it != model[r].end() ? it->second : "<unset>")
                    << step << " " << f.name;
            }
            if (model[r].contains("VAL")) {
                ASSERT_EQ(nodes[r]->storedValue(nodes[r]->type().udfField()->index), "0") << step;
            }
            const auto items = nodes[r]->infos();
            ASSERT_EQ(items.size(), infos[r].size()) << step;
            for (std::size_t i = 0; i < items.size(); ++i) {
                ASSERT_EQ(items[i].name, infos[r][i].first) << step;
                ASSERT_EQ(items[i].value, infos[r][i].second) << step;
            }
        }
    };
    auto putInfoModel = [](auto& list, const std::string& name, const std::string& value) {
        for (auto& [n, v] : list)
            if (n == name) {
                v = value;
                return;
            }
        list.emplace_back(name, value);
    };

    for (std::size_t step = 0; step < 100'000; ++step) {
        const std::size_t r = pick(2);
        dbstatic::Record& target = *nodes[r];
        const std::size_t what = pick(10);
        if (what < 6) {
            const Field& f = fields[pick(fields.size())];
            const std::string value =
                f.maxLength ? letters(pick(f.maxLength + 1))
                            : std::to_string(pick(100000)) + "." + std::to_string(pick(1000));
            ASSERT_TRUE(db.putField(target, *target.type().findField(f.name), value).ok())
                << f.name << "=" << value;
            model[r][f.name] = value;
        } else if (what < 8) {
            const std::string name = infoNames[pick(infoNames.size())];
            const std::string value = letters(pick(60));
            db.putInfo(target, name, value);
            putInfoModel(infos[r], name, value);
        } else if (what < 9) {
            const std::string name = infoNames[pick(infoNames.size())];
            auto& list = infos[r];
            const auto it = std::find_if(list.begin(), list.end(),
                                         [&](const auto& item) { return item.first == name; });
            ASSERT_EQ(db.deleteInfo(target, name), it != list.end()) << step;
            if (it != list.end()) list.erase(it);
        } else if (pick(20) == 0) {
            const bool fails = pick(2) == 0;
            const std::string desc = letters(pick(41));
            const std::string info = letters(pick(30));
            const std::string text = "record(ai, " + std::string(target.name()) +
                                     ") { field(DESC, \"" + desc + "\") info(archive, \"" + info +
                                     "\") }\n" +
                                     (fails ? "record(ai, bad) { field(PREC, x) }\n" : "");
            ASSERT_EQ(load(text).ok, !fails) << allMessages();
            if (!fails) {
                model[r]["DESC"] = desc;
                putInfoModel(infos[r], "archive", info);
            }
        }
        check(step);
        if (HasFatalFailure()) return;
    }
}
