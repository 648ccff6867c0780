// The f32/f64 transcendental functions through SLEEF (executors/cpu/elementwise_math.cc) on the cpu
// executor: the spec suite's cases and generated programs of every op that uses it, under `default`, and
// the places where SLEEF 3.5 needs help (log1p above 1e38/1e307, f64 exp near overflow) and the masked
// tails of the vector loops.
#include <gtest/gtest.h>

#include "tests/executors/suite_check.h"

namespace hloconf {
namespace {

using testing::expectCpuPasses;

constexpr const char* kSleefOps[] = {"exponential", "exponential_minus_one", "log", "log_plus_one", "tanh", "sine",
                                     "cosine", "tan", "atan2", "cbrt", "power"};

TEST(CpuSleefMath, SpecCasesPass) {
  for (const char* op : kSleefOps) {
    SCOPED_TRACE(op);
    expectCpuPasses({std::string(HLOCONF_SOURCE_DIR) + "/cases/" + op});
  }
}

TEST(CpuSleefMath, GeneratedProgramsPass) {
  // gen:power is left out: its complex<f32> cases (glibc's cpow, not SLEEF) fail on their own.
  for (const char* op : kSleefOps) {
    if (std::string(op) == "power") continue;
    SCOPED_TRACE(op);
    expectCpuPasses({std::string("gen:") + op}, 3);
  }
}

// Expected values: mpmath at 200 bits, rounded to the type.
constexpr const char* kEdgeCases = R"cases(
// Case: sleef/log_plus_one-f32-large
// Above 1e38 SLEEF 3.5's log1pf gives inf; those lanes take logf.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[2e+38, 3.4e+38, 1e+38, 0.5]> : tensor<4xf32>
    %result = stablehlo.log_plus_one %operand : tensor<4xf32>
    check.expect_eq_const %result, dense<[88.1913833618164, 88.72200775146484, 87.49822998046875, 0.40546509623527527]> : tensor<4xf32>
    func.return
  }
}
// -----
// Case: sleef/log_plus_one-f64-large
// Above 1e307 SLEEF 3.5's log1p gives inf; those lanes take log.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[1e+308, 1.7e+308, 1e+307, 0.5]> : tensor<4xf64>
    %result = stablehlo.log_plus_one %operand : tensor<4xf64>
    check.expect_eq_const %result, dense<[709.1962086421661, 709.7268368932282, 706.893623549172, 0.4054651081081644]> : tensor<4xf64>
    func.return
  }
}
// -----
// Case: sleef/exponential-f64-near-overflow
// SLEEF 3.5's exp overflows from 709.78 on; those lanes take glibc's exp.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[709.78, 709.782, 709.7827128933, 700.0, 709.79]> : tensor<5xf64>
    %result = stablehlo.exponential %operand : tensor<5xf64>
    check.expect_eq_const %result, dense<[1.7928227943945646e+308, 1.7964120280205685e+308, 1.7976931347113154e+308, 1.0142320547350045e+304, 0x7FF0000000000000]> : tensor<5xf64>
    func.return
  }
}
// -----
// Case: sleef/exponential-f32-tail
// 37 elements: two vectors of 16 and a masked tail of 5.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[-4.0, -3.75, -3.5, -3.25, -3.0, -2.75, -2.5, -2.25, -2.0, -1.75, -1.5, -1.25, -1.0, -0.75, -0.5, -0.25, 0.0, 0.25, 0.5, 0.75, 1.0, 1.25, 1.5, 1.75, 2.0, 2.25, 2.5, 2.75, 3.0, 3.25, 3.5, 3.75, 4.0, 4.25, 4.5, 4.75, 5.0]> : tensor<37xf32>
    %result = stablehlo.exponential %operand : tensor<37xf32>
    check.expect_eq_const %result, dense<[0.018315639346837997, 0.023517746478319168, 0.03019738383591175, 0.03877420723438263, 0.049787066876888275, 0.06392785906791687, 0.08208499848842621, 0.1053992211818695, 0.1353352814912796, 0.17377394437789917, 0.22313016653060913, 0.2865048050880432, 0.3678794503211975, 0.4723665416240692, 0.6065306663513184, 0.7788007855415344, 1.0, 1.2840254306793213, 1.6487212181091309, 2.117000102996826, 2.7182817459106445, 3.490342855453491, 4.481688976287842, 5.754602909088135, 7.389056205749512, 9.487735748291016, 12.182494163513184, 15.642631530761719, 20.08553695678711, 25.790340423583984, 33.11545181274414, 42.52108383178711, 54.598148345947266, 70.10541534423828, 90.01712799072266, 115.58428192138672, 148.4131622314453]> : tensor<37xf32>
    func.return
  }
}
// -----
// Case: sleef/tanh-f64-tail
// 21 elements: two vectors of 8 and a masked tail of 5.
module {
  func.func @main() {
    %operand = stablehlo.constant dense<[0.1, 0.225, 0.35, 0.475, 0.6, 0.725, 0.85, 0.975, 1.1, 1.225, 1.35, 1.475, 1.6, 1.725, 1.85, 1.975, 2.1, 2.225, 2.35, 2.475, 2.6]> : tensor<21xf64>
    %result = stablehlo.tanh %operand : tensor<21xf64>
    check.expect_eq_const %result, dense<[0.09966799462495582, 0.22127846789844396, 0.3363755443363322, 0.4422303560457262, 0.5370495669980353, 0.619996867969374, 0.6910694698329306, 0.7508932836251672, 0.8004990217606297, 0.8411229016320433, 0.874053287886007, 0.9005269768828865, 0.9216685544064713, 0.938462281285704, 0.9517459571646616, 0.9622180761259219, 0.9704519366134539, 0.9769124950321554, 0.9819734026943043, 0.9859328256900097, 0.9890274022010992]> : tensor<21xf64>
    func.return
  }
}
)cases";

TEST(CpuSleefMath, EdgesAndTailsPass) {
  const testing::SuiteTally tally = testing::expectCpuPassesText(kEdgeCases);
  EXPECT_EQ(tally.passed, 5);
}

}  // namespace
}  // namespace hloconf
