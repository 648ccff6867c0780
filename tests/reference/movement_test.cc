// Per-op checks of the data-movement kernels (reference/kernels_movement.cc). Each expected value is worked
// out by hand from the spec's formula (see the comment beside it), several are the spec's own examples;
// the error cases check that malformed ops give an error status, not a crash.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "reference/numerics.h"
#include "tests/reference/eval_test_util.h"

namespace hloconf {
namespace {

using test::allBits;
using test::marks;

using test::evalOp;
using test::evalResult;
using test::evaluate;
using V = std::vector<uint64_t>;

uint64_t i32(int32_t v) { return static_cast<uint32_t>(v); }

// `%r = op_line` on constants %a, %b, %c must fail with an error (not "unsupported") naming the op.
void expectError(const std::vector<std::string>& constants, const std::string& op_line, const std::string& type,
                 const std::string& op_name) {
  std::string text = "func.func @main() -> " + type + " {\n";
  const char* names[] = {"%a", "%b", "%c"};
  for (size_t i = 0; i < constants.size(); ++i) text += std::string("  ") + names[i] + " = stablehlo.constant " + constants[i] + "\n";
  text += "  %r = " + op_line + "\n  func.return %r : " + type + "\n}\n";
  test::Evaluation e = evaluate(text);
  EXPECT_FALSE(e.status.ok()) << text;
  EXPECT_NE(e.status.code(), absl::StatusCode::kUnimplemented) << e.status.message();
  EXPECT_NE(std::string(e.status.message()).find(op_name), std::string::npos) << e.status.message();
}

TEST(Movement, BroadcastInDimSpecExampleAndComplex) {
  // Spec example: [[1, 2, 3]] with dims [2, 1] -> result[i][j][k] = operand[0][j].
  ref::RtValue r = evalOp({"dense<[[1, 2, 3]]> : tensor<1x3xi32>"},
                          "stablehlo.broadcast_in_dim %a, dims = [2, 1] : (tensor<1x3xi32>) -> tensor<2x3x2xi32>", "tensor<2x3x2xi32>");
  EXPECT_EQ(allBits(r), (V{1, 1, 2, 2, 3, 3, 1, 1, 2, 2, 3, 3}));
  // Complex elements keep both parts: (1, 2) broadcast to 2 elements.
  ref::RtValue c =
      evalOp({"dense<(1.0, 2.0)> : tensor<complex<f32>>"},
             "stablehlo.broadcast_in_dim %a, dims = [] : (tensor<complex<f32>>) -> tensor<2xcomplex<f32>>", "tensor<2xcomplex<f32>>");
  EXPECT_EQ(allBits(c, 0), (V{0x3F800000, 0x3F800000}));
  EXPECT_EQ(allBits(c, 1), (V{0x40000000, 0x40000000}));
}

TEST(Movement, ConcatenateReshapeTranspose) {
  // Along dimension 1: [[1, 2], [3, 4]] ++ [[5], [6]] = [[1, 2, 5], [3, 4, 6]].
  ref::RtValue cat = evalOp({"dense<[[1, 2], [3, 4]]> : tensor<2x2xi8>", "dense<[[5], [6]]> : tensor<2x1xi8>"},
                            "stablehlo.concatenate %a, %b, dim = 1 : (tensor<2x2xi8>, tensor<2x1xi8>) -> tensor<2x3xi8>", "tensor<2x3xi8>");
  EXPECT_EQ(allBits(cat), (V{1, 2, 5, 3, 4, 6}));
  // Reshape keeps the row-major order.
  ref::RtValue re = evalOp({"dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi16>"},
                           "stablehlo.reshape %a : (tensor<2x3xi16>) -> tensor<3x2xi16>", "tensor<3x2xi16>");
  EXPECT_EQ(allBits(re), (V{1, 2, 3, 4, 5, 6}));
  // Transpose [1, 0]: result[i][j] = operand[j][i].
  ref::RtValue tr = evalOp({"dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi16>"},
                           "stablehlo.transpose %a, dims = [1, 0] : (tensor<2x3xi16>) -> tensor<3x2xi16>", "tensor<3x2xi16>");
  EXPECT_EQ(allBits(tr), (V{1, 4, 2, 5, 3, 6}));
}

TEST(Movement, SliceAndReverse) {
  // Rows 0:2, columns 1:4:2 of a 2x4 tensor: columns 1 and 3.
  ref::RtValue s = evalOp({"dense<[[0, 1, 2, 3], [4, 5, 6, 7]]> : tensor<2x4xi32>"},
                          "stablehlo.slice %a [0:2, 1:4:2] : (tensor<2x4xi32>) -> tensor<2x2xi32>", "tensor<2x2xi32>");
  EXPECT_EQ(allBits(s), (V{1, 3, 5, 7}));
  ref::RtValue r =
      evalOp({"dense<[[0, 1, 2], [3, 4, 5]]> : tensor<2x3xi32>"}, "stablehlo.reverse %a, dims = [1] : tensor<2x3xi32>", "tensor<2x3xi32>");
  EXPECT_EQ(allBits(r), (V{2, 1, 0, 5, 4, 3}));
}

TEST(Movement, DynamicSliceAndUpdateClampTheirStarts) {
  // Spec examples: starts (-1, 3) clamp to (0, 2) for a 2x2 slice of a 4x4 operand.
  const std::string operand = "dense<[[0, 0, 1, 1], [0, 0, 1, 1], [0, 0, 0, 0], [0, 0, 0, 0]]> : tensor<4x4xi32>";
  ref::RtValue s = evalResult(
      "  %a = stablehlo.constant " + operand +
          "\n  %i = stablehlo.constant dense<-1> : tensor<i64>\n"
          "  %j = stablehlo.constant dense<3> : tensor<i64>\n"
          "  %r = stablehlo.dynamic_slice %a, %i, %j, sizes = [2, 2] : (tensor<4x4xi32>, tensor<i64>, tensor<i64>) -> tensor<2x2xi32>",
      "tensor<2x2xi32>");
  EXPECT_EQ(allBits(s), (V{1, 1, 1, 1}));
  ref::RtValue u = evalResult(
      "  %a = stablehlo.constant dense<[[1, 1, 0, 0], [1, 1, 0, 0], [1, 1, 1, 1], [1, 1, 1, 1]]> : tensor<4x4xi32>\n"
      "  %b = stablehlo.constant dense<[[7, 8], [9, 10]]> : tensor<2x2xi32>\n"
      "  %i = stablehlo.constant dense<-1> : tensor<i64>\n  %j = stablehlo.constant dense<3> : tensor<i64>\n"
      "  %r = stablehlo.dynamic_update_slice %a, %b, %i, %j : (tensor<4x4xi32>, tensor<2x2xi32>, tensor<i64>, tensor<i64>) -> "
      "tensor<4x4xi32>",
      "tensor<4x4xi32>");
  EXPECT_EQ(allBits(u), (V{1, 1, 7, 8, 1, 1, 9, 10, 1, 1, 1, 1, 1, 1, 1, 1}));
}

TEST(Movement, PadInteriorAndNegativeEdges) {
  // Spec example: low [0, 1], high [2, 1], interior [1, 2] on [[1, 2, 3], [4, 5, 6]] -> 5x9.
  ref::RtValue p =
      evalOp({"dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>", "dense<0> : tensor<i32>"},
             "stablehlo.pad %a, %b, low = [0, 1], high = [2, 1], interior = [1, 2] : (tensor<2x3xi32>, tensor<i32>) -> tensor<5x9xi32>",
             "tensor<5x9xi32>");
  EXPECT_EQ(allBits(p), (V{0, 1, 0, 0, 2, 0, 0, 3, 0,  //
                           0, 0, 0, 0, 0, 0, 0, 0, 0,  //
                           0, 4, 0, 0, 5, 0, 0, 6, 0,  //
                           0, 0, 0, 0, 0, 0, 0, 0, 0,  //
                           0, 0, 0, 0, 0, 0, 0, 0, 0}));
  // Interior 1 makes [1, 9, 2, 9, 3]; low -2 removes "1, 9", high 1 appends a 9: [2, 9, 3, 9].
  ref::RtValue n = evalOp({"dense<[1, 2, 3]> : tensor<3xi32>", "dense<9> : tensor<i32>"},
                          "stablehlo.pad %a, %b, low = [-2], high = [1], interior = [1] : (tensor<3xi32>, tensor<i32>) -> tensor<4xi32>",
                          "tensor<4xi32>");
  EXPECT_EQ(allBits(n), (V{2, 9, 3, 9}));
  // Extreme attributes whose sum is small: interior 2^62 and high -(2^62 + 1) give
  // 2 + 0 + 2^62 - (2^62 + 1) = 1 element, the first operand element.
  ref::RtValue x = evalOp({"dense<[7, 8]> : tensor<2xi32>", "dense<9> : tensor<i32>"},
                          "stablehlo.pad %a, %b, low = [0], high = [-4611686018427387905], interior = [4611686018427387904] : "
                          "(tensor<2xi32>, tensor<i32>) -> tensor<1xi32>",
                          "tensor<1xi32>");
  EXPECT_EQ(allBits(x), (V{7}));
}

TEST(Movement, GetDimensionSize) {
  ref::RtValue r =
      evalOp({"dense<0> : tensor<2x3xi64>"}, "stablehlo.get_dimension_size %a, dim = 1 : (tensor<2x3xi64>) -> tensor<i32>", "tensor<i32>");
  EXPECT_EQ(allBits(r), (V{3}));
}

TEST(Movement, GatherClampsStartIndices) {
  // Slices of size 2 from [10, 20, 30, 40, 50] at starts 1, 4 and -3: 4 clamps to 5 - 2 = 3, -3 to 0.
  ref::RtValue r = evalOp(
      {"dense<[10, 20, 30, 40, 50]> : tensor<5xi32>", "dense<[[1], [4], [-3]]> : tensor<3x1xi32>"},
      R"("stablehlo.gather"(%a, %b) {dimension_numbers = #stablehlo.gather<offset_dims = [1], start_index_map = [0], index_vector_dim = 1>,
                              slice_sizes = array<i64: 2>} : (tensor<5xi32>, tensor<3x1xi32>) -> tensor<3x2xi32>)",
      "tensor<3x2xi32>");
  EXPECT_EQ(allBits(r), (V{20, 30, 40, 50, 10, 20}));
  // A collapsed dimension and an implicit index vector (index_vector_dim = rank): rows 2 and 0 of a 3x2.
  ref::RtValue rows =
      evalOp({"dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi32>", "dense<[2, 0]> : tensor<2xi64>"},
             R"("stablehlo.gather"(%a, %b) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0],
                 start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 2>}
                 : (tensor<3x2xi32>, tensor<2xi64>) -> tensor<2x2xi32>)",
             "tensor<2x2xi32>");
  EXPECT_EQ(allBits(rows), (V{5, 6, 1, 2}));
}

