// The f32 fast path (reference/fast_math.h) and the f64 fast path (reference/fast_math_f64.h) against
// MPFR's correctly rounded functions, computed here independently with MPFR's binary32/binary64
// emulation (exponent range and subnormalize).
#include "reference/fast_math.h"

#include <gmp.h>
#include <gtest/gtest.h>
#include <mpfr.h>

#include <cmath>
#include <cstring>
#include <ostream>
#include <string>
#include <vector>

#include "generators/gen.h"
#include "reference/fast_math_f64.h"
#include "tests/reference/eval_test_util.h"

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
// gtest prints a parameter into the CTest name; the op's name keeps those names readable and stable
// (without it they were the struct's raw bytes, addresses included).
void PrintTo(const Case& c, std::ostream* os) { *os << c.op; }

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
  int64_t fast = 0, mismatches = 0, defined = 0;
  std::string first;
  for (uint32_t x : inputs) {
    const std::optional<uint32_t> f = fastF32Unary(fn, x);
    if (!f) {
      if (exactF32(GetParam().mpfr, x)) ++defined;
      continue;
    }
    ++defined;
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
  // The fast path must decide most inputs whose result is a number (it exists to be fast); NaN results
  // (acosh below 1, asin beyond 1 ...) always go to MPFR.
  EXPECT_GT(fast, defined / 3);
}

INSTANTIATE_TEST_SUITE_P(Functions, FastMath,
                         ::testing::Values(Case{"stablehlo.exponential", mpfr_exp}, Case{"stablehlo.exponential_minus_one", mpfr_expm1},
                                           Case{"stablehlo.log", mpfr_log}, Case{"stablehlo.log_plus_one", mpfr_log1p},
                                           Case{"stablehlo.sine", mpfr_sin}, Case{"stablehlo.cosine", mpfr_cos},
                                           Case{"stablehlo.tan", mpfr_tan}, Case{"stablehlo.tanh", mpfr_tanh},
                                           Case{"stablehlo.cbrt", mpfr_cbrt}, Case{"stablehlo.sqrt", mpfr_sqrt},
                                           Case{"stablehlo.rsqrt", mpfrRsqrt}, Case{"stablehlo.logistic", mpfrLogistic},
                                           Case{"chlo.tan", mpfr_tan}, Case{"chlo.acos", mpfr_acos}, Case{"chlo.acosh", mpfr_acosh},
                                           Case{"chlo.asin", mpfr_asin}, Case{"chlo.asinh", mpfr_asinh}, Case{"chlo.atan", mpfr_atan},
                                           Case{"chlo.atanh", mpfr_atanh}, Case{"chlo.cosh", mpfr_cosh}, Case{"chlo.sinh", mpfr_sinh},
                                           Case{"chlo.erf", mpfr_erf}, Case{"chlo.erfc", mpfr_erfc}),
                         [](const auto& info) {
                           // "stablehlo.exp" -> "exp"; "chlo.acos" -> "chlo_acos"
                           const std::string op = info.param.op;
                           return op.rfind("stablehlo.", 0) == 0 ? op.substr(10) : "chlo_" + op.substr(5);
                         });

// --- The f64 fast path ------------------------------------------------------------------------------------

using MpfrFn2 = int (*)(mpfr_ptr, mpfr_srcptr, mpfr_srcptr, mpfr_rnd_t);

struct F64Fn {
  const char* op;
  MpfrFn unary;   // nullptr for power
  MpfrFn2 binary;
  bool composite;  // not one MPFR call (logistic): evaluated at 600 bits, then rounded once
};
void PrintTo(const F64Fn& f, std::ostream* os) { *os << f.op; }

double bitsToDouble(uint64_t b) {
  double d;
  std::memcpy(&d, &b, 8);
  return d;
}
uint64_t doubleToBits(double d) {
  uint64_t b;
  std::memcpy(&b, &d, 8);
  return b;
}

// f(x) (or f(x, y)) into `out` at out's precision, rounded to nearest, in MPFR's wide exponent range.
int evalMpfr(const F64Fn& f, double x, double y, mpfr_ptr out) {
  mpfr_t a, b;
  mpfr_inits2(53, a, b, static_cast<mpfr_ptr>(nullptr));
  mpfr_set_d(a, x, MPFR_RNDN);
  mpfr_set_d(b, y, MPFR_RNDN);
  const int inexact = f.unary ? f.unary(out, a, MPFR_RNDN) : f.binary(out, a, b, MPFR_RNDN);
  mpfr_clears(a, b, static_cast<mpfr_ptr>(nullptr));
  return inexact;
}

