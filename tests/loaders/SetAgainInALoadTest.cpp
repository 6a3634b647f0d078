// A load that sets a field (or an info item) again and again: only the last value matters if it
// commits, only the value from before the load if it rolls back, so the values in between give
// their storage back for reuse, and memory does not grow with the number of sets. The record's
// values from before the load are never written over.
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

// Arena bytes that tens of thousands of sets after the first few may add (none are expected).
constexpr std::size_t kSetAgainBound = 16 * 1024;

// Values of each kind that grow and shrink: DESC (a string field, 40 characters at most), INP (a
// link, any length), VAL (a number, which sets UDF too), EGU (not set before the loads).
const std::array<std::string_view, 5> kAgainDescs = {
    "a", "a longer description", "", "forty characters, as long as DESC takes", "mid"};
const std::array<std::string_view, 4> kAgainLinks = {
    "other.VAL", "a:much:longer:record:name:than:the:first.VAL CP MS", "", "x"};
const std::array<std::string_view, 4> kAgainValues = {"1.5", "-123456.789e-12", "0", "42"};
const std::array<std::string_view, 3> kAgainEgus = {"mm", "", "millimetres"};

std::string quotedText(std::string_view text) {
    return "\"" + std::string(text) + "\"";
}

// The i-th redefinition of r: one record statement setting the four fields.
std::string redefinition(std::size_t i) {
    return "record(ai, r) { field(DESC, " + quotedText(kAgainDescs[i % kAgainDescs.size()]) +
           ") field(INP, " + quotedText(kAgainLinks[i % kAgainLinks.size()]) + ") field(VAL, " +
           quotedText(kAgainValues[i % kAgainValues.size()]) + ") field(EGU, " +
           quotedText(kAgainEgus[i % kAgainEgus.size()]) + ") }\n";
}

class SetAgainInALoad : public LoaderFixture {
protected:
    void SetUp() override {
        ASSERT_TRUE(load("record(ai, r) { field(DESC, \"before\") field(INP, \"other.DESC CP\") "
                         "field(VAL, \"7\") info(autosave, \"VAL\") alias(r:alias) }\n"
                         "record(ai, other) { field(DESC, \"other\") }\n")
                        .ok)
            << allMessages();
        node = db.findRecord("r");
        ASSERT_NE(node, nullptr);
    }

    const dbstatic::FieldDef& def(std::string_view name) const {
        return *node->type().findField(name);
    }
    [[nodiscard]] std::string stored(std::string_view name) const {
        return std::string(node->storedValue(def(name).index).value_or("<unset>"));
    }
    [[nodiscard]] std::string info(std::string_view name) const {
        const dbstatic::InfoItem* item = node->findInfo(name);
        return item ? std::string(item->value) : "<none>";
    }
    [[nodiscard]] std::size_t arenaBytes() const { return db.arena().stats().bytesAllocated; }

    void expectAsBefore() const {
        EXPECT_EQ(stored("DESC"), "before");
        EXPECT_EQ(stored("INP"), "other.DESC CP");
        EXPECT_EQ(stored("VAL"), "7");
        EXPECT_EQ(stored("EGU"), "<unset>");
        EXPECT_EQ(field("r", "UDF"), "0");
        EXPECT_EQ(info("autosave"), "VAL");
        EXPECT_EQ(node->infos().size(), 1u);
        EXPECT_EQ(field("other", "DESC"), "other");
    }

    dbstatic::Record* node = nullptr;
};

} // namespace