const char* kScatterAdd = R"( ({
    ^bb0(%x: tensor<i32>, %y: tensor<i32>):
      %s = stablehlo.add %x, %y : tensor<i32>
      stablehlo.return %s : tensor<i32>
  }) )";

TEST(Movement, ScatterAddsDuplicatesAndSkipsOutOfBounds) {
  // Scalar updates 1, 2, 4, 8 at indices 1, 1, 7, -1 of four zeros: 1 + 2 land on element 1, 7 and -1 are
  // out of bounds and skipped.
  ref::RtValue r =
      evalOp({"dense<0> : tensor<4xi32>", "dense<[[1], [1], [7], [-1]]> : tensor<4x1xi32>", "dense<[1, 2, 4, 8]> : tensor<4xi32>"},
             std::string(R"("stablehlo.scatter"(%a, %b, %c))") + kScatterAdd +
                 R"({scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0],
                                 index_vector_dim = 1>} : (tensor<4xi32>, tensor<4x1xi32>, tensor<4xi32>) -> tensor<4xi32>)",
             "tensor<4xi32>");
  EXPECT_EQ(allBits(r), (V{0, 3, 0, 0}));
  // A window of 2 starting at 3 of 4 elements: the spec checks each result_index, so element 3 gets the
  // first update and the second (index 4) is skipped; nothing is clamped.
  ref::RtValue w =
      evalOp({"dense<0> : tensor<4xi32>", "dense<[3]> : tensor<1xi32>", "dense<[[5, 6]]> : tensor<1x2xi32>"},
             std::string(R"("stablehlo.scatter"(%a, %b, %c))") + kScatterAdd +
                 R"({scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], scatter_dims_to_operand_dims = [0],
                                 index_vector_dim = 1>} : (tensor<4xi32>, tensor<1xi32>, tensor<1x2xi32>) -> tensor<4xi32>)",
             "tensor<4xi32>");
  EXPECT_EQ(allBits(w), (V{0, 0, 0, 5}));
}

