// `hloconf exec` (a program on the cpu executor or the reference, with wall times) and
// `hloconf serve --executor cpu` (the cpu executor behind the backend protocol).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "nlohmann/json.hpp"
#include "tests/harness/run_hloconf.h"

namespace hloconf {
namespace {

using ::testing::HasSubstr;
using test::runHloconf;

std::string writeProgram(const std::string& name, const std::string& text) {
  const std::string path = ::testing::TempDir() + "/" + name;
  std::ofstream(path) << text;
  return path;
}

constexpr const char* kRowSums = R"(func.func @main(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<2xf32> {
  %0 = stablehlo.multiply %a, %b : tensor<2x3xf32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %1 = stablehlo.reduce(%0 init: %z) applies stablehlo.add across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
  return %1 : tensor<2xf32>
}
func.func @twice(%a: tensor<i32>) -> tensor<i32> {
  %0 = stablehlo.add %a, %a : tensor<i32>
  return %0 : tensor<i32>
}
)";

const std::string kArgs = " --arg 'dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>' --arg 'dense<2.0> : tensor<2x3xf32>'";

TEST(ExecCommand, RunsOnTheCpuExecutorAndTheReferenceAlike) {
  const std::string file = writeProgram("row_sums.mlir", kRowSums);
  auto cpu = runHloconf("exec " + file + kArgs);
  EXPECT_EQ(cpu.status, 0) << cpu.output;
  EXPECT_EQ(cpu.output, "dense<[12.0, 30.0]> : tensor<2xf32>\n");
  auto reference = runHloconf("exec --backend reference " + file + kArgs);
  EXPECT_EQ(reference.status, 0) << reference.output;
  EXPECT_EQ(reference.output, cpu.output);
  auto twice = runHloconf("exec " + file + " --function twice --arg 'dense<21> : tensor<i32>'");
  EXPECT_EQ(twice.output, "dense<42> : tensor<i32>\n");
}

TEST(ExecCommand, RepeatPrintsEveryRunAndTheSummary) {
  const std::string file = writeProgram("row_sums_repeat.mlir", kRowSums);
  auto r = runHloconf("exec " + file + kArgs + " --repeat 3");
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_THAT(r.output, HasSubstr("run 3: "));
  EXPECT_THAT(r.output, HasSubstr("runs: 3, min "));
}

TEST(ExecCommand, UnsupportedInvalidAndBadArgumentsSayWhy) {
  const std::string unsupported = writeProgram("exec_unsupported.mlir", R"(func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "stablehlo.custom_call"(%a) {call_target_name = "foo"} : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
)");
  auto r = runHloconf("exec " + unsupported + " --arg 'dense<1.0> : tensor<2xf32>'");
  EXPECT_EQ(r.status, 3) << r.output;
  EXPECT_THAT(r.output, HasSubstr("exec_unsupported.mlir:2:"));
  EXPECT_THAT(r.output, HasSubstr("stablehlo.custom_call"));
  const std::string file = writeProgram("row_sums_bad.mlir", kRowSums);
  auto wrong_type = runHloconf("exec " + file + " --arg 'dense<1> : tensor<2x3xi32>' --arg 'dense<2.0> : tensor<2x3xf32>'");
  EXPECT_EQ(wrong_type.status, 2);
  EXPECT_THAT(wrong_type.output, HasSubstr("input 0 is tensor<2x3xi32>"));
  auto bad_literal = runHloconf("exec " + file + " --arg 'dense<[1.0' --arg 'x'");
  EXPECT_EQ(bad_literal.status, 2);
  EXPECT_THAT(bad_literal.output, HasSubstr("<--arg>"));
  EXPECT_EQ(runHloconf("exec /nonexistent/file.mlir").status, 2);
}

