// chlo ops on the cpu executor (executors/cpu/elementwise_math.cc, elementwise_special.cc, elementwise_bits.cc,
// kernels_elementwise.cc, products_ragged_dot.cc, kernels_control.cc): the spec suite's chlo cases under
// `default`, generated cases of the ops planned last, and the inputs where SLEEF 3.5 is wrong and glibc one
// precision up takes over.
#include <gtest/gtest.h>

#include <filesystem>
#include <random>
#include <vector>
#include <string>

#include "tests/executors/suite_check.h"

namespace hloconf {
namespace {

using testing::expectCpuPasses;


// Every op of chlo.md has a folder of spec cases (cases/chlo.<op>, 51 of them); every case passes on the
// cpu executor, none is UNSUPPORTED.
TEST(CpuChlo, SpecCasesOfEveryOpPass) {
  int folders = 0;
  for (const auto& entry : std::filesystem::directory_iterator(std::string(HLOCONF_SOURCE_DIR) + "/cases")) {
    const std::string name = entry.path().filename().string();
    if (name.rfind("chlo.", 0) != 0) continue;
    SCOPED_TRACE(name);
    ++folders;
    EXPECT_GT(expectCpuPasses({entry.path().string()}).passed, 0);
  }
  EXPECT_EQ(folders, 51);
}

// The ops planned last (executors/cpu/elementwise_special.cc, products_ragged_dot.cc, kernels_control.cc):
// generated cases of every type and strategy (ragged_dot in its three modes, with group sizes that fall
// short of, fill or overrun the dimension; scan forwards and reversed, inclusive and exclusive).
TEST(CpuChlo, GeneratedCasesOfTheSpecialFunctionsRaggedDotAndScanPass) {
  EXPECT_GT(expectCpuPasses({"gen:chlo.bessel_i1e", "gen:chlo.zeta", "gen:chlo.polygamma", "gen:chlo._asin_acos_kernel",
                             "gen:chlo.broadcast_zeta", "gen:chlo.broadcast_polygamma", "gen:chlo.ragged_dot", "gen:chlo.scan"},
                            3)
                .passed,
            300);
}

// bessel_i1e where the wide type alone would round wrongly or overflow: x the largest subnormal (x/2 is a
// tie in the result type, the exact value lies just inside it), beyond the series' range in double (f32,
// x > 700) and long double (f64, x > 8192), and the largest finite values: bit for bit the reference's
// correctly rounded values, in f64, f32 and bf16.
TEST(CpuChlo, BesselI1eAtTiesAndFarOutIsCorrectlyRounded) {
  struct Case {
    const char* element;
    ElementType type;
    std::vector<uint64_t> bits;
  };
  const Case cases[] = {
      {"f64", ElementType::kF64, {0x800FFFFFFFFFFFFFull, 0x000FFFFFFFFFFFFDull, 0x7FD1F3A0B0116F44ull, 0x40C0000000000000ull /* 8192 */,
                                  0x40C0010000000000ull, 0x4086000000000000ull /* 704 */, 0x7FEFFFFFFFFFFFFFull, 0x0000000000000001ull}},
      {"f32", ElementType::kF32, {0x807FFFFFu, 0x007FFFFDu, 0x442F0000u /* 700 */, 0x44300000u /* 704 */, 0x7F7FFFFFu, 0x00000001u, 0x3F800000u}},
      {"bf16", ElementType::kBF16, {0x007Fu, 0x807Du, 0x0001u, 0x7F7Fu, 0x4430u, 0x3F80u}},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.element);
    Tensor operand(Type::tensor({static_cast<int64_t>(c.bits.size())}, Type::element(c.type)));
    for (size_t i = 0; i < c.bits.size(); ++i) operand.setBits(static_cast<int64_t>(i), c.bits[i]);
    const std::string type = "tensor<" + std::to_string(c.bits.size()) + "x" + c.element + ">";
    testing::expectSameBitsAsReference(
        testing::makeRequest("  %r = chlo.bessel_i1e %arg0 : " + type + " -> " + type + "\n  func.return %r : " + type + "\n", {type}, type, {operand}));
  }
}

// chlo.top_k against the reference on random rows with ties, NaNs of both signs, infinities and both
// zeros (f32, by totalOrder), small integers full of ties (i32, ui8) and i1, several k, is_stable: values
// and indices bit for bit.
TEST(CpuChlo, TopKMatchesTheReferenceOnRandomRows) {
  std::mt19937_64 rng(2026);
  const uint32_t specials[] = {0x7FC00000u, 0xFFC00000u, 0x7F800000u, 0xFF800000u, 0x00000000u, 0x80000000u, 0x00000001u, 0x3F800000u};
  struct Case {
    const char* element;
    ElementType type;
    int64_t rows, n, k;
  };
  for (const Case& c : {Case{"f32", ElementType::kF32, 7, 33, 5}, Case{"f32", ElementType::kF32, 3, 100, 100},
                        Case{"i32", ElementType::kSI32, 5, 40, 7}, Case{"ui8", ElementType::kUI8, 4, 300, 20},
                        Case{"i1", ElementType::kI1, 3, 9, 4}, Case{"f32", ElementType::kF32, 2, 6, 0}}) {
    SCOPED_TRACE(std::string(c.element) + " k=" + std::to_string(c.k));
    Tensor operand(Type::tensor({c.rows, c.n}, Type::element(c.type)));
    for (int64_t i = 0; i < operand.numElements(); ++i) {
      uint64_t bits = rng();
      if (c.type == ElementType::kF32) bits = rng() % 4 == 0 ? specials[bits % 8] : ((bits % 16) << 20) | 0x40000000u | (bits & 0x80000000u);
      else if (c.type == ElementType::kSI32) bits = static_cast<uint32_t>(static_cast<int32_t>(bits % 9) - 4);
      else bits &= c.type == ElementType::kI1 ? 1 : 0xff;
      operand.setBits(i, bits);
    }
    const std::string in = "tensor<" + std::to_string(c.rows) + "x" + std::to_string(c.n) + "x" + c.element + ">";
    const std::string out = "tensor<" + std::to_string(c.rows) + "x" + std::to_string(c.k);
    const std::string values = out + "x" + c.element + ">", indices = out + "xi32>";
    adapters::Request request = testing::makeRequest(
        "  %v, %i = chlo.top_k(%arg0, k = " + std::to_string(c.k) + ") {is_stable = true} : " + in + " -> (" + values + ", " + indices +
            ")\n  func.return %v, %i : " + values + ", " + indices + "\n",
        {in}, "(" + values + ", " + indices + ")", {operand});
    testing::expectSameBitsAsReference(request);
  }
}

// The chlo.broadcast_* family: each operand broadcast to the common shape (numpy's trailing alignment, or
// broadcast_dimensions) by a broadcast_in_dim step of the plan compiler's own, then the op it applies;
// bit for bit with the reference, which decomposes them the same way (ir/chlo_broadcast.h).
TEST(CpuChlo, BroadcastingOpsMatchTheReference) {
  std::mt19937_64 rng(11);
  auto random = [&](std::vector<int64_t> shape, ElementType t) {
    Tensor tensor(Type::tensor(shape, Type::element(t)));
    for (int64_t i = 0; i < tensor.numElements(); ++i) {
      const uint64_t bits = rng();
      tensor.setBits(i, t == ElementType::kF32 ? (0x3F000000u | (bits & 0x807FFFFFu)) : t == ElementType::kI1 ? bits & 1 : bits & 0xFFFFFFFFu);
    }
    return tensor;
  };
  struct Case {
    std::string body;
    std::vector<std::string> types;
    std::string result;
    std::vector<Tensor> inputs;
  };
  const std::vector<Case> cases = {
      // numpy: 3 against 2x4x3, 4x1 against 2x4x3
      {"%r = chlo.broadcast_add %arg0, %arg1 : (tensor<3xf32>, tensor<2x4x3xf32>) -> tensor<2x4x3xf32>",
       {"tensor<3xf32>", "tensor<2x4x3xf32>"}, "tensor<2x4x3xf32>", {random({3}, ElementType::kF32), random({2, 4, 3}, ElementType::kF32)}},
      {"%r = chlo.broadcast_multiply %arg0, %arg1 : (tensor<4x1xf32>, tensor<2x4x3xf32>) -> tensor<2x4x3xf32>",
       {"tensor<4x1xf32>", "tensor<2x4x3xf32>"}, "tensor<2x4x3xf32>", {random({4, 1}, ElementType::kF32), random({2, 4, 3}, ElementType::kF32)}},
      // broadcast_dimensions: the rank-1 operand along the result's dimension 0
      {"%r = chlo.broadcast_subtract %arg0, %arg1 {broadcast_dimensions = array<i64: 0>} : (tensor<2xi32>, tensor<2x5xi32>) -> tensor<2x5xi32>",
       {"tensor<2xi32>", "tensor<2x5xi32>"}, "tensor<2x5xi32>", {random({2}, ElementType::kSI32), random({2, 5}, ElementType::kSI32)}},
      {"%r = chlo.broadcast_compare %arg0, %arg1 {comparison_direction = #chlo<comparison_direction LT>} : (tensor<5xf32>, tensor<3x5xf32>) -> tensor<3x5xi1>",
       {"tensor<5xf32>", "tensor<3x5xf32>"}, "tensor<3x5xi1>", {random({5}, ElementType::kF32), random({3, 5}, ElementType::kF32)}},
      {"%r = chlo.broadcast_select %arg0, %arg1, %arg2 : (tensor<i1>, tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>",
       {"tensor<i1>", "tensor<2x3xf32>", "tensor<3xf32>"}, "tensor<2x3xf32>",
       {random({}, ElementType::kI1), random({2, 3}, ElementType::kF32), random({3}, ElementType::kF32)}},
      {"%r = chlo.broadcast_xor %arg0, %arg1 : (tensor<1x6xi32>, tensor<4x1xi32>) -> tensor<4x6xi32>",
       {"tensor<1x6xi32>", "tensor<4x1xi32>"}, "tensor<4x6xi32>", {random({1, 6}, ElementType::kSI32), random({4, 1}, ElementType::kSI32)}},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.body);
    testing::expectSameBitsAsReference(testing::makeRequest("  " + c.body + "\n  func.return %r : " + c.result + "\n", c.types, c.result, c.inputs));
  }
}

