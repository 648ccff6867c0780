// Every diagnostic about a program carries its location (issue 19, item 13): bad programs of every kind
// (malformed text, programs the verifier rejects, runs that fail in the reference evaluator or the cpu
// executor) go through `hloconf verify`, `eval` and `exec`, and every error line they print starts with
// `path:line:col:` (after exec's own "hloconf exec: " prefix).
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "run_hloconf.h"
#include "suite_run.h"

namespace hloconf {
namespace {

struct BadProgram {
  const char* name;     // the file name, without .mlir
  const char* command;  // "verify", "eval" or "exec ..." (the file follows)
  const char* text;
};
void PrintTo(const BadProgram& program, std::ostream* out) { *out << program.name; }

// Each program breaks one thing; the comment says which layer finds it.
const BadProgram kBadPrograms[] = {
    // The parser.
    {"undefined-value", "eval",
     "func.func @main() -> tensor<f32> {\n  %0 = stablehlo.abs %1 : tensor<f32>\n  return %0 : tensor<f32>\n}\n"},
    {"unclosed-region", "eval", "func.func @main() -> tensor<f32> {\n  %0 = stablehlo.constant dense<1.0> : tensor<f32>\n"},
    {"op-after-return", "eval",
     "func.func @main(%a: tensor<f32>) -> tensor<f32> {\n  return %a : tensor<f32>\n  %r = stablehlo.abs %a : tensor<f32>\n}\n"},
    {"unknown-attribute", "eval",
     "func.func @main(%a: tensor<f32>) -> tensor<f32> {\n  %r = \"stablehlo.abs\"(%a) {x = #stablehlo.bogus<1>} : (tensor<f32>) -> "
     "tensor<f32>\n"
     "  return %r : tensor<f32>\n}\n"},
    {"region-on-abs", "exec --backend cpu",
     "func.func @main(%a: tensor<f32>) -> tensor<f32> {\n  %r = \"stablehlo.abs\"(%a) ({\n    \"stablehlo.return\"(%a) : (tensor<f32>) -> "
     "()\n"
     "  }) : (tensor<f32>) -> tensor<f32>\n  return %r : tensor<f32>\n}\n"},
    // The verifier.
    {"transpose-c2", "verify",
     "func.func @main() -> tensor<3x2xf32> {\n  %x = stablehlo.constant dense<1.0> : tensor<2x3xf32>\n"
     "  %y = stablehlo.transpose %x, dims = [1, 1] : (tensor<2x3xf32>) -> tensor<3x2xf32>\n  return %y : tensor<3x2xf32>\n}\n"},
    {"body-without-return", "eval",
     "func.func @main(%a: tensor<i1>, %b: tensor<f32>) -> tensor<f32> {\n"
     "  %r = \"stablehlo.if\"(%a) ({\n    %c = stablehlo.abs %b : tensor<f32>\n  }, {\n"
     "    \"stablehlo.return\"(%b) : (tensor<f32>) -> ()\n  }) : (tensor<i1>) -> tensor<f32>\n  return %r : tensor<f32>\n}\n"},
    {"unknown-callee", "exec --backend cpu",
     "func.func @main(%a: tensor<f32>) -> tensor<f32> {\n  %r = func.call @nothere(%a) : (tensor<f32>) -> tensor<f32>\n"
     "  return %r : tensor<f32>\n}\n"},
    {"wrong-return", "verify", "func.func @main(%a: tensor<f32>) -> tensor<i32> {\n  return %a : tensor<f32>\n}\n"},
    // The function to run.
    {"no-main", "eval", "func.func @f(%a: tensor<f32>) -> tensor<f32> {\n  return %a : tensor<f32>\n}\n"},
    {"no-such-function", "eval --function nothere", "func.func @main() {\n  return\n}\n"},
    {"no-such-function-exec", "exec --backend cpu --function nothere", "func.func @main() {\n  return\n}\n"},
    // The run: the reference evaluator and the cpu executor.
    {"grid-too-large-eval", "eval",
     "module attributes {mhlo.num_replicas = 5000 : i32} {\n  func.func @main() -> tensor<f32> {\n"
     "    %0 = stablehlo.constant dense<1.0> : tensor<f32>\n    return %0 : tensor<f32>\n  }\n}\n"},
    {"empty-infeed-eval", "eval",
     "func.func @main() -> tensor<2xf32> {\n  %t = stablehlo.after_all : !stablehlo.token\n"
     "  %v:2 = \"stablehlo.infeed\"(%t) {infeed_config = \"\"} : (!stablehlo.token) -> (tensor<2xf32>, !stablehlo.token)\n"
     "  return %v#0 : tensor<2xf32>\n}\n"},
    {"empty-infeed-exec", "exec --backend cpu",
     "func.func @main() -> tensor<2xf32> {\n  %t = stablehlo.after_all : !stablehlo.token\n"
     "  %v:2 = \"stablehlo.infeed\"(%t) {infeed_config = \"\"} : (!stablehlo.token) -> (tensor<2xf32>, !stablehlo.token)\n"
     "  return %v#0 : tensor<2xf32>\n}\n"},
    {"missing-argument-exec", "exec --backend cpu",
     "func.func @main(%a: tensor<f32>) -> tensor<f32> {\n  %r = stablehlo.abs %a : tensor<f32>\n  return %r : tensor<f32>\n}\n"},
    {"missing-argument-exec-reference", "exec --backend reference",
     "func.func @main(%a: tensor<f32>) -> tensor<f32> {\n  %r = stablehlo.abs %a : tensor<f32>\n  return %r : tensor<f32>\n}\n"},
};

// The lines of `output` that report an error: those with "error:" in them, and exec's "hloconf exec: ..."
// (without that prefix). The summary lines ("evaluated 0/1 functions (... 1 errors)") are not reports.
std::vector<std::string> errorLines(const std::string& output) {
  std::vector<std::string> lines;
  std::istringstream in(output);
  constexpr std::string_view kExecPrefix = "hloconf exec: ";
  for (std::string line; std::getline(in, line);) {
    if (line.starts_with(kExecPrefix)) {
      lines.push_back(line.substr(kExecPrefix.size()));
    } else if (line.find("error:") != std::string::npos) {
      lines.push_back(line);
    }
  }
  return lines;
}

class DiagnosticLocations : public ::testing::TestWithParam<BadProgram> {};

TEST_P(DiagnosticLocations, EveryErrorStartsWithPathLineColumn) {
  const BadProgram& program = GetParam();
  const std::string dir = test::tempDir("locations", program.name);
  const std::string path = dir + "/" + program.name + ".mlir";
  std::ofstream(path) << program.text;
  const test::RunResult result = test::runHloconf(std::string(program.command) + " " + path);
  EXPECT_NE(result.status, 0) << result.output;
  const std::vector<std::string> errors = errorLines(result.output);
  EXPECT_FALSE(errors.empty()) << "no error reported:\n" << result.output;
  const std::regex located("^" + std::regex_replace(path, std::regex(R"([.^$|()\[\]{}*+?\\])"), R"(\$&)") + R"(:\d+:\d+: )");
  for (const std::string& line : errors) EXPECT_TRUE(std::regex_search(line, located)) << line << "\nin:\n" << result.output;
  std::filesystem::remove_all(dir);
}

INSTANTIATE_TEST_SUITE_P(BadPrograms, DiagnosticLocations, ::testing::ValuesIn(kBadPrograms),
                         [](const ::testing::TestParamInfo<BadProgram>& info) {
                           std::string name = info.param.name;
                           std::replace(name.begin(), name.end(), '-', '_');
                           return name;
                         });

}  // namespace
}  // namespace hloconf
