// `epicsdb index` killed with SIGKILL in the middle of an update (the real program, on a
// facility big enough to take a while): the index it leaves opens, passes SQLite's integrity
// check, holds every IOC it committed whole and no other, and the next update finishes it.
#include "FacilityFixture.hpp"

#include <csignal>
#include <sys/wait.h>
#include <unistd.h>

namespace epicsdb::test {
namespace {

class KilledIndex : public FacilityFixture {
protected:
    void SetUp() override {
        std::string tmpl;
        for (int r = 0; r < 40; ++r)
            tmpl += "record(ao, \"$(P)r" + std::to_string(r) +
                    "\") {\n    field(DESC, \"record $(N)\")\n    field(OUT, \"$(P)r" +
                    std::to_string((r + 1) % 40) + " PP\")\n    field(PREC, \"2\")\n}\n";
        dir.write("db/big.template", tmpl);
        for (int i = 0; i < kIocs; ++i) {
            const std::string name = "ioc" + std::to_string(100 + i);
            std::string subst = "file \"../../db/big.template\" {\n    pattern { P, N }\n";
            for (int k = 0; k < 60; ++k)
                subst += "    { \"" + name + ":" + std::to_string(k) + ":\", " + std::to_string(k) +
                         " }\n";
            dir.write("iocBoot/" + name + "/ioc.substitutions", subst + "}\n");
            dir.write("iocBoot/" + name + "/st.cmd", "dbLoadTemplate(\"ioc.substitutions\")\n");
        }
        writeFacility("[[ioc]]\nstartup = \"iocBoot/*/st.cmd\"\n");
    }

    // Runs `epicsdb index -j 1` and kills it once `committed` IOCs are reported written.
    // Returns how many it reported before it died.
    int runAndKill(int committed) {
        int err[2];
        if (pipe(err) != 0) return -1;
        const std::string facility = dir.path("facility.toml");
        const pid_t pid = fork();
        if (pid == 0) {
            dup2(err[1], STDERR_FILENO);
            close(err[0]);
            close(err[1]);
            execl(EPICSDB_TOOL, EPICSDB_TOOL, "index", "-j", "1", facility.c_str(),
                  static_cast<char*>(nullptr));
            _exit(127);
        }
        close(err[1]);
        std::string seen;
        int loaded = 0;
        char buffer[4096];
        while (loaded < committed) {
            const ssize_t n = ::read(err[0], buffer, sizeof buffer);
            if (n <= 0) break;
            seen.append(buffer, static_cast<std::size_t>(n));
            loaded = 0;
            for (std::size_t at = seen.find(" loaded\n"); at != std::string::npos;
                 at = seen.find(" loaded\n", at + 1))
                ++loaded;
        }
        kill(pid, SIGKILL);
        int status = 0;
        waitpid(pid, &status, 0);
        close(err[0]);
        EXPECT_TRUE(WIFSIGNALED(status)) << "the index finished before it was killed: " << seen;
        return loaded;
    }

    static constexpr int kIocs = 12;
};

TEST_F(KilledIndex, LeavesTheLastCommittedIocsWholeAndTheNextUpdateFinishes) {
    const int reported = runAndKill(3);
    ASSERT_GE(reported, 3);
    EXPECT_EQ(one("PRAGMA integrity_check"), "ok");
    // Every IOC the index holds is whole: its records are all there.
    const auto iocs = query("SELECT name, records, (SELECT count(*) FROM records r WHERE "
                            "r.ioc_id = i.id), status FROM iocs i ORDER BY name");
    EXPECT_GE(iocs.size(), static_cast<std::size_t>(reported));
    EXPECT_LT(iocs.size(), static_cast<std::size_t>(kIocs));
    for (const std::string& row : iocs)
        EXPECT_EQ(row.substr(row.find('|')), "|2400|2400|ok") << row;
    // The next run loads only what is missing.
    const facility::IndexSummary summary = update();
    EXPECT_EQ(summary.unchanged, iocs.size());
    EXPECT_EQ(summary.loaded, kIocs - iocs.size());
    EXPECT_EQ(summary.records, static_cast<std::size_t>(kIocs) * 2400);
    EXPECT_EQ(one("PRAGMA integrity_check"), "ok");
}

} // namespace
} // namespace epicsdb::test
