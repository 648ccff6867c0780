// Issue 21, item 1: the files we write in the upstream testdata format (golden --format mlir, gen --out,
// repro) check themselves the way the upstream interpreter reads as we mean it (docs/design/upstream.md):
// NaN-aware float checks (check.expect_close, max_ulp_difference = 0 or the profile's budget), implementation-defined elements
// masked, a comment where upstream cannot pass the file. Our evaluator runs every written file; where
// stablehlo-translate is present (STABLEHLO_TRANSLATE or PATH) it runs them too, and a spoiled expected
// value must fail there.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "ir/parser.h"
#include "ir/strings.h"
#include "ir/upstream_check.h"
#include "tests/harness/run_hloconf.h"
#include "tests/harness/suite_run.h"

namespace hloconf {
namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;
using test::RunResult;
using test::runHloconf;
using test::runShell;

std::string readText(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string stablehloTranslate() {
  if (const char* named = std::getenv("STABLEHLO_TRANSLATE"); named && *named) return ::access(named, X_OK) == 0 ? named : "";
  RunResult found = runShell("command -v stablehlo-translate 2>/dev/null");
  return found.status == 0 ? found.output.substr(0, found.output.find('\n')) : "";
}

// 0/0 is NaN (upstream's expect_eq fails NaN against NaN); INT32_MAX + 1 overflows, implementation-
// defined (the reference's wrapped value need not be any implementation's). (An integer division by zero
// would do too, but the upstream interpreter dies of SIGFPE on it: docs/reports/stablehlo-interpreter.md.)
constexpr char kNanAndImplDefined[] = R"(// Case: upstream/nan-and-impl-defined
func.func @main() {
  %a = stablehlo.constant dense<[0.0, 1.0, 2.0]> : tensor<3xf32>
  %b = stablehlo.constant dense<[0.0, 2.0, 0.0]> : tensor<3xf32>
  %q = stablehlo.divide %a, %b : tensor<3xf32>
  %x = stablehlo.constant dense<[2147483647, 8, 9]> : tensor<3xi32>
  %y = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi32>
  %d = stablehlo.add %x, %y : tensor<3xi32>
  check.expect_eq_const %q, dense<[0x7FC00000, 0.5, 0x7F800000]> : tensor<3xf32>
  check.expect_eq_const %d, dense<[-2147483648, 10, 12]> : tensor<3xi32>
  func.return
}
)";

TEST(UpstreamFiles, GoldenChecksNansAsNansAndMasksImplementationDefinedElements) {
  std::string dir = test::tempDir("upstream-files", "golden");
  std::ofstream(dir + "/case.mlir") << kNanAndImplDefined;
  RunResult golden = runHloconf("golden " + dir + "/case.mlir --no-cache --format mlir --out " + dir + "/out");
  ASSERT_EQ(golden.status, 0) << golden.output;
  const std::string file = dir + "/out/upstream/nan-and-impl-defined.mlir";
  const std::string text = readText(file);
  EXPECT_THAT(text, HasSubstr("\"check.expect_close\""));
  EXPECT_THAT(text, HasSubstr("max_ulp_difference = 0 : ui64"));
  EXPECT_THAT(text, HasSubstr("\"check.expect_eq\""));
  EXPECT_THAT(text, HasSubstr("\"stablehlo.select\""));
  EXPECT_THAT(text, HasSubstr("// output 1, elements not checked: 1 implementation-defined"));
  EXPECT_THAT(text, ::testing::Not(HasSubstr("cannot pass this file")));
  RunResult ours = runHloconf("eval -q " + file);
  EXPECT_EQ(ours.status, 0) << ours.output;
  const std::string translate = stablehloTranslate();
  if (translate.empty()) GTEST_SKIP() << "stablehlo-translate is absent: the file was checked by hloconf eval only";
  RunResult upstream = runShell(translate + " --interpret " + file + " 2>&1");
  EXPECT_EQ(upstream.status, 0) << upstream.output << "\n" << text;
  // A spoiled expected value fails there: 10 (the checked 8 + 2) becomes 11.
  std::string spoiled = text;
  const std::string expected = "dense<[-2147483648, 10, 12]>";
  size_t at = spoiled.rfind(expected);
  ASSERT_NE(at, std::string::npos) << text;
  spoiled.replace(at, expected.size(), "dense<[-2147483648, 11, 12]>");
  std::ofstream(dir + "/spoiled.mlir") << spoiled;
  EXPECT_NE(runShell(translate + " --interpret " + dir + "/spoiled.mlir 2>&1").status, 0);
}

TEST(UpstreamFiles, GeneratedCasesCheckThemselvesAndRunUpstream) {
  std::string dir = test::tempDir("upstream-files", "gen");
  // f32 division meets NaN and infinities; i32 addition overflows (masked).
  RunResult gen = runHloconf("gen divide --dtypes f32 --strategies special --count 3 --out " + dir);
  ASSERT_EQ(gen.status, 0) << gen.output;
  gen = runHloconf("gen add --dtypes i32 --strategies special --count 3 --out " + dir);
  ASSERT_EQ(gen.status, 0) << gen.output;
  int files = 0;
  const std::string translate = stablehloTranslate();
  for (const auto& entry : fs::recursive_directory_iterator(dir)) {
    if (entry.path().extension() != ".mlir") continue;
    ++files;
    const std::string text = readText(entry.path().string());
    if (entry.path().string().find("/f32/") != std::string::npos) {
      EXPECT_THAT(text, HasSubstr("\"check.expect_close\""));
    }
    EXPECT_THAT(text, ::testing::Not(HasSubstr("check.expect_eq %"))) << "the pretty expect_eq fails NaN against NaN upstream";
    RunResult ours = runHloconf("eval -q " + entry.path().string());
    EXPECT_EQ(ours.status, 0) << entry.path() << "\n" << ours.output;
    if (translate.empty()) continue;
    RunResult upstream = runShell(translate + " --interpret " + entry.path().string() + " 2>&1");
    EXPECT_EQ(upstream.status, 0) << entry.path() << "\n" << upstream.output;
  }
  EXPECT_EQ(files, 6);
}

// A transcendental function no real library rounds correctly is checked with the tolerance profile's ULP
// budget, so that the file passes upstream exactly when our comparator passes the output: cbrt of f64 has
// `ulp: 4` in the default profile (glibc's cbrt is 1 ULP off at cbrt(27) = 3). A profile that asks for the
// correctly rounded value gives 0.
TEST(UpstreamFiles, TranscendentalChecksGetTheProfilesUlpBudget) {
  std::string dir = test::tempDir("upstream-files", "ulp");
  const std::string cbrt = std::string(HLOCONF_SOURCE_DIR) + "/cases/cbrt/edge-rounding-f64.mlir";
  RunResult golden = runHloconf("golden " + cbrt + " --no-cache --format mlir --out " + dir + "/default");
  ASSERT_EQ(golden.status, 0) << golden.output;
  const std::string text = readText(dir + "/default/spec/cbrt/edge-rounding-f64.mlir");
  EXPECT_THAT(text, HasSubstr("max_ulp_difference = 4 : ui64"));
  EXPECT_EQ(runHloconf("eval -q " + dir + "/default").status, 0);
  std::ofstream(dir + "/strict.json") << R"({"name": "strict", "description": "every result correctly rounded",
    "rules": [{"id": "all", "op": "*", "type": "*", "exact": true, "source": "test"}]})";
  golden = runHloconf("golden " + cbrt + " --no-cache --format mlir --profile " + dir + "/strict.json --out " + dir + "/strict");
  ASSERT_EQ(golden.status, 0) << golden.output;
  EXPECT_THAT(readText(dir + "/strict/spec/cbrt/edge-rounding-f64.mlir"), HasSubstr("max_ulp_difference = 0 : ui64"));
  // gen --out the same way: logistic f32 has `ulp: 4`.
  RunResult gen = runHloconf("gen logistic --dtypes f32 --strategies uniform --count 1 --out " + dir + "/gen");
  ASSERT_EQ(gen.status, 0) << gen.output;
  EXPECT_THAT(readText(dir + "/gen/logistic/f32/uniform/1-0.mlir"), HasSubstr("max_ulp_difference = 4 : ui64"));
}