// The correctly rounded binary64 bits of f(x[, y]), or nullopt for a NaN. One MPFR call at 53 bits in
// binary64's exponent range (emin -1073, emax 1024) with subnormalize rounds once, correctly.
// Composite functions are evaluated at 600 bits first (a double rounding would need the exact value
// within 2^-600 of a midpoint, which no transcendental value of these arguments is).
std::optional<uint64_t> exactF64(const F64Fn& f, double x, double y) {
  const mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
  mpfr_t r, t;
  mpfr_init2(r, 53);
  mpfr_init2(t, 600);
  int inexact;
  if (f.composite) {
    evalMpfr(f, x, y, t);
    mpfr_set_emin(-1073);
    mpfr_set_emax(1024);
    inexact = mpfr_set(r, t, MPFR_RNDN);
  } else {
    mpfr_set_emin(-1073);
    mpfr_set_emax(1024);
    inexact = evalMpfr(f, x, y, r);
  }
  inexact = mpfr_check_range(r, inexact, MPFR_RNDN);
  mpfr_subnormalize(r, inexact, MPFR_RNDN);
  const double d = mpfr_get_d(r, MPFR_RNDN);
  mpfr_set_emin(emin);
  mpfr_set_emax(emax);
  mpfr_clears(r, t, static_cast<mpfr_ptr>(nullptr));
  if (std::isnan(d)) return std::nullopt;
  return doubleToBits(d);
}

// Whether the exact f(x[, y]) lies in the fast path's interval: |exact - c| <= err·2^e with
// c = ±m·2^e. MPFR gives the exact value within 2^-599 relative at 600 bits; that is added to the
// distance, rounded up.
bool encloses(const F64Fn& f, double x, double y, const F64Enclosure& enc, std::string& why) {
  mpfr_t v, c, d, slack, allow;
  mpfr_inits2(800, v, c, d, slack, allow, static_cast<mpfr_ptr>(nullptr));
  mpfr_set_prec(v, 600);
  evalMpfr(f, x, y, v);
  mpz_t z;
  mpz_init(z);
  const uint64_t words[2] = {static_cast<uint64_t>(enc.m), static_cast<uint64_t>(enc.m >> 64)};
  mpz_import(z, 2, -1, 8, 0, 0, words);
  mpfr_set_z_2exp(c, z, enc.e, MPFR_RNDN);  // exact: 127 bits
  if (enc.neg) mpfr_neg(c, c, MPFR_RNDN);
  const uint64_t ew[2] = {static_cast<uint64_t>(enc.err), static_cast<uint64_t>(enc.err >> 64)};
  mpz_import(z, 2, -1, 8, 0, 0, ew);
  mpfr_set_z_2exp(allow, z, enc.e, MPFR_RNDN);  // exact
  mpfr_sub(d, v, c, MPFR_RNDU);
  mpfr_abs(d, d, MPFR_RNDU);
  mpfr_abs(slack, v, MPFR_RNDU);
  mpfr_mul_2si(slack, slack, -598, MPFR_RNDU);
  mpfr_add(d, d, slack, MPFR_RNDU);
  const bool ok = mpfr_cmp(d, allow) <= 0;
  if (!ok) {
    mpfr_div(d, d, allow, MPFR_RNDN);
    why = "distance/err = " + std::to_string(mpfr_get_d(d, MPFR_RNDN));
  }
  mpz_clear(z);
  mpfr_clears(v, c, d, slack, allow, static_cast<mpfr_ptr>(nullptr));
  return ok;
}

int mpfrLogisticHigh(mpfr_ptr r, mpfr_srcptr x, mpfr_rnd_t rnd) {  // 1/(1 + e^-x), within 2^-(prec-1)
  mpfr_t t;
  mpfr_init2(t, mpfr_get_prec(r) + 64);
  mpfr_neg(t, x, MPFR_RNDN);
  mpfr_exp(t, t, MPFR_RNDN);
  mpfr_add_ui(t, t, 1, MPFR_RNDN);
  const int inexact = mpfr_ui_div(r, 1, t, rnd);
  mpfr_clear(t);
  return inexact;
}

