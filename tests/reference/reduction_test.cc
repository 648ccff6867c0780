// reduce, reduce_window and select_and_scatter, each against an answer known independently of the
// evaluator: the spec's examples, exact arithmetic done by hand in the comment beside the case, or the
// error-bound formula of docs/accumulation.md evaluated here in host double arithmetic.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
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
using test::f32Bits;
using test::f64Bits;


// A reduce over `dims` of %a from init %b with the one-op body `op` on element type `t`.
std::string reduceLine(const std::string& op, const std::string& t, const std::string& in_type, const std::string& out_type,
                       const std::string& dims) {
  return strCat("\"stablehlo.reduce\"(%a, %b) ({\n  ^bb0(%x: tensor<", t, ">, %y: tensor<", t, ">):\n    %s = ", op, " %x, %y : tensor<", t,
                ">\n    stablehlo.return %s : tensor<", t, ">\n  }) {dimensions = array<i64: ", dims, ">} : (", in_type, ", tensor<", t,
                ">) -> ", out_type);
}

// gamma_k = k u / (1 - k u), u = 2^-p (Higham, Lemma 3.1), in double: exact enough for the comparisons
// below, which allow a relative 1e-12.
double gamma(int k, int p) {
  const double ku = k * std::ldexp(1.0, -p);
  return ku / (1 - ku);
}

// --- reduce: recognised monoids --------------------------------------------------------------------------------

// A body the reference does not recognise is folded left, and also evaluated as the right-nested and a
// balanced tree (the spec allows any binary tree over the leaves in order): where they differ the result
// is marked implementation-defined. subtract over [1, 2, 3] from 0: ((0-1)-2)-3 = -6, 0-(1-(2-3)) = -2:
// marked. An argmax-style variadic body (associative) and a single-element reduce are not marked.
TEST(Reduce, OrderDependentBodiesAreMarked) {
  ref::RtValue sub = evalResult(
      "  %x = stablehlo.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>\n"
      "  %z = stablehlo.constant dense<0.0> : tensor<f32>\n"
      "  %r = stablehlo.reduce(%x init: %z) across dimensions = [0] : (tensor<3xf32>, tensor<f32>) -> tensor<f32>\n"
      "   reducer(%a: tensor<f32>, %b: tensor<f32>) {\n"
      "    %d = stablehlo.subtract %a, %b : tensor<f32>\n"
      "    stablehlo.return %d : tensor<f32>\n"
      "  }",
      "tensor<f32>");
  EXPECT_EQ(allBits(sub), (std::vector<uint64_t>{f32Bits(-6.0f)}));
  EXPECT_EQ(marks(sub), (std::vector<bool>{true}));
  const std::string argmax =
      "  %x = stablehlo.constant dense<[3.0, 7.0, 1.0, 7.0, 2.0]> : tensor<5xf32>\n"
      "  %i = stablehlo.iota dim = 0 : tensor<5xi32>\n"
      "  %z = stablehlo.constant dense<0xFF800000> : tensor<f32>\n"
      "  %zi = stablehlo.constant dense<0> : tensor<i32>\n"
      "  %v, %r = stablehlo.reduce(%x init: %z), (%i init: %zi) across dimensions = [0] : (tensor<5xf32>, tensor<5xi32>, tensor<f32>, tensor<i32>) -> (tensor<f32>, tensor<i32>)\n"
      "   reducer(%a: tensor<f32>, %c: tensor<f32>) (%ai: tensor<i32>, %ci: tensor<i32>) {\n"
      "    %gt = stablehlo.compare GT, %a, %c : (tensor<f32>, tensor<f32>) -> tensor<i1>\n"
      "    %eq = stablehlo.compare EQ, %a, %c : (tensor<f32>, tensor<f32>) -> tensor<i1>\n"
      "    %lt = stablehlo.compare LT, %ai, %ci : (tensor<i32>, tensor<i32>) -> tensor<i1>\n"
      "    %tie = stablehlo.and %eq, %lt : tensor<i1>\n"
      "    %keep = stablehlo.or %gt, %tie : tensor<i1>\n"
      "    %m = stablehlo.select %keep, %a, %c : tensor<i1>, tensor<f32>\n"
      "    %mi = stablehlo.select %keep, %ai, %ci : tensor<i1>, tensor<i32>\n"
      "    stablehlo.return %m, %mi : tensor<f32>, tensor<i32>\n"
      "  }";
  ref::RtValue index = evalResult(argmax, "tensor<i32>");
  EXPECT_EQ(allBits(index), (std::vector<uint64_t>{1}));  // the first 7
  EXPECT_EQ(marks(index), (std::vector<bool>{false}));
}

TEST(Reduce, ExactFloatSumBeatsNaiveOrder) {
  // f32 left to right: 0 + 1e8 = 1e8 (1e8 = 12500000 * 8 is exact), 1e8 + 1 = 1e8 (the ulp there is 8),
  // 1e8 - 1e8 = 0, 0 + 1 = 1. The exact sum is 2, representable: the golden value is 2.
  auto r = evalOp({"dense<[100000000.0, 1.0, -100000000.0, 1.0]> : tensor<4xf32>", "dense<0.0> : tensor<f32>"},
                  reduceLine("stablehlo.add", "f32", "tensor<4xf32>", "tensor<f32>", "0"), "tensor<f32>");
  EXPECT_EQ(allBits(r), (std::vector<uint64_t>{f32Bits(2.0f)}));
  EXPECT_EQ(marks(r), (std::vector<bool>{false}));
  // Bound: 5 terms (the init value included), sum |terms| = 2e8 + 2, no final rounding error.
  ASSERT_EQ(r.error_bound.size(), 1u);
  const double expected = gamma(4, 24) * 200000002.0;
  EXPECT_GE(r.error_bound[0], expected);
  EXPECT_LE(r.error_bound[0], expected * (1 + 1e-12));
  // The naive order's result (1) is within the bound of the golden value (2).
  EXPECT_GE(r.error_bound[0], 1.0);
}

