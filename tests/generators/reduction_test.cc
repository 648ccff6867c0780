// The reduction family's generators give valid cases (they parse, lower and evaluate on the reference).
#include <gtest/gtest.h>

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
