// `hloconf diff RUN_A RUN_B` (issue 18, item 13): the groups, the table of ULP growth, the JSON, and the
// exit status a CI gates on, on two synthetic runs written by the report writers.
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "nlohmann/json.hpp"
#include "reports/writers.h"
#include "run_hloconf.h"

namespace hloconf {
namespace {

namespace fs = std::filesystem;
using reports::CaseResult;
using reports::Status;
using test::runHloconf;
using ::testing::HasSubstr;
using ::testing::Not;

CaseResult result(const std::string& id, const std::string& backend, Status status, double max_ulp, const std::string& message = "") {
  CaseResult r;
  r.id = id;
  r.backend = backend;
  r.op = id.substr(5, id.find('/', 5) - 5);  // "spec/<op>/..."
  r.element_type = "f32";
  r.status = status;
  r.max_ulp = max_ulp;
  r.message = message;
  r.elements = 4;
  return r;
}

class DiffCommand : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("hloconf_diff_" + std::to_string(getpid()) + "_" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string run(const std::string& name, const std::vector<CaseResult>& cases) {
    reports::RunInfo info;
    info.tool_version = "0.1.0";
    info.profile = "default";
    for (const CaseResult& c : cases)
      if (std::find(info.backends.begin(), info.backends.end(), c.backend) == info.backends.end()) info.backends.push_back(c.backend);
    EXPECT_TRUE(reports::writeReports((dir_ / name).string(), info, cases).ok());
    return (dir_ / name).string();
  }
  fs::path dir_;
};

TEST_F(DiffCommand, GroupsEveryChangeAndFailsOnNewOrWorseFailures) {
  const std::string a = run("a", {result("spec/add/1", "vendor", Status::kPass, 0),
                                  result("spec/add/2", "vendor", Status::kFail, 4, "4 ULP"),
                                  result("spec/mul/1", "vendor", Status::kFail, 2, "2 ULP"),
                                  result("spec/mul/2", "vendor", Status::kPass, 1),
                                  result("spec/sub/1", "vendor", Status::kPass, 0),
                                  result("spec/sub/2", "vendor", Status::kUnsupported, -1),
                                  result("spec/old/1", "vendor", Status::kPass, 0)});
  const std::string b = run("b", {result("spec/add/1", "vendor", Status::kCrash, -1, "the backend died (signal 11)"),
                                  result("spec/add/2", "vendor", Status::kPass, 0),
                                  result("spec/mul/1", "vendor", Status::kFail, 9, "9 ULP"),
                                  result("spec/mul/2", "vendor", Status::kPass, 1),
                                  result("spec/sub/1", "vendor", Status::kUnsupported, -1, "no sub"),
                                  result("spec/sub/2", "vendor", Status::kPass, 0),
                                  result("spec/new/1", "vendor", Status::kFail, 3, "3 ULP")});
  const std::string json = (dir_ / "diff.json").string();
  auto r = runHloconf("diff " + a + " " + b + "/results.json --json " + json);
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_THAT(r.output, HasSubstr("**Worse**: 1 new failure(s), 1 worse, 1 fixed, 1 coverage lost, 1 coverage gained; 6 case(s) in both "
                                  "(1 unchanged), 1 added (1 failing), 1 removed."));
  EXPECT_THAT(r.output, HasSubstr("- `spec/add/1` (vendor): PASS -> CRASH: the backend died (signal 11)"));
  EXPECT_THAT(r.output, HasSubstr("- `spec/mul/1` (vendor): FAIL (2 ULP) -> FAIL (9 ULP): 9 ULP"));
  EXPECT_THAT(r.output, HasSubstr("- `spec/add/2` (vendor): FAIL (4 ULP) -> PASS"));
  EXPECT_THAT(r.output, HasSubstr("## Coverage lost (now UNSUPPORTED) (1)\n\n- `spec/sub/1`"));
  EXPECT_THAT(r.output, HasSubstr("## Removed (in A only) (1)\n\n- `spec/old/1` (vendor): PASS -> -"));
  EXPECT_THAT(r.output, HasSubstr("| mul | f32 | 2 ULP | 9 ULP (grew) |"));
  EXPECT_THAT(r.output, HasSubstr("| add | f32 | 4 ULP | 0 ULP |"));
  EXPECT_THAT(r.output, HasSubstr("result: worse (exit status 1)"));
  std::ifstream in(json);
  nlohmann::json j = nlohmann::json::parse(in, nullptr, false);
  ASSERT_TRUE(j.is_object());
  EXPECT_EQ(j["worse"], true);
  ASSERT_EQ(j["new_failures"].size(), 1u);
  EXPECT_EQ(j["new_failures"][0]["id"], "spec/add/1");
  EXPECT_EQ(j["new_failures"][0]["b"]["status"], "CRASH");
  EXPECT_EQ(j["worse_failures"][0]["a"]["max_ulp"], 2);
  EXPECT_EQ(j["added"][0]["id"], "spec/new/1");
}

TEST_F(DiffCommand, OnlyBetterIsExitZeroAndCoverageGatesAreOptIn) {
  const std::string a = run("a", {result("spec/add/1", "vendor", Status::kFail, 4), result("spec/sub/1", "vendor", Status::kPass, 0)});
  const std::string b = run("b", {result("spec/add/1", "vendor", Status::kPass, 0), result("spec/sub/1", "vendor", Status::kUnsupported, -1)});
  auto r = runHloconf("diff " + a + " " + b);
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_THAT(r.output, HasSubstr("**Not worse**: 0 new failure(s), 0 worse, 1 fixed, 1 coverage lost"));
  r = runHloconf("diff --coverage-gates " + a + " " + b);
  EXPECT_EQ(r.status, 1) << r.output;
}

TEST_F(DiffCommand, TwoVersionsOfOneBackendAreMatchedByCaseId) {
  const std::string a = run("a", {result("spec/add/1", "torch-2.10", Status::kPass, 0)});
  const std::string b = run("b", {result("spec/add/1", "torch-2.11", Status::kFail, 5, "5 ULP")});
  const std::string md = (dir_ / "diff.md").string();
  auto r = runHloconf("diff " + a + " " + b + " --markdown " + md);
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_THAT(r.output, HasSubstr("1 new failure(s)"));
  std::ifstream in(md);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_THAT(text, HasSubstr("Matched by case ID: A ran `torch-2.10`, B ran `torch-2.11`."));
  EXPECT_THAT(text, HasSubstr("- `spec/add/1` (torch-2.10 -> torch-2.11): PASS -> FAIL (5 ULP): 5 ULP"));
}

TEST_F(DiffCommand, UsageErrors) {
  const std::string a = run("a", {result("spec/add/1", "vendor", Status::kPass, 0)});
  auto r = runHloconf("diff " + a);
  EXPECT_EQ(r.status, 2);
  EXPECT_THAT(r.output, HasSubstr("two runs to compare, not 1"));
  r = runHloconf("diff " + a + " " + (dir_ / "missing").string());
  EXPECT_EQ(r.status, 2);
  EXPECT_THAT(r.output, HasSubstr("cannot read"));
  r = runHloconf("diff --limit -3 " + a + " " + a);
  EXPECT_EQ(r.status, 2);
  EXPECT_THAT(r.output, HasSubstr("--limit: needs a whole number from 0"));
  r = runHloconf("diff " + a + " " + a);
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_THAT(r.output, Not(HasSubstr("## ")));  // nothing changed: no groups, no table
}

}  // namespace
}  // namespace hloconf
