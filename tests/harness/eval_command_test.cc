// `hloconf eval` end to end: the binary's output lines and exit status on small temporary files.
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "tests/harness/run_hloconf.h"

namespace {

using ::testing::HasSubstr;
using ::testing::Not;

using hloconf::test::RunResult;
using hloconf::test::runHloconf;

class EvalCommand : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("hloconf_eval_test_" + std::to_string(getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
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

const char kPassing[] =
    "func.func @main() -> tensor<2xf32> {\n"
    "  %a = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>\n"
    "  %r = stablehlo.add %a, %a : tensor<2xf32>\n"
    "  check.expect_eq_const %r, dense<[2.0, 4.0]> : tensor<2xf32>\n"
    "  func.return %r : tensor<2xf32>\n"
    "}\n";

TEST_F(EvalCommand, PassingFileExitsZeroAndPrintsResults) {
  std::string path = write("pass.mlir", kPassing);
  RunResult r = runHloconf("eval " + path);
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_THAT(r.output, HasSubstr("== " + path + " @main\n"));
  EXPECT_THAT(r.output, HasSubstr("result 0: dense<[2.0, 4.0]> : tensor<2xf32>"));
  EXPECT_THAT(r.output, HasSubstr("checks: 1 passed, 0 failed"));
  EXPECT_THAT(r.output, Not(HasSubstr("check failed")));
}

TEST_F(EvalCommand, FailingCheckExitsOne) {
  std::string path = write("fail.mlir",
                           "func.func @main() {\n"
                           "  %a = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>\n"
                           "  %r = stablehlo.add %a, %a : tensor<2xf32>\n"
                           "  check.expect_eq_const %r, dense<[2.0, 5.0]> : tensor<2xf32>\n"
                           "  func.return\n"
                           "}\n");
  RunResult r = runHloconf("eval " + path);
  EXPECT_EQ(r.status, 1) << r.output;
  // PATH:LINE:COL of the check op, then the first differing index with both values.
  EXPECT_THAT(r.output, HasSubstr(path + ":4:3: check failed: check.expect_eq_const: "));
  EXPECT_THAT(r.output, HasSubstr("[1]"));
  EXPECT_THAT(r.output, HasSubstr("checks: 0 passed, 1 failed"));
}

TEST_F(EvalCommand, ParseErrorExitsTwoWithLocation) {
  std::string path = write("bad.mlir",
                           "func.func @main() {\n"
                           "  %0 = stablehlo.abs %nope : tensor<f32>\n"
                           "  func.return\n"
                           "}\n");
  RunResult r = runHloconf("eval " + path);
  EXPECT_EQ(r.status, 2) << r.output;
  EXPECT_THAT(r.output, HasSubstr(path + ":2:22: error: "));
}

TEST_F(EvalCommand, UnsupportedOpExitsTwo) {
  std::string path = write("unsupported.mlir",
                           "func.func @main() -> tensor<f32> {\n"
                           "  %r = \"test.frobnicate\"() : () -> tensor<f32>\n"
                           "  func.return %r : tensor<f32>\n"
                           "}\n");
  RunResult r = runHloconf("eval " + path);
  EXPECT_EQ(r.status, 2) << r.output;
  EXPECT_THAT(r.output, HasSubstr("unsupported: test.frobnicate"));
  EXPECT_THAT(r.output, HasSubstr("1 unsupported"));
}

const char kTwoFunctions[] =
    "func.func @main() -> tensor<i32> {\n"
    "  %a = stablehlo.constant dense<1> : tensor<i32>\n"
    "  func.return %a : tensor<i32>\n"
    "}\n"
    "func.func @negate(%x: tensor<2xi32>) -> tensor<2xi32> {\n"
    "  %r = stablehlo.negate %x : tensor<2xi32>\n"
    "  func.return %r : tensor<2xi32>\n"
    "}\n";

TEST_F(EvalCommand, FunctionAndArgSelectWhatRuns) {
  std::string path = write("two.mlir", kTwoFunctions);
  // Without --function, @main runs.
  RunResult main = runHloconf("eval " + path);
  EXPECT_EQ(main.status, 0) << main.output;
  EXPECT_THAT(main.output, HasSubstr("@main\nresult 0: dense<1> : tensor<i32>"));
  EXPECT_THAT(main.output, Not(HasSubstr("@negate")));
  // --function negate with --arg: -[3, -4] = [-3, 4].
  RunResult neg = runHloconf("eval --function negate --arg 'dense<[3, -4]> : tensor<2xi32>' " + path);
  EXPECT_EQ(neg.status, 0) << neg.output;
  EXPECT_THAT(neg.output, HasSubstr("== " + path + " @negate\n"));
  EXPECT_THAT(neg.output, HasSubstr("result 0: dense<[-3, 4]> : tensor<2xi32>"));
  // A missing argument is an error of that function (exit 2); an unknown function too.
  RunResult missing = runHloconf("eval --function negate " + path);
  EXPECT_EQ(missing.status, 2) << missing.output;
  EXPECT_THAT(missing.output, HasSubstr("takes 1 argument(s), but 0 were given"));
  RunResult unknown = runHloconf("eval --function nothere " + path);
  EXPECT_EQ(unknown.status, 2) << unknown.output;
  EXPECT_THAT(unknown.output, HasSubstr("no function @nothere"));
  // A malformed --arg is a usage error.
  EXPECT_EQ(runHloconf("eval --function negate --arg 'not a literal' " + path).status, 2);
  // The upstream interpreter's array form of --args gives the same argument.
  RunResult array = runHloconf("eval --function negate --args '[dense<[3, -4]> : tensor<2xi32>]' " + path);
  EXPECT_EQ(array.status, 0) << array.output;
  EXPECT_THAT(array.output, HasSubstr("result 0: dense<[-3, 4]> : tensor<2xi32>"));
}

TEST_F(EvalCommand, SplitInputFileEvaluatesEachChunk) {
  std::string path = write("split.mlir",
                           "func.func @main() -> tensor<i32> {\n"
                           "  %a = stablehlo.constant dense<7> : tensor<i32>\n"
                           "  func.return %a : tensor<i32>\n"
                           "}\n"
                           "// -----\n"
                           "func.func @main() -> tensor<i32> {\n"
                           "  %a = stablehlo.constant dense<8> : tensor<i32>\n"
                           "  func.return %a : tensor<i32>\n"
                           "}\n");
  RunResult r = runHloconf("eval --split-input-file " + path);
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_THAT(r.output, HasSubstr("== " + path + "#1 @main\nresult 0: dense<7> : tensor<i32>"));
  EXPECT_THAT(r.output, HasSubstr("== " + path + "#2 @main\nresult 0: dense<8> : tensor<i32>"));
  EXPECT_THAT(r.output, HasSubstr("evaluated 2/2 functions"));
  // Without the flag the file is one module, which then defines @main twice: an error at the second.
  RunResult whole = runHloconf("eval " + path);
  EXPECT_EQ(whole.status, 2) << whole.output;
  EXPECT_THAT(whole.output, HasSubstr(path + ":6:1: error: redefinition of symbol @main"));
  EXPECT_THAT(whole.output, Not(HasSubstr("#1")));
}

TEST_F(EvalCommand, HexPrintsLittleEndianBits) {
  std::string path = write("pass.mlir", kPassing);
  RunResult r = runHloconf("eval --hex " + path);
  EXPECT_EQ(r.status, 0) << r.output;
  // 2.0f = 0x40000000 and 4.0f = 0x40800000, each written low byte first.
  EXPECT_THAT(r.output, HasSubstr("result 0: dense<\"0x0000004000008040\"> : tensor<2xf32>"));
}

TEST_F(EvalCommand, UsageErrors) {
  EXPECT_EQ(runHloconf("eval").status, 2);
  EXPECT_EQ(runHloconf("eval --frobnicate x.mlir").status, 2);
  RunResult missing = runHloconf("eval " + (dir_ / "none.mlir").string());
  EXPECT_EQ(missing.status, 2);
  EXPECT_THAT(missing.output, HasSubstr("none.mlir: error: no such file or folder"));
}

TEST_F(EvalCommand, ProcessGridFromTheModuleOrTheCommandLine) {
  // Two replicas (declared by the module): each adds the replica ids 0 + 1 with all_reduce.
  std::string path = write("grid.mlir", R"(module attributes {mhlo.num_replicas = 2 : i32, mhlo.num_partitions = 1 : i32} {
  func.func @main() -> tensor<ui32> {
    %r = stablehlo.replica_id : tensor<ui32>
    %s = "stablehlo.all_reduce"(%r) ({
    ^bb0(%a: tensor<ui32>, %b: tensor<ui32>):
      %t = stablehlo.add %a, %b : tensor<ui32>
      stablehlo.return %t : tensor<ui32>
    }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<ui32>) -> tensor<ui32>
    return %s : tensor<ui32>
  }
}
)");
  RunResult r = runHloconf("eval " + path);
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_THAT(r.output, HasSubstr("process (0, 0) result 0: dense<1> : tensor<ui32>"));
  EXPECT_THAT(r.output, HasSubstr("process (1, 0) result 0: dense<1> : tensor<ui32>"));
  // Three replicas from the command line: replica 2 is in no group of the op, an error (exit 2).
  RunResult three = runHloconf("eval --replicas 3 " + path);
  EXPECT_EQ(three.status, 2) << three.output;
  EXPECT_THAT(three.output, HasSubstr("is in no process group"));
  EXPECT_EQ(runHloconf("eval --replicas 0 " + path).status, 2);
}

}  // namespace
