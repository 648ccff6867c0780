// power in f8E8M0FNU, exhaustively: all 65,536 (x, y) encoding pairs against a model that uses neither
// MPFR's pow nor the evaluator's encoder, only integer arithmetic (GMP) and the format's rules in
// docs/element-types.md and docs/semantics.md.
//
// Every encoding but 0xFF is 2^(E - 127); 0xFF is NaN. With x = 2^a and y = 2^b (a, b in [-127, 127]),
// x^y = 2^e with e = a * 2^b, which rounds to f8E8M0FNU as follows:
// - e an integer: 2^e itself for -127 <= e <= 127; NaN above (overflow); 2^-127 (0x00) below, since the
//   format has no zero and a positive value below 2^-127 saturates. The exponent can be far below MPFR's
//   range (a = -1, b = 127: e = -2^127): the evaluator used to return NaN for those.
// - e not an integer (b < 0, m = -b, e = a / 2^m): 2^e lies strictly between 2^k and 2^(k+1), k = floor(e),
//   and rounds to the nearer one; it is 2^(k+1) iff 2^(e - k) > 3/2 (the midpoint 1.5 * 2^k; 2^(e-k) = 3/2
//   would make log2(3) rational, so there is no tie). With e - k = r / 2^m (0 < r < 2^m) that is
//   2^(r + 2^m) > 3^(2^m), an integer comparison, done exactly for m <= 12. For m > 12, |e| < 2^7 / 2^13:
//   e - k is below 1/64 (a > 0, k = 0) or above 63/64 (a < 0, k = -1), far from log2(3/2) = 0.58...,
//   and the result is 2^0 either way.
// NaN operands give NaN, except pow(1, NaN) = 1 (C F.9.4.4; f8E8M0FNU's NaN is not a signalling one, so
// the element is not marked).
#include <gmp.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "tests/reference/eval_test_util.h"

namespace hloconf {
namespace {

constexpr uint64_t kNaN = 0xFF;

// 2^e with e = a / 2^m (m >= 1, e not an integer), rounded to the nearest power of two: its encoding.
uint64_t roundedFractionalPower(int64_t a, int m) {
  if (m > 12) return 127;  // 2^0 (see the file comment)
  const int64_t denominator = int64_t{1} << m;
  const int64_t k = a >= 0 ? a / denominator : -((-a + denominator - 1) / denominator);  // floor(a / 2^m)
  const int64_t r = a - k * denominator;                                                // 0 < r < 2^m
  mpz_t lhs, rhs;
  mpz_init(lhs);
  mpz_init(rhs);
  mpz_ui_pow_ui(lhs, 2, static_cast<unsigned long>(r + denominator));
  mpz_ui_pow_ui(rhs, 3, static_cast<unsigned long>(denominator));
  const bool up = mpz_cmp(lhs, rhs) > 0;
  mpz_clear(lhs);
  mpz_clear(rhs);
  const int64_t exponent = k + (up ? 1 : 0);
  // |e| < 128, so the neighbours stay in [-128, 128]: saturate below, overflow to NaN above.
  if (exponent > 127) return kNaN;
  if (exponent < -127) return 0;
  return static_cast<uint64_t>(exponent + 127);
}

uint64_t modelPower(uint64_t x, uint64_t y) {
  if (x == 127) return 127;  // pow(1, y) = 1, NaN y included
  if (x == kNaN || y == kNaN) return kNaN;
  const int64_t a = static_cast<int64_t>(x) - 127, b = static_cast<int64_t>(y) - 127;
  if (a == 0) return 127;
  if (b >= 0) {
    if (b >= 8) return a > 0 ? kNaN : 0;  // |e| >= 256
    const int64_t e = a * (int64_t{1} << b);
    if (e > 127) return kNaN;
    if (e < -127) return 0;
    return static_cast<uint64_t>(e + 127);
  }
  const int m = static_cast<int>(-b);
  if (m <= 6 && a % (int64_t{1} << m) == 0) return static_cast<uint64_t>(a / (int64_t{1} << m) + 127);  // e an integer
  return roundedFractionalPower(a, m);
}

TEST(PowerE8M0, EveryPairMatchesTheExactRounding) {
  std::vector<uint64_t> xs, ys;
  for (uint64_t i = 0; i < 65536; ++i) {
    xs.push_back(i & 0xFF);
    ys.push_back(i >> 8);
  }
  const std::string text =
      "func.func @main(%x: tensor<65536xf8E8M0FNU>, %y: tensor<65536xf8E8M0FNU>) -> tensor<65536xf8E8M0FNU> {\n"
      "  %r = stablehlo.power %x, %y : tensor<65536xf8E8M0FNU>\n"
      "  func.return %r : tensor<65536xf8E8M0FNU>\n}\n";
  test::Evaluation e = test::evaluate(text, "main",
                                      {test::tensorArg({65536}, ElementType::kF8E8M0FNU, xs),
                                       test::tensorArg({65536}, ElementType::kF8E8M0FNU, ys)});
  ASSERT_TRUE(e.status.ok()) << e.status.message();
  ASSERT_EQ(e.results.size(), 1u);
  const ref::RtValue& r = e.results[0];
  int mismatches = 0;
  for (int64_t i = 0; i < 65536; ++i) {
    const uint64_t want = modelPower(xs[i], ys[i]);
    const uint64_t got = r.tensor.bits(i);
    if (got != want && ++mismatches <= 10) {
      ADD_FAILURE() << "power(" << test::hex(xs[i]) << ", " << test::hex(ys[i]) << ") = " << test::hex(got) << ", expected "
                    << test::hex(want);
    }
  }
  EXPECT_EQ(mismatches, 0);
  EXPECT_TRUE(r.impl_defined.empty());
  // The named case: (2^-1)^(2^127) = 2^-(2^127), far below 2^-127 and below MPFR's range: 2^-127 (0x00).
  EXPECT_EQ(r.tensor.bits(0x7E + (0xFE << 8)), 0u);
}

}  // namespace
}  // namespace hloconf
