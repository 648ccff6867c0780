// `hloconf verify` end to end (the binary's output and exit statuses), and the generated programs verify
// clean (issue 17: every generated program passes the verifier).
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "generators/gen.h"
#include "ir/parser.h"
#include "ir/verifier.h"
#include "tests/harness/run_hloconf.h"

namespace hloconf {
namespace {

using ::testing::HasSubstr;
using test::RunResult;
using test::runHloconf;

class VerifyCommand : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() / ("hloconf_verify_test_" + std::to_string(getpid()));
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::string write(const std::string& name, const std::string& text) {
    const std::string path = (dir_ / name).string();
    std::ofstream(path) << text;
    return path;
  }
  std::filesystem::path dir_;
};

constexpr char kValid[] =
    "func.func @main(%a: tensor<2x3xf32>) -> tensor<3x2xf32> {\n"
    "  %t = stablehlo.transpose %a, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>\n"
    "  return %t : tensor<3x2xf32>\n"
    "}\n";

TEST_F(VerifyCommand, ValidProgramsExitZeroWithTheSummary) {
  const std::string good = write("good.mlir", kValid);
  const RunResult result = runHloconf("verify " + good);
  EXPECT_EQ(result.status, 0) << result.output;
  EXPECT_EQ(result.output, "verified 1 file (1 module): 1 function, 2 ops; 0 errors in 0 files\n");
}

TEST_F(VerifyCommand, PrintsEveryViolationThenTheSummaryAndExitsOne) {
  const std::string good = write("good.mlir", kValid);
  const std::string bad = write("bad.mlir",
                                "func.func @main(%a: tensor<2x3xf32>) -> tensor<3x2xf32> {\n"
                                "  %t = stablehlo.transpose %a, dims = [1, 1] : (tensor<2x3xf32>) -> tensor<3x2xf32>\n"
                                "  %r = func.call @nowhere(%t) : (tensor<3x2xf32>) -> tensor<3x2xf32>\n"
                                "  return %r : tensor<3x2xf32>\n"
                                "}\n");
  const RunResult result = runHloconf("verify " + good + " " + bad);
  EXPECT_EQ(result.status, 1);
  EXPECT_EQ(result.output, bad + ":2:8: error: stablehlo.transpose (C2): permutation [1, 1] repeats 1\n" + bad +
                               ":3:8: error: func.call: the callee @nowhere is not a function of this module\n"
                               "verified 2 files (2 modules): 2 functions, 5 ops; 2 errors in 1 file\n");
  const RunResult verbose = runHloconf("verify -v " + bad);
  EXPECT_THAT(verbose.output, HasSubstr("  %t = stablehlo.transpose %a, dims = [1, 1] : (tensor<2x3xf32>) -> tensor<3x2xf32>\n"
                                        "       ^\n"));
}

// Each `// -----` part is its own module; locations count from the start of the file.
TEST_F(VerifyCommand, SplitInputFile) {
  const std::string split = write("split.mlir", std::string(kValid) +
                                                    "// -----\n"
                                                    "func.func @main(%a: tensor<f32>) -> tensor<i32> {\n"
                                                    "  return %a : tensor<f32>\n"
                                                    "}\n");
  const RunResult result = runHloconf("verify --split-input-file " + dir_.string());
  EXPECT_EQ(result.status, 1);
  EXPECT_EQ(result.output, split + ":7:3: error: func.return: returns (tensor<f32>), but @main returns (tensor<i32>) (value 0 differs)\n"
                                   "verified 1 file (2 modules): 2 functions, 3 ops; 1 error in 1 file\n");
  // Unsplit, the two @main are one module: a parse error (exit 2).
  const RunResult whole = runHloconf("verify " + split);
  EXPECT_EQ(whole.status, 2);
  EXPECT_THAT(whole.output, HasSubstr("redefinition of symbol @main"));
}

TEST_F(VerifyCommand, UsageAndParseErrorsExitTwo) {
  EXPECT_EQ(runHloconf("verify").status, 2);
  EXPECT_EQ(runHloconf("verify --bogus " + write("good.mlir", kValid)).status, 2);
  const RunResult missing = runHloconf("verify " + (dir_ / "absent.mlir").string());
  EXPECT_EQ(missing.status, 2);
  EXPECT_THAT(missing.output, HasSubstr("absent.mlir: error: no such file or folder"));
  const std::string broken = write("broken.mlir", "func.func @main() {\n  %0 = stablehlo.abs %nope : tensor<f32>\n}\n");
  const RunResult parse_error = runHloconf("verify " + broken);
  EXPECT_EQ(parse_error.status, 2);
  EXPECT_THAT(parse_error.output, HasSubstr(broken + ":2:22: error: use of undefined value '%nope'"));
  EXPECT_THAT(parse_error.output, HasSubstr("1 file not parsed"));
  const RunResult help = runHloconf("verify --help");
  EXPECT_EQ(help.status, 0);
  EXPECT_THAT(help.output, HasSubstr("usage: hloconf verify"));
}

// Every generated program (gen:all, 3 cases per op, element type and strategy; HLOCONF_GEN_VERIFY_COUNT=20
// for issue 17's acceptance count) is valid.
TEST(GeneratedPrograms, VerifyClean) {
  const char* count_override = std::getenv("HLOCONF_GEN_VERIFY_COUNT");
  const int count = count_override ? std::atoi(count_override) : 3;
  ASSERT_GT(count, 0) << "HLOCONF_GEN_VERIFY_COUNT must be a positive case count";
  auto keys = gen::expandSuite("gen:all", /*seed=*/1, count, "", "");
  ASSERT_TRUE(keys.ok()) << keys.status().message();
  size_t programs = 0;
  std::vector<std::string> diagnostics;
  for (const gen::CaseKey& key : *keys) {
    auto generated = gen::generateCase(key);
    ASSERT_TRUE(generated.ok()) << key.id() << ": " << generated.status().message();
    if (!generated->skipped.empty()) continue;
    auto module = parseModule(generated->text, key.id());
    ASSERT_TRUE(module.ok()) << module.status().message();
    ++programs;
    for (const VerifierDiagnostic& d : verifyModule(*module).diagnostics) {
      diagnostics.push_back(formatVerifierDiagnostic(*module, generated->text, d));
    }
  }
  EXPECT_GT(programs, 1000u);
  std::string text;
  for (size_t i = 0; i < diagnostics.size() && i < 40; ++i) text += "\n  " + diagnostics[i];
  EXPECT_TRUE(diagnostics.empty()) << diagnostics.size() << " diagnostics:" << text;
}

// The files `hloconf gen --out` writes (the upstream testdata format: @inputs, @expected, their checks) too.
TEST_F(VerifyCommand, GeneratedFilesVerifyClean) {
  const std::string out = (dir_ / "gen").string();
  const RunResult written = runHloconf("gen all --count 3 --out " + out);
  ASSERT_EQ(written.status, 0) << written.output;
  const RunResult verified = runHloconf("verify " + out);
  EXPECT_EQ(verified.status, 0) << verified.output.substr(0, 4000);
  EXPECT_THAT(verified.output, HasSubstr("; 0 errors in 0 files\n"));
}

}  // namespace
}  // namespace hloconf