const F64Fn kF64Fns[] = {
    {"stablehlo.exponential", mpfr_exp, nullptr, false},
    {"stablehlo.exponential_minus_one", mpfr_expm1, nullptr, false},
    {"stablehlo.log", mpfr_log, nullptr, false},
    {"stablehlo.log_plus_one", mpfr_log1p, nullptr, false},
    {"stablehlo.sine", mpfr_sin, nullptr, false},
    {"stablehlo.cosine", mpfr_cos, nullptr, false},
    {"stablehlo.tan", mpfr_tan, nullptr, false},
    {"stablehlo.tanh", mpfr_tanh, nullptr, false},
    {"stablehlo.logistic", mpfrLogisticHigh, nullptr, true},
    {"stablehlo.cbrt", mpfr_cbrt, nullptr, false},
    {"stablehlo.sqrt", mpfr_sqrt, nullptr, false},
    {"stablehlo.rsqrt", mpfrRsqrt, nullptr, false},
    {"stablehlo.power", nullptr, mpfr_pow, false},
};

double uniform(gen::Rng& rng, double lo, double hi) { return lo + (hi - lo) * static_cast<double>(rng.next() >> 11) * 0x1p-53; }

// Nearest double to an MPFR value computed at 200 bits by `fn` from `arg`.
double nearestDouble(MpfrFn fn, mpfr_srcptr arg) {
  mpfr_t t;
  mpfr_init2(t, 200);
  fn(t, arg, MPFR_RNDN);
  const double d = mpfr_get_d(t, MPFR_RNDN);
  mpfr_clear(t);
  return d;
}

// Inputs whose results lie within about 2^-105 (relative) of a rounding midpoint, built from the
// structure of the function near a point: exp(x) for x = RN(log(1 ± (j + 1/2)·ulp)) (the double grid
// of x is 2^50 times finer than the result's), and likewise cos near 0 and power(2, y) with tiny y.
// The f64 fast path must decline those its error bound cannot separate from the midpoint.
std::vector<std::pair<double, double>> nearMidpointInputs(const std::string& op) {
  std::vector<std::pair<double, double>> in;
  mpfr_t m;
  mpfr_init2(m, 200);
  for (int j = 0; j < 300; ++j) {
    for (int side : {1, -1}) {
      // The midpoint 1 + (j + 1/2)·2^-52 above 1, 1 - (j + 1/2)·2^-53 below.
      mpfr_set_ui(m, 1, MPFR_RNDN);
      mpfr_t h;
      mpfr_init2(h, 200);
      mpfr_set_d(h, (j + 0.5) * (side > 0 ? 0x1p-52 : -0x1p-53), MPFR_RNDN);
      mpfr_add(m, m, h, MPFR_RNDN);
      mpfr_clear(h);
      if (op == "stablehlo.exponential") {
        const double x = nearestDouble(mpfr_log, m);
        for (double d : {x, std::nextafter(x, 1.0), std::nextafter(x, -1.0)}) in.push_back({d, 0.0});
      } else if (op == "stablehlo.cosine" && side < 0) {
        const double x = nearestDouble(mpfr_acos, m);
        for (double d : {x, -x, std::nextafter(x, 1.0)}) in.push_back({d, 0.0});
      } else if (op == "stablehlo.power") {
        const double y = nearestDouble(mpfr_log2, m);
        for (double d : {y, std::nextafter(y, 1.0), std::nextafter(y, -1.0)}) in.push_back({2.0, d});
      }
    }
  }
  mpfr_clear(m);
  return in;
}