TEST(Reduce, FinalRoundingErrorIsPartOfTheBound) {
  // f32: 1 + 2^-24 + 2^-24 (init 0): exact 1 + 2^-23 = next float after 1, representable; and
  // 1 + 2^-24 alone is a tie that rounds to even (1), with a final rounding error of 2^-24.
  auto tie = evalOp({"dense<[1.0, 5.9604644775390625E-8]> : tensor<2xf32>", "dense<0.0> : tensor<f32>"},
                    reduceLine("stablehlo.add", "f32", "tensor<2xf32>", "tensor<f32>", "0"), "tensor<f32>");
  EXPECT_EQ(allBits(tie), (std::vector<uint64_t>{f32Bits(1.0f)}));
  ASSERT_EQ(tie.error_bound.size(), 1u);
  const double expected = gamma(2, 24) * (1.0 + std::ldexp(1.0, -24)) + std::ldexp(1.0, -24);
  EXPECT_GE(tie.error_bound[0], expected);
  EXPECT_LE(tie.error_bound[0], expected * (1 + 1e-12));

  auto two = evalOp({"dense<[1.0, 5.9604644775390625E-8, 5.9604644775390625E-8]> : tensor<3xf32>", "dense<0.0> : tensor<f32>"},
                    reduceLine("stablehlo.add", "f32", "tensor<3xf32>", "tensor<f32>", "0"), "tensor<f32>");
  EXPECT_EQ(allBits(two), (std::vector<uint64_t>{0x3F800001u}));
}

TEST(Reduce, SumThatMayOverflowHasNoFiniteBound) {
  // f64: 1e308 + 1e-308 - 1e308 = 1e-308 exactly (the golden value), but 1e308 + 1e308 overflows in
  // some order: sum |terms| (1 + gamma) reaches the largest finite value, so the bound is infinite.
  auto r = evalOp({"dense<[1.0E+308, 1.0E-308, -1.0E+308, 1.0E+308, -1.0E+308]> : tensor<5xf64>", "dense<0.0> : tensor<f64>"},
                  reduceLine("stablehlo.add", "f64", "tensor<5xf64>", "tensor<f64>", "0"), "tensor<f64>");
  EXPECT_EQ(allBits(r), (std::vector<uint64_t>{f64Bits(1.0E-308)}));
  ASSERT_EQ(r.error_bound.size(), 1u);
  EXPECT_EQ(r.error_bound[0], std::numeric_limits<double>::infinity());
}

TEST(Reduce, SumsPerRowWithSpecialValues) {
  // Rows: [inf, 1] -> inf (bound 0); [inf, -inf] -> NaN; [-0, -0] from init -0 -> -0; [1, -1] -> +0.
  auto r = evalOp({"dense<[[0x7F800000, 1.0], [0x7F800000, 0xFF800000], [-0.0, -0.0], [1.0, -1.0]]> : tensor<4x2xf32>",
                   "dense<-0.0> : tensor<f32>"},
                  reduceLine("stablehlo.add", "f32", "tensor<4x2xf32>", "tensor<4xf32>", "1"), "tensor<4xf32>");
  ASSERT_EQ(r.tensor.numElements(), 4);
  EXPECT_EQ(r.tensor.bits(0), 0x7F800000u);
  EXPECT_EQ(classifyFloat(ElementType::kF32, r.tensor.bits(1)), FloatClass::kNaN);
  EXPECT_EQ(r.tensor.bits(2), 0x80000000u);
  EXPECT_EQ(r.tensor.bits(3), 0u);
  ASSERT_EQ(r.error_bound.size(), 4u);
  EXPECT_EQ(r.error_bound[0], 0.0);
  EXPECT_EQ(r.error_bound[1], 0.0);
  EXPECT_EQ(r.error_bound[2], 0.0);
  // [-0, 1, -1]: 3 terms, sum |terms| = 2, exact sum 0 (no final rounding error).
  EXPECT_GE(r.error_bound[3], gamma(2, 24) * 2.0);
  EXPECT_LE(r.error_bound[3], gamma(2, 24) * 2.0 * (1 + 1e-12));
}

TEST(Reduce, ComplexSumPerPart) {
  // (1e8 + 1i) + (1 + 0i) + (-1e8 - 1i) + (1 + 2i) = 2 + 2i, exact per part (f32 parts).
  auto r = evalOp({"dense<[(100000000.0, 1.0), (1.0, 0.0), (-100000000.0, -1.0), (1.0, 2.0)]> : tensor<4xcomplex<f32>>",
                   "dense<(0.0, 0.0)> : tensor<complex<f32>>"},
                  reduceLine("stablehlo.add", "complex<f32>", "tensor<4xcomplex<f32>>", "tensor<complex<f32>>", "0"),
                  "tensor<complex<f32>>");
  EXPECT_EQ(allBits(r, 0), (std::vector<uint64_t>{f32Bits(2.0f)}));
  EXPECT_EQ(allBits(r, 1), (std::vector<uint64_t>{f32Bits(2.0f)}));
  ASSERT_EQ(r.error_bound.size(), 1u);
  // The larger of the parts' bounds: the real part's, sum |re| = 2e8 + 2 over 5 terms.
  EXPECT_GE(r.error_bound[0], gamma(4, 24) * 200000002.0);
}

TEST(Reduce, FloatProductIsCorrectlyRoundedWithBound) {
  // 3 * 5 * 7 = 105 (init 1): exact. Bound (gamma_3 + u) * 105.
  auto r = evalOp({"dense<[3.0, 5.0, 7.0]> : tensor<3xf32>", "dense<1.0> : tensor<f32>"},
                  reduceLine("stablehlo.multiply", "f32", "tensor<3xf32>", "tensor<f32>", "0"), "tensor<f32>");
  EXPECT_EQ(allBits(r), (std::vector<uint64_t>{f32Bits(105.0f)}));
  EXPECT_EQ(marks(r), (std::vector<bool>{false}));
  ASSERT_EQ(r.error_bound.size(), 1u);
  const double expected = (gamma(3, 24) + std::ldexp(1.0, -24)) * 105.0;
  EXPECT_GE(r.error_bound[0], expected);
  EXPECT_LE(r.error_bound[0], expected * (1 + 1e-12));
  // bf16 (p = 8): 1.0078125 = 1 + 2^-7; its cube 1 + 3*2^-7 + 3*2^-14 + 2^-21
  // rounds to 1 + 3*2^-7 (the rest is below half an ulp, 2^-8).
  auto b = evalOp({"dense<[1.0078125, 1.0078125, 1.0078125]> : tensor<3xbf16>", "dense<1.0> : tensor<bf16>"},
                  reduceLine("stablehlo.multiply", "bf16", "tensor<3xbf16>", "tensor<bf16>", "0"), "tensor<bf16>");
  EXPECT_EQ(allBits(b), (std::vector<uint64_t>{0x3F83u}));  // 1 + 3/128: 0x3F80 + 3
}