// --backend cuda: on a machine with a CUDA device, the same results as the cpu executor and a device-time line
// with --repeat; without one (or without the toolkit), exit status 3 with the reason.
TEST(ExecCommand, DynamicDimensionsAreSpecialisedToTheArguments) {
  // ? dimensions everywhere, and a value whose size comes from a shape computed in the program
  // (get_dimension_size -> dynamic_broadcast_in_dim): each run specialises to its arguments' shapes.
  const std::string file = writeProgram("exec_dynamic.mlir", R"(func.func @main(%a: tensor<?x4xf32>, %b: tensor<4x?xf32>) -> (tensor<?x?xf32>, tensor<?xf32>) {
  %e = stablehlo.exponential %a : tensor<?x4xf32>
  %d = "stablehlo.dot_general"(%e, %b) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>} : (tensor<?x4xf32>, tensor<4x?xf32>) -> tensor<?x?xf32>
  %n = "stablehlo.get_dimension_size"(%a) {dimension = 0 : i64} : (tensor<?x4xf32>) -> tensor<i32>
  %s = "stablehlo.reshape"(%n) : (tensor<i32>) -> tensor<1xi32>
  %one = stablehlo.constant dense<1.5> : tensor<f32>
  %f = "stablehlo.dynamic_broadcast_in_dim"(%one, %s) {broadcast_dimensions = array<i64>} : (tensor<f32>, tensor<1xi32>) -> tensor<?xf32>
  return %d, %f : tensor<?x?xf32>, tensor<?xf32>
}
)");
  for (const std::string args : {" --arg 'dense<0.5> : tensor<2x4xf32>' --arg 'dense<1.0> : tensor<4x3xf32>'",
                                 " --arg 'dense<0.25> : tensor<3x4xf32>' --arg 'dense<[[1.0], [2.0], [3.0], [4.0]]> : tensor<4x1xf32>'"}) {
    SCOPED_TRACE(args);
    auto cpu = runHloconf("exec " + file + args + " --repeat 2");
    EXPECT_EQ(cpu.status, 0) << cpu.output;
    auto reference = runHloconf("exec --backend reference " + file + args);
    EXPECT_EQ(reference.status, 0) << reference.output;
    // The results (before the times) agree; the reference's are exactly rounded, and these sums are short.
    EXPECT_EQ(cpu.output.substr(0, cpu.output.find("run 1:")), reference.output);
    EXPECT_THAT(cpu.output, HasSubstr("xf32>\n"));
  }
  // Arguments the program's static dimensions refuse: the specialisation says why.
  auto wrong = runHloconf("exec " + file + " --arg 'dense<0.5> : tensor<2x5xf32>' --arg 'dense<1.0> : tensor<4x3xf32>'");
  EXPECT_EQ(wrong.status, 2) << wrong.output;
  EXPECT_THAT(wrong.output, HasSubstr("specialising the ? dimensions"));
}

TEST(ExecCommand, CudaRunsLikeTheCpuExecutorOrSaysWhyNot) {
  const std::string file = writeProgram("row_sums_cuda.mlir", kRowSums);
  auto cuda = runHloconf("exec --backend cuda " + file + kArgs + " --repeat 2");
  if (cuda.status == 3) {
    EXPECT_THAT(cuda.output, testing::AnyOf(HasSubstr("no CUDA device"), HasSubstr("built without the CUDA toolkit")));
    return;
  }
  ASSERT_EQ(cuda.status, 0) << cuda.output;
  EXPECT_THAT(cuda.output, testing::StartsWith("dense<[12.0, 30.0]> : tensor<2xf32>\n"));
  EXPECT_THAT(cuda.output, HasSubstr("device: 2, min "));
}

TEST(ServeCommand, ServesTheCpuExecutorOverTheProtocol) {
  const std::string dir = ::testing::TempDir() + "/serve_cpu_cases";
  // The positive cases only (example-*, edge-*): the negative ones (invalid-*) are not run, and a folder
  // left by an earlier run must not add any.
  std::string command = "rm -rf " + dir + " && mkdir -p " + dir + " && cp " + std::string(HLOCONF_SOURCE_DIR) + "/cases/add/e*.mlir " + dir;
  ASSERT_EQ(test::runShell(command).status, 0);
  const std::string reports = ::testing::TempDir() + "/serve_cpu_reports";
  auto r = runHloconf("run -q --no-cache " + dir + " --report-dir " + reports + " --backend-cmd '" +
                      std::string(HLOCONF_BINARY) + " serve --executor cpu'");
  EXPECT_EQ(r.status, 0) << r.output;
  std::ifstream in(reports + "/results.json");
  const nlohmann::json results = nlohmann::json::parse(in, nullptr, false);
  ASSERT_TRUE(results.is_object());
  int passed = 0;
  for (const auto& c : results["cases"]) {
    EXPECT_NE(c["status"], "FAIL") << c["id"];
    EXPECT_NE(c["status"], "ERROR") << c["id"] << ": " << c["message"];
    passed += c["status"] == "PASS";
  }
  EXPECT_GT(passed, 3);
  auto hello = test::runShell("echo '{\"type\":\"hello\",\"protocol\":1}' | " + std::string(HLOCONF_BINARY) + " serve --executor cpu");
  EXPECT_THAT(hello.output, HasSubstr("\"name\":\"cpu\""));
  EXPECT_THAT(hello.output, HasSubstr("stablehlo.add"));
  EXPECT_EQ(runHloconf("serve --executor gpu").status, 2);
}

}  // namespace
}  // namespace hloconf