// Values from tests/crosscheck (thresholds, multiples of π/2, neighbours of 1, extremes of the format),
// the closest double to a multiple of π/2 (6381956970095103·2^797, |x mod π/2| ≈ 2^-61, from Ng's
// "Argument reduction for huge arguments"), and exact power results including ties.
std::vector<std::pair<double, double>> specialInputs(const std::string& op, gen::Rng& rng) {
  std::vector<double> xs = {0.0, -0.0, 1.0, -1.0, 0.5, 2.0, 0x1p-1074, -0x1p-1074, 0x1p-1022, 0x1.fffffffffffffp-1023,
                            0x1.fffffffffffffp+1023, -0x1.fffffffffffffp+1023, INFINITY, -INFINITY, NAN,
                            709.782712893384, 709.7827128933840, -708.3964185322641, -745.1332191019411, -745.1332191019412,
                            -744.44007192138122, 38.0, -38.0, 19.06, 36.7, 37.4, 0x1p-8, -0x1p-8, 0x1p-9, 0x1p-28, 0x1p-54,
                            std::ldexp(6381956970095103.0, 797), -std::ldexp(6381956970095103.0, 797), 1e22, 1e300, 0x1p1000,
                            0.785, 0.7853981633974483, 1.5707963267948966, 3.141592653589793, 4.71238898038469,
                            -1 + 0x1p-53, -0.5, 1 + 0x1p-52, 1 - 0x1p-53, 8.0, 27.0, 0.25, 4.0, 2.718281828459045};
  for (int k = 1; k < 200; ++k) xs.push_back(k * 1.5707963267948966);          // near multiples of π/2
  for (int k = 1; k < 1000; k += 37) xs.push_back(std::ldexp(1.5707963267948966, k));
  std::vector<std::pair<double, double>> in;
  for (double x : xs)
    for (double v : {x, std::nextafter(x, INFINITY), std::nextafter(x, -INFINITY)}) in.push_back({v, 0.0});
  if (op == "stablehlo.power") {
    in.clear();
    // Exact ties (3^34, 5^23, 7^19 need 54 bits), exact results, and specials against specials.
    for (auto [x, y] : std::vector<std::pair<double, double>>{{3, 34}, {5, 23}, {7, 19}, {-3, 33}, {3, 33}, {4, 0.5}, {8, 1.0 / 3},
                                                             {0.25, -1.5}, {2, -1074}, {2, -1075}, {2, 1023}, {2, 1024},
                                                             {-2, 3}, {-2, 0.5}, {-8, 1.0 / 3}, {10, 22}, {10, 23}, {1, 1e300},
                                                             {-1, 1e300}, {0x1.0000000000001p0, 1e18}})
      in.push_back({x, y});
    for (double x : xs)
      for (double y : std::initializer_list<double>{0.0, 1.0, -1.0, 2.0, 0.5, -0.5, 3.0, 1e300, -1e300, INFINITY, NAN}) in.push_back({x, y});
    for (int k = 0; k < 200; ++k) in.push_back({std::floor(uniform(rng, 1, 50)), std::floor(uniform(rng, 1, 30))});
  }
  return in;
}

// Random inputs: half random bit patterns (every exponent, sign and special), half in the range
// where the function's results are finite and nonzero.
std::pair<double, double> randomInput(const std::string& op, gen::Rng& rng) {
  auto bits = [&] { return bitsToDouble(rng.next()); };
  auto logUniform = [&](double lo_exp, double hi_exp) { return std::exp2(uniform(rng, lo_exp, hi_exp)); };
  const bool raw = rng.chance(1, 2);
  const double sign = rng.chance(1, 2) ? 1.0 : -1.0;
  if (op == "stablehlo.power") {
    if (raw) return {bits(), bits()};
    return {logUniform(-40, 40) * (rng.chance(1, 8) ? -1.0 : 1.0), rng.chance(1, 8) ? std::floor(uniform(rng, -60, 60)) : uniform(rng, -60, 60)};
  }
  if (raw) return {bits(), 0.0};
  if (op == "stablehlo.exponential" || op == "stablehlo.exponential_minus_one") return {uniform(rng, -746, 710), 0.0};
  if (op == "stablehlo.tanh") return {sign * logUniform(-60, 4.3), 0.0};
  if (op == "stablehlo.logistic") return {uniform(rng, -750, 40), 0.0};
  if (op == "stablehlo.log_plus_one") return {rng.chance(1, 2) ? uniform(rng, -1, 1) : sign * logUniform(-60, 60), 0.0};
  if (op == "stablehlo.sine" || op == "stablehlo.cosine" || op == "stablehlo.tan") return {sign * logUniform(-30, 60), 0.0};
  return {logUniform(-1074, 1024) * (op == "stablehlo.cbrt" ? sign : 1.0), 0.0};
}

struct F64Tally {
  int64_t inputs = 0, fast = 0, checked = 0, mismatches = 0, unsound = 0;
  std::string first;
};