TEST(Reduce, IntegerSumWrapsAndMarksOnlyRealOverflow) {
  // i8: 100 + 100 - 100 = 100 fits (a partial sum overflows, but wrapping is exact modulo 2^8): unmarked.
  auto ok = evalOp({"dense<[100, 100, -100]> : tensor<3xi8>", "dense<0> : tensor<i8>"},
                   reduceLine("stablehlo.add", "i8", "tensor<3xi8>", "tensor<i8>", "0"), "tensor<i8>");
  EXPECT_EQ(allBits(ok), (std::vector<uint64_t>{100}));
  EXPECT_EQ(marks(ok), (std::vector<bool>{false}));
  EXPECT_TRUE(ok.error_bound.empty());
  // 100 + 100 = 200 = -56 (0xC8) wrapped: marked implementation-defined.
  auto wrap = evalOp({"dense<[100, 100]> : tensor<2xi8>", "dense<0> : tensor<i8>"},
                     reduceLine("stablehlo.add", "i8", "tensor<2xi8>", "tensor<i8>", "0"), "tensor<i8>");
  EXPECT_EQ(allBits(wrap), (std::vector<uint64_t>{0xC8}));
  EXPECT_EQ(marks(wrap), (std::vector<bool>{true}));
  // ui8 product 16 * 16 * 0 = 0: no overflow of the exact product, unmarked.
  auto zero = evalOp({"dense<[16, 16, 0]> : tensor<3xui8>", "dense<1> : tensor<ui8>"},
                     reduceLine("stablehlo.multiply", "ui8", "tensor<3xui8>", "tensor<ui8>", "0"), "tensor<ui8>");
  EXPECT_EQ(allBits(zero), (std::vector<uint64_t>{0}));
  EXPECT_EQ(marks(zero), (std::vector<bool>{false}));
}

TEST(Reduce, InitThatIsNotTheIdentityIsMarked) {
  // The spec lets the schedule use the init value an implementation-defined number of times: with
  // add and init 10, [1, 2] gives 13 once (the reference), 23 twice: marked. Max is idempotent: unmarked.
  auto add = evalOp({"dense<[1, 2]> : tensor<2xi32>", "dense<10> : tensor<i32>"},
                    reduceLine("stablehlo.add", "i32", "tensor<2xi32>", "tensor<i32>", "0"), "tensor<i32>");
  EXPECT_EQ(allBits(add), (std::vector<uint64_t>{13}));
  EXPECT_EQ(marks(add), (std::vector<bool>{true}));
  auto max = evalOp({"dense<[1, 2]> : tensor<2xi32>", "dense<10> : tensor<i32>"},
                    reduceLine("stablehlo.maximum", "i32", "tensor<2xi32>", "tensor<i32>", "0"), "tensor<i32>");
  EXPECT_EQ(allBits(max), (std::vector<uint64_t>{10}));
  EXPECT_EQ(marks(max), (std::vector<bool>{false}));
}

TEST(Reduce, MaxPropagatesNaNAndOrdersZeros) {
  auto nan = evalOp({"dense<[1.0, 0x7FC00000, 3.0]> : tensor<3xf32>", "dense<0xFF800000> : tensor<f32>"},
                    reduceLine("stablehlo.maximum", "f32", "tensor<3xf32>", "tensor<f32>", "0"), "tensor<f32>");
  EXPECT_EQ(classifyFloat(ElementType::kF32, allBits(nan)[0]), FloatClass::kNaN);
  EXPECT_TRUE(nan.error_bound.empty());
  // min(+inf, -0, +0) = -0; max(-inf, -0, +0) = +0.
  auto mn = evalOp({"dense<[-0.0, 0.0]> : tensor<2xf32>", "dense<0x7F800000> : tensor<f32>"},
                   reduceLine("stablehlo.minimum", "f32", "tensor<2xf32>", "tensor<f32>", "0"), "tensor<f32>");
  EXPECT_EQ(allBits(mn), (std::vector<uint64_t>{0x80000000u}));
  auto mx = evalOp({"dense<[-0.0, 0.0]> : tensor<2xf32>", "dense<0xFF800000> : tensor<f32>"},
                   reduceLine("stablehlo.maximum", "f32", "tensor<2xf32>", "tensor<f32>", "0"), "tensor<f32>");
  EXPECT_EQ(allBits(mx), (std::vector<uint64_t>{0u}));
}

TEST(Reduce, BooleanAndIntegerBitwise) {
  auto any = evalOp({"dense<[[false, true], [false, false]]> : tensor<2x2xi1>", "dense<false> : tensor<i1>"},
                    reduceLine("stablehlo.or", "i1", "tensor<2x2xi1>", "tensor<2xi1>", "1"), "tensor<2xi1>");
  EXPECT_EQ(allBits(any), (std::vector<uint64_t>{1, 0}));
  auto x = evalOp({"dense<[5, 3, 12]> : tensor<3xui8>", "dense<0> : tensor<ui8>"},
                  reduceLine("stablehlo.xor", "ui8", "tensor<3xui8>", "tensor<ui8>", "0"), "tensor<ui8>");
  EXPECT_EQ(allBits(x), (std::vector<uint64_t>{5 ^ 3 ^ 12}));
}

TEST(Reduce, SpecExampleAndEmptyReduction) {
  auto r = evalOp({"dense<[[0, 1, 2, 3, 4, 5]]> : tensor<1x6xi64>", "dense<0> : tensor<i64>"},
                  reduceLine("stablehlo.add", "i64", "tensor<1x6xi64>", "tensor<1xi64>", "1"), "tensor<1xi64>");
  EXPECT_EQ(allBits(r), (std::vector<uint64_t>{15}));
  // Reducing a size-0 dimension gives the init value.
  auto e = evalOp({"dense<> : tensor<2x0xf32>", "dense<7.0> : tensor<f32>"},
                  reduceLine("stablehlo.maximum", "f32", "tensor<2x0xf32>", "tensor<2xf32>", "1"), "tensor<2xf32>");
  EXPECT_EQ(allBits(e), (std::vector<uint64_t>{f32Bits(7.0f), f32Bits(7.0f)}));
}