TEST_F(SetAgainInALoad, ARolledBackLoadLeavesTheValuesOfBefore) {
    const std::size_t before = arenaBytes();
    std::string text;
    for (std::size_t i = 0; i < 5000; ++i)
        text += redefinition(i);
    EXPECT_FALSE(load(text + "record(ai, bad) { field(PREC, x) }\n").ok);
    expectAsBefore();
    EXPECT_EQ(arenaBytes(), before);

    // The same sets as single puts inside one load, through the alias too.
    db.beginLoad();
    for (std::size_t i = 0; i < 5000; ++i) {
        dbstatic::Record& target = *db.findRecord(i % 2 ? "r" : "r:alias");
        ASSERT_TRUE(db.putField(target, def("DESC"), kAgainDescs[i % kAgainDescs.size()]).ok());
        ASSERT_TRUE(db.putField(target, def("INP"), kAgainLinks[i % kAgainLinks.size()]).ok());
        ASSERT_TRUE(db.putField(target, def("VAL"), kAgainValues[i % kAgainValues.size()]).ok());
        db.putInfo(*node, "autosave", kAgainDescs[i % kAgainDescs.size()]);
        db.putInfo(*node, i % 3 ? "archive" : "alarm", kAgainLinks[i % kAgainLinks.size()]);
        if (i % 5 == 0) EXPECT_TRUE(db.deleteInfo(*node, "alarm"));
    }
    db.endLoad(false);
    expectAsBefore();
    EXPECT_EQ(arenaBytes(), before);
}

TEST_F(SetAgainInALoad, ACommittedLoadKeepsTheLastValues) {
    for (const std::size_t count : {1u, 2u, 3u, 17u, 5000u}) {
        std::string text;
        for (std::size_t i = 0; i < count; ++i)
            text += redefinition(i);
        ASSERT_TRUE(load(text).ok) << allMessages();
        const std::size_t last = count - 1;
        EXPECT_EQ(stored("DESC"), kAgainDescs[last % kAgainDescs.size()]) << count;
        EXPECT_EQ(stored("INP"), kAgainLinks[last % kAgainLinks.size()]) << count;
        EXPECT_EQ(stored("VAL"), kAgainValues[last % kAgainValues.size()]) << count;
        EXPECT_EQ(stored("EGU"), kAgainEgus[last % kAgainEgus.size()]) << count;
        EXPECT_EQ(field("r", "UDF"), "0");
        EXPECT_EQ(field("other", "DESC"), "other");
    }
    // Single puts between loads and another load go on from there.
    ASSERT_TRUE(db.putField(*node, def("DESC"), "put between loads").ok());
    ASSERT_TRUE(load(redefinition(1) + redefinition(2) + redefinition(3)).ok) << allMessages();
    EXPECT_EQ(stored("DESC"), kAgainDescs[3]);
    ASSERT_TRUE(db.putField(*node, def("DESC"), "put after").ok());
    ASSERT_TRUE(db.putField(*node, def("INP"), "other.VAL").ok());
    EXPECT_EQ(stored("DESC"), "put after");
    EXPECT_EQ(stored("INP"), "other.VAL");
    EXPECT_EQ(stored("EGU"), kAgainEgus[3 % kAgainEgus.size()]);
}