// One input: the fast path's bits equal MPFR's whenever it gives bits, and its interval contains the
// exact value whenever it computed one (`check_interval`: an 800-bit MPFR comparison, slower).
void checkF64(const F64Fn& f, double x, double y, bool check_interval, F64Tally& tally) {
  ++tally.inputs;
  const OpId op = opIdOf(f.op);
  const uint64_t xb = doubleToBits(x), yb = doubleToBits(y);
  const std::optional<uint64_t> fast = op == OpId::kPower ? fastF64Power(xb, yb) : fastF64Function(op)(xb);
  char buf[200];
  if (fast) {
    ++tally.fast;
    const std::optional<uint64_t> e = exactF64(f, x, y);
    if (!e || *e != *fast) {
      ++tally.mismatches;
      if (tally.first.empty()) {
        std::snprintf(buf, sizeof buf, "x=%a y=%a fast=0x%016llX mpfr=%s0x%016llX", x, y, static_cast<unsigned long long>(*fast), e ? "" : "(NaN) ",
                      static_cast<unsigned long long>(e ? *e : 0));
        tally.first = buf;
      }
    }
  }
  if (!check_interval) return;
  const std::optional<F64Enclosure> enc = fastF64Enclosure(op, xb, yb);
  if (!enc || enc->decided) return;
  ++tally.checked;
  std::string why;
  if (!encloses(f, x, y, *enc, why)) {
    ++tally.unsound;
    if (tally.first.empty()) {
      std::snprintf(buf, sizeof buf, "interval misses the exact value: x=%a y=%a ", x, y);
      tally.first = buf + why;
    }
  }
}

class FastMathF64 : public ::testing::TestWithParam<F64Fn> {};

void runF64(const F64Fn& f, int random_inputs, int interval_every) {
  gen::Rng rng(gen::fnv1a64(f.op) + 64);
  F64Tally all, range;
  for (const auto& [x, y] : specialInputs(f.op, rng)) checkF64(f, x, y, true, all);
  for (int i = 0; i < random_inputs; ++i) {
    const auto [x, y] = randomInput(f.op, rng);
    checkF64(f, x, y, i % interval_every == 0, all);
  }
  // The useful range alone: the fast path must decide nearly all of it (it exists to be fast).
  for (int i = 0; i < random_inputs / 10; ++i) {
    std::pair<double, double> in;
    do {
      in = randomInput(f.op, rng);
    } while (!exactF64(f, in.first, in.second) || !std::isfinite(in.first) || !std::isfinite(in.second) || in.first == 0);
    checkF64(f, in.first, in.second, false, range);
  }
  std::printf("%s: %lld inputs, %lld decided by the fast path, %lld intervals checked; useful range: %lld of %lld\n", f.op,
              static_cast<long long>(all.inputs), static_cast<long long>(all.fast), static_cast<long long>(all.checked),
              static_cast<long long>(range.fast), static_cast<long long>(range.inputs));
  EXPECT_EQ(all.mismatches + range.mismatches, 0) << all.first << range.first;
  EXPECT_EQ(all.unsound, 0) << all.first;
  if (std::string(f.op) != "stablehlo.sqrt") {  // sqrt is IEEE's correctly rounded operation, no interval
    EXPECT_GT(all.checked, random_inputs / interval_every / 4);
  }
  EXPECT_GE(range.fast, range.inputs * 999 / 1000) << "fast " << range.fast << " of " << range.inputs;
}

TEST_P(FastMathF64, AgreesWithMpfr) { runF64(GetParam(), 20000, 10); }

// 10^6 random inputs per function, every one with its interval checked (ctest label `long`).
TEST_P(FastMathF64, DISABLED_AgreesWithMpfrLong) { runF64(GetParam(), 1000000, 1); }

INSTANTIATE_TEST_SUITE_P(Functions, FastMathF64, ::testing::ValuesIn(kF64Fns),
                         [](const auto& info) { return std::string(info.param.op).substr(10); });

