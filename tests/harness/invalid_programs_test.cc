// Invalid programs in the harness (issue 17): the INVALID status of `run`, `eval`, `exec`, `golden`; the
// negative suite `spec-invalid` (every `invalid-*.mlir` of cases/ and of tests/fixtures/spec-invalid/ is
// rejected by our verifier for the constraint it names); and the protocol's verify request, answered by
// the built-in reference, `hloconf serve` and Python adapters (tests/harness/verify_backend.py).
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "golden/cases.h"
#include "ir/expect_invalid.h"
#include "ir/parser.h"
#include "ir/verifier.h"
#include "nlohmann/json.hpp"
#include "run_hloconf.h"
#include "suite_run.h"

namespace hloconf {
namespace {

namespace fs = std::filesystem;
using test::runHloconf;
using ::testing::HasSubstr;
using ::testing::Not;

std::string tempDir(const std::string& name) { return test::tempDir("invalid-test", name); }

void writeFile(const std::string& path, const std::string& text) {
  fs::create_directories(fs::path(path).parent_path());
  std::ofstream(path) << text;
}

std::string readText(const std::string& path) {
  std::ifstream in(path);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

nlohmann::json readJson(const std::string& path) {
  std::ifstream in(path);
  return nlohmann::json::parse(in, nullptr, false);
}

std::string fixturesDir() { return std::string(HLOCONF_SOURCE_DIR) + "/tests/fixtures/spec-invalid"; }
std::string verifyBackend(const std::string& mode) {
  return "--backend-cmd '/usr/bin/python3 " + std::string(HLOCONF_SOURCE_DIR) + "/tests/harness/verify_backend.py " + mode + "'";
}

// A program in the testdata form that breaks transpose (C2) in @main.
constexpr char kInvalidCase[] = R"(// Case: mini/transpose-repeats
func.func @main() {
  %x = stablehlo.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %y = stablehlo.transpose %x, dims = [1, 1] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  check.expect_eq_const %y, dense<[[1.0, 4.0], [2.0, 5.0], [3.0, 6.0]]> : tensor<3x2xf32>
  func.return
}
)";

// --- the negative suite: every negative case is rejected by our verifier for the constraint it names ----

// The `invalid-*.mlir` files under `dir`, sorted.
std::vector<fs::path> negativeFiles(const fs::path& dir) {
  std::vector<fs::path> files;
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(dir, ec); !ec && it != fs::recursive_directory_iterator(); it.increment(ec))
    if (it->is_regular_file() && isNegativeCaseFile(it->path().filename().string())) files.push_back(it->path());
  std::sort(files.begin(), files.end());
  return files;
}

// What is wrong with one negative case file, or "" (it names constraints of the form `<op> C<n>`, the op
// being its folder's, and our verifier rejects it citing each one).
std::string negativeFileProblem(const fs::path& file) {
  auto text = readFile(file.string());
  if (!text.ok()) return std::string(text.status().message());
  const absl::StatusOr<std::vector<ExpectedConstraint>> directives = parseExpectInvalid(file.string(), *text);
  if (!directives.ok()) return std::string(directives.status().message());
  if (directives->empty()) return "no `// expect-invalid: <op> C<n>` line";
  const std::string folder_op = file.parent_path().filename().string();
  const bool names_its_op = std::any_of(directives->begin(), directives->end(), [&](const ExpectedConstraint& c) { return c.op == folder_op; });
  if (!names_its_op) return "no expect-invalid line names the folder's op " + folder_op;
  const std::vector<std::string> expected = constraintNames(*directives);
  auto module = parseModule(*text, file.string());
  if (!module.ok()) return "does not parse: " + std::string(module.status().message());
  std::vector<std::string> diagnostics;
  for (const VerifierDiagnostic& d : verifyModule(*module).diagnostics) diagnostics.push_back(formatVerifierDiagnostic(*module, *text, d));
  return negativeCaseProblem(expected, diagnostics);
}

TEST(NegativeSuite, EveryNegativeCaseOfCasesIsRejectedForTheConstraintItNames) {
  // Vacuous until the negative cases land in cases/; the fixtures below keep the check itself tested.
  for (const fs::path& file : negativeFiles(std::string(HLOCONF_SOURCE_DIR) + "/cases"))
    EXPECT_EQ(negativeFileProblem(file), "") << file;
}

TEST(NegativeSuite, EveryFixtureIsRejectedForTheConstraintItNames) {
  const std::vector<fs::path> files = negativeFiles(fixturesDir());
  ASSERT_GE(files.size(), 4u);
  for (const fs::path& file : files) EXPECT_EQ(negativeFileProblem(file), "") << file;
}

TEST(NegativeSuite, AcceptedOrRejectedForAnotherConstraintIsAProblem) {
  const std::string dir = tempDir("problems");
  writeFile(dir + "/transpose/invalid-c2-valid.mlir", R"(// expect-invalid: transpose C2
func.func @main(%a: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %0 = stablehlo.transpose %a, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  func.return %0 : tensor<3x2xf32>
})");
  writeFile(dir + "/transpose/invalid-c3-other.mlir", R"(// expect-invalid: transpose C3
func.func @main(%a: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %0 = stablehlo.transpose %a, dims = [1, 1] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  func.return %0 : tensor<3x2xf32>
})");
  writeFile(dir + "/transpose/invalid-c2-no-line.mlir", R"(func.func @main(%a: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %0 = stablehlo.transpose %a, dims = [1, 1] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  func.return %0 : tensor<3x2xf32>
})");
  EXPECT_THAT(negativeFileProblem(dir + "/transpose/invalid-c2-valid.mlir"), HasSubstr("accepts this program"));
  EXPECT_THAT(negativeFileProblem(dir + "/transpose/invalid-c3-other.mlir"), HasSubstr("not for transpose C3"));
  EXPECT_THAT(negativeFileProblem(dir + "/transpose/invalid-c2-no-line.mlir"), HasSubstr("no `// expect-invalid"));
  writeFile(dir + "/transpose/invalid-c2-malformed.mlir", "// expect-invalid: transpose C2 C3\nfunc.func @main() {\n  func.return\n}\n");
  EXPECT_THAT(negativeFileProblem(dir + "/transpose/invalid-c2-malformed.mlir"), HasSubstr("invalid-c2-malformed.mlir:1:33: malformed expect-invalid line"));
}

