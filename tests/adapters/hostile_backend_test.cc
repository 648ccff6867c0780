// `hloconf run` against a hostile backend: the hostile modes of tests/adapters/fault_backend.py (issue 19;
// docs/security.md, "Hostile backends"). For each mode the run completes, the case gets the status it
// should, no process of the backend outlives the run, and no file outside the run's folders changes.
// Skips when /usr/bin/python3 with numpy is missing.
#include <signal.h>
#include <sys/stat.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>

#include "../harness/run_hloconf.h"
#include "adapter_test_util.h"
#include "nlohmann/json.hpp"

namespace hloconf::test {
namespace {

namespace fs = std::filesystem;
using json = nlohmann::json;

// Three small float cases; the modes spoil the first.
constexpr char kCases[] = "spec --filter 'spec/abs/example-1,spec/abs/edge-f16,spec/abs/edge-f64'";
constexpr char kSpoiled[] = "spec/abs/example-1";

struct HostileRun {
  int status = -1;
  std::string output;
  std::map<std::string, json> cases;  // by id
  double seconds = 0;                 // wall time of the whole run
};

class HostileBackend : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!pythonWithNumpy()) GTEST_SKIP() << "/usr/bin/python3 with numpy is missing";
    // What the run must not touch: a file outside its folders, written before it starts.
    victim_ = scratch_.path() + "/victim.txt";
    std::ofstream(victim_) << "the harness must never write here\n";
    for (const char* dir : {"/tmp", "/report", "/cache"}) fs::create_directories(scratch_.path() + dir);
  }

  // `hloconf run` of kCases with fault_backend.py in `mode_and_flags`, its temp folder (the run's work
  // folder) under the scratch folder, and an environment mark that every process it starts inherits.
  HostileRun run(const std::string& mode_and_flags, const std::string& extra = "") {
    const std::string command =
        strCat("HLOCONF_HOSTILE_TEST_MARK=", mark(), " TMPDIR=", scratch_.path(), "/tmp ", HLOCONF_BINARY, " run -q ", kCases,
               " --timeout 20 --cache-dir ", scratch_.path(), "/cache --report-dir ", report(), " ", extra,
               " --backend-cmd '/usr/bin/python3 ", faultBackendPath(), " ", mode_and_flags, " --serve ", HLOCONF_BINARY, "' 2>&1");
    const auto started = std::chrono::steady_clock::now();
    RunResult r = runShell(command);
    HostileRun run;
    run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    run.status = r.status;
    run.output = r.output;
    json j = json::parse(readText(report() + "/results.json"), nullptr, false);
    if (j.is_object())
      for (const json& c : j["cases"]) run.cases[c["id"].get<std::string>()] = c;
    return run;
  }

  // The checks every mode shares: nothing the run started is still running, the victim is as it was,
  // and the run's work folder (in TMPDIR) is gone.
  void expectNothingEscaped() {
    EXPECT_EQ(survivors(), std::vector<std::string>{});
    EXPECT_EQ(readText(victim_), "the harness must never write here\n");
    struct stat st {};
    ASSERT_EQ(::lstat(victim_.c_str(), &st), 0);
    EXPECT_TRUE(S_ISREG(st.st_mode));
    EXPECT_TRUE(fs::is_empty(scratch_.path() + "/tmp")) << "the run left its work folder behind";
  }

  // The mode's chosen case has `status` with `message_part` in its message; the others PASS.
  void expectOnlyTheSpoiledCase(const HostileRun& r, const std::string& status, const std::string& message_part) {
    ASSERT_EQ(r.cases.size(), 3u) << r.output;
    for (const auto& [id, c] : r.cases) {
      if (id != kSpoiled) {
        EXPECT_EQ(c["status"], "PASS") << id << ": " << c["message"];
        continue;
      }
      EXPECT_EQ(c["status"], status) << c.dump();
      EXPECT_NE(c["message"].get<std::string>().find(message_part), std::string::npos) << c["message"];
    }
  }

  std::string mark() const { return fs::path(scratch_.path()).filename().string(); }
  std::string report() const { return scratch_.path() + "/report"; }

  // Processes that carry this test's mark in their environment (every descendant of the run inherits it).
  std::vector<std::string> survivors() const {
    std::vector<std::string> found;
    const std::string needle = strCat("HLOCONF_HOSTILE_TEST_MARK=", mark());
    for (const auto& entry : fs::directory_iterator("/proc")) {
      const std::string pid = entry.path().filename().string();
      if (pid.find_first_not_of("0123456789") != std::string::npos) continue;
      const std::string environ = readText(entry.path().string() + "/environ");
      if (environ.find(needle) == std::string::npos) continue;
      const std::string stat = readText(entry.path().string() + "/stat");
      const size_t close = stat.rfind(')');
      if (close != std::string::npos && close + 2 < stat.size() && stat[close + 2] == 'Z') continue;  // exited
      found.push_back(strCat(pid, ": ", stat.substr(0, close + 1)));
    }
    return found;
  }

  ScratchDir scratch_;
  std::string victim_;
};