TEST(Movement, ScatterAppliesUpdatesInRowMajorOrder) {
  // The computation returns the update, so with indices [1, 1] the later update (6) is what remains.
  ref::RtValue r = evalOp({"dense<0> : tensor<3xi32>", "dense<[1, 1]> : tensor<2xi32>", "dense<[5, 6]> : tensor<2xi32>"},
                          R"("stablehlo.scatter"(%a, %b, %c) ({
    ^bb0(%x: tensor<i32>, %y: tensor<i32>):
      stablehlo.return %y : tensor<i32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}
     : (tensor<3xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<3xi32>)",
                          "tensor<3xi32>");
  EXPECT_EQ(allBits(r), (V{0, 6, 0}));
}

TEST(Movement, SortIsStableWithSeveralOperands) {
  // Keys [3, 1, 2, 1] with values [0, 1, 2, 3], compared by key only: the two 1s keep their order.
  const std::string text = R"(func.func @main() -> (tensor<4xi32>, tensor<4xf32>) {
  %k = stablehlo.constant dense<[3, 1, 2, 1]> : tensor<4xi32>
  %v = stablehlo.constant dense<[0.0, 1.0, 2.0, 3.0]> : tensor<4xf32>
  %r:2 = "stablehlo.sort"(%k, %v) ({
    ^bb0(%a: tensor<i32>, %b: tensor<i32>, %c: tensor<f32>, %d: tensor<f32>):
      %p = stablehlo.compare LT, %a, %b : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
  }) {dimension = 0 : i64, is_stable = true} : (tensor<4xi32>, tensor<4xf32>) -> (tensor<4xi32>, tensor<4xf32>)
  func.return %r#0, %r#1 : tensor<4xi32>, tensor<4xf32>
}
)";
  test::Evaluation e = evaluate(text);
  ASSERT_TRUE(e.status.ok()) << e.status.message();
  EXPECT_EQ(allBits(e.results[0]), (V{1, 1, 2, 3}));
  EXPECT_EQ(allBits(e.results[1]), (V{test::f32Bits(1.0f), test::f32Bits(3.0f), test::f32Bits(2.0f), test::f32Bits(0.0f)}));
}

