// The numerics layer: Ziv-style correct rounding onto every float format, ULP distance, integer wrap.
#include "reference/numerics.h"

#include <algorithm>
#include <bit>
#include <cstdlib>
#include <deque>

namespace hloconf::ref {


namespace {

// MPFR keeps its exponent range per thread (it is built thread-safe), so each thread sets it once. It also
// keeps per-thread caches of constants (pi, log 2, ...) that grow with the precision asked for; a thread
// that ends without freeing them leaks them (LeakSanitizer, ci/sanitize.sh): freed when the thread ends.
struct ThreadNumerics {
  ThreadNumerics() {
    mpfr_set_emin(mpfr_get_emin_min());
    mpfr_set_emax(mpfr_get_emax_max());
  }
  ~ThreadNumerics() { mpfr_free_cache2(MPFR_FREE_LOCAL_CACHE); }
};

}  // namespace

void initNumerics() { thread_local ThreadNumerics numerics; }

namespace {

// The per-thread stacks behind ScratchFloat and ScratchComplex. A deque keeps the addresses of its
// elements when it grows, so the pointers that live scratch values hold stay valid.
struct FloatPool {
  std::deque<__mpfr_struct> values;
  size_t used = 0;
  ~FloatPool() {
    for (__mpfr_struct& v : values) mpfr_clear(&v);
  }
};

struct ComplexPool {
  std::deque<__mpc_struct> values;
  size_t used = 0;
  ~ComplexPool() {
    for (__mpc_struct& v : values) mpc_clear(&v);
  }
};

thread_local FloatPool float_pool;
thread_local ComplexPool complex_pool;

}  // namespace

ScratchFloat::ScratchFloat(mpfr_prec_t precision) {
  FloatPool& pool = float_pool;
  if (pool.used == pool.values.size()) {
    mpfr_init2(&pool.values.emplace_back(), precision);
  } else {
    mpfr_set_prec(&pool.values[pool.used], precision);
  }
  value_ = &pool.values[pool.used++];
}

// Out-of-order release would hand a live value out again: stop rather than compute with it.
ScratchFloat::~ScratchFloat() {
  FloatPool& pool = float_pool;
  if (pool.used == 0 || value_ != &pool.values[pool.used - 1]) std::abort();
  --pool.used;
}

ScratchComplex::ScratchComplex(mpfr_prec_t precision) {
  ComplexPool& pool = complex_pool;
  if (pool.used == pool.values.size()) {
    mpc_init2(&pool.values.emplace_back(), precision);
  } else {
    mpc_set_prec(&pool.values[pool.used], precision);
  }
  value_ = &pool.values[pool.used++];
}

ScratchComplex::~ScratchComplex() {
  ComplexPool& pool = complex_pool;
  if (pool.used == 0 || value_ != &pool.values[pool.used - 1]) std::abort();
  --pool.used;
}

Approximation roundedByMpfr(mpfr_srcptr out, int ternary) { return withinUlps(out, 0, ternary); }

Approximation withinUlps(mpfr_srcptr out, int ulps_log2, int ternary) {
  if (ternary == 0 || !mpfr_number_p(out)) return {true, 0};
  if (mpfr_zero_p(out)) {
    // An inexact zero cannot come from a correctly rounded MPFR call with the full exponent range;
    // a composed step that produces one must give an absolute bound itself. Be conservative.
    return {false, mpfr_get_emin()};
  }
  return {false, mpfr_get_exp(out) - static_cast<mpfr_exp_t>(mpfr_get_prec(out)) + ulps_log2};
}

std::optional<uint64_t> roundInterval(ElementType t, mpfr_srcptr value, mpfr_exp_t error_exponent) {
  if (!mpfr_number_p(value)) return encodeFloat(t, value);
  // The interval ends are computed with outward rounding, so the interval only grows; enough extra bits
  // that for a bound well below the value's ulp the ends stay distinct from the value.
  const mpfr_exp_t value_exp = mpfr_zero_p(value) ? error_exponent : mpfr_get_exp(value);
  const mpfr_prec_t extra = std::clamp<mpfr_exp_t>(value_exp - error_exponent + 4, 8, 256);
  const mpfr_prec_t precision = mpfr_get_prec(value) + extra;
  ScratchFloat radius(8), lo(precision), hi(precision);
  mpfr_set_ui_2exp(radius, 1, error_exponent, MPFR_RNDN);
  mpfr_sub(lo, value, radius, MPFR_RNDD);
  mpfr_add(hi, value, radius, MPFR_RNDU);
  const uint64_t lo_bits = encodeFloat(t, lo);
  const uint64_t hi_bits = encodeFloat(t, hi);
  if (lo_bits != hi_bits) return std::nullopt;
  // Both ends overflow to the format's one NaN (FNUZ: 0x80 for either sign) although they lie on
  // opposite sides of zero: the interval holds every value of the format, so it decides nothing. (It
  // did: polygamma(16, -3.5) in f8E5M2FNUZ gave NaN instead of -160 at the first, wide, bound.)
  if (classifyFloat(t, lo_bits) == FloatClass::kNaN && mpfr_sgn(lo.get()) != mpfr_sgn(hi.get())) return std::nullopt;
  return lo_bits;
}

namespace {

constexpr mpfr_prec_t kMaxWorkingPrecision = 1 << 16;

// The part-format bits of one approximation, or nullopt when the interval straddles a rounding boundary.
std::optional<uint64_t> tryRound(ElementType t, mpfr_srcptr value, const Approximation& approx) {
  if (approx.exact) return encodeFloat(t, value);
  // Fast path, for values in the format's normal range: MPFR's own test that rounding the approximation
  // to p bits gives the rounding of every value within the error bound (p + 1 bits with RNDZ is the
  // documented way to test round-to-nearest). Subnormal results have fewer than p bits and take the
  // interval path below.
  if (mpfr_regular_p(value)) {
    const FloatFormat& f = floatFormat(t);
    const mpfr_exp_t exponent = mpfr_get_exp(value);  // value in [2^(exponent-1), 2^exponent)
    const bool normal_range = !f.has_subnormals || exponent - 1 >= 1 - f.bias;
    if (normal_range && exponent - approx.error_exponent > 0 &&
        mpfr_can_round(value, exponent - approx.error_exponent, MPFR_RNDN, MPFR_RNDZ, f.mantissa_bits + 2)) {
      return encodeFloat(t, value);
    }
  }
  return roundInterval(t, value, approx.error_exponent);
}

}  // namespace

uint64_t roundCorrectly(ElementType t, absl::FunctionRef<Approximation(mpfr_ptr out)> step) {
  initNumerics();
  mpfr_prec_t precision = formatPrecision(t) + 24;
  for (;;) {
    ScratchFloat out(precision);
    const Approximation approx = step(out);
    if (auto bits = tryRound(t, out, approx)) return *bits;
    if (precision >= kMaxWorkingPrecision) {
      // Not reached for the functions we evaluate on float inputs (their hardest cases need a few hundred
      // bits); if it ever is, the nearest value at this precision is the best we know.
      return encodeFloat(t, out);
    }
    precision *= 2;
  }
}

ComplexApproximation roundedByMpc(mpc_srcptr out, int inex) {
  return {roundedByMpfr(mpc_realref(out), MPC_INEX_RE(inex)), roundedByMpfr(mpc_imagref(out), MPC_INEX_IM(inex))};
}

std::pair<uint64_t, uint64_t> roundComplexCorrectly(ElementType part_type,
                                                    absl::FunctionRef<ComplexApproximation(mpc_ptr out)> step) {
  initNumerics();
  mpfr_prec_t precision = formatPrecision(part_type) + 24;
  for (;;) {
    ScratchComplex out(precision);
    const ComplexApproximation approx = step(out);
    auto re = tryRound(part_type, mpc_realref(out.get()), approx.re);
    auto im = tryRound(part_type, mpc_imagref(out.get()), approx.im);
    if (re && im) return {*re, *im};
    if (precision >= kMaxWorkingPrecision) {
      return {encodeFloat(part_type, mpc_realref(out.get())), encodeFloat(part_type, mpc_imagref(out.get()))};
    }
    precision *= 2;
  }
}

namespace {
// The exponent of the last bit `x` can hold.
mpfr_exp_t lowBit(mpfr_srcptr x) { return mpfr_get_exp(x) - static_cast<mpfr_exp_t>(mpfr_get_prec(x)); }
}  // namespace

void exactSum(mpfr_ptr out, const std::vector<mpfr_srcptr>& terms) {
  mpfr_exp_t hi = 0, lo = 0;
  bool any = false;
  for (mpfr_srcptr t : terms) {
    if (!mpfr_regular_p(t)) continue;
    hi = any ? std::max(hi, mpfr_get_exp(t)) : mpfr_get_exp(t);
    lo = any ? std::min(lo, lowBit(t)) : lowBit(t);
    any = true;
  }
  mpfr_prec_t prec = 2;
  if (any) prec = static_cast<mpfr_prec_t>(hi - lo) + std::bit_width(terms.size()) + 2;
  mpfr_set_prec(out, std::max<mpfr_prec_t>(prec, 2));
  if (terms.empty()) {
    mpfr_set_zero(out, 1);
    return;
  }
  std::vector<mpfr_ptr> ptrs;
  for (mpfr_srcptr t : terms) ptrs.push_back(const_cast<mpfr_ptr>(t));
  mpfr_sum(out, ptrs.data(), ptrs.size(), MPFR_RNDN);
}

void exactMul(mpfr_ptr out, mpfr_srcptr a, mpfr_srcptr b) {
  mpfr_set_prec(out, mpfr_get_prec(a) + mpfr_get_prec(b));
  mpfr_mul(out, a, b, MPFR_RNDN);
}

void exactSub(mpfr_ptr out, mpfr_srcptr a, mpfr_srcptr b) {
  MpFloat nb(mpfr_get_prec(b));
  mpfr_neg(nb, b, MPFR_RNDN);
  exactSum(out, {a, nb.get()});
}

}  // namespace hloconf::ref