// --- reduce: the general path --------------------------------------------------------------------------------

TEST(Reduce, GeneralBodyFoldsLeftFromInitInRowMajorOrder) {
  // body(acc, x) = acc - x from 10 over [1, 2, 3]: ((10 - 1) - 2) - 3 = 4.
  auto r = evalOp({"dense<[1, 2, 3]> : tensor<3xi32>", "dense<10> : tensor<i32>"},
                  reduceLine("stablehlo.subtract", "i32", "tensor<3xi32>", "tensor<i32>", "0"), "tensor<i32>");
  EXPECT_EQ(allBits(r), (std::vector<uint64_t>{4}));
  EXPECT_TRUE(r.error_bound.empty());
  // Two reduced dimensions: row-major over (0, 1) of [[1, 2], [3, 4]]: ((((10-1)-2)-3)-4) = 0.
  auto r2 = evalOp({"dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>", "dense<10> : tensor<i32>"},
                   reduceLine("stablehlo.subtract", "i32", "tensor<2x2xi32>", "tensor<i32>", "1, 0"), "tensor<i32>");
  EXPECT_EQ(allBits(r2), (std::vector<uint64_t>{0}));
}

TEST(Reduce, VariadicArgmax) {
  // (value, index) pairs; the body keeps the larger value, and the smaller index on ties.
  const std::string body = R"(
  %v = stablehlo.constant dense<[3.0, 7.0, 7.0, 2.0]> : tensor<4xf32>
  %i = stablehlo.constant dense<[0, 1, 2, 3]> : tensor<4xi32>
  %v0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %i0 = stablehlo.constant dense<0> : tensor<i32>
  %p:2 = "stablehlo.reduce"(%v, %i, %v0, %i0) ({
    ^bb0(%av: tensor<f32>, %ai: tensor<i32>, %bv: tensor<f32>, %bi: tensor<i32>):
      %gt = stablehlo.compare GT, %av, %bv : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %eq = stablehlo.compare EQ, %av, %bv : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %lt = stablehlo.compare LT, %ai, %bi : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %tie = stablehlo.and %eq, %lt : tensor<i1>
      %keep = stablehlo.or %gt, %tie : tensor<i1>
      %rv = stablehlo.select %keep, %av, %bv : tensor<i1>, tensor<f32>
      %ri = stablehlo.select %keep, %ai, %bi : tensor<i1>, tensor<i32>
      stablehlo.return %rv, %ri : tensor<f32>, tensor<i32>
  }) {dimensions = array<i64: 0>} : (tensor<4xf32>, tensor<4xi32>, tensor<f32>, tensor<i32>) -> (tensor<f32>, tensor<i32>)
  %r = stablehlo.tuple %p#0, %p#1 : tuple<tensor<f32>, tensor<i32>>)";
  auto t = evalResult(body, "tuple<tensor<f32>, tensor<i32>>");
  ASSERT_EQ(t.elements.size(), 2u);
  EXPECT_EQ(allBits(t.elements[0]), (std::vector<uint64_t>{f32Bits(7.0f)}));
  EXPECT_EQ(allBits(t.elements[1]), (std::vector<uint64_t>{1}));
}

// --- reduce_window -----------------------------------------------------------------------------------------------

std::string reduceWindowLine(const std::string& attrs, const std::string& in_type, const std::string& out_type,
                             const std::string& op = "stablehlo.add", const std::string& t = "i64") {
  return strCat("\"stablehlo.reduce_window\"(%a, %b) ({\n  ^bb0(%x: tensor<", t, ">, %y: tensor<", t, ">):\n    %s = ", op, " %x, %y : tensor<",
                t, ">\n    stablehlo.return %s : tensor<", t, ">\n  }) {", attrs, "} : (", in_type, ", tensor<", t, ">) -> ", out_type);
}

TEST(ReduceWindow, SpecExampleWithPaddingAndDilations) {
  // Spec: padded (base dilation 2, padding [2, 1]) rows: [0, 0, 1, 0, 3, 0, 5, 0] per column; windows of 2
  // rows with window dilation 3 at strides 4: rows {0, 3} = 0 + 0... and {4, 7} = 3 + 0 (column 0).
  const std::string attrs =
      "window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 4, 1>, base_dilations = array<i64: 2, 1>, "
      "window_dilations = array<i64: 3, 1>, padding = dense<[[2, 1], [0, 0]]> : tensor<2x2xi64>";
  auto r = evalOp({"dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi64>", "dense<0> : tensor<i64>"},
                  reduceWindowLine(attrs, "tensor<3x2xi64>", "tensor<2x2xi64>"), "tensor<2x2xi64>");
  EXPECT_EQ(allBits(r), (std::vector<uint64_t>{0, 0, 3, 4}));
  // Upstream issue 1662: a window of 3 rows (dilation 3) fits once: rows {0, 3, 6} = 0 + 0 + 5 and 6.
  const std::string attrs3 =
      "window_dimensions = array<i64: 3, 1>, window_strides = array<i64: 4, 1>, base_dilations = array<i64: 2, 1>, "
      "window_dilations = array<i64: 3, 1>, padding = dense<[[2, 1], [0, 0]]> : tensor<2x2xi64>";
  auto r3 = evalOp({"dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi64>", "dense<0> : tensor<i64>"},
                   reduceWindowLine(attrs3, "tensor<3x2xi64>", "tensor<1x2xi64>"), "tensor<1x2xi64>");
  EXPECT_EQ(allBits(r3), (std::vector<uint64_t>{5, 6}));
}