// Results within 2^-94 (relative) of a midpoint. exp's and power's bounds are near 2^-89 relative
// (fast_math_f64.cc), so the fast path must decline every one of them; cos's is near 2^-100 for these
// small arguments, so it declines some. MPFR decides those.
TEST(FastMathF64Hard, NearMidpoints) {
  for (const F64Fn& f : kF64Fns) {
    const std::vector<std::pair<double, double>> in = nearMidpointInputs(f.op);
    if (in.empty()) continue;
    F64Tally t;
    for (const auto& [x, y] : in) {
      // The construction holds: the exact result, in units of half an ulp, is within 2^-40 of an odd
      // integer (a midpoint), i.e. within 2^-94 relative.
      mpfr_t v, fl;
      mpfr_inits2(400, v, fl, static_cast<mpfr_ptr>(nullptr));
      evalMpfr(f, x, y, v);
      mpfr_abs(v, v, MPFR_RNDN);
      mpfr_mul_2si(v, v, 54 - mpfr_get_exp(v), MPFR_RNDN);  // [2^53, 2^54): midpoints are odd integers
      mpfr_floor(fl, v);
      mpfr_fmod_ui(fl, fl, 2, MPFR_RNDN);
      const bool odd_floor = mpfr_cmp_ui(fl, 1) == 0;
      mpfr_frac(v, v, MPFR_RNDN);
      if (!odd_floor) mpfr_ui_sub(v, 1, v, MPFR_RNDN);  // distance to the odd integer above
      EXPECT_LT(mpfr_get_d(v, MPFR_RNDN), 0x1p-40) << f.op << " x=" << x << " y=" << y << " is not near a midpoint";
      mpfr_clears(v, fl, static_cast<mpfr_ptr>(nullptr));
      checkF64(f, x, y, true, t);
    }
    std::printf("%s: %lld inputs near a midpoint, %lld declined\n", f.op, static_cast<long long>(t.inputs),
                static_cast<long long>(t.inputs - t.fast));
    EXPECT_EQ(t.mismatches + t.unsound, 0) << f.op << ": " << t.first;
    if (std::string(f.op) == "stablehlo.cosine") {
      EXPECT_LT(t.fast, t.inputs) << f.op << ": no input was declined";
    } else {
      EXPECT_EQ(t.fast, 0) << f.op << ": near-midpoint results were not declined";
    }
  }
}

// Exact ties of power: 3^34 = 16677181699666569 needs 54 bits, so it lies on a midpoint; the fast
// path's interval must straddle it and leave it to MPFR (which rounds it to even). Likewise x^2 for
// every odd x in (2^26.5, 2^27) and x^3 for every odd x in (2^(53/3), 2^18): 54-bit odd results.
TEST(FastMathF64Hard, PowerTiesDeclined) {
  std::vector<std::pair<double, double>> ties = {{3, 34}, {5, 23}, {7, 19}, {-5, 23}, {1.5, 34}};
  gen::Rng rng(15);
  for (int i = 0; i < 2000; ++i) {
    const double x2 = std::floor(uniform(rng, 94906266, 134217727)), x3 = std::floor(uniform(rng, 208064, 262143));
    ties.push_back({std::fmod(x2, 2) == 1 ? x2 : x2 + 1, 2});
    ties.push_back({std::fmod(x3, 2) == 1 ? -x3 : -(x3 + 1), 3});
  }
  int checked = 0;
  for (auto [x, y] : ties) {
    // A tie indeed: the exact power has 54 significant bits, the last one set.
    mpfr_t p;
    mpfr_init2(p, 200);
    mpfr_set_d(p, x, MPFR_RNDN);
    mpfr_pow_ui(p, p, static_cast<unsigned long>(y), MPFR_RNDN);
    mpfr_abs(p, p, MPFR_RNDN);
    mpfr_mul_2si(p, p, 54 - mpfr_get_exp(p), MPFR_RNDN);  // [2^53, 2^54)
    mpz_t z;
    mpz_init(z);
    mpfr_get_z(z, p, MPFR_RNDN);
    ASSERT_TRUE(mpfr_integer_p(p) && mpz_odd_p(z)) << x << "^" << y << " is not a tie";
    mpz_clear(z);
    mpfr_clear(p);
    EXPECT_EQ(fastF64Power(doubleToBits(x), doubleToBits(y)), std::nullopt) << x << "^" << y;
    ++checked;
  }
  EXPECT_EQ(checked, 4005);
  // Exact representable results are decided.
  EXPECT_EQ(fastF64Power(doubleToBits(3), doubleToBits(33)), doubleToBits(5559060566555523.0));
  EXPECT_EQ(fastF64Power(doubleToBits(-2), doubleToBits(-3)), doubleToBits(-0.125));
}

