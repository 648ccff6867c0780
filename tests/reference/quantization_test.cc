// uniform_quantize, uniform_dequantize, quantized constants and dequantize_op_quantize on elementwise ops,
// against the spec's examples and values worked out by hand in the comments (docs/quantization.md has
// the formulas). f32 facts used below: 0.1f = 0.100000001490116..., 0.2f = 0.200000002980232...
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "ir/status_macros.h"
#include "reference/elementwise.h"
#include "reference/numerics.h"
#include "tests/reference/eval_test_util.h"

namespace hloconf {
namespace {

using test::allBits;
using test::marks;

using test::evalOp;
using test::evalResult;
using test::f32Bits;
using ::testing::ElementsAre;

// Storage integers of a quantized result (sign-extended).
std::vector<int64_t> storage(const ref::RtValue& v) {
  std::vector<int64_t> out;
  if (!v.isTensor()) return out;
  for (int64_t i = 0; i < v.tensor.numElements(); ++i) {
    out.push_back(static_cast<int64_t>(ref::integerValue(v.tensor.elementType(), v.tensor.bits(i))));
  }
  return out;
}

// Parses and runs @main; a parse error is fine here (the program is meant to be rejected somewhere).
absl::Status runStatus(const std::string& text) {
  ASSIGN_OR_RETURN(auto module, parseModule(text, "test.mlir"));
  const Operation* func = module.findFunction("main");
  if (!func) return absl::NotFoundError("no @main");
  ref::Interpreter interp(module, text);
  auto results = interp.callFunction(*func, {});
  return results.status();
}

constexpr char kPerAxis1[] = "tensor<2x!quant.uniform<i8:f32:0, {0.1:-30,0.5:-20}>>";
constexpr char kPerAxis2[] = "tensor<2x!quant.uniform<i8:f32:0, {0.1:-20,0.2:-30}>>";

// Spec example: 4.0 / 0.1f = 39.9999994 rounds to 40.0f, + (-30) = 10; 15.0 / 0.5 = 30, + (-20) = 10.
TEST(UniformQuantize, SpecExampleFloatToQuantized) {
  auto r = evalOp({"dense<[4.0, 15.0]> : tensor<2xf32>"},
                  std::string("stablehlo.uniform_quantize %a : (tensor<2xf32>) -> ") + kPerAxis1, kPerAxis1);
  EXPECT_THAT(storage(r), ElementsAre(10, 10));
  EXPECT_EQ(r.tensor.type().toString(), kPerAxis1);
}

// Spec example: dequantize gives 4.0 and 15.0 (40 * 0.1f = 4.0000000596 rounds to 4.0f); requantize:
// 4.0 / 0.1f -> 40, - 20 = 20; 15.0 / 0.2f = 74.9999989 rounds to 75.0f, - 30 = 45.
TEST(UniformQuantize, SpecExampleRequantization) {
  auto r = evalOp({std::string("dense<[10, 10]> : ") + kPerAxis1},
                  std::string("stablehlo.uniform_quantize %a : (") + kPerAxis1 + ") -> " + kPerAxis2, kPerAxis2);
  EXPECT_THAT(storage(r), ElementsAre(20, 45));
}

TEST(UniformDequantize, SpecExample) {
  auto r = evalOp({std::string("dense<[10, 10]> : ") + kPerAxis1},
                  std::string("stablehlo.uniform_dequantize %a : (") + kPerAxis1 + ") -> tensor<2xf32>", "tensor<2xf32>");
  EXPECT_THAT(allBits(r), ElementsAre(f32Bits(4.0f), f32Bits(15.0f)));
}

// The product is rounded once: (3 - 0) * 0.1f = 0.300000004470348, whose nearest f32 is 0.3f
// (0.300000011920929), not 3 * 0.1 in double then rounded (same here) — and with f16: 0.1 in f16 is
// 0.0999755859375; * 3 = 0.2999267578125 exactly representable? f16 spacing at 0.3 is 2^-12 = 0.000244,
// 0.2999267578125 = 1228.5 * 2^-12: a tie, rounds to even 1228 * 2^-12 = 0.2998046875.
TEST(UniformDequantize, RoundsTheProductOnce) {
  auto r = evalOp({"dense<[3]> : tensor<1x!quant.uniform<i8:f32, 0.1>>"},
                  "stablehlo.uniform_dequantize %a : (tensor<1x!quant.uniform<i8:f32, 0.1>>) -> tensor<1xf32>", "tensor<1xf32>");
  EXPECT_THAT(allBits(r), ElementsAre(f32Bits(0.3f)));
  auto h = evalOp({"dense<[3]> : tensor<1x!quant.uniform<i8:f16, 0.1>>"},
                  "stablehlo.uniform_dequantize %a : (tensor<1x!quant.uniform<i8:f16, 0.1>>) -> tensor<1xf16>", "tensor<1xf16>");
  EXPECT_THAT(allBits(h), ElementsAre(0x34CCu));  // 0.2998046875 = 1.1001100110 * 2^-2
}

// round_nearest_even of the scaled value: 0.5 -> 0, 1.5 -> 2, 2.5 -> 2, -0.5 -> -0, -1.5 -> -2.
TEST(UniformQuantize, RoundsHalfToEven) {
  const std::string q = "tensor<5x!quant.uniform<i8:f32, 1.0>>";
  auto r = evalOp({"dense<[0.5, 1.5, 2.5, -0.5, -1.5]> : tensor<5xf32>"}, "stablehlo.uniform_quantize %a : (tensor<5xf32>) -> " + q, q);
  EXPECT_THAT(storage(r), ElementsAre(0, 2, 2, 0, -2));
}

// Clamping to [storage_min, storage_max] (explicit, then the storage type's range), infinities included.
TEST(UniformQuantize, ClampsToStorageRange) {
  const std::string q = "tensor<4x!quant.uniform<i8<-10:10>:f32, 1.0:2>>";
  auto r = evalOp({"dense<[100.0, -100.0, 7.0, 0x7F800000]> : tensor<4xf32>"}, "stablehlo.uniform_quantize %a : (tensor<4xf32>) -> " + q, q);
  EXPECT_THAT(storage(r), ElementsAre(10, -10, 9, 10));
  const std::string u = "tensor<3x!quant.uniform<u8:f32, 0.5:10>>";
  auto s = evalOp({"dense<[1000.0, -1000.0, 0xFF800000]> : tensor<3xf32>"}, "stablehlo.uniform_quantize %a : (tensor<3xf32>) -> " + u, u);
  EXPECT_THAT(storage(s), ElementsAre(255, 0, 0));
  EXPECT_THAT(marks(s), ElementsAre(false, false, false));
}

// NaN: convert(NaN) to the storage type is implementation-defined: 0 (as convert), marked.
TEST(UniformQuantize, NaNIsMarked) {
  const std::string q = "tensor<2x!quant.uniform<i8:f32, 1.0:3>>";
  auto r = evalOp({"dense<[0x7FC00000, 1.0]> : tensor<2xf32>"}, "stablehlo.uniform_quantize %a : (tensor<2xf32>) -> " + q, q);
  EXPECT_THAT(storage(r), ElementsAre(0, 4));
  EXPECT_THAT(marks(r), ElementsAre(true, false));
}

// i32 storage with f32: convert(storage_max, f32) = 2^31 is above storage_max; the converted value is
// saturated to 2^31 - 1 and marked (the spec's convert of 2^31 to i32 is TBD).
TEST(UniformQuantize, BoundsOutsideTheExpressedTypeAreMarked) {
  const std::string q = "tensor<2x!quant.uniform<i32:f32, 1.0>>";
  auto r = evalOp({"dense<[3.0e9, 5.0]> : tensor<2xf32>"}, "stablehlo.uniform_quantize %a : (tensor<2xf32>) -> " + q, q);
  EXPECT_THAT(storage(r), ElementsAre(2147483647, 5));
  EXPECT_THAT(marks(r), ElementsAre(true, false));
}

// Per-axis on dimension 1 of a 2x2 tensor: column 0 has scale 1 zp 0, column 1 scale 2 zp 1.
// [[1, 4], [3, 8]] -> [[1, 4/2+1], [3, 8/2+1]] = [[1, 3], [3, 5]]; dequantized back exactly.
TEST(UniformQuantize, PerAxis) {
  const std::string q = "tensor<2x2x!quant.uniform<i8:f32:1, {1.0:0, 2.0:1}>>";
  auto r = evalOp({"dense<[[1.0, 4.0], [3.0, 8.0]]> : tensor<2x2xf32>"}, "stablehlo.uniform_quantize %a : (tensor<2x2xf32>) -> " + q, q);
  EXPECT_THAT(storage(r), ElementsAre(1, 3, 3, 5));
  auto d = evalResult("  %a = stablehlo.constant dense<[[1.0, 4.0], [3.0, 8.0]]> : tensor<2x2xf32>\n"
                      "  %q = stablehlo.uniform_quantize %a : (tensor<2x2xf32>) -> " + q + "\n"
                      "  %r = stablehlo.uniform_dequantize %q : (" + q + ") -> tensor<2x2xf32>",
                      "tensor<2x2xf32>");
  EXPECT_THAT(allBits(d), ElementsAre(f32Bits(1), f32Bits(4), f32Bits(3), f32Bits(8)));
}

TEST(QuantizedConstant, KeepsStorageAndType) {
  const std::string q = "tensor<3x!quant.uniform<i8:f32, 0.5:-1>>";
  auto r = evalResult("  %r = stablehlo.constant dense<[-128, 0, 127]> : " + q, q);
  EXPECT_THAT(storage(r), ElementsAre(-128, 0, 127));
  EXPECT_EQ(r.tensor.type().toString(), q);
}

// The upstream interpreter's quantized_add: lhs storage [-20, -10] (0.1:-30) is 1.0, 2.0 (10 * 0.1f =
// 1.0000000149 rounds to 1.0f); rhs [-14, -12] (0.5:-20) is 3.0, 4.0; the sums 4.0, 6.0 quantize to
// 8 - 20 = -12 and 12 - 20 = -8.
TEST(DequantizeOpQuantize, Add) {
  const std::string l = "tensor<2x!quant.uniform<i8:f32, 0.1:-30>>", rt = "tensor<2x!quant.uniform<i8:f32, 0.5:-20>>";
  auto r = evalOp({"dense<[-20, -10]> : " + l, "dense<[-14, -12]> : " + rt},
                  "stablehlo.add %a, %b : (" + l + ", " + rt + ") -> " + rt, rt);
  EXPECT_THAT(storage(r), ElementsAre(-12, -8));
}

// Saturation through an op: 100 * 2 (scale 1) = 200 clamps to 127; multiply of (3-1)*0.25=0.5 and
// (5-1)*0.25 = 1.0 is 0.5, in scale 0.125 zp 0: 4.
TEST(DequantizeOpQuantize, MultiplyAndSaturate) {
  const std::string q = "tensor<1x!quant.uniform<i8:f32, 1.0>>";
  auto r = evalOp({"dense<[100]> : " + q, "dense<[2]> : " + q}, "stablehlo.multiply %a, %b : " + q, q);
  EXPECT_THAT(storage(r), ElementsAre(127));
  const std::string a = "tensor<1x!quant.uniform<i8:f32, 0.25:1>>", o = "tensor<1x!quant.uniform<i8:f32, 0.125>>";
  auto s = evalOp({"dense<[3]> : " + a, "dense<[5]> : " + a}, "stablehlo.multiply %a, %b : (" + a + ", " + a + ") -> " + o, o);
  EXPECT_THAT(storage(s), ElementsAre(4));
}

// Per-axis add (allowed by add's C5-C7): column scales 1 and 0.5, result column scales 2 and 1.
// lhs [[2, 4]] -> [2, 2]; rhs [[6, 8]] -> [6, 4]; sums [8, 6] -> [4, 6].
TEST(DequantizeOpQuantize, PerAxisAdd) {
  const std::string a = "tensor<1x2x!quant.uniform<i8:f32:1, {1.0, 0.5}>>", o = "tensor<1x2x!quant.uniform<i8:f32:1, {2.0, 1.0}>>";
  auto r = evalOp({"dense<[[2, 4]]> : " + a, "dense<[[6, 8]]> : " + a}, "stablehlo.add %a, %b : (" + a + ", " + a + ") -> " + o, o);
  EXPECT_THAT(storage(r), ElementsAre(4, 6));
}

// dequantize_compare: storage 10 at scale 1 equals storage 5 at scale 2 (both 10.0); the storage
// integers differ.
TEST(DequantizeOpQuantize, CompareUsesExpressedValues) {
  const std::string a = "tensor<2x!quant.uniform<i8:f32, 1.0>>", b = "tensor<2x!quant.uniform<i8:f32, 2.0>>";
  auto r = evalOp({"dense<[10, 3]> : " + a, "dense<[5, 1]> : " + b},
                  "stablehlo.compare EQ, %a, %b : (" + a + ", " + b + ") -> tensor<2xi1>", "tensor<2xi1>");
  EXPECT_THAT(allBits(r), ElementsAre(1u, 0u));
}

TEST(DequantizeOpQuantize, OpList) {
  EXPECT_TRUE(ref::usesDequantizeOpQuantize(OpId::kTanh));
  EXPECT_TRUE(ref::usesDequantizeOpQuantize(OpId::kBatchNormGrad));
  EXPECT_TRUE(ref::usesDequantizeOpQuantize(OpId::kCholesky));
  EXPECT_TRUE(ref::usesDequantizeOpQuantize(OpId::kTriangularSolve));
  EXPECT_TRUE(ref::usesDequantizeOpQuantize(OpId::kReducePrecision));
  EXPECT_TRUE(ref::usesDequantizeOpQuantize(OpId::kSelect));
  EXPECT_FALSE(ref::usesDequantizeOpQuantize(OpId::kGather));
  EXPECT_FALSE(ref::usesDequantizeOpQuantize(OpId::kBitcastConvert));
}

// --- Ops the spec defines on quantized types as a whole (dequantize_op_quantize or
// dequantize_batch_norm_grad_or_training_quantize); values worked out by hand: dequantize, the float op, then
// quantize each result into its own type.

// Runs @main with several results; any error fails the test.
std::vector<ref::RtValue> runResults(const std::string& text) {
  test::Evaluation e = test::evaluate(text);
  EXPECT_TRUE(e.status.ok()) << e.status.message() << "\n" << text;
  return e.results;
}

// operand [[2, 4], [6, 8]] * 0.5 = [[1, 2], [3, 4]]; scale [1, 2]; offset [0, 1]; mean [2, 3]; variance
// [1, 4] (epsilon 0, stddev [1, 2]). Feature 0: 1 * (x - 2) / 1 + 0 = -1, 1; feature 1: 2 * (x - 3) / 2 + 1 =
// 0, 2. Result [[-1, 0], [1, 2]] in scale 0.25, zero point 1: [[-3, 1], [5, 9]].
TEST(QuantizedOps, BatchNormInference) {
  const std::string q = "!quant.uniform<i8:f32, 0.5>";
  const std::string r = "tensor<2x2x!quant.uniform<i8:f32, 0.25:1>>";
  auto v = evalResult(strCat("  %x = stablehlo.constant dense<[[2, 4], [6, 8]]> : tensor<2x2x", q, ">\n"
                             "  %s = stablehlo.constant dense<[2, 4]> : tensor<2x", q, ">\n"
                             "  %o = stablehlo.constant dense<[0, 2]> : tensor<2x", q, ">\n"
                             "  %m = stablehlo.constant dense<[4, 6]> : tensor<2x", q, ">\n"
                             "  %v = stablehlo.constant dense<[2, 8]> : tensor<2x", q, ">\n"
                             "  %r = \"stablehlo.batch_norm_inference\"(%x, %s, %o, %m, %v) {epsilon = 0.0 : f32, feature_index = 1 : i64} : "
                             "(tensor<2x2x", q, ">, tensor<2x", q, ">, tensor<2x", q, ">, tensor<2x", q, ">, tensor<2x", q, ">) -> ", r),
                      r);
  EXPECT_THAT(storage(v), ElementsAre(-3, 1, 5, 9));
  EXPECT_EQ(v.tensor.type().toString(), r);
  EXPECT_TRUE(v.error_bound.empty());  // a quantized result has no accumulation bound
}

// operand [[1, 2], [3, 4]] (scale 0.5); scale [1, 2]; offset [0, 1]; epsilon 0. mean [2, 3], variance [1, 1];
// output feature 0: x - 2 = -1, 1; feature 1: 2 (x - 3) + 1 = -1, 3. Each result into its own type:
// output [[-1, -1], [1, 3]] / 0.5 = [[-2, -2], [2, 6]]; mean [2, 3] / 0.25 = [8, 12]; variance [1, 1] / 0.125 - 3
// = [5, 5].
TEST(QuantizedOps, BatchNormTrainingQuantizesEachResultIntoItsType) {
  const std::string q = "!quant.uniform<i8:f32, 0.5>";
  const std::string out = "tensor<2x2x!quant.uniform<i8:f32, 0.5>>", mean = "tensor<2x!quant.uniform<i8:f32, 0.25>>",
                    var = "tensor<2x!quant.uniform<i8:f32, 0.125:-3>>";
  auto results = runResults(strCat(
      "func.func @main() -> (", out, ", ", mean, ", ", var, ") {\n"
      "  %x = stablehlo.constant dense<[[2, 4], [6, 8]]> : tensor<2x2x", q, ">\n"
      "  %s = stablehlo.constant dense<[2, 4]> : tensor<2x", q, ">\n"
      "  %o = stablehlo.constant dense<[0, 2]> : tensor<2x", q, ">\n"
      "  %r:3 = \"stablehlo.batch_norm_training\"(%x, %s, %o) {epsilon = 0.0 : f32, feature_index = 1 : i64} : "
      "(tensor<2x2x", q, ">, tensor<2x", q, ">, tensor<2x", q, ">) -> (", out, ", ", mean, ", ", var, ")\n"
      "  func.return %r#0, %r#1, %r#2 : ", out, ", ", mean, ", ", var, "\n}\n"));
  ASSERT_EQ(results.size(), 3u);
  EXPECT_THAT(storage(results[0]), ElementsAre(-2, -2, 2, 6));
  EXPECT_THAT(storage(results[1]), ElementsAre(8, 12));
  EXPECT_THAT(storage(results[2]), ElementsAre(5, 5));
  EXPECT_EQ(results[2].tensor.type().toString(), var);
}

// x [0, 2], scale 2, mean 0, variance 4 (epsilon 0, stddev 2), grad_output [1, 0.5], N = 2.
// grad_offset = 1.5; i3 = sum g (x - mean) = 1; grad_scale = sum g (x - mean) / 2 = 0.5;
// grad_operand = (2 / 2 / 2) (2 g - 1.5 - (x - mean) * 1 / 4) = 0.5 * [0.5, -1] = [0.25, -0.5].
// Quantized: grad_operand / 0.125 = [2, -4]; grad_scale 0.5 / 0.25 + 1 = 3; grad_offset 1.5 / 0.5 - 2 = 1.
TEST(QuantizedOps, BatchNormGrad) {
  const std::string q = "!quant.uniform<i8:f32, 0.5>";
  const std::string go = "tensor<2x1x!quant.uniform<i8:f32, 0.125>>", gs = "tensor<1x!quant.uniform<i8:f32, 0.25:1>>",
                    gf = "tensor<1x!quant.uniform<i8:f32, 0.5:-2>>";
  auto results = runResults(strCat(
      "func.func @main() -> (", go, ", ", gs, ", ", gf, ") {\n"
      "  %x = stablehlo.constant dense<[[0], [4]]> : tensor<2x1x", q, ">\n"
      "  %s = stablehlo.constant dense<[4]> : tensor<1x", q, ">\n"
      "  %m = stablehlo.constant dense<[0]> : tensor<1x", q, ">\n"
      "  %v = stablehlo.constant dense<[8]> : tensor<1x", q, ">\n"
      "  %g = stablehlo.constant dense<[[2], [1]]> : tensor<2x1x", q, ">\n"
      "  %r:3 = \"stablehlo.batch_norm_grad\"(%x, %s, %m, %v, %g) {epsilon = 0.0 : f32, feature_index = 1 : i64} : "
      "(tensor<2x1x", q, ">, tensor<1x", q, ">, tensor<1x", q, ">, tensor<1x", q, ">, tensor<2x1x", q, ">) -> (", go, ", ",
      gs, ", ", gf, ")\n"
      "  func.return %r#0, %r#1, %r#2 : ", go, ", ", gs, ", ", gf, "\n}\n"));
  ASSERT_EQ(results.size(), 3u);
  EXPECT_THAT(storage(results[0]), ElementsAre(2, -4));
  EXPECT_THAT(storage(results[1]), ElementsAre(3));
  EXPECT_THAT(storage(results[2]), ElementsAre(1));
}

// a = [[8, 4], [4, 6]] * 0.5 = [[4, 2], [2, 3]]: L = [[2, 0], [1, sqrt 2]]. sqrt 2 in f32 is 1.41421354;
// / 0.25 = 5.65685 rounds to 6; 2 / 0.25 = 8, 1 / 0.25 = 4. The upper triangle is implementation-defined (+0,
// marked, quantized to the zero point).
TEST(QuantizedOps, Cholesky) {
  const std::string a = "tensor<2x2x!quant.uniform<i8:f32, 0.5>>", r = "tensor<2x2x!quant.uniform<i8:f32, 0.25>>";
  auto v = evalOp({"dense<[[8, 4], [4, 6]]> : " + a}, strCat("\"stablehlo.cholesky\"(%a) {lower = true} : (", a, ") -> ", r), r);
  const auto s = storage(v);
  ASSERT_EQ(s.size(), 4u);
  EXPECT_EQ(s[0], 8);
  EXPECT_EQ(s[2], 4);
  EXPECT_EQ(s[3], 6);
  EXPECT_THAT(marks(v), ElementsAre(false, true, false, false));
}

// a = [[4, 0], [2, 8]] * 0.5 = [[2, 0], [1, 4]] (lower), b = [[4], [6]] * 0.5 = [[2], [3]]: a x = b gives
// x = [1, (3 - 1) / 4] = [1, 0.5]; in scale 0.25: [4, 2].
TEST(QuantizedOps, TriangularSolve) {
  const std::string a = "tensor<2x2x!quant.uniform<i8:f32, 0.5>>", b = "tensor<2x1x!quant.uniform<i8:f32, 0.5>>",
                    r = "tensor<2x1x!quant.uniform<i8:f32, 0.25>>";
  auto v = evalOp({"dense<[[4, 0], [2, 8]]> : " + a, "dense<[[4], [6]]> : " + b},
                  strCat("\"stablehlo.triangular_solve\"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, "
                         "transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (", a, ", ", b, ") -> ", r),
                  r);
  EXPECT_THAT(storage(v), ElementsAre(4, 2));
}

// [5, 7, -9] * 0.25 = [1.25, 1.75, -2.25]; with one mantissa bit: 1.25 is a tie between 1 and 1.5 (even: 1),
// 1.75 a tie between 1.5 and 2 (even: 2), -2.25 rounds to -2. Quantized back: [4, 8, -8].
TEST(QuantizedOps, ReducePrecision) {
  const std::string q = "tensor<3x!quant.uniform<i8:f32, 0.25>>";
  auto v = evalOp({"dense<[5, 7, -9]> : " + q},
                  strCat("stablehlo.reduce_precision %a, format = e8m1 : ", q), q);
  EXPECT_THAT(storage(v), ElementsAre(4, 8, -8));
}

// Unary math ops reach dequantizeOpQuantize through the interpreter's dispatch: sqrt of [16, 36] * 0.25 =
// [4, 9] is [2, 3], in scale 0.5: [4, 6]; exponential of 0 is 1.
TEST(QuantizedOps, UnaryMathOps) {
  const std::string q = "tensor<2x!quant.uniform<i8:f32, 0.25>>", h = "tensor<2x!quant.uniform<i8:f32, 0.5>>";
  auto v = evalOp({"dense<[16, 36]> : " + q}, strCat("stablehlo.sqrt %a : (", q, ") -> ", h), h);
  EXPECT_THAT(storage(v), ElementsAre(4, 6));
  auto e = evalOp({"dense<[0, 0]> : " + q}, strCat("stablehlo.exponential %a : (", q, ") -> ", h), h);
  EXPECT_THAT(storage(e), ElementsAre(2, 2));
}

// The constraints of the quantized forms: every operand and result per-tensor quantized with one storage
// type, storage range and expressed type. Violations are errors, never crashes.
TEST(QuantizedOps, ConstraintViolationsAreErrors) {
  auto inference = [](const std::string& xt, const std::string& ft, const std::string& rt) {
    return runStatus(strCat("func.func @main() -> ", rt, " {\n"
                            "  %x = stablehlo.constant dense<[[1, 2], [3, 4]]> : ", xt, "\n"
                            "  %f = stablehlo.constant dense<[1, 2]> : ", ft, "\n"
                            "  %r = \"stablehlo.batch_norm_inference\"(%x, %f, %f, %f, %f) {epsilon = 0.0 : f32, feature_index = 1 : i64} : (",
                            xt, ", ", ft, ", ", ft, ", ", ft, ", ", ft, ") -> ", rt, "\n  func.return %r : ", rt, "\n}\n"));
  };
  const std::string x = "tensor<2x2x!quant.uniform<i8:f32, 0.5>>", f = "tensor<2x!quant.uniform<i8:f32, 0.5>>";
  EXPECT_TRUE(inference(x, f, x).ok());
  EXPECT_TRUE(inference(x, "tensor<2x!quant.uniform<i8:f32, 0.25:3>>", "tensor<2x2x!quant.uniform<i8:f32, 2.0:-1>>").ok());
  EXPECT_FALSE(inference(x, "tensor<2xi8>", x).ok());                                       // float/int next to quantized
  EXPECT_FALSE(inference(x, f, "tensor<2x2xf32>").ok());                                    // float result
  EXPECT_FALSE(inference(x, "tensor<2x!quant.uniform<i16:f32, 0.5>>", x).ok());             // storage type
  EXPECT_FALSE(inference(x, "tensor<2x!quant.uniform<i8<-100:100>:f32, 0.5>>", x).ok());    // storage range
  EXPECT_FALSE(inference(x, "tensor<2x!quant.uniform<i8:f16, 0.5>>", x).ok());              // expressed type
  EXPECT_FALSE(inference(x, "tensor<2x!quant.uniform<i8:f32:0, {0.5, 0.25}>>", x).ok());    // per-axis
  EXPECT_FALSE(inference("tensor<2x2x!quant.uniform<i8:f32, 0.0>>", f, x).ok());            // invalid scale
  // reduce_precision and cholesky: a float result for a quantized operand.
  EXPECT_FALSE(runStatus("func.func @main() -> tensor<2xf32> {\n"
                         "  %a = stablehlo.constant dense<[1, 2]> : tensor<2x!quant.uniform<i8:f32, 0.5>>\n"
                         "  %r = stablehlo.reduce_precision %a, format = e5m2 : (tensor<2x!quant.uniform<i8:f32, 0.5>>) -> tensor<2xf32>\n"
                         "  func.return %r : tensor<2xf32>\n}\n").ok());
  EXPECT_FALSE(runStatus("func.func @main() -> tensor<2x2xf32> {\n"
                         "  %a = stablehlo.constant dense<[[4, 0], [0, 4]]> : tensor<2x2x!quant.uniform<i8:f32, 0.5>>\n"
                         "  %r = \"stablehlo.cholesky\"(%a) {lower = true} : (tensor<2x2x!quant.uniform<i8:f32, 0.5>>) -> tensor<2x2xf32>\n"
                         "  func.return %r : tensor<2x2xf32>\n}\n").ok());
}

// Malformed programs are errors (or parse errors), never crashes.
TEST(Quantization, MalformedTypesAreErrors) {
  const std::vector<std::string> bad_results = {
      "tensor<2x!quant.uniform<i8:f32:0, {0.1:-30}>>",          // per-axis size 1 on a dimension of 2
      "tensor<2x!quant.uniform<i8:f32:3, {0.1:-30,0.5:-20}>>",  // dimension out of range
      "tensor<2x!quant.uniform<i8:f32, 0.0:0>>",                // zero scale
      "tensor<2x!quant.uniform<i8:f32, -1.0:0>>",               // negative scale
      "tensor<2x!quant.uniform<i8<-10:10>:f32, 1.0:50>>",       // zero point outside the storage range
      "tensor<2x!quant.uniform<i8<10:-10>:f32, 1.0:0>>",        // min > max
      "tensor<2x!quant.uniform<i8:f16, 1.0:0>>",                // expressed type differs from the operand
      "tensor<2x!quant.uniform<i8:f32, 1.0e300:0>>",            // scale not finite in f32
  };
  for (const std::string& type : bad_results) {
    const std::string text = "func.func @main() -> " + type + " {\n  %a = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>\n"
                             "  %r = stablehlo.uniform_quantize %a : (tensor<2xf32>) -> " + type + "\n  func.return %r : " + type + "\n}\n";
    EXPECT_FALSE(runStatus(text).ok()) << type;
  }
  // Dequantize to the wrong type; quantize from an integer tensor.
  EXPECT_FALSE(runStatus("func.func @main() -> tensor<2xf16> {\n  %a = stablehlo.constant dense<[1, 2]> : tensor<2x!quant.uniform<i8:f32, 1.0>>\n"
                         "  %r = stablehlo.uniform_dequantize %a : (tensor<2x!quant.uniform<i8:f32, 1.0>>) -> tensor<2xf16>\n"
                         "  func.return %r : tensor<2xf16>\n}\n").ok());
  EXPECT_FALSE(runStatus("func.func @main() -> tensor<2x!quant.uniform<i8:f32, 1.0>> {\n  %a = stablehlo.constant dense<[1, 2]> : tensor<2xi32>\n"
                         "  %r = stablehlo.uniform_quantize %a : (tensor<2xi32>) -> tensor<2x!quant.uniform<i8:f32, 1.0>>\n"
                         "  func.return %r : tensor<2x!quant.uniform<i8:f32, 1.0>>\n}\n").ok());
}

// Random quantized types and ops: every program either evaluates or fails with a status.
TEST(Quantization, FuzzedTypesNeverCrash) {
  std::mt19937 rng(4);
  const std::vector<std::string> storage_types = {"i8", "u8", "i4", "i16", "i32", "i2", "u4"};
  const std::vector<std::string> expressed = {"f32", "f16", "bf16", "f64", "f8E4M3FN", "f8E5M2", "f4E2M1FN"};
  const std::vector<std::string> scales = {"1.0", "0.1", "1.0e-30", "1.0e30", "0.0", "-2.0", "3.5", "1.0e-45", "6.0e4"};
  const std::vector<std::string> zps = {"0", "-128", "127", "300", "-5", "1", "15"};
  const std::vector<std::string> ops = {"add", "multiply", "divide", "maximum", "subtract", "negate", "abs", "sign",
                                        "uniform_quantize", "uniform_dequantize", "exponential", "floor"};
  auto pick = [&](const std::vector<std::string>& v) { return v[rng() % v.size()]; };
  auto qtype = [&](const std::string& e, int rank) {
    std::string range = rng() % 3 == 0 ? strCat("<", static_cast<int>(rng() % 20) - 10, ":", static_cast<int>(rng() % 20) - 5, ">") : "";
    std::string params;
    std::string axis;
    if (rank > 0 && rng() % 2 == 0) {
      axis = strCat(":", static_cast<int>(rng() % 3));
      params = strCat("{", pick(scales), ":", pick(zps), ", ", pick(scales), ":", pick(zps), "}");
    } else {
      params = strCat(pick(scales), ":", pick(zps));
    }
    return strCat("tensor<", rank ? "2x" : "", "!quant.uniform<", pick(storage_types), range, ":", e, axis, ", ", params, ">>");
  };
  for (int iteration = 0; iteration < 400; ++iteration) {
    const std::string e = pick(expressed);
    const int rank = rng() % 2;
    const std::string ft = strCat("tensor<", rank ? "2x" : "", e, ">");
    const std::string lit = rank ? "dense<[1.5, -3.0]>" : "dense<0.75>";
    const std::string q1 = qtype(e, rank), q2 = qtype(rng() % 4 ? e : pick(expressed), rank);
    const std::string op = pick(ops);
    std::string body = strCat("  %f = stablehlo.constant ", lit, " : ", ft, "\n  %a = stablehlo.uniform_quantize %f : (", ft, ") -> ", q1, "\n");
    std::string result_type = q2;
    if (op == "uniform_dequantize") {
      result_type = rng() % 2 ? ft : strCat("tensor<", rank ? "2x" : "", pick(expressed), ">");
      strAppend(&body, "  %r = stablehlo.uniform_dequantize %a : (", q1, ") -> ", result_type, "\n");
    } else if (op == "uniform_quantize") {
      strAppend(&body, "  %r = stablehlo.uniform_quantize %a : (", q1, ") -> ", q2, "\n");
    } else if (op == "negate" || op == "abs" || op == "sign" || op == "exponential" || op == "floor") {
      strAppend(&body, "  %r = stablehlo.", op, " %a : (", q1, ") -> ", q2, "\n");
    } else {
      strAppend(&body, "  %r = stablehlo.", op, " %a, %a : (", q1, ", ", q1, ") -> ", q2, "\n");
    }
    const std::string text = strCat("func.func @main() -> ", result_type, " {\n", body, "  func.return %r : ", result_type, "\n}\n");
    (void)runStatus(text);  // must not crash; either outcome is fine
  }
}

// is_finite of a quantized tensor is always true (spec), whatever the storage values.
TEST(QuantizedOps, IsFiniteIsAlwaysTrue) {
  const std::string q = "tensor<3x!quant.uniform<i8:f32, 0.5:2>>";
  ref::RtValue r = evalResult(strCat("  %a = stablehlo.constant dense<[-128, 0, 127]> : ", q, "\n  %r = stablehlo.is_finite %a : (", q,
                                     ") -> tensor<3xi1>"),
                              "tensor<3xi1>");
  EXPECT_EQ(allBits(r), (std::vector<uint64_t>{1, 1, 1}));
}

}  // namespace
}  // namespace hloconf