TEST(ReduceWindow, PaddingHoldsTheInitValueAndMaxPools) {
  // max pooling of [1, 5, 2, 4] with window 2, stride 2, padding [1, 1] and init -100:
  // padded [-100, 1, 5, 2, 4, -100] -> windows [-100, 1], [5, 2], [4, -100] -> [1, 5, 4].
  auto r = evalOp({"dense<[1, 5, 2, 4]> : tensor<4xi32>", "dense<-100> : tensor<i32>"},
                  reduceWindowLine("window_dimensions = array<i64: 2>, window_strides = array<i64: 2>, "
                                   "padding = dense<[[1, 1]]> : tensor<1x2xi64>",
                                   "tensor<4xi32>", "tensor<3xi32>", "stablehlo.maximum", "i32"),
                  "tensor<3xi32>");
  EXPECT_EQ(allBits(r), (std::vector<uint64_t>{1, 5, 4}));
}

TEST(ReduceWindow, FloatSumsAreExactWithBounds) {
  // Windows of 2 (stride 1) over f32 [1e8, 1, -1e8, 1]: 100000001 rounds to 1e8 (the ulp there is 8),
  // 1 - 1e8 = -99999999 to -1e8, -1e8 + 1 to -1e8; each with a final rounding error of 1.
  auto r = evalOp({"dense<[100000000.0, 1.0, -100000000.0, 1.0]> : tensor<4xf32>", "dense<0.0> : tensor<f32>"},
                  reduceWindowLine("window_dimensions = array<i64: 2>", "tensor<4xf32>", "tensor<3xf32>", "stablehlo.add", "f32"),
                  "tensor<3xf32>");
  EXPECT_EQ(allBits(r), (std::vector<uint64_t>{f32Bits(1e8f), f32Bits(-1e8f), f32Bits(-1e8f)}));
  ASSERT_EQ(r.error_bound.size(), 3u);
  // 3 terms each (init included); the final rounding error is 1.
  const double expected = gamma(2, 24) * 100000001.0 + 1.0;
  EXPECT_GE(r.error_bound[0], expected);
  EXPECT_LE(r.error_bound[0], expected * (1 + 1e-12));
}

// --- select_and_scatter ---------------------------------------------------------------------------------------

TEST(SelectAndScatter, SpecExample) {
  const std::string body = R"(
  %operand = stablehlo.constant dense<[[1, 5], [2, 5], [3, 6], [4, 4]]> : tensor<4x2xi64>
  %source = stablehlo.constant dense<[[5, 6], [7, 8]]> : tensor<2x2xi64>
  %init = stablehlo.constant dense<0> : tensor<i64>
  %r = "stablehlo.select_and_scatter"(%operand, %source, %init) ({
    ^bb0(%x: tensor<i64>, %y: tensor<i64>):
      %0 = stablehlo.compare GE, %x, %y : (tensor<i64>, tensor<i64>) -> tensor<i1>
      stablehlo.return %0 : tensor<i1>
  }, {
    ^bb0(%x: tensor<i64>, %y: tensor<i64>):
      %0 = stablehlo.add %x, %y : tensor<i64>
      stablehlo.return %0 : tensor<i64>
  }) {
    window_dimensions = array<i64: 3, 1>,
    window_strides = array<i64: 2, 1>,
    padding = dense<[[0, 1], [0, 0]]> : tensor<2x2xi64>
  } : (tensor<4x2xi64>, tensor<2x2xi64>, tensor<i64>) -> tensor<4x2xi64>)";
  auto r = evalResult(body, "tensor<4x2xi64>");
  EXPECT_EQ(allBits(r), (std::vector<uint64_t>{0, 0, 0, 0, 5, 14, 7, 0}));
}

TEST(SelectAndScatter, GeneralScatterFoldsSourcesInOrder) {
  // Both windows of [2, 9, 1] (window 2, stride 1) select 9 (index 1); scatter(acc, s) = acc * 10 + s
  // from 0 over the sources [1, 2] in order: (0 * 10 + 1) * 10 + 2 = 12.
  const std::string body = R"(
  %operand = stablehlo.constant dense<[2, 9, 1]> : tensor<3xi32>
  %source = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  %init = stablehlo.constant dense<0> : tensor<i32>
  %r = "stablehlo.select_and_scatter"(%operand, %source, %init) ({
    ^bb0(%x: tensor<i32>, %y: tensor<i32>):
      %0 = stablehlo.compare GE, %x, %y : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %0 : tensor<i1>
  }, {
    ^bb0(%x: tensor<i32>, %y: tensor<i32>):
      %ten = stablehlo.constant dense<10> : tensor<i32>
      %m = stablehlo.multiply %x, %ten : tensor<i32>
      %0 = stablehlo.add %m, %y : tensor<i32>
      stablehlo.return %0 : tensor<i32>
  }) {window_dimensions = array<i64: 2>, window_strides = array<i64: 1>} : (tensor<3xi32>, tensor<2xi32>, tensor<i32>) -> tensor<3xi32>)";
  auto r = evalResult(body, "tensor<3xi32>");
  EXPECT_EQ(allBits(r), (std::vector<uint64_t>{0, 12, 0}));
}

// --- Malformed programs: errors, never crashes ---------------------------------------------------------------------

absl::Status evalStatus(const std::string& body, const std::string& type) {
  const std::string text = strCat("func.func @main() -> ", type, " {\n", body, "\n  func.return %r : ", type, "\n}\n");
  return test::evaluate(text).status;
}

