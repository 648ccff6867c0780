// uniform_quantize, uniform_dequantize, quantized constants and dequantize_op_quantize on elementwise ops,
// against the spec's examples and values worked out by hand in the comments (docs/quantization.md has
// the formulas). f32 facts used below: 0.1f = 0.100000001490116..., 0.2f = 0.200000002980232...
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

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
  auto module = parseModule(text, "test.mlir");
  if (!module.ok()) return module.status();
  const Operation* func = module->findFunction("main");
  if (!func) return absl::NotFoundError("no @main");
  ref::Interpreter interp(*module, text);
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
  EXPECT_TRUE(ref::usesDequantizeOpQuantize("stablehlo.tanh"));
  EXPECT_TRUE(ref::usesDequantizeOpQuantize("stablehlo.select"));
  EXPECT_FALSE(ref::usesDequantizeOpQuantize("stablehlo.gather"));
  EXPECT_FALSE(ref::usesDequantizeOpQuantize("stablehlo.bitcast_convert"));
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

}  // namespace
}  // namespace hloconf
