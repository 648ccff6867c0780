// `hloconf run` against fault-injecting backends (tests/adapters/fault_backend.py, a proxy to
// `hloconf serve` that spoils answers on purpose): each fault yields exactly the statuses it should and
// the run completes. Also the protocol path for the whole spec suite, baselines of known failures, and
// `--resume` after a kill -9. Skips when /usr/bin/python3 with numpy is missing.
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <thread>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "nlohmann/json.hpp"
#include "run_hloconf.h"
#include "suite_run.h"

namespace hloconf {
namespace {

namespace fs = std::filesystem;
using test::runHloconf;
using test::faultBackend;
using test::havePythonWithNumpy;
using test::readText;
using ::testing::HasSubstr;

// abs, and, atan2: float and integer cases.
const char kSuite[] = "spec --filter 'spec/abs/*,spec/and/*,spec/atan2/*'";

size_t suiteSize() {
  size_t n = 0;
  for (const char* op : {"abs", "and", "atan2"})
    for (auto& e : fs::directory_iterator(std::string(HLOCONF_SOURCE_DIR) + "/cases/" + op))
      n += e.path().extension() == ".mlir" && !e.path().filename().string().starts_with("invalid-");  // spec-invalid's
  return n;
}

std::string tempDir(const std::string& name) { return test::tempDir("faults", name); }

struct FaultRun {
  int status = -1;
  std::string output;
  std::map<std::string, nlohmann::json> cases;  // by id
};

FaultRun runFaults(const std::string& name, const std::string& args) {
  std::string dir = tempDir(name);
  auto r = runHloconf("run -q " + std::string(kSuite) + " --cache-dir " + tempDir("cache") + " --report-dir " + dir + " " + args);
  FaultRun run{r.status, r.output, {}};
  std::ifstream in(dir + "/results.json");
  nlohmann::json j = nlohmann::json::parse(in, nullptr, false);
  if (j.is_object())
    for (const auto& c : j["cases"]) run.cases[c["id"].get<std::string>()] = c;
  return run;
}

bool isFloatCase(const nlohmann::json& c) {
  std::string t = c["element_type"];
  return t[0] == 'f' || t.rfind("bf", 0) == 0 || t.rfind("complex", 0) == 0;
}

class RunFaults : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!havePythonWithNumpy()) GTEST_SKIP() << "/usr/bin/python3 with numpy is needed for the fault-injecting backend";
  }
};

TEST_F(RunFaults, PlainProxyPassesEverything) {
  FaultRun run = runFaults("ok", faultBackend("ok"));
  EXPECT_EQ(run.status, 0) << run.output;
  ASSERT_EQ(run.cases.size(), suiteSize()) << run.output;
  for (auto& [id, c] : run.cases) EXPECT_EQ(c["status"], "PASS") << id << ": " << c["message"];
}

TEST_F(RunFaults, FlippedLowBitsFailFloatCasesUnderStrict) {
  FaultRun run = runFaults("flip", faultBackend("flip") + " --profile strict");
  EXPECT_EQ(run.status, 1) << run.output;
  ASSERT_EQ(run.cases.size(), suiteSize()) << run.output;
  int failed = 0;
  for (auto& [id, c] : run.cases) {
    if (!isFloatCase(c)) {
      EXPECT_EQ(c["status"], "PASS") << id << ": integer and boolean outputs have no float bits to flip";
      continue;
    }
    if (c["status"] != "FAIL") continue;
    ++failed;
    EXPECT_TRUE(c["max_ulp"].is_string() || c["max_ulp"].get<double>() >= 1) << id << " " << c["max_ulp"];  // "inf": an infinity flipped into a NaN
    ASSERT_FALSE(c["worst"].empty()) << id;
    EXPECT_NE(c["worst"][0]["expected_bits"], c["worst"][0]["actual_bits"]) << id;
    EXPECT_THAT(c["rule"].get<std::string>(), HasSubstr("strict")) << id;
  }
  EXPECT_GE(failed, 15);
  // Issue 18, item 8: an elementwise FAIL names its inputs at the worst element, decoded and as bits:
  // abs of spec/abs/edge-f64's input there is the expected value up to its sign.
  ASSERT_TRUE(run.cases.count("spec/abs/edge-f64"));
  const nlohmann::json& c = run.cases["spec/abs/edge-f64"];
  ASSERT_EQ(c["status"], "FAIL");
  const std::string message = c["message"];
  const size_t there = message.find("; inputs there: ");
  ASSERT_NE(there, std::string::npos) << message;
  const std::string expected_bits = c["worst"][0]["expected_bits"];
  const std::string input = message.substr(message.find('(', there) + 1, 18);  // "0x" and 16 digits
  EXPECT_EQ(std::stoull(input, nullptr, 16) & 0x7FFFFFFFFFFFFFFFull, std::stoull(expected_bits, nullptr, 16)) << message;
  // ... and carries the case's own description (its opening comment).
  EXPECT_EQ(c["description"], "abs on f64: -0.0, min subnormal, max, -inf.");
}