TEST_F(SetAgainInALoad, AFieldSetNTimesInALoadDoesNotGrowWithN) {
    // Warm-up: a load that sets each field a few times; then loads of ever more sets cost the
    // same, whether they commit or roll back.
    auto loadOf = [&](std::size_t count, bool fails) {
        std::string text;
        for (std::size_t i = 0; i < count; ++i)
            text += redefinition(i);
        if (fails) text += "record(ai, bad) { field(PREC, x) }\n";
        return load(text).ok;
    };
    ASSERT_TRUE(loadOf(64, false)) << allMessages();
    const std::size_t baseline = arenaBytes();
    ASSERT_TRUE(loadOf(40'000, false)) << allMessages();
    EXPECT_LE(arenaBytes(), baseline + kSetAgainBound);
    EXPECT_FALSE(loadOf(40'000, true));
    EXPECT_LE(arenaBytes(), baseline + kSetAgainBound);
    EXPECT_EQ(stored("DESC"), kAgainDescs[39'999 % kAgainDescs.size()]);
}

TEST_F(SetAgainInALoad, OneRecordBodySettingAFieldNTimesDoesNotGrowWithN) {
    auto body = [&](std::size_t count) {
        std::string text = "record(ai, r) {\n";
        for (std::size_t i = 0; i < count; ++i)
            text += "  field(DESC, " + quotedText(kAgainDescs[i % kAgainDescs.size()]) +
                    ") field(VAL, " + quotedText(kAgainValues[i % kAgainValues.size()]) +
                    ")\n  info(autosave, " + quotedText(kAgainLinks[i % kAgainLinks.size()]) +
                    ")\n";
        return text + "}\n";
    };
    ASSERT_TRUE(load(body(16)).ok) << allMessages();
    const std::size_t baseline = arenaBytes();
    ASSERT_TRUE(load(body(40'000)).ok) << allMessages();
    EXPECT_LE(arenaBytes(), baseline + kSetAgainBound);
    EXPECT_EQ(stored("DESC"), kAgainDescs[39'999 % kAgainDescs.size()]);
    EXPECT_EQ(stored("VAL"), kAgainValues[39'999 % kAgainValues.size()]);
    EXPECT_EQ(info("autosave"), kAgainLinks[39'999 % kAgainLinks.size()]);
}

TEST_F(SetAgainInALoad, InfoItemsSetAgainDoNotGrowAndRollBack) {
    auto loadOf = [&](std::size_t count, bool fails) {
        std::string text;
        for (std::size_t i = 0; i < count; ++i)
            text += "record(ai, r) { info(autosave, " +
                    quotedText(kAgainLinks[i % kAgainLinks.size()]) + ") info(" +
                    (i % 2 ? "archive" : "alarm") + ", " +
                    quotedText(kAgainDescs[i % kAgainDescs.size()]) + ") }\n";
        if (fails) text += "record(ai, bad) { field(PREC, x) }\n";
        return load(text).ok;
    };
    EXPECT_FALSE(loadOf(1000, true));
    expectAsBefore();
    ASSERT_TRUE(loadOf(64, false)) << allMessages();
    const std::size_t baseline = arenaBytes();
    ASSERT_TRUE(loadOf(40'000, false)) << allMessages();
    EXPECT_LE(arenaBytes(), baseline + kSetAgainBound);
    EXPECT_EQ(info("autosave"), kAgainLinks[39'999 % kAgainLinks.size()]);
    EXPECT_EQ(info("archive"), kAgainDescs[39'999 % kAgainDescs.size()]);
    EXPECT_EQ(info("alarm"), kAgainDescs[39'998 % kAgainDescs.size()]);
    ASSERT_EQ(node->infos().size(), 3u);
    EXPECT_EQ(node->infos()[0].name, "autosave");
    EXPECT_EQ(node->infos()[1].name, "alarm");
    EXPECT_EQ(node->infos()[2].name, "archive");
}

// Values with a backslash are unescaped into a copy the edits keep; the copies of values set
// again are dropped along the way, and what is kept reads as the same statements read once.
TEST_F(SetAgainInALoad, CopiedValuesSetAgainInOneBodyKeepTheLastOnes) {
    auto written = [](std::size_t i) { return "\"d\\\\" + std::to_string(i) + "\\\"\""; };
    const std::string once = "\"set \\\"once\\\" only\"";
    std::string text = "record(ai, r) {\n  field(EGU, " + once + ")\n";
    constexpr std::size_t kSets = 3000;
    for (std::size_t i = 0; i < kSets; ++i)
        text += "  field(DESC, " + written(i) + ") info(x, " + written(i) + ") info(y, " +
                written(i + 1) + ")\n";
    text += "}\nrecord(ai, ref) { field(DESC, " + written(kSets - 1) + ") field(EGU, " + once +
            ") info(x, " + written(kSets - 1) + ") info(y, " + written(kSets) + ") }\n";
    ASSERT_TRUE(load(text).ok) << allMessages();
    EXPECT_EQ(field("r", "DESC"), field("ref", "DESC"));
    EXPECT_EQ(field("r", "DESC"), "d\\" + std::to_string(kSets - 1) + "\"");
    EXPECT_EQ(field("r", "EGU"), field("ref", "EGU"));
    const dbstatic::Record* ref = db.findRecord("ref");
    ASSERT_EQ(node->infos().size(), 3u);
    EXPECT_EQ(node->infos()[0].name, "autosave");
    EXPECT_EQ(node->infos()[1].name, "x");
    EXPECT_EQ(node->infos()[2].name, "y");
    EXPECT_EQ(info("x"), ref->findInfo("x")->value);
    EXPECT_EQ(info("y"), ref->findInfo("y")->value);
}

// Within one record body the last set of a field wins, and UDF is what the last of its own sets
// and VAL's makes it, as when every set is applied in turn; info items keep the order of their
// first set.
TEST_F(SetAgainInALoad, TheLastSetInARecordBodyWins) {
    ASSERT_TRUE(load("record(ai, a) { field(UDF, 1) field(VAL, 5) field(UDF, 1) }\n"
                     "record(ai, b) { field(UDF, 1) field(VAL, 5) field(UDF, 1) field(VAL, 6) }\n"
                     "record(ai, c) { info(x, \"1\") info(y, \"2\") info(x, \"3\") }\n"
                     "record(ai, d) { field(DESC, \"a long description that is dropped\") "
                     "field(EGU, \"mm\") field(DESC, \"$(M)\") field(EGU, \"cm\") }\n",
                     "M=kept")
                    .ok)
        << allMessages();
    EXPECT_EQ(field("a", "UDF"), "1");
    EXPECT_EQ(field("a", "VAL"), "5");
    EXPECT_EQ(field("b", "UDF"), "0");
    EXPECT_EQ(field("b", "VAL"), "6");
    const dbstatic::Record* c = db.findRecord("c");
    ASSERT_EQ(c->infos().size(), 2u);
    EXPECT_EQ(c->infos()[0].name, "x");
    EXPECT_EQ(c->infos()[0].value, "3");
    EXPECT_EQ(c->infos()[1].name, "y");
    EXPECT_EQ(field("d", "DESC"), "kept");
    EXPECT_EQ(field("d", "EGU"), "cm");
}

// Sets, info puts and deletions of any length in any order, inside loads that commit or roll back,
// with single puts between the loads (whose values a load must keep for its rollback): every
// stored value and info item is what a plain model says.
TEST_F(SetAgainInALoad, SetsInLoadsInAnyOrderMatchAModel) {
    std::mt19937 random(20241204);
    auto pick = [&](std::size_t n) { return static_cast<std::size_t>(random() % n); };
    auto letters = [&](std::size_t length) {
        std::string text;
        for (std::size_t i = 0; i < length; ++i)
            text += static_cast<char>('a' + pick(26));
        return text;
    };
    struct Field {
        const char* name;
        std::size_t maxLength; // 0: a number
    };
    const std::array<Field, 6> fields = {
        {{"DESC", 40}, {"EGU", 15}, {"INP", 90}, {"FLNK", 30}, {"VAL", 0}, {"UDF", 0}}};
    const std::array<const char*, 4> infoNames = {"autosave", "archive", "alarm", "x"};
    const std::array<const char*, 3> names = {"r", "r:alias", "other"};
    using Model = std::pair<std::map<std::string, std::string>,
                            std::vector<std::pair<std::string, std::string>>>;
    std::map<std::string, Model> model; // by real record: fields, infos
    model["r"] = {{{"DESC", "before"}, {"INP", "other.DESC CP"}, {"VAL", "7"}, {"UDF", "0"}},
                  {{"autosave", "VAL"}}};
    model["other"] = {{{"DESC", "other"}}, {}};
    auto realOf = [](std::string name) { return name == "r:alias" ? std::string("r") : name; };
    auto valueFor = [&](const Field& f) {
        if (f.maxLength) return letters(pick(f.maxLength + 1));
        if (std::string_view(f.name) == "UDF") return std::to_string(pick(2));
        return std::to_string(pick(100000)) + "." + std::to_string(pick(1000));
    };
    auto putInfoModel = [](auto& list, const std::string& name, const std::string& value) {
        for (auto& [n, v] : list)
            if (n == name) {
                v = value;
                return;
            }
        list.emplace_back(name, value);
    };
    auto check = [&](std::size_t step) {
        for (const auto& [name, expected] : model) {
            const dbstatic::Record* record = db.findRecord(name);
            ASSERT_NE(record, nullptr);
            for (const Field& f : fields) {
                const auto value = record->storedValue(record->type().findField(f.name)->index);
                const auto it = expected.first.find(f.name);
                ASSERT_EQ(value.value_or("<unset>"),
                          it != expected.first.end() ? it->second : "<unset>")
                    << step << " " << name << "." << f.name;
            }
            const auto items = record->infos();
            ASSERT_EQ(items.size(), expected.second.size()) << step << " " << name;
            for (std::size_t i = 0; i < items.size(); ++i) {
                ASSERT_EQ(items[i].name, expected.second[i].first) << step;
                ASSERT_EQ(items[i].value, expected.second[i].second) << step;
            }
        }
    };

    for (std::size_t round = 0; round < 400; ++round) {
        // Single puts between loads: the values the next load must keep for its rollback.
        for (std::size_t i = pick(4); i > 0; --i) {
            const std::string name = names[pick(names.size())];
            const Field& f = fields[pick(fields.size())];
            const std::string value = valueFor(f);
            dbstatic::Record& target = *db.findRecord(name);
            ASSERT_TRUE(db.putField(target, *target.type().findField(f.name), value).ok());
            auto& values = model[realOf(name)].first;
            values[f.name] = value;
            if (std::string_view(f.name) == "VAL") values["UDF"] = "0";
        }
        const Model before[2] = {model["r"], model["other"]};
        db.beginLoad();
        for (std::size_t step = pick(60); step > 0; --step) {
            const std::string name = names[pick(names.size())];
            const std::string real = realOf(name);
            dbstatic::Record& target = *db.findRecord(name);
            const std::size_t what = pick(10);
            if (what < 6) {
                const Field& f = fields[pick(fields.size())];
                const std::string value = valueFor(f);
                ASSERT_TRUE(db.putField(target, *target.type().findField(f.name), value).ok());
                model[real].first[f.name] = value;
                if (std::string_view(f.name) == "VAL") model[real].first["UDF"] = "0";
            } else if (what < 8 && name != "r:alias") {
                const std::string info = infoNames[pick(infoNames.size())];
                const std::string value = letters(pick(60));
                db.putInfo(target, info, value);
                putInfoModel(model[real].second, info, value);
            } else if (what < 9 && name != "r:alias") {
                const std::string info = infoNames[pick(infoNames.size())];
                auto& list = model[real].second;
                const auto it = std::find_if(list.begin(), list.end(),
                                             [&](const auto& item) { return item.first == info; });
                ASSERT_EQ(db.deleteInfo(target, info), it != list.end());
                if (it != list.end()) list.erase(it);
            } else {
                // A statement of a file, joining this load: several fields in one body.
                const Field& f = fields[pick(4)];
                const std::string first = letters(pick(f.maxLength + 1));
                const std::string second = letters(pick(f.maxLength + 1));
                const std::string text = "record(ai, " + name + ") { field(" + f.name + ", \"" +
                                         first + "\") field(" + f.name + ", \"" + second +
                                         "\") }\n";
                ASSERT_TRUE(load(text).ok) << allMessages();
                model[real].first[f.name] = second;
            }
        }
        const bool commit = pick(2) == 0;
        db.endLoad(commit);
        if (!commit) {
            model["r"] = before[0];
            model["other"] = before[1];
        }
        check(round);
        if (HasFatalFailure()) return;
    }
}