// A comparator that decides on an implementation-defined value marks every element of that slice of
// every result. The comparator compares a * (a / a) with b: for a = 0 the division is by zero (marked),
// so comparisons in the second row (keys 5, 0, 4) with 0 as the first argument are marked while the keys themselves are not; the first
// row (no zero) stays unmarked.
TEST(Movement, SortMarksSlicesOrderedByAMarkedComparison) {
  const std::string text = R"(func.func @main() -> tensor<2x3xi32> {
  %k = stablehlo.constant dense<[[3, 1, 2], [5, 0, 4]]> : tensor<2x3xi32>
  %r = "stablehlo.sort"(%k) ({
    ^bb0(%a: tensor<i32>, %b: tensor<i32>):
      %x = stablehlo.divide %a, %a : tensor<i32>
      %m = stablehlo.multiply %x, %a : tensor<i32>
      %p = stablehlo.compare LT, %m, %b : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
  }) {dimension = 1 : i64, is_stable = true} : (tensor<2x3xi32>) -> tensor<2x3xi32>
  func.return %r : tensor<2x3xi32>
}
)";
  test::Evaluation e = evaluate(text);
  ASSERT_TRUE(e.status.ok()) << e.status.message();
  EXPECT_EQ(allBits(e.results[0]), (V{1, 2, 3, 0, 4, 5}));
  EXPECT_EQ(test::marks(e.results[0]), (std::vector<bool>{false, false, false, true, true, true}));
}

TEST(Movement, SortDescendingAlongTheLastDimension) {
  // dimension = -1 sorts each row; GT gives descending order.
  ref::RtValue r = evalOp({"dense<[[1, 3, 2], [-1, 5, 0]]> : tensor<2x3xi32>"},
                          R"("stablehlo.sort"(%a) ({
    ^bb0(%x: tensor<i32>, %y: tensor<i32>):
      %p = stablehlo.compare GT, %x, %y : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
  }) {dimension = -1 : i64} : (tensor<2x3xi32>) -> tensor<2x3xi32>)",
                          "tensor<2x3xi32>");
  EXPECT_EQ(allBits(r), (V{3, 2, 1, 5, 0, i32(-1)}));
}