// The modes that spoil one case: what the backend does, the status and message that case gets (every
// other case passes), and what the harness did before (issue 19).
struct SpoiledCaseMode {
  const char* mode;
  const char* status;
  const char* message_part;
};
const SpoiledCaseMode kSpoiledCaseModes[] = {
    {"deep", "ERROR", "nested more than 64 levels deep"},       // the run died (SIGSEGV)
    {"huge", "ERROR", "a line longer than 16777216 bytes"},     // read into memory until the deadline
    {"fifo", "ERROR", "not a regular file"},                    // hung past --timeout
    {"devzero", "ERROR", "a symlink, not a file"},              // aborted with bad_alloc
    {"sparse", "ERROR", "the file has 2147483648 bytes"},       // read whole (9 s), trailing bytes ignored: PASS
    {"rmwork", "CRASH", "exited with status 3"},                // every later case CRASH or ERROR
};

class HostileSpoiledCase : public HostileBackend, public ::testing::WithParamInterface<SpoiledCaseMode> {};

TEST_P(HostileSpoiledCase, CostsOnlyItsCase) {
  const SpoiledCaseMode& m = GetParam();
  HostileRun r = run(strCat(m.mode, " --match ", kSpoiled));
  EXPECT_EQ(r.status, 1) << r.output;
  expectOnlyTheSpoiledCase(r, m.status, m.message_part);
  EXPECT_LT(r.seconds, 20) << "a case waited for its deadline (--timeout 20)";
  expectNothingEscaped();
}

INSTANTIATE_TEST_SUITE_P(Modes, HostileSpoiledCase, ::testing::ValuesIn(kSpoiledCaseModes),
                         [](const ::testing::TestParamInfo<SpoiledCaseMode>& info) { return std::string(info.param.mode); });

// A hello that never comes cost the handshake timeout on every case, each recorded as 0.0 s.
TEST_F(HostileBackend, MissingHelloStopsTheRunAndChargesItsTime) {
  HostileRun r = run("nohello", "--handshake-timeout 1");
  EXPECT_EQ(r.status, 5) << r.output;
  EXPECT_NE(r.output.find("failed to start 3 times in a row"), std::string::npos) << r.output;
  ASSERT_GE(r.cases.size(), 3u) << r.output;
  for (const auto& [id, c] : r.cases) {
    EXPECT_EQ(c["status"], "ERROR") << id;
    EXPECT_NE(c["message"].get<std::string>().find("no reply in time"), std::string::npos) << c["message"];
    EXPECT_GE(c["seconds"].get<double>(), 1.0) << id << ": the time spent waiting for the hello";
  }
  EXPECT_LT(r.seconds, 20);
  expectNothingEscaped();
}

// protocol 2^32 + 1 was read with get<int>() as protocol 1 and accepted.
TEST_F(HostileBackend, ProtocolNumberOverflowIsRefused) {
  HostileRun r = run("protocol");
  EXPECT_EQ(r.status, 5) << r.output;
  ASSERT_FALSE(r.cases.empty()) << r.output;
  for (const auto& [id, c] : r.cases) {
    EXPECT_EQ(c["status"], "ERROR") << id;
    EXPECT_NE(c["message"].get<std::string>().find("it speaks protocol 4294967297"), std::string::npos) << c["message"];
  }
  expectNothingEscaped();
}

