// The f32 fast path (reference/fast_math.h) against MPFR's correctly rounded functions, computed here
// independently with MPFR's binary32 emulation (exponent range and subnormalize).
#include "reference/fast_math.h"

#include <gtest/gtest.h>
#include <mpfr.h>

#include <cstring>
#include <string>
#include <vector>

#include "generators/gen.h"

namespace hloconf::ref {
namespace {

using MpfrFn = int (*)(mpfr_ptr, mpfr_srcptr, mpfr_rnd_t);

int mpfrLogistic(mpfr_ptr r, mpfr_srcptr x, mpfr_rnd_t rnd) {
  mpfr_t t;
  mpfr_init2(t, 400);
  mpfr_neg(t, x, MPFR_RNDN);
  mpfr_exp(t, t, MPFR_RNDN);
  mpfr_add_ui(t, t, 1, MPFR_RNDN);
  const int inexact = mpfr_ui_div(r, 1, t, rnd);
  mpfr_clear(t);
  return inexact;
}

// The correctly rounded binary32 value of fn(x) (infinity on overflow), or nullopt for NaN.
std::optional<uint32_t> exactF32(MpfrFn fn, uint32_t bits) {
  float xf;
  std::memcpy(&xf, &bits, 4);
  // fn at 200 bits in MPFR's full exponent range, then one rounding to binary32 (its exponent range and
  // subnormals emulated). A double rounding would need the 200-bit value within 2^-200 of a midpoint.
  mpfr_t x, t, r;
  mpfr_init2(x, 24);
  mpfr_init2(t, 200);
  mpfr_set_flt(x, xf, MPFR_RNDN);
  fn(t, x, MPFR_RNDN);
  const mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
  mpfr_set_emin(-148);
  mpfr_set_emax(128);
  mpfr_init2(r, 24);
  int inexact = mpfr_set(r, t, MPFR_RNDN);
  inexact = mpfr_check_range(r, inexact, MPFR_RNDN);
  mpfr_subnormalize(r, inexact, MPFR_RNDN);
  const float f = mpfr_get_flt(r, MPFR_RNDN);
  mpfr_set_emin(emin);
  mpfr_set_emax(emax);
  mpfr_clears(x, t, r, static_cast<mpfr_ptr>(nullptr));
  if (std::isnan(f)) return std::nullopt;
  uint32_t out;
  std::memcpy(&out, &f, 4);
  return out;
}

// IEEE 754 rSqrt(-0) is -infinity, as the reference's kernel has it; MPFR's rec_sqrt gives +infinity.
int mpfrRsqrt(mpfr_ptr r, mpfr_srcptr x, mpfr_rnd_t rnd) {
  if (mpfr_zero_p(x) && mpfr_signbit(x)) {
    mpfr_set_inf(r, -1);
    return 0;
  }
  return mpfr_rec_sqrt(r, x, rnd);
}

struct Case {
  const char* op;
  MpfrFn mpfr;
};

class FastMath : public ::testing::TestWithParam<Case> {};

TEST_P(FastMath, AgreesWithMpfr) {
  const FastUnaryF64 fn = fastF32Function(opIdOf(GetParam().op));
  ASSERT_NE(fn, nullptr);
  gen::Rng rng(gen::fnv1a64(GetParam().op));
  std::vector<uint32_t> inputs = {0u, 0x80000000u, 1u, 0x80000001u, 0x007FFFFFu, 0x00800000u, 0x7F7FFFFFu, 0xFF7FFFFFu, 0x3F800000u};
  for (int i = 0; i < 30000; ++i) inputs.push_back(static_cast<uint32_t>(rng.next()));
  // Dense runs where results are interesting: around 1, near exp's overflow and underflow thresholds.
  for (uint32_t base : {0x3F7FF000u, 0x42B17000u, 0xC2CFF000u, 0xC2AEA000u, 0x33FFF000u})
    for (uint32_t k = 0; k < 8192; ++k) inputs.push_back(base + k);
  int64_t fast = 0, mismatches = 0;
  std::string first;
  for (uint32_t x : inputs) {
    const std::optional<uint32_t> f = fastF32Unary(fn, x);
    if (!f) continue;
    ++fast;
    const std::optional<uint32_t> e = exactF32(GetParam().mpfr, x);
    if (!e || *e != *f) {
      ++mismatches;
      if (first.empty()) {
        char buf[128];
        std::snprintf(buf, sizeof buf, "x=0x%08X fast=0x%08X mpfr=%s0x%08X", x, *f, e ? "" : "(NaN) ", e ? *e : 0u);
        first = buf;
      }
    }
  }
  EXPECT_EQ(mismatches, 0) << first;
  // The fast path must decide nearly every finite input (it exists to be fast).
  EXPECT_GT(fast, static_cast<int64_t>(inputs.size() / 3));
}

INSTANTIATE_TEST_SUITE_P(Functions, FastMath,
                         ::testing::Values(Case{"stablehlo.exponential", mpfr_exp}, Case{"stablehlo.exponential_minus_one", mpfr_expm1},
                                           Case{"stablehlo.log", mpfr_log}, Case{"stablehlo.log_plus_one", mpfr_log1p},
                                           Case{"stablehlo.sine", mpfr_sin}, Case{"stablehlo.cosine", mpfr_cos},
                                           Case{"stablehlo.tan", mpfr_tan}, Case{"stablehlo.tanh", mpfr_tanh},
                                           Case{"stablehlo.cbrt", mpfr_cbrt}, Case{"stablehlo.sqrt", mpfr_sqrt},
                                           Case{"stablehlo.rsqrt", mpfrRsqrt}, Case{"stablehlo.logistic", mpfrLogistic}),
                         [](const auto& info) { return std::string(info.param.op).substr(10); });

}  // namespace
}  // namespace hloconf::ref