TEST_F(RunFaults, NanAnswersFail) {
  FaultRun run = runFaults("nan", faultBackend("nan"));
  EXPECT_EQ(run.status, 1);
  int failed = 0;
  for (auto& [id, c] : run.cases) {
    if (!isFloatCase(c)) {
      EXPECT_EQ(c["status"], "PASS") << id;
    }
    if (c["status"] == "FAIL") {
      ++failed;
      EXPECT_GT(c["categories"].value("nan", 0), 0) << id << ": " << c.dump();
    }
  }
  EXPECT_GE(failed, 15);
}

TEST_F(RunFaults, CrashesCostOneCaseEachAndTheRunCompletes) {
  FaultRun run = runFaults("crash", faultBackend("crash --every 4"));
  EXPECT_EQ(run.status, 1);
  ASSERT_EQ(run.cases.size(), suiteSize()) << run.output;
  int crashed = 0, passed = 0;
  for (auto& [id, c] : run.cases) {
    if (c["status"] == "CRASH") ++crashed;
    else if (c["status"] == "PASS") ++passed;
    else ADD_FAILURE() << id << ": " << c["status"] << " " << c["message"];
  }
  // Every 4th case of each backend process crashes it; the restarted process counts again from 1.
  EXPECT_EQ(crashed, static_cast<int>(suiteSize()) / 4);
  EXPECT_EQ(passed, static_cast<int>(suiteSize()) - static_cast<int>(suiteSize()) / 4);
}

TEST_F(RunFaults, AHangIsATimeoutAndTheRunGoesOn) {
  auto started = std::chrono::steady_clock::now();
  FaultRun run = runFaults("hang", faultBackend("hang --match 'spec/abs/example-1'") + " --timeout 2");
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  EXPECT_EQ(run.status, 1);
  ASSERT_EQ(run.cases.size(), suiteSize()) << run.output;
  for (auto& [id, c] : run.cases)
    EXPECT_EQ(c["status"], id == "spec/abs/example-1" ? "TIMEOUT" : "PASS") << id << ": " << c["message"];
  EXPECT_LT(seconds, 60);
}

TEST_F(RunFaults, UndeclaredOpsAreUnsupported) {
  FaultRun run = runFaults("unsupported", faultBackend("unsupported --ops stablehlo.abs"));
  // The handshake leaves out abs, and and atan2, so every case of the suite is UNSUPPORTED: nothing ran,
  // exit 3 (issue 18; a run with some UNSUPPORTED cases and others passing exits 0).
  EXPECT_EQ(run.status, 3) << run.output;
  for (auto& [id, c] : run.cases) {
    if (id.rfind("spec/abs/", 0) == 0) {
      EXPECT_EQ(c["status"], "UNSUPPORTED") << id;
      EXPECT_THAT(c["message"].get<std::string>(), HasSubstr("stablehlo.abs")) << id;
    }
    if (id.rfind("spec/atan2/", 0) == 0) {
      EXPECT_EQ(c["status"], "UNSUPPORTED") << id;  // not in its handshake
    }
  }
}

