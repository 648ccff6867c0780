// The Ziv-loop steps of reference/special_functions.h; docs/design/chlo.md gives each argument in full.
//
// Error accounting: every MPFR operation rounds to nearest at the working precision w, so its result is
// within a relative u = 2^(1-w) of the exact operation on its (already approximate) inputs; bounds below
// add these first-order terms and then double the total, which covers the higher-order terms for the
// term counts used (u * count << 1).
#include "reference/special_functions.h"

#include <algorithm>
#include <cmath>

namespace hloconf::ref {
namespace {

// The exponent of a bound: every value of magnitude <= `bound` is below 2^result.
mpfr_exp_t exponentAbove(mpfr_srcptr bound) { return mpfr_zero_p(bound) ? mpfr_get_emin() : mpfr_get_exp(bound); }

// The first-order rounding error of `count` operations at precision w on values of total magnitude
// `magnitude`, doubled (the file comment): 2 u magnitude count, into `error`, rounded up.
void roundingErrorBound(mpfr_ptr error, mpfr_srcptr magnitude, unsigned long count, mpfr_prec_t w) {
  mpfr_mul_ui(error, magnitude, count, MPFR_RNDU);
  mpfr_mul_2si(error, error, 2 - static_cast<long>(w), MPFR_RNDU);  // 2u = 2^(2-w)
}

// The step's result: `error` (an upward bound on |out's value at the working precision - exact|) plus
// the rounding of that value to out's q bits (at most |out| 2^(1-q)).
Approximation withFinalRounding(mpfr_ptr error, mpfr_srcptr out) {
  MpFloat rounding(64);
  mpfr_abs(rounding, out, MPFR_RNDU);
  mpfr_mul_2si(rounding, rounding, 1 - static_cast<long>(mpfr_get_prec(out)), MPFR_RNDU);
  mpfr_add(error, error, rounding, MPFR_RNDU);
  return {false, exponentAbove(error)};
}

// A precision at which v + k is exact for every integer 0 <= k < 2^64 (v of at most 64 significant bits).
mpfr_prec_t exactSumPrecision(mpfr_srcptr v) {
  if (mpfr_zero_p(v)) return 66;
  const mpfr_exp_t top = std::max<mpfr_exp_t>(mpfr_get_exp(v), 64);
  const mpfr_exp_t bottom = std::min<mpfr_exp_t>(mpfr_get_exp(v) - 64, 0);
  return static_cast<mpfr_prec_t>(top - bottom + 2);
}

}  // namespace

// --- erf_inv -----------------------------------------------------------------------------------------------

namespace {

// A start for Newton's method on erf: Winitzki's closed form (relative error below 2e-3). Only its
// closeness matters for speed; the result is checked by an enclosure (erfInvStep).
double erfInvStart(double x) {
  constexpr double kA = 0.147, kPi = 3.14159265358979323846;
  const double w = -std::log((1 - x) * (1 + x));  // -ln(1 - x^2) >= 0
  const double b = 2 / (kPi * kA) - w / 2;
  return std::sqrt(std::sqrt(b * b + w / kA) - b);
}

}  // namespace

// One step of the Ziv loop for y = erf_inv(x), 0 < x < 1 (docs/design/chlo.md): Newton's method at the
// working precision q, then an a-posteriori enclosure of the root in (y - d, y + d), d = 2^(exp(y) - q + 2).
// erf is increasing; for x >= 1/2 the residual uses erfc and c = 1 - x (exact: Sterbenz), which keeps it
// accurate where erf(y) is within 2^-53 of 1.
Approximation erfInvStep(mpfr_ptr out, mpfr_srcptr x) {
  const mpfr_prec_t q = mpfr_get_prec(out);
  const bool upper = mpfr_cmp_d(x, 0.5) >= 0;
  MpFloat c(q), residual(q), slope(q), step(q);
  mpfr_ui_sub(c, 1, x, MPFR_RNDN);  // exact for x in [1/2, 1) (q >= the format's precision)
  const double start = erfInvStart(mpfr_get_d(x, MPFR_RNDN));
  mpfr_set_d(out, std::isfinite(start) ? start : 1.0, MPFR_RNDN);  // any start: the enclosure decides
  for (int iteration = 0; iteration < 64; ++iteration) {
    // Newton: y <- y - (erf(y) - x) / erf'(y), erf'(y) = 2/sqrt(pi) e^(-y^2); with erfc the sign flips.
    if (upper) {
      mpfr_erfc(residual, out, MPFR_RNDN);
      mpfr_sub(residual, c, residual, MPFR_RNDN);
    } else {
      mpfr_erf(residual, out, MPFR_RNDN);
      mpfr_sub(residual, residual, x, MPFR_RNDN);
    }
    mpfr_sqr(slope, out, MPFR_RNDN);
    mpfr_exp(slope, slope, MPFR_RNDN);
    mpfr_mul(step, residual, slope, MPFR_RNDN);
    mpfr_const_pi(slope, MPFR_RNDN);
    mpfr_sqrt(slope, slope, MPFR_RNDN);
    mpfr_mul(step, step, slope, MPFR_RNDN);
    mpfr_div_2ui(step, step, 1, MPFR_RNDN);
    mpfr_sub(out, out, step, MPFR_RNDN);
    if (mpfr_zero_p(step) || mpfr_get_exp(step) < mpfr_get_exp(out) - q - 2) break;
  }
  // The enclosure: erf(y - d) < x < erf(y + d), each side evaluated with the rounding that makes the
  // strict inequality hold for the exact values too (erfc: decreasing, the sides swap).
  const mpfr_exp_t error_exponent = mpfr_get_exp(out) - q + 2;
  MpFloat below(q + 8), above(q + 8), d(8), value(q);
  mpfr_set_ui_2exp(d, 1, error_exponent, MPFR_RNDN);
  mpfr_sub(below, out, d, MPFR_RNDN);  // exact: d is at least 4 ulps of y at q bits
  mpfr_add(above, out, d, MPFR_RNDN);
  bool enclosed;
  if (upper) {
    mpfr_erfc(value, below, MPFR_RNDD);
    enclosed = mpfr_cmp(value, c) > 0;
    mpfr_erfc(value, above, MPFR_RNDU);
    enclosed = enclosed && mpfr_cmp(value, c) < 0;
  } else {
    mpfr_erf(value, below, MPFR_RNDU);
    enclosed = mpfr_cmp(value, x) < 0;
    mpfr_erf(value, above, MPFR_RNDD);
    enclosed = enclosed && mpfr_cmp(value, x) > 0;
  }
  if (!enclosed) return {false, mpfr_get_emax()};  // not settled at q bits: the loop doubles q
  return {false, error_exponent};
}

// --- Hurwitz zeta ------------------------------------------------------------------------------------------

// zeta(s, a) = sum_{k < N} (a + k)^-s + tail, A = a + N > 0 (k from the first index with a + k > 0 on).
//
// Direct: the terms from there on decrease, so 0 <= tail <= A^-s + integral_N^inf (a + t)^-s dt
// = A^-s + A^(1-s) / (s - 1): the step gives the partial sum plus half that bound, within half of it.
// Used when that bound is below 2^-w of the sum (s large against a: the terms fall geometrically).
//
// Otherwise Euler-Maclaurin at the same N with M correction terms:
//   tail = A^(1-s)/(s-1) + A^-s/2 + sum_{j=1..M} B_2j/(2j)! (s)_(2j-1) A^(-s-2j+1) + R,
//   |R| <= 4 (s)_2M / (2 pi)^2M * A^(1-s-2M) / (s + 2M - 1) = 4 (s)_(2M-1) A^(1-s-2M) / (2 pi)^2M,
// from R = -integral_N^inf B~_2M(t)/(2M)! f^(2M)(t) dt with f(t) = (a + t)^-s, f^(2M)(t) = (s)_2M
// (a + t)^(-s-2M) > 0, |B~_2M(t)| <= |B_2M| and |B_2M|/(2M)! = 2 zeta(2M)/(2 pi)^2M <= 4/(2 pi)^2M
// ((s)_m is the rising factorial s (s + 1) ... (s + m - 1)). B_2j/(2j)! = (-1)^(j+1) 2 zeta(2j)/(2 pi)^2j,
// with MPFR's zeta at even integers.
//
// Rounding: the bases a + k, A and the exponents -s, 1 - s, -s - 2j + 1 are exact (exactSumPrecision);
// each power is then one correctly rounded MPFR call (u). A correction term carries at most (6j + 6) u
// (its coefficient (2j + 3) u, the rising factorial 4j u, the power and two products 3 u); the direct
// terms u; the integral and half terms 2u. The sum of K terms adds K u of the sum of the terms'
// magnitudes S. So |error| <= 2 u S (N + 7M + 10) + |R| (+ the tail bound on the direct path).
Approximation hurwitzZetaStep(mpfr_ptr out, mpfr_srcptr s, mpfr_srcptr a) {
  const mpfr_prec_t q = mpfr_get_prec(out);
  const mpfr_prec_t w = q + 16;
  // First index with a + k > 0; the caller keeps a above -2^20, and a is not an integer where it is <= 0.
  MpFloat floor_neg_a(64);
  mpfr_neg(floor_neg_a, a, MPFR_RNDN);
  mpfr_floor(floor_neg_a, floor_neg_a);
  const long first_positive = mpfr_sgn(a) > 0 ? 0 : mpfr_get_si(floor_neg_a, MPFR_RNDN) + 1;
  const long n = first_positive + static_cast<long>(w);
  MpFloat base(exactSumPrecision(a)), neg_s(exactSumPrecision(s)), exponent(exactSumPrecision(s));
  MpFloat term(w), sum(w), magnitude(64), scratch(64);
  mpfr_neg(neg_s, s, MPFR_RNDN);
  mpfr_set_zero(sum, 1);
  mpfr_set_zero(magnitude, 1);
  auto add = [&](mpfr_srcptr t) {
    mpfr_add(sum, sum, t, MPFR_RNDN);
    mpfr_abs(scratch, t, MPFR_RNDU);
    mpfr_add(magnitude, magnitude, scratch, MPFR_RNDU);
  };
  for (long k = 0; k < n; ++k) {
    mpfr_add_si(base, a, k, MPFR_RNDN);  // exact
    mpfr_pow(term, base, neg_s, MPFR_RNDN);
    add(term);
  }
  mpfr_add_si(base, a, n, MPFR_RNDN);  // A, exact and > 0
  MpFloat error(64), bound(64), s_minus_one(exactSumPrecision(s));
  mpfr_sub_ui(s_minus_one, s, 1, MPFR_RNDN);  // exact, > 0
  // Direct: tail bound A^-s + A^(1-s)/(s-1), upward.
  mpfr_pow(bound, base, neg_s, MPFR_RNDU);
  mpfr_neg(exponent, s_minus_one, MPFR_RNDN);  // 1 - s, exact
  mpfr_pow(scratch, base, exponent, MPFR_RNDU);
  mpfr_div(scratch, scratch, s_minus_one, MPFR_RNDU);
  mpfr_add(bound, bound, scratch, MPFR_RNDU);
  mpfr_abs(scratch, sum, MPFR_RNDD);
  mpfr_mul_2si(scratch, scratch, -w, MPFR_RNDD);
  if (mpfr_cmp(bound, scratch) <= 0) {
    mpfr_div_2ui(scratch, bound, 1, MPFR_RNDU);
    mpfr_add(out, sum, scratch, MPFR_RNDN);
    roundingErrorBound(error, magnitude, n + 10, w);  // the terms, the sum and the tail's half
    mpfr_add(error, error, scratch, MPFR_RNDU);       // half the tail bound
    return withFinalRounding(error, out);
  }
  // Euler-Maclaurin.
  const long m = static_cast<long>(w) / 4 + 2;
  mpfr_pow(term, base, exponent, MPFR_RNDN);  // A^(1-s)
  mpfr_div(term, term, s_minus_one, MPFR_RNDN);
  add(term);
  mpfr_pow(term, base, neg_s, MPFR_RNDN);  // A^-s / 2
  mpfr_div_2ui(term, term, 1, MPFR_RNDN);
  add(term);
  MpFloat two_pi(w), coefficient(w), rising(w), factor(w), power(w), rising_up(64), factor_up(64);
  mpfr_const_pi(two_pi, MPFR_RNDN);
  mpfr_mul_2ui(two_pi, two_pi, 1, MPFR_RNDN);
  mpfr_set(rising, s, MPFR_RNDN);  // (s)_1
  mpfr_set(rising_up, s, MPFR_RNDU);
  for (long j = 1; j <= m; ++j) {
    if (j > 1) {  // (s)_(2j-1) = (s)_(2j-3) (s + 2j - 3) (s + 2j - 2)
      for (long i = 2 * j - 3; i <= 2 * j - 2; ++i) {
        mpfr_add_si(factor, s, i, MPFR_RNDN);
        mpfr_mul(rising, rising, factor, MPFR_RNDN);
        mpfr_add_si(factor_up, s, i, MPFR_RNDU);
        mpfr_mul(rising_up, rising_up, factor_up, MPFR_RNDU);
      }
    }
    mpfr_zeta_ui(coefficient, 2 * j, MPFR_RNDN);
    mpfr_pow_ui(power, two_pi, 2 * j, MPFR_RNDN);
    mpfr_div(coefficient, coefficient, power, MPFR_RNDN);
    mpfr_mul_2ui(coefficient, coefficient, 1, MPFR_RNDN);
    if (j % 2 == 0) mpfr_neg(coefficient, coefficient, MPFR_RNDN);
    mpfr_sub_si(exponent, neg_s, 2 * j - 1, MPFR_RNDN);  // -s - 2j + 1, exact
    mpfr_pow(power, base, exponent, MPFR_RNDN);
    mpfr_mul(term, coefficient, rising, MPFR_RNDN);
    mpfr_mul(term, term, power, MPFR_RNDN);
    add(term);
  }
  mpfr_set(out, sum, MPFR_RNDN);
  // |R| <= 4 (s)_(2M-1) A^(1-s-2M) / (2 pi)^2M, each factor rounded outward.
  MpFloat pi_down(64), remainder(64);
  mpfr_const_pi(pi_down, MPFR_RNDD);
  mpfr_mul_2ui(pi_down, pi_down, 1, MPFR_RNDD);
  mpfr_pow_ui(pi_down, pi_down, 2 * m, MPFR_RNDD);
  mpfr_pow(remainder, base, exponent, MPFR_RNDU);  // exponent: -s - 2M + 1, from the last term (j = M)
  mpfr_mul(remainder, remainder, rising_up, MPFR_RNDU);
  mpfr_div(remainder, remainder, pi_down, MPFR_RNDU);
  mpfr_mul_2ui(remainder, remainder, 2, MPFR_RNDU);
  roundingErrorBound(error, magnitude, n + 7 * m + 10, w);
  mpfr_add(error, error, remainder, MPFR_RNDU);
  return withFinalRounding(error, out);
}

// --- bessel_i1e --------------------------------------------------------------------------------------------

// I1(x) = sum_k t_k, t_k = (x/2)^(2k+1) / (k! (k+1)!), all positive for x > 0; t_(k+1) = t_k r_k with
// r_k = (x/2)^2 / ((k+1)(k+2)), decreasing in k. Once r_(K) <= 1/2, the tail after t_K is at most
// t_K r_K / (1 - r_(K+1)) <= 2 t_K r_K. Each t_k carries 2k u (a product and a division per step), the
// sum of positive terms K u more, e^-x and the product 2u: relative to the result e^-x I,
// |error| <= 2 (3K + 2) u e^-x I + 2 * 2 t_K r_K e^-x, plus the rounding to q bits.
Approximation besselI1eSeriesStep(mpfr_ptr out, mpfr_srcptr x) {
  const mpfr_prec_t q = mpfr_get_prec(out);
  const mpfr_prec_t w = q + 24;
  MpFloat half(66), y(140), term(w), sum(w), ratio(64), tail(64), e(w), error(64), scratch(64);
  mpfr_div_2ui(half, x, 1, MPFR_RNDN);  // exact
  mpfr_sqr(y, half, MPFR_RNDN);         // exact: 2 * 66 bits
  mpfr_set(term, half, MPFR_RNDN);
  mpfr_set(sum, term, MPFR_RNDN);
  unsigned long k = 0;
  for (;; ++k) {
    const unsigned long denominator = (k + 1) * (k + 2);
    mpfr_div_ui(ratio, y, denominator, MPFR_RNDU);  // r_k, upward
    // Stop once r_k <= 1/2 and the tail bound 2 t_k r_k is below 2^-w of the sum.
    if (mpfr_cmp_d(ratio, 0.5) <= 0) {
      mpfr_mul(tail, term, ratio, MPFR_RNDU);
      mpfr_mul_2ui(tail, tail, 1, MPFR_RNDU);
      mpfr_mul_2si(scratch, sum, -w, MPFR_RNDD);
      if (mpfr_cmp(tail, scratch) <= 0) break;
    }
    mpfr_mul(term, term, y, MPFR_RNDN);
    mpfr_div_ui(term, term, denominator, MPFR_RNDN);
    mpfr_add(sum, sum, term, MPFR_RNDN);
  }
  mpfr_neg(e, x, MPFR_RNDN);
  mpfr_exp(e, e, MPFR_RNDN);
  mpfr_mul(out, sum, e, MPFR_RNDN);
  mpfr_abs(scratch, out, MPFR_RNDU);
  roundingErrorBound(error, scratch, 3 * k + 2, w);
  mpfr_mul(tail, tail, e, MPFR_RNDU);  // tail e^-x, doubled for e's rounding
  mpfr_mul_2ui(tail, tail, 1, MPFR_RNDU);
  mpfr_add(error, error, tail, MPFR_RNDU);
  return withFinalRounding(error, out);
}

// For x > kBesselI1eSeriesLimit (docs/design/chlo.md derives it from I1's integral over [-1, 1]):
//   e^-x I1(x) = (2 pi x)^-1/2 [sum_(k<K) a_k x^-k + E],  a_0 = 1, a_(k+1) = a_k (2k - 1)(2k + 3) / (8 (k + 1)),
//   |E| <= (3/2)_K / (2x)^K + 2^-5900,
// the last term for the integral's part beyond [0, 2] (at most 4K sqrt(x) e^-2x <= e^-x while K <= x/2).
// Every a_k with k >= 1 is negative and |a_1 / x| < 1e-4, so the bracket lies in (0.999, 1]: its error
// bound is also, within a factor 2, relative to the result. Term k carries 3k roundings, the sum K more,
// the factor (2 pi x)^-1/2 and the product 4: |error| <= 2 (4K + 8) 2u |result| + 4 |E| |result|.
Approximation besselI1eAsymptoticStep(mpfr_ptr out, mpfr_srcptr x) {
  constexpr unsigned long kMaxTerms = kBesselI1eSeriesLimit / 2;  // keeps K <= x/2
  const mpfr_prec_t w = mpfr_get_prec(out) + 24;
  MpFloat term(w), sum(w), scale(w), remainder(64), bound(64), error(64), magnitude(64);
  mpfr_set_ui(term, 1, MPFR_RNDN);
  mpfr_set_ui(sum, 1, MPFR_RNDN);
  mpfr_set_ui(remainder, 3, MPFR_RNDU);  // (3/2)_1 / (2x)^1 = 3 / (4x), upward
  mpfr_div(remainder, remainder, x, MPFR_RNDU);
  mpfr_div_2ui(remainder, remainder, 2, MPFR_RNDU);
  unsigned long terms = 1;
  // The sum is above 1/2, so a remainder below 2^-w of it is below 2^-w.
  while (terms < kMaxTerms && mpfr_cmp_ui_2exp(remainder, 1, -w) > 0) {
    const long k = static_cast<long>(terms) - 1;  // term_(k+1) from term_k
    mpfr_mul_si(term, term, (2 * k - 1) * (2 * k + 3), MPFR_RNDN);
    mpfr_div_ui(term, term, 8 * (k + 1), MPFR_RNDN);
    mpfr_div(term, term, x, MPFR_RNDN);
    mpfr_add(sum, sum, term, MPFR_RNDN);
    mpfr_mul_ui(remainder, remainder, 2 * terms + 3, MPFR_RNDU);  // (3/2)_(K+1) / (2x)^(K+1)
    mpfr_div(remainder, remainder, x, MPFR_RNDU);
    mpfr_div_2ui(remainder, remainder, 2, MPFR_RNDU);
    ++terms;
  }
  mpfr_const_pi(scale, MPFR_RNDN);
  mpfr_mul_2ui(scale, scale, 1, MPFR_RNDN);
  mpfr_mul(scale, scale, x, MPFR_RNDN);
  mpfr_rec_sqrt(scale, scale, MPFR_RNDN);
  mpfr_mul(out, sum, scale, MPFR_RNDN);
  mpfr_abs(magnitude, out, MPFR_RNDU);
  mpfr_mul_2ui(magnitude, magnitude, 1, MPFR_RNDU);
  roundingErrorBound(error, magnitude, 4 * terms + 8, w);
  mpfr_set_ui_2exp(bound, 1, -5900, MPFR_RNDU);
  mpfr_add(bound, bound, remainder, MPFR_RNDU);
  mpfr_mul(bound, bound, magnitude, MPFR_RNDU);
  mpfr_mul_2ui(bound, bound, 1, MPFR_RNDU);  // 4 |E| |result|
  mpfr_add(error, error, bound, MPFR_RNDU);
  return withFinalRounding(error, out);
}

Approximation besselI1eStep(mpfr_ptr out, mpfr_srcptr x) {
  return mpfr_cmp_ui(x, kBesselI1eSeriesLimit) <= 0 ? besselI1eSeriesStep(out, x) : besselI1eAsymptoticStep(out, x);
}

}  // namespace hloconf::ref
