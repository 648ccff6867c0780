// `hloconf run`'s CI options --list, --durations N and --rerun-failed DIR (--repeat N: run_repeat_test.cc).
// The --rerun-failed test skips when /usr/bin/python3 with numpy is missing (it spoils a case on purpose).
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
using ::testing::Not;

const char* const kSuite = test::kAtan2Suite;
const char* const kVaried = test::kSpoiledCase;

std::string tempDir(const std::string& name) { return test::tempDir("ci", name); }
SuiteRun runSuite(const std::string& name, const std::string& args) { return test::runSuite("ci", kSuite, name, args); }

TEST(RunCiOptions, TheOptionsNeedValuesAndAreInTheHelp) {
  EXPECT_EQ(runHloconf("run spec --durations").status, 2);
  EXPECT_EQ(runHloconf("run spec --durations x").status, 2);
  EXPECT_EQ(runHloconf("run spec --rerun-failed").status, 2);
  auto help = runHloconf("run --help");
  for (const char* option : {"--list", "--durations N", "--rerun-failed DIR"}) EXPECT_THAT(help.output, HasSubstr(option)) << option;
}

TEST(RunCiOptions, ListPrintsTheSelectedIdsAndRunsNothing) {
  std::string dir = tempDir("list");
  auto r = runHloconf("run " + std::string(kSuite) + " --list --report-dir " + dir, false);
  EXPECT_EQ(r.status, 0) << r.output;
  std::vector<std::string> ids;
  std::istringstream lines(r.output);
  for (std::string line; std::getline(lines, line);) ids.push_back(line);
  size_t expected = 0;
  for (auto& e : fs::directory_iterator(std::string(HLOCONF_SOURCE_DIR) + "/cases/atan2"))
    expected += e.path().extension() == ".mlir" && !e.path().filename().string().starts_with("invalid-");  // spec-invalid's
  EXPECT_EQ(ids.size(), expected) << r.output;
  for (const std::string& id : ids) EXPECT_EQ(id.rfind("spec/atan2/", 0), 0u) << id;
  EXPECT_FALSE(fs::exists(dir + "/results.json"));
  EXPECT_FALSE(fs::exists(dir + "/journal.jsonl"));
  // After shards: the two halves list every case once.
  auto first = runHloconf("run " + std::string(kSuite) + " --list --shard 1/2", false);
  auto second = runHloconf("run " + std::string(kSuite) + " --list --shard 2/2", false);
  EXPECT_EQ(first.output.size() + second.output.size(), r.output.size());
  // Nothing selected: exit 3, as a run that ran nothing.
  auto none = runHloconf("run spec --filter 'spec/no-such-op/*' --list");
  EXPECT_EQ(none.status, 3) << none.output;
  EXPECT_THAT(none.output, HasSubstr("no case selected"));
}

TEST(RunCiOptions, DurationsListsTheSlowestCases) {
  auto r = runHloconf("run -q " + std::string(kSuite) + " --durations 2 --cache-dir " + tempDir("durations-cache"));
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_THAT(r.output, HasSubstr("slowest 2 case(s):\n"));
  size_t at = r.output.find("slowest 2 case(s):\n");
  ASSERT_NE(at, std::string::npos);
  std::istringstream lines(r.output.substr(at));
  std::string line;
  std::getline(lines, line);
  for (int i = 0; i < 2; ++i) {
    ASSERT_TRUE(std::getline(lines, line));
    EXPECT_THAT(line, ::testing::MatchesRegex(" +[0-9]+\\.[0-9]{3} s  spec/atan2/.* \\(reference\\)")) << line;
  }
  EXPECT_THAT(runHloconf("run -q " + std::string(kSuite) + " --cache-dir " + tempDir("durations-cache")).output,
              Not(HasSubstr("slowest")));
}

TEST(RunCiOptions, RerunFailedRunsOnlyTheCasesThatDidNotPass) {
  if (!havePythonWithNumpy()) GTEST_SKIP() << "/usr/bin/python3 with numpy is needed for the fault-injecting backend";
  SuiteRun failed = runSuite("rerun-1", faultBackend(std::string("flip --match ") + kVaried) + " --profile strict");
  ASSERT_EQ(failed.cases[kVaried]["status"], "FAIL") << failed.output;
  auto listed = runHloconf("run " + std::string(kSuite) + " --list --rerun-failed " + failed.dir, false);
  EXPECT_EQ(listed.status, 0);
  EXPECT_EQ(listed.output, std::string(kVaried) + "\n");
  SuiteRun again = runSuite("rerun-2", faultBackend("ok") + " --profile strict --rerun-failed " + failed.dir);
  EXPECT_EQ(again.status, 0) << again.output;
  ASSERT_EQ(again.cases.size(), 1u) << again.output;
  EXPECT_EQ(again.cases[kVaried]["status"], "PASS");
  // Nothing failed: nothing to run (exit 3); no results.json: a usage error.
  auto nothing = runHloconf("run -q " + std::string(kSuite) + " --rerun-failed " + again.dir + " --cache-dir " + tempDir("cache"));
  EXPECT_EQ(nothing.status, 3) << nothing.output;
  EXPECT_THAT(nothing.output, HasSubstr("--rerun-failed"));
  auto missing = runHloconf("run -q " + std::string(kSuite) + " --rerun-failed " + tempDir("empty"));
  EXPECT_EQ(missing.status, 2) << missing.output;
  EXPECT_THAT(missing.output, HasSubstr("--rerun-failed"));
}

}  // namespace
}  // namespace hloconf