// Where the profile lets a subnormal come back as zero (ftz "warn": logistic(-100) = 3.78e-44 in f32,
// which an implementation computing 1 / (1 + exp(100)) returns as 0), the file's check accepts that zero
// there and nothing else: checked against a program that returns the flushed value, another subnormal, or
// the exact value.
TEST(UpstreamFiles, ASubnormalExpectedValueMayComeBackFlushedWhereTheProfileAllowsIt) {
  Tensor expected(Type::tensor({2}, Type::element(ElementType::kF32)));
  expected.setBits(0, 0x3F800000);  // 1.0
  expected.setBits(1, 0x0000001B);  // 3.78e-44, subnormal
  UpstreamTolerance flush;
  flush.subnormal_may_flush = true;
  const UpstreamCheck check = planUpstreamCheck(expected, {}, {}, flush);
  ASSERT_TRUE(check.flushable.has_value());
  EXPECT_EQ(check.flushable->bits(0), 0u);
  EXPECT_EQ(check.flushable->bits(1), 1u);
  EXPECT_FALSE(planUpstreamCheck(expected, {}, {}, UpstreamTolerance{}).flushable.has_value());
  const std::string dir = test::tempDir("upstream-files", "flush");
  const std::string translate = stablehloTranslate();
  int files = 0;
  auto verdict = [&](const std::string& actual_literal, const UpstreamCheck& c) {
    const std::string file = strCat(dir, "/", ++files, ".mlir");
    std::ofstream(file) << "func.func @main() {\n"
                        << "  %actual = \"stablehlo.constant\"() <{value = dense<" << actual_literal
                        << "> : tensor<2xf32>}> : () -> tensor<2xf32>\n"
                        << "  %expected = \"stablehlo.constant\"() <{value = dense<[1.0, 3.783510e-44]> : tensor<2xf32>}> : () -> tensor<2xf32>\n"
                        << upstreamCheckText(c, "%actual", "%expected", expected.type(), "%check0", "  ") << "  func.return\n}\n";
    const int ours = runHloconf("eval -q " + file).status;
    if (!translate.empty()) {
      EXPECT_EQ(runShell(translate + " --interpret " + file + " 2>&1").status == 0, ours == 0) << file;
    }
    return ours == 0;
  };
  EXPECT_TRUE(verdict("[1.0, 0.0]", check));
  EXPECT_TRUE(verdict("[1.0, -0.0]", check));  // the sign of a zero is the signed_zero flag's business: warn
  EXPECT_TRUE(verdict("[1.0, 3.783510e-44]", check));
  EXPECT_FALSE(verdict("[1.0, 1.0e-45]", check));
  EXPECT_FALSE(verdict("[0.0, 3.783510e-44]", check));  // a normal expected value is never taken as flushed
  EXPECT_FALSE(verdict("[1.0, 0.0]", planUpstreamCheck(expected, {}, {}, UpstreamTolerance{})));
}

