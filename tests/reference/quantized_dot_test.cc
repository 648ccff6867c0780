// Quantized (dequantize_op_quantize) and hybrid (hybrid_dequantize_then_op) dot_general and convolution,
// against values worked out by hand in the comments (every intermediate here is exact in f32), the spec's
// constraints on the types, and fuzzed types that must give a status, never a crash.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "ir/status_macros.h"
#include "ir/strings.h"
#include "reference/numerics.h"
#include "tests/reference/eval_test_util.h"

namespace hloconf {
namespace {

using test::allBits;

using test::evalOp;
using test::f32Bits;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

std::vector<int64_t> storage(const ref::RtValue& v) {
  std::vector<int64_t> out;
  if (!v.isTensor()) return out;
  for (int64_t i = 0; i < v.tensor.numElements(); ++i) {
    out.push_back(static_cast<int64_t>(ref::integerValue(v.tensor.elementType(), v.tensor.bits(i))));
  }
  return out;
}
bool anyMarked(const ref::RtValue& v) {
  for (int64_t i = 0; v.isTensor() && i < v.tensor.numElements(); ++i) {
    if (v.isImplDefined(i)) return true;
  }
  return false;
}

// Runs `%r = op_line` on constants %a, %b and returns the status (parse errors included).
absl::Status opStatus(const std::string& a, const std::string& b, const std::string& op_line, const std::string& result_type) {
  const std::string text = strCat("func.func @main() -> ", result_type, " {\n  %a = stablehlo.constant ", a, "\n  %b = stablehlo.constant ", b,
                                  "\n  %r = ", op_line, "\n  func.return %r : ", result_type, "\n}\n");
  ASSIGN_OR_RETURN(auto module, parseModule(text, "test.mlir"));
  const Operation* func = module.findFunction("main");
  if (!func) return absl::NotFoundError("no @main");
  ref::Interpreter interp(module, text);
  return interp.callFunction(*func, {}).status();
}

constexpr char kDims[] = "contracting_dims = [1] x [0]";
constexpr char kLhsQ[] = "tensor<1x2x!quant.uniform<i8:f32, 0.5:1>>";
constexpr char kRhsQ[] = "tensor<2x2x!quant.uniform<i8:f32, 0.25>>";

std::string dotLine(const std::string& lt, const std::string& rt, const std::string& ot) {
  return strCat("stablehlo.dot_general %a, %b, ", kDims, " : (", lt, ", ", rt, ") -> ", ot);
}

// lhs storage [[3, 5]] -> (3 - 1) * 0.5, (5 - 1) * 0.5 = [[1, 2]]; rhs storage [[4, -4], [8, 2]] * 0.25 =
// [[1, -1], [2, 0.5]]; float product [[1 + 4, -1 + 1]] = [[5, 0]]; quantized with scale 0.125, zero point 2:
// 5 / 0.125 + 2 = 42, 0 + 2 = 2.
TEST(QuantizedDotGeneral, PerTensor) {
  const std::string ot = "tensor<1x2x!quant.uniform<i32:f32, 0.125:2>>";
  auto r = evalOp({strCat("dense<[[3, 5]]> : ", kLhsQ), strCat("dense<[[4, -4], [8, 2]]> : ", kRhsQ)}, dotLine(kLhsQ, kRhsQ, ot), ot);
  EXPECT_THAT(storage(r), ElementsAre(42, 2));
  EXPECT_EQ(r.tensor.type().toString(), ot);
  EXPECT_TRUE(r.error_bound.empty());
  EXPECT_FALSE(anyMarked(r));
}

// Per-axis rhs along its free dimension 1: column 0 scale 0.25 ([4, 8] -> [1, 2]), column 1 scale 0.5
// ([-2, 1] -> [-1, 0.5]): the same floats as above, [[5, 0]]. Per-axis result: 5 / 0.125 + 2 = 42; 0 / 0.5 + 0 = 0.
// The same product quantized with scale 2: 5 / 2 = 2.5 is a tie (round to even: 2), and any other
// summation order of the float product (within its error bound) can land on 2.5 - tiny or 2.5 + tiny,
// which quantize to 2 and 3: that element is marked implementation-defined. 0 / 2 = 0 is not near a
// boundary: not marked.
TEST(QuantizedDotGeneral, ResultOnAQuantizationTieIsMarked) {
  const std::string ot = "tensor<1x2x!quant.uniform<i32:f32, 2.0>>";
  auto r = evalOp({strCat("dense<[[3, 5]]> : ", kLhsQ), strCat("dense<[[4, -4], [8, 2]]> : ", kRhsQ)}, dotLine(kLhsQ, kRhsQ, ot), ot);
  EXPECT_THAT(storage(r), ElementsAre(2, 0));
  EXPECT_EQ(test::marks(r), (std::vector<bool>{true, false}));
}

TEST(QuantizedDotGeneral, PerAxisRhsAndResult) {
  const std::string rt = "tensor<2x2x!quant.uniform<i8:f32:1, {0.25:0, 0.5:0}>>";
  const std::string ot = "tensor<1x2x!quant.uniform<i32:f32:1, {0.125:2, 0.5:0}>>";
  auto r = evalOp({strCat("dense<[[3, 5]]> : ", kLhsQ), strCat("dense<[[4, -2], [8, 1]]> : ", rt)}, dotLine(kLhsQ, rt, ot), ot);
  EXPECT_THAT(storage(r), ElementsAre(42, 0));
}

// Saturation: 5 / 0.125 = 40 clamps to storage_max 20 of i8<-20:20>.
TEST(QuantizedDotGeneral, ResultClampsToStorageRange) {
  const std::string ot = "tensor<1x2x!quant.uniform<i8<-20:20>:f32, 0.125>>";
  auto r = evalOp({strCat("dense<[[3, 5]]> : ", kLhsQ), strCat("dense<[[4, -4], [8, 2]]> : ", kRhsQ)}, dotLine(kLhsQ, kRhsQ, ot), ot);
  EXPECT_THAT(storage(r), ElementsAre(20, 0));
}

// Hybrid: lhs [[1.5, 2]] (f32) times the dequantized rhs [[1, -1], [2, 0.5]] = [[1.5 + 4, -1.5 + 1]] =
// [[5.5, -0.5]], a float result with its accumulation error bound.
TEST(QuantizedDotGeneral, Hybrid) {
  const std::string ot = "tensor<1x2xf32>";
  auto r = evalOp({"dense<[[1.5, 2.0]]> : tensor<1x2xf32>", strCat("dense<[[4, -4], [8, 2]]> : ", kRhsQ)},
                  dotLine("tensor<1x2xf32>", kRhsQ, ot), ot);
  EXPECT_THAT(allBits(r), ElementsAre(f32Bits(5.5f), f32Bits(-0.5f)));
  EXPECT_EQ(r.error_bound.size(), 2u);
}

TEST(QuantizedDotGeneral, ConstraintViolationsAreErrors) {
  const std::string a = strCat("dense<[[3, 5]]> : ", kLhsQ), b = strCat("dense<[[4, -4], [8, 2]]> : ", kRhsQ);
  const std::string oq = "tensor<1x2x!quant.uniform<i32:f32, 0.125:2>>";
  // C14: quantized lhs and rhs with a float result.
  EXPECT_THAT(opStatus(a, b, dotLine(kLhsQ, kRhsQ, "tensor<1x2xf32>"), "tensor<1x2xf32>").message(), HasSubstr("C14"));
  // C15: rhs zero point 3.
  const std::string rz = "tensor<2x2x!quant.uniform<i8:f32, 0.25:3>>";
  EXPECT_THAT(opStatus(a, strCat("dense<[[4, -4], [8, 2]]> : ", rz), dotLine(kLhsQ, rz, oq), oq).message(), HasSubstr("C15"));
  // C16: per-axis rhs along its contracting dimension.
  const std::string rc = "tensor<2x2x!quant.uniform<i8:f32:0, {0.25:0, 0.5:0}>>";
  EXPECT_THAT(opStatus(a, strCat("dense<[[4, -4], [8, 2]]> : ", rc), dotLine(kLhsQ, rc, oq), oq).message(), HasSubstr("C16"));
  // C18: expressed types differ.
  const std::string o16 = "tensor<1x2x!quant.uniform<i32:f16, 0.125:2>>";
  EXPECT_THAT(opStatus(a, b, dotLine(kLhsQ, kRhsQ, o16), o16).message(), HasSubstr("C18"));
  // C19: per-tensor rhs, per-axis result.
  const std::string oa = "tensor<1x2x!quant.uniform<i32:f32:1, {0.125:2, 0.5:0}>>";
  EXPECT_THAT(opStatus(a, b, dotLine(kLhsQ, kRhsQ, oa), oa).message(), HasSubstr("C19"));
  // C20: hybrid with an f16 lhs.
  EXPECT_THAT(opStatus("dense<[[1.5, 2.0]]> : tensor<1x2xf16>", b, dotLine("tensor<1x2xf16>", kRhsQ, "tensor<1x2xf32>"), "tensor<1x2xf32>").message(),
              HasSubstr("C20"));
  // A malformed result type (zero point outside the storage range) is an error too.
  const std::string bad = "tensor<1x2x!quant.uniform<i8<-5:5>:f32, 0.125:7>>";
  EXPECT_FALSE(opStatus(a, b, dotLine(kLhsQ, kRhsQ, bad), bad).ok());
}

constexpr char kConvLhsQ[] = "tensor<1x3x1x!quant.uniform<i8:f32, 0.5>>";
constexpr char kConvRhsQ[] = "tensor<2x1x1x!quant.uniform<i8:f32, 1.0:-1>>";

std::string convLine(const std::string& lt, const std::string& rt, const std::string& ot) {
  return strCat("stablehlo.convolution(%a, %b) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {} "
                "{batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (",
                lt, ", ", rt, ") -> ", ot);
}

// lhs storage [2, 4, 6] * 0.5 = [1, 2, 3]; rhs storage [0, 1] - (-1) = [1, 2]; windows [1 + 4, 2 + 6] =
// [5, 8]; quantized with scale 0.5, zero point -3: 10 - 3 = 7, 16 - 3 = 13.
TEST(QuantizedConvolution, PerTensor) {
  const std::string ot = "tensor<1x2x1x!quant.uniform<i32:f32, 0.5:-3>>";
  auto r = evalOp({strCat("dense<[[[2], [4], [6]]]> : ", kConvLhsQ), strCat("dense<[[[0]], [[1]]]> : ", kConvRhsQ)},
                  convLine(kConvLhsQ, kConvRhsQ, ot), ot);
  EXPECT_THAT(storage(r), ElementsAre(7, 13));
  EXPECT_TRUE(r.error_bound.empty());
}

// Hybrid: the same windows on float lhs [1, 2, 3] give [5, 8] in f32.
TEST(QuantizedConvolution, Hybrid) {
  const std::string ot = "tensor<1x2x1xf32>";
  auto r = evalOp({"dense<[[[1.0], [2.0], [3.0]]]> : tensor<1x3x1xf32>", strCat("dense<[[[0]], [[1]]]> : ", kConvRhsQ)},
                  convLine("tensor<1x3x1xf32>", kConvRhsQ, ot), ot);
  EXPECT_THAT(allBits(r), ElementsAre(f32Bits(5.0f), f32Bits(8.0f)));
  EXPECT_EQ(r.error_bound.size(), 2u);
}

TEST(QuantizedConvolution, ConstraintViolationsAreErrors) {
  const std::string a = strCat("dense<[[[2], [4], [6]]]> : ", kConvLhsQ), b = strCat("dense<[[[0]], [[1]]]> : ", kConvRhsQ);
  // C29: a per-axis rhs along a spatial dimension.
  const std::string rs = "tensor<2x1x1x!quant.uniform<i8:f32:0, {1.0:0, 2.0:0}>>";
  const std::string oq = "tensor<1x2x1x!quant.uniform<i32:f32, 0.5:-3>>";
  EXPECT_THAT(opStatus(a, strCat("dense<[[[0]], [[1]]]> : ", rs), convLine(kConvLhsQ, rs, oq), oq).message(), HasSubstr("C29"));
  // C31: storage types differ.
  const std::string r16 = "tensor<2x1x1x!quant.uniform<i16:f32, 1.0:-1>>";
  EXPECT_THAT(opStatus(a, strCat("dense<[[[0]], [[1]]]> : ", r16), convLine(kConvLhsQ, r16, oq), oq).message(), HasSubstr("C31"));
  // C28: a float rhs with a quantized lhs.
  EXPECT_THAT(opStatus(a, "dense<[[[0.0]], [[1.0]]]> : tensor<2x1x1xf32>", convLine(kConvLhsQ, "tensor<2x1x1xf32>", oq), oq).message(),
              HasSubstr("C28"));
}

// Random quantized and float types for lhs, rhs and result of both ops: every program evaluates or fails
// with a status.
TEST(QuantizedDotAndConvolution, FuzzedTypesNeverCrash) {
  std::mt19937 rng(7);
  const std::vector<std::string> storage_types = {"i8", "u8", "i4", "i16", "i32", "i2"};
  const std::vector<std::string> expressed = {"f32", "f16", "bf16", "f64", "f8E4M3FN"};
  const std::vector<std::string> scales = {"1.0", "0.1", "1.0e-30", "1.0e30", "0.0", "-2.0", "3.5", "6.0e4"};
  const std::vector<std::string> zps = {"0", "-128", "127", "300", "-5", "1"};
  auto pick = [&](const std::vector<std::string>& v) { return v[rng() % v.size()]; };
  // A 2x2 tensor type: float, per-tensor or per-axis quantized.
  auto type = [&]() {
    const std::string e = rng() % 3 ? "f32" : pick(expressed);
    const int kind = rng() % 3;
    if (kind == 0) return strCat("tensor<2x2x", e, ">");
    std::string params = kind == 1 ? strCat(pick(scales), ":", pick(zps))
                                   : strCat("{", pick(scales), ":", pick(zps), ", ", pick(scales), ":", pick(zps), "}");
    std::string axis = kind == 2 ? strCat(":", static_cast<int>(rng() % 3)) : "";
    return strCat("tensor<2x2x!quant.uniform<", rng() % 2 ? "i8" : pick(storage_types), ":", e, axis, ", ", params, ">>");
  };
  int evaluated = 0;
  for (int iteration = 0; iteration < 300; ++iteration) {
    const std::string lt = type(), rt = type(), ot = type();
    auto literal = [](const std::string& t) {
      return strCat(t.find("quant") != std::string::npos ? "dense<[[1, 2], [3, 4]]>" : "dense<[[1.5, -2.0], [0.5, 4.0]]>", " : ", t);
    };
    const std::string op = iteration % 2 ? strCat("stablehlo.dot_general %a, %b, ", kDims, " : (", lt, ", ", rt, ") -> ", ot)
                                         : strCat("stablehlo.convolution(%a, %b) dim_numbers = [b, f]x[i, o]->[b, f], window = {} "
                                                  "{batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (",
                                                  lt, ", ", rt, ") -> ", ot);
    absl::Status s = opStatus(literal(lt), literal(rt), op, ot);
    if (s.ok()) ++evaluated;
  }
  EXPECT_GT(evaluated, 0);
}

}  // namespace
}  // namespace hloconf