TEST(NegativeSuite, ExpectInvalidLinesAndCitations) {
  const std::string diagnostic = "f.mlir:3:8: error: stablehlo.dot_general (C10): contracting sizes differ";
  EXPECT_TRUE(citesConstraint(diagnostic, "dot_general C10"));
  EXPECT_FALSE(citesConstraint(diagnostic, "dot_general C1"));
  EXPECT_FALSE(citesConstraint(diagnostic, "dot C10"));
  EXPECT_FALSE(citesConstraint(diagnostic, "dot_general"));
  EXPECT_TRUE(isNegativeCaseFile("invalid-c10-contracting.mlir"));
  EXPECT_FALSE(isNegativeCaseFile("example-1.mlir"));
}

// `spec` leaves the negative cases out, `spec-invalid` is exactly them, with IDs spec-invalid/<op>/<stem>.
TEST(NegativeSuite, SuitesSplitTheCasesFolderAndIdsAreStable) {
  const std::string dir = tempDir("suites") + "/cases";
  writeFile(dir + "/README.md", "cases\n");
  writeFile(dir + "/transpose/example-1.mlir", R"(// Case: spec/transpose/example-1
func.func @main() {
  %x = stablehlo.constant dense<[[1.0, 2.0]]> : tensor<1x2xf32>
  %y = stablehlo.transpose %x, dims = [1, 0] : (tensor<1x2xf32>) -> tensor<2x1xf32>
  check.expect_eq_const %y, dense<[[1.0], [2.0]]> : tensor<2x1xf32>
  func.return
})");
  fs::copy(fixturesDir() + "/transpose", dir + "/transpose", fs::copy_options::recursive | fs::copy_options::skip_existing);
  const std::string env = "HLOCONF_CASES_DIR=" + dir + " ";
  auto spec = test::runShell(env + HLOCONF_BINARY + " run spec --list 2>&1");
  EXPECT_EQ(spec.status, 0) << spec.output;
  EXPECT_EQ(spec.output, "spec/transpose/example-1\n");
  auto negative = test::runShell(env + HLOCONF_BINARY + " run spec-invalid --list 2>&1");
  EXPECT_EQ(negative.status, 0) << negative.output;
  EXPECT_EQ(negative.output, "spec-invalid/transpose/invalid-c2-repeated-permutation\n");
  // A folder given by path names its cases after the folder: the fixtures' folder is called spec-invalid.
  auto fixtures = runHloconf("run " + fixturesDir() + " --list");
  EXPECT_THAT(fixtures.output, HasSubstr("spec-invalid/dot_general/invalid-c10-contracting-sizes\n"));
}

