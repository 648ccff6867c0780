// The f64 fast path (fast_math_f64.h): 128-bit integer arithmetic with an error count carried by every
// value, rounded once at the end when the error interval allows it.
//
// Notation. An enclosure (struct Wide) is a sign, a significand m, an exponent e and an error count err:
// the exact value x* satisfies |x* - (±m·2^e)| <= err·2^e. Normalized enclosures have m in [2^126, 2^127)
// and err < 2^62 (a relative error below 2^-64; anything larger cannot decide an f64 rounding, so the
// fast path declines); an exact zero is m = err = 0. Fixed-point values "in Q124" are integers v meaning
// v·2^-124, "in Q116" v·2^-116. A "unit" is one step of the representation in question. Constants that
// are not integers (ln 2, π/2, 2^(j/256), log c_j, the bits of 2/π) come from MPFR at 300 or more bits,
// rounded to nearest: each is within 0.51 units (we count 1). The Taylor coefficients (1/k!, 1/k) are
// rounded to nearest with integer division: within 0.5 units.
#include "reference/fast_math_f64.h"

#include <gmp.h>
#include <mpfr.h>

#include <atomic>
#include <cmath>
#include <cstdlib>
#include <cstring>

namespace hloconf::ref {
namespace {

using u64 = uint64_t;
using u128 = unsigned __int128;
using i128 = __int128;

constexpr u128 kOne = 1;
constexpr u128 kErrLimit = kOne << 62;  // error counts at or above this decline

std::atomic<bool> g_enabled{true};

// The integer kernels below run a dozen times per element: keep them inlined.
#define HLOCONF_HOT inline __attribute__((always_inline))

int clz128(u128 x) {  // x != 0
  const u64 hi = static_cast<u64>(x >> 64);
  return hi ? __builtin_clzll(hi) : 64 + __builtin_clzll(static_cast<u64>(x));
}

// --- 256-bit products ------------------------------------------------------------------------------------

struct U256 {
  u128 hi, lo;
};

// The exact 256-bit product a·b.
HLOCONF_HOT U256 mul256(u128 a, u128 b) {
  const u64 a0 = static_cast<u64>(a), a1 = static_cast<u64>(a >> 64);
  const u64 b0 = static_cast<u64>(b), b1 = static_cast<u64>(b >> 64);
  const u128 p00 = static_cast<u128>(a0) * b0, p01 = static_cast<u128>(a0) * b1;
  const u128 p10 = static_cast<u128>(a1) * b0, p11 = static_cast<u128>(a1) * b1;
  const u128 mid = (p00 >> 64) + static_cast<u64>(p01) + static_cast<u64>(p10);
  return {p11 + (p01 >> 64) + (p10 >> 64) + (mid >> 64), (mid << 64) | static_cast<u64>(p00)};
}

// floor(v / 2^s) of a 256-bit v, 0 <= s < 256; the caller knows that it fits in 128 bits.
HLOCONF_HOT u128 shr256(U256 v, int s) {
  if (s == 0) return v.lo;
  if (s < 128) return (v.hi << (128 - s)) | (v.lo >> s);
  return v.hi >> (s - 128);
}

// floor(a·b / 2^s), for results below 2^128.
HLOCONF_HOT u128 mulShr(u128 a, u128 b, int s) { return shr256(mul256(a, b), s); }

// floor((a·b - a0·b0)·2^-s) for 64 <= s <= 128, where a0, b0 are the low 64-bit halves: three of the
// four partial products. Below floor(a·b·2^-s) by less than 2^(128-s) + 1. The caller knows that the
// result fits.
HLOCONF_HOT u128 mulHigh(u128 a, u128 b, int s) {
  const u64 a0 = static_cast<u64>(a), a1 = static_cast<u64>(a >> 64);
  const u64 b0 = static_cast<u64>(b), b1 = static_cast<u64>(b >> 64);
  const u128 p01 = static_cast<u128>(a0) * b1, p10 = static_cast<u128>(a1) * b0, p11 = static_cast<u128>(a1) * b1;
  const u128 mid = static_cast<u128>(static_cast<u64>(p01)) + static_cast<u64>(p10);
  const u128 hi = p11 + (p01 >> 64) + (p10 >> 64) + (mid >> 64);
  return s == 128 ? hi : (hi << (128 - s)) | (static_cast<u128>(static_cast<u64>(mid)) << 64 >> s);
}

// Q124 products: floor(a·b·2^-124) less at most 17 units (mulHigh), for products below 2^4.
HLOCONF_HOT u128 mulQ(u128 a, u128 b) { return mulHigh(a, b, 124); }
// Signed: the product of the magnitudes as mulQ, then signed (an error below 17 units). The signs are
// applied with masks: they depend on the data and would mispredict as branches.
HLOCONF_HOT i128 smulQ(i128 a, i128 b) {
  const u128 ma = static_cast<u128>(a >> 127), mb = static_cast<u128>(b >> 127);  // all ones if negative
  const u128 r = mulQ((static_cast<u128>(a) ^ ma) - ma, (static_cast<u128>(b) ^ mb) - mb);
  const u128 mr = ma ^ mb;
  return static_cast<i128>((r ^ mr) - mr);
}

// --- Enclosures --------------------------------------------------------------------------------------------

struct Wide {
  u128 m = 0;
  int e = 0;
  u128 err = 0;
  bool neg = false;
};

bool isExactZero(const Wide& w) { return w.m == 0 && w.err == 0; }

// Brings m into [2^126, 2^127). A left shift scales m and err exactly. A right shift by one bit
// truncates (less than one new unit) and halves the error count, rounded up. False: the value is not
// separated from zero, or the relative error is too large to be useful.
HLOCONF_HOT bool normalize(Wide& w) {
  if (w.m == 0) return w.err == 0;
  const int s = clz128(w.m) - 1;
  if (s < 0) {
    w.m >>= 1;
    w.err = ((w.err + 1) >> 1) + 1;
    w.e += 1;
    return w.err < kErrLimit;
  }
  // s >= 0 (a shift by 0 included: whether it is 0 or 1 after a product is data-dependent).
  if (s >= 62 ? w.err != 0 : w.err >= (kErrLimit >> s)) return false;
  w.m <<= s;
  w.err <<= s;
  w.e -= s;
  return true;
}

Wide fromInt(int64_t n) {  // exact
  Wide w;
  w.neg = n < 0;
  const u64 a = n < 0 ? -static_cast<u64>(n) : static_cast<u64>(n);
  if (a == 0) return w;
  const int bl = 64 - __builtin_clzll(a);
  w.m = static_cast<u128>(a) << (127 - bl);
  w.e = -(127 - bl);
  return w;
}

// A finite nonzero double, exactly.
Wide fromDouble(double x) {
  u64 bits;
  std::memcpy(&bits, &x, 8);
  const u64 frac = bits & ((u64{1} << 52) - 1);
  const int biased = static_cast<int>((bits >> 52) & 0x7FF);
  const u64 mx = biased == 0 ? frac : frac | (u64{1} << 52);
  const int ex = biased == 0 ? -1074 : biased - 1075;
  Wide w;
  const int bl = 64 - __builtin_clzll(mx);
  w.m = static_cast<u128>(mx) << (127 - bl);
  w.e = ex - (127 - bl);
  w.neg = (bits >> 63) != 0;
  return w;
}

// A nonnegative fixed-point value v·2^-frac_bits with an error of err units, as an enclosure.
bool fromFixed(u128 v, int frac_bits, u128 err, Wide& w) {
  w = Wide{v, -frac_bits, err, false};
  return normalize(w);
}

// Product. With a = ma·2^ea (error ea_err units) and b likewise, the exact product differs from
// ma·mb·2^(ea+eb) by at most (ma·err_b + mb·err_a + err_a·err_b)·2^(ea+eb). In units of 2^(ea+eb+127)
// that is below err_b + err_a + 1, since ma, mb < 2^127 and err_a·err_b < 2^124; taking ma·mb to
// those units with mulHigh adds less than 3 more. Normalizing may then shift left by one bit (exact).
HLOCONF_HOT bool mul(const Wide& a, const Wide& b, Wide& out) {
  if (isExactZero(a) || isExactZero(b)) {
    out = Wide{};
    out.neg = a.neg != b.neg;
    return true;
  }
  // Both operands normalized: the product is in [2^125, 2^127), one left shift at most (branch-free:
  // the bit is data-dependent). Zero and unnormalized operands take the general path.
  u128 m = mulHigh(a.m, b.m, 127);
  u128 err = a.err + b.err + 4;
  out.neg = a.neg != b.neg;
  if ((a.m >> 126) != 1 || (b.m >> 126) != 1 || err >= (kErrLimit >> 1)) {
    out.m = m;
    out.e = a.e + b.e + 127;
    out.err = err;
    return normalize(out);
  }
  const int shift = 1 - static_cast<int>(m >> 126);  // m >= 2^125 here
  out.m = m << shift;
  out.err = err << shift;
  out.e = a.e + b.e + 127 - shift;
  return true;
}

// Sum of two normalized enclosures. The one with the smaller exponent is shifted right by d bits onto
// the other's units: its significand loses less than one unit (nothing when the shifted-out bits are
// zero), its error count becomes ceil(err/2^d) (with d >= 128, the whole operand and its error are below
// one unit each). The sum or difference of the aligned significands is then exact.
bool add(Wide a, Wide b, Wide& out) {
  if (isExactZero(a)) {
    out = b;
    return true;
  }
  if (isExactZero(b)) {
    out = a;
    return true;
  }
  if (a.e < b.e) std::swap(a, b);
  const int d = a.e - b.e;
  u128 bm = b.m, berr = b.err;
  if (d >= 128) {
    bm = 0;
    berr = 2;
  } else if (d > 0) {
    bm = b.m >> d;
    berr = ((b.err + (kOne << d) - 1) >> d) + ((b.m & ((kOne << d) - 1)) != 0 ? 1 : 0);
  }
  out.e = a.e;
  out.err = a.err + berr;
  if (a.neg == b.neg) {
    out.m = a.m + bm;
    out.neg = a.neg;
  } else if (a.m >= bm) {
    out.m = a.m - bm;
    out.neg = a.neg;
  } else {
    out.m = bm - a.m;
    out.neg = b.neg;
  }
  return normalize(out);
}

// w + c for a positive normalized w and a small integer c (|c| <= 2) when the sum is positive: add()'s
// alignment without its case analysis. c in w's units is |c|·2^-e, exact when -e <= 126 (at most 2^127,
// and w.m < 2^127); when e > 0, c is below one unit (truncated: one unit more of error). Otherwise add().
HLOCONF_HOT bool addSmall(const Wide& w, int c, Wide& out) {
  const u128 mag = static_cast<u128>(c < 0 ? -c : c);
  u128 cu;
  u128 lost = 0;
  if (w.neg || w.e < -126) return add(w, fromInt(c), out);  // 2 << 126 < 2^128 - 2^127
  if (w.e <= 0) {
    cu = mag << -w.e;
  } else {
    cu = w.e >= 64 ? 0 : mag >> w.e;
    lost = 1;
  }
  if (c < 0 && cu >= w.m) return add(w, fromInt(c), out);
  out.m = c < 0 ? w.m - cu : w.m + cu;
  out.e = w.e;
  out.err = w.err + lost;
  out.neg = false;
  return normalize(out);
}

// The reciprocal of a normalized enclosure b = B·2^e: Y = 2^252/B lies in (2^125, 2^126].
// Start: y0 = 2^188/(B >> 64) in double, B >> 64 in [2^62, 2^63). (B >> 64)·2^64 is within 2^-62 below
// B, and the conversion to double and the division each round within 2^-53, so y0 = Y(1 + ε0) with
// |ε0| < 2^-51.9. y0 lies in [2^125, 2^126] with 53 significant bits: y0/2^64 is an integer, converted
// exactly.
// Newton: with R = 2^252 - B·y0 = -2^252·ε0 (exact, 256 bits), y0 + y0·R/2^252 = Y(1 - ε0^2), within
// Y·2^-103.8 <= 2^22.2 units of Y. The computed correction floor(y0·floor(|R|/2^90)/2^162) is within
// y0·2^90/2^252 + 1 < 2 units of y0·|R|/2^252. So |y1 - Y| < 2^23 units.
// b's own error: the exact b* = b(1 + ρ), |ρ| <= err/B <= err·2^-126, and |1/b* - 1/b| <=
// (1/b)|ρ|/(1 - |ρ|), which is at most err + 1 units of 2^(-252-e) because Y <= 2^126.
bool recip(const Wide& b, Wide& out) {
  if (b.m == 0) return false;
  const u128 B = b.m;
  const double yd = 0x1p188 / static_cast<double>(static_cast<u64>(B >> 64));
  const u128 y0 = static_cast<u128>(static_cast<u64>(yd * 0x1p-64)) << 64;
  const U256 p = mul256(B, y0);
  constexpr u128 k2e124 = kOne << 124;  // 2^252 = 2^124·2^128
  // |R| and its sign, selected with masks (the sign is data-dependent).
  const bool negative = p.hi > k2e124 || (p.hi == k2e124 && p.lo > 0);  // R < 0
  const u128 mask = -static_cast<u128>(negative);
  const U256 pos{k2e124 - p.hi - (p.lo != 0), -p.lo}, neg{p.hi - k2e124, p.lo};
  const U256 r{(neg.hi & mask) | (pos.hi & ~mask), (neg.lo & mask) | (pos.lo & ~mask)};
  if ((r.hi >> 90) != 0) return false;  // |R| < 2^202 always
  const u128 corr = mulShr(y0, shr256(r, 90), 162);
  out.m = y0 + ((corr ^ mask) - mask);  // y0 - corr when R < 0
  out.e = -252 - b.e;
  out.err = (kOne << 23) + b.err + 1;
  out.neg = b.neg;
  return normalize(out);
}

// An enclosure as a signed fixed-point value with frac_bits fraction bits: v and its error count. The
// right shift truncates (less than one unit) and rounds the error count up. False when |value| does
// not fit below 2^(126 - frac_bits).
bool toFixed(const Wide& w, int frac_bits, i128& v, u128& err) {
  const int sh = w.e + frac_bits;
  u128 mag;
  if (w.m == 0) {
    mag = 0;
    err = w.err == 0 ? 0 : (sh >= 0 ? (sh >= 60 ? kErrLimit : w.err << sh) : (w.err >> -sh) + 1);
  } else if (sh > 0) {
    return false;
  } else if (sh == 0) {
    mag = w.m;
    err = w.err;
  } else if (sh >= -127) {
    mag = w.m >> -sh;
    err = ((w.err + (kOne << -sh) - 1) >> -sh) + 1;
  } else {  // |value| < 2^(127 + w.e) < 1 unit, and w.err·2^w.e < 2^(62 - 128) units
    mag = 0;
    err = w.err == 0 ? 1 : 2;
  }
  if (err >= kErrLimit) return false;
  v = w.neg ? -static_cast<i128>(mag) : static_cast<i128>(mag);
  return true;
}

// --- Polynomials ------------------------------------------------------------------------------------------

// P(v) = Σ_{k<terms} a_k v^k with a_k = ±1/D_k (D_k a positive integer below 2^120), for |v| <= vmax
// given in Q124. The first `head` terms are evaluated in Q124 (128-bit products); the tail
// T(v) = Σ_{k>=head} a_k v^(k-head) in 64-bit arithmetic, scaled by 2^sigma so that |a_head|·2^sigma
// is in (1/4, 1/2]: tail values are integers s meaning s·2^-(63+sigma). v enters the tail as
// v64 = floor(v·2^63) and w = floor(v64^2/2^63) (both in units u = 2^-63), and T = E(w) + v·O(w), its
// even and odd halves by Horner in w: two independent chains. The head likewise: with W = v^2 in Q124,
// P = E_h(W) + v·O_h(W), where T takes the place of a_head at the top of E_h (head even) or O_h (odd).
//
// Evaluation error (v as given taken as exact), in units u of the scaled tail:
// - |Δv| < u; |Δw| < 2·vmax·u + u (the square of v64, then the floor);
// - each Horner step of E or O: its coefficient (0.5u), the floor of the product (u), and Δw times a
//   Horner value (which stays below 0.51, checked when the table is built): below 2.65u, plus w times
//   the previous error: below 2.65u/(1 - vmax^2) for each half;
// - T = E + floor(v64·O/2^63): e_E + vmax·e_O + u (floor) + 0.51u (Δv times O), in all below
//   (2.65/(1 - vmax) + 1.51)u. That is (2.65/(1 - vmax) + 1.51)·2^(61-sigma) units of Q124 (the shift
//   to Q124 is exact), and the head multiplies it by v `head` times.
// - the head: W within 17 units (smulQ); each step of E_h or O_h costs its coefficient (0.5), the
//   product (17) and W's error times a Horner value (below 1.03 for every polynomial here: 17.5), plus
//   W times the previous error: below 35/(1 - vmax^2) for each chain; the last step adds 17 and v times O_h's error. In
//   all below 2·35/(1 - vmax^2) + 17, and T's error reaches P multiplied by v^head.
// - the truncation of the series: `remainder` (a bound on |f(v) - P(v)| the caller derives).
// `err` is 1.01 times the sum in units of 2^-124, rounded up, plus 1. An error of verr units in v itself
// adds at most max|P'|·verr, which is at most verr for every polynomial here (|P'| <= 1.01).
struct SplitPoly {
  int terms = 0, head = 0, sigma = 0;
  i128 hc[20] = {};
  int64_t tc[20] = {};
  u128 err = 0;
};

// D_k for the coefficient a_k = ±1/D_k, and the sign.
struct Coef {
  u128 d;
  bool neg;
};

template <typename CoefFn>
SplitPoly makePoly(int terms, int head, double vmax, double remainder, CoefFn coef) {
  SplitPoly p;
  p.terms = terms;
  p.head = head;
  const u128 dh = coef(head).d;  // in [2^(sigma+1), 2^(sigma+2))
  p.sigma = (127 - clz128(dh)) - 1;
  double partials = 0;  // Σ |tail coefficient|·vmax^k, a bound on every Horner value of E and O
  for (int k = 0; k < terms; ++k) {
    const Coef c = coef(k);
    if (k < head) {
      const i128 v = static_cast<i128>(((kOne << 124) + c.d / 2) / c.d);
      p.hc[k] = c.neg ? -v : v;
    } else {
      const int64_t v = static_cast<int64_t>(((kOne << (63 + p.sigma)) + c.d / 2) / c.d);
      p.tc[k - head] = c.neg ? -v : v;
      partials += std::ldexp(static_cast<double>(v), -63) * std::pow(vmax, k - head);
    }
  }
  if (partials > 0.505 || terms - head < 2 || head < 3) std::abort();  // the bound above assumes 0.51
  const double tail = std::pow(vmax, head) * std::ldexp(2.65 / (1 - vmax) + 1.51, 61 - p.sigma);
  p.err = static_cast<u128>(std::ceil(1.01 * (70 / (1 - vmax * vmax) + 17 + tail + std::ldexp(remainder, 124)))) + 1;
  return p;
}

HLOCONF_HOT int64_t mulhi63(int64_t a, int64_t b) { return static_cast<int64_t>((static_cast<i128>(a) * b) >> 63); }

HLOCONF_HOT i128 evalPoly(const SplitPoly& p, i128 v) {
  const int64_t v64 = static_cast<int64_t>(v >> 61);
  const int64_t w = mulhi63(v64, v64);
  const int tail = p.terms - p.head;
  int64_t e = 0, o = 0;
  for (int k = (tail - 1) & ~1; k >= 0; k -= 2) e = p.tc[k] + mulhi63(w, e);
  for (int k = (tail - 2) | 1; k >= 1; k -= 2) o = p.tc[k] + mulhi63(w, o);
  const int64_t s = e + mulhi63(v64, o);
  const i128 t = static_cast<i128>(s) * (static_cast<i128>(1) << (61 - p.sigma));  // T in Q124
  const int h = p.head;  // >= 3
  const i128 w124 = smulQ(v, v);
  const bool even = h % 2 == 0;
  i128 eh = even ? t : p.hc[h - 1], oh = even ? p.hc[h - 1] : t;
  for (int k = h - 2 - (even ? 0 : 1); k >= 0; k -= 2) eh = p.hc[k] + smulQ(w124, eh);
  for (int k = h - 2 - (even ? 1 : 0); k >= 1; k -= 2) oh = p.hc[k] + smulQ(w124, oh);
  return eh + smulQ(v, oh);
}

// --- Constants ----------------------------------------------------------------------------------------------

constexpr int kExpTable = 256;
constexpr int kTwoOverPiLimbs = 20;
constexpr double kExpArgMax = 0x1p-9;   // |r| for exp's polynomial
constexpr double kLogArgMax = 0x1p-8;   // |t| for log's
constexpr double kTrigArgMax = 0.6170;  // r^2 <= (π/4)^2 (1 + 2^-100) < 0.61686 for sin's and cos's
constexpr double kExpm1ArgMax = 0x1p-8;

struct Tables {
  u128 exp2_frac[kExpTable];  // 2^(j/256) in Q124
  u128 ln2_over_256;          // ln(2)/256 in Q124
  SplitPoly exp_poly;         // exp(r) for |r| <= 2^-9
  SplitPoly log_poly;         // log(1+t)/t for |t| <= 2^-8
  SplitPoly sin_poly;         // sin(r)/r as a polynomial in u = r^2 <= 0.6170
  SplitPoly cos_poly;         // cos(r) as a polynomial in u = r^2 <= 0.6170
  SplitPoly expm1_poly;       // expm1(y)/y for |y| <= 2^-8
  uint32_t log_c[256];        // c_j·2^16, the short reciprocals of the log table
  i128 log_neg_log_c_q116[256];  // -log(c_j) in Q116
  i128 ln2_q116;              // ln 2 in Q116
  Wide pi_over_2;
  u128 pi_over_2_q124;        // π/2 in Q124
  u64 two_over_pi[kTwoOverPiLimbs];  // bits 1..1280 of 2/π, most significant first
};

u128 mpfrToU128(mpfr_srcptr v) {  // v >= 0, rounded to the nearest integer, below 2^128
  mpz_t z;
  mpz_init(z);
  mpfr_get_z(z, v, MPFR_RNDN);
  u64 words[3] = {0, 0, 0};
  size_t count = 0;
  mpz_export(words, &count, -1, 8, 0, 0, z);
  mpz_clear(z);
  if (count > 2) std::abort();
  return words[0] | (static_cast<u128>(words[1]) << 64);
}

// A nonzero MPFR value as a normalized enclosure, rounded to nearest (error 1 unit, generously).
Wide wideFromMpfr(mpfr_srcptr v) {
  mpfr_t t;
  mpfr_init2(t, mpfr_get_prec(v));
  const mpfr_exp_t ev = mpfr_get_exp(v);  // |v| in [2^(ev-1), 2^ev)
  mpfr_abs(t, v, MPFR_RNDN);
  mpfr_mul_2si(t, t, 127 - ev, MPFR_RNDN);  // exact: [2^126, 2^127)
  Wide w;
  w.m = mpfrToU128(t);
  w.e = static_cast<int>(ev) - 127;
  w.err = 1;
  w.neg = mpfr_signbit(v) != 0;
  if (w.m >> 127) {  // rounded up to 2^127
    w.m >>= 1;
    w.e += 1;
  }
  mpfr_clear(t);
  return w;
}

Tables makeTables() {
  Tables t;
  mpfr_t a, b;
  mpfr_inits2(320, a, b, static_cast<mpfr_ptr>(nullptr));
  for (int j = 0; j < kExpTable; ++j) {
    mpfr_set_si(a, j, MPFR_RNDN);
    mpfr_div_ui(a, a, kExpTable, MPFR_RNDN);
    mpfr_exp2(a, a, MPFR_RNDN);
    mpfr_mul_2ui(a, a, 124, MPFR_RNDN);
    t.exp2_frac[j] = mpfrToU128(a);
  }
  mpfr_const_log2(a, MPFR_RNDN);
  mpfr_mul_2ui(b, a, 116, MPFR_RNDN);
  t.ln2_q116 = static_cast<i128>(mpfrToU128(b));
  mpfr_div_ui(a, a, kExpTable, MPFR_RNDN);
  mpfr_mul_2ui(a, a, 124, MPFR_RNDN);
  t.ln2_over_256 = mpfrToU128(a);
  mpfr_const_pi(a, MPFR_RNDN);
  mpfr_div_2ui(a, a, 1, MPFR_RNDN);
  t.pi_over_2 = wideFromMpfr(a);
  mpfr_mul_2ui(b, a, 124, MPFR_RNDN);
  t.pi_over_2_q124 = mpfrToU128(b);

  auto factorial = [](int n) {  // 31! < 2^113
    u128 f = 1;
    for (int i = 2; i <= n; ++i) f *= i;
    return f;
  };
  // Degrees and head lengths trade speed for accuracy: the errors are near 2^-90 absolute (2^-95 for
  // log, whose error power(x, y) multiplies by up to 745; 2^-86 for sin and cos), so the fast path
  // declines about one input in 2^33 or fewer. The remainders of the truncated series:
  // - exp: Σ_{k<10} r^k/k!, Lagrange: |r|^10/10!·e^|r|;
  // - log(1+t)/t: Σ_{k<13} (-1)^k t^k/(k+1), the rest below |t|^13/14/(1 - |t|);
  // - sin(r)/r: Σ_{k<13} (-1)^k u^k/(2k+1)!, alternating with decreasing terms (u < 1): below u^13/27!;
  // - cos r: Σ_{k<14} (-1)^k u^k/(2k)!, likewise below u^14/28!;
  // - expm1(y)/y: Σ_{k<10} y^k/(k+1)!, the rest below |y|^10/11!/(1 - |y|).
  const double v = kExpArgMax, t_ = kLogArgMax, u = kTrigArgMax, y = kExpm1ArgMax;
  t.exp_poly = makePoly(10, 3, v, std::pow(v, 10) / 3628800.0 * std::exp(v), [&](int k) { return Coef{factorial(k), false}; });
  t.log_poly = makePoly(13, 4, t_, std::pow(t_, 13) / 14 / (1 - t_), [&](int k) { return Coef{static_cast<u128>(k + 1), k % 2 == 1}; });
  t.sin_poly = makePoly(13, 5, u, std::pow(u, 13) / static_cast<double>(factorial(27)),
                        [&](int k) { return Coef{factorial(2 * k + 1), k % 2 == 1}; });
  t.cos_poly = makePoly(14, 6, u, std::pow(u, 14) / static_cast<double>(factorial(28)),
                        [&](int k) { return Coef{factorial(2 * k), k % 2 == 1}; });
  t.expm1_poly = makePoly(10, 3, y, std::pow(y, 10) / 39916800.0 / (1 - y), [&](int k) { return Coef{factorial(k + 1), false}; });

  // The log table: significands m in [1 + j/256, 1 + (j+1)/256). For j < 106 the reduced value is m,
  // for j >= 106 it is m/2 (so that inputs just below a power of two reduce to just below 1). c_j is
  // the reciprocal of the bucket's centre rounded to 16 fraction bits, and exactly 1 for the buckets
  // next to 1 (j = 0, and j = 255 halved), so that log x near 1 is t·Q(t) alone, without cancellation.
  for (int j = 0; j < 256; ++j) {
    const bool halve = j >= 106;
    uint32_t c;
    if (j == 0 || j == 255) {
      c = 1u << 16;
    } else {
      const double centre = (1.0 + (j + 0.5) / 256.0) / (halve ? 2.0 : 1.0);
      c = static_cast<uint32_t>(std::nearbyint(65536.0 / centre));  // exact: 17 bits
    }
    t.log_c[j] = c;
    mpfr_set_ui(a, c, MPFR_RNDN);
    mpfr_div_2ui(a, a, 16, MPFR_RNDN);
    mpfr_log(a, a, MPFR_RNDN);  // log c_j, exactly 0 for c_j = 1
    mpfr_mul_2ui(a, a, 116, MPFR_RNDN);
    const bool negative = mpfr_sgn(a) > 0;  // -log c_j < 0 when c_j > 1
    mpfr_abs(a, a, MPFR_RNDN);
    const i128 mag = static_cast<i128>(mpfrToU128(a));
    t.log_neg_log_c_q116[j] = negative ? -mag : mag;
  }

  // Bits 1..1280 of 2/π: the floors of 2^1280 times a lower and an upper bound of 2/π (1400 bits,
  // directed roundings) agree, so they are the bits themselves.
  mpfr_t lo, hi, pl, ph;
  mpfr_inits2(1400, lo, hi, pl, ph, static_cast<mpfr_ptr>(nullptr));
  mpfr_const_pi(pl, MPFR_RNDD);
  mpfr_const_pi(ph, MPFR_RNDU);
  mpfr_ui_div(lo, 2, ph, MPFR_RNDD);
  mpfr_ui_div(hi, 2, pl, MPFR_RNDU);
  mpfr_mul_2ui(lo, lo, 64 * kTwoOverPiLimbs, MPFR_RNDN);
  mpfr_mul_2ui(hi, hi, 64 * kTwoOverPiLimbs, MPFR_RNDN);
  mpz_t zl, zh;
  mpz_inits(zl, zh, nullptr);
  mpfr_get_z(zl, lo, MPFR_RNDD);
  mpfr_get_z(zh, hi, MPFR_RNDD);
  if (mpz_cmp(zl, zh) != 0) std::abort();
  u64 words[kTwoOverPiLimbs + 1] = {};
  size_t count = 0;
  mpz_export(words, &count, 1, 8, 0, 0, zl);  // most significant word first
  if (count != kTwoOverPiLimbs) std::abort();  // 2/π > 1/2: the top bit is set
  for (int k = 0; k < kTwoOverPiLimbs; ++k) t.two_over_pi[k] = words[k];
  mpz_clears(zl, zh, nullptr);
  mpfr_clears(a, b, lo, hi, pl, ph, static_cast<mpfr_ptr>(nullptr));
  return t;
}

const Tables& tables() {
  static const Tables t = makeTables();
  return t;
}

// --- Rounding -------------------------------------------------------------------------------------------

constexpr u64 kInfBits = 0x7FF0000000000000ull;
constexpr u64 kSignBit = 0x8000000000000000ull;

u64 bitsOf(double d) {
  u64 b;
  std::memcpy(&b, &d, 8);
  return b;
}
double fromBits(u64 b) {
  double d;
  std::memcpy(&d, &b, 8);
  return d;
}

// The magnitude bits of N·2^e (N > 0) rounded to nearest-even in binary64: 53 significant bits for
// normal results, the fixed quantum 2^-1074 below 2^-1022, infinity when the rounded value reaches 2^1024.
u64 roundToF64(u128 n, int e) {
  const int bl = 128 - clz128(n);
  const int exponent = bl - 1 + e;  // n·2^e in [2^exponent, 2^(exponent+1))
  int shift = exponent >= -1022 ? bl - 53 : -1074 - e;  // low bits of n below the result's quantum
  if (shift <= 0) {  // exact (only when the quantum is at or below n's unit)
    const u128 q = n << -shift;  // fits: normal results have 53 bits, subnormals fewer
    const int qe = e + shift;    // the quantum's exponent
    if (exponent >= -1022) return (static_cast<u64>(qe + 52 + 1023) << 52) | (static_cast<u64>(q) & ((u64{1} << 52) - 1));
    return static_cast<u64>(q);
  }
  if (shift > 128) return 0;  // below half the smallest subnormal
  u128 q, rest, half;
  if (shift == 128) {
    q = 0;
    rest = n;
    half = kOne << 127;
  } else {
    q = n >> shift;
    rest = n & ((kOne << shift) - 1);
    half = kOne << (shift - 1);
  }
  if (rest > half || (rest == half && (q & 1))) ++q;
  const int qe = e + shift;
  if (exponent < -1022) return static_cast<u64>(q);  // subnormal; q = 2^52 is the smallest normal
  // Normal: q in [2^52, 2^53]; a carry to 2^53 moves to the next binade.
  int biased = qe + 52 + 1023;
  if (q >> 53) {
    q >>= 1;
    ++biased;
  }
  if (biased >= 2047) return kInfBits;
  return (static_cast<u64>(biased) << 52) | (static_cast<u64>(q) & ((u64{1} << 52) - 1));
}

// The f64 bits that every value of the enclosure rounds to, if there is one.
HLOCONF_HOT std::optional<u64> roundEnclosure(const F64Enclosure& w) {
  if (w.decided) return w.decided;
  const u64 sign = w.neg ? kSignBit : 0;
  // The common case, a normalized enclosure (m in [2^126, 2^127), err < 2^62) with a normal result
  // below 2^1023: the f64 keeps m's top 53 bits, q = floor(m/2^74), rest = m mod 2^74. If
  // rest + err < 2^73, every value of [m - err, m + err] lies strictly between q - 1/2 and q + 1/2
  // quanta (err < 2^62 is far below half a quantum of either binade): all round to q. If
  // rest - err > 2^73, all lie strictly between q + 1/2 and q + 3/2: all round to q + 1. Otherwise
  // (a midpoint within reach, or anything unusual) the general comparison below decides.
  const int exponent = w.e + 126;
  if (w.m >> 126 == 1 && w.err < kErrLimit && exponent >= -1022 && exponent <= 1022) {
    const u128 rest = w.m & ((kOne << 74) - 1), half = kOne << 73;
    const bool down = rest + w.err < half, up = rest > half + w.err;  // both data-dependent: no branch
    if (!(down | up)) return std::nullopt;
    // A carry out of 53 bits moves to the next binade with a zero fraction: adding q's carry to the
    // biased exponent field does exactly that.
    const u64 q = static_cast<u64>(w.m >> 74) + up;  // in [2^52, 2^53]
    return sign | ((static_cast<u64>(exponent + 1023 - 1) << 52) + q);
  }
  if (w.m == 0) {
    if (w.err != 0) return std::nullopt;
    return sign;  // an exact zero
  }
  if (w.err >= w.m) return std::nullopt;
  const u64 lo = roundToF64(w.m - w.err, w.e), hi = roundToF64(w.m + w.err, w.e);
  if (lo != hi) return std::nullopt;
  return sign | lo;
}

// The functions below fill an F64Enclosure and return true, or return false to decline.
bool decide(F64Enclosure& res, u64 bits) {
  res.decided = bits;
  return true;
}
bool enclose(F64Enclosure& res, const Wide& w) {
  res.neg = w.neg;
  res.m = w.m;
  res.e = w.e;
  res.err = w.err;
  return true;
}

// --- exp --------------------------------------------------------------------------------------------------

// exp(z) for an enclosure z with |z| <= 746, given with zd, z to within 2^-50 relative (as a double).
//
// Reduction: n = nearest integer to z·256/ln2 (from a double computation; any n with |r| <= 2^-9 will
// do, and that is checked), r = z - n·L where L is ln2/256 in Q124 (within 0.51 units). z·2^124 and
// n·L are taken modulo 2^128: their difference is below 2^116 in magnitude, so its residue is the
// difference itself. Then exp(z) = 2^q · 2^(j/256) · exp(r + δ) with n = 256q + j and
// |δ| <= (zerr + 0.51|n|) units of 2^-124, zerr being z's error (and the truncation of its low bits).
// Polynomial: p = exp(r) within err = exp_poly.err units (remainder included).
// Product M = mulQ(T_j, p), T_j = 2^(j/256) in Q124 (within 0.51 units):
// |M - 2^(j/256)exp(r)| <= T_j·err/2^124 + exp(r)·0.51 + 17 <= 2·err + 18 units.
// δ: 2^(j/256)exp(r)·|e^δ - 1| <= (M + E)·|δ|·1.0001 for |δ| < 2^-12, added below.
bool expCoreQ(u128 z124, u128 zerr, double zd, Wide& out);

// z·2^124 modulo 2^128 and its error in units of 2^-124, for an enclosure z.
bool expCore(const Wide& z, double zd, Wide& out) {
  u128 z124, zerr;
  const int sh = z.e + 124;
  if (sh >= 0) {
    if (z.err != 0 && (sh >= 62 || z.err >= (kErrLimit >> sh))) return false;
    z124 = sh >= 128 ? 0 : z.m << sh;
    zerr = z.err == 0 ? 0 : z.err << sh;
  } else if (sh > -128) {
    z124 = z.m >> -sh;
    zerr = ((z.err + (kOne << -sh) - 1) >> -sh) + ((z.m & ((kOne << -sh) - 1)) != 0 ? 1 : 0);
  } else {  // |z| < 2^(127 + z.e) < 2^-124 (only an exact 0 is that small: exp(0) = 1)
    z124 = 0;
    zerr = z.m == 0 && z.err == 0 ? 0 : 2;
  }
  if (z.neg) z124 = -z124;
  return expCoreQ(z124, zerr, zd, out);
}

// The same from z·2^124 modulo 2^128 (two's complement) with an error of zerr units.
bool expCoreQ(u128 z124, u128 zerr, double zd, Wide& out) {
  const Tables& t = tables();
  if (!(std::fabs(zd) <= 746)) return false;
  const double nd = zd * 369.3299304675746;  // 256/ln2
  const int64_t n = static_cast<int64_t>(nd + (nd < 0 ? -0.5 : 0.5));
  const i128 r = static_cast<i128>(z124 - static_cast<u128>(n) * t.ln2_over_256);
  const i128 limit = static_cast<i128>(kOne << 115);  // 2^-9 in Q124
  if (r > limit || r < -limit) return false;
  const i128 p = evalPoly(t.exp_poly, r);
  const int64_t j = n & (kExpTable - 1);
  const int64_t q = (n - j) / kExpTable;
  const u128 m = mulQ(t.exp2_frac[j], static_cast<u128>(p));  // p > 0: exp(r) >= 0.998
  const u128 big_e = 2 * t.exp_poly.err + 18;
  const u128 dn = zerr + static_cast<u128>(n < 0 ? -n : n);  // >= zerr + 0.51|n|, in units of 2^-124
  if (dn >= kErrLimit) return false;
  const u128 d = ((((m + big_e) >> 64) + 1) * dn >> 60) + 1;  // >= (M + E)·|δ| in units of 2^-124
  out.m = m;
  out.e = static_cast<int>(q) - 124;
  out.err = big_e + d + (d >> 12) + 1;
  out.neg = false;
  return normalize(out);
}

// A double x = mx·2^ex (|x| <= 746) to Q124 modulo 2^128: exact when ex >= -124, else truncated
// (less than one unit; |x| < 2^-71 there).
bool expOfDouble(double x, Wide& out) {
  const u64 bits = bitsOf(x);
  const int biased = static_cast<int>((bits >> 52) & 0x7FF);
  const u64 mx = (bits & ((u64{1} << 52) - 1)) | (biased ? u64{1} << 52 : 0);
  const int sh = (biased ? biased - 1075 : -1074) + 124;
  u128 z124 = sh >= 0 ? static_cast<u128>(mx) << sh : (sh > -64 ? static_cast<u128>(mx >> -sh) : 0);
  const u128 zerr = sh >= 0 ? 0 : 1;
  if (bits >> 63) z124 = -z124;
  return expCoreQ(z124, zerr, x, out);
}

// A double within 2^-50 relative of a normalized enclosure's value (for range checks and reductions).
double approx(const Wide& w) {
  const double hi = static_cast<double>(static_cast<u64>(w.m >> 64));  // w.m >> 64 in [2^62, 2^63)
  return std::ldexp(w.neg ? -hi : hi, w.e + 64);
}

bool expF(double x, F64Enclosure& res) {
  if (!std::isfinite(x)) return false;
  // exp(709.79) > 2^1024 = exp(709.7827...): rounds to infinity. exp(-745.14) < 2^-1075 =
  // exp(-745.1332...), half the smallest subnormal: rounds to +0.
  if (x > 709.79) return decide(res, kInfBits);
  if (x < -745.14) return decide(res, 0);
  if (x == 0) return decide(res, bitsOf(1.0));
  Wide w;
  if (!expOfDouble(x, w)) return false;
  return enclose(res, w);
}

// expm1(y) for finite nonzero y with -746 <= y <= 709.79. For |y| < 2^-8: y·E(y), E = expm1(y)/y by
// expm1_poly (y's fixed-point value within yerr <= 2 units adds yerr). Otherwise exp(y) - 1: there
// |exp(y) - 1| >= 0.0038, so the subtraction costs at most 8 bits of exp's relative error.
bool expm1Wide(double y, Wide& out) {
  if (std::fabs(y) < 0x1p-8) {
    const Tables& t = tables();
    const Wide yw = fromDouble(y);
    i128 y124;
    u128 yerr;
    if (!toFixed(yw, 124, y124, yerr) || yerr > 2) return false;
    const i128 s = evalPoly(t.expm1_poly, y124);
    Wide ew;
    return fromFixed(static_cast<u128>(s), 124, t.expm1_poly.err + yerr, ew) && mul(yw, ew, out);
  }
  Wide e;
  return expOfDouble(y, e) && addSmall(e, -1, out);
}

bool expm1F(double x, F64Enclosure& res) {
  if (!std::isfinite(x) || x == 0) return false;
  if (x > 709.79) return decide(res, kInfBits);
  // expm1(-38) < -1 + 2^-54.8 (e^-38 < 3.2e-17 < 2^-54 = 5.55e-17): rounds to -1.
  if (x < -38) return decide(res, bitsOf(-1.0));
  Wide w;
  if (!expm1Wide(x, w)) return false;
  return enclose(res, w);
}

// --- log --------------------------------------------------------------------------------------------------

// log(1 + t)/t for t in Q124, |t| <= 2^-8, by log_poly. An error of t_err units in t adds t_err
// (|Q'| <= 0.51). Q is in [0.99, 1.01].
bool log1pOverT(i128 t124, u128 t_err, Wide& out) {
  const Tables& t = tables();
  const i128 q = evalPoly(t.log_poly, t124);
  return fromFixed(static_cast<u128>(q), 124, t.log_poly.err + t_err, out);
}

// log(X) for a normalized positive enclosure X = m·2^e, m/2^126 = M in [1, 2).
// log X = (E + s)·ln2 - log c_j + log(1 + t), with E = e + 126, j the top 8 fraction bits of M,
// s = [j >= 106], t = M·2^-s·c_j - 1 computed exactly from the top 107 bits of m (all of them for a
// double), |t| <= 2^-8 (checked). Near 1 (E + s = 0, c_j = 1) the result is t·Q(t), with the relative
// accuracy of Q; elsewhere the three terms are summed as enclosures.
// X's own error (relative ρ <= (err + 2^20 when m's low 20 bits are dropped)·2^-126) adds
// |log(1 + ρ)| <= 1.01|ρ| to the result.
bool logCore(const Wide& x, Wide& out) {
  const Tables& t = tables();
  const int j = static_cast<int>((x.m >> 118) & 255);
  const int s = j >= 106 ? 1 : 0;
  const int big_e = x.e + 126 + s;
  const u128 top = x.m >> 20;  // < 2^107
  const bool dropped = (x.m & ((kOne << 20) - 1)) != 0;
  const u128 c = t.log_c[j];
  const i128 tn = static_cast<i128>(top * c) - static_cast<i128>(kOne << (122 + s));  // t·2^(122+s)
  const i128 t124 = tn * (s ? 2 : 4);
  const i128 tlimit = static_cast<i128>(kOne << 116);  // 2^-8 in Q124
  if (t124 > tlimit || t124 < -tlimit) return false;
  const i128 q124 = evalPoly(t.log_poly, t124);  // log(1+t)/t within log_poly.err units
  if (big_e == 0 && c == (1u << 16)) {
    // Near 1: t·Q as enclosures, relative accuracy whatever the size of t.
    Wide q, tw;
    if (!fromFixed(static_cast<u128>(q124), 124, t.log_poly.err, q)) return false;
    if (t124 != 0 && !fromFixed(static_cast<u128>(t124 < 0 ? -t124 : t124), 124, 0, tw)) return false;
    tw.neg = t124 < 0;
    if (!mul(tw, q, out)) return false;
  } else {
    // |log X| >= 2^-9 here: the sum in Q116 (|L| < 746 < 2^9.6). Errors in units of 2^-116: K·ln2
    // (ln2 within 0.51 units, |K| <= 1076), -log c_j (0.51), t·Q (smulQ: |t|·err + 17 units of Q124,
    // |t| <= 2^-8, then the shift to Q116 floors: (err/256 + 17)/256 + 1).
    const i128 tq124 = smulQ(t124, q124);
    const i128 l116 = big_e * t.ln2_q116 + t.log_neg_log_c_q116[j] + (tq124 >> 8);
    const u128 err = static_cast<u128>(big_e < 0 ? -big_e : big_e) + 1 + (t.log_poly.err >> 16) + 3;
    if (!fromFixed(static_cast<u128>(l116 < 0 ? -l116 : l116), 116, err, out)) return false;
    out.neg = l116 < 0;
  }
  const u128 rho = x.err + (dropped ? (kOne << 20) : 0);
  if (rho != 0) {
    if (isExactZero(out)) return false;
    const int sh = -126 - out.e;  // ρ·2^-126 in units of 2^out.e, times 1.01 (as + 1 + ρ/64)
    const u128 r = rho + 1 + (rho >> 6);
    if (sh >= 0) {
      if (sh > 40) return false;
      out.err += r << sh;
    } else {
      out.err += (-sh >= 128 ? 0 : (r >> -sh)) + 1;
    }
    if (out.err >= kErrLimit) return false;
  }
  return true;
}

bool logF(double x, F64Enclosure& res) {
  if (!(x > 0) || !std::isfinite(x)) return false;
  Wide w;
  if (!logCore(fromDouble(x), w)) return false;
  return enclose(res, w);
}

bool log1pF(double x, F64Enclosure& res) {
  if (!(x > -1) || !std::isfinite(x) || x == 0) return false;
  const Wide xw = fromDouble(x);
  Wide w;
  if (std::fabs(x) < 0x1p-8) {  // x·Q(x): x's fixed-point value within 1 unit
    i128 x124;
    u128 xerr;
    Wide q;
    if (!toFixed(xw, 124, x124, xerr) || !log1pOverT(x124, xerr, q) || !mul(xw, q, w)) return false;
    return enclose(res, w);
  }
  Wide onePlus;
  if (!add(xw, fromInt(1), onePlus) || !logCore(onePlus, w)) return false;
  return enclose(res, w);
}

// --- sin, cos, tan ------------------------------------------------------------------------------------------

// |x| = k·π/2 + r, returning k mod 4 and r (|r| <= π/4 (1 + 2^-100)).
// |x| < 0.785 < π/4: k = 0, r = x exactly. Below 2^20, Cody-Waite (below). Otherwise, Payne-Hanek:
// |x| = mx·2^ex with mx < 2^53, and
// y = |x|·2/π is computed modulo 4 from the 192 bits of 2/π starting at bit i0 = max(1, ex - 1): the
// bits before i0 contribute multiples of 4 (mx·2^(ex-i) with ex - i >= 2), the bits after i0 + 191
// less than 2^53·2^(ex - i0 - 191) = 2^(53-s), s = i0 + 191 - ex (190 <= s <= 245). With P = mx·W
// (exact, 245 bits), y = P·2^-s + τ, 0 <= τ < 2^(53-s). k = round(P·2^-s), f = P·2^-s - k, and
// r = f·π/2. f is taken to 127 significant bits (less than one unit lost) plus τ in its units.
bool reduceQuadrant(double ax, int& quadrant, Wide& r) {
  const Tables& t = tables();
  if (ax < 0.785) {
    quadrant = 0;
    r = fromDouble(ax);
    return true;
  }
  const u64 bits = bitsOf(ax);
  if (ax < 0x1p20) {
    // Cody-Waite in Q124 modulo 2^128: k = nearest integer to ax·2/π (from doubles; a neighbour would
    // do as well: the polynomials check |r| <= 0.7855 through u), r = ax - k·P with P = π/2 in Q124
    // (within 0.51 units). ax·2^124 modulo 2^128 is exact (ax >= 0.785 has no bits below 2^-53) and
    // |r| < 2^124 units, so the residue is r itself, within 0.51k <= k + 1 units.
    const u64 mx = (bits & ((u64{1} << 52) - 1)) | (u64{1} << 52);
    const int sh = static_cast<int>((bits >> 52) & 0x7FF) - 1075 + 124;  // in [71, 91]
    const int64_t k = static_cast<int64_t>(ax * 0.6366197723675814 + 0.5);
    const i128 r124 = static_cast<i128>((static_cast<u128>(mx) << sh) - static_cast<u128>(k) * t.pi_over_2_q124);
    quadrant = static_cast<int>(k & 3);
    if (!fromFixed(static_cast<u128>(r124 < 0 ? -r124 : r124), 124, static_cast<u128>(k) + 1, r)) return false;
    r.neg = r124 < 0;
    return true;
  }
  const u64 mx = (bits & ((u64{1} << 52) - 1)) | (u64{1} << 52);  // ax >= 0.785 is normal
  const int ex = static_cast<int>((bits >> 52) & 0x7FF) - 1075;
  const int i0 = ex - 1 > 1 ? ex - 1 : 1;
  const int s = i0 + 191 - ex;
  const int pos = i0 - 1, q = pos >> 6, o = pos & 63;
  auto limb = [&](int k) { return o == 0 ? t.two_over_pi[q + k] : (t.two_over_pi[q + k] << o) | (t.two_over_pi[q + k + 1] >> (64 - o)); };
  const u64 w2 = limb(0), w1 = limb(1), w0 = limb(2);
  // P = mx·(w2:w1:w0), four 64-bit limbs.
  const u128 t0 = static_cast<u128>(mx) * w0, t1 = static_cast<u128>(mx) * w1, t2 = static_cast<u128>(mx) * w2;
  u128 c = (t0 >> 64) + static_cast<u64>(t1);
  const u128 plo = (c << 64) | static_cast<u64>(t0);
  c = (c >> 64) + (t1 >> 64) + static_cast<u64>(t2);
  const u128 phi = (((c >> 64) + (t2 >> 64)) << 64) | static_cast<u64>(c);
  const int hs = s - 128;  // 62 <= hs <= 117: the integer part starts in phi
  const int ipart = static_cast<int>((phi >> hs) & 3);
  u128 fhi = phi & ((kOne << hs) - 1), flo = plo;
  const bool round_up = (fhi >> (hs - 1)) & 1;
  {  // when rounding up, f = frac - 1: magnitude 2^s - frac (selected with a mask: data-dependent)
    const u128 nlo = -flo, nhi = (kOne << hs) - fhi - (flo != 0);
    const u128 mask = -static_cast<u128>(round_up);
    flo = (nlo & mask) | (flo & ~mask);
    fhi = (nhi & mask) | (fhi & ~mask);
  }
  quadrant = (ipart + (round_up ? 1 : 0)) & 3;
  int tb;  // the leading bit of |f|·2^s
  if (fhi != 0) {
    tb = 255 - clz128(fhi);
  } else if (flo != 0) {
    tb = 127 - clz128(flo);
  } else {
    return false;
  }
  if (tb < 126) return false;  // |f| < 2^(126-s) <= 2^-64: too small for a useful bound
  const int sh = tb - 126;
  const u128 m = shr256(U256{fhi, flo}, sh);
  Wide f;
  f.m = m;
  f.e = sh - s;
  f.err = 1 + (tb >= 179 ? 1 : (kOne << (179 - tb)));  // truncation, and τ < 2^(53-s) = 2^(179-tb) units
  f.neg = round_up;
  return mul(f, t.pi_over_2, r);
}

// sin(r)/r = S(u) and cos(r) = C(u) for u = r^2 <= 0.6170, by sin_poly and cos_poly (u's error of uerr
// units adds uerr, as |S'| <= 1/6 and |C'| <= 1/2).
bool sinCosPolys(const Wide& r, bool want_sin, bool want_cos, Wide& sin_r, Wide& cos_r) {
  const Tables& t = tables();
  Wide u;
  if (!mul(r, r, u)) return false;
  i128 uq;
  u128 uerr;
  constexpr i128 kUMax = static_cast<i128>(kTrigArgMax * 0x1p124);
  if (!toFixed(u, 124, uq, uerr) || uq > kUMax) return false;
  if (want_sin) {
    const i128 sv = evalPoly(t.sin_poly, uq);
    Wide sw;
    if (!fromFixed(static_cast<u128>(sv), 124, t.sin_poly.err + uerr, sw) || !mul(r, sw, sin_r)) return false;
  }
  if (want_cos) {
    const i128 cv = evalPoly(t.cos_poly, uq);
    if (!fromFixed(static_cast<u128>(cv), 124, t.cos_poly.err + uerr, cos_r)) return false;
  }
  return true;
}

enum class Trig { kSin, kCos, kTan };

bool trigF(double x, Trig which, F64Enclosure& res) {
  if (!std::isfinite(x) || x == 0) return false;
  int k;
  Wide r;
  if (!reduceQuadrant(std::fabs(x), k, r)) return false;
  const bool odd = k & 1;
  Wide sr, cr, out;
  switch (which) {
    case Trig::kSin:  // sin(kπ/2 + r) = sin r, cos r, -sin r, -cos r
      if (!sinCosPolys(r, !odd, odd, sr, cr)) return false;
      out = odd ? cr : sr;
      out.neg = out.neg != (k >= 2);
      break;
    case Trig::kCos:  // cos(kπ/2 + r) = cos r, -sin r, -cos r, sin r
      if (!sinCosPolys(r, odd, !odd, sr, cr)) return false;
      out = odd ? sr : cr;
      out.neg = out.neg != (k == 1 || k == 2);
      break;
    case Trig::kTan: {  // tan(kπ/2 + r) = tan r (k even), -cot r (k odd)
      Wide inv;
      if (!sinCosPolys(r, true, true, sr, cr)) return false;
      if (odd ? !recip(sr, inv) || !mul(cr, inv, out) : !recip(cr, inv) || !mul(sr, inv, out)) return false;
      if (odd) out.neg = !out.neg;
      break;
    }
  }
  // sin and tan are odd, cos even.
  if (x < 0 && which != Trig::kCos) out.neg = !out.neg;
  return enclose(res, out);
}

// --- tanh, logistic ---------------------------------------------------------------------------------------

// tanh|x| = q/(q + 2) with q = expm1(2|x|) > 0 (no cancellation); for 2|x| >= 2^-8, q = E - 1 and
// q + 2 = E + 1 with E = exp(2|x|), both from E (independent, so they overlap). |x| >= 19.1:
// 1 - tanh|x| = 2/(e^(2|x|) + 1) < 2e^-38.2 < 2^-54, so tanh rounds to ±1.
bool tanhF(double x, F64Enclosure& res) {
  if (!std::isfinite(x) || x == 0) return false;
  const double ax = std::fabs(x);
  if (ax >= 19.1) return decide(res, bitsOf(std::copysign(1.0, x)));
  Wide q, d, inv, out;
  if (2 * ax < 0x1p-8) {
    if (!expm1Wide(2 * ax, q) || !addSmall(q, 2, d)) return false;
  } else {
    Wide e;
    if (!expOfDouble(2 * ax, e) || !addSmall(e, -1, q) || !addSmall(e, 1, d)) return false;
  }
  if (!recip(d, inv) || !mul(q, inv, out)) return false;
  out.neg = x < 0;
  return enclose(res, out);
}

// logistic(x) = 1/(1 + e^-x). x >= 37.5: 1 - logistic(x) < e^-x <= e^-37.5 < 2^-54, so it rounds to 1.
// x <= -746: logistic(x) < e^x < 2^-1076: rounds to +0.
bool logisticF(double x, F64Enclosure& res) {
  if (!std::isfinite(x)) return false;
  if (x >= 37.5) return decide(res, bitsOf(1.0));
  if (x <= -746) return decide(res, 0);
  Wide e, d, out;
  if (!expOfDouble(-x, e) || !addSmall(e, 1, d) || !recip(d, out)) return false;
  return enclose(res, out);
}

// --- roots and power --------------------------------------------------------------------------------------

// cbrt|x| = exp(log|x| / 3), rsqrt x = exp(-log(x) / 2): |log x| < 745, so the exponent stays in range.
// Dividing the significand by 3 truncates (one unit) and the error count becomes ceil(err/3).
bool cbrtF(double x, F64Enclosure& res) {
  if (!std::isfinite(x) || x == 0) return false;
  Wide l, third, out;
  if (!logCore(fromDouble(std::fabs(x)), l)) return false;
  if (!isExactZero(l)) {  // log 1 = 0 exactly: cbrt(±1) = ±1 below
    third = Wide{l.m / 3, l.e, l.err / 3 + 2, l.neg};
    if (!normalize(third)) return false;
  }
  if (!expCore(third, approx(third), out)) return false;
  out.neg = x < 0;
  return enclose(res, out);
}

bool rsqrtF(double x, F64Enclosure& res) {
  if (!(x > 0) || !std::isfinite(x)) return false;
  Wide l, out;
  if (!logCore(fromDouble(x), l)) return false;
  l.e -= 1;
  l.neg = !l.neg;
  if (!expCore(l, approx(l), out)) return false;
  return enclose(res, out);
}

// IEEE 754 requires the hardware square root to be correctly rounded (subnormals included).
bool sqrtF(double x, F64Enclosure& res) {
  if (!(x > 0) || !std::isfinite(x)) return false;
  return decide(res, bitsOf(std::sqrt(x)));
}

// x^y = ±exp(y·log|x|) for finite nonzero x and y; a negative x needs an integral y (the sign is that
// of x^y for odd y). y·log|x| above 710 (exactly: above 709.99 > 1024 ln 2) overflows; below -746 the
// result is below 2^-1076 and rounds to a zero. Exact results (x^y representable) come out as an
// interval around them and round to them; exact ties (3^34) make the interval straddle the midpoint,
// so MPFR decides them.
bool powF(double x, double y, F64Enclosure& res) {
  if (!std::isfinite(x) || !std::isfinite(y) || x == 0 || y == 0) return false;
  bool neg = false;
  if (x < 0) {
    if (std::nearbyint(y) != y) return false;  // NaN
    neg = std::fabs(y) < 0x1p53 && (static_cast<int64_t>(y) & 1);
  }
  Wide l, z, out;
  if (!logCore(fromDouble(std::fabs(x)), l) || !mul(l, fromDouble(y), z)) return false;
  const double zd = approx(z);
  if (zd > 710) return decide(res, kInfBits | (neg ? kSignBit : 0));
  if (zd < -746) return decide(res, neg ? kSignBit : 0);
  if (!expCore(z, zd, out)) return false;
  out.neg = neg;
  return enclose(res, out);
}

// --- Dispatch ---------------------------------------------------------------------------------------------

bool unaryOutcome(OpId op, double x, F64Enclosure& res) {
  switch (op) {
    case OpId::kExponential: return expF(x, res);
    case OpId::kExponentialMinusOne: return expm1F(x, res);
    case OpId::kLog: return logF(x, res);
    case OpId::kLogPlusOne: return log1pF(x, res);
    case OpId::kSine: return trigF(x, Trig::kSin, res);
    case OpId::kCosine: return trigF(x, Trig::kCos, res);
    case OpId::kTan:
    case OpId::kChloTan: return trigF(x, Trig::kTan, res);
    case OpId::kTanh: return tanhF(x, res);
    case OpId::kLogistic: return logisticF(x, res);
    case OpId::kCbrt: return cbrtF(x, res);
    case OpId::kSqrt: return sqrtF(x, res);
    case OpId::kRsqrt: return rsqrtF(x, res);
    default: return false;
  }
}

template <OpId op>
std::optional<uint64_t> fastUnary(uint64_t x) {
  F64Enclosure res;
  if (!unaryOutcome(op, fromBits(x), res)) return std::nullopt;
  return roundEnclosure(res);
}

struct Entry {
  OpId op;
  FastF64Unary fn;
};
constexpr Entry kEntries[] = {
    {OpId::kExponential, fastUnary<OpId::kExponential>},
    {OpId::kExponentialMinusOne, fastUnary<OpId::kExponentialMinusOne>},
    {OpId::kLog, fastUnary<OpId::kLog>},
    {OpId::kLogPlusOne, fastUnary<OpId::kLogPlusOne>},
    {OpId::kSine, fastUnary<OpId::kSine>},
    {OpId::kCosine, fastUnary<OpId::kCosine>},
    {OpId::kTan, fastUnary<OpId::kTan>},
    {OpId::kChloTan, fastUnary<OpId::kTan>},
    {OpId::kTanh, fastUnary<OpId::kTanh>},
    {OpId::kLogistic, fastUnary<OpId::kLogistic>},
    {OpId::kCbrt, fastUnary<OpId::kCbrt>},
    {OpId::kSqrt, fastUnary<OpId::kSqrt>},
    {OpId::kRsqrt, fastUnary<OpId::kRsqrt>},
};

}  // namespace

FastF64Unary fastF64Function(OpId op) {
  if (!fastF64Enabled()) return nullptr;
  for (const Entry& e : kEntries) {
    if (e.op == op) return e.fn;
  }
  return nullptr;
}

std::vector<OpId> fastF64Ops() {
  std::vector<OpId> ops;
  for (const Entry& e : kEntries) ops.push_back(e.op);
  return ops;
}

std::optional<uint64_t> fastF64Power(uint64_t x, uint64_t y) {
  if (!fastF64Enabled()) return std::nullopt;
  F64Enclosure res;
  if (!powF(fromBits(x), fromBits(y), res)) return std::nullopt;
  return roundEnclosure(res);
}

void setFastF64Enabled(bool on) { g_enabled.store(on, std::memory_order_relaxed); }
bool fastF64Enabled() { return g_enabled.load(std::memory_order_relaxed); }

std::optional<F64Enclosure> fastF64Enclosure(OpId op, uint64_t x, uint64_t y) {
  F64Enclosure res;
  if (!(op == OpId::kPower ? powF(fromBits(x), fromBits(y), res) : unaryOutcome(op, fromBits(x), res))) return std::nullopt;
  return res;
}

}  // namespace hloconf::ref
