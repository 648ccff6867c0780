// `hloconf parse` end to end: the binary's output lines and exit status.
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "tests/harness/run_hloconf.h"

namespace {

using ::testing::HasSubstr;

using hloconf::test::RunResult;
using hloconf::test::runHloconf;

class ParseCommand : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() / ("hloconf_parse_test_" + std::to_string(getpid()));
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::string write(const std::string& name, const std::string& text) {
    std::string path = (dir_ / name).string();
    std::ofstream(path) << text;
    return path;
  }
  std::filesystem::path dir_;
};

TEST_F(ParseCommand, ReportsOneLinePerFailingFileThenTheCount) {
  std::string good = write("good.mlir", "func.func @f(%a: tensor<f32>) -> tensor<f32> {\n  %0 = stablehlo.abs %a : tensor<f32>\n  return %0 : tensor<f32>\n}\n");
  std::string bad = write("bad.mlir", "func.func @f() {\n  %0 = stablehlo.abs %nope : tensor<f32>\n}\n");
  RunResult result = runHloconf("parse " + good + " " + bad);
  EXPECT_EQ(result.status, 1);
  EXPECT_EQ(result.output, bad + ":2:22: error: use of undefined value '%nope'\nparsed 1/2 files\n");
  RunResult with_caret = runHloconf("parse -v " + bad);
  EXPECT_THAT(with_caret.output, HasSubstr("  %0 = stablehlo.abs %nope : tensor<f32>\n                     ^\n"));
}

TEST_F(ParseCommand, AllParsedExitsZeroAndRoundTripPrintsNothingExtra) {
  std::string good = write("good.mlir", "func.func @f(%a: tensor<2xi4>) -> tensor<2xi4> {\n  %0 = stablehlo.negate %a : tensor<2xi4>\n  return %0 : tensor<2xi4>\n}\n// -----\nfunc.func @g() {\n  return\n}\n");
  RunResult split = runHloconf("parse --roundtrip --split-input-file " + dir_.string());
  EXPECT_EQ(split.status, 0) << split.output;
  EXPECT_EQ(split.output, "parsed 1/1 files\n");
  // Without --split-input-file the separator is only a comment: both functions share one module.
  EXPECT_EQ(runHloconf("parse " + good).status, 0);
}

TEST_F(ParseCommand, PrintShowsGenericForm) {
  std::string good = write("good.mlir", "func.func @f(%a: tensor<f32>) -> tensor<f32> {\n  return %a : tensor<f32>\n}\n");
  RunResult result = runHloconf("parse --print " + good);
  EXPECT_EQ(result.status, 0);
  EXPECT_THAT(result.output, HasSubstr("\"func.return\"(%arg0) : (tensor<f32>) -> ()"));
}

TEST_F(ParseCommand, PrintWritesTheModulesAloneToStdoutAndTheCountToStderr) {
  std::string good = write("good.mlir", "func.func @f(%a: tensor<f32>) -> tensor<f32> {\n  return %a : tensor<f32>\n}\n");
  RunResult stdout_only = runHloconf("parse --print " + good, /*with_stderr=*/false);
  EXPECT_EQ(stdout_only.status, 0);
  EXPECT_THAT(stdout_only.output, ::testing::StartsWith("\"builtin.module\"() ({\n"));
  EXPECT_THAT(stdout_only.output, ::testing::Not(HasSubstr("parsed")));
  RunResult stderr_only = hloconf::test::runShell(std::string(HLOCONF_BINARY) + " parse --print " + good + " 2>&1 >/dev/null");
  EXPECT_EQ(stderr_only.output, "parsed 1/1 files\n");
}

TEST_F(ParseCommand, AnEmptyModulePrintsItsBlock) {
  // MLIR reads `({\n})` as a region with no block, which builtin.module rejects; the block is spelled out.
  std::string empty = write("empty.mlir", "// nothing but a comment\n");
  RunResult result = runHloconf("parse --print --roundtrip " + empty, /*with_stderr=*/false);
  EXPECT_EQ(result.status, 0);
  EXPECT_EQ(result.output, "\"builtin.module\"() ({\n^bb0:\n}) : () -> ()\n");
}

TEST_F(ParseCommand, PrintWithSplitInputFileKeepsTheSeparators) {
  std::string two = write("two.mlir", "func.func @f() {\n  return\n}\n// -----\nfunc.func @g() {\n  return\n}\n");
  RunResult result = runHloconf("parse --print --split-input-file " + two, /*with_stderr=*/false);
  EXPECT_EQ(result.status, 0);
  size_t separator = result.output.find("\n// -----\n\"builtin.module\"");
  ASSERT_NE(separator, std::string::npos) << result.output;
  EXPECT_THAT(result.output.substr(0, separator), HasSubstr("sym_name = \"f\""));
  EXPECT_THAT(result.output.substr(separator), HasSubstr("sym_name = \"g\""));
}

TEST_F(ParseCommand, MissingFilesAndBadOptionsAreErrors) {
  RunResult missing = runHloconf("parse " + (dir_ / "none.mlir").string());
  EXPECT_EQ(missing.status, 1);
  EXPECT_THAT(missing.output, HasSubstr("none.mlir: error: no such file or folder\nparsed 0/1 files\n"));
  EXPECT_EQ(runHloconf("parse --frobnicate x").status, 2);
  EXPECT_EQ(runHloconf("frobnicate").status, 2);
  RunResult help = runHloconf("--help");
  EXPECT_EQ(help.status, 0);
  EXPECT_THAT(help.output, HasSubstr("parse"));
  EXPECT_THAT(runHloconf("parse --help").output, HasSubstr("--roundtrip"));
}

}  // namespace