// --- `hloconf run` on negative cases: a verify request per case and backend ---------------------------

TEST(NegativeRun, BuiltInBackendsAndServeRejectEveryFixture) {
  for (const std::string backend : {"--backend reference", "--backend cpu", "--backend-cmd '" HLOCONF_BINARY " serve'"}) {
    const std::string dir = tempDir("builtin");
    auto r = runHloconf("run " + fixturesDir() + " " + backend + " --no-cache -q --report-dir " + dir);
    // cpu plans a subset of the ops: a negative case on an op outside its handshake is "not asked".
    EXPECT_EQ(r.status, 0) << backend << "\n" << r.output;
    nlohmann::json results = readJson(dir + "/results.json");
    ASSERT_TRUE(results.is_object()) << backend;
    EXPECT_TRUE(results["accepts_forbidden"].empty()) << backend;
    int rejected = 0;
    for (const auto& c : results["cases"]) {
      EXPECT_THAT(c["status"].get<std::string>(), ::testing::AnyOf("PASS", "UNSUPPORTED")) << backend << " " << c.dump();
      if (c["status"] == "PASS") {
        EXPECT_EQ(c["verify"], "rejected") << c.dump();
        EXPECT_FALSE(c["expect_invalid"].empty()) << c.dump();
        ++rejected;
      }
    }
    EXPECT_GE(rejected, 2) << backend;
  }
}

TEST(NegativeRun, ABackendThatAcceptsIsReportedInEveryReport) {
  const std::string dir = tempDir("accept");
  auto r = runHloconf("run " + fixturesDir() + " " + verifyBackend("accept") + " -q --report-dir " + dir);
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_THAT(r.output, HasSubstr("accepts programs the spec forbids (4)"));
  EXPECT_THAT(r.output, HasSubstr("accepts a program the spec forbids: dot_general (C10)"));
  nlohmann::json results = readJson(dir + "/results.json");
  ASSERT_EQ(results["accepts_forbidden"].size(), 4u) << results.dump();
  EXPECT_EQ(results["accepts_forbidden"][0]["status"], "FAIL");
  std::set<std::string> named;
  for (const auto& a : results["accepts_forbidden"])
    for (const auto& c : a["expect_invalid"]) named.insert(c.get<std::string>());
  EXPECT_TRUE(named.contains("concatenate C2") && named.contains("transpose C2") && named.contains("iota C1")) << results.dump();
  for (const auto& c : results["cases"]) {
    EXPECT_EQ(c["status"], "FAIL");
    EXPECT_EQ(c["verify"], "accepted");
  }
  EXPECT_THAT(readText(dir + "/summary.md"), HasSubstr("## Accepts programs the spec forbids (4)"));
  EXPECT_THAT(readText(dir + "/report.html"), HasSubstr("id=\"accepts-forbidden\""));
  EXPECT_THAT(readText(dir + "/junit.xml"), HasSubstr("accepts a program the spec forbids: transpose (C2)"));
}

TEST(NegativeRun, ABackendThatRejectsPasses) {
  auto r = runHloconf("run " + fixturesDir() + " " + verifyBackend("reject") + " -q");
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_THAT(r.output, Not(HasSubstr("accepts programs the spec forbids")));
}

TEST(NegativeRun, ABackendWithoutVerifyIsNotAsked) {
  const std::string dir = tempDir("none");
  auto r = runHloconf("run " + fixturesDir() + " " + verifyBackend("none") + " -q --report-dir " + dir);
  EXPECT_EQ(r.status, 3) << r.output;  // every case UNSUPPORTED: nothing was tested
  const nlohmann::json results = readJson(dir + "/results.json");  // kept: the loop iterates a part of it
  for (const auto& c : results["cases"]) {
    EXPECT_EQ(c["status"], "UNSUPPORTED");
    EXPECT_EQ(c["verify"], "not asked");
    EXPECT_THAT(c["message"].get<std::string>(), HasSubstr("capabilities.verify"));
  }
}

TEST(NegativeRun, ABackendThatBreaksIsAnError) {
  auto r = runHloconf("run " + fixturesDir() + " " + verifyBackend("error") + " -q");
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_THAT(r.output, HasSubstr("verify_backend.py broke"));
}

