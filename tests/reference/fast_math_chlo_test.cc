// The f32 fast path of chlo.lgamma, chlo.digamma and chlo.erf_inv (reference/fast_math_chlo.h): its error
// bounds against MPFR at 200 bits, and its results against the MPFR path of the evaluator (switched off).
#include "reference/fast_math_chlo.h"

#include <gtest/gtest.h>
#include <mpfr.h>

#include <bit>
#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "tests/reference/eval_test_util.h"

namespace hloconf::ref {
namespace {

using test::countDifferences;
using test::evaluate;
using test::Evaluation;
using test::hex;
using test::tensorArg;

// f32 inputs where the functions are hard: random bit patterns (every exponent), a uniform range across
// the negative poles, the neighbourhoods of the poles and of the zeros of lgamma (1, 2, -2.457...) and
// digamma (1.4616..., -0.504...), and huge arguments. Seeded.
std::vector<uint32_t> gammaInputs(uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<uint32_t> out;
  for (int i = 0; i < 4000; ++i) out.push_back(static_cast<uint32_t>(rng()));
  std::uniform_real_distribution<float> wide(-60.0f, 60.0f);
  for (int i = 0; i < 4000; ++i) out.push_back(std::bit_cast<uint32_t>(wide(rng)));
  const float centres[] = {1.0f, 2.0f, 1.4616321f, -0.50408301f, -2.4570248f, -2.7476826f, -3.1435809f,
                           -1.0f, -2.0f, -7.0f, -100.0f, -4194303.0f, 0.0f};
  for (float c : centres) {
    for (int d = -300; d <= 300; ++d) {
      const uint32_t b = std::bit_cast<uint32_t>(c) + static_cast<uint32_t>(d);
      if (c != 0 || d >= 0) out.push_back(b);
    }
  }
  std::uniform_real_distribution<double> logs(0, 88);
  for (int i = 0; i < 1000; ++i) out.push_back(std::bit_cast<uint32_t>(static_cast<float>(std::exp(logs(rng)))));
  return out;
}

std::string show(uint32_t x) { return hex(x) + " (" + std::to_string(std::bit_cast<float>(x)) + ")"; }

// The bound is what the correctness rests on: the exact value (MPFR at 200 bits) must lie in the
// enclosure wherever the fast path gives one.
void checkEnclosures(OpId op, const char* name) {
  mpfr_t x, exact;
  mpfr_init2(x, 24);
  mpfr_init2(exact, 200);
  int enclosed = 0, total = 0;
  for (uint32_t bits : gammaInputs(7)) {
    const std::optional<DoubleInterval> enc = chloF32Enclosure(op, bits);
    ++total;
    if (!enc) continue;
    mpfr_set_flt(x, std::bit_cast<float>(bits), MPFR_RNDN);
    if (op == OpId::kChloLgamma) {
      int sign;
      mpfr_lgamma(exact, &sign, x, MPFR_RNDN);
    } else {
      mpfr_digamma(exact, x, MPFR_RNDN);
    }
    ASSERT_TRUE(mpfr_cmp_d(exact, enc->lo) >= 0 && mpfr_cmp_d(exact, enc->hi) <= 0)
        << name << "(" << show(bits) << "): exact " << mpfr_get_d(exact, MPFR_RNDN) << " outside [" << enc->lo << ", "
        << enc->hi << "]";
    ++enclosed;
  }
  mpfr_clears(x, exact, static_cast<mpfr_ptr>(nullptr));
  // Poles, NaNs and infinities have no enclosure; everything else should (a bound that always fails
  // would leave the fast path unused without failing anything above).
  EXPECT_GT(enclosed, total * 8 / 10) << name;
}

TEST(FastMathChlo, LgammaEnclosesTheExactValue) { checkEnclosures(OpId::kChloLgamma, "lgamma"); }
TEST(FastMathChlo, DigammaEnclosesTheExactValue) { checkEnclosures(OpId::kChloDigamma, "digamma"); }

// The evaluator with the fast path and without it (MPFR alone) gives the same bits and marks.
void compareWithMpfrPath(const char* op, const std::vector<uint32_t>& inputs, FastChloF32 fast, double min_taken) {
  const int64_t n = static_cast<int64_t>(inputs.size());
  const std::string type = "tensor<" + std::to_string(n) + "xf32>";
  const std::string text = std::string("func.func @main(%x: ") + type + ") -> " + type + " {\n  %r = chlo." + op +
                           " %x : " + type + " -> " + type + "\n  func.return %r : " + type + "\n}\n";
  std::vector<uint64_t> bits(inputs.begin(), inputs.end());
  setFastChloF32Enabled(true);
  Evaluation fast_eval = evaluate(text, "main", {tensorArg({n}, ElementType::kF32, bits)});
  setFastChloF32Enabled(false);
  Evaluation slow_eval = evaluate(text, "main", {tensorArg({n}, ElementType::kF32, bits)});
  setFastChloF32Enabled(true);
  ASSERT_TRUE(fast_eval.status.ok()) << fast_eval.status.message();
  ASSERT_TRUE(slow_eval.status.ok()) << slow_eval.status.message();
  EXPECT_EQ(countDifferences(fast_eval.results[0], slow_eval.results[0], op), 0);
  int taken = 0;
  for (uint32_t x : inputs) taken += fast(x).has_value();
  EXPECT_GE(taken, min_taken * n) << op << ": the fast path gave " << taken << " of " << n;
}

TEST(FastMathChlo, LgammaMatchesMpfrPath) {
  compareWithMpfrPath("lgamma", gammaInputs(11), fastF32Lgamma, 0.8);
}
TEST(FastMathChlo, DigammaMatchesMpfrPath) {
  compareWithMpfrPath("digamma", gammaInputs(12), fastF32Digamma, 0.8);
}

TEST(FastMathChlo, ErfInvMatchesMpfrPath) {
  std::mt19937 rng(13);
  std::vector<uint32_t> inputs;
  std::uniform_real_distribution<float> unit(-1.0f, 1.0f);
  for (int i = 0; i < 6000; ++i) inputs.push_back(std::bit_cast<uint32_t>(unit(rng)));
  for (int i = 0; i < 3000; ++i) inputs.push_back(static_cast<uint32_t>(rng()));  // mostly |x| > 1: NaN
  // Next to +-1 (the root grows like sqrt(-log(1 - x))), next to 0, and the subnormals.
  for (uint32_t d = 0; d < 2000; ++d) {
    inputs.push_back(std::bit_cast<uint32_t>(1.0f) - d);
    inputs.push_back(std::bit_cast<uint32_t>(-1.0f) - d);
    inputs.push_back(d);
    inputs.push_back(0x80000000u | (d * 1000));
  }
  compareWithMpfrPath("erf_inv", inputs, fastF32ErfInv, 0.5);
}

// Special operands are left to the MPFR path (its rules for poles, NaN, infinities and zeros).
TEST(FastMathChlo, DeclinesSpecialOperands) {
  for (float x : {0.0f, -0.0f, -1.0f, -2.0f, -8388608.0f, INFINITY, -INFINITY, NAN}) {
    EXPECT_FALSE(fastF32Lgamma(std::bit_cast<uint32_t>(x))) << x;
    EXPECT_FALSE(fastF32Digamma(std::bit_cast<uint32_t>(x))) << x;
  }
  for (float x : {0.0f, -0.0f, 1.0f, -1.0f, 1.5f, INFINITY, NAN}) EXPECT_FALSE(fastF32ErfInv(std::bit_cast<uint32_t>(x))) << x;
  // lgamma(1) = lgamma(2) = 0 exactly: an enclosure cannot give the sign of that zero.
  EXPECT_FALSE(fastF32Lgamma(std::bit_cast<uint32_t>(1.0f)));
  EXPECT_FALSE(fastF32Lgamma(std::bit_cast<uint32_t>(2.0f)));
}

}  // namespace
}  // namespace hloconf::ref