// Through the interpreter: each op's kernel on a tensor<Nxf64> gives the same bits and the same
// implementation-defined marks with the fast path as with MPFR alone (the hooks in
// reference/kernels_elementwise.cc), and the fast path decided most elements.
TEST(FastMathF64Hard, KernelsAgreeWithMpfrPath) {
  constexpr int kN = 3000;
  for (const F64Fn& f : kF64Fns) {
    const bool binary = f.unary == nullptr;
    gen::Rng rng(gen::fnv1a64(f.op) + 7);
    std::vector<double> x(kN), y(kN);
    for (int i = 0; i < kN; ++i) std::tie(x[i], y[i]) = randomInput(f.op, rng);
    x[0] = NAN;  // and a few specials
    x[1] = -0.0;
    x[2] = INFINITY;
    auto tensor = [](const std::vector<double>& v) {
      Tensor t(Type::tensor({static_cast<int64_t>(v.size())}, Type::element(ElementType::kF64)));
      std::memcpy(t.mutableBytes().data(), v.data(), v.size() * 8);
      return ref::RtValue::ofTensor(std::move(t));
    };
    const std::string ty = "tensor<" + std::to_string(kN) + "xf64>";
    const std::string text = binary ? "func.func @main(%x: " + ty + ", %y: " + ty + ") -> " + ty + " {\n  %r = " + f.op + " %x, %y : " + ty +
                                          "\n  func.return %r : " + ty + "\n}\n"
                                    : "func.func @main(%x: " + ty + ") -> " + ty + " {\n  %r = " + f.op + " %x : " + ty +
                                          "\n  func.return %r : " + ty + "\n}\n";
    std::vector<ref::RtValue> args = {tensor(x)};
    if (binary) args.push_back(tensor(y));
    const test::Evaluation fast = test::evaluate(text, "main", args);
    setFastF64Enabled(false);
    const test::Evaluation mpfr = test::evaluate(text, "main", args);
    setFastF64Enabled(true);
    ASSERT_TRUE(fast.status.ok() && mpfr.status.ok()) << f.op << ": " << fast.status.message() << mpfr.status.message();
    EXPECT_EQ(fast.results[0].tensor.bytes(), mpfr.results[0].tensor.bytes()) << f.op;
    EXPECT_EQ(fast.results[0].impl_defined, mpfr.results[0].impl_defined) << f.op;
    int decided = 0;
    for (int i = 0; i < kN; ++i) {
      const OpId op = opIdOf(f.op);
      decided += (binary ? fastF64Power(doubleToBits(x[i]), doubleToBits(y[i])) : fastF64Function(op)(doubleToBits(x[i]))).has_value();
    }
    EXPECT_GT(decided, kN / 2) << f.op;
  }
}

// Over random bit patterns (every exponent and sign), the fast path leaves to MPFR only special
// operands (NaN, infinities, zeros), arguments outside the function's real domain, power's NaN results
// (a negative base with a non-integral exponent) and power(x, 0): its bounds, near 2^-90, separate every
// other result of the sample from the rounding boundaries (a midpoint within reach is expected about
// once in 2^33 inputs).
TEST(FastMathF64Hard, DeclinesOnlySpecialOperands) {
  for (const F64Fn& f : kF64Fns) {
    const OpId op = opIdOf(f.op);
    gen::Rng rng(gen::fnv1a64(f.op) + 99);
    int64_t other = 0;
    std::string first;
    for (int i = 0; i < 200000; ++i) {
      const uint64_t xb = rng.next(), yb = rng.next();
      const double x = bitsToDouble(xb), y = bitsToDouble(yb);
      const bool decided = op == OpId::kPower ? fastF64Power(xb, yb).has_value() : fastF64Function(op)(xb).has_value();
      if (decided || !std::isfinite(x) || x == 0) continue;
      if (op == OpId::kPower && (!std::isfinite(y) || y == 0 || (x < 0 && std::nearbyint(y) != y))) continue;
      if ((op == OpId::kLog || op == OpId::kSqrt || op == OpId::kRsqrt) && x < 0) continue;
      if (op == OpId::kLogPlusOne && x <= -1) continue;
      if (++other == 1) first = std::to_string(x) + " " + std::to_string(y);
    }
    EXPECT_EQ(other, 0) << f.op << ": declined x, y = " << first;
  }
}

TEST(FastMathF64Hard, SwitchedOff) {
  setFastF64Enabled(false);
  EXPECT_EQ(fastF64Function(OpId::kExponential), nullptr);
  EXPECT_EQ(fastF64Power(doubleToBits(2), doubleToBits(0.5)), std::nullopt);
  setFastF64Enabled(true);
  EXPECT_NE(fastF64Function(OpId::kExponential), nullptr);
}

}  // namespace
}  // namespace hloconf::ref