// upstream's expect_almost_eq fails values of opposite signs however close: a bounded check whose expected
// value is within the tolerance of zero says the peer may fail it; one whose values are all far from zero
// does not.
TEST(UpstreamFiles, ABoundedCheckNearZeroSaysUpstreamMayFailIt) {
  Tensor expected(Type::tensor({2}, Type::element(ElementType::kF64)));
  expected.setBits(0, doubleToBits(5.0));
  expected.setBits(1, doubleToBits(-1e-9));
  EXPECT_THAT(planUpstreamCheck(expected, {}, {0.5, 1e-6}).may_fail,
              HasSubstr("may fail this file: its check.expect_almost_eq rejects values of opposite signs"));
  // One tolerance for the whole check (the largest bound, 0.5): -3 is far enough from zero.
  Tensor far = expected;
  far.setBits(1, doubleToBits(-3.0));
  EXPECT_EQ(planUpstreamCheck(far, {}, {0.5, 1e-6}).may_fail, "");
  // The element within the tolerance of zero is masked (implementation-defined): nothing to fear.
  EXPECT_EQ(planUpstreamCheck(expected, {0, 1}, {0.5, 1e-6}).may_fail, "");
}

// Gaps that depend on the inputs are declared as such ("may fail"), certain ones as "cannot pass".
TEST(UpstreamFiles, InputDependentAndCertainGapsAreDeclaredApart) {
  auto gaps = [](const std::string& text) {
    auto module = parseModule(text, "gaps.mlir");
    EXPECT_TRUE(module.ok()) << module.status();
    std::string all;
    if (module.ok())
      for (const std::string& g : upstreamInterpreterGaps(*module)) all += g + "\n";
    return all;
  };
  const std::string divide = gaps("func.func @main(%a: tensor<2xi32>, %b: tensor<2xi32>) -> tensor<2xi32> {\n"
                                  "  %0 = stablehlo.divide %a, %b : tensor<2xi32>\n  return %0 : tensor<2xi32>\n}\n");
  EXPECT_THAT(divide, HasSubstr("may fail this file: stablehlo.divide of integers kills the tool (SIGFPE"));
  EXPECT_EQ(gaps("func.func @main(%a: tensor<2xf32>, %b: tensor<2xf32>) -> tensor<2xf32> {\n"
                 "  %0 = stablehlo.divide %a, %b : tensor<2xf32>\n  return %0 : tensor<2xf32>\n}\n"),
            "");
  EXPECT_THAT(gaps("func.func @main(%a: tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>> {\n"
                   "  %0 = stablehlo.multiply %a, %a : tensor<2xcomplex<f32>>\n  return %0 : tensor<2xcomplex<f32>>\n}\n"),
              HasSubstr("may fail this file: stablehlo.multiply of complex numbers is computed by its textbook formula"));
  EXPECT_THAT(gaps("func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {\n"
                   "  %0 = chlo.lgamma %a : tensor<2xf32> -> tensor<2xf32>\n  return %0 : tensor<2xf32>\n}\n"),
              HasSubstr("may fail this file: chlo.lgamma is evaluated only through its legalization"));
  EXPECT_THAT(gaps("func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {\n"
                   "  %0 = \"chlo.square\"(%a) : (tensor<2xf32>) -> tensor<2xf32>\n  return %0 : tensor<2xf32>\n}\n"),
              HasSubstr("cannot pass this file: chlo.square is not known at this commit"));
  EXPECT_THAT(gaps("func.func @main(%a: tensor<2x3xi32>, %b: tensor<3xi32>) -> tensor<2x3xi32> {\n"
                   "  %0 = chlo.broadcast_add %a, %b : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>\n"
                   "  return %0 : tensor<2x3xi32>\n}\n"),
              HasSubstr("cannot pass this file: chlo.broadcast_add with an operand of another shape"));
  EXPECT_EQ(gaps("func.func @main(%a: tensor<3xi32>, %b: tensor<3xi32>) -> tensor<3xi32> {\n"
                 "  %0 = chlo.broadcast_add %a, %b : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi32>\n"
                 "  return %0 : tensor<3xi32>\n}\n"),
            "");
}