// Issue 18: a backend whose handshake leaves out every op of the run turned every case UNSUPPORTED and
// the run passed. Nothing ran, so it exits 3 and shows what the handshake declared.
TEST_F(RunFaults, EveryCaseUnsupportedExitsThreeWithTheHandshake) {
  std::string dir = tempDir("all-unsupported");
  auto r = runHloconf("run -q spec --filter 'spec/abs/*' --cache-dir " + tempDir("cache") + " --report-dir " + dir + " " +
                      faultBackend("unsupported --ops stablehlo.abs"));
  EXPECT_EQ(r.status, 3) << r.output;
  EXPECT_THAT(r.output, HasSubstr("were UNSUPPORTED"));
  EXPECT_THAT(r.output, HasSubstr("the handshake declared fault_backend.py: ops: func.return, stablehlo.add"));
  EXPECT_TRUE(fs::exists(dir + "/results.json"));  // the reports are still written
}

// Issue 18: --max-failures N stops the run after N failing cases and keeps their results.
TEST_F(RunFaults, MaxFailuresStopsTheRunAndKeepsTheResults) {
  FaultRun run = runFaults("max-failures", faultBackend("flip") + " --profile strict --max-failures 2");
  EXPECT_EQ(run.status, 1) << run.output;
  EXPECT_THAT(run.output, HasSubstr("stopped after 2 failing case(s) (--max-failures 2)"));
  int failed = 0;
  for (auto& [id, c] : run.cases) failed += c["status"] == "FAIL";
  EXPECT_EQ(failed, 2) << run.output;  // -j 1: the worker stops at the limit
  EXPECT_LT(run.cases.size(), suiteSize());
}

// Issue 18: a backend that cannot start was restarted for every case (one ERROR each, its stderr only in
// results.json). Three failed starts in a row stop the run with exit 5 and the backend's stderr on the console.
TEST_F(RunFaults, ABackendThatCannotStartStopsTheRun) {
  FaultRun run = runFaults("cannot-start", "-j 2 --backend-cmd 'sh -c \"echo no-license-found >&2; exit 3\"'");
  EXPECT_EQ(run.status, 5) << run.output;
  EXPECT_THAT(run.output, HasSubstr("hloconf run: stopped: backend sh failed to start 3 times in a row"));
  EXPECT_THAT(run.output, HasSubstr("no-license-found"));  // the end of its stderr
  EXPECT_THAT(run.output, HasSubstr("result: FAILED (exit status 5: backend sh could not start)"));
  EXPECT_GE(run.cases.size(), 3u);
  EXPECT_LE(run.cases.size(), 4u) << "each of the 2 workers stops after its current case";
  for (auto& [id, c] : run.cases) EXPECT_EQ(c["status"], "ERROR") << id;
}