TEST(NegativeRun, ANegativeCaseOurVerifierAcceptsIsAnErrorAndIsNeverSent) {
  const std::string dir = tempDir("wrong-case");
  writeFile(dir + "/neg/transpose/invalid-c2-valid.mlir", R"(// expect-invalid: transpose C2
func.func @main(%a: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %0 = stablehlo.transpose %a, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  func.return %0 : tensor<3x2xf32>
})");
  auto r = runHloconf("run " + dir + "/neg " + verifyBackend("accept") + " -q --report-dir " + dir + "/out");
  EXPECT_EQ(r.status, 1) << r.output;
  nlohmann::json c = readJson(dir + "/out/results.json")["cases"][0];
  EXPECT_EQ(c["status"], "ERROR");
  EXPECT_EQ(c["rule"], "negative case");
  EXPECT_FALSE(c.contains("verify")) << c.dump();  // the backend was not asked
}

// --- INVALID: an invalid program that is not a negative case ------------------------------------------

TEST(Invalid, RunReportsInvalidWithTheConstraintAndNeverCachesIt) {
  const std::string dir = tempDir("run");
  writeFile(dir + "/mini/transpose.mlir", kInvalidCase);
  for (int pass = 0; pass < 2; ++pass) {  // the second run must not find a cached golden either
    auto r = runHloconf("run " + dir + "/mini --cache-dir " + dir + "/cache -q --report-dir " + dir + "/out" + std::to_string(pass));
    EXPECT_EQ(r.status, 1) << r.output;
    EXPECT_THAT(r.output, HasSubstr("INVALID mini/transpose-repeats"));
    nlohmann::json c = readJson(dir + "/out" + std::to_string(pass) + "/results.json")["cases"][0];
    EXPECT_EQ(c["status"], "INVALID");
    EXPECT_EQ(c["rule"], "verifier");
    EXPECT_THAT(c["message"].get<std::string>(), HasSubstr("transpose.mlir:4:8: error: stablehlo.transpose (C2): permutation [1, 1] repeats 1"));
    EXPECT_THAT(readText(dir + "/out" + std::to_string(pass) + "/junit.xml"), HasSubstr("<error type=\"INVALID\""));
  }
  size_t cached = 0;
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(dir + "/cache", ec); !ec && it != fs::recursive_directory_iterator(); it.increment(ec))
    cached += it->is_regular_file();
  EXPECT_EQ(cached, 0u);
  // A baseline entry with status INVALID covers it (and nothing else).
  writeFile(dir + "/known.json", R"({"hloconf_baseline": 1, "known_failures": [{"id": "mini/transpose-repeats", "backend": "reference", "status": "INVALID"}]})");
  EXPECT_EQ(runHloconf("run " + dir + "/mini --no-cache -q --baseline " + dir + "/known.json").status, 0);
}

TEST(Invalid, EvalExecAndGoldenPrintTheDiagnosticsAndFail) {
  const std::string dir = tempDir("commands");
  writeFile(dir + "/mini/transpose.mlir", kInvalidCase);
  const std::string file = dir + "/mini/transpose.mlir";
  auto eval = runHloconf("eval " + file);
  EXPECT_EQ(eval.status, 2) << eval.output;
  EXPECT_THAT(eval.output, HasSubstr("error: stablehlo.transpose (C2)"));
  EXPECT_THAT(eval.output, HasSubstr("the program is invalid (1 error): not evaluated"));
  auto exec = runHloconf("exec " + file + " --backend reference");
  EXPECT_EQ(exec.status, 2) << exec.output;
  EXPECT_THAT(exec.output, HasSubstr("error: stablehlo.transpose (C2)"));
  auto golden = runHloconf("golden " + dir + "/mini --no-cache --out " + dir + "/vectors");
  EXPECT_EQ(golden.status, 1) << golden.output;
  EXPECT_THAT(golden.output, HasSubstr("skipped mini/transpose-repeats: " + file + ":4:8: error: stablehlo.transpose (C2)"));
  EXPECT_FALSE(fs::exists(dir + "/vectors/mini/transpose-repeats.mlir"));
  auto golden_negative = runHloconf("golden " + fixturesDir() + " --no-cache --out " + dir + "/none");
  EXPECT_EQ(golden_negative.status, 0) << golden_negative.output;
  EXPECT_THAT(golden_negative.output, HasSubstr("4 negative case(s) left out"));
}

}  // namespace
}  // namespace hloconf