TEST(Movement, MarksTravelWithTheirElements) {
  // Element 1 of the argument is implementation-defined; after the transpose it sits at index 2.
  ref::RtValue arg = test::tensorArg({2, 2}, ElementType::kSI32, {1, 2, 3, 4});
  arg.impl_defined = {0, 1, 0, 0};
  const std::string text = R"(func.func @main(%a: tensor<2x2xi32>) -> tensor<2x2xi32> {
  %r = stablehlo.transpose %a, dims = [1, 0] : (tensor<2x2xi32>) -> tensor<2x2xi32>
  func.return %r : tensor<2x2xi32>
}
)";
  test::Evaluation e = evaluate(text, "main", {arg});
  ASSERT_TRUE(e.status.ok()) << e.status.message();
  EXPECT_EQ(allBits(e.results[0]), (V{1, 3, 2, 4}));
  EXPECT_EQ(marks(e.results[0]), (std::vector<bool>{false, false, true, false}));
}

TEST(Movement, MalformedOpsAreErrors) {
  expectError({"dense<0> : tensor<2x3xi32>"}, "stablehlo.transpose %a, dims = [0, 0] : (tensor<2x3xi32>) -> tensor<2x2xi32>",
              "tensor<2x2xi32>", "stablehlo.transpose");
  expectError({"dense<0> : tensor<4xi32>"}, "stablehlo.slice %a [1:5] : (tensor<4xi32>) -> tensor<4xi32>", "tensor<4xi32>",
              "stablehlo.slice");
  expectError({"dense<0> : tensor<4xi32>"}, "stablehlo.slice %a [0:4:0] : (tensor<4xi32>) -> tensor<4xi32>", "tensor<4xi32>",
              "stablehlo.slice");
  expectError({"dense<0> : tensor<2xi32>"}, "stablehlo.broadcast_in_dim %a, dims = [5] : (tensor<2xi32>) -> tensor<3x2xi32>",
              "tensor<3x2xi32>", "stablehlo.broadcast_in_dim");
  expectError({"dense<0> : tensor<2xi32>"}, "stablehlo.broadcast_in_dim %a, dims = [0] : (tensor<2xi32>) -> tensor<3x2xi32>",
              "tensor<3x2xi32>", "stablehlo.broadcast_in_dim");
  expectError({"dense<0> : tensor<2x3xi32>"}, "stablehlo.reshape %a : (tensor<2x3xi32>) -> tensor<5xi32>", "tensor<5xi32>",
              "stablehlo.reshape");
  expectError({"dense<0> : tensor<2xi32>", "dense<0> : tensor<2xi32>"},
              "stablehlo.concatenate %a, %b, dim = 1 : (tensor<2xi32>, tensor<2xi32>) -> tensor<4xi32>", "tensor<4xi32>",
              "stablehlo.concatenate");
  expectError({"dense<0> : tensor<2xi32>", "dense<0> : tensor<i32>"},
              "stablehlo.pad %a, %b, low = [0], high = [0], interior = [-1] : (tensor<2xi32>, tensor<i32>) -> tensor<1xi32>",
              "tensor<1xi32>", "stablehlo.pad");
  expectError({"dense<0> : tensor<2xi32>", "dense<0> : tensor<i32>"},
              "stablehlo.pad %a, %b, low = [9223372036854775807], high = [9223372036854775807], interior = [0] : (tensor<2xi32>, "
              "tensor<i32>) -> tensor<1xi32>",
              "tensor<1xi32>", "stablehlo.pad");
  expectError({"dense<0> : tensor<2xi32>"}, "stablehlo.reverse %a, dims = [1] : tensor<2xi32>", "tensor<2xi32>", "stablehlo.reverse");
  expectError({"dense<0> : tensor<2xi32>"}, "stablehlo.get_dimension_size %a, dim = 1 : (tensor<2xi32>) -> tensor<i32>", "tensor<i32>",
              "stablehlo.get_dimension_size");
  expectError({"dense<0> : tensor<4xi32>"}, "stablehlo.dynamic_slice %a, sizes = [2] : (tensor<4xi32>) -> tensor<2xi32>", "tensor<2xi32>",
              "stablehlo.dynamic_slice");
  // Gather: start_index_map has two entries for an index vector of one.
  expectError(
      {"dense<0> : tensor<5xi32>", "dense<[[1]]> : tensor<1x1xi32>"},
      R"("stablehlo.gather"(%a, %b) {dimension_numbers = #stablehlo.gather<offset_dims = [1], start_index_map = [0, 0],
                  index_vector_dim = 1>,
                  slice_sizes = array<i64: 2>} : (tensor<5xi32>, tensor<1x1xi32>) -> tensor<1x2xi32>)",
      "tensor<1x2xi32>", "stablehlo.gather");
  // Gather: a slice larger than the operand.
  expectError(
      {"dense<0> : tensor<5xi32>", "dense<[[1]]> : tensor<1x1xi32>"},
      R"("stablehlo.gather"(%a, %b) {dimension_numbers = #stablehlo.gather<offset_dims = [1], start_index_map = [0], index_vector_dim = 1>,
                  slice_sizes = array<i64: 6>} : (tensor<5xi32>, tensor<1x1xi32>) -> tensor<1x6xi32>)",
      "tensor<1x6xi32>", "stablehlo.gather");
  // Scatter: update_window_dims out of range for the updates.
  expectError({"dense<0> : tensor<4xi32>", "dense<[1]> : tensor<1xi32>", "dense<[[5, 6]]> : tensor<1x2xi32>"},
              std::string(R"("stablehlo.scatter"(%a, %b, %c))") + kScatterAdd +
                  R"({scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [4], scatter_dims_to_operand_dims = [0],
                     index_vector_dim = 1>} : (tensor<4xi32>, tensor<1xi32>, tensor<1x2xi32>) -> tensor<4xi32>)",
              "tensor<4xi32>", "stablehlo.scatter");
  // Sort: dimension out of range.
  expectError({"dense<0> : tensor<3xi32>"},
              R"("stablehlo.sort"(%a) ({
    ^bb0(%x: tensor<i32>, %y: tensor<i32>):
      %p = stablehlo.compare LT, %x, %y : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
  }) {dimension = 1 : i64} : (tensor<3xi32>) -> tensor<3xi32>)",
              "tensor<3xi32>", "stablehlo.sort");
  // Sort: a comparator that does not return i1.
  expectError({"dense<0> : tensor<3xi32>"},
              R"("stablehlo.sort"(%a) ({
    ^bb0(%x: tensor<i32>, %y: tensor<i32>):
      stablehlo.return %x : tensor<i32>
  }) {dimension = 0 : i64} : (tensor<3xi32>) -> tensor<3xi32>)",
              "tensor<3xi32>", "stablehlo.sort");
}