// Issue 18, item 5: each case keeps the slice of the backend's stderr written during it, and the logs stay
// under --report-dir (CRASH messages point at them) instead of being deleted with the work folder.
TEST_F(RunFaults, EachCaseKeepsItsStderrAndTheLogsStay) {
  std::string script = tempDir("chatty") + "/chatty.py";
  std::ofstream(script) << "import sys\nsys.path.insert(0, '" << HLOCONF_SOURCE_DIR << "/adapters/python')\n"
                        << "import hloconf_adapter\n"
                        << "def run(request):\n"
                        << "    print('working on ' + request.case_id, file=sys.stderr, flush=True)\n"
                        << "    raise RuntimeError('no kernel for ' + request.case_id)\n"
                        << "hloconf_adapter.serve(run, name='chatty')\n";
  const std::string dir = tempDir("chatty-report");
  auto r = runHloconf("run -q spec --filter 'spec/abs/*' -j 2 --cache-dir " + tempDir("cache") + " --report-dir " + dir +
                      " --backend-cmd '/usr/bin/python3 " + script + "'");
  EXPECT_EQ(r.status, 1) << r.output;
  nlohmann::json j = nlohmann::json::parse(test::readText(dir + "/results.json"), nullptr, false);
  ASSERT_TRUE(j.is_object()) << r.output;
  int cases = 0;
  for (const auto& c : j["cases"]) {
    ++cases;
    ASSERT_TRUE(c.contains("stderr")) << c.dump();
    // Its own lines only: not another case's, not the harness's banners.
    EXPECT_THAT(c["stderr"].get<std::string>(), HasSubstr("working on " + c["id"].get<std::string>()));
    EXPECT_EQ(c["stderr"].get<std::string>().find("working on", 1), std::string::npos) << c["stderr"];
    EXPECT_EQ(c["stderr"].get<std::string>().find("=== hloconf"), std::string::npos) << c["stderr"];
  }
  EXPECT_GE(cases, 5);
  int logs = 0;
  for (const auto& e : fs::directory_iterator(dir + "/backend-logs")) {
    logs += e.path().extension() == ".log";
    EXPECT_THAT(test::readText(e.path().string()), HasSubstr("working on spec/abs/"));
  }
  EXPECT_GE(logs, 1);
  EXPECT_LE(logs, 2);  // one per worker
  EXPECT_THAT(test::readText(dir + "/report.html"), HasSubstr("the backend's stderr during this case"));
}

// Issue 18, item 7: what each backend said it is (handshake name and version) in every report, and in the
// journal, where a resumed run checks it against the backend it starts.
TEST_F(RunFaults, BackendIdentitiesAreRecordedAndCheckedOnResume) {
  const std::string dir = tempDir("identity");
  auto first = runHloconf("run -q " + std::string(kSuite) + " --cache-dir " + tempDir("cache") + " --report-dir " + dir + " " +
                          faultBackend("ok"));
  EXPECT_EQ(first.status, 0) << first.output;
  nlohmann::json j = nlohmann::json::parse(test::readText(dir + "/results.json"), nullptr, false);
  ASSERT_TRUE(j.is_object());
  ASSERT_EQ(j["hloconf"]["backend_identities"].size(), 1u) << j["hloconf"].dump();
  EXPECT_EQ(j["hloconf"]["backend_identities"][0], nlohmann::json({{"name", "fault_backend.py"}, {"handshake_name", "fault-ok"}, {"version", "1"}}));
  EXPECT_THAT(test::readText(dir + "/junit.xml"), HasSubstr("<property name=\"backend.fault_backend.py\" value=\"fault-ok 1\""));
  EXPECT_THAT(test::readText(dir + "/summary.md"), HasSubstr("fault_backend.py (fault-ok 1)"));
  EXPECT_THAT(test::readText(dir + "/report.html"), HasSubstr("fault_backend.py (fault-ok 1)"));
  // An interrupted run (the journal's last cases gone) whose backend was another version then.
  const std::string journal = test::readText(dir + "/journal.jsonl");
  std::istringstream lines(journal);
  std::string line, kept;
  int cases = 0, backend_lines = 0;
  while (std::getline(lines, line)) {
    nlohmann::json entry = nlohmann::json::parse(line);
    if (entry["type"] == "backend") {
      ++backend_lines;
      entry["identity"]["version"] = "0.9";
      line = entry.dump();
    }
    if (entry["type"] == "case" && ++cases > 5) continue;
    kept += line + "\n";
  }
  EXPECT_EQ(backend_lines, 1);
  std::ofstream(dir + "/journal.jsonl") << kept;
  auto resumed = runHloconf("run -q " + std::string(kSuite) + " --cache-dir " + tempDir("cache") + " --report-dir " + dir + " " +
                            faultBackend("ok") + " --resume");
  EXPECT_EQ(resumed.status, 5) << resumed.output;
  EXPECT_THAT(resumed.output, HasSubstr("stopped: backend fault_backend.py changed since the interrupted run"));
  EXPECT_THAT(resumed.output, HasSubstr("is fault_backend.py (fault-ok 1) now; the interrupted run had fault_backend.py (fault-ok 0.9)"));
}

