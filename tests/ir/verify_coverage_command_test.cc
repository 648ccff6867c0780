// `hloconf verify` with the negative cases: `--coverage` prints the table the inventory and the cases'
// expect-invalid lines give (no number typed in), and a file with an expect-invalid line passes only when
// it is rejected for the constraint it names.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <vector>

#include "ir/expect_invalid.h"
#include "ir/parser.h"
#include "ir/spec_constraints.h"
#include "tests/harness/run_hloconf.h"

namespace hloconf {
namespace {

namespace fs = std::filesystem;
using test::runHloconf;

const fs::path kCases = fs::path(HLOCONF_SOURCE_DIR) / "cases";

// A fresh folder for a test's files.
fs::path scratchDir(const std::string& what) {
  const fs::path dir = fs::temp_directory_path() / ("hloconf_expect_invalid_" + what + "_" + std::to_string(getpid()));
  fs::create_directories(dir);
  return dir;
}

// `hloconf verify` of a file `name` in `dir` that holds `text`.
test::RunResult verifyText(const fs::path& dir, const std::string& name, const std::string& text) {
  std::ofstream(dir / name) << text;
  return runHloconf("verify " + (dir / name).string());
}

// @main with one transpose of a 2x3 operand per permutation in `permutations`, each declared 3x3: [1, 0]
// breaks transpose (C3) (the shape), [1, 1] (C2) (a repeated dimension).
std::string transposes(const std::vector<std::string>& permutations) {
  std::string text = "module {\n  func.func @main(%a: tensor<2x3xf32>) -> tensor<3x3xf32> {\n";
  for (size_t i = 0; i < permutations.size(); ++i) {
    text += "    %r" + std::to_string(i) + " = stablehlo.transpose %a, dims = " + permutations[i] + " : (tensor<2x3xf32>) -> tensor<3x3xf32>\n";
  }
  return text + "    func.return %r0 : tensor<3x3xf32>\n  }\n}\n";
}

TEST(VerifyCoverageCommandTest, PrintsTheTableComputedFromTheInventoryAndTheCases) {
  std::set<std::pair<std::string, int>> labels;
  for (const auto& e : fs::recursive_directory_iterator(kCases)) {
    if (!e.path().filename().string().starts_with("invalid-")) continue;
    auto text = readFile(e.path().string());
    ASSERT_TRUE(text.ok());
    const absl::StatusOr<std::vector<ExpectedConstraint>> directives = parseExpectInvalid(e.path().string(), *text);
    ASSERT_TRUE(directives.ok()) << directives.status();
    for (const ExpectedConstraint& c : *directives) labels.insert({c.op, c.number});
  }
  const test::RunResult result = runHloconf("verify --coverage " + kCases.string());
  EXPECT_EQ(result.status, 0) << result.output;
  EXPECT_NE(result.output.find(spec::coverageTable(spec::computeCoverage(labels))), std::string::npos) << result.output;
  EXPECT_NE(result.output.find(spec::notViolableList()), std::string::npos) << result.output;
  EXPECT_EQ(runHloconf("verify --coverage /nonexistent-folder").status, 2);
}

TEST(VerifyCoverageCommandTest, NegativeCasesPassOnlyWhenRejectedForTheirLabel) {
  const test::RunResult cases = runHloconf("verify " + (kCases / "transpose").string());
  EXPECT_EQ(cases.status, 0) << cases.output;
  EXPECT_NE(cases.output.find("; 5 negative cases rejected as expected"), std::string::npos) << cases.output;

  const fs::path dir = scratchDir("one");
  // Breaks transpose (C3), but names (C2): invalid, with a line saying what was expected.
  const test::RunResult wrong = verifyText(dir, "wrong-label.mlir", "// expect-invalid: transpose C2\n" + transposes({"[1, 0]"}));
  EXPECT_EQ(wrong.status, 1) << wrong.output;
  EXPECT_NE(wrong.output.find("stablehlo.transpose (C3)"), std::string::npos) << wrong.output;
  // A valid program that says it is invalid.
  const test::RunResult valid = verifyText(dir, "valid.mlir", "// expect-invalid: abs C1\nmodule {\n  func.func @main() {\n    func.return\n  }\n}\n");
  EXPECT_EQ(valid.status, 1) << valid.output;
  EXPECT_NE(valid.output.find("accepts this program, which the case says breaks abs C1"), std::string::npos) << valid.output;
  fs::remove_all(dir);
}

// The rule of every command (ir/expect_invalid.h): a file that names two constraints is rejected as expected
// when each is cited; naming one that no diagnostic cites is an error, and so is a malformed line.
TEST(VerifyCoverageCommandTest, EveryNamedConstraintMustBeCitedAndMalformedLinesAreErrors) {
  const fs::path dir = scratchDir("two");
  const std::string program = transposes({"[1, 1]", "[1, 0]"});
  const test::RunResult two = verifyText(dir, "two.mlir", "// expect-invalid: transpose C2\n// expect-invalid: transpose C3\n" + program);
  EXPECT_EQ(two.status, 0) << two.output;
  EXPECT_NE(two.output.find("; 1 negative case rejected as expected"), std::string::npos) << two.output;

  const test::RunResult one = verifyText(dir, "one-not-cited.mlir", "// expect-invalid: transpose C2\n// expect-invalid: transpose C4\n" + program);
  EXPECT_EQ(one.status, 1) << one.output;
  EXPECT_NE(one.output.find("rejects this program, but not for transpose C4"), std::string::npos) << one.output;

  const test::RunResult malformed = verifyText(dir, "malformed.mlir", "// expect-invalid: transpose C2\n  // expect-invalid: transpose 3\n" + program);
  EXPECT_EQ(malformed.status, 1) << malformed.output;
  EXPECT_NE(malformed.output.find((dir / "malformed.mlir").string() + ":2:32: malformed expect-invalid line"), std::string::npos)
      << malformed.output;
  fs::remove_all(dir);
}

}  // namespace
}  // namespace hloconf
