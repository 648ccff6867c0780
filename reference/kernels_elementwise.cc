// Elementwise arithmetic and math: every float result is the exact value rounded once to the result type
// (reference/numerics.h), complex results through MPC with the same rule per part, integers wrap.
// Implementation-defined cases (integer division by zero and overflow, negative integer exponents) are
// marked on the result element; docs/semantics.md lists each rule.
#include <bit>
#include <cmath>

#include "reference/elementwise.h"
#include "reference/numerics.h"

namespace hloconf::ref {
namespace {

using Results = absl::StatusOr<std::vector<RtValue>>;
using MpfrUnary = int (*)(mpfr_ptr, mpfr_srcptr, mpfr_rnd_t);
using MpfrBinary = int (*)(mpfr_ptr, mpfr_srcptr, mpfr_srcptr, mpfr_rnd_t);
using MpcUnary = int (*)(mpc_ptr, mpc_srcptr, mpc_rnd_t);
using MpcBinary = int (*)(mpc_ptr, mpc_srcptr, mpc_srcptr, mpc_rnd_t);

bool isNaN(ElementType t, uint64_t bits) { return classifyFloat(t, bits) == FloatClass::kNaN; }

// --- Real floats ---------------------------------------------------------------------------------------------

uint64_t realUnary(ElementType t, uint64_t x, MpfrUnary f) {
  MpFloat a(64);
  decodeFloat(t, x, a);
  return roundCorrectly(t, [&](mpfr_ptr out) { return roundedByMpfr(out, f(out, a, MPFR_RNDN)); });
}

uint64_t realBinary(ElementType t, uint64_t x, uint64_t y, MpfrBinary f) {
  MpFloat a(64), b(64);
  decodeFloat(t, x, a);
  decodeFloat(t, y, b);
  return roundCorrectly(t, [&](mpfr_ptr out) { return roundedByMpfr(out, f(out, a, b, MPFR_RNDN)); });
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

void toMpc(ElementType part, Elem x, MpComplex& z) {
  decodeFloat(part, x.re, z.re());
  decodeFloat(part, x.im, z.im());
}

Elem complexResult(const std::pair<uint64_t, uint64_t>& bits) { return {bits.first, bits.second}; }

bool finiteComplex(MpComplex& z) { return mpfr_number_p(z.re()) && mpfr_number_p(z.im()); }

Elem complexUnary(ElementType ct, Elem x, MpcUnary f) {
  const ElementType part = complexPartType(ct);
  MpComplex a(64);
  toMpc(part, x, a);
  return complexResult(roundComplexCorrectly(part, [&](mpc_ptr out) { return roundedByMpc(out, f(out, a, MPC_RNDNN)); }));
}

Elem complexBinary(ElementType ct, Elem x, Elem y, MpcBinary f) {
  const ElementType part = complexPartType(ct);
  MpComplex a(64), b(64);
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

Elem complexRsqrt(ElementType ct, Elem x) {
  const ElementType part = complexPartType(ct);
  MpComplex a(64);
  toMpc(part, x, a);
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
Elem complexExpm1(ElementType ct, Elem x) {
  const ElementType part = complexPartType(ct);
  MpComplex a(64);
  toMpc(part, x, a);
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
Elem complexLogistic(ElementType ct, Elem x) {
  const ElementType part = complexPartType(ct);
  MpComplex a(64);
  toMpc(part, x, a);
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
// exactly (the parts are floats); then r = sqrt(s), q = w / r and L = log(q) are each rounded by MPC at
// q bits (each part within one ulp, so within 2^-q * |value| * sqrt(2) as a complex number). First-order
// propagation, with margin: |dq| <= 3 * 2^-q |q|, |dL| <= |dq| / |q| + 2^-q |L| sqrt(2), so each part of
// the result is within 4 * 2^-q + 2 * 2^-q |L| of the exact value. The step rounds into `out` afterwards.
Elem complexAtan2(ElementType ct, Elem y, Elem x) {
  const ElementType part = complexPartType(ct);
  MpComplex a(64), b(64);
  toMpc(part, y, a);
  toMpc(part, x, b);
  return complexResult(roundComplexCorrectly(part, [&](mpc_ptr out) -> ComplexApproximation {
    const mpfr_prec_t q = mpfr_get_prec(mpc_realref(out)) + 16;
    const mpfr_prec_t exact = 4600;  // products and sums of f64 parts, exactly
    MpComplex s(exact), t(exact), w(exact), r(q), quotient(q), log_q(q);
    mpc_sqr(s, b, MPC_RNDNN);
    mpc_sqr(t, a, MPC_RNDNN);
    mpc_add(s, s, t, MPC_RNDNN);
    mpc_mul_i(t, a, 1, MPC_RNDNN);
    mpc_add(w, b, t, MPC_RNDNN);
    int inexact = mpc_sqrt(r, s, MPC_RNDNN);
    inexact |= mpc_div(quotient, w, r, MPC_RNDNN);
    inexact |= mpc_log(log_q, quotient, MPC_RNDNN);
    int final_inex = mpc_mul_i(out, log_q, -1, MPC_RNDNN);  // -i * L: (im L, -re L)
    if (!finiteComplex(a) || !finiteComplex(b) || !finiteComplex(log_q) || mpc_cmp_si(s, 0) == 0) {
      return {{true, 0}, {true, 0}};  // special values: the formula's IEEE/Annex G result
    }
    if (inexact == 0) return roundedByMpc(out, final_inex);
    MpFloat magnitude(32);
    mpc_abs(magnitude, log_q, MPFR_RNDU);
    const mpfr_exp_t size = mpfr_zero_p(magnitude) ? 0 : std::max<mpfr_exp_t>(mpfr_get_exp(magnitude), 0);
    const mpfr_exp_t err = size + 3 - static_cast<mpfr_exp_t>(q);  // 4 * 2^-q + 2 * 2^-q |L| <= 2^(size + 3 - q)
    auto part_bound = [&](mpfr_srcptr v) -> Approximation {
      mpfr_exp_t rounding = mpfr_zero_p(v) ? mpfr_get_emin() : mpfr_get_exp(v) - mpfr_get_prec(v);
      return {false, std::max(err, rounding) + 1};
    };
    return {part_bound(mpc_realref(out)), part_bound(mpc_imagref(out))};
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
  std::string_view op;
  MpfrUnary real;       // nullptr: not defined on real floats
  Elem (*complex)(ElementType, Elem);
};

Elem mpcExp(ElementType t, Elem x) { return complexUnary(t, x, mpc_exp); }
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
Elem complexTanh(ElementType ct, Elem z) {
  const ElementType part = complexPartType(ct);
  MpComplex a(64);
  toMpc(part, z, a);
  MpFloat half(8);
  mpfr_set_d(half, 0.5, MPFR_RNDN);
  if (!finiteComplex(a) || mpfr_cmpabs(a.re(), half) < 0) return complexUnary(ct, z, mpc_tanh);
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
    const bool inexact_re = true;  // sinh 2x / d with |x| >= 1/2 is never taken as exact
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

constexpr UnaryMath kUnaryMath[] = {
    {"stablehlo.exponential", mpfr_exp, mpcExp},
    {"stablehlo.exponential_minus_one", mpfr_expm1, complexExpm1},
    {"stablehlo.log", mpfr_log, mpcLog},
    {"stablehlo.log_plus_one", mpfr_log1p, complexLog1p},
    {"stablehlo.sqrt", mpfr_sqrt, mpcSqrt},
    {"stablehlo.rsqrt", mpfrRsqrt, complexRsqrt},
    {"stablehlo.cbrt", mpfr_cbrt, complexCbrt},
    {"stablehlo.sine", mpfr_sin, mpcSin},
    {"stablehlo.cosine", mpfr_cos, mpcCos},
    {"stablehlo.tan", mpfr_tan, mpcTan},
    {"chlo.tan", mpfr_tan, mpcTan},
    {"stablehlo.tanh", mpfr_tanh, mpcTanh},
    {"stablehlo.floor", mpfrFloor, nullptr},
    {"stablehlo.ceil", mpfrCeil, nullptr},
    {"stablehlo.round_nearest_afz", mpfrRoundAfz, nullptr},
    {"stablehlo.round_nearest_even", mpfrRoundEven, nullptr},
};

const UnaryMath* findUnaryMath(std::string_view name) {
  for (const UnaryMath& m : kUnaryMath) {
    if (m.op == name) return &m;
  }
  return nullptr;
}

Results unaryMathKernel(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands) {
  const UnaryMath* math = findUnaryMath(op.name);
  const ElementType t = operandType(op);
  if (isFloat(t)) {
    return mapElements(interp, op, operands, 1, [&](const std::vector<Elem>& a, Elem& out) {
      out.re = realUnary(t, a[0].re, math->real);
      return false;
    }, /*same_types=*/true);
  }
  if (isComplex(t) && math->complex) {
    return mapElements(interp, op, operands, 1, [&](const std::vector<Elem>& a, Elem& out) {
      out = math->complex(t, a[0]);
      return false;
    }, /*same_types=*/true);
  }
  return typeError(interp, op, math->complex ? "float and complex types" : "float types");
}

Results logisticKernel(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands) {
  const ElementType t = operandType(op);
  if (!isFloat(t) && !isComplex(t)) return typeError(interp, op, "float and complex types");
  return mapElements(interp, op, operands, 1, [&](const std::vector<Elem>& a, Elem& out) {
    if (isComplex(t)) {
      out = complexLogistic(t, a[0]);
    } else {
      out.re = realLogistic(t, a[0].re);
    }
    return false;
  }, /*same_types=*/true);
}

Results negateAbsKernel(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands) {
  const ElementType t = operandType(op);
  const bool absolute = op.name == "stablehlo.abs";
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

struct BinaryDef {
  std::string_view op;
  Arith kind;
};
constexpr BinaryDef kBinary[] = {
    {"stablehlo.add", Arith::kAdd},           {"stablehlo.subtract", Arith::kSubtract},
    {"stablehlo.multiply", Arith::kMultiply}, {"stablehlo.divide", Arith::kDivide},
    {"stablehlo.remainder", Arith::kRemainder}, {"stablehlo.power", Arith::kPower},
    {"stablehlo.atan2", Arith::kAtan2},       {"stablehlo.maximum", Arith::kMaximum},
    {"stablehlo.minimum", Arith::kMinimum},
};

Results binaryKernel(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands) {
  Arith kind{};
  for (const BinaryDef& d : kBinary) {
    if (d.op == op.name) kind = d.kind;
  }
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
    return mapElements(interp, op, operands, 2, [&](const std::vector<Elem>& a, Elem& out) {
      switch (kind) {
        case Arith::kAdd: out.re = realBinary(t, a[0].re, a[1].re, mpfr_add); break;
        case Arith::kSubtract: out.re = realBinary(t, a[0].re, a[1].re, mpfr_sub); break;
        case Arith::kMultiply: out.re = realBinary(t, a[0].re, a[1].re, mpfr_mul); break;
        case Arith::kDivide: out.re = realBinary(t, a[0].re, a[1].re, mpfr_div); break;
        case Arith::kRemainder: out.re = realBinary(t, a[0].re, a[1].re, mpfr_fmod); break;
        case Arith::kPower: out.re = realBinary(t, a[0].re, a[1].re, mpfr_pow); break;
        case Arith::kAtan2: out.re = realBinary(t, a[0].re, a[1].re, mpfr_atan2); break;
        case Arith::kMaximum: out.re = floatMinMax(t, a[0].re, a[1].re, true); break;
        case Arith::kMinimum: out.re = floatMinMax(t, a[0].re, a[1].re, false); break;
      }
      return false;
    }, /*same_types=*/true);
  }
  if (kind == Arith::kRemainder) return interp.unsupported(op, "remainder of complex numbers (the spec leaves it TBD, #997)");
  return mapElements(interp, op, operands, 2, [&](const std::vector<Elem>& a, Elem& out) {
    switch (kind) {
      case Arith::kAdd: out = complexBinary(t, a[0], a[1], mpc_add); break;
      case Arith::kSubtract: out = complexBinary(t, a[0], a[1], mpc_sub); break;
      case Arith::kMultiply: out = complexBinary(t, a[0], a[1], mpc_mul); break;
      case Arith::kDivide: out = complexBinary(t, a[0], a[1], mpc_div); break;
      case Arith::kPower: out = complexBinary(t, a[0], a[1], mpc_pow); break;
      case Arith::kAtan2: out = complexAtan2(t, a[0], a[1]); break;
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
    {"stablehlo.clamp", clampKernel},
    {"stablehlo.exponential", unaryMathKernel},
    {"stablehlo.exponential_minus_one", unaryMathKernel},
    {"stablehlo.log", unaryMathKernel},
    {"stablehlo.log_plus_one", unaryMathKernel},
    {"stablehlo.sqrt", unaryMathKernel},
    {"stablehlo.rsqrt", unaryMathKernel},
    {"stablehlo.cbrt", unaryMathKernel},
    {"stablehlo.sine", unaryMathKernel},
    {"stablehlo.cosine", unaryMathKernel},
    {"stablehlo.tan", unaryMathKernel},
    {"chlo.tan", unaryMathKernel},
    {"stablehlo.tanh", unaryMathKernel},
    {"stablehlo.floor", unaryMathKernel},
    {"stablehlo.ceil", unaryMathKernel},
    {"stablehlo.round_nearest_afz", unaryMathKernel},
    {"stablehlo.round_nearest_even", unaryMathKernel},
    {"stablehlo.logistic", logisticKernel},
    {"stablehlo.negate", negateAbsKernel},
    {"stablehlo.abs", negateAbsKernel},
    {"stablehlo.sign", signKernel},
    {"stablehlo.add", binaryKernel},
    {"stablehlo.subtract", binaryKernel},
    {"stablehlo.multiply", binaryKernel},
    {"stablehlo.divide", binaryKernel},
    {"stablehlo.remainder", binaryKernel},
    {"stablehlo.power", binaryKernel},
    {"stablehlo.atan2", binaryKernel},
    {"stablehlo.maximum", binaryKernel},
    {"stablehlo.minimum", binaryKernel},
};

}  // namespace

std::span<const KernelDef> elementwiseKernels() { return kKernels; }

}  // namespace hloconf::ref