// Issue 18, item 6: a report's repro command runs as printed from any directory: the binary and the case
// file by absolute paths, the profile when it is not the default.
TEST_F(RunFaults, ReproCommandsRunFromAnyDirectory) {
  const std::string dir = tempDir("repro-anywhere");
  auto r = runHloconf("run -q spec --filter 'spec/abs/edge-f64' --profile strict --cache-dir " + tempDir("cache") + " --report-dir " +
                      dir + " " + faultBackend("flip"));
  EXPECT_EQ(r.status, 1) << r.output;
  nlohmann::json j = nlohmann::json::parse(test::readText(dir + "/results.json"), nullptr, false);
  ASSERT_TRUE(j.is_object() && j["cases"].size() == 1u) << r.output;
  const std::string repro = j["cases"][0]["repro"];
  EXPECT_EQ(repro.rfind(fs::absolute(HLOCONF_BINARY).lexically_normal().string() + " repro ", 0), 0u) << repro;
  EXPECT_THAT(repro, HasSubstr(" --profile strict "));
  EXPECT_THAT(repro, HasSubstr(" " + std::string(HLOCONF_SOURCE_DIR) + "/cases/abs/edge-f64.mlir"));
  const std::string out = dir + "/repro.mlir";
  auto ran = test::runShell("cd / && " + repro + " --out " + out + " 2>&1");
  EXPECT_TRUE(fs::exists(out)) << repro << "\n" << ran.output;
}

// Issue 18: a handshake that misspells names ("add", "float32") silently made cases UNSUPPORTED. It is
// a warning naming each unknown name with the nearest known one, and an error with --strict-capabilities.
TEST_F(RunFaults, UnknownHandshakeNamesWarnAndFailUnderStrictCapabilities) {
  std::string script = tempDir("misnamed") + "/misnamed.py";
  std::ofstream(script) << "import sys\nsys.path.insert(0, '" << HLOCONF_SOURCE_DIR << "/adapters/python')\n"
                        << "import hloconf_adapter\n"
                        << "def run(request):\n    raise hloconf_adapter.Unsupported('never')\n"
                        << "hloconf_adapter.serve(run, name='misnamed', ops=['add', 'stablehlo.abs'], "
                           "element_types=['float32', 'f32'])\n";
  std::string args = "run -q spec --filter 'spec/abs/*' --cache-dir " + tempDir("cache") + " --backend-cmd '/usr/bin/python3 " + script + "'";
  auto warned = runHloconf(args);
  EXPECT_THAT(warned.output, HasSubstr("warning: the handshake of backend misnamed.py names unknown op \"add\" (did you mean \"stablehlo.add\"?)"));
  EXPECT_THAT(warned.output, HasSubstr("unknown element type \"float32\" (did you mean \"f32\"?)"));
  EXPECT_THAT(warned.output, ::testing::Not(HasSubstr("\"stablehlo.abs\" (did")));  // known names are not reported
  auto strict = runHloconf(args + " --strict-capabilities");
  EXPECT_EQ(strict.status, 1) << strict.output;
  EXPECT_THAT(strict.output, HasSubstr("error: the handshake of backend misnamed.py names unknown op \"add\""));
  EXPECT_THAT(strict.output, HasSubstr("ERROR spec/abs/"));
}

