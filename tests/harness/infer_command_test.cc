// `hloconf infer`: result types from the spec's rules (ir/infer.cc) for the scripts that write programs.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "nlohmann/json.hpp"
#include "run_hloconf.h"

namespace hloconf {
namespace {

namespace fs = std::filesystem;
using test::runHloconf;

// hloconf infer's answers to `queries` (one per line), and its exit status.
test::RunResult infer(const std::string& queries) {
  const fs::path file = fs::temp_directory_path() / ("hloconf_infer_" + std::to_string(getpid()) + ".jsonl");
  std::ofstream(file) << queries;
  const test::RunResult result = runHloconf("infer < " + file.string(), /*with_stderr=*/false);
  fs::remove(file);
  return result;
}

TEST(InferCommand, AnswersEachQueryWithTheRuleResultTypes) {
  const test::RunResult result = infer(
      R"({"op": "slice", "operands": ["tensor<3x4xf32>"], "attributes": "start_indices = array<i64: 1, 0>, limit_indices = array<i64: 3, 4>, strides = array<i64: 1, 3>"})"
      "\n"
      R"({"op": "stablehlo.reduce", "operands": ["tensor<2x3xf32>", "tensor<f32>"], "attributes": "dimensions = array<i64: 1>", "region_arguments": [["tensor<f64>", "tensor<f64>"]]})"
      "\n"
      R"({"op": "fft", "operands": ["tensor<2x8xf32>"], "attributes": "fft_type = #stablehlo<fft_type RFFT>, fft_length = array<i64: 8>"})"
      "\n");
  EXPECT_EQ(result.status, 0) << result.output;
  EXPECT_EQ(result.output,
            "{\"results\":[\"tensor<2x2xf32>\"],\"shapes\":[[2,2]]}\n"
            "{\"results\":[\"tensor<2xf64>\"],\"shapes\":[[2]]}\n"
            "{\"results\":[\"tensor<2x5xcomplex<f32>>\"],\"shapes\":[[2,5]]}\n");
}

TEST(InferCommand, ErrorsNameTheLineAndTheRule) {
  const test::RunResult result = infer(
      "{\"op\": \"transpose\", \"operands\": [\"tensor<2x3xf32>\"], \"attributes\": \"permutation = array<i64: 0, 5>\"}\n"
      "{\"op\": \"reshape\", \"operands\": [\"tensor<6xf32>\"]}\n"
      "not json\n");
  EXPECT_EQ(result.status, 1) << result.output;
  std::istringstream lines(result.output);
  std::string line;
  std::vector<std::string> errors;
  while (std::getline(lines, line)) errors.push_back(nlohmann::json::parse(line).at("error").get<std::string>());
  ASSERT_EQ(errors.size(), 3u) << result.output;
  EXPECT_NE(errors[0].find("<stdin>:1: transpose (C2)"), std::string::npos) << errors[0];
  EXPECT_NE(errors[1].find("<stdin>:2: "), std::string::npos) << errors[1];
  EXPECT_NE(errors[1].find("not inferable"), std::string::npos) << errors[1];
  EXPECT_NE(errors[2].find("<stdin>:3: not a JSON object"), std::string::npos) << errors[2];
}

}  // namespace
}  // namespace hloconf