TEST(ReductionErrors, MalformedReduce) {
  const std::string consts = "  %a = stablehlo.constant dense<[1, 2]> : tensor<2xi32>\n  %b = stablehlo.constant dense<0> : tensor<i32>\n";
  // Dimension out of range, repeated, result type wrong.
  EXPECT_FALSE(evalStatus(consts + "  %r = " + reduceLine("stablehlo.add", "i32", "tensor<2xi32>", "tensor<i32>", "1"), "tensor<i32>").ok());
  EXPECT_FALSE(evalStatus(consts + "  %r = " + reduceLine("stablehlo.add", "i32", "tensor<2xi32>", "tensor<i32>", "0, 0"), "tensor<i32>").ok());
  EXPECT_FALSE(evalStatus(consts + "  %r = " + reduceLine("stablehlo.add", "i32", "tensor<2xi32>", "tensor<2xi32>", "0"), "tensor<2xi32>").ok());
  // A body of the wrong arity; a body returning the wrong type; an init that is not a scalar.
  EXPECT_FALSE(evalStatus(consts + R"(  %r = "stablehlo.reduce"(%a, %b) ({
    ^bb0(%x: tensor<i32>):
      stablehlo.return %x : tensor<i32>
  }) {dimensions = array<i64: 0>} : (tensor<2xi32>, tensor<i32>) -> tensor<i32>)",
                          "tensor<i32>")
                   .ok());
  EXPECT_FALSE(evalStatus(consts + R"(  %r = "stablehlo.reduce"(%a, %b) ({
    ^bb0(%x: tensor<i32>, %y: tensor<i32>):
      %c = stablehlo.constant dense<1.0> : tensor<f32>
      stablehlo.return %c : tensor<f32>
  }) {dimensions = array<i64: 0>} : (tensor<2xi32>, tensor<i32>) -> tensor<i32>)",
                          "tensor<i32>")
                   .ok());
  EXPECT_FALSE(evalStatus("  %a = stablehlo.constant dense<[1, 2]> : tensor<2xi32>\n  %b = stablehlo.constant dense<[0]> : tensor<1xi32>\n"
                          "  %r = \"stablehlo.reduce\"(%a, %b) ({\n  ^bb0(%x: tensor<i32>, %y: tensor<i32>):\n"
                          "    %s = stablehlo.add %x, %y : tensor<i32>\n    stablehlo.return %s : tensor<i32>\n"
                          "  }) {dimensions = array<i64: 0>} : (tensor<2xi32>, tensor<1xi32>) -> tensor<i32>",
                          "tensor<i32>")
                   .ok());
  // No dimensions attribute; an odd operand count.
  EXPECT_FALSE(evalStatus(consts + R"(  %r = "stablehlo.reduce"(%a, %b) ({
    ^bb0(%x: tensor<i32>, %y: tensor<i32>):
      %s = stablehlo.add %x, %y : tensor<i32>
      stablehlo.return %s : tensor<i32>
  }) : (tensor<2xi32>, tensor<i32>) -> tensor<i32>)",
                          "tensor<i32>")
                   .ok());
  EXPECT_FALSE(evalStatus(consts + R"(  %r = "stablehlo.reduce"(%a) ({
    ^bb0(%x: tensor<i32>, %y: tensor<i32>):
      %s = stablehlo.add %x, %y : tensor<i32>
      stablehlo.return %s : tensor<i32>
  }) {dimensions = array<i64: 0>} : (tensor<2xi32>) -> tensor<i32>)",
                          "tensor<i32>")
                   .ok());
}

TEST(ReductionErrors, MalformedWindows) {
  const std::string consts = "  %a = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi64>\n  %b = stablehlo.constant dense<0> : tensor<i64>\n";
  auto bad = [&](const std::string& attrs, const std::string& out = "tensor<2xi64>") {
    return !evalStatus(consts + "  %r = " + reduceWindowLine(attrs, "tensor<3xi64>", out), out).ok();
  };
  EXPECT_TRUE(bad("window_dimensions = array<i64: 2, 1>"));                                  // wrong size
  EXPECT_TRUE(bad("window_dimensions = array<i64: 0>", "tensor<4xi64>"));                    // zero window
  EXPECT_TRUE(bad("window_dimensions = array<i64: 2>, window_strides = array<i64: 0>"));     // zero stride
  EXPECT_TRUE(bad("window_dimensions = array<i64: 2>, base_dilations = array<i64: -1>"));    // negative dilation
  EXPECT_TRUE(bad("window_dimensions = array<i64: 2>, padding = dense<[1, 1]> : tensor<2xi64>"));  // padding shape
  EXPECT_TRUE(bad("window_dimensions = array<i64: 2>, padding = dense<[[-9, 0]]> : tensor<1x2xi64>"));  // negative size
  EXPECT_TRUE(bad("window_dimensions = array<i64: 2>", "tensor<3xi64>"));                    // result shape
  EXPECT_TRUE(bad("window_dimensions = array<i64: 4611686018427387904>"));                    // huge window
  EXPECT_TRUE(bad("window_strides = array<i64: 1>"));                                        // no window_dimensions
  // select_and_scatter whose source does not match the windows.
  EXPECT_FALSE(evalStatus(R"(
  %operand = stablehlo.constant dense<[2, 9, 1]> : tensor<3xi32>
  %source = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi32>
  %init = stablehlo.constant dense<0> : tensor<i32>
  %r = "stablehlo.select_and_scatter"(%operand, %source, %init) ({
    ^bb0(%x: tensor<i32>, %y: tensor<i32>):
      %0 = stablehlo.compare GE, %x, %y : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %0 : tensor<i1>
  }, {
    ^bb0(%x: tensor<i32>, %y: tensor<i32>):
      %0 = stablehlo.add %x, %y : tensor<i32>
      stablehlo.return %0 : tensor<i32>
  }) {window_dimensions = array<i64: 2>} : (tensor<3xi32>, tensor<3xi32>, tensor<i32>) -> tensor<3xi32>)",
                          "tensor<3xi32>")
                   .ok());
  // select returning a non-boolean.
  EXPECT_FALSE(evalStatus(R"(
  %operand = stablehlo.constant dense<[2, 9, 1]> : tensor<3xi32>
  %source = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  %init = stablehlo.constant dense<0> : tensor<i32>
  %r = "stablehlo.select_and_scatter"(%operand, %source, %init) ({
    ^bb0(%x: tensor<i32>, %y: tensor<i32>):
      stablehlo.return %x : tensor<i32>
  }, {
    ^bb0(%x: tensor<i32>, %y: tensor<i32>):
      %0 = stablehlo.add %x, %y : tensor<i32>
      stablehlo.return %0 : tensor<i32>
  }) {window_dimensions = array<i64: 2>} : (tensor<3xi32>, tensor<2xi32>, tensor<i32>) -> tensor<3xi32>)",
                          "tensor<3xi32>")
                   .ok());
}

// --- Quantized operands -------------------------------------------------------------------------------------------
//
// The body runs on quantized scalars: each add is the spec's dequantize_op_quantize, so every step
// requantizes (docs/accumulation.md, "Quantized operands"). Values below: dequantize(q) = (q - zp) * scale,
// quantize(x) = clamp(round_nearest_even(x / scale + zp), storage_min, storage_max); every scale and value
// here is exact in f32.