TEST_F(RunFaults, BaselineMakesKnownFailuresXfail) {
  std::string baseline = tempDir("baseline") + "/baseline.json";
  FaultRun first = runFaults("baseline1", faultBackend("flip") + " --profile strict --write-baseline " + baseline);
  EXPECT_EQ(first.status, 1);
  FaultRun second = runFaults("baseline2", faultBackend("flip") + " --profile strict --baseline " + baseline);
  EXPECT_EQ(second.status, 0) << second.output;
  int xfail = 0;
  for (auto& [id, c] : second.cases) {
    EXPECT_EQ(c["status"], first.cases[id]["status"] == "FAIL" ? "XFAIL" : first.cases[id]["status"]) << id;
    xfail += c["status"] == "XFAIL";
  }
  EXPECT_GE(xfail, 15);
  // The backend got fixed: the known failures now pass, which is XPASS and fails the run.
  FaultRun third = runFaults("baseline3", faultBackend("ok") + " --profile strict --baseline " + baseline);
  EXPECT_EQ(third.status, 1);
  int xpass = 0;
  for (auto& [id, c] : third.cases) xpass += c["status"] == "XPASS";
  EXPECT_EQ(xpass, xfail);
}

// Issue 18, item 2: a baseline entry covers only its status class and its recorded ULP distance.
TEST_F(RunFaults, ABaselineEntryMatchesItsStatusClassAndItsUlp) {
  std::string baseline = tempDir("baseline-class") + "/baseline.json";
  FaultRun first = runFaults("class1", faultBackend("flip") + " --profile strict --write-baseline " + baseline);
  EXPECT_EQ(first.status, 1);
  nlohmann::json written = nlohmann::json::parse(readText(baseline));
  ASSERT_FALSE(written["known_failures"].empty());
  for (const auto& e : written["known_failures"]) {
    EXPECT_EQ(e["status"], "FAIL") << e.dump();
    EXPECT_TRUE(e.contains("max_ulp")) << e.dump();  // recorded, so that growth shows
  }
  // Known to compute a wrong value, now crashing: news, not XFAIL.
  FaultRun crash = runFaults("class2", faultBackend("crash --match 'spec/abs/*'") + " --profile strict --baseline " + baseline);
  EXPECT_EQ(crash.status, 1) << crash.output;
  int crashes = 0;
  for (auto& [id, c] : crash.cases) {
    if (id.rfind("spec/abs/", 0) != 0 || first.cases[id]["status"] != "FAIL") continue;
    EXPECT_EQ(c["status"], "CRASH") << id;
    EXPECT_THAT(c["message"].get<std::string>(), HasSubstr("the baseline lists it as FAIL, now CRASH")) << id;
    ++crashes;
  }
  EXPECT_GE(crashes, 1);
  // The recorded distance lowered below today's: the same wrong values are now a regression.
  int finite = 0;
  for (auto& e : written["known_failures"])
    if (e["max_ulp"] != "inf") e["max_ulp"] = 0, ++finite;  // (an infinite distance cannot grow)
  std::ofstream(baseline) << written.dump(1);
  FaultRun grew = runFaults("class3", faultBackend("flip") + " --profile strict --baseline " + baseline);
  EXPECT_EQ(grew.status, 1);
  int regressions = 0;
  for (auto& [id, c] : grew.cases)
    if (c["status"] == "FAIL") {
      EXPECT_THAT(c["message"].get<std::string>(), HasSubstr("known failure grew past its baseline")) << id;
      ++regressions;
    }
  EXPECT_EQ(regressions, finite);
  EXPECT_GE(finite, 5);
}

