// chlo's special functions that neither SLEEF nor the C library has: digamma, erf_inv, polygamma, zeta,
// bessel_i1e and _asin_acos_kernel. Each is computed one precision up (double for f32 and the narrower
// floats, x87 long double for f64; oneUp and inWider, elementwise_complex.h) and rounded once, so that its
// error in the wider type (a few of that type's ULP) stays well inside one ULP of the result type.
// docs/design/executors.md ("chlo") gives each one's method and error; docs/design/chlo.md the special
// values, which these follow.
#include <cmath>
#include <complex>
#include <limits>
#include <type_traits>

#include <boost/math/constants/constants.hpp>
#include <boost/math/policies/policy.hpp>
#include <boost/math/special_functions/bernoulli.hpp>
#include <boost/math/special_functions/bessel.hpp>
#include <boost/math/special_functions/digamma.hpp>
#include <boost/math/special_functions/erf.hpp>

#include "executors/cpu/elementwise_complex.h"
#include "executors/cpu/elementwise_types.h"

namespace hloconf::cpu {
namespace {

// Boost.Math (libboost-dev) with the IEEE value instead of an exception: a pole or erf_inv(+-1) gives
// +-inf, a domain error NaN.
using NoThrow = boost::math::policies::policy<
    boost::math::policies::domain_error<boost::math::policies::ignore_error>,
    boost::math::policies::pole_error<boost::math::policies::ignore_error>,
    boost::math::policies::overflow_error<boost::math::policies::ignore_error>,
    boost::math::policies::evaluation_error<boost::math::policies::ignore_error>,
    boost::math::policies::promote_double<false>>;

template <class W>
constexpr W kNaN = std::numeric_limits<W>::quiet_NaN();
template <class W>
constexpr W kInf = std::numeric_limits<W>::infinity();

template <class W>
bool isInteger(W x) {
  return std::isfinite(x) && std::trunc(x) == x;
}

// --- digamma, erf_inv: Boost.Math, documented within a few ULP of the type it computes in -------------------

template <class W>
W digamma(W x) {
  return std::isnan(x) ? x : boost::math::digamma(x, NoThrow());
}

struct DigammaFn {
  template <class E>
  static constexpr bool supports() { return kIsFloat<E>; }
  template <class E, class C>
  static C apply(C a) {
    return oneUp(a, [](auto x) { return digamma(x); });
  }
};
struct ErfInvFn {
  template <class E>
  static constexpr bool supports() { return kIsFloat<E>; }
  template <class E, class C>
  static C apply(C a) {
    return oneUp(a, [](auto x) -> decltype(x) {
      using W = decltype(x);
      if (std::isnan(x) || std::fabs(x) > 1) return kNaN<W>;
      if (std::fabs(x) == 1) return std::copysign(kInf<W>, x);
      return boost::math::erf_inv(x, NoThrow());
    });
  }
};

// --- zeta(s, q) = sum_{n >= 0} (q + n)^-s (chlo.md) ------------------------------------------------------------

// Below this q the direct sum up to the first positive base would be millions of terms; the reference
// refuses such q as unsupported (docs/design/chlo.md), and the executor returns NaN rather than loop.
constexpr double kNegativeBaseLimit = 0x1p20;

// The Euler-Maclaurin sum for s > 1 and a finite q that is not a non-positive integer (negative q only
// with an integer s): the terms (q + n)^-s directly up to the first base A >= 10 + the negative bases,
// then A^(1-s)/(s-1) + A^-s/2 + sum_j B_2j/(2j)! (s)_(2j-1) A^(-s-2j+1), stopped when a correction falls
// below 2^-70 of the sum or starts to grow (the series is asymptotic; with A >= 10 its smallest term is
// about e^(-2 pi A) < 2^-90 of the leading one, DLMF 25.11.6 and 2.10.1).
template <class W>
W hurwitzZetaSum(W s, W q) {
  W sum = 0, a = q;
  for (; a < 10; a += 1) sum += std::pow(a, -s);  // negative bases: s is an integer, pow is exact in sign
  const W a_pow = std::pow(a, -s);                // A^-s
  sum += a * a_pow / (s - 1) + a_pow / 2;
  W rising = s * a_pow / a;  // (s)_(2j-1) A^(-s-2j+1), j = 1
  W last = kInf<W>;
  for (int j = 1; j <= 60; ++j) {
    const W term = boost::math::bernoulli_b2n<W>(j) / boost::math::unchecked_factorial<W>(2 * j) * rising;
    if (!(std::fabs(term) < last)) break;  // past the smallest term of the asymptotic series
    sum += term;
    if (std::fabs(term) <= std::fabs(sum) * W(0x1p-70)) break;
    last = std::fabs(term);
    rising *= (s + 2 * j - 1) * (s + 2 * j) / (a * a);
  }
  return sum;
}

// zeta with chlo's special values (docs/design/chlo.md): s < 1 NaN, s = 1 +inf; q a non-positive integer
// +inf for an integer s, else NaN; q < 0 with a non-integer s NaN; q = +inf +0, q = -inf NaN; s = +inf:
// +0 above q = 1, 1 at q = 1, +inf in (0, 1), NaN at q <= 0.
template <class W>
W hurwitzZeta(W s, W q) {
  if (std::isnan(s) || std::isnan(q) || s < 1) return kNaN<W>;
  if (s == 1) return kInf<W>;
  if (std::isinf(q)) return q > 0 ? W(0) : kNaN<W>;
  if (isInteger(q) && q <= 0) return isInteger(s) ? kInf<W> : kNaN<W>;
  if (q < 0 && !isInteger(s)) return kNaN<W>;
  if (std::isinf(s)) return q < 0 ? kNaN<W> : q == 1 ? W(1) : q > 1 ? W(0) : kInf<W>;
  if (q < -kNegativeBaseLimit) return kNaN<W>;
  return hurwitzZetaSum(s, q);
}

struct ZetaFn {
  template <class E>
  static constexpr bool supports() { return kIsFloat<E>; }
  template <class E, class C>
  static C apply(C s, C q) {
    return oneUp2(s, q, [](auto x, auto y) { return hurwitzZeta(x, y); });
  }
};

// polygamma(n, x) = (-1)^(n+1) n! zeta(n + 1, x) for an integer n >= 1, digamma for n = 0, NaN unless n
// is a non-negative integer; at a pole (x a non-positive integer) +inf for odd n and NaN for even n;
// polygamma(n, +inf) = (-1)^(n+1) 0. Up to n = 170 n! is exact in the wide type's range (170! < 2^1024);
// above it n! zeta(n + 1, x) goes through logarithms, losing about log2(|log result|) bits more.
template <class W>
W polygamma(W n, W x) {
  if (std::isnan(n) || std::isnan(x) || !isInteger(n) || n < 0) return kNaN<W>;
  if (n == 0) return digamma(x);
  const bool odd_order = std::fmod(n, W(2)) == 1;
  if (isInteger(x) && x <= 0) return odd_order ? kInf<W> : kNaN<W>;
  if (std::isinf(x)) return x > 0 ? (odd_order ? W(0) : -W(0)) : kNaN<W>;
  const W zeta = hurwitzZeta(n + 1, x);
  W magnitude;
  if (n <= 170) {
    magnitude = std::tgamma(n + 1) * zeta;
  } else {
    magnitude = zeta == 0 ? W(0) : std::copysign(std::exp(std::lgamma(n + 1) + std::log(std::fabs(zeta))), zeta);
  }
  return odd_order ? magnitude : -magnitude;
}

struct PolygammaFn {
  template <class E>
  static constexpr bool supports() { return kIsFloat<E>; }
  template <class E, class C>
  static C apply(C n, C x) {
    return oneUp2(n, x, [](auto a, auto b) { return polygamma(a, b); });
  }
};

// --- bessel_i1e(x) = e^-|x| I1(x), odd ----------------------------------------------------------------------

// Boost.Math's cyl_bessel_i(1, x) (minimax rational approximations for double and the 64-bit long double)
// times e^-x up to x = 700 in double and 8192 in long double, where I1 is still inside the type's range.
// Beyond it the asymptotic expansion (2 pi x)^-1/2 sum_k a_k x^-k, a_0 = 1,
// a_(k+1) = a_k (2k - 1)(2k + 3) / (8 (k + 1)) (docs/design/chlo.md derives it with its remainder bound,
// (3/2)_K / (2x)^K: with eight terms below 2^-63 at x > 700 and below 2^-100 at x > 8192).
template <class W>
W besselI1e(W x) {
  if (std::isnan(x)) return x;
  if (std::isinf(x) || x == 0) return std::copysign(W(0), x);
  const W ax = std::fabs(x);
  // The series' range: I1 stays finite in W up to about 700 (double) or 11000 (long double).
  constexpr W kSeriesLimit = std::numeric_limits<W>::max_exponent > 1024 ? 8192 : 700;
  W value;
  if (ax <= kSeriesLimit) {
    value = boost::math::cyl_bessel_i(1, ax, NoThrow()) * std::exp(-ax);
  } else {
    W sum = 0, a_k = 1, power = 1;
    for (int k = 0; k < 8; ++k) {
      sum += a_k * power;
      a_k *= W((2 * k - 1) * (2 * k + 3)) / (8 * (k + 1));
      power /= ax;
    }
    value = sum / std::sqrt(2 * boost::math::constants::pi<W>() * ax);
  }
  return std::copysign(value, x);
}

struct BesselI1eFn {
  template <class E>
  static constexpr bool supports() { return kIsFloat<E>; }
  template <class E, class C>
  static C apply(C a) {
    // Tiny x: i1e(x) = (x/2)(1 - |x| + ...) lies just inside x/2, which a wide type cannot tell apart from
    // x/2 itself; where x/2 is a tie in the result type (x the largest subnormal: x/2 is half an odd
    // multiple of the smallest subnormal), rounding x/2 would round it away from zero. One step toward
    // zero, in the type just finer than the last rounding, keeps the side the exact value lies on: the wide
    // type for f32 and f64 (rounded once to C), C itself for a narrower format (f16, bf16, the small
    // floats: C then rounds to E, and x/2 is exact in C).
    if (std::fabs(a) < C(0x1p-80) && a != 0) {
      if constexpr (std::is_same_v<E, F32> || std::is_same_v<E, F64>) return oneUp(a, [](auto x) { return std::nextafter(x / 2, decltype(x)(0)); });
      else return std::nextafter(a / 2, C(0));
    }
    return oneUp(a, [](auto x) { return besselI1e(x); });
  }
};

// --- _asin_acos_kernel(z) = Re sqrt(1 - z^2) + i |Im asin z| (docs/design/chlo.md) ----------------------------

// Hull, Fairgrieve and Tang's formulas ("Implementing the complex arcsine and arccosine functions using
// exception handling", ACM TOMS 23(3), 1997) on |x| and |y|, where every sum adds terms of one sign:
// r = |z + 1|, s = |z - 1|, A = (r + s)/2 >= 1;
// Re sqrt(1 - z^2) = sqrt((A + x)/2 (y^2/(r + x + 1) + (s + 1 - x))) for x <= 1,
//                  = y sqrt((A + x)/2 (1/(r + x + 1) + 1/(s + x - 1))) for x > 1;
// |Im asin z| = acosh A = log1p(Am1 + sqrt(Am1 (A + 1))) for A <= 1.5, with
// Am1 = A - 1 = (y^2/(r + x + 1) + y^2/(s + 1 - x))/2 (x < 1) or (y^2/(r + x + 1) + (s + x - 1))/2,
// and log(A + sqrt(A^2 - 1)) above. In the wide type the squares of any part neither overflow nor
// underflow. A NaN or infinite part (implementation-defined results): the same quantities through
// std::complex.
template <class W>
std::complex<W> asinAcosKernel(std::complex<W> z) {
  if (!finite(z)) return {std::sqrt(W(1) - z * z).real(), std::fabs(std::asin(z).imag())};
  const W x = std::fabs(z.real()), y = std::fabs(z.imag());
  const W r = std::hypot(x + 1, y), s = std::hypot(x - 1, y), a = (r + s) / 2;
  const W y2 = y * y;
  const W re = x <= 1 ? std::sqrt((a + x) / 2 * (y2 / (r + x + 1) + (s + (1 - x))))
                      : y * std::sqrt((a + x) / 2 * (1 / (r + x + 1) + 1 / (s + (x - 1))));
  W im;
  if (a <= W(1.5)) {
    const W am1 = x < 1 ? (y2 / (r + x + 1) + y2 / (s + (1 - x))) / 2 : (y2 / (r + x + 1) + (s + (x - 1))) / 2;
    im = std::log1p(am1 + std::sqrt(am1 * (a + 1)));
  } else {
    im = std::log(a + std::sqrt(a * a - 1));
  }
  return {re, im};
}

struct AsinAcosKernelFn {
  template <class E>
  static constexpr bool supports() { return kIsComplex<E>; }
  template <class E, class C>
  static C apply(C a) {
    if constexpr (kIsComplex<E>) return inWider(a, [](auto z) { return asinAcosKernel(z); });
    else return a;
  }
};

constexpr KernelFamilyEntry kKernels[] = {
    {OpId::kChloDigamma, elementwise<unaryFor<DigammaFn>>},
    {OpId::kChloErfInv, elementwise<unaryFor<ErfInvFn>>},
    {OpId::kChloZeta, elementwise<binaryFor<ZetaFn>>},
    {OpId::kChloPolygamma, elementwise<binaryFor<PolygammaFn>>},
    {OpId::kChloBesselI1e, elementwise<unaryFor<BesselI1eFn>>},
    {OpId::kChloAsinAcosKernel, elementwise<unaryFor<AsinAcosKernelFn>>},
};

}  // namespace

std::span<const KernelFamilyEntry> elementwiseSpecialKernels() { return kKernels; }

}  // namespace hloconf::cpu