// Storage integers of a (quantized) result, sign-extended.
std::vector<int64_t> storage(const ref::RtValue& v) {
  std::vector<int64_t> out;
  for (int64_t i = 0; i < v.tensor.numElements(); ++i) out.push_back(static_cast<int64_t>(ref::integerValue(v.tensor.elementType(), v.tensor.bits(i))));
  return out;
}

// A reduce of %a from init %b over `dims` whose body applies `op` on tensor<body_t>; the init has
// type tensor<init_t>.
std::string reduceLine2(const std::string& op, const std::string& body_t, const std::string& in_type, const std::string& init_t,
                        const std::string& out_type, const std::string& dims) {
  return strCat("\"stablehlo.reduce\"(%a, %b) ({\n  ^bb0(%x: tensor<", body_t, ">, %y: tensor<", body_t, ">):\n    %s = ", op, " %x, %y : tensor<",
                body_t, ">\n    stablehlo.return %s : tensor<", body_t, ">\n  }) {dimensions = array<i64: ", dims, ">} : (", in_type, ", tensor<",
                init_t, ">) -> ", out_type);
}

constexpr char kQ1[] = "!quant.uniform<i8:f32, 1.0>";     // scale 1, zero point 0
constexpr char kQh[] = "!quant.uniform<i8:f32, 0.5:1>";   // scale 0.5, zero point 1

TEST(QuantizedReduce, AddRequantizesAtEachStep) {
  // Scale 1, zero point 0, i8: 0 + 100 = 100; 100 + 100 = 200 clamps to 127; 127 + (-100) = 27. The exact
  // sum (100) is not what the fold gives: every add is dequantize-add-quantize. Three terms: marked.
  auto r = evalOp({strCat("dense<[100, 100, -100]> : tensor<3x", kQ1, ">"), strCat("dense<0> : tensor<", kQ1, ">")},
                  reduceLine("stablehlo.add", kQ1, strCat("tensor<3x", kQ1, ">"), strCat("tensor<", kQ1, ">"), "0"), strCat("tensor<", kQ1, ">"));
  EXPECT_EQ(storage(r), (std::vector<int64_t>{27}));
  EXPECT_EQ(marks(r), (std::vector<bool>{true}));
  EXPECT_TRUE(r.error_bound.empty());
  EXPECT_EQ(r.tensor.type().toString(), strCat("tensor<", kQ1, ">"));

  // Scale 0.5, zero point 1: [5, -3, 7, 2] dequantize to [2, -2, 3, 0.5], the init 1 to 0. Fold: 0 + 2 = 2
  // (q 5), 2 - 2 = 0 (q 1), 0 + 3 = 3 (q 7), 3 + 0.5 = 3.5 (q 8). Rows of one term each, from the identity
  // init: requantizing a value gives it back, so those are not marked.
  auto s = evalOp({strCat("dense<[[5, -3, 7, 2]]> : tensor<1x4x", kQh, ">"), strCat("dense<1> : tensor<", kQh, ">")},
                  reduceLine("stablehlo.add", kQh, strCat("tensor<1x4x", kQh, ">"), strCat("tensor<4x", kQh, ">"), "0"),
                  strCat("tensor<4x", kQh, ">"));
  EXPECT_EQ(storage(s), (std::vector<int64_t>{5, -3, 7, 2}));
  EXPECT_EQ(marks(s), (std::vector<bool>{false, false, false, false}));
  auto t = evalOp({strCat("dense<[5, -3, 7, 2]> : tensor<4x", kQh, ">"), strCat("dense<1> : tensor<", kQh, ">")},
                  reduceLine("stablehlo.add", kQh, strCat("tensor<4x", kQh, ">"), strCat("tensor<", kQh, ">"), "0"), strCat("tensor<", kQh, ">"));
  EXPECT_EQ(storage(t), (std::vector<int64_t>{8}));
  EXPECT_EQ(marks(t), (std::vector<bool>{true}));
}

TEST(QuantizedReduce, InitThatIsNotZeroIsMarkedForAdd) {
  // One term 5 (2.0) and init 3 (1.0): 1 + 2 = 3 (q 7). A schedule without the init gives 5: marked.
  auto r = evalOp({strCat("dense<[5]> : tensor<1x", kQh, ">"), strCat("dense<3> : tensor<", kQh, ">")},
                  reduceLine("stablehlo.add", kQh, strCat("tensor<1x", kQh, ">"), strCat("tensor<", kQh, ">"), "0"), strCat("tensor<", kQh, ">"));
  EXPECT_EQ(storage(r), (std::vector<int64_t>{7}));
  EXPECT_EQ(marks(r), (std::vector<bool>{true}));
}

TEST(QuantizedReduce, MaxAndMinAreNotMarked) {
  // max of [2, -2, 3, 0.5] and the init -64.5 (q -128) is 3 (q 7); min from the init 63 (q 127) is -2 (q -3).
  // Every i8 value requantizes to itself with f32, so any schedule gives the same: not marked.
  const std::string in = strCat("dense<[5, -3, 7, 2]> : tensor<4x", kQh, ">");
  auto mx = evalOp({in, strCat("dense<-128> : tensor<", kQh, ">")},
                   reduceLine("stablehlo.maximum", kQh, strCat("tensor<4x", kQh, ">"), strCat("tensor<", kQh, ">"), "0"), strCat("tensor<", kQh, ">"));
  EXPECT_EQ(storage(mx), (std::vector<int64_t>{7}));
  EXPECT_EQ(marks(mx), (std::vector<bool>{false}));
  auto mn = evalOp({in, strCat("dense<127> : tensor<", kQh, ">")},
                   reduceLine("stablehlo.minimum", kQh, strCat("tensor<4x", kQh, ">"), strCat("tensor<", kQh, ">"), "0"), strCat("tensor<", kQh, ">"));
  EXPECT_EQ(storage(mn), (std::vector<int64_t>{-3}));
  EXPECT_EQ(marks(mn), (std::vector<bool>{false}));
}