// Issue 18, item 2: glob IDs, fields a user added kept by --write-baseline, and `hloconf baseline`
// naming the stale entries.
TEST_F(RunFaults, BaselineGlobsUserFieldsAndStaleEntries) {
  std::string baseline = tempDir("baseline-glob") + "/baseline.json";
  FaultRun first = runFaults("glob1", faultBackend("flip") + " --profile strict --write-baseline " + baseline);
  nlohmann::json written = nlohmann::json::parse(readText(baseline));
  nlohmann::json entries = nlohmann::json::array();
  std::string backend;
  for (const auto& e : written["known_failures"]) {
    backend = e["backend"];
    if (e["id"].get<std::string>().rfind("spec/abs/", 0) == 0) continue;  // replaced by one glob below
    nlohmann::json kept = e;
    kept["bug"] = "VENDOR-123";
    entries.push_back(kept);
  }
  entries.push_back({{"id", "spec/abs/*"}, {"backend", backend}, {"status", "FAIL"}, {"bug", "VENDOR-7"}});
  std::ofstream(baseline) << nlohmann::json({{"hloconf_baseline", 1}, {"known_failures", entries}}).dump(1);
  FaultRun second = runFaults("glob2", faultBackend("flip") + " --profile strict --baseline " + baseline + " --write-baseline " + baseline);
  EXPECT_EQ(second.status, 0) << second.output;  // every failure known, the abs ones through the glob
  int abs_xfail = 0;
  for (auto& [id, c] : second.cases) abs_xfail += id.rfind("spec/abs/", 0) == 0 && c["status"] == "XFAIL";
  EXPECT_GE(abs_xfail, 1);
  nlohmann::json rewritten = nlohmann::json::parse(readText(baseline));
  int globs = 0;
  for (const auto& e : rewritten["known_failures"]) {
    if (e["id"] == "spec/abs/*") {
      ++globs;
      EXPECT_EQ(e["bug"], "VENDOR-7");
    } else {
      EXPECT_EQ(e["bug"], "VENDOR-123") << e.dump();
      EXPECT_EQ(e["status"], "FAIL") << e.dump();  // the status before XFAIL, not XFAIL
      EXPECT_THAT(e["message"].get<std::string>(), ::testing::Not(HasSubstr("known failure")));
    }
  }
  EXPECT_EQ(globs, 1);
  // The backend got fixed: every entry is stale, and `hloconf baseline` says so (exit 1).
  std::string fixed_dir = tempDir("glob3");
  runHloconf("run -q " + std::string(kSuite) + " --cache-dir " + tempDir("cache") + " --report-dir " + fixed_dir + " " +
             faultBackend("ok") + " --profile strict --baseline " + baseline);
  auto check = runHloconf("baseline " + baseline + " " + fixed_dir);
  EXPECT_EQ(check.status, 1) << check.output;
  EXPECT_THAT(check.output, HasSubstr("stale    spec/abs/* (" + backend + ")"));
  EXPECT_THAT(check.output, HasSubstr(std::to_string(rewritten["known_failures"].size()) + " entries: " +
                                          std::to_string(rewritten["known_failures"].size()) + " stale, 0 grew, 0 not run, 0 known"));
  std::string flip_dir = tempDir("glob4");
  runHloconf("run -q " + std::string(kSuite) + " --cache-dir " + tempDir("cache") + " --report-dir " + flip_dir + " " +
             faultBackend("flip") + " --profile strict --baseline " + baseline);
  auto still = runHloconf("baseline " + baseline + " " + flip_dir);
  EXPECT_EQ(still.status, 0) << still.output;
  EXPECT_THAT(still.output, HasSubstr("0 stale, 0 grew, 0 not run"));
}