// --- Quantized operands, promotion and duplicate indices ---------------------------------------------------------

// Storage integers of a (quantized) result, sign-extended.
std::vector<int64_t> storage(const ref::RtValue& v) {
  std::vector<int64_t> out;
  for (int64_t i = 0; i < v.tensor.numElements(); ++i) out.push_back(static_cast<int64_t>(ref::integerValue(v.tensor.elementType(), v.tensor.bits(i))));
  return out;
}

// A scatter of scalar updates %c into the 1-D %a at the indices %b (N x 1), with the one-op
// update computation `op` on tensor<body_t>.
std::string scatterLine(const std::string& op, const std::string& body_t, const std::string& in_type, const std::string& idx_type,
                        const std::string& up_type, const std::string& out_type) {
  return strCat("\"stablehlo.scatter\"(%a, %b, %c) ({\n    ^bb0(%x: tensor<", body_t, ">, %y: tensor<", body_t, ">):\n      %s = ", op,
                " %x, %y : tensor<", body_t, ">\n      stablehlo.return %s : tensor<", body_t,
                ">\n  }) {scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], "
                "index_vector_dim = 1>} : (",
                in_type, ", ", idx_type, ", ", up_type, ") -> ", out_type);
}

constexpr char kQh[] = "!quant.uniform<i8:f32, 0.5:1>";  // dequantize(q) = (q - 1) * 0.5

