// ci/shard-workflow.yml, the example CI workflow users copy: the properties a CI gate needs (issue 18,
// item 16), read from the file itself. Each would have failed on the workflow before: the run's exit
// status was swallowed (`|| echo`), no JUnit was published, no job summary, no golden cache, a missing
// shard merged without error, and the jobs built every test.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

namespace hloconf {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

std::string workflow() {
  std::ifstream in(std::string(HLOCONF_SOURCE_DIR) + "/ci/shard-workflow.yml");
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// The text of each step (from its "- " line to the next step's, or the end of its job).
std::vector<std::string> steps(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream lines(text);
  std::string line, current;
  bool in_steps = false;
  while (std::getline(lines, line)) {
    if (line.find("steps:") != std::string::npos) {
      if (!current.empty()) out.push_back(current);
      current.clear();
      in_steps = true;
      continue;
    }
    if (!in_steps) continue;
    if (line.rfind("      - ", 0) == 0) {
      if (!current.empty()) out.push_back(current);
      current = line + "\n";
    } else if (line.rfind("  ", 0) == 0 && line.rfind("    ", 0) != 0) {  // the next job
      if (!current.empty()) out.push_back(current);
      current.clear();
      in_steps = false;
    } else {
      current += line + "\n";
    }
  }
  if (!current.empty()) out.push_back(current);
  return out;
}

TEST(CiWorkflow, TheRunsExitStatusFailsTheShardJob) {
  const std::string text = workflow();
  ASSERT_FALSE(text.empty());
  int runs = 0;
  for (const std::string& step : steps(text)) {
    if (step.find("hloconf run") == std::string::npos) continue;
    ++runs;
    EXPECT_THAT(step, Not(HasSubstr("||"))) << step;
    EXPECT_THAT(step, Not(HasSubstr("continue-on-error"))) << step;
    EXPECT_THAT(step, Not(HasSubstr("if: always()"))) << step;
  }
  EXPECT_EQ(runs, 1);
}

TEST(CiWorkflow, MergeFailsOnAMissingShard) {
  const std::string text = workflow();
  std::smatch matrix;
  ASSERT_TRUE(std::regex_search(text, matrix, std::regex(R"(shard: \[([0-9, ]+)\])")));
  const std::string list = matrix[1];
  const long shards = std::count(list.begin(), list.end(), ',') + 1;
  EXPECT_THAT(text, HasSubstr("hloconf merge --shards " + std::to_string(shards) + " "));
  EXPECT_THAT(text, HasSubstr("--shard ${{ matrix.shard }}/" + std::to_string(shards)));
}

TEST(CiWorkflow, JUnitAndTheSummaryArePublished) {
  const std::string text = workflow();
  bool junit = false;
  int summaries = 0;
  for (const std::string& step : steps(text)) {
    if (step.find("junit.xml") != std::string::npos && step.find("upload-artifact") == std::string::npos) {
      junit = true;
      EXPECT_THAT(step, HasSubstr("if: always()"));
    }
    if (step.find("summary.md") != std::string::npos && step.find("GITHUB_STEP_SUMMARY") != std::string::npos) {
      ++summaries;
      EXPECT_THAT(step, HasSubstr("if: always()"));
    }
  }
  EXPECT_TRUE(junit) << "no step publishes junit.xml";
  EXPECT_EQ(summaries, 2) << "each shard job and the merge job write summary.md to the job summary";
}

TEST(CiWorkflow, TheGoldenCacheIsCachedAndUsed) {
  const std::string text = workflow();
  std::smatch dir;
  ASSERT_TRUE(std::regex_search(text, dir, std::regex(R"(--cache-dir (\S+))"))) << "the run names its golden cache";
  bool cached = false;
  for (const std::string& step : steps(text))
    if (step.find("actions/cache@") != std::string::npos && step.find("path: " + dir[1].str()) != std::string::npos) cached = true;
  EXPECT_TRUE(cached) << "no actions/cache step keeps " << dir[1];
}

TEST(CiWorkflow, JobsBuildOnlyTheBinary) {
  const std::string text = workflow();
  int builds = 0;
  for (const std::string& step : steps(text)) {
    if (step.find("ci/build.sh") == std::string::npos) continue;
    ++builds;
    EXPECT_THAT(step, HasSubstr("ci/build.sh hloconf")) << step;
  }
  EXPECT_EQ(builds, 2);
  std::ifstream build(std::string(HLOCONF_SOURCE_DIR) + "/ci/build.sh");
  std::stringstream script;
  script << build.rdbuf();
  EXPECT_THAT(script.str(), HasSubstr("--target \"$@\"")) << "ci/build.sh builds the targets it is given";
}

}  // namespace
}  // namespace hloconf
