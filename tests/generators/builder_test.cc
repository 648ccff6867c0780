// The generators' op builder (generators/builder.h): result types from inferResultTypes, the op's text in
// generic form; and the programs of the generators that moved onto it stay byte for byte what they were
// (case IDs are stable and golden values are cached by program text).
#include "generators/builder.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>

#include "generators/gen.h"

namespace hloconf::gen {
namespace {

TEST(OpBuilder, WritesTheOpWithItsInferredResultTypes) {
  const absl::StatusOr<std::string> text =
      OpBuilder(OpId::kDotGeneral)
          .operand("%a", "tensor<2x3xf32>")
          .operand("%b", "tensor<3x4xf32>")
          .attributes("dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>")
          .text();
  ASSERT_TRUE(text.ok()) << text.status().message();
  EXPECT_EQ(*text,
            "\"stablehlo.dot_general\"(%a, %b) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], "
            "rhs_contracting_dimensions = [0]>} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>");
}

TEST(OpBuilder, ReductionsTakeTheirElementTypesFromTheBody) {
  const absl::StatusOr<std::vector<std::string>> types = OpBuilder(OpId::kReduce)
                                                             .operand("%x", "tensor<2x3xf32>")
                                                             .operand("%i", "tensor<f32>")
                                                             .attributes("dimensions = array<i64: 1>")
                                                             .regions("({ ... })", {{"tensor<f64>", "tensor<f64>"}})
                                                             .resultTypes();
  ASSERT_TRUE(types.ok()) << types.status().message();
  EXPECT_EQ(*types, std::vector<std::string>{"tensor<2xf64>"});
}

TEST(OpBuilder, ReportsWhatTheRuleRejects) {
  const absl::StatusOr<std::string> text =
      OpBuilder(OpId::kTranspose).operand("%x", "tensor<2x3xf32>").attributes("permutation = array<i64: 0, 5>").text();
  EXPECT_FALSE(text.ok());
  EXPECT_THAT(std::string(text.status().message()), ::testing::HasSubstr("transpose (C2)"));
  EXPECT_EQ(OpBuilder(OpId::kReshape).operand("%x", "tensor<2xf32>").text().status().code(), absl::StatusCode::kUnimplemented);
}

// The digest of every program (3 per op, element type and strategy, seed 1) of the generators `ops`, and in
// `cases` how many there are; every one must be built (a skip is a failure).
uint64_t programsDigest(std::initializer_list<const char*> ops, int* cases) {
  uint64_t digest = 1469598103934665603ull;
  for (const char* op : ops) {
    const absl::StatusOr<std::vector<CaseKey>> keys = expandSuite(std::string("gen:") + op, /*seed=*/1, /*count=*/3, "", "");
    EXPECT_TRUE(keys.ok()) << op << ": " << keys.status().message();
    if (!keys.ok()) continue;
    for (const CaseKey& key : *keys) {
      const absl::StatusOr<GeneratedCase> c = generateCase(key);
      EXPECT_TRUE(c.ok()) << key.id() << ": " << c.status().message();
      if (!c.ok()) continue;
      EXPECT_EQ(c->skipped, "") << key.id();
      digest = fnv1a64(std::to_string(digest) + c->text);
      ++*cases;
    }
  }
  return digest;
}

// The generators that moved onto the builder write the programs they wrote before: the digests were taken
// from the generators before each move (equal text, equal digest). Regenerate one only for a deliberate
// change of these programs (their golden values are then computed anew).
TEST(OpBuilder, MovedGeneratorsWriteTheProgramsTheyWroteBefore) {
  int cases = 0;
  const uint64_t first = programsDigest({"dot_general", "convolution", "dynamic_conv", "reduce", "reduce_window", "select_and_scatter", "transpose",
                                         "slice", "pad", "dynamic_pad", "concatenate", "gather", "dynamic_gather"},
                                        &cases);
  EXPECT_GT(cases, 500);
  EXPECT_EQ(first, 17649328354650395467ull) << cases << " cases";  // main at 26176a0, before the first move
  cases = 0;
  const uint64_t second =
      programsDigest({"scatter", "sort", "fft", "batch_norm_inference", "batch_norm_training", "batch_norm_grad", "all_reduce", "all_to_all",
                      "collective_permute", "collective_broadcast", "map", "abs", "real", "imag", "is_finite", "exponential", "complex",
                      "compare", "add", "shift_left", "select", "clamp", "dynamic_slice", "uniform_dequantize"},
                     &cases);
  EXPECT_GT(cases, 300);
  EXPECT_EQ(second, 11034720353326920902ull) << cases << " cases";  // main at 747b0fc, before the second move
}

}  // namespace
}  // namespace hloconf::gen