TEST(MovementQuantized, SortComparesDequantizedKeys) {
  // Keys [5, -3, 7, 1] = [2, -2, 3, 0] sorted with LT (compare dequantizes), the f32 values follow.
  const std::string q = kQh;
  const std::string text = strCat(R"(func.func @main() -> (tensor<4x)", q, R"(>, tensor<4xf32>) {
  %k = stablehlo.constant dense<[5, -3, 7, 1]> : tensor<4x)", q, R"(>
  %v = stablehlo.constant dense<[0.0, 1.0, 2.0, 3.0]> : tensor<4xf32>
  %r:2 = "stablehlo.sort"(%k, %v) ({
    ^bb0(%a: tensor<)", q, R"(>, %b: tensor<)", q, R"(>, %c: tensor<f32>, %d: tensor<f32>):
      %p = stablehlo.compare LT, %a, %b : (tensor<)", q, R"(>, tensor<)", q, R"(>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
  }) {dimension = 0 : i64} : (tensor<4x)", q, R"(>, tensor<4xf32>) -> (tensor<4x)", q, R"(>, tensor<4xf32>)
  func.return %r#0, %r#1 : tensor<4x)", q, R"(>, tensor<4xf32>
}
)");
  test::Evaluation e = evaluate(text);
  ASSERT_TRUE(e.status.ok()) << e.status.message();
  EXPECT_EQ(storage(e.results[0]), (std::vector<int64_t>{-3, 1, 5, 7}));
  EXPECT_EQ(e.results[0].tensor.type().toString(), strCat("tensor<4x", q, ">"));
  EXPECT_EQ(allBits(e.results[1]), (V{test::f32Bits(1.0f), test::f32Bits(3.0f), test::f32Bits(0.0f), test::f32Bits(2.0f)}));
  // A per-axis input is an error (the spec takes per-tensor quantized tensors), not "unsupported".
  const std::string pa = "!quant.uniform<i8:f32:0, {0.5:1, 0.5:1}>";
  expectError({strCat("dense<[5, 3]> : tensor<2x", pa, ">")},
              strCat("\"stablehlo.sort\"(%a) ({\n    ^bb0(%x: tensor<", q, ">, %y: tensor<", q, ">):\n      %p = stablehlo.compare LT, %x, %y : (tensor<", q,
                     ">, tensor<", q, ">) -> tensor<i1>\n      stablehlo.return %p : tensor<i1>\n  }) {dimension = 0 : i64} : (tensor<2x", pa,
                     ">) -> tensor<2x", pa, ">"),
              strCat("tensor<2x", pa, ">"), "stablehlo.sort");
}

TEST(MovementQuantized, ScatterRequantizesAndMarksDuplicates) {
  // Inputs [5, -3, 7] = [2, -2, 3]; updates [2, 4, 6] = [0.5, 1.5, 2.5] at indices 0, 2, 0 with a quantized
  // add. Element 0: 2 + 0.5 = 2.5 (q 6), then 2.5 + 2.5 = 5 (q 11); two updates, and each add requantizes:
  // marked. Element 2: 3 + 1.5 = 4.5 (q 10), one update: not marked. Element 1 is untouched.
  const std::string q = kQh;
  ref::RtValue r = evalOp({strCat("dense<[5, -3, 7]> : tensor<3x", q, ">"), "dense<[[0], [2], [0]]> : tensor<3x1xi64>",
                           strCat("dense<[2, 4, 6]> : tensor<3x", q, ">")},
                          scatterLine("stablehlo.add", q, strCat("tensor<3x", q, ">"), "tensor<3x1xi64>", strCat("tensor<3x", q, ">"),
                                      strCat("tensor<3x", q, ">")),
                          strCat("tensor<3x", q, ">"));
  EXPECT_EQ(storage(r), (std::vector<int64_t>{11, -3, 10}));
  EXPECT_EQ(marks(r), (std::vector<bool>{true, false, false}));
  // A quantized maximum on values that requantize to themselves does not depend on the order: not marked.
  ref::RtValue m = evalOp({strCat("dense<[5, -3, 7]> : tensor<3x", q, ">"), "dense<[[0], [2], [0]]> : tensor<3x1xi64>",
                           strCat("dense<[2, 4, 9]> : tensor<3x", q, ">")},
                          scatterLine("stablehlo.maximum", q, strCat("tensor<3x", q, ">"), "tensor<3x1xi64>", strCat("tensor<3x", q, ">"),
                                      strCat("tensor<3x", q, ">")),
                          strCat("tensor<3x", q, ">"));
  EXPECT_EQ(storage(m), (std::vector<int64_t>{9, -3, 7}));
  EXPECT_EQ(marks(m), (std::vector<bool>{false, false, false}));
}

TEST(MovementQuantized, ScatterPromotesToTheUpdateComputationsType) {
  // i8 inputs and updates with an i32 update computation (C23): the results are i32 (C25), 100 + 100 + 100 =
  // 300 does not wrap. Integer add does not depend on the order: not marked.
  ref::RtValue r = evalOp({"dense<[100, 7]> : tensor<2xi8>", "dense<[[0], [0]]> : tensor<2x1xi64>", "dense<[100, 100]> : tensor<2xi8>"},
                          scatterLine("stablehlo.add", "i32", "tensor<2xi8>", "tensor<2x1xi64>", "tensor<2xi8>", "tensor<2xi32>"), "tensor<2xi32>");
  EXPECT_EQ(allBits(r), (V{300, 7}));
  EXPECT_EQ(marks(r), (std::vector<bool>{false, false}));
  // A narrower body (i32 inputs, i8 computation) is not promotable: an error.
  expectError({"dense<[1, 2]> : tensor<2xi32>", "dense<[[0], [0]]> : tensor<2x1xi64>", "dense<[1, 1]> : tensor<2xi32>"},
              scatterLine("stablehlo.add", "i8", "tensor<2xi32>", "tensor<2x1xi64>", "tensor<2xi32>", "tensor<2xi8>"), "tensor<2xi8>",
              "stablehlo.scatter");
}