// A helper in a session of its own outlived the run (a kill of the backend's group does not reach it).
TEST_F(HostileBackend, HelpersInTheirOwnSessionAreKilledAndReported) {
  const std::string pidfile = scratch_.path() + "/helpers.txt";
  HostileRun r = run(strCat("setsid --match ", kSpoiled, " --pidfile ", pidfile));
  EXPECT_EQ(r.status, 0) << r.output;
  ASSERT_EQ(r.cases.size(), 3u) << r.output;
  const std::string pids = readText(pidfile);
  ASSERT_FALSE(pids.empty()) << "the helper did not start";
  const pid_t helper = std::stoi(pids);
  EXPECT_TRUE(::kill(helper, 0) != 0 || readText(strCat("/proc/", helper, "/stat")).find(") Z") != std::string::npos)
      << "helper " << helper << " is still running";
  std::string logs;
  for (const auto& entry : fs::directory_iterator(report() + "/backend-logs")) logs += readText(entry.path().string());
  EXPECT_NE(logs.find(strCat("left running outside its process group: ", helper, " (")), std::string::npos) << logs;
  expectNothingEscaped();
}

// A symlink planted at the next request's input path made the harness overwrite its target.
TEST_F(HostileBackend, PlantedSymlinksAreNeverWrittenThrough) {
  HostileRun r = run(strCat("symlink --victim ", victim_));
  EXPECT_EQ(r.status, 0) << r.output;
  ASSERT_EQ(r.cases.size(), 3u) << r.output;
  for (const auto& [id, c] : r.cases) EXPECT_EQ(c["status"], "PASS") << id << ": " << c["message"];
  expectNothingEscaped();
}

// `--backend NAME` ran ./adapters/NAME/adapter.json of whatever folder it was started in.
TEST_F(HostileBackend, TheCurrentFolderIsNoAdapterFolderUnlessNamed) {
  const std::string folder = scratch_.path() + "/download";
  fs::create_directories(folder + "/adapters/localonly");
  const std::string touched = scratch_.path() + "/ran.txt";
  std::ofstream(folder + "/adapters/localonly/adapter.json")
      << "{\"command\": [\"/bin/sh\", \"-c\", \"touch " << touched << "; exec /usr/bin/python3 " << faultBackendPath()
      << " ok --serve " << HLOCONF_BINARY << "\"]}\n";
  const std::string run_line = strCat("cd ", folder, " && TMPDIR=", scratch_.path(), "/tmp ", HLOCONF_BINARY, " run -q ", kCases,
                                      " --cache-dir ", scratch_.path(), "/cache --report-dir ", report(), " --backend localonly");
  RunResult refused = runShell(run_line + " 2>&1");
  EXPECT_EQ(refused.status, 2) << refused.output;
  EXPECT_NE(refused.output.find("no adapter named 'localonly'"), std::string::npos) << refused.output;
  EXPECT_FALSE(fs::exists(touched)) << "the local adapter.json ran";

  RunResult asked = runShell(run_line + " --adapters-dir adapters 2>&1");
  EXPECT_EQ(asked.status, 0) << asked.output;
  EXPECT_TRUE(fs::exists(touched));
  // The reports say which adapter.json ran.
  const std::string adapter_json = fs::canonical(folder + "/adapters/localonly/adapter.json").string();
  EXPECT_NE(readText(report() + "/summary.md").find(strCat("from `", adapter_json, "`")), std::string::npos)
      << readText(report() + "/summary.md");
  json j = json::parse(readText(report() + "/results.json"), nullptr, false);
  ASSERT_TRUE(j.is_object());
  EXPECT_EQ(j["hloconf"]["backend_identities"][0]["adapter_json"], adapter_json);
}

}  // namespace
}  // namespace hloconf::test