// A generated program on a process grid has no checks (each process has its own results) and says why the
// upstream interpreter cannot run it as written.
TEST(UpstreamFiles, AGridProgramNamesWhyUpstreamCannotRunIt) {
  std::string dir = test::tempDir("upstream-files", "grid");
  RunResult gen = runHloconf("gen collective_permute --dtypes f32 --count 1 --out " + dir);
  ASSERT_EQ(gen.status, 0) << gen.output;
  int files = 0;
  for (const auto& entry : fs::recursive_directory_iterator(dir)) {
    if (entry.path().extension() != ".mlir") continue;
    ++files;
    const std::string text = readText(entry.path().string());
    EXPECT_THAT(text, HasSubstr("cannot pass this file: a program on a process grid")) << entry.path();
    EXPECT_THAT(text, ::testing::Not(HasSubstr("check."))) << entry.path();
  }
  EXPECT_GT(files, 0);
}

TEST(UpstreamFiles, AnAlgorithmWithoutEffectIsNotPrintedAndOneWithEffectNamesTheGap) {
  std::string dir = test::tempDir("upstream-files", "algorithm");
  const std::string cases = std::string(HLOCONF_SOURCE_DIR) + "/cases/dot_general/";
  RunResult golden = runHloconf("golden " + cases + "example-1.mlir " + cases + "edge-algorithm-bf16.mlir --no-cache --format mlir --out " + dir);
  ASSERT_EQ(golden.status, 0) << golden.output;
  // Example 1 multiplies integers: its tf32 algorithm changes nothing and is left out.
  const std::string integer = readText(dir + "/spec/dot_general/example-1.mlir");
  EXPECT_THAT(integer, ::testing::Not(HasSubstr("dot_algorithm")));
  EXPECT_THAT(integer, ::testing::Not(HasSubstr("cannot pass this file")));
  // bf16 rounding of f32 operands does change the result: the algorithm stays, and the file says why the
  // upstream build at 840c41ce cannot read it.
  const std::string bf16 = readText(dir + "/spec/dot_general/edge-algorithm-bf16.mlir");
  EXPECT_THAT(bf16, HasSubstr("dot_algorithm"));
  EXPECT_THAT(bf16, HasSubstr("cannot pass this file: #stablehlo.dot_algorithm is not known"));
  EXPECT_EQ(runHloconf("eval -q " + dir).status, 0);
}

}  // namespace
}  // namespace hloconf