TEST(MovementQuantized, ScatterMarksOrderDependentDuplicates) {
  // Updates at indices [1, 1, 2]: element 1 gets two. f32 add is order-dependent in its rounding: marked;
  // i32 add, f32 maximum: not marked; a computation returning the update keeps the later one (5): marked.
  const std::string idx = "dense<[[1], [1], [2]]> : tensor<3x1xi64>";
  ref::RtValue fadd = evalOp({"dense<0.0> : tensor<3xf32>", idx, "dense<[1.0, 2.0, 4.0]> : tensor<3xf32>"},
                             scatterLine("stablehlo.add", "f32", "tensor<3xf32>", "tensor<3x1xi64>", "tensor<3xf32>", "tensor<3xf32>"),
                             "tensor<3xf32>");
  EXPECT_EQ(allBits(fadd), (V{0, test::f32Bits(3.0f), test::f32Bits(4.0f)}));
  EXPECT_EQ(marks(fadd), (std::vector<bool>{false, true, false}));
  ref::RtValue iadd = evalOp({"dense<0> : tensor<3xi32>", idx, "dense<[1, 2, 4]> : tensor<3xi32>"},
                             scatterLine("stablehlo.add", "i32", "tensor<3xi32>", "tensor<3x1xi64>", "tensor<3xi32>", "tensor<3xi32>"),
                             "tensor<3xi32>");
  EXPECT_EQ(allBits(iadd), (V{0, 3, 4}));
  EXPECT_EQ(marks(iadd), (std::vector<bool>{false, false, false}));
  ref::RtValue fmax = evalOp({"dense<0.0> : tensor<3xf32>", idx, "dense<[1.0, 2.0, 4.0]> : tensor<3xf32>"},
                             scatterLine("stablehlo.maximum", "f32", "tensor<3xf32>", "tensor<3x1xi64>", "tensor<3xf32>", "tensor<3xf32>"),
                             "tensor<3xf32>");
  EXPECT_EQ(allBits(fmax), (V{0, test::f32Bits(2.0f), test::f32Bits(4.0f)}));
  EXPECT_EQ(marks(fmax), (std::vector<bool>{false, false, false}));
  ref::RtValue last = evalOp({"dense<0> : tensor<3xi32>", idx, "dense<[6, 5, 4]> : tensor<3xi32>"},
                             R"("stablehlo.scatter"(%a, %b, %c) ({
    ^bb0(%x: tensor<i32>, %y: tensor<i32>):
      stablehlo.return %y : tensor<i32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}
     : (tensor<3xi32>, tensor<3x1xi64>, tensor<3xi32>) -> tensor<3xi32>)",
                             "tensor<3xi32>");
  EXPECT_EQ(allBits(last), (V{0, 5, 4}));
  EXPECT_EQ(marks(last), (std::vector<bool>{false, true, false}));
}

}  // namespace
TEST(MovementBounds, SliceAndReshapeCarryAccumulationBounds) {
  // A float add reduction carries per-element error bounds (docs/accumulation.md); copying its elements
  // must carry them too, or a check downstream could no longer admit another summation order.
  const std::string body =
      "  %a = stablehlo.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>\n"
      "  %z = stablehlo.constant dense<0.0> : tensor<f32>\n"
      "  %s = stablehlo.reduce(%a init: %z) applies stablehlo.add across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>\n"
      "  %t = stablehlo.slice %s [1:2] : (tensor<2xf32>) -> tensor<1xf32>\n"
      "  %r = stablehlo.reshape %t : (tensor<1xf32>) -> tensor<f32>";
  ref::RtValue r = evalResult(body, "tensor<f32>");
  ASSERT_EQ(r.error_bound.size(), 1u);
  EXPECT_GT(r.error_bound[0], 0.0);  // 15 = 4 + 5 + 6 with 3 terms plus the init: a positive bound
}

}  // namespace hloconf
