// The reduction family's generators give valid cases (they parse, lower and evaluate on the reference).
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "generators/gen.h"
#include "generators/program_util.h"
#include "tests/generators/gen_test_util.h"

namespace hloconf::gen {
namespace {

void expectValid(std::string_view op) {
  const std::vector<std::string> problems = testing::generatorProblems(op, 20);
  EXPECT_TRUE(problems.empty()) << problems.size() << " problem(s); the first: " << problems[0];
}

TEST(ReductionGen, Reduce) { expectValid("reduce"); }
TEST(ReductionGen, ReduceWindow) { expectValid("reduce_window"); }
TEST(ReductionGen, SelectAndScatter) { expectValid("select_and_scatter"); }
TEST(ReductionGen, DotGeneral) { expectValid("dot_general"); }
TEST(ReductionGen, Convolution) { expectValid("convolution"); }
TEST(ReductionGen, DynamicConv) { expectValid("dynamic_conv"); }
TEST(ReductionGen, Fft) { expectValid("fft"); }
TEST(ReductionGen, Cholesky) { expectValid("cholesky"); }
TEST(ReductionGen, TriangularSolve) { expectValid("triangular_solve"); }
TEST(ReductionGen, BatchNormInference) { expectValid("batch_norm_inference"); }
TEST(ReductionGen, BatchNormTraining) { expectValid("batch_norm_training"); }
TEST(ReductionGen, BatchNormGrad) { expectValid("batch_norm_grad"); }
TEST(ReductionGen, Map) { expectValid("map"); }
TEST(ReductionGen, ReducePrecision) { expectValid("reduce_precision"); }

}  // namespace
}  // namespace hloconf::gen

namespace hloconf::gen {
namespace {

// Issue 18, item 3: the `normal` strategy draws typical ML data, N(0, s^2) rounded once, s = 1 for
// activations and 1/sqrt(fan-in) for the weights of a product; floats and complex only.
TEST(NormalStrategy, DrawsNormalValuesAtTheGivenScale) {
  for (double scale : {1.0, 0.125}) {
    Rng rng(42);
    ValueHints hints;
    hints.normal_scale = scale;
    const int n = 20000;
    double sum = 0, squares = 0;
    int beyond_3_sigma = 0;
    for (int i = 0; i < n; ++i) {
      const double v = floatToDouble(ElementType::kF64, drawFloat(ElementType::kF64, Strategy::kNormal, rng, hints));
      sum += v, squares += v * v;
      beyond_3_sigma += std::abs(v) > 3 * scale;
    }
    const double mean = sum / n, sd = std::sqrt(squares / n - mean * mean);
    EXPECT_NEAR(mean, 0, 0.03 * scale) << scale;
    EXPECT_NEAR(sd, scale, 0.03 * scale) << scale;
    EXPECT_NEAR(beyond_3_sigma, 0.0027 * n, 25) << scale;  // 0.27% of a normal lies past 3 sigma
  }
  // Rounded once to the format: a bf16 value is the f64 draw rounded to nearest.
  Rng rng(7);
  const uint64_t bits = drawFloat(ElementType::kBF16, Strategy::kNormal, rng);
  EXPECT_LT(std::abs(floatToDouble(ElementType::kBF16, bits)), 10.0);
}

size_t suiteSize(const std::string& suite, uint64_t count) {
  absl::StatusOr<std::vector<CaseKey>> keys = expandSuite("gen:" + suite, 1, count, "", "");
  return keys.ok() ? keys->size() : 0;
}

TEST(NormalStrategy, OnlyFloatAndComplexSuitesOfProductsAndReductions) {
  for (const char* suite : {"dot_general/f32/normal", "convolution/bf16/normal", "reduce/complex<f64>/normal", "reduce_window/f16/normal"})
    EXPECT_EQ(suiteSize(suite, 2), 2u) << suite;
  for (const char* suite : {"dot_general/i32/normal", "add/f32/normal", "sort/f32/normal"})
    EXPECT_EQ(suiteSize(suite, 2), 0u) << suite;
}

}  // namespace
}  // namespace hloconf::gen
