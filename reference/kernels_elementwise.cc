// Elementwise arithmetic and math: every float result is the exact value rounded once to the result type
// (reference/numerics.h), complex results through MPC with the same rule per part, integers wrap.
// Implementation-defined cases (integer division by zero and overflow, negative integer exponents) are
// marked on the result element; docs/semantics.md lists each rule.
#include <bit>
#include <cmath>

#include "reference/elementwise.h"
#include "reference/fast_math.h"
#include "reference/fast_math_chlo.h"
#include "reference/fast_math_f64.h"
#include "reference/numerics.h"

namespace hloconf::ref {
namespace {

using Results = absl::StatusOr<std::vector<RtValue>>;
using MpfrUnary = int (*)(mpfr_ptr, mpfr_srcptr, mpfr_rnd_t);
using MpfrBinary = int (*)(mpfr_ptr, mpfr_srcptr, mpfr_srcptr, mpfr_rnd_t);
using MpcUnary = int (*)(mpc_ptr, mpc_srcptr, mpc_rnd_t);
using MpcBinary = int (*)(mpc_ptr, mpc_srcptr, mpc_srcptr, mpc_rnd_t);

bool isNaN(ElementType t, uint64_t bits) { return classifyFloat(t, bits) == FloatClass::kNaN; }

// A signalling NaN: an IEEE-style NaN (a format with infinities) whose top stored mantissa bit is clear.
bool isSignalingNaN(ElementType t, uint64_t bits) {
  const FloatFormat& f = floatFormat(t);
  return f.has_infinity && f.mantissa_bits > 0 && isNaN(t, bits) && ((bits >> (f.mantissa_bits - 1)) & 1) == 0;
}

// A complex value with a NaN or infinite part. The spec gives complex functions no special-value rules
// (C Annex G is one convention, and libraries differ from it: naive (ac - bd) + (ad + bc)i products,
// unspecified signs of infinities and zeros), so results computed from such operands by multiply, divide,
// power, atan2, logistic and the complex math functions are marked implementation-defined.
bool nonFiniteComplex(ElementType ct, const Elem& x) {
  const ElementType part = complexPartType(ct);
  const FloatClass re = classifyFloat(part, x.re), im = classifyFloat(part, x.im);
  return re == FloatClass::kNaN || re == FloatClass::kInfinity || im == FloatClass::kNaN || im == FloatClass::kInfinity;
}

// --- Real floats ---------------------------------------------------------------------------------------------

uint64_t realUnary(ElementType t, uint64_t x, MpfrUnary f) {
  ScratchFloat a(64);
  decodeFloat(t, x, a);
  return roundCorrectly(t, [&](mpfr_ptr out) { return roundedByMpfr(out, f(out, a, MPFR_RNDN)); });
}

uint64_t realBinary(ElementType t, uint64_t x, uint64_t y, MpfrBinary f) {
  ScratchFloat a(64), b(64);
  decodeFloat(t, x, a);
  decodeFloat(t, y, b);
  return roundCorrectly(t, [&](mpfr_ptr out) { return roundedByMpfr(out, f(out, a, b, MPFR_RNDN)); });
}

// x^y. A power can lie beyond MPFR's exponent range even at its widest (|log2 x^y| above about 2^62,
// e.g. (2^-1)^(2^127) = 2^-(2^127) in f8E8M0FNU): MPFR then sets its underflow flag and returns a zero
// (or its smallest number) of the exact value's sign, with no usable error bound, and a zero in
// f8E8M0FNU is NaN. The exact value is then nonzero, of that sign, and below 2^(emin - 1) in magnitude
// (emin = MPFR's minimum exponent, about -2^62), far below half the smallest subnormal of every format
// (2^-1075 for f64): every such value rounds as MPFR's smallest number of that sign does, to a zero of
// that sign (+0 in FNUZ formats) or, in f8E8M0FNU, to 2^-127 (docs/element-types.md). Overflow gives an
// infinity of the right sign, which every format's overflow rule maps already.
uint64_t realPower(ElementType t, uint64_t x, uint64_t y) {
  MpFloat a(64), b(64);
  decodeFloat(t, x, a);
  decodeFloat(t, y, b);
  return roundCorrectly(t, [&](mpfr_ptr out) -> Approximation {
    mpfr_clear_underflow();
    const int ternary = mpfr_pow(out, a, b, MPFR_RNDN);
    if (!mpfr_underflow_p()) return roundedByMpfr(out, ternary);
    mpfr_clear_underflow();
    const bool negative = mpfr_signbit(out) != 0;
    mpfr_set_ui_2exp(out, 1, mpfr_get_emin() - 1, MPFR_RNDN);  // MPFR's smallest positive number
    mpfr_setsign(out, out, negative, MPFR_RNDN);
    return {true, 0};  // rounds as the exact value does (above)
  });
}

// Exact operations: integral rounding, with MPFR's exact functions.
int mpfrFloor(mpfr_ptr r, mpfr_srcptr x, mpfr_rnd_t) { return mpfr_floor(r, x); }
int mpfrCeil(mpfr_ptr r, mpfr_srcptr x, mpfr_rnd_t) { return mpfr_ceil(r, x); }
int mpfrRoundAfz(mpfr_ptr r, mpfr_srcptr x, mpfr_rnd_t) { return mpfr_round(r, x); }
int mpfrRoundEven(mpfr_ptr r, mpfr_srcptr x, mpfr_rnd_t) { return mpfr_roundeven(r, x); }
// 1/sqrt(x); IEEE 754 rSqrt(-0) is -infinity (MPFR gives +infinity for both zeros).
int mpfrRsqrt(mpfr_ptr r, mpfr_srcptr x, mpfr_rnd_t rnd) {
  if (mpfr_zero_p(x) && mpfr_signbit(x)) {
    mpfr_set_inf(r, -1);
    return 0;
  }
  return mpfr_rec_sqrt(r, x, rnd);
}

// logistic(x) = 1 / (1 + exp(-x)): exp and the sum at 8 extra bits (relative error below 2^-(p+6)),
// then the division rounded at the working precision: within 2 ulps of the working precision.
uint64_t realLogistic(ElementType t, uint64_t x) {
  MpFloat a(64);
  decodeFloat(t, x, a);
  return roundCorrectly(t, [&](mpfr_ptr out) {
    MpFloat e(mpfr_get_prec(out) + 8);
    mpfr_neg(e, a, MPFR_RNDN);
    int inexact = mpfr_exp(e, e, MPFR_RNDN) != 0;
    inexact |= mpfr_add_ui(e, e, 1, MPFR_RNDN) != 0;
    inexact |= mpfr_ui_div(out, 1, e, MPFR_RNDN) != 0;
    return withinUlps(out, 1, inexact);
  });
}

uint64_t realSign(ElementType t, uint64_t x) {
  switch (classifyFloat(t, x)) {
    case FloatClass::kNaN:
    case FloatClass::kZero: return x;
    default: break;
  }
  MpFloat a(64), one(8);
  decodeFloat(t, x, a);
  mpfr_set_si(one, mpfr_signbit(a) ? -1 : 1, MPFR_RNDN);
  return encodeFloat(t, one);
}

// Sign flips and absolute values are exact: done on the value so that formats without a sign bit or
// with NaN at the negative-zero encoding keep their rules.
uint64_t realNegate(ElementType t, uint64_t x, bool absolute) {
  if (isNaN(t, x)) return x;
  MpFloat a(64);
  decodeFloat(t, x, a);
  if (absolute) {
    mpfr_abs(a, a, MPFR_RNDN);
  } else {
    mpfr_neg(a, a, MPFR_RNDN);
  }
  return encodeFloat(t, a);
}

// --- Complex -----------------------------------------------------------------------------------------------

void toMpc(ElementType part, Elem x, mpc_ptr z) {
  decodeFloat(part, x.re, mpc_realref(z));
  decodeFloat(part, x.im, mpc_imagref(z));
}

Elem complexResult(const std::pair<uint64_t, uint64_t>& bits) { return {bits.first, bits.second}; }

bool finiteComplex(MpComplex& z) { return mpfr_number_p(z.re()) && mpfr_number_p(z.im()); }

Elem complexUnary(ElementType ct, Elem x, MpcUnary f) {
  const ElementType part = complexPartType(ct);
  ScratchComplex a(64);
  toMpc(part, x, a);
  return complexResult(roundComplexCorrectly(part, [&](mpc_ptr out) { return roundedByMpc(out, f(out, a, MPC_RNDNN)); }));
}

Elem complexBinary(ElementType ct, Elem x, Elem y, MpcBinary f) {
  const ElementType part = complexPartType(ct);
  ScratchComplex a(64), b(64);
  toMpc(part, x, a);
  toMpc(part, y, b);
  return complexResult(roundComplexCorrectly(part, [&](mpc_ptr out) { return roundedByMpc(out, f(out, a, b, MPC_RNDNN)); }));
}

// Both parts of a composed complex result, each within 2^ulps_log2 ulps of the working precision.
ComplexApproximation complexWithinUlps(mpc_ptr out, int ulps_log2, bool inexact_re, bool inexact_im) {
  return {withinUlps(mpc_realref(out), ulps_log2, inexact_re), withinUlps(mpc_imagref(out), ulps_log2, inexact_im)};
}

// 1/sqrt(z): sqrt at 8 extra bits (each part within 2^-(p+8) relative), then the reciprocal
// conj(w)/|w|^2, whose parts then carry at most 3 such relative errors, plus MPC's rounding.
int mpcRsqrt(mpc_ptr r, mpc_srcptr z, mpc_rnd_t rnd) {
  MpComplex w(mpfr_get_prec(mpc_realref(r)) + 8);
  mpc_sqrt(w, z, rnd);
  mpc_ui_div(r, 1, w, rnd);
  return 1;
}

// On the real axis, z = x +- 0i with x finite and nonzero, one part of 1/sqrt(z) is an exact zero, which
// the bound above cannot settle (an inexact zero straddles both zeros: the loop ran to its 65536-bit cap),
// so both parts are given directly. rsqrt is 1/sqrt = z^(-1/2) = exp(-log(z)/2), whose signed zeros follow
// from Annex G's csqrt(conj z) = conj(csqrt z), clog(conj z) = conj(clog z), cexp(conj z) = conj(cexp z):
// rsqrt(conj z) = conj(rsqrt z), and each zero part has the sign of the limit from the side its zero
// says (z = x + s eps i, eps -> +0).
// - x > 0: sqrt(x + s0i) = sqrt(x) + s0i, and 1/w = conj(w)/|w|^2 = (1/sqrt(x)) - s0i. So the imaginary
//   part is -0 for +0 and +0 for -0 (limit: rsqrt(x + s eps i) ~ x^(-1/2) (1 - s eps i/(2x))), as
//   exp(-log(z)/2) = exp(ln(x)/-2 - s0i) gives and power(z, -0.5) computes. The textbook quotient
//   (bc - ad)/|w|^2 would give 0 - s0 = +0 for both signs, losing the symmetry.
// - x < 0: sqrt(x + s0i) = +0 + s sqrt(|x|) i, and its reciprocal is +0 - s i/sqrt(|x|) (the branch cut:
//   -i/sqrt(|x|) above the axis, +i below). The real part is +0 from both sides (limit: Re rsqrt(x + s
//   eps i) ~ eps/(2 |x|^(3/2)) > 0).
// The nonzero part is the real rsqrt of |x|, correctly rounded; the imaginary part negated is exact.
Elem complexRsqrt(ElementType ct, Elem x) {
  const ElementType part = complexPartType(ct);
  MpComplex a(64);
  toMpc(part, x, a);
  if (finiteComplex(a) && mpfr_zero_p(a.im()) && !mpfr_zero_p(a.re())) {
    const bool above = !mpfr_signbit(a.im());  // z = x + 0i
    MpFloat zero(8), magnitude(64);
    mpfr_abs(magnitude, a.re(), MPFR_RNDN);  // exact
    const uint64_t r = roundCorrectly(part, [&](mpfr_ptr out) { return roundedByMpfr(out, mpfr_rec_sqrt(out, magnitude, MPFR_RNDN)); });
    if (mpfr_sgn(a.re()) > 0) {
      mpfr_set_zero(zero, above ? -1 : 1);
      return {r, encodeFloat(part, zero)};
    }
    mpfr_set_zero(zero, 1);
    return {encodeFloat(part, zero), above ? realNegate(part, r, false) : r};
  }
  return complexResult(roundComplexCorrectly(part, [&](mpc_ptr out) {
    mpcRsqrt(out, a, MPC_RNDNN);
    if (!finiteComplex(a)) return ComplexApproximation{{true, 0}, {true, 0}};
    return complexWithinUlps(out, 1, true, true);
  }));
}

// sign(z) = z / |z| (0 for 0, NaN if a part is NaN), as the spec defines it.
Elem complexSign(ElementType ct, Elem x) {
  const ElementType part = complexPartType(ct);
  MpComplex a(64);
  toMpc(part, x, a);
  return complexResult(roundComplexCorrectly(part, [&](mpc_ptr out) {
    if (mpfr_nan_p(a.re()) || mpfr_nan_p(a.im())) {
      mpfr_set_nan(mpc_realref(out));
      mpfr_set_nan(mpc_imagref(out));
      return ComplexApproximation{{true, 0}, {true, 0}};
    }
    if (mpfr_zero_p(a.re()) && mpfr_zero_p(a.im())) {
      mpc_set_ui(out, 0, MPC_RNDNN);
      return ComplexApproximation{{true, 0}, {true, 0}};
    }
    MpFloat magnitude(mpfr_get_prec(mpc_realref(out)) + 8);
    bool inexact = mpc_abs(magnitude, a, MPFR_RNDN) != 0;
    bool inexact_re = mpfr_div(mpc_realref(out), a.re(), magnitude, MPFR_RNDN) != 0 || inexact;
    bool inexact_im = mpfr_div(mpc_imagref(out), a.im(), magnitude, MPFR_RNDN) != 0 || inexact;
    return complexWithinUlps(out, 1, inexact_re, inexact_im);
  }));
}

// expm1(a + bi) = (expm1(a) cos b - 2 sin^2(b/2)) + i exp(a) sin b. The real part may cancel, so its error
// bound is absolute: 4 * 2^-q * (|T1| + |T2|) for the two terms at working precision q, plus the final
// rounding.
//
// Far left, a <= -kExpm1Far (1100) with b a nonzero float: e^a <= e^-1100 < 2^-1586 =: eps.
// - Im = e^a sin b: b is a nonzero float, so sin b != 0 (the zeros of sin are 0 and the irrational
//   multiples k pi), and |Im| < eps, far below half the smallest subnormal of every part format (2^-1075
//   for f64, 2^-150 for f32): it rounds to the zero of the sign of sin b (MPFR's correctly rounded sin,
//   which has the exact value's sign since MPFR's exponent range cannot underflow it).
// - Re = -1 + e^a cos b, within eps of -1, far inside half the gap between -1 and its neighbours
//   (2^-54 toward 0 for f64, 2^-25 for f32): it rounds to -1.
// Without this, a below about -3.2e18 made MPFR's exp(a) underflow to 0: the imaginary part became an
// inexact zero with the conservative bound 2^emin, which straddles both zeros, and the loop doubled the
// working precision up to its 65536-bit cap (with trig of b at each step).
constexpr long kExpm1Far = 1100;

Elem complexExpm1(ElementType ct, Elem x) {
  const ElementType part = complexPartType(ct);
  MpComplex a(64);
  toMpc(part, x, a);
  if (finiteComplex(a) && !mpfr_zero_p(a.im()) && mpfr_cmp_si(a.re(), -kExpm1Far) <= 0) {
    MpFloat s(64), minus_one(8), zero_im(8);
    mpfr_sin(s, a.im(), MPFR_RNDN);
    mpfr_set_si(minus_one, -1, MPFR_RNDN);
    mpfr_set_zero(zero_im, mpfr_signbit(s) ? -1 : 1);
    return {encodeFloat(part, minus_one), encodeFloat(part, zero_im)};
  }
  return complexResult(roundComplexCorrectly(part, [&](mpc_ptr out) -> ComplexApproximation {
    if (!finiteComplex(a)) {
      mpc_exp(out, a, MPC_RNDNN);
      mpc_sub_ui(out, out, 1, MPC_RNDNN);
      return {{true, 0}, {true, 0}};
    }
    const mpfr_prec_t p = mpfr_get_prec(mpc_realref(out));
    const mpfr_prec_t q = p + 16;
    if (mpfr_zero_p(a.im())) {  // real axis: expm1(a) exactly as the real function, imaginary part 0 * exp(a)
      int t = mpfr_expm1(mpc_realref(out), a.re(), MPFR_RNDN);
      mpfr_set_zero(mpc_imagref(out), mpfr_signbit(a.im()) ? -1 : 1);
      return {roundedByMpfr(mpc_realref(out), t), {true, 0}};
    }
    MpFloat e(q), c(q), s(q), t1(q), t2(q), half_b(q);
    mpfr_expm1(e, a.re(), MPFR_RNDN);
    mpfr_cos(c, a.im(), MPFR_RNDN);
    mpfr_mul(t1, e, c, MPFR_RNDN);
    mpfr_div_2ui(half_b, a.im(), 1, MPFR_RNDN);
    mpfr_sin(s, half_b, MPFR_RNDN);
    mpfr_sqr(t2, s, MPFR_RNDN);
    mpfr_mul_2ui(t2, t2, 1, MPFR_RNDN);
    mpfr_sub(mpc_realref(out), t1, t2, MPFR_RNDN);
    // Error: terms within 3 roundings each at q bits; the final subtraction within half an ulp at p bits.
    // (Exponents of zero terms do not count; with both terms zero the real part is an exact zero.)
    // A term that overflowed MPFR's range (a near 2^62) makes the real part infinite or NaN: taken as is.
    Approximation re_approx{true, 0};
    if (mpfr_number_p(t1) && mpfr_number_p(t2) && mpfr_number_p(mpc_realref(out)) && (!mpfr_zero_p(t1) || !mpfr_zero_p(t2))) {
      const mpfr_exp_t term_exp = mpfr_zero_p(t1)   ? mpfr_get_exp(t2)
                                  : mpfr_zero_p(t2) ? mpfr_get_exp(t1)
                                                    : std::max(mpfr_get_exp(t1), mpfr_get_exp(t2));
      mpfr_exp_t err = term_exp + 3 - q;
      if (!mpfr_zero_p(mpc_realref(out))) err = std::max(err, mpfr_get_exp(mpc_realref(out)) - p) + 1;
      re_approx = {false, err};
    }
    // Imaginary part: exp(a) sin(b), a product of correctly rounded factors.
    MpFloat ea(q), sb(q);
    mpfr_exp(ea, a.re(), MPFR_RNDN);
    mpfr_sin(sb, a.im(), MPFR_RNDN);
    mpfr_mul(mpc_imagref(out), ea, sb, MPFR_RNDN);
    return {re_approx, withinUlps(mpc_imagref(out), 1, 1)};
  }));
}

// log1p(a + bi) = log|1 + z| + i arg(1 + z), with log|1 + z| = log1p(2a + a^2 + b^2) / 2 where the sum is
// computed exactly (a and b are floats), so no cancellation error enters.
Elem complexLog1p(ElementType ct, Elem x) {
  const ElementType part = complexPartType(ct);
  MpComplex a(64);
  toMpc(part, x, a);
  return complexResult(roundComplexCorrectly(part, [&](mpc_ptr out) -> ComplexApproximation {
    if (!finiteComplex(a)) {
      MpComplex one_plus(mpfr_get_prec(mpc_realref(out)) + 64);
      mpc_add_ui(one_plus, a, 1, MPC_RNDNN);
      mpc_log(out, one_plus, MPC_RNDNN);
      return {{true, 0}, {true, 0}};
    }
    const mpfr_prec_t exact = 4600;  // covers a^2 + b^2 + 2a for every f64 pair exactly
    MpFloat sum(exact), sq(exact), one_plus_a(exact);
    mpfr_sqr(sum, a.re(), MPFR_RNDN);
    mpfr_sqr(sq, a.im(), MPFR_RNDN);
    mpfr_add(sum, sum, sq, MPFR_RNDN);
    mpfr_mul_2ui(sq, a.re(), 1, MPFR_RNDN);
    mpfr_add(sum, sum, sq, MPFR_RNDN);
    int t_re = mpfr_log1p(mpc_realref(out), sum, MPFR_RNDN);
    mpfr_div_2ui(mpc_realref(out), mpc_realref(out), 1, MPFR_RNDN);
    mpfr_add_ui(one_plus_a, a.re(), 1, MPFR_RNDN);
    int t_im = mpfr_atan2(mpc_imagref(out), a.im(), one_plus_a, MPFR_RNDN);
    return {roundedByMpfr(mpc_realref(out), t_re), roundedByMpfr(mpc_imagref(out), t_im)};
  }));
}

// logistic(z) = 1 / (1 + exp(-z)). s = 1 + exp(-z) can cancel, so the step bounds the error of s
// (absolutely, from the relative errors of exp's parts) and carries it through the reciprocal:
// |1/(s + d) - 1/s| <= |d| / (|s| (|s| - |d|)).
//
// That absolute bound cannot decide a part whose exact value is far below it: for z = 1e5 + 3i the
// imaginary part is about e^(-1e5) sin 3, which rounds to +0, but the bound ~2^-q straddles zero until q
// reaches ~144k bits. So, with z = x + iy finite and w = e^(-z) = e^(-x) (cos y - i sin y):
//   logistic(z) = conj(1 + w) / |1 + w|^2, so
//   Re = (1 + e^(-x) cos y) / N,  Im = e^(-x) sin y / N,  N = |1 + w|^2 = (1 + e^(-x) cos y)^2 + (e^(-x) sin y)^2.
// - y = +-0: the exact value is real, logistic(x), and the imaginary part is +0 (MPC's conj(s)/|s|^2
//   gives +0 for both signs of y; kept). The real part is the real logistic, correctly rounded.
//   Otherwise y is a nonzero float, so sin y != 0 and cos y != 0 (their zeros are irrational multiples
//   of pi/2), and Im has exactly the sign of sin y.
// - x >= kLogisticFar (1100): e^(-x) < e^-1100 < 2^-1586 =: eps. |Re - 1| <= |w| (1 + |w|) / (1 - |w|)^2
//   < 3 eps, far inside half an ulp of 1 (2^-54 below 1 for f64, 2^-25 for f32), so Re rounds to 1;
//   |Im| <= eps / (1 - eps)^2 < 2 eps, far below half the smallest subnormal (2^-1075 for f64), so Im
//   rounds to the zero of the sign of sin y.
// - x <= -kLogisticFar: E = e^(-x) > 2^1586. Im has the sign of sin y; Re has the sign of
//   1 + E cos y, which is that of cos y once E |cos y| > 1 (checked: |cos y| >= 2^-1000, true for
//   every float y we can meet, is verified at run time from MPFR's correctly rounded cos).
//   |logistic(z)| = 1 / |1 + w| <= 1 / (E - 1) < 2^-1585: both parts round to zeros of those signs.
// - 1 <= x < kLogisticFar: |w| <= e^-1 < 0.37, so 1 + e^(-x) cos y >= 0.63 and nothing cancels. With
//   each operation rounded to nearest at q = p + 8 bits (relative error u = 2^-q each): E C and E S
//   within 3u; A = 1 + E C within 0.37 * 3u / 0.63 + u < 2.8u; N = A^2 + (E S)^2 (positive terms)
//   within 8u; A / N and E S / N within 12u (first order; 13u covers the higher-order terms). 13u is
//   below 2^-(p+4) relative, i.e. a sixteenth of an ulp at p bits, plus the final rounding to p bits
//   (half an ulp): within 2 ulps of `out`. The sign of zero never arises there (both parts nonzero).
// - -kLogisticFar < x < 1 with cos y > 0 (the sign of MPFR's correctly rounded cos y, never 0 for a
//   nonzero float y): the same steps. A = 1 + E C is a sum of positive terms, so it keeps the terms'
//   relative error 3u plus its own rounding: 4u; then N within 2 * 4u + u + u = 10u, A / N within
//   14u and E S / N within 13u (first order; 15u covers the higher-order terms, E <= e^1100 cannot
//   overflow MPFR). 15u is still below 2^-(p+4): within 2 ulps as above. The MPC step needed thousands
//   of bits there when a part is far below |w| ~ 1, e.g. logistic(1e-307 + 5e-235i), Im ~ 1.2e-235.
// - otherwise (x < 1 with cos y < 0, or a non-finite part): the MPC formula with the absolute bound
//   above. There |w| > e^-1, so |s| / |w| is bounded and the absolute bound stays relative to the
//   parts' size.
constexpr long kLogisticFar = 1100;

Elem complexLogistic(ElementType ct, Elem x) {
  const ElementType part = complexPartType(ct);
  MpComplex a(64);
  toMpc(part, x, a);
  if (finiteComplex(a)) {
    if (mpfr_zero_p(a.im())) return {realLogistic(part, x.re), 0};  // +0: the bits of +0 in every part format
    if (mpfr_cmp_si(a.re(), kLogisticFar) >= 0 || mpfr_cmp_si(a.re(), -kLogisticFar) <= 0) {
      MpFloat s(64), c(64), one(8), zero_re(8), zero_im(8);
      mpfr_sin(s, a.im(), MPFR_RNDN);  // correctly rounded: the exact nonzero value's sign
      mpfr_cos(c, a.im(), MPFR_RNDN);
      mpfr_set_zero(zero_im, mpfr_signbit(s) ? -1 : 1);
      if (mpfr_sgn(a.re()) > 0) {
        mpfr_set_ui(one, 1, MPFR_RNDN);
        return {encodeFloat(part, one), encodeFloat(part, zero_im)};
      }
      if (!mpfr_zero_p(c) && mpfr_get_exp(c) > -999) {  // |cos y| >= 2^-1000 (see above)
        mpfr_set_zero(zero_re, mpfr_signbit(c) ? -1 : 1);
        return {encodeFloat(part, zero_re), encodeFloat(part, zero_im)};
      }
    } else if (mpfr_cmp_ui(a.re(), 1) >= 0 || [&] {
                 MpFloat c(64);
                 mpfr_cos(c, a.im(), MPFR_RNDN);  // correctly rounded: the exact nonzero value's sign
                 return mpfr_sgn(c.get()) > 0;
               }()) {
      return complexResult(roundComplexCorrectly(part, [&](mpc_ptr out) -> ComplexApproximation {
        const mpfr_prec_t q = mpfr_get_prec(mpc_realref(out)) + 8;
        MpFloat e(q), c(q), s(q), ec(q), es(q), n(q), t(q);
        mpfr_neg(e, a.re(), MPFR_RNDN);  // exact
        mpfr_exp(e, e, MPFR_RNDN);
        mpfr_sin_cos(s, c, a.im(), MPFR_RNDN);
        mpfr_mul(ec, e, c, MPFR_RNDN);
        mpfr_mul(es, e, s, MPFR_RNDN);
        mpfr_add_ui(ec, ec, 1, MPFR_RNDN);  // A = 1 + E C
        mpfr_sqr(n, ec, MPFR_RNDN);
        mpfr_sqr(t, es, MPFR_RNDN);
        mpfr_add(n, n, t, MPFR_RNDN);  // N = A^2 + (E S)^2
        mpfr_div(mpc_realref(out), ec, n, MPFR_RNDN);
        mpfr_div(mpc_imagref(out), es, n, MPFR_RNDN);
        return complexWithinUlps(out, 1, true, true);
      }));
    }
  }
  return complexResult(roundComplexCorrectly(part, [&](mpc_ptr out) -> ComplexApproximation {
    const mpfr_prec_t p = mpfr_get_prec(mpc_realref(out));
    const mpfr_prec_t q = p + 16;
    MpComplex w(q), s(q);
    mpc_neg(w, a, MPC_RNDNN);
    mpc_exp(w, w, MPC_RNDNN);
    mpc_add_ui(s, w, 1, MPC_RNDNN);
    mpc_ui_div(out, 1, s, MPC_RNDNN);
    if (!finiteComplex(a) || !finiteComplex(w)) return {{true, 0}, {true, 0}};
    // |d| <= 2^-q (|w_re| + |w_im| + |s_re|) (two roundings per part at q bits, one ulp each).
    MpFloat d(32), t(32), abs_s(32), denom(32), bound(32);
    mpfr_abs(d, mpc_realref(w.get()), MPFR_RNDU);
    mpfr_abs(t, mpc_imagref(w.get()), MPFR_RNDU);
    mpfr_add(d, d, t, MPFR_RNDU);
    mpfr_abs(t, mpc_realref(s.get()), MPFR_RNDU);
    mpfr_add(d, d, t, MPFR_RNDU);
    mpfr_mul_2si(d, d, 1 - static_cast<long>(q), MPFR_RNDU);
    mpc_abs(abs_s, s, MPFR_RNDD);
    mpfr_sub(denom, abs_s, d, MPFR_RNDD);
    if (mpfr_sgn(denom.get()) <= 0) return {{false, mpfr_get_emax()}, {false, mpfr_get_emax()}};  // retry at more bits
    mpfr_mul(denom, denom, abs_s, MPFR_RNDD);
    mpfr_div(bound, d, denom, MPFR_RNDU);
    const mpfr_exp_t carried = mpfr_zero_p(bound) ? mpfr_get_emin() : mpfr_get_exp(bound);
    auto part_bound = [&](mpfr_srcptr v) -> Approximation {
      mpfr_exp_t rounding = mpfr_zero_p(v) ? mpfr_get_emin() : mpfr_get_exp(v) - p;
      return {false, std::max(carried, rounding) + 1};
    };
    return {part_bound(mpc_realref(out)), part_bound(mpc_imagref(out))};
  }));
}

// cbrt(z), the principal cube root: |z|^(1/3) (cos t + i sin t), t = arg(z) / 3 in (-pi/3, pi/3], where
// cos t >= 1/2 and sin t / t >= 0.82, so both parts keep a relative error below 16 roundings at q bits.
Elem complexCbrt(ElementType ct, Elem x) {
  const ElementType part = complexPartType(ct);
  MpComplex a(64);
  toMpc(part, x, a);
  return complexResult(roundComplexCorrectly(part, [&](mpc_ptr out) -> ComplexApproximation {
    const mpfr_prec_t q = mpfr_get_prec(mpc_realref(out)) + 16;
    if (mpfr_zero_p(a.im()) && !mpfr_nan_p(a.re()) && mpfr_sgn(a.re()) >= 0) {  // non-negative real axis
      int t = mpfr_cbrt(mpc_realref(out), a.re(), MPFR_RNDN);
      mpfr_set(mpc_imagref(out), a.im(), MPFR_RNDN);
      return {roundedByMpfr(mpc_realref(out), t), {true, 0}};
    }
    MpFloat r(q), theta(q), c(q), s(q);
    mpc_abs(r, a, MPFR_RNDN);
    mpfr_cbrt(r, r, MPFR_RNDN);
    mpc_arg(theta, a, MPFR_RNDN);
    mpfr_div_ui(theta, theta, 3, MPFR_RNDN);
    mpfr_cos(c, theta, MPFR_RNDN);
    mpfr_sin(s, theta, MPFR_RNDN);
    mpfr_mul(mpc_realref(out), r, c, MPFR_RNDN);
    mpfr_mul(mpc_imagref(out), r, s, MPFR_RNDN);
    if (!finiteComplex(a)) return {{true, 0}, {true, 0}};
    return complexWithinUlps(out, 1, true, !mpfr_zero_p(s));
  }));
}

// atan2(y, x) for complex y, x: -i log((x + i y) / sqrt(x^2 + y^2)), the formula of the upstream
// interpreter (the spec names "complex atan2" without one). s = x^2 + y^2 and w = x + i y are computed
// exactly (the parts are floats); then r = sqrt(s) and Q = w / r are rounded by MPC at q bits (each part
// within one ulp, so |Q^ - Q| <= 3 * 2^-q |Q|). The result is (arg Q, -log|Q|).
//
// Its parts are computed from exact quantities, with relative error bounds, because either part can be
// an exact zero (atan2(1, 1): -log|Q| = -log 1 = 0) or a tiny value next to a large one, where an absolute
// bound straddles zero forever (the Ziv loop ran to 65536 bits), and because arg jumps by 2 pi across the
// negative real axis, where an approximate Q can land on the wrong side. With v = x - i y (s = w v):
// - |Q|^2 = |w|^2 / |s| = |w| / |v|, so -log|Q| = -log(W / V) / 4 with W = |w|^2, V = |v|^2 computed
//   exactly (s != 0 implies W, V > 0). W = V: the exact part is 0, given as -0 (the formula's
//   -(log 1) = -(+0)). |W - V| <= V/2: -log1p(X) / 4 with X = (W - V) / V rounded at q bits; on
//   [-1/2, 1/2], log1p's derivative is <= 2 and |log1p X| >= 0.81 |X|, so X's rounding moves the
//   result by < 2.5 u relative (u = 2^-q), plus log1p's own rounding. Otherwise R = W / V rounded, and
//   |log R| >= log(3/2) > 0.4 while R's rounding moves log R by < 1.01 u: < 2.6 u relative, plus log's
//   rounding. Both: < 4 u = 2^-(p+14) relative, then rounded to p bits: within 2 ulps of `out`.
// - Q^2 = w^2 / s = w / v = P / V with P = w conj(v) computed exactly, so arg Q = t or t +- pi where
//   t = atan2(Im P, Re P) / 2 in (-pi/2, pi/2]; which one follows from the sign of Re Q (or, when P is a
//   negative real, Q is imaginary and arg Q = +-pi/2 by the sign of Im Q). Those signs are read from Q^:
//   a part of Q^ larger than 4 * 2^-q |Q^| has the sign of the exact part; otherwise the step asks for
//   more precision. P real positive: Q real, arg Q = +0 (Q > 0) or pi (Q < 0; pi, not -pi: the exact
//   imaginary part is 0). Re Q > 0: t, correctly rounded directly. Re Q < 0: t + pi (t < 0) or t - pi
//   (t > 0), |result| >= pi/2 and |t| + pi <= 3 |result|, so the two roundings at q bits and the sum's
//   at p bits keep it within 2 ulps of `out`.
// Special values (a non-finite part, s = 0) and results MPC computed exactly keep the formula's IEEE/Annex
// G result, as before.
Elem complexAtan2(ElementType ct, Elem y, Elem x) {
  const ElementType part = complexPartType(ct);
  MpComplex a(64), b(64);
  toMpc(part, y, a);
  toMpc(part, x, b);
  return complexResult(roundComplexCorrectly(part, [&](mpc_ptr out) -> ComplexApproximation {
    const mpfr_prec_t p = mpfr_get_prec(mpc_realref(out));
    const mpfr_prec_t q = p + 16;
    const mpfr_prec_t exact = 4600;  // products and sums of f64 parts, exactly
    MpComplex s(exact), t(exact), w(exact), v(exact), r(q), quotient(q), log_q(q);
    mpc_sqr(s, b, MPC_RNDNN);
    mpc_sqr(t, a, MPC_RNDNN);
    mpc_add(s, s, t, MPC_RNDNN);
    mpc_mul_i(t, a, 1, MPC_RNDNN);
    mpc_add(w, b, t, MPC_RNDNN);
    mpc_sub(v, b, t, MPC_RNDNN);
    int inexact = mpc_sqrt(r, s, MPC_RNDNN);
    inexact |= mpc_div(quotient, w, r, MPC_RNDNN);
    inexact |= mpc_log(log_q, quotient, MPC_RNDNN);
    int final_inex = mpc_mul_i(out, log_q, -1, MPC_RNDNN);  // -i * L: (im L, -re L)
    if (!finiteComplex(a) || !finiteComplex(b) || !finiteComplex(log_q) || mpc_cmp_si(s, 0) == 0) {
      return {{true, 0}, {true, 0}};  // special values: the formula's IEEE/Annex G result
    }
    if (inexact == 0) return roundedByMpc(out, final_inex);
    const ComplexApproximation retry{{false, mpfr_get_emax()}, {false, mpfr_get_emax()}};
    // W = |w|^2, V = |v|^2, P = w conj(v) (= (Re w Re v + Im w Im v) + i (Im w Re v - Re w Im v)): exact.
    MpFloat big_w(exact), big_v(exact), diff(exact), p_re(exact), p_im(exact), tmp(exact);
    mpc_norm(big_w, w, MPFR_RNDN);
    mpc_norm(big_v, v, MPFR_RNDN);
    mpfr_sub(diff, big_w, big_v, MPFR_RNDN);
    mpfr_mul(p_re, w.re(), v.re(), MPFR_RNDN);
    mpfr_mul(tmp, w.im(), v.im(), MPFR_RNDN);
    mpfr_add(p_re, p_re, tmp, MPFR_RNDN);
    mpfr_mul(p_im, w.im(), v.re(), MPFR_RNDN);
    mpfr_mul(tmp, w.re(), v.im(), MPFR_RNDN);
    mpfr_sub(p_im, p_im, tmp, MPFR_RNDN);
    ComplexApproximation approx;
    // Imaginary part: -log(W / V) / 4.
    mpfr_ptr out_im = mpc_imagref(out);
    if (mpfr_zero_p(diff)) {
      mpfr_set_zero(out_im, -1);
      approx.im = {true, 0};
    } else {
      MpFloat l(q);
      mpfr_abs(tmp, diff, MPFR_RNDN);
      mpfr_mul_2ui(tmp, tmp, 1, MPFR_RNDN);
      if (mpfr_cmp(tmp, big_v) <= 0) {
        mpfr_div(l, diff, big_v, MPFR_RNDN);
        mpfr_log1p(l, l, MPFR_RNDN);
      } else {
        mpfr_div(l, big_w, big_v, MPFR_RNDN);
        mpfr_log(l, l, MPFR_RNDN);
      }
      mpfr_div_2ui(l, l, 2, MPFR_RNDN);
      mpfr_neg(out_im, l, MPFR_RNDN);
      approx.im = withinUlps(out_im, 1, 1);
    }
    // Real part: arg Q. tol = 4 * 2^-q |Q^| decides the signs of Q's parts.
    mpfr_ptr out_re = mpc_realref(out);
    MpFloat tol(32);
    mpc_abs(tol, quotient, MPFR_RNDU);
    mpfr_mul_2si(tol, tol, 2 - static_cast<long>(q), MPFR_RNDU);
    const mpfr_srcptr q_re = mpc_realref(quotient.get()), q_im = mpc_imagref(quotient.get());
    if (mpfr_zero_p(p_im) && mpfr_sgn(p_re.get()) < 0) {  // Q imaginary: +-pi/2
      if (mpfr_cmpabs(q_im, tol) <= 0) return retry;
      int ternary = mpfr_const_pi(out_re, MPFR_RNDN);
      mpfr_div_2ui(out_re, out_re, 1, MPFR_RNDN);
      if (mpfr_sgn(q_im) < 0) mpfr_neg(out_re, out_re, MPFR_RNDN);
      approx.re = roundedByMpfr(out_re, ternary);
      return approx;
    }
    if (mpfr_cmpabs(q_re, tol) <= 0) return retry;
    const bool q_re_positive = mpfr_sgn(q_re) > 0;
    if (mpfr_zero_p(p_im)) {  // Q real (P > 0: P = 0 would need w or v = 0, so s = 0)
      if (q_re_positive) {
        mpfr_set_zero(out_re, 1);
        approx.re = {true, 0};
      } else {
        approx.re = roundedByMpfr(out_re, mpfr_const_pi(out_re, MPFR_RNDN));
      }
      return approx;
    }
    if (q_re_positive) {
      const int ternary = mpfr_atan2(out_re, p_im, p_re, MPFR_RNDN);
      mpfr_div_2ui(out_re, out_re, 1, MPFR_RNDN);  // exact
      approx.re = roundedByMpfr(out_re, ternary);
      return approx;
    }
    MpFloat half_arg(q), pi(q);
    mpfr_atan2(half_arg, p_im, p_re, MPFR_RNDN);
    mpfr_div_2ui(half_arg, half_arg, 1, MPFR_RNDN);
    mpfr_const_pi(pi, MPFR_RNDN);
    if (mpfr_sgn(half_arg.get()) < 0) {
      mpfr_add(out_re, half_arg, pi, MPFR_RNDN);
    } else {
      mpfr_sub(out_re, half_arg, pi, MPFR_RNDN);
    }
    approx.re = withinUlps(out_re, 1, 1);
    return approx;
  }));
}

// --- Integers ------------------------------------------------------------------------------------------------

// Wraps `exact` to t; the element is implementation-defined when wrapping changed the value (the spec:
// integer overflow is implementation-defined; XLA and every backend we know wrap).
bool wrapped(ElementType t, __int128 exact, Elem& out) {
  out.re = wrapInteger(t, exact);
  return !integerInRange(t, exact);
}

// XLA: x / 0 is -1 (all ones), x % 0 is x; INT_MIN / -1 is INT_MIN, INT_MIN % -1 is 0.
bool integerDivide(ElementType t, __int128 x, __int128 y, bool remainder, Elem& out) {
  if (y == 0) {
    out.re = remainder ? wrapInteger(t, x) : integerMask(t);
    return true;
  }
  const __int128 q = x / y;  // truncates toward zero, as the spec asks
  if (remainder) {
    out.re = wrapInteger(t, x - q * y);
    return false;
  }
  return wrapped(t, q, out);
}

// Integer power by squaring with wrap-around. Negative exponents: 1 for base 1, +-1 for base -1, and 0
// (implementation-defined, XLA's choice) for every other base.
bool integerPower(ElementType t, __int128 base, __int128 exponent, Elem& out) {
  if (exponent < 0) {
    if (base == 1) return out.re = wrapInteger(t, 1), false;
    if (base == -1) return out.re = wrapInteger(t, (exponent & 1) ? -1 : 1), false;
    out.re = 0;
    return true;
  }
  const uint64_t mask = integerMask(t);
  uint64_t result = 1, b = wrapInteger(t, base);
  for (__int128 e = exponent; e > 0; e >>= 1) {
    if (e & 1) result = (result * b) & mask;
    b = (b * b) & mask;
  }
  // Overflow of the exact power: only possible for |base| >= 2, and then within 128 steps.
  bool overflow = false;
  if (base > 1 || base < -1) {
    __int128 exact = 1;
    for (__int128 e = 0; e < exponent; ++e) {
      if (__builtin_mul_overflow(exact, base, &exact) || !integerInRange(t, exact)) {
        overflow = true;
        break;
      }
    }
  }
  out.re = result;
  return overflow;
}

// --- Kernels -------------------------------------------------------------------------------------------------

struct UnaryMath {
  OpId op;
  MpfrUnary real;       // nullptr: not defined on real floats
  Elem (*complex)(ElementType, Elem);
  // Real operands whose result chlo.md leaves open (a pole where implementations differ): the element is
  // marked implementation-defined. nullptr: none.
  bool (*open_real)(ElementType, uint64_t) = nullptr;
};

// exp(x + iy) = e^x (cos y + i sin y). For x below about -3.2e18, e^x is below MPFR's smallest positive
// number even with the widest exponent range, so MPC returns inexact zeros; an inexact zero carries no
// usable error bound (its bound straddles zero) and the Ziv loop ran to 65536 bits. Shortcut, for finite
// z with x <= -kExpFar (1100): |e^z| = e^x <= e^-1100 < 2^-1586, far below half the smallest subnormal of
// every part format (2^-1075 for f64), so each part rounds to a zero, of the sign of e^x cos y and
// e^x sin y, i.e. of cos y and sin y. MPFR rounds cos y and sin y correctly, and a correctly rounded
// nonzero value has the exact value's sign; cos y != 0 for every float y (its zeros are irrational), and
// sin y = 0 only for y = +-0, where sin(+-0) = +-0 gives Annex G's exp(x +- 0i) = e^x +- 0i.
constexpr long kExpFar = 1100;

Elem complexExp(ElementType ct, Elem x) {
  const ElementType part = complexPartType(ct);
  MpComplex a(64);
  toMpc(part, x, a);
  if (finiteComplex(a) && mpfr_cmp_si(a.re(), -kExpFar) <= 0) {
    MpFloat s(64), c(64), zero_re(8), zero_im(8);
    mpfr_sin_cos(s, c, a.im(), MPFR_RNDN);
    mpfr_set_zero(zero_re, mpfr_signbit(c) ? -1 : 1);
    mpfr_set_zero(zero_im, mpfr_signbit(s) ? -1 : 1);
    return {encodeFloat(part, zero_re), encodeFloat(part, zero_im)};
  }
  return complexUnary(ct, x, mpc_exp);
}

// z^w = exp(w log z), by MPC. When |z^w| is below MPFR's smallest positive number (Re(w log z) below
// about -3.2e18, e.g. 1e-86 - 1e41i raised to -1.6e278), MPC returns inexact zeros, whose error bound
// straddles zero, and the Ziv loop ran MPC's pow up to 65536 bits for nothing. Beyond MPFR's largest
// number MPC returns infinities, whose signs were found wrong (e.g. (4.5e-67 + 9.1e64i)^(4.9e36 + 6.6e-200i):
// the exact imaginary part is about -3e(3e47), MPC gave +inf). Both kinds of part are settled here
// instead, independently of MPC: with L = w log z = rho + i theta, z^w = e^rho (cos theta + i sin theta).
// At q2 bits (enough for |w| |log z| to keep q2 - 64 - p bits after the point), log z is rounded by MPC
// (each part within one ulp: d_re <= ulp(Re log z), d_im <= ulp(Im log z)), and L^ = w * (log z)^ is
// rounded by MPC, so each part of L^ is within B = (|w_re| + |w_im|) max(d_re, d_im) + ulp(that part)
// of the exact L. cos theta^ and sin theta^ (rounded at q2 bits, within 2^-q2 of the functions at
// theta^) are within tol = B_theta + 2^-q2 of cos theta and sin theta (both 1-Lipschitz); when their
// magnitudes exceed tol, their signs are those of the exact parts.
// - A zero part: if rho^ + B_rho < -1100, |z^w| < e^-1100 < 2^-1586, far below half the smallest
//   subnormal (2^-1075 for f64): the part rounds to the zero of that sign.
// - An infinite part: with f^ = cos theta^ (or sin theta^), if |f^| > 2 tol, the exact |f| >= g =
//   |f^| - tol >= 2^(E - 1) (E = g's binary exponent, <= 1), and if also rho^ - B_rho > 1100 - E (> 0),
//   the part's magnitude e^rho |f| >= 2^(rho + E - 1) > 2^1099, beyond every part format's largest
//   finite value (below 2^1024): it rounds to the infinity of f's sign.
// Otherwise the part stays unresolved and the loop retries at twice the precision (q2 grows with it).
// A part whose exact value is an exact zero (theta an exact multiple of pi/2, e.g. (-1)^(-3.4e38 -
// 3.4e38i), whose imaginary part is e^(1.07e39) sin(-k pi) = 0) never resolves that way: beyond
// kPowSettleLimit working bits the step falls back to MPC's value for it, as before this shortcut.
constexpr mpfr_prec_t kPowSettleLimit = 4096;

Elem complexPowPrincipal(ElementType ct, Elem z, Elem w) {
  const ElementType part = complexPartType(ct);
  MpComplex a(64), b(64);
  toMpc(part, z, a);
  toMpc(part, w, b);
  const bool regular = finiteComplex(a) && finiteComplex(b) && !(mpfr_zero_p(a.re()) && mpfr_zero_p(a.im()));
  return complexResult(roundComplexCorrectly(part, [&](mpc_ptr out) -> ComplexApproximation {
    const int inex = mpc_pow(out, a, b, MPC_RNDNN);
    ComplexApproximation approx = roundedByMpc(out, inex);
    mpfr_ptr out_re = mpc_realref(out), out_im = mpc_imagref(out);
    const bool zero_re = !approx.re.exact && mpfr_zero_p(out_re);
    const bool zero_im = !approx.im.exact && mpfr_zero_p(out_im);
    const bool inf_re = mpfr_inf_p(out_re), inf_im = mpfr_inf_p(out_im);
    if (!regular || !(zero_re || zero_im || inf_re || inf_im)) return approx;
    const ComplexApproximation unresolved{{false, mpfr_get_emax()}, {false, mpfr_get_emax()}};
    mpfr_exp_t w_exp = 0;
    if (!mpfr_zero_p(b.re())) w_exp = std::max(w_exp, mpfr_get_exp(b.re()));
    if (!mpfr_zero_p(b.im())) w_exp = std::max(w_exp, mpfr_get_exp(b.im()));
    const mpfr_prec_t q2 = mpfr_get_prec(out_re) + 64 + w_exp + 16;
    MpComplex lz(q2), l(q2);
    mpc_log(lz, a, MPC_RNDNN);
    mpc_mul(l, b, lz, MPC_RNDNN);
    auto ulp = [&](mpfr_srcptr v, MpFloat& r) {  // one ulp of v at q2 bits (2^-q2 for a zero v)
      mpfr_set_ui_2exp(r, 1, (mpfr_zero_p(v) ? 0 : mpfr_get_exp(v)) - q2, MPFR_RNDU);
    };
    MpFloat d(32), d2(32), e(32), b_rho(32), b_theta(32), t(32);
    ulp(mpc_realref(lz.get()), d);
    ulp(mpc_imagref(lz.get()), d2);
    mpfr_max(d, d, d2, MPFR_RNDU);
    mpfr_abs(e, b.re(), MPFR_RNDU);
    mpfr_abs(t, b.im(), MPFR_RNDU);
    mpfr_add(e, e, t, MPFR_RNDU);
    mpfr_mul(e, e, d, MPFR_RNDU);
    ulp(mpc_realref(l.get()), t);
    mpfr_add(b_rho, e, t, MPFR_RNDU);
    ulp(mpc_imagref(l.get()), t);
    mpfr_add(b_theta, e, t, MPFR_RNDU);
    MpFloat rho_hi(q2 + 64), rho_lo(q2 + 64);
    mpfr_add(rho_hi, mpc_realref(l.get()), b_rho, MPFR_RNDU);
    mpfr_sub(rho_lo, mpc_realref(l.get()), b_rho, MPFR_RNDD);
    const bool tiny = mpfr_cmp_si(rho_hi, -1100) < 0;
    const bool give_up = mpfr_get_prec(out_re) > kPowSettleLimit;
    MpFloat tol(32), tol_inf(32), g(32), s(q2), c(q2);
    mpfr_set_ui_2exp(tol, 1, -q2, MPFR_RNDU);
    mpfr_add(tol, tol, b_theta, MPFR_RNDU);
    mpfr_mul_2ui(tol_inf, tol, 1, MPFR_RNDU);
    mpfr_sin_cos(s, c, mpc_imagref(l.get()), MPFR_RNDN);
    auto huge_with = [&](mpfr_srcptr f) {  // |f^| > 2 tol and rho^ - B_rho > 1100 - E
      if (mpfr_cmpabs(f, tol_inf) <= 0) return false;
      mpfr_abs(g, f, MPFR_RNDD);
      mpfr_sub(g, g, tol, MPFR_RNDD);
      return mpfr_cmp_si(rho_lo, 1100 - static_cast<long>(mpfr_get_exp(g))) > 0;
    };
    // Settles one part (its exact value is e^rho times `f`, f = cos theta or sin theta).
    auto settle = [&](bool zero, bool inf, mpfr_ptr part_out, mpfr_srcptr f, Approximation& part_approx) {
      if (zero) {
        if (tiny && mpfr_cmpabs(f, tol) > 0) {
          mpfr_set_zero(part_out, mpfr_signbit(f) ? -1 : 1);
          part_approx = {true, 0};
        } else if (give_up) {
          part_approx = {true, 0};  // MPC's signed zero, what the loop's last step would have returned
        } else {
          part_approx = unresolved.re;
        }
      } else if (inf) {
        if (huge_with(f)) {
          mpfr_set_inf(part_out, mpfr_signbit(f) ? -1 : 1);
          part_approx = {true, 0};
        } else if (give_up) {
          part_approx = {true, 0};  // MPC's infinity, as before
        } else {  // an infinity would be taken as settled whatever its bound: retry from a straddling 0
          mpfr_set_zero(part_out, 1);
          part_approx = unresolved.re;
        }
      }
    };
    settle(zero_re, inf_re, out_re, c, approx.re);
    settle(zero_im, inf_im, out_im, s, approx.im);
    return approx;
  }));
}

// z^w = exp(w log z) with log's branch cut: log(x - 0i) = ln|x| - i pi for x < 0, the conjugate of
// log(x + 0i). MPC's pow follows the cut wherever it goes through exp(w log z), but its exact-result
// shortcut (mpc_pow_exact, taken when the power is representable, e.g. (-4 - 0i)^(1/2)) works on the
// integers of Re z and Im z and ignores the sign of a zero imaginary part: it returns the principal
// value of x + 0i, the conjugate of the right one (+2i for (-4 - 0i)^(1/2), where sqrt gives -2i).
// Since log(conj z) = conj(log z) holds on the cut too (signed zeros), z^w = exp(w log z) =
// conj(exp(conj(w) log(conj z))) = conj(conj(z)^conj(w)) exactly, so a base on the negative real axis
// with a -0 imaginary part is computed from conj(z) = x + 0i, where every path of MPC agrees with the
// cut, and the result conjugated (rounding to nearest is symmetric, so conjugating the rounded parts is
// rounding the conjugate). MPC tries the shortcut only for finite operands and a real w (Im w = +-0), so
// only those take this route. There MPC's other paths are symmetric already (log, mul and exp, its real
// x^n with the zero's sign from the signs of Im z and w together, the +0 real part of a half-integer
// power): only the exact results change.
Elem complexPow(ElementType ct, Elem z, Elem w) {
  const ElementType part = complexPartType(ct);
  MpComplex a(64), b(64);
  toMpc(part, z, a);
  toMpc(part, w, b);
  const bool below_cut = finiteComplex(a) && finiteComplex(b) && mpfr_zero_p(b.im()) && mpfr_sgn(a.re()) < 0 &&
                         mpfr_zero_p(a.im()) && mpfr_signbit(a.im());
  if (!below_cut) return complexPowPrincipal(ct, z, w);
  auto conj = [&](Elem v) { return Elem{v.re, realNegate(part, v.im, false)}; };
  return conj(complexPowPrincipal(ct, conj(z), conj(w)));
}

Elem mpcExp(ElementType t, Elem x) { return complexExp(t, x); }
Elem mpcLog(ElementType t, Elem x) { return complexUnary(t, x, mpc_log); }
Elem mpcSqrt(ElementType t, Elem x) { return complexUnary(t, x, mpc_sqrt); }
Elem mpcSin(ElementType t, Elem x) { return complexUnary(t, x, mpc_sin); }
Elem mpcCos(ElementType t, Elem x) { return complexUnary(t, x, mpc_cos); }
// tanh(x + iy) = (sinh 2x + i sin 2y) / (cosh 2x + cos 2y). MPC's tanh can take practically forever for
// large |x| (the eval fuzzer found 5e10 + 1e-7i), so for |x| >= 1/2 the reference uses this formula:
// there cosh 2x >= cosh 1 > 1.54 while |cos 2y| <= 1, so the denominator keeps a relative error below
// 6 roundings, and each part (a correctly rounded numerator over it) stays within 8 roundings at q bits,
// far inside an ulp at p = q - 16 bits. For |x| >= 2^20 the exact parts are within e^(-2^21) of
// (sign x, 0): they round to (+-1, +-0), the zero taking the sign of sin 2y.
//
// For |x| < 1/2 the same formula serves when cos 2y >= -3/4 and x, y are nonzero (MPC's tanh needed
// thousands of bits for tiny x and y, e.g. tanh(1e-300 + 1e-300i): its tan divides by a cosine whose
// imaginary part, ~1e-600, sits beside a real part ~1): cos 2y >= -3/4 is read from MPFR's correctly rounded cos at 64 bits, c^ >= -3/4,
// so the exact c = cos 2y >= -3/4 - 2^-64 > -0.76. With ch = cosh 2x >= 1, the denominator
// d = ch + c >= 0.24, and its relative error after the three roundings (ch, c, the sum: u = 2^-q each)
// is at most u (ch + |c|) / (ch + c) + u <= u (1 + 0.76) / (1 - 0.76) + u < 8.4u ((ch + m) / (ch - m)
// decreases in ch, so ch = 1 is the worst). Each part, a numerator within u over d, is then within
// 9.4u before its final rounding (first order; 10.5u covers the higher-order terms), and 10.5u <
// 2^-(q-4) = 2^-(p+12) relative, far below an ulp at p bits, plus the final rounding: within 2 ulps.
// The parts are never exact (sinh 2x and sin 2y of nonzero floats are transcendental) and have the
// signs of x and y (d > 0). A zero x or y (exact zero parts, their signs MPC's convention), a
// non-finite part or cos 2y < -3/4 (the denominator can cancel) stay with MPC.
Elem complexTanh(ElementType ct, Elem z) {
  const ElementType part = complexPartType(ct);
  MpComplex a(64);
  toMpc(part, z, a);
  MpFloat half(8);
  mpfr_set_d(half, 0.5, MPFR_RNDN);
  if (!finiteComplex(a)) return complexUnary(ct, z, mpc_tanh);
  if (mpfr_cmpabs(a.re(), half) < 0) {
    if (mpfr_zero_p(a.re()) || mpfr_zero_p(a.im())) return complexUnary(ct, z, mpc_tanh);
    MpFloat c(64);
    mpfr_mul_2ui(c, a.im(), 1, MPFR_RNDN);  // exact
    mpfr_cos(c, c, MPFR_RNDN);
    if (mpfr_cmp_d(c, -0.75) < 0) return complexUnary(ct, z, mpc_tanh);
  }
  if (mpfr_get_exp(a.re()) > 20) {  // |x| >= 2^20
    MpFloat s(64), one(8), zero(8);
    mpfr_mul_2ui(s, a.im(), 1, MPFR_RNDN);
    mpfr_sin(s, s, MPFR_RNDN);
    mpfr_set_si(one, mpfr_signbit(a.re()) ? -1 : 1, MPFR_RNDN);
    mpfr_set_zero(zero, mpfr_signbit(s) ? -1 : 1);
    return {encodeFloat(part, one), encodeFloat(part, zero)};
  }
  return complexResult(roundComplexCorrectly(part, [&](mpc_ptr out) -> ComplexApproximation {
    const mpfr_prec_t q = mpfr_get_prec(mpc_realref(out)) + 16;
    MpFloat t(q), sh(q), ch(q), s2(q), c2(q), d(q);
    mpfr_mul_2ui(t, a.re(), 1, MPFR_RNDN);  // exact
    mpfr_sinh_cosh(sh, ch, t, MPFR_RNDN);
    mpfr_mul_2ui(t, a.im(), 1, MPFR_RNDN);
    mpfr_sin_cos(s2, c2, t, MPFR_RNDN);
    mpfr_add(d, ch, c2, MPFR_RNDN);
    mpfr_div(mpc_realref(out), sh, d, MPFR_RNDN);
    const bool inexact_re = true;  // sinh 2x / d with x != 0 is never taken as exact
    const bool inexact_im = mpfr_div(mpc_imagref(out), s2, d, MPFR_RNDN) != 0 || !mpfr_zero_p(s2);
    return complexWithinUlps(out, 1, inexact_re, inexact_im);
  }));
}

// tan(z) = -i tanh(iz): with w = tanh(-y + ix), tan(x + iy) = (im w, -re w).
Elem complexTan(ElementType ct, Elem z) {
  const ElementType part = complexPartType(ct);
  const Elem w = complexTanh(ct, {realNegate(part, z.im, false), z.re});
  return {w.im, realNegate(part, w.re, false)};
}

Elem mpcTan(ElementType t, Elem x) { return complexTan(t, x); }
Elem mpcTanh(ElementType t, Elem x) { return complexTanh(t, x); }

// chlo's special functions (docs/design/chlo.md): MPFR's function where it has one; the inverse
// trigonometric and hyperbolic functions of complex operands through MPC (C99 Annex G branch cuts).
// lgamma is log|Gamma(x)|, C's lgamma: mpfr_lngamma would give NaN where Gamma(x) < 0.
int mpfrLgamma(mpfr_ptr r, mpfr_srcptr x, mpfr_rnd_t rnd) {
  int sign_of_gamma;
  return mpfr_lgamma(r, &sign_of_gamma, x, rnd);
}
// digamma has poles at 0 and the negative integers. MPFR gives the one-sided limit at a signed zero and
// NaN at a negative integer; XLA's decomposition gives NaN at all of them; chlo.md says neither.
bool digammaPole(ElementType t, uint64_t x) {
  MpFloat a(64);
  decodeFloat(t, x, a);
  return mpfr_integer_p(a) && mpfr_sgn(a.get()) <= 0;
}
Elem mpcAcos(ElementType t, Elem x) { return complexUnary(t, x, mpc_acos); }
Elem mpcAcosh(ElementType t, Elem x) { return complexUnary(t, x, mpc_acosh); }
Elem mpcAsin(ElementType t, Elem x) { return complexUnary(t, x, mpc_asin); }

// chlo._asin_acos_kernel(z) = w, defined by chlo.md through asin(z) = complex(atan2(x, w.re), sign(y) w.im)
// and acosh(z) = complex(w.im, ...), z = x + iy. So w.im = |Im asin(z)| (= acosh(A), A = (|z+1| + |z-1|)/2),
// and w.re = sqrt(A^2 - x^2) = A cos(Re asin z) = Re cos(asin z) = Re sqrt(1 - z^2) on the principal branches
// (cos(Re asin z) >= 0, as the principal sqrt's real part is). 1 - z^2 = (1 - x^2 + y^2) - 2xy i is formed
// exactly, so both parts are MPC's correctly rounded values (docs/design/chlo.md).
int mpcAsinAcosKernel(mpc_ptr r, mpc_srcptr z, mpc_rnd_t rnd) {
  const mpfr_prec_t p = mpfr_get_prec(mpc_realref(r));
  mpfr_srcptr x = mpc_realref(z), y = mpc_imagref(z);
  MpFloat neg_x2(2), y2(2), one(2);
  exactMul(neg_x2, x, x);
  mpfr_neg(neg_x2, neg_x2, MPFR_RNDN);  // exact
  exactMul(y2, y, y);
  mpfr_set_ui(one, 1, MPFR_RNDN);
  MpComplex t(2);
  exactSum(mpc_realref(t.get()), {one.get(), neg_x2.get(), y2.get()});
  exactMul(mpc_imagref(t.get()), x, y);
  mpfr_mul_si(mpc_imagref(t.get()), mpc_imagref(t.get()), -2, MPFR_RNDN);  // exact: a power of two
  MpComplex root(p), arcsine(p);
  const int inex_re = MPC_INEX_RE(mpc_sqrt(root.get(), t.get(), rnd));
  const int inex_asin = MPC_INEX_IM(mpc_asin(arcsine.get(), z, rnd));
  mpfr_set(mpc_realref(r), mpc_realref(root.get()), MPFR_RNDN);  // same precision: exact
  const bool flip = mpfr_signbit(mpc_imagref(arcsine.get())) != 0;
  mpfr_abs(mpc_imagref(r), mpc_imagref(arcsine.get()), MPFR_RNDN);
  return MPC_INEX(inex_re, flip ? -inex_asin : inex_asin);
}
Elem mpcAsinAcosKernelElem(ElementType t, Elem x) { return complexUnary(t, x, mpcAsinAcosKernel); }
Elem mpcAsinh(ElementType t, Elem x) { return complexUnary(t, x, mpc_asinh); }
Elem mpcAtan(ElementType t, Elem x) { return complexUnary(t, x, mpc_atan); }
Elem mpcAtanh(ElementType t, Elem x) { return complexUnary(t, x, mpc_atanh); }
Elem mpcCosh(ElementType t, Elem x) { return complexUnary(t, x, mpc_cosh); }
Elem mpcSinh(ElementType t, Elem x) { return complexUnary(t, x, mpc_sinh); }
// z * z: MPC rounds each part of the exact square once (chlo.md's (x - y)(x + y) is the same value).
Elem mpcSquare(ElementType t, Elem x) { return complexUnary(t, x, mpc_sqr); }

constexpr UnaryMath kUnaryMath[] = {
    {OpId::kExponential, mpfr_exp, mpcExp},
    {OpId::kExponentialMinusOne, mpfr_expm1, complexExpm1},
    {OpId::kLog, mpfr_log, mpcLog},
    {OpId::kLogPlusOne, mpfr_log1p, complexLog1p},
    {OpId::kSqrt, mpfr_sqrt, mpcSqrt},
    {OpId::kRsqrt, mpfrRsqrt, complexRsqrt},
    {OpId::kCbrt, mpfr_cbrt, complexCbrt},
    {OpId::kSine, mpfr_sin, mpcSin},
    {OpId::kCosine, mpfr_cos, mpcCos},
    {OpId::kTan, mpfr_tan, mpcTan},
    {OpId::kChloTan, mpfr_tan, mpcTan},
    {OpId::kTanh, mpfr_tanh, mpcTanh},
    {OpId::kFloor, mpfrFloor, nullptr},
    {OpId::kCeil, mpfrCeil, nullptr},
    {OpId::kRoundNearestAfz, mpfrRoundAfz, nullptr},
    {OpId::kRoundNearestEven, mpfrRoundEven, nullptr},
    {OpId::kChloAcos, mpfr_acos, mpcAcos},
    {OpId::kChloAcosh, mpfr_acosh, mpcAcosh},
    {OpId::kChloAsin, mpfr_asin, mpcAsin},
    {OpId::kChloAsinAcosKernel, nullptr, mpcAsinAcosKernelElem},
    {OpId::kChloAsinh, mpfr_asinh, mpcAsinh},
    {OpId::kChloAtan, mpfr_atan, mpcAtan},
    {OpId::kChloAtanh, mpfr_atanh, mpcAtanh},
    {OpId::kChloCosh, mpfr_cosh, mpcCosh},
    {OpId::kChloSinh, mpfr_sinh, mpcSinh},
    {OpId::kChloSquare, mpfr_sqr, mpcSquare},
    {OpId::kChloErf, mpfr_erf, nullptr},
    {OpId::kChloErfc, mpfr_erfc, nullptr},
    {OpId::kChloLgamma, mpfrLgamma, nullptr},
    {OpId::kChloDigamma, mpfr_digamma, nullptr, digammaPole},
};

const UnaryMath* findUnaryMath(OpId id) {
  for (const UnaryMath& m : kUnaryMath) {
    if (m.op == id) return &m;
  }
  return nullptr;
}

Results unaryMathKernel(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands) {
  const UnaryMath* math = findUnaryMath(op.id);
  const ElementType t = operandType(op);
  if (isFloat(t)) {
    // f32: the C library's double function where it provably rounds correctly (reference/fast_math.h).
    const FastUnaryF64 fast = t == ElementType::kF32 ? fastF32Function(op.id) : nullptr;
    // f64: 128-bit evaluation with an error bound, where it provably rounds (reference/fast_math_f64.h).
    const FastF64Unary fast64 = t == ElementType::kF64 ? fastF64Function(op.id) : nullptr;
    // f32 lgamma and digamma: double evaluation with an error bound (reference/fast_math_chlo.h).
    const FastChloF32 fast_chlo = t == ElementType::kF32 ? fastChloF32Function(op.id) : nullptr;
    return mapElements(interp, op, operands, 1, [&](const std::vector<Elem>& a, Elem& out) {
      if (fast_chlo) {
        if (std::optional<uint32_t> r = fast_chlo(static_cast<uint32_t>(a[0].re))) {
          out.re = *r;
          return false;  // the fast path declines at the poles, the only implementation-defined elements
        }
      }
      if (fast) {
        if (std::optional<uint32_t> r = fastF32Unary(fast, static_cast<uint32_t>(a[0].re))) {
          out.re = *r;
          return false;
        }
      }
      if (fast64) {
        if (std::optional<uint64_t> r = fast64(a[0].re)) {
          out.re = *r;
          return false;
        }
      }
      out.re = realUnary(t, a[0].re, math->real);
      return math->open_real && math->open_real(t, a[0].re);
    }, /*same_types=*/true);
  }
  if (isComplex(t) && math->complex) {
    return mapElements(interp, op, operands, 1, [&](const std::vector<Elem>& a, Elem& out) {
      out = math->complex(t, a[0]);
      return nonFiniteComplex(t, a[0]);
    }, /*same_types=*/true);
  }
  return typeError(interp, op, math->complex ? "float and complex types" : "float types");
}

Results logisticKernel(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands) {
  const ElementType t = operandType(op);
  if (!isFloat(t) && !isComplex(t)) return typeError(interp, op, "float and complex types");
  const FastUnaryF64 fast = t == ElementType::kF32 ? fastF32Function(op.id) : nullptr;
  const FastF64Unary fast64 = t == ElementType::kF64 ? fastF64Function(op.id) : nullptr;
  return mapElements(interp, op, operands, 1, [&](const std::vector<Elem>& a, Elem& out) {
    if (isComplex(t)) {
      out = complexLogistic(t, a[0]);
      return nonFiniteComplex(t, a[0]);
    } else if (std::optional<uint32_t> r = fast ? fastF32Unary(fast, static_cast<uint32_t>(a[0].re)) : std::nullopt) {
      out.re = *r;
    } else if (std::optional<uint64_t> r64 = fast64 ? fast64(a[0].re) : std::nullopt) {
      out.re = *r64;
    } else {
      out.re = realLogistic(t, a[0].re);
    }
    return false;
  }, /*same_types=*/true);
}

Results negateAbsKernel(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands) {
  const ElementType t = operandType(op);
  const bool absolute = op.id == OpId::kAbs;
  if (isBoolean(t)) return typeError(interp, op, "integer, float and complex types");
  return mapElements(interp, op, operands, 1, [&](const std::vector<Elem>& a, Elem& out) {
    if (isInteger(t)) {
      const __int128 v = integerValue(t, a[0].re);
      if (isUnsignedInteger(t)) {  // spec: negation of the two's complement bits; abs is the identity
        out.re = absolute ? a[0].re : wrapInteger(t, -v);
        return false;
      }
      return wrapped(t, absolute && v >= 0 ? v : -v, out);
    }
    if (isFloat(t)) {
      out.re = realNegate(t, a[0].re, absolute);
      return false;
    }
    const ElementType part = complexPartType(t);
    if (absolute) {  // |z| is real: hypot, correctly rounded by MPC
      MpComplex z(64);
      toMpc(part, a[0], z);
      out.re = roundCorrectly(part, [&](mpfr_ptr r) { return roundedByMpfr(r, mpc_abs(r, z, MPFR_RNDN)); });
      return false;
    }
    out.re = realNegate(part, a[0].re, false);
    out.im = realNegate(part, a[0].im, false);
    return false;
  });
}

Results signKernel(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands) {
  const ElementType t = operandType(op);
  if (isBoolean(t)) return typeError(interp, op, "integer, float and complex types");
  return mapElements(interp, op, operands, 1, [&](const std::vector<Elem>& a, Elem& out) {
    if (isInteger(t)) {
      const __int128 v = integerValue(t, a[0].re);
      out.re = wrapInteger(t, v < 0 ? -1 : (v > 0 ? 1 : 0));
    } else if (isFloat(t)) {
      out.re = realSign(t, a[0].re);
    } else {
      out = complexSign(t, a[0]);
    }
    return false;
  }, /*same_types=*/true);
}

enum class Arith { kAdd, kSubtract, kMultiply, kDivide, kRemainder, kPower, kAtan2, kMaximum, kMinimum };

Arith arithOf(OpId id) {
  switch (id) {
    case OpId::kSubtract: return Arith::kSubtract;
    case OpId::kMultiply: return Arith::kMultiply;
    case OpId::kDivide: return Arith::kDivide;
    case OpId::kRemainder: return Arith::kRemainder;
    case OpId::kPower: return Arith::kPower;
    case OpId::kAtan2: return Arith::kAtan2;
    case OpId::kMaximum: return Arith::kMaximum;
    case OpId::kMinimum: return Arith::kMinimum;
    default: return Arith::kAdd;  // stablehlo.add
  }
}

Results binaryKernel(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands) {
  const Arith kind = arithOf(op.id);
  const ElementType t = operandType(op);
  if (isBoolean(t)) {
    // Booleans: add and maximum are OR, multiply and minimum are AND (spec); the rest do not take them.
    const bool is_or = kind == Arith::kAdd || kind == Arith::kMaximum;
    const bool is_and = kind == Arith::kMultiply || kind == Arith::kMinimum;
    if (!is_or && !is_and) return typeError(interp, op, "integer, float and complex types");
    return mapElements(interp, op, operands, 2, [&](const std::vector<Elem>& a, Elem& out) {
      out.re = is_or ? (a[0].re | a[1].re) : (a[0].re & a[1].re);
      return false;
    }, /*same_types=*/true);
  }
  if (isInteger(t)) {
    if (kind == Arith::kAtan2) return typeError(interp, op, "float and complex types");
    return mapElements(interp, op, operands, 2, [&](const std::vector<Elem>& a, Elem& out) {
      const __int128 x = integerValue(t, a[0].re), y = integerValue(t, a[1].re);
      switch (kind) {
        case Arith::kAdd: return wrapped(t, x + y, out);
        case Arith::kSubtract: return wrapped(t, x - y, out);
        case Arith::kMultiply: {
          // 64x64-bit products fit in 128 bits only for signed/unsigned magnitudes below 2^63/2^64:
          // compute wrapped bits with unsigned arithmetic and detect overflow separately.
          const unsigned __int128 ux = static_cast<unsigned __int128>(x), uy = static_cast<unsigned __int128>(y);
          out.re = static_cast<uint64_t>(ux * uy) & integerMask(t);
          __int128 product;
          return __builtin_mul_overflow(x, y, &product) || !integerInRange(t, product);
        }
        case Arith::kDivide: return integerDivide(t, x, y, false, out);
        case Arith::kRemainder: return integerDivide(t, x, y, true, out);
        case Arith::kPower: return integerPower(t, x, y, out);
        case Arith::kMaximum: out.re = x >= y ? a[0].re : a[1].re; return false;
        case Arith::kMinimum: out.re = x <= y ? a[0].re : a[1].re; return false;
        case Arith::kAtan2: break;
      }
      return false;
    }, /*same_types=*/true);
  }
  if (isFloat(t)) {
    const bool fast_power = kind == Arith::kPower && t == ElementType::kF64 && fastF64Enabled();
    return mapElements(interp, op, operands, 2, [&](const std::vector<Elem>& a, Elem& out) {
      if (fast_power) {  // reference/fast_math_f64.h; NaN and special operands fall through to MPFR
        if (std::optional<uint64_t> r = fastF64Power(a[0].re, a[1].re)) {
          out.re = *r;
          return false;
        }
      }
      switch (kind) {
        case Arith::kAdd: out.re = realBinary(t, a[0].re, a[1].re, mpfr_add); break;
        case Arith::kSubtract: out.re = realBinary(t, a[0].re, a[1].re, mpfr_sub); break;
        case Arith::kMultiply: out.re = realBinary(t, a[0].re, a[1].re, mpfr_mul); break;
        case Arith::kDivide: out.re = realBinary(t, a[0].re, a[1].re, mpfr_div); break;
        case Arith::kRemainder: out.re = realBinary(t, a[0].re, a[1].re, mpfr_fmod); break;
        case Arith::kPower:
          out.re = realPower(t, a[0].re, a[1].re);
          // pow(sNaN, 0) and pow(1, sNaN): 1 for a quiet NaN (C F.9.4.4), but a signalling NaN signals and
          // gives a NaN under IEEE 754-2019 9.2.1. The spec does not say which: implementation-defined.
          if ((isSignalingNaN(t, a[0].re) || isSignalingNaN(t, a[1].re)) && !isNaN(t, out.re)) return true;
          break;
        case Arith::kAtan2: out.re = realBinary(t, a[0].re, a[1].re, mpfr_atan2); break;
        case Arith::kMaximum: out.re = floatMinMax(t, a[0].re, a[1].re, true); break;
        case Arith::kMinimum: out.re = floatMinMax(t, a[0].re, a[1].re, false); break;
      }
      return false;
    }, /*same_types=*/true);
  }
  if (kind == Arith::kRemainder) return interp.unsupported(op, "remainder of complex numbers (the spec leaves it TBD, #997)");
  return mapElements(interp, op, operands, 2, [&](const std::vector<Elem>& a, Elem& out) {
    const bool special = nonFiniteComplex(t, a[0]) || nonFiniteComplex(t, a[1]);
    switch (kind) {
      case Arith::kAdd: out = complexBinary(t, a[0], a[1], mpc_add); break;
      case Arith::kSubtract: out = complexBinary(t, a[0], a[1], mpc_sub); break;
      case Arith::kMultiply: out = complexBinary(t, a[0], a[1], mpc_mul); return special;
      case Arith::kDivide: out = complexBinary(t, a[0], a[1], mpc_div); return special;
      case Arith::kPower: out = complexPow(t, a[0], a[1]); return special;
      case Arith::kAtan2: out = complexAtan2(t, a[0], a[1]); return special;
      case Arith::kMaximum: out = complexMinMax(complexPartType(t), a[0], a[1], true); break;
      case Arith::kMinimum: out = complexMinMax(complexPartType(t), a[0], a[1], false); break;
      default: break;
    }
    return false;
  }, /*same_types=*/true);
}

// clamp(min, x, max) = minimum(maximum(x, min), max), with each type's maximum/minimum (NaN propagates).
Results clampKernel(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands) {
  const ElementType t = operandType(op, 1);
  return mapElements(interp, op, operands, 3, [&](const std::vector<Elem>& a, Elem& out) {
    if (isFloat(t)) {
      out.re = floatMinMax(t, floatMinMax(t, a[1].re, a[0].re, true), a[2].re, false);
    } else if (isComplex(t)) {
      out = complexMinMax(complexPartType(t), complexMinMax(complexPartType(t), a[1], a[0], true), a[2], false);
    } else {
      const __int128 lo = integerValue(t, a[0].re), x = integerValue(t, a[1].re), hi = integerValue(t, a[2].re);
      out.re = wrapInteger(t, std::min(std::max(x, lo), hi));
    }
    return false;
  }, /*same_types=*/true);
}

constexpr KernelDef kKernels[] = {
    {OpId::kClamp, clampKernel},
    {OpId::kExponential, unaryMathKernel},
    {OpId::kExponentialMinusOne, unaryMathKernel},
    {OpId::kLog, unaryMathKernel},
    {OpId::kLogPlusOne, unaryMathKernel},
    {OpId::kSqrt, unaryMathKernel},
    {OpId::kRsqrt, unaryMathKernel},
    {OpId::kCbrt, unaryMathKernel},
    {OpId::kSine, unaryMathKernel},
    {OpId::kCosine, unaryMathKernel},
    {OpId::kTan, unaryMathKernel},
    {OpId::kChloTan, unaryMathKernel},
    {OpId::kTanh, unaryMathKernel},
    {OpId::kFloor, unaryMathKernel},
    {OpId::kCeil, unaryMathKernel},
    {OpId::kRoundNearestAfz, unaryMathKernel},
    {OpId::kRoundNearestEven, unaryMathKernel},
    {OpId::kChloAcos, unaryMathKernel},
    {OpId::kChloAcosh, unaryMathKernel},
    {OpId::kChloAsin, unaryMathKernel},
    {OpId::kChloAsinAcosKernel, unaryMathKernel},
    {OpId::kChloAsinh, unaryMathKernel},
    {OpId::kChloAtan, unaryMathKernel},
    {OpId::kChloAtanh, unaryMathKernel},
    {OpId::kChloCosh, unaryMathKernel},
    {OpId::kChloSinh, unaryMathKernel},
    {OpId::kChloSquare, unaryMathKernel},
    {OpId::kChloErf, unaryMathKernel},
    {OpId::kChloErfc, unaryMathKernel},
    {OpId::kChloLgamma, unaryMathKernel},
    {OpId::kChloDigamma, unaryMathKernel},
    {OpId::kLogistic, logisticKernel},
    {OpId::kNegate, negateAbsKernel},
    {OpId::kAbs, negateAbsKernel},
    {OpId::kSign, signKernel},
    {OpId::kAdd, binaryKernel},
    {OpId::kSubtract, binaryKernel},
    {OpId::kMultiply, binaryKernel},
    {OpId::kDivide, binaryKernel},
    {OpId::kRemainder, binaryKernel},
    {OpId::kPower, binaryKernel},
    {OpId::kAtan2, binaryKernel},
    {OpId::kMaximum, binaryKernel},
    {OpId::kMinimum, binaryKernel},
};

}  // namespace

std::span<const KernelDef> elementwiseKernels() { return kKernels; }

}  // namespace hloconf::ref
