// `hloconf run --repeat N` and the FLAKY status, against a deliberately nondeterministic backend
// (tests/adapters/fault_backend.py mode `vary`). Skips when /usr/bin/python3 with numpy is missing.
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "nlohmann/json.hpp"
#include "run_hloconf.h"
#include "suite_run.h"

namespace hloconf {
namespace {

namespace fs = std::filesystem;
using test::runHloconf;
using test::SuiteRun;
using test::faultBackend;
using test::havePythonWithNumpy;
using test::readText;
using ::testing::HasSubstr;

const char* const kSuite = test::kAtan2Suite;
const char* const kVaried = test::kSpoiledCase;

std::string tempDir(const std::string& name) { return test::tempDir("repeat", name); }
SuiteRun runSuite(const std::string& name, const std::string& args) { return test::runSuite("repeat", kSuite, name, args); }

class RunRepeat : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!havePythonWithNumpy()) GTEST_SKIP() << "/usr/bin/python3 with numpy is needed for the fault-injecting backend";
  }
};

TEST_F(RunRepeat, OutputsThatChangeBetweenRepeatsAreFlaky) {
  SuiteRun r = runSuite("flaky", faultBackend(std::string("vary --match ") + kVaried) + " --profile strict --repeat 3");
  EXPECT_EQ(r.status, 1) << r.output;
  ASSERT_GE(r.cases.size(), 5u) << r.output;
  for (auto& [id, c] : r.cases) {
    EXPECT_EQ(c["status"], id == kVaried ? "FLAKY" : "PASS") << id << ": " << c["message"];
    EXPECT_EQ(c.value("repeats", 1), 3) << id;
  }
  const nlohmann::json& flaky = r.cases[kVaried];
  // The first output and element that differed, the distinct bits seen there, and the comparison tally.
  EXPECT_THAT(flaky["message"].get<std::string>(), HasSubstr("outputs differ between 3 identical runs"));
  EXPECT_THAT(flaky["message"].get<std::string>(), HasSubstr("at output 0 element 0; 3 distinct value(s) there: 0x"));
  EXPECT_THAT(flaky["message"].get<std::string>(), HasSubstr("0 of 3 run(s) passed the comparison, 3 failed"));
  EXPECT_EQ(flaky["rule"], "repeat 3");
  EXPECT_EQ(r.totals["FLAKY"], 1);
  // Every report and the console list it as a failure.
  EXPECT_THAT(r.output, HasSubstr("FLAKY spec/atan2/example-1"));
  EXPECT_THAT(r.output, HasSubstr("1 FLAKY"));
  EXPECT_THAT(readText(r.dir + "/junit.xml"), HasSubstr("<failure type=\"FLAKY\""));
  EXPECT_THAT(readText(r.dir + "/summary.md"), HasSubstr("1 FLAKY"));
  EXPECT_THAT(readText(r.dir + "/report.html"), HasSubstr("badge s-FLAKY"));
  // merge keeps it, and exits 1 on it.
  std::string merged = tempDir("flaky-merged");
  auto m = runHloconf("merge -q --out " + merged + " " + r.dir);
  EXPECT_EQ(m.status, 1) << m.output;
  EXPECT_THAT(readText(merged + "/results.json"), HasSubstr("\"FLAKY\""));
}

TEST_F(RunRepeat, OneRepeatIsAPlainFailAndADeterministicBackendPassesEveryRepeat) {
  SuiteRun once = runSuite("once", faultBackend(std::string("vary --match ") + kVaried) + " --profile strict --repeat 1");
  EXPECT_EQ(once.status, 1) << once.output;
  for (auto& [id, c] : once.cases) {
    EXPECT_EQ(c["status"], id == kVaried ? "FAIL" : "PASS") << id;
    EXPECT_FALSE(c.contains("repeats")) << id;
  }
  SuiteRun steady = runSuite("steady", faultBackend("ok") + " --profile strict --repeat 3");
  EXPECT_EQ(steady.status, 0) << steady.output;
  for (auto& [id, c] : steady.cases) EXPECT_EQ(c["status"], "PASS") << id;
  // A deterministic wrong answer is still a FAIL, however often it is repeated.
  SuiteRun wrong = runSuite("wrong", faultBackend(std::string("flip --match ") + kVaried) + " --profile strict --repeat 3");
  EXPECT_EQ(wrong.cases[kVaried]["status"], "FAIL") << wrong.output;
}

TEST_F(RunRepeat, ACrashOnARepeatIsACrash) {
  SuiteRun r = runSuite("crash", faultBackend(std::string("crash --match ") + kVaried) + " --repeat 2");
  EXPECT_EQ(r.cases[kVaried]["status"], "CRASH") << r.output;
}

TEST_F(RunRepeat, AFailBaselineDoesNotHideFlakyButAFlakyBaselineDoes) {
  std::string dir = tempDir("flaky-baseline");
  const std::string vary = faultBackend(std::string("vary --match ") + kVaried) + " --profile strict";
  SuiteRun fail = runSuite("b-fail", vary + " --write-baseline " + dir + "/fail.json");
  ASSERT_EQ(fail.cases[kVaried]["status"], "FAIL");
  SuiteRun still = runSuite("b-still", vary + " --repeat 3 --baseline " + dir + "/fail.json");
  EXPECT_EQ(still.status, 1) << still.output;
  EXPECT_EQ(still.cases[kVaried]["status"], "FLAKY");
  SuiteRun flaky = runSuite("b-flaky", vary + " --repeat 3 --write-baseline " + dir + "/flaky.json");
  EXPECT_THAT(readText(dir + "/flaky.json"), HasSubstr("\"FLAKY\""));
  SuiteRun known = runSuite("b-known", vary + " --repeat 3 --baseline " + dir + "/flaky.json");
  EXPECT_EQ(known.status, 0) << known.output;
  EXPECT_EQ(known.cases[kVaried]["status"], "XFAIL");
}

TEST(RunRepeatOptions, RepeatNeedsAPositiveCountAndIsInTheHelp) {
  EXPECT_EQ(runHloconf("run spec --repeat 0").status, 2);
  EXPECT_EQ(runHloconf("run spec --repeat x").status, 2);
  auto help = runHloconf("run --help");
  for (const char* option : {"--repeat N", "FLAKY"}) EXPECT_THAT(help.output, HasSubstr(option)) << option;
}

}  // namespace
}  // namespace hloconf
