// chlo ops on the cpu executor (executors/cpu/elementwise_math.cc, elementwise_bits.cc, kernels_elementwise.cc):
// the spec suite's chlo cases under `default`, the ops the executor does not plan yet (UNSUPPORTED, never a
// wrong result), and the inputs where SLEEF 3.5 is wrong and glibc one precision up takes over.
#include <gtest/gtest.h>

#include <string>

#include "tests/executors/suite_check.h"

namespace hloconf {
namespace {

using testing::expectCpuPasses;
using testing::Unsupported;

std::string chloCases(const char* op) { return std::string(HLOCONF_SOURCE_DIR) + "/cases/chlo." + op; }

TEST(CpuChlo, SpecCasesPass) {
  for (const char* op : {"acos", "acosh", "asin", "asinh", "atan", "atanh", "conj", "constant", "constant_like", "cosh", "digamma", "erf",
                         "erf_inv", "erfc", "is_inf", "is_neg_inf", "is_pos_inf", "lgamma", "mulhi", "next_after", "sinh",
                         "square"}) {
    SCOPED_TRACE(op);
    EXPECT_GT(expectCpuPasses({chloCases(op)}).passed, 0);
  }
}

TEST(CpuChlo, OpsNotPlannedAreUnsupported) {
  for (const char* op : {"bessel_i1e", "polygamma", "zeta", "top_k", "broadcast_add"}) {
    SCOPED_TRACE(op);
    EXPECT_GT(expectCpuPasses({chloCases(op)}, 1, Unsupported::kCounted).unsupported, 0);
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