// --- dot algorithms with a component decomposition ----------------------------------------------------------

namespace hloconf {
namespace {

// bf16 rounding of an f32 value (round to nearest even on the top 16 bits; finite inputs).
float toBf16(float x) {
  uint32_t b = std::bit_cast<uint32_t>(x);
  b += 0x7FFF + ((b >> 16) & 1);
  return std::bit_cast<float>(b & 0xFFFF0000u);
}

// An f32 dot of length n under bf16_6x (3 bf16 components per input, the 6 most significant products,
// accumulated in f32) lies within the reference's bound of every element, and the golden value is the
// exact f32 dot (not the bf16-rounded one). Doing only the first product (plain bf16 inputs) is far
// outside: the algorithm's bound is about u_f32, not u_bf16.
TEST(DotAlgorithm, Bf16SixProductsEmulateF32) {
  const int n = 16;
  std::vector<float> a(n), b(n);
  std::string la, lb;
  for (int i = 0; i < n; ++i) {
    a[i] = static_cast<float>(std::sin(0.7 * i + 0.1)) * (1 + i % 3);
    b[i] = static_cast<float>(std::cos(1.3 * i)) - 0.25f;
    char buf[16];
    std::snprintf(buf, sizeof buf, "0x%08X", static_cast<unsigned>(std::bit_cast<uint32_t>(a[i])));
    la += strCat(i ? ", " : "", buf);
    std::snprintf(buf, sizeof buf, "0x%08X", static_cast<unsigned>(std::bit_cast<uint32_t>(b[i])));
    lb += strCat(i ? ", " : "", buf);
  }
  const std::string t = strCat("tensor<", n, "xf32>");
  auto dot = [&](int components, int ops) {
    return evalOp({strCat("dense<[", la, "]> : ", t), strCat("dense<[", lb, "]> : ", t)},
                  strCat("\"stablehlo.dot_general\"(%a, %b) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0], "
                         "rhs_contracting_dimensions = [0]>, algorithm = #stablehlo.dot_algorithm<lhs_precision_type = bf16, "
                         "rhs_precision_type = bf16, accumulation_type = f32, lhs_component_count = ",
                         components, ", rhs_component_count = ", components, ", num_primitive_operations = ", ops,
                         ", allow_imprecise_accumulation = false>} : (", t, ", ", t, ") -> tensor<f32>"),
                  "tensor<f32>");
  };
  ref::RtValue six = dot(3, 6);
  ASSERT_EQ(six.error_bound.size(), 1u);
  // The exact dot in double (products of f32 values are exact in double; 16 of them sum with error far
  // below an f32 ulp of the result), rounded to f32, is the golden value.
  double exact = 0, magnitude = 0;
  for (int i = 0; i < n; ++i) {
    exact += static_cast<double>(a[i]) * b[i];
    magnitude += std::fabs(static_cast<double>(a[i]) * b[i]);
  }
  EXPECT_EQ(six.tensor.bits(0), std::bit_cast<uint32_t>(static_cast<float>(exact)));
  // The implementation: components, the six products of smallest i + j, each accumulated in f32.
  auto split = [](float x, float c[3]) {
    c[0] = toBf16(x);
    c[1] = toBf16(x - c[0]);
    c[2] = toBf16(x - c[0] - c[1]);
  };
  float sum6 = 0, sum1 = 0;
  for (int i = 0; i < n; ++i) {
    float ca[3], cb[3];
    split(a[i], ca);
    split(b[i], cb);
    for (int p = 0; p < 3; ++p) {
      for (int q = 0; q < 3; ++q) {
        if (p + q <= 2) sum6 += ca[p] * cb[q];
      }
    }
    sum1 += ca[0] * cb[0];
  }
  const double golden = std::bit_cast<float>(static_cast<uint32_t>(six.tensor.bits(0)));
  EXPECT_LE(std::fabs(sum6 - golden), six.error_bound[0]);
  EXPECT_GT(std::fabs(sum1 - golden), six.error_bound[0]);
  // An f32-sized bound (gamma_96 for 16 x 6 products summed in any order, about 96 u_f32), not a bf16-sized one.
  EXPECT_LT(six.error_bound[0], 128 * 0x1p-24 * magnitude);
  // One component and one product is the plain bf16 algorithm: inputs rounded to bf16 in the golden value.
  ref::RtValue one = dot(1, 1);
  double bf16_exact = 0;
  for (int i = 0; i < n; ++i) bf16_exact += static_cast<double>(toBf16(a[i])) * toBf16(b[i]);
  EXPECT_EQ(one.tensor.bits(0), std::bit_cast<uint32_t>(static_cast<float>(bf16_exact)));
  // C22-C24: counts must be positive.
  EXPECT_FALSE(test::evaluate(strCat("func.func @main(%a: ", t, ", %b: ", t, ") -> tensor<f32> {\n  %r = \"stablehlo.dot_general\"(%a, %b) "
                                     "{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0], rhs_contracting_dimensions = [0]>, "
                                     "algorithm = #stablehlo.dot_algorithm<lhs_precision_type = bf16, rhs_precision_type = bf16, accumulation_type = f32, "
                                     "lhs_component_count = 0, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false>} : (",
                                     t, ", ", t, ") -> tensor<f32>\n  func.return %r : tensor<f32>\n}\n"),
                              "main", {test::tensorArg({n}, ElementType::kF32, std::vector<uint64_t>(n, 0)),
                                       test::tensorArg({n}, ElementType::kF32, std::vector<uint64_t>(n, 0))})
                   .status.ok());
}

}  // namespace
}  // namespace hloconf