// Where SLEEF 3.5 was measured wrong (docs/design/executors.md, "chlo"): each element must still be within
// `default`'s rule of the reference's correctly rounded value.
constexpr const char* kSleefGaps = R"cases(
// Case: cpu-chlo/acosh-asinh-f32-huge
// SLEEF's acoshf/asinhf overflow from 2^64 on.
module {
  func.func @main() -> (tensor<3xf32>, tensor<3xf32>) {
    %x = stablehlo.constant dense<[3.7e19, 1.0e30, 3.4e38]> : tensor<3xf32>
    %a = chlo.acosh %x : tensor<3xf32> -> tensor<3xf32>
    %b = chlo.asinh %x : tensor<3xf32> -> tensor<3xf32>
    func.return %a, %b : tensor<3xf32>, tensor<3xf32>
  }
}
// -----
// Case: cpu-chlo/acosh-f64-huge
// SLEEF's acosh overflows from 2^512 on.
module {
  func.func @main() -> tensor<2xf64> {
    %x = stablehlo.constant dense<[1.0e160, 1.0e300]> : tensor<2xf64>
    %a = chlo.acosh %x : tensor<2xf64> -> tensor<2xf64>
    func.return %a : tensor<2xf64>
  }
}
// -----
// Case: cpu-chlo/cosh-sinh-near-overflow
// SLEEF's coshf/sinhf give inf just below the overflow threshold (88.72 to 89.41).
module {
  func.func @main() -> (tensor<3xf32>, tensor<3xf32>) {
    %x = stablehlo.constant dense<[88.8, 89.0, -89.2]> : tensor<3xf32>
    %a = chlo.cosh %x : tensor<3xf32> -> tensor<3xf32>
    %b = chlo.sinh %x : tensor<3xf32> -> tensor<3xf32>
    func.return %a, %b : tensor<3xf32>, tensor<3xf32>
  }
}
// -----
// Case: cpu-chlo/lgamma-negative
// SLEEF's lgammaf is up to 492 ULP off near the zeros of lgamma at negative x.
module {
  func.func @main() -> (tensor<4xf32>, tensor<2xf64>) {
    %x = stablehlo.constant dense<[-3.955316, -2.4570825, -0.5, -7.25]> : tensor<4xf32>
    %a = chlo.lgamma %x : tensor<4xf32> -> tensor<4xf32>
    %y = stablehlo.constant dense<[-2.457024738220797, -3.1]> : tensor<2xf64>
    %b = chlo.lgamma %y : tensor<2xf64> -> tensor<2xf64>
    func.return %a, %b : tensor<4xf32>, tensor<2xf64>
  }
}
// -----
// Case: cpu-chlo/erf-f32-subnormal
// SLEEF's erff is 2 ULP off on subnormals.
module {
  func.func @main() -> tensor<3xf32> {
    %x = stablehlo.constant dense<[1.0e-39, -3.0e-42, 1.4e-45]> : tensor<3xf32>
    %a = chlo.erf %x : tensor<3xf32> -> tensor<3xf32>
    func.return %a : tensor<3xf32>
  }
}
)cases";

TEST(CpuChlo, WhereSleefIsWrongGlibcOnePrecisionUpPasses) {
  EXPECT_EQ(testing::expectCpuPassesText(kSleefGaps).passed, 5);
}

}  // namespace
}  // namespace hloconf