TEST(QuantizedReduce, PromotesToTheBodysQuantizedType) {
  // is_promotable compares the storage types only: i8 (scale 0.5) to i16 (scale 1.0), one expressed type.
  // to_destination_type requantizes: 3 (1.5) -> round_nearest_even(1.5) = 2, twice; the init 0 -> 0. Fold:
  // 0 + 2 + 2 = 4, an i16 value. Two terms: marked.
  const std::string body_t = "!quant.uniform<i16:f32, 1.0>";
  auto r = evalOp({"dense<[3, 3]> : tensor<2x!quant.uniform<i8:f32, 0.5>>", "dense<0> : tensor<!quant.uniform<i8:f32, 0.5>>"},
                  reduceLine2("stablehlo.add", body_t, "tensor<2x!quant.uniform<i8:f32, 0.5>>", "!quant.uniform<i8:f32, 0.5>",
                              strCat("tensor<", body_t, ">"), "0"),
                  strCat("tensor<", body_t, ">"));
  EXPECT_EQ(storage(r), (std::vector<int64_t>{4}));
  EXPECT_EQ(r.tensor.elementType(), ElementType::kSI16);
  EXPECT_EQ(marks(r), (std::vector<bool>{true}));
}

TEST(QuantizedReduceWindow, AddAndMaxOverWindows) {
  // Windows of 2 (stride 1) over [5, -3, 7, 2] = [2, -2, 3, 0.5], init 1 (0.0):
  // add: 2 - 2 = 0 (q 1), -2 + 3 = 1 (q 3), 3 + 0.5 = 3.5 (q 8), each of two terms: marked.
  // max: 2 (q 5), 3 (q 7), 3 (q 7): not marked.
  const std::string in = strCat("dense<[5, -3, 7, 2]> : tensor<4x", kQh, ">");
  const std::string init = strCat("dense<1> : tensor<", kQh, ">");
  auto add = evalOp({in, init},
                    reduceWindowLine("window_dimensions = array<i64: 2>", strCat("tensor<4x", kQh, ">"), strCat("tensor<3x", kQh, ">"),
                                     "stablehlo.add", kQh),
                    strCat("tensor<3x", kQh, ">"));
  EXPECT_EQ(storage(add), (std::vector<int64_t>{1, 3, 8}));
  EXPECT_EQ(marks(add), (std::vector<bool>{true, true, true}));
  auto mx = evalOp({in, init},
                   reduceWindowLine("window_dimensions = array<i64: 2>", strCat("tensor<4x", kQh, ">"), strCat("tensor<3x", kQh, ">"),
                                    "stablehlo.maximum", kQh),
                   strCat("tensor<3x", kQh, ">"));
  EXPECT_EQ(storage(mx), (std::vector<int64_t>{5, 7, 7}));
  EXPECT_EQ(marks(mx), (std::vector<bool>{false, false, false}));
}

TEST(QuantizedSelectAndScatter, SelectsOnDequantizedValuesAndScattersQuantized) {
  // Operand [1, 5, 3, 7, 0] (scale 0.5, zero point 1), windows of 3, stride 1, select GE: [1, 5, 3] picks
  // index 1, [5, 3, 7] and [3, 7, 0] pick index 3. Sources [3, 5, 7] = [1, 2, 3] add from the init 1 (0.0):
  // index 1: 0 + 1 = 1 (q 3), one term; index 3: 0 + 2 + 3 = 5 (q 11), two terms: marked.
  const std::string q = kQh;
  const std::string body = strCat(R"(
  %operand = stablehlo.constant dense<[1, 5, 3, 7, 0]> : tensor<5x)", q, R"(>
  %source = stablehlo.constant dense<[3, 5, 7]> : tensor<3x)", q, R"(>
  %init = stablehlo.constant dense<1> : tensor<)", q, R"(>
  %r = "stablehlo.select_and_scatter"(%operand, %source, %init) ({
    ^bb0(%x: tensor<)", q, R"(>, %y: tensor<)", q, R"(>):
      %0 = stablehlo.compare GE, %x, %y : (tensor<)", q, R"(>, tensor<)", q, R"(>) -> tensor<i1>
      stablehlo.return %0 : tensor<i1>
  }, {
    ^bb0(%x: tensor<)", q, R"(>, %y: tensor<)", q, R"(>):
      %0 = stablehlo.add %x, %y : tensor<)", q, R"(>
      stablehlo.return %0 : tensor<)", q, R"(>
  }) {window_dimensions = array<i64: 3>, window_strides = array<i64: 1>}
     : (tensor<5x)", q, R"(>, tensor<3x)", q, R"(>, tensor<)", q, R"(>) -> tensor<5x)", q, ">");
  auto r = evalResult(body, strCat("tensor<5x", q, ">"));
  EXPECT_EQ(storage(r), (std::vector<int64_t>{1, 3, 1, 11, 1}));
  EXPECT_EQ(marks(r), (std::vector<bool>{false, false, false, true, false}));
}

TEST(QuantizedReduce, MalformedQuantizedReductionsAreErrors) {
  // A per-axis input (the spec takes per-tensor quantized tensors), and a body of another expressed type
  // (not promotable): errors, not "unsupported".
  const std::string per_axis = "!quant.uniform<i8:f32:0, {0.5:1, 0.5:1}>";
  absl::Status s = evalStatus(strCat("  %a = stablehlo.constant dense<[5, 3]> : tensor<2x", per_axis, ">\n  %b = stablehlo.constant dense<1> : tensor<",
                                     kQh, ">\n  %r = ",
                                     reduceLine2("stablehlo.add", kQh, strCat("tensor<2x", per_axis, ">"), kQh, strCat("tensor<", kQh, ">"), "0")),
                              strCat("tensor<", kQh, ">"));
  EXPECT_FALSE(s.ok());
  EXPECT_NE(s.code(), absl::StatusCode::kUnimplemented) << s.message();
  const std::string f16_body = "!quant.uniform<i16:f16, 0.5:1>";
  s = evalStatus(strCat("  %a = stablehlo.constant dense<[5, 3]> : tensor<2x", kQh, ">\n  %b = stablehlo.constant dense<1> : tensor<", kQh,
                        ">\n  %r = ", reduceLine2("stablehlo.add", f16_body, strCat("tensor<2x", kQh, ">"), kQh, strCat("tensor<", f16_body, ">"), "0")),
                 strCat("tensor<", f16_body, ">"));
  EXPECT_FALSE(s.ok());
  EXPECT_NE(s.code(), absl::StatusCode::kUnimplemented) << s.message();
}

}  // namespace
}  // namespace hloconf
