// `hloconf refine` end to end: the printed module has the run-time sizes in place of `?`, parses again,
// and run-time shape mismatches are reported as undefined behaviour.
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "ir/parser.h"

#include "tests/harness/run_hloconf.h"

namespace {

using ::testing::HasSubstr;
using ::testing::Not;

using hloconf::test::RunResult;
using hloconf::test::runHloconf;

class RefineCommand : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("hloconf_refine_test_" + std::to_string(getpid()) + "_" + ::testing::UnitTest::GetInstance()->current_test_info()->name());
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

const char kDynamic[] =
    "func.func @main(%n: tensor<i64>, %x: tensor<?x2xf32>) -> tensor<?x2xf32> {\n"
    "  %c = stablehlo.convert %n : (tensor<i64>) -> tensor<i32>\n"
    "  %s = stablehlo.reshape %c : (tensor<i32>) -> tensor<1xi32>\n"
    "  %t = stablehlo.constant dense<2> : tensor<1xi32>\n"
    "  %shape = stablehlo.concatenate %s, %t, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>\n"
    "  %i = stablehlo.dynamic_iota %shape, dim = 0 : (tensor<2xi32>) -> tensor<?x2xf32>\n"
    "  %r = stablehlo.add %x, %i : tensor<?x2xf32>\n"
    "  func.return %r : tensor<?x2xf32>\n"
    "}\n";

TEST_F(RefineCommand, ReplacesDynamicDimensionsWithRunTimeSizes) {
  const std::string path = write("dyn.mlir", kDynamic);
  RunResult r = runHloconf("refine " + path + " --arg 'dense<3> : tensor<i64>' --arg 'dense<1.0> : tensor<3x2xf32>'", false);
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_THAT(r.output, Not(HasSubstr("?")));
  EXPECT_THAT(r.output, HasSubstr("function_type = (tensor<i64>, tensor<3x2xf32>) -> tensor<3x2xf32>"));
  EXPECT_THAT(r.output, HasSubstr("\"stablehlo.dynamic_iota\"(%"));
  EXPECT_THAT(r.output, HasSubstr("(tensor<2xi32>) -> tensor<3x2xf32>"));
  // The refined program parses again, and evaluates to the same result with the same arguments.
  auto module = hloconf::parseModule(r.output, "refined.mlir");
  EXPECT_TRUE(module.ok()) << module.status();
  const std::string refined = write("refined.mlir", r.output);
  RunResult e = runHloconf("eval " + refined + " --arg 'dense<3> : tensor<i64>' --arg 'dense<1.0> : tensor<3x2xf32>'");
  EXPECT_EQ(e.status, 0) << e.output;
  EXPECT_THAT(e.output, HasSubstr("result 0: dense<[[1.0, 1.0], [2.0, 2.0], [3.0, 3.0]]> : tensor<3x2xf32>"));
}

TEST_F(RefineCommand, RunTimeShapeMismatchIsUndefinedBehaviour) {
  const std::string path = write("dyn.mlir", kDynamic);
  // %n says 4 rows, %x has 3: the add gets operands of shapes 3x2 and 4x2.
  RunResult r = runHloconf("refine " + path + " --arg 'dense<4> : tensor<i64>' --arg 'dense<1.0> : tensor<3x2xf32>'");
  EXPECT_EQ(r.status, 2) << r.output;
  EXPECT_THAT(r.output, Not(HasSubstr("builtin.module")));
}

TEST_F(RefineCommand, StaticResultDisagreeingWithShapeOperandIsUndefinedBehaviour) {
  const std::string path = write("ub.mlir",
                                 "func.func @main(%s: tensor<1xi64>) -> tensor<4xi32> {\n"
                                 "  %r = stablehlo.dynamic_iota %s, dim = 0 : (tensor<1xi64>) -> tensor<4xi32>\n"
                                 "  func.return %r : tensor<4xi32>\n"
                                 "}\n");
  RunResult r = runHloconf("refine " + path + " --arg 'dense<[5]> : tensor<1xi64>'");
  EXPECT_EQ(r.status, 2) << r.output;
  EXPECT_THAT(r.output, HasSubstr("stablehlo.dynamic_iota: undefined behaviour"));
}

TEST_F(RefineCommand, FunctionOptionAndUsageErrors) {
  const std::string path = write("two.mlir",
                                 "func.func @f(%x: tensor<?xi32>) -> tensor<?xi32> {\n"
                                 "  %r = stablehlo.negate %x : tensor<?xi32>\n"
                                 "  func.return %r : tensor<?xi32>\n"
                                 "}\n");
  RunResult r = runHloconf("refine " + path + " --function f --arg 'dense<[1, 2]> : tensor<2xi32>'", false);
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_THAT(r.output, HasSubstr("\"stablehlo.negate\"(%arg0) : (tensor<2xi32>) -> tensor<2xi32>"));
  EXPECT_EQ(runHloconf("refine " + path + " --function nope --arg 'dense<[1]> : tensor<1xi32>'").status, 2);
  EXPECT_EQ(runHloconf("refine").status, 2);
  RunResult help = runHloconf("refine --help");
  EXPECT_EQ(help.status, 0);
  EXPECT_THAT(help.output, HasSubstr("usage: hloconf refine"));
}

}  // namespace
