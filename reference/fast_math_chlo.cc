#include "reference/fast_math_chlo.h"

#include <mpfr.h>

#include <atomic>
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>

#include "reference/fast_math_f64.h"
#include "reference/numerics.h"

// docs/design/chlo.md ("f32 fast path") has the argument in prose; each step here says its part.
namespace hloconf::ref {
namespace {

std::atomic<bool> g_enabled{true};

// A value with a rigorous absolute error bound: the exact quantity lies in [v - e, v + e].
struct Bounded {
  double v;
  double e;
};

// The error of one operation rounded to nearest in double: at most half an ulp of the exact result z,
// |z| 2^-53 <= |v| (1 + 2^-53) 2^-53 < |v| 2^-52 for the rounded v; where v lands in double's subnormal
// range the error is at most 2^-1075 < 2^-1000. The error terms are themselves computed in double, so
// each is low by at most a relative few 2^-53 per operation; the final bound is inflated by 2^-20
// (kInflate), which covers the few hundred operations of any evaluation here many times over.
double rounding(double v) { return std::fabs(v) * 0x1p-52 + 0x1p-1000; }
constexpr double kInflate = 1 + 0x1p-20;

Bounded exact(double v) { return {v, 0}; }
// A decimal constant written to more digits than double has: the compiler rounds it to nearest.
Bounded constant(double c) { return {c, rounding(c)}; }

Bounded add(Bounded a, Bounded b) {
  const double v = a.v + b.v;
  return {v, a.e + b.e + rounding(v)};
}
Bounded sub(Bounded a, Bounded b) {
  const double v = a.v - b.v;
  return {v, a.e + b.e + rounding(v)};
}
Bounded mul(Bounded a, Bounded b) {
  const double v = a.v * b.v;
  return {v, std::fabs(a.v) * b.e + std::fabs(b.v) * a.e + a.e * b.e + rounding(v)};
}
// a / b for |b.v| > b.e: |A/B - a/b| <= |A - a|/|B| + |a| |B - b| / (|B| |b|), with |B| >= |b| - b.e.
std::optional<Bounded> div(Bounded a, Bounded b) {
  const double low = std::fabs(b.v) - b.e;
  if (!(low > 0)) return std::nullopt;
  const double v = a.v / b.v;
  return Bounded{v, a.e / low + std::fabs(a.v) * b.e / (std::fabs(b.v) * low) + rounding(v)};
}

double fromBits(uint64_t b) { return std::bit_cast<double>(b); }
uint64_t toBits(double d) { return std::bit_cast<uint64_t>(d); }

// fast_math_f64's enclosure (the exact value within err 2^e of +-m 2^e; or a correctly rounded f64
// `decided`, within half an ulp of it) as a Bounded. Converting m and err to double rounds each by a
// relative 2^-53: m's is inside rounding(v), err's inside kInflate.
std::optional<Bounded> fromEnclosure(const std::optional<F64Enclosure>& enc) {
  if (!enc) return std::nullopt;
  if (enc->decided) {
    const double d = fromBits(*enc->decided);
    if (!std::isfinite(d)) return std::nullopt;
    return Bounded{d, rounding(d)};
  }
  double v = std::ldexp(static_cast<double>(enc->m), enc->e);
  if (enc->neg) v = -v;
  const double e = std::ldexp(static_cast<double>(enc->err), enc->e) + rounding(v);
  if (!std::isfinite(v) || !std::isfinite(e)) return std::nullopt;
  return Bounded{v, e};
}

// log A for A in [a.v - a.e, a.v + a.e], a.v - a.e > 0: the enclosure of log(a.v), plus
// |log A - log a.v| <= |A - a.v| / min(A, a.v) <= a.e / (a.v - a.e) (mean value theorem).
std::optional<Bounded> logOf(Bounded a) {
  const double low = a.v - a.e;
  if (!(low > 0)) return std::nullopt;
  std::optional<Bounded> r = fromEnclosure(fastF64Enclosure(OpId::kLog, toBits(a.v)));
  if (!r) return std::nullopt;
  r->e += a.e / low;
  return r;
}

// sin A and cos A: sin and cos are 1-Lipschitz, so a.e adds to the enclosure's bound.
std::optional<Bounded> sinOf(Bounded a) {
  std::optional<Bounded> r = fromEnclosure(fastF64Enclosure(OpId::kSine, toBits(a.v)));
  if (r) r->e += a.e;
  return r;
}
std::optional<Bounded> cosOf(Bounded a) {
  std::optional<Bounded> r = fromEnclosure(fastF64Enclosure(OpId::kCosine, toBits(a.v)));
  if (r) r->e += a.e;
  return r;
}

const Bounded kPi = constant(3.14159265358979323846264338327950288);
const Bounded kLogPi = constant(1.14472988584940017414342735135305871);
const Bounded kHalfLog2Pi = constant(0.918938533204672741780329736405617640);

// Stirling's series (DLMF 5.11.1): log Gamma(x) = (x - 1/2) log x - x + log(2 pi)/2
// + sum_{k=1}^{K} B_2k / (2k (2k - 1) x^(2k-1)) + R_K. For real x > 0, R_K is bounded in magnitude by the
// first neglected term (DLMF 5.11(ii)); K = 7, the 8th coefficient is |B_16| / (16 * 15) = 3617/122400 <
// 0.0296, bounded here by 0.03 (the margin covers the rounding of 0.03 / low^15). The coefficients are
// quotients of small integers, rounded to nearest by the compiler (constant()).
const Bounded kLgammaSeries[] = {constant(1.0 / 12),   constant(-1.0 / 360),     constant(1.0 / 1260),
                                 constant(-1.0 / 1680), constant(1.0 / 1188),    constant(-691.0 / 360360),
                                 constant(1.0 / 156)};

// Horner in z^2 with the coefficients c[0..6]: sum c[k] z2^k, k = 0..6.
Bounded series(const Bounded (&c)[7], Bounded z2) {
  Bounded s = c[6];
  for (int k = 5; k >= 0; --k) s = add(mul(s, z2), c[k]);
  return s;
}

// log Gamma(X) for exact X in [x.v - x.e, x.v + x.e], X > 0, by Stirling's series. Accurate (relative
// 2^-50 or better) for X >= 10; the bound holds for every X > 0.
std::optional<Bounded> lgammaStirling(Bounded x) {
  const double low = x.v - x.e;
  if (!(low > 0)) return std::nullopt;
  const std::optional<Bounded> log_x = logOf(x);
  const std::optional<Bounded> z = div(exact(1), x);
  if (!log_x || !z) return std::nullopt;
  Bounded r = add(sub(mul(sub(x, exact(0.5)), *log_x), x), kHalfLog2Pi);
  r = add(r, mul(series(kLgammaSeries, mul(*z, *z)), *z));
  r.e += 0.03 * std::pow(1 / low, 15);
  return r;
}

// log Gamma(X) for X > 0: below 10, log Gamma(X) = log Gamma(X + n) - log(X (X + 1) ... (X + n - 1)).
std::optional<Bounded> lgammaPositive(Bounded x) {
  const double low = x.v - x.e;
  if (!(low > 0)) return std::nullopt;
  if (low >= 10) return lgammaStirling(x);
  const int n = static_cast<int>(std::ceil(10 - low)) + 1;
  Bounded product = x;
  for (int k = 1; k < n; ++k) product = mul(product, add(x, exact(k)));
  const std::optional<Bounded> big = lgammaStirling(add(x, exact(n)));
  const std::optional<Bounded> log_product = logOf(product);
  if (!big || !log_product) return std::nullopt;
  return sub(*big, *log_product);
}

// sin(pi |r|) and cos(pi |r|) for a nonzero f32 r with |r| <= 1/2 (exact in double): pi |r| is a Bounded
// product with the rounded pi.
std::optional<Bounded> sinPi(double abs_r) { return sinOf(mul(kPi, exact(abs_r))); }
std::optional<Bounded> cosPi(double abs_r) { return cosOf(mul(kPi, exact(abs_r))); }

// The distance of x from its nearest integer, x - nearbyint(x), with |r| <= 1/2: exact in double for an
// f32 x (below 1/2 in magnitude it is x; above, both are multiples of ulp(x) >= 2^-24 below 2^0).
double fractionalPart(double x) { return x - std::nearbyint(x); }

// The Ziv test: the f32 every value of [v - e kInflate, v + e kInflate] rounds to, or nullopt. The ends
// are computed in double and widened by one double step each, which covers their own rounding; the cast
// to float rounds to nearest even with f32's subnormals and overflow, and is monotonic, so equal bits at
// both ends (signs of zero included) are the correctly rounded f32 of every value between.
std::optional<uint32_t> roundToF32(const std::optional<Bounded>& r) {
  if (!r) return std::nullopt;
  const double e = r->e * kInflate;
  if (!std::isfinite(r->v) || !std::isfinite(e)) return std::nullopt;
  const double lo = std::nextafter(r->v - e, -std::numeric_limits<double>::infinity());
  const double hi = std::nextafter(r->v + e, std::numeric_limits<double>::infinity());
  const float flo = static_cast<float>(lo), fhi = static_cast<float>(hi);
  uint32_t blo, bhi;
  std::memcpy(&blo, &flo, 4);
  std::memcpy(&bhi, &fhi, 4);
  if (blo != bhi) return std::nullopt;
  return blo;
}

float f32FromBits(uint32_t x) {
  float f;
  std::memcpy(&f, &x, 4);
  return f;
}

// A finite f32 that is not 0 and not a negative integer (a pole of lgamma and digamma).
bool regularGammaArgument(float x) {
  if (!std::isfinite(x) || x == 0) return false;
  return !(x < 0 && std::nearbyint(x) == x);
}

std::optional<Bounded> lgammaEnclosure(float xf) {
  if (!regularGammaArgument(xf)) return std::nullopt;
  const double x = xf;
  if (x > 0) return lgammaPositive(exact(x));
  // Reflection: Gamma(x) Gamma(1 - x) = pi / sin(pi x), so log|Gamma(x)| = log pi - log|sin(pi x)|
  // - log Gamma(1 - x), and |sin(pi x)| = sin(pi |r|) for r = x - nearbyint(x), 0 < |r| <= 1/2.
  const std::optional<Bounded> s = sinPi(std::fabs(fractionalPart(x)));
  if (!s) return std::nullopt;
  const std::optional<Bounded> log_s = logOf(*s);
  const std::optional<Bounded> rest = lgammaPositive(sub(exact(1), exact(x)));
  if (!log_s || !rest) return std::nullopt;
  return sub(sub(kLogPi, *log_s), *rest);
}

// digamma's asymptotic series (DLMF 5.11.2): psi(x) = log x - 1/(2x) - sum_{k=1}^{K} B_2k / (2k x^2k) + R_K,
// R_K bounded in magnitude by the first neglected term for real x > 0 (DLMF 5.11(ii)); K = 7, the 8th
// coefficient is |B_16| / 16 = 3617/8160 < 0.4433, bounded here by 0.45.
const Bounded kDigammaSeries[] = {constant(1.0 / 12),  constant(-1.0 / 120),     constant(1.0 / 252),
                                  constant(-1.0 / 240), constant(1.0 / 132),     constant(-691.0 / 32760),
                                  constant(1.0 / 12)};

std::optional<Bounded> digammaAsymptotic(Bounded x) {
  const double low = x.v - x.e;
  if (!(low > 0)) return std::nullopt;
  const std::optional<Bounded> log_x = logOf(x);
  const std::optional<Bounded> z = div(exact(1), x);
  if (!log_x || !z) return std::nullopt;
  const Bounded z2 = mul(*z, *z);
  Bounded r = sub(sub(*log_x, mul(exact(0.5), *z)), mul(series(kDigammaSeries, z2), z2));
  r.e += 0.45 * std::pow(1 / low, 16);
  return r;
}

// psi(X) for X > 0: below 10, psi(X) = psi(X + n) - sum_{k<n} 1/(X + k).
std::optional<Bounded> digammaPositive(Bounded x) {
  const double low = x.v - x.e;
  if (!(low > 0)) return std::nullopt;
  if (low >= 10) return digammaAsymptotic(x);
  const int n = static_cast<int>(std::ceil(10 - low)) + 1;
  Bounded sum = exact(0);
  for (int k = 0; k < n; ++k) {
    const std::optional<Bounded> term = div(exact(1), add(x, exact(k)));
    if (!term) return std::nullopt;
    sum = add(sum, *term);
  }
  const std::optional<Bounded> big = digammaAsymptotic(add(x, exact(n)));
  if (!big) return std::nullopt;
  return sub(*big, sum);
}

std::optional<Bounded> digammaEnclosure(float xf) {
  if (!regularGammaArgument(xf)) return std::nullopt;
  const double x = xf;
  if (x > 0) return digammaPositive(exact(x));
  // Reflection: psi(x) = psi(1 - x) - pi cot(pi x), cot(pi x) = cot(pi r) = sign(r) cos(pi|r|) / sin(pi|r|).
  const double r = fractionalPart(x);
  const std::optional<Bounded> s = sinPi(std::fabs(r)), c = cosPi(std::fabs(r));
  if (!s || !c) return std::nullopt;
  const std::optional<Bounded> cot = div(*c, *s);
  const std::optional<Bounded> rest = digammaPositive(sub(exact(1), exact(x)));
  if (!cot || !rest) return std::nullopt;
  Bounded term = mul(kPi, *cot);
  if (r < 0) term.v = -term.v;
  return sub(*rest, term);
}

// A double close to erf_inv(x) for 0 < x < 1: Winitzki's closed form, then Newton steps with the C
// library's erf/erfc (for x >= 1/2 on the residual (1 - x) - erfc(y), which does not cancel near 1).
// Its accuracy only decides how often the proof below succeeds, never the result.
double erfInvCandidate(double x) {
  constexpr double a = 0.147;
  const double l = std::log1p(-x * x);
  const double t = 2 / (M_PI * a) + l / 2;
  double y = std::sqrt(std::sqrt(t * t - l / a) - t);
  for (int i = 0; i < 3; ++i) {
    const double residual = x < 0.5 ? std::erf(y) - x : (1 - x) - std::erfc(y);
    y -= residual * 0.88622692545275801365 * std::exp(y * y);  // erf'(y) = 2/sqrt(pi) e^-y^2
  }
  return y;
}

}  // namespace

std::optional<uint32_t> fastF32Lgamma(uint32_t x) { return roundToF32(lgammaEnclosure(f32FromBits(x))); }

std::optional<uint32_t> fastF32Digamma(uint32_t x) { return roundToF32(digammaEnclosure(f32FromBits(x))); }

// erf_inv(x) for an f32 x with 0 < |x| < 1 (else nullopt: the MPFR path has the special values). With r
// the f32 candidate and m- < r < m+ the midpoints to its neighbours (exact in double: 25 bits), erf is
// increasing, so erf(m-) < |x| < erf(m+) puts the root strictly inside (m-, m+), where everything rounds
// to r. MPFR evaluates erf(m-) rounded up and erf(m+) rounded down at 53 bits, so the strict comparisons
// with |x| hold for the exact values too. For |x| >= 1/2 the same is done with erfc and 1 - |x| (exact in
// double, Sterbenz), erfc(m-) > 1 - |x| > erfc(m+), which keeps full relative precision near 1.
std::optional<uint32_t> fastF32ErfInv(uint32_t x) {
  const float xf = f32FromBits(x);
  if (!std::isfinite(xf) || xf == 0 || std::fabs(xf) >= 1) return std::nullopt;
  const double ax = std::fabs(static_cast<double>(xf));
  const float r = static_cast<float>(erfInvCandidate(ax));
  if (!(r > 0) || !std::isfinite(r)) return std::nullopt;
  const double below = (static_cast<double>(r) + std::nextafter(r, 0.0f)) / 2;
  const double above = (static_cast<double>(r) + std::nextafter(r, std::numeric_limits<float>::infinity())) / 2;
  ScratchFloat m(53), f(53);
  if (ax < 0.5) {
    mpfr_set_d(m, below, MPFR_RNDN);  // exact
    mpfr_erf(f, m, MPFR_RNDU);
    if (mpfr_cmp_d(f, ax) >= 0) return std::nullopt;
    mpfr_set_d(m, above, MPFR_RNDN);
    mpfr_erf(f, m, MPFR_RNDD);
    if (mpfr_cmp_d(f, ax) <= 0) return std::nullopt;
  } else {
    const double complement = 1 - ax;  // exact
    mpfr_set_d(m, below, MPFR_RNDN);
    mpfr_erfc(f, m, MPFR_RNDD);
    if (mpfr_cmp_d(f, complement) <= 0) return std::nullopt;
    mpfr_set_d(m, above, MPFR_RNDN);
    mpfr_erfc(f, m, MPFR_RNDU);
    if (mpfr_cmp_d(f, complement) >= 0) return std::nullopt;
  }
  const float result = xf < 0 ? -r : r;
  uint32_t bits;
  std::memcpy(&bits, &result, 4);
  return bits;
}

FastChloF32 fastChloF32Function(OpId op) {
  if (!g_enabled.load(std::memory_order_relaxed)) return nullptr;
  switch (op) {
    case OpId::kChloLgamma: return fastF32Lgamma;
    case OpId::kChloDigamma: return fastF32Digamma;
    case OpId::kChloErfInv: return fastF32ErfInv;
    default: return nullptr;
  }
}

void setFastChloF32Enabled(bool on) { g_enabled.store(on, std::memory_order_relaxed); }
bool fastChloF32Enabled() { return g_enabled.load(std::memory_order_relaxed); }

std::optional<DoubleInterval> chloF32Enclosure(OpId op, uint32_t x) {
  const std::optional<Bounded> r = op == OpId::kChloLgamma    ? lgammaEnclosure(f32FromBits(x))
                                   : op == OpId::kChloDigamma ? digammaEnclosure(f32FromBits(x))
                                                              : std::nullopt;
  if (!r) return std::nullopt;
  const double e = r->e * kInflate;
  return DoubleInterval{r->v - e, r->v + e};
}

}  // namespace hloconf::ref