TEST_F(RunFaults, ResumeAfterKillLosesNothingAndRepeatsNothing) {
  std::string dir = tempDir("resume");
  std::string cache = " --cache-dir " + tempDir("resume-cache");
  // A hang on the 20th case holds the run there long enough to kill it.
  std::string args = "run -q " + std::string(kSuite) + " --report-dir " + dir + cache + " " +
                     faultBackend("hang --match 'spec/atan2/example-1'");
  pid_t pid = fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    setpgid(0, 0);
    execl("/bin/sh", "sh", "-c", (std::string("exec ") + HLOCONF_BINARY + " " + args + " --timeout 60 >/dev/null 2>&1").c_str(), nullptr);
    _exit(127);
  }
  setpgid(pid, pid);
  // Wait until some cases are journaled, then kill -9 the run and its backend processes.
  std::string journal = dir + "/journal.jsonl";
  // The journal's case lines (not its header or the backend's identity line).
  auto lines = [&] {
    std::ifstream in(journal);
    int n = 0;
    for (std::string line; std::getline(in, line);) n += line.find("\"type\":\"case\"") != std::string::npos;
    return n;
  };
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (lines() < 5 && std::chrono::steady_clock::now() < deadline) std::this_thread::sleep_for(std::chrono::milliseconds(50));
  int before = lines();
  kill(-pid, SIGKILL);
  int raw = 0;
  waitpid(pid, &raw, 0);
  ASSERT_TRUE(WIFSIGNALED(raw));
  ASSERT_GE(before, 5);
  ASSERT_LT(before, static_cast<int>(suiteSize())) << "the run finished before it could be killed";
  EXPECT_FALSE(fs::exists(dir + "/results.json"));

  // Resume with the same options (the fingerprint must match; --timeout is not part of it, so the
  // hanging case now times out quickly).
  auto r = runHloconf(args + " --timeout 1 --resume");
  EXPECT_EQ(r.status, 1) << r.output;  // the hanging case is a TIMEOUT
  std::ifstream in(dir + "/results.json");
  nlohmann::json j = nlohmann::json::parse(in, nullptr, false);
  ASSERT_TRUE(j.is_object()) << r.output;
  std::set<std::string> ids;
  for (const auto& c : j["cases"]) EXPECT_TRUE(ids.insert(c["id"].get<std::string>()).second) << "twice: " << c["id"];
  EXPECT_EQ(ids.size(), suiteSize());
  // The journal holds each case exactly once: nothing ran twice.
  std::ifstream jin(journal);
  std::map<std::string, int> runs;
  for (std::string line; std::getline(jin, line);) {
    nlohmann::json e = nlohmann::json::parse(line, nullptr, false);
    if (e.is_object() && e["type"] == "case") ++runs[e["result"]["id"].get<std::string>()];
  }
  EXPECT_EQ(runs.size(), suiteSize());
  for (auto& [id, n] : runs) EXPECT_EQ(n, 1) << id;
  // The reports count the whole run's time: the killed session's (from its start to its last finished
  // case, in the journal) and the resumed one's, which waits at least 1 s for the hanging case.
  std::ifstream sessions(journal);
  double first_started = -1, first_last = -1;
  for (std::string line; std::getline(sessions, line);) {
    nlohmann::json e = nlohmann::json::parse(line, nullptr, false);
    if (!e.is_object()) continue;
    if (e["type"] == "run") first_started = e.value("started", -1.0);
    if (e["type"] == "session") break;
    if (e["type"] == "case") first_last = std::max(first_last, e.value("finished", -1.0));
  }
  ASSERT_GT(first_started, 0);
  ASSERT_GT(first_last, first_started);
  EXPECT_GE(j["hloconf"]["wall_seconds"].get<double>(), (first_last - first_started) + 1.0);
  // Other options are refused.
  EXPECT_EQ(runHloconf("run -q spec --report-dir " + dir + " --resume").status, 2);
}

TEST_F(RunFaults, TheSpecSuitePassesThroughTheProtocol) {
  std::string dir = tempDir("serve");
  auto r = runHloconf("run -q spec -j 2 --cache-dir " + tempDir("serve-cache") + " --report-dir " + dir +
                      " --backend-cmd '" + std::string(HLOCONF_BINARY) + " serve'");
  EXPECT_EQ(r.status, 0) << r.output.substr(r.output.size() > 3000 ? r.output.size() - 3000 : 0);
  std::ifstream in(dir + "/results.json");
  nlohmann::json j = nlohmann::json::parse(in, nullptr, false);
  ASSERT_TRUE(j.is_object());
  // Every case goes through the protocol and passes (the run_parallel + infeed ones included): none is
  // left out or self-checked.
  int pass = 0;
  for (const auto& c : j["cases"]) {
    EXPECT_EQ(c["status"], "PASS") << c["id"] << ": " << c["message"];
    EXPECT_NE(c["rule"], "self-check") << c["id"];
    if (c["status"] == "PASS") ++pass;
  }
  EXPECT_GT(pass, 700);
}

}  // namespace
}  // namespace hloconf
