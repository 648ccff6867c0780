// The long accumulator (reference/long_accumulator.h): exact sums of doubles and of products of doubles,
// rounded once to every float format.
//
// The oracle is MPFR, independent of the accumulator: each product is an mpfr_mul at 128 bits (exact for
// two 53-bit significands), the sum an mpfr_sum at 4,400 bits (exact: every term lies on the grid of
// 2^-2148 and below 2^2048, and a sum of fewer than 2^64 terms spans under 4,300 bits), and the rounding
// encodeFloat of that exact value. The hand-made cases state their exact values in comments.
//
// The random sweep runs HLOCONF_ACCUMULATOR_CASES cases (10^5 by default; the CTest entry with the label
// `long` runs 10^7).
#include <gtest/gtest.h>

#include <bit>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "reference/long_accumulator.h"
#include "reference/numerics.h"

namespace hloconf::ref {
namespace {

using ET = ElementType;

constexpr mpfr_prec_t kExactPrecision = 4400;

std::vector<ET> allFloatTypes() {
  std::vector<ET> types;
  for (int i = 0; i < kNumElementTypes; ++i) {
    const ET t = static_cast<ET>(i);
    if (isFloat(t)) types.push_back(t);
  }
  return types;
}

// One term: a * b when `product`, else a alone.
struct Term {
  double a;
  double b;
  bool product;
};

std::string describe(const std::vector<Term>& terms) {
  std::string s;
  char buf[128];
  for (const Term& t : terms) {
    if (t.product) {
      std::snprintf(buf, sizeof buf, " %a*%a", t.a, t.b);
    } else {
      std::snprintf(buf, sizeof buf, " %a", t.a);
    }
    s += buf;
  }
  return s;
}

void accumulate(LongAccumulator& acc, const std::vector<Term>& terms) {
  for (const Term& t : terms) {
    if (t.product) {
      acc.addProduct(t.a, t.b);
    } else {
      acc.add(t.a);
    }
  }
}

// The exact sum by MPFR (NaN and infinities by mpfr_sum's rules, which are IEEE's).
void mpfrSum(const std::vector<Term>& terms, MpFloat& out) {
  std::vector<MpFloat> values(terms.size());
  std::vector<mpfr_ptr> ptrs;
  for (size_t i = 0; i < terms.size(); ++i) {
    mpfr_set_prec(values[i], 128);
    if (terms[i].product) {
      MpFloat b(64);
      mpfr_set_d(values[i], terms[i].a, MPFR_RNDN);
      mpfr_set_d(b, terms[i].b, MPFR_RNDN);
      if (mpfr_mul(values[i], values[i], b, MPFR_RNDN) != 0) std::abort();  // exact at 128 bits
    } else {
      mpfr_set_d(values[i], terms[i].a, MPFR_RNDN);
    }
    ptrs.push_back(values[i]);
  }
  mpfr_set_prec(out, kExactPrecision);
  if (mpfr_sum(out, ptrs.data(), ptrs.size(), MPFR_RNDN) != 0) std::abort();  // exact at 4,400 bits
}

bool sameValue(mpfr_srcptr x, mpfr_srcptr y) {
  if (mpfr_nan_p(x) || mpfr_nan_p(y)) return mpfr_nan_p(x) && mpfr_nan_p(y);
  return mpfr_equal_p(x, y) && mpfr_signbit(x) == mpfr_signbit(y);
}

// Checks every reader of the accumulator against the MPFR oracle; returns the number of mismatches.
int checkCase(const std::vector<Term>& terms, const std::vector<ET>& types) {
  initNumerics();
  LongAccumulator acc;
  accumulate(acc, terms);
  MpFloat expected(kExactPrecision);
  mpfrSum(terms, expected);
  int failures = 0;
  MpFloat got(2);
  acc.toMpfr(got);
  if (!sameValue(got, expected)) {
    ADD_FAILURE() << "toMpfr differs from mpfr_sum for" << describe(terms);
    ++failures;
  }
  if (!acc.hasNonFinite() && acc.sign() != mpfr_sgn(expected.get())) {
    ADD_FAILURE() << "sign " << acc.sign() << " for" << describe(terms);
    ++failures;
  }
  // The same terms through the array adds: products from one interleaved array (stride 2), values from
  // another (stride 1).
  LongAccumulator bulk;
  std::vector<double> pairs, values;
  for (const Term& t : terms) {
    if (t.product) {
      pairs.push_back(t.a);
      pairs.push_back(t.b);
    } else {
      values.push_back(t.a);
    }
  }
  bulk.addProducts(pairs.data(), 2, pairs.data() + 1, 2, pairs.size() / 2);
  bulk.addValues(values.data(), 1, values.size());
  bulk.toMpfr(got);
  if (!sameValue(got, expected)) {
    ADD_FAILURE() << "addProducts/addValues: toMpfr differs from mpfr_sum for" << describe(terms);
    ++failures;
  }
  for (ET t : types) {
    const uint64_t want = encodeFloat(t, expected);
    const uint64_t direct = acc.round(t);
    const uint64_t encoder = acc.roundThroughEncoder(t);
    const uint64_t from_bulk = bulk.round(t);
    if (direct != want || encoder != want || from_bulk != want) {
      ADD_FAILURE() << elementTypeName(t) << ": round 0x" << std::hex << direct << ", through the encoder 0x" << encoder
                    << ", after the array adds 0x" << from_bulk << ", expected 0x" << want << std::dec << " for"
                    << describe(terms);
      ++failures;
    }
  }
  return failures;
}

// --- Hand-made cases, each with its exact value --------------------------------------------------------

TEST(LongAccumulator, EmptySumIsPositiveZero) {
  LongAccumulator acc;
  EXPECT_TRUE(acc.isZero());
  EXPECT_EQ(acc.round(ET::kF64), 0u);
  EXPECT_EQ(acc.round(ET::kF32), 0u);
  EXPECT_EQ(checkCase({}, allFloatTypes()), 0);
}

// 2^-1074 * 2^-1074 = 2^-2148 exactly: nonzero, below every format, so it rounds to a zero of its sign.
TEST(LongAccumulator, SmallestSubnormalProductIsHeldExactly) {
  const double tiny = std::ldexp(1.0, -1074);
  LongAccumulator acc;
  acc.addProduct(tiny, tiny);
  MpFloat v(2);
  acc.toMpfr(v);
  EXPECT_EQ(mpfr_cmp_ui_2exp(v, 1, -2148), 0);
  EXPECT_EQ(acc.sign(), 1);
  EXPECT_EQ(acc.round(ET::kF64), 0u);
  EXPECT_EQ(acc.round(ET::kF16), 0u);
  acc.clear();
  acc.addProduct(-tiny, tiny);
  EXPECT_EQ(acc.sign(), -1);
  EXPECT_FALSE(acc.isZero());
  EXPECT_EQ(acc.round(ET::kF64), 0x8000000000000000u);  // -0: the exact value is negative
  EXPECT_EQ(acc.round(ET::kF32), 0x80000000u);
  EXPECT_EQ(acc.round(ET::kF8E4M3FNUZ), 0u);  // no -0 in FNUZ formats
  // 2^21 of them make 2^-2127, still below half of 2^-1074: -0 in f64.
  for (int i = 1; i < (1 << 21); ++i) acc.addProduct(-tiny, tiny);
  acc.toMpfr(v);
  EXPECT_EQ(mpfr_cmp_si_2exp(v, -1, -2127), 0);
  EXPECT_EQ(checkCase({{-tiny, tiny, true}, {tiny, -tiny, true}, {tiny, tiny, true}}, allFloatTypes()), 0);
}

// Sixteen f32 products 0x1A000000^2 = (2^-75)^2 = 2^-150 sum to 2^-146 = 8 * 2^-149: f32 bits 0x00000008.
TEST(LongAccumulator, SubnormalF32ProductsSumExactly) {
  const double x = std::bit_cast<float>(uint32_t{0x1A000000});
  ASSERT_EQ(x, std::ldexp(1.0, -75));
  LongAccumulator acc;
  for (int i = 0; i < 16; ++i) acc.addProduct(x, x);
  EXPECT_EQ(acc.round(ET::kF32), 0x00000008u);
  // One product alone is 2^-150, exactly half the smallest subnormal: a tie, to even (0).
  acc.clear();
  acc.addProduct(x, x);
  EXPECT_EQ(acc.round(ET::kF32), 0u);
  // Three are 3 * 2^-150 = 1.5 * 2^-149: a tie between 1 and 2 subnormal steps, to even (2).
  acc.addProduct(x, x);
  acc.addProduct(x, x);
  EXPECT_EQ(acc.round(ET::kF32), 2u);
}

// 1e308 + 1e308 - 1e308 - 1e308 + 2^-1074 = 2^-1074 exactly (f64 bits 1); 2^-1074 is below half of
// every other format's smallest subnormal, so it rounds to +0 there.
TEST(LongAccumulator, HugeCancellationLeavesTheTinyTerm) {
  LongAccumulator acc;
  acc.add(1e308);
  acc.add(1e308);
  acc.add(-1e308);
  acc.add(-1e308);
  acc.add(std::ldexp(1.0, -1074));
  EXPECT_EQ(acc.round(ET::kF64), 1u);
  EXPECT_EQ(acc.round(ET::kF32), 0u);
  // The same through products beyond DBL_MAX: (1.5 * 2^1023) * 2^1023 = 1.5 * 2^2046.
  const double big = std::ldexp(1.5, 1023), two1023 = std::ldexp(1.0, 1023);
  acc.clear();
  acc.addProduct(big, two1023);
  MpFloat v(2);
  acc.toMpfr(v);
  EXPECT_EQ(mpfr_cmp_ui_2exp(v, 3, 2045), 0);
  EXPECT_EQ(acc.round(ET::kF64), 0x7FF0000000000000u);  // beyond f64's range: +inf
  acc.addProduct(-big, two1023);
  acc.add(1.0);
  EXPECT_EQ(acc.round(ET::kF64), 0x3FF0000000000000u);  // exactly 1
  acc.addProduct(-two1023, two1023);
  EXPECT_EQ(acc.round(ET::kF64), 0xFFF0000000000000u);  // 1 - 2^2046: -inf
  EXPECT_EQ(acc.round(ET::kF8E4M3FN), 0xFFu);           // no infinity: NaN (both signs are NaN)
  EXPECT_EQ(acc.round(ET::kF4E2M1FN), 0xFu);            // no NaN: saturates to -6
}

// -0 exactly when every term is -0 (IEEE addition of exact terms under round-to-nearest).
TEST(LongAccumulator, SignedZeros) {
  const double nz = -0.0;
  struct Case {
    std::vector<Term> terms;
    bool negative;
  };
  const std::vector<Case> cases = {
      {{{nz, 0, false}}, true},
      {{{nz, 0, false}, {nz, 1.0, true}, {0.0, -3.0, true}}, true},  // -0, -0*1 = -0, 0*-3 = -0
      {{{nz, 0, false}, {0.0, 0, false}}, false},
      {{{nz, 0, false}, {nz, -1.0, true}}, false},  // -0 * -1 = +0
      {{{1.0, 0, false}, {-1.0, 0, false}}, false},
      {{{nz, 0, false}, {2.0, 3.0, true}, {-3.0, 2.0, true}}, false},  // exact cancellation gives +0
  };
  for (const Case& c : cases) {
    LongAccumulator acc;
    accumulate(acc, c.terms);
    EXPECT_TRUE(acc.isZero());
    EXPECT_EQ(acc.round(ET::kF64), c.negative ? 0x8000000000000000u : 0u) << describe(c.terms);
    EXPECT_EQ(acc.round(ET::kBF16), c.negative ? 0x8000u : 0u) << describe(c.terms);
    EXPECT_EQ(checkCase(c.terms, allFloatTypes()), 0);
  }
}

// inf + -inf and inf * 0 are NaN; NaN stays NaN; one kind of infinity gives that infinity.
TEST(LongAccumulator, NonFiniteTerms) {
  const double inf = INFINITY, nan = NAN;
  LongAccumulator acc;
  acc.add(inf);
  acc.add(1.0);
  EXPECT_EQ(acc.round(ET::kF64), 0x7FF0000000000000u);
  EXPECT_EQ(acc.round(ET::kF16), 0x7C00u);
  acc.addProduct(-inf, 2.0);
  EXPECT_EQ(acc.nonFinite().positive_infinities, 1u);
  EXPECT_EQ(acc.nonFinite().negative_infinities, 1u);
  EXPECT_EQ(acc.round(ET::kF64), 0x7FF8000000000000u);
  acc.clear();
  acc.addProduct(inf, 0.0);
  EXPECT_EQ(acc.nonFinite().nans, 1u);
  const std::vector<std::vector<Term>> cases = {
      {{inf, 0, false}, {5.0, 0, false}},
      {{-inf, 0, false}, {inf, -1.0, true}},
      {{inf, -0.0, true}},
      {{nan, 1.0, true}, {1.0, 0, false}},
      {{0.0, nan, true}},
      {{-inf, 0, false}, {inf, 0, false}},
      {{DBL_MAX, DBL_MAX, true}, {-inf, 0, false}},
  };
  for (const auto& terms : cases) EXPECT_EQ(checkCase(terms, allFloatTypes()), 0);
}

// Many terms: carries postponed across words, then propagated once when the value is read.
TEST(LongAccumulator, LazyCarriesOverManyTerms) {
  // 3 * 2^10 products ((2^53 - 1) 2^-1074) ((2^53 - 1) 2^-1043) = (2^53 - 1)^2 2^-2117, at bit 31 above
  // 2^-2148 (the shift that fills the most digits), alternating with subtractions of 2^-1074: every
  // digit of the first words grows far beyond 32 bits before any carry moves.
  const double m = std::ldexp(1.0, 53) - 1;
  std::vector<Term> terms;
  for (int i = 0; i < 3 * (1 << 10); ++i) {
    terms.push_back({std::ldexp(m, -1074), std::ldexp(m, -1043), true});
    terms.push_back({-std::ldexp(1.0, -1074), 0, false});
  }
  EXPECT_EQ(checkCase(terms, allFloatTypes()), 0);
  LongAccumulator acc;
  for (int i = 0; i < (1 << 20); ++i) acc.addProduct(DBL_MAX, DBL_MAX);
  for (int i = 0; i < (1 << 20); ++i) acc.addProduct(-DBL_MAX, DBL_MAX);
  acc.add(-0.5);
  EXPECT_EQ(acc.round(ET::kF64), 0xBFE0000000000000u);  // exactly -0.5
}

// --- Ties to even at each format's midpoints, and overflow after rounding --------------------------------

// The magnitude of the finite, positive format value with bits `bits`, as a double (exact: <= 53 bits).
double valueOf(ET t, uint64_t bits) {
  MpFloat v(64);
  decodeFloat(t, bits, v);
  return mpfr_get_d(v, MPFR_RNDN);
}

// For every format and many of its values v (largest finite included), sums whose exact value is
// v + ulp/2 (a midpoint) and just above/below it, spread over products that cancel. Expected for the
// exact midpoint: the even one of v and its successor; for just below: v; just above: the successor.
TEST(LongAccumulator, TiesToEvenAtEveryFormatsMidpoints) {
  std::mt19937_64 rng(15);
  for (ET t : allFloatTypes()) {
    const FloatFormat& f = floatFormat(t);
    if (!f.has_subnormals) continue;  // E8M0: rounding is by binade alone; the sweep covers it
    const uint64_t largest = largestFinite(t);
    for (int trial = 0; trial < 400; ++trial) {
      const uint64_t bits = trial == 0 ? largest : trial == 1 ? 0 : rng() % (largest + 1);
      const double v = valueOf(t, bits);
      // ulp: the distance to the successor's value (for the largest, one more step of the same binade).
      const double ulp = bits == largest ? v - valueOf(t, bits - 1) : valueOf(t, bits + 1) - v;
      const double huge = std::ldexp(1.0 + std::ldexp(static_cast<double>(rng() % 1024), -10), 900);
      // v spread over a product v*2^k times 2^-k, where that is exact.
      const int k = static_cast<int>(rng() % 64) - 32;
      const bool scalable = std::isfinite(std::ldexp(v, k)) && std::ldexp(std::ldexp(v, k), -k) == v;
      const double scale = std::ldexp(1.0, scalable ? k : 0);
      for (int nudge : {0, 1, -1}) {
        for (bool negative : {false, true}) {
          const double sgn = negative ? -1.0 : 1.0;
          std::vector<Term> terms = {{sgn * v * scale, 1 / scale, true},
                                     {huge, sgn * 3.0, true},
                                     {sgn * ulp, 0.5, true},  // ulp/2 (below 2^-1074 for f64 subnormals)
                                     {-3.0 * huge, sgn, true}};
          const double tiny = std::ldexp(1.0, -1074);
          if (nudge != 0) terms.push_back({sgn * nudge * tiny, tiny, true});
          ASSERT_EQ(checkCase(terms, {t}), 0) << elementTypeName(t);
          LongAccumulator acc;
          accumulate(acc, terms);
          const uint64_t sign_bit = negative ? uint64_t{1} << (f.total_bits - 1) : 0;
          const uint64_t up = bits + 1;
          if (up > largest) continue;  // overflow: the encoder's rule, checked by checkCase above
          const uint64_t want = nudge < 0 ? bits : nudge > 0 ? up : (bits % 2 == 0 ? bits : up);
          if (negative && !f.has_negative_zero && want == 0) continue;  // FNUZ: -0 does not exist
          EXPECT_EQ(acc.round(t), sign_bit | want) << elementTypeName(t) << " v=" << v << " nudge " << nudge;
        }
      }
    }
  }
}

// --- The random sweep ----------------------------------------------------------------------------------

class Generator {
 public:
  explicit Generator(uint64_t seed) : rng_(seed), types_(allFloatTypes()) {}

  uint64_t bits() { return rng_(); }
  int below(int n) { return static_cast<int>(rng_() % static_cast<uint64_t>(n)); }

  // Any double: random sign, exponent field and mantissa, with zeros, subnormals and (rarely) specials.
  double anyDouble() {
    const int kind = below(100);
    const double sign = below(2) ? -1.0 : 1.0;
    if (kind == 0) return sign * 0.0;
    if (kind == 1) return sign * std::ldexp(static_cast<double>(rng_() >> 12), -1074);  // subnormal
    if (kind == 2) return sign * DBL_MAX;
    if (kind == 3) return sign * std::ldexp(1.0, -1074);
    const uint64_t exponent_field = 1 + rng_() % 2046;
    return std::bit_cast<double>((below(2) ? uint64_t{1} << 63 : 0) | (exponent_field << 52) |
                                 (rng_() & ((uint64_t{1} << 52) - 1)));
  }

  // A double with exponent near `center`, with a random number of significant bits.
  double near(int center, int spread) {
    const int bits = 1 + below(53);
    const double m = static_cast<double>((rng_() >> (64 - bits)) | 1);
    return (below(2) ? -1.0 : 1.0) * std::ldexp(m, center + below(2 * spread + 1) - spread - bits);
  }

  // A value of a random float format (finite unless `specials`), as a double.
  double formatValue(bool specials) {
    const ET t = types_[below(static_cast<int>(types_.size()))];
    const FloatFormat& f = floatFormat(t);
    const uint64_t b = f.total_bits == 64 ? rng_() : rng_() & ((uint64_t{1} << f.total_bits) - 1);
    const FloatClass c = classifyFloat(t, b);
    if (!specials && (c == FloatClass::kNaN || c == FloatClass::kInfinity)) return 1.0;
    MpFloat v(64);
    decodeFloat(t, b, v);
    return mpfr_get_d(v, MPFR_RNDN);  // exact: <= 53 bits within f64's range
  }

  std::vector<Term> sum() {
    std::vector<Term> terms;
    const int n = 1 + below(12);
    switch (below(5)) {
      case 0:  // anything: full exponent range, subnormal and beyond-DBL_MAX products
        for (int i = 0; i < n; ++i) terms.push_back({anyDouble(), anyDouble(), below(4) != 0});
        break;
      case 1: {  // clustered exponents: products that overlap and partly cancel
        const int center = below(4000) - 2100;
        for (int i = 0; i < n; ++i) {
          const int ca = std::clamp(center / 2 + below(9) - 4, -1070, 1020);
          terms.push_back({near(ca, 3), near(std::clamp(center - ca, -1070, 1020), 3), true});
        }
        break;
      }
      case 2:  // values of the small formats (ties and midpoints are likely), a few specials
        for (int i = 0; i < n; ++i) terms.push_back({formatValue(below(50) == 0), formatValue(false), below(3) != 0});
        break;
      case 3: {  // massive cancellation: terms and their exact negations, plus small remainders
        for (int i = 0; i < n; ++i) {
          const double a = below(2) ? anyDouble() : near(below(2000) - 1000, 20);
          const double b = below(2) ? anyDouble() : near(below(2000) - 1000, 20);
          terms.push_back({a, b, true});
          if (below(2)) {
            terms.push_back({-a, b, true});
          } else {
            terms.push_back({a, -b, true});
          }
          if (below(3) == 0) terms.push_back({near(below(200) - 100, 50), 1.0, false});
        }
        break;
      }
      default: {  // near a power of two with a tail far below: long carry and borrow chains
        const int top = below(2000) - 1000;
        terms.push_back({std::ldexp(1.0, top), 1.0, true});
        for (int i = 0; i < n; ++i) terms.push_back({near(top - below(1000), 10), near(-below(1000), 10), true});
        break;
      }
    }
    // Shuffle, so that cancelling partners are not adjacent.
    for (size_t i = terms.size(); i > 1; --i) std::swap(terms[i - 1], terms[rng_() % i]);
    return terms;
  }

 private:
  std::mt19937_64 rng_;
  std::vector<ET> types_;
};

int64_t sweepCases() {
  const char* env = std::getenv("HLOCONF_ACCUMULATOR_CASES");
  return env ? std::atoll(env) : 100000;
}

TEST(LongAccumulator, RandomSumsAgainstMpfr) {
  const std::vector<ET> types = allFloatTypes();
  Generator gen(0x15);
  const int64_t cases = sweepCases();
  int64_t failures = 0;
  for (int64_t i = 0; i < cases && failures < 20; ++i) failures += checkCase(gen.sum(), types);
  EXPECT_EQ(failures, 0);
}

// 2^31 + 2^27 products whose digits are all close to 2^32: without the carry propagation every 2^29 adds
// (kNormalizeEvery), word i+2 would pass 2^63 and wrap. The `long` CTest entry runs it; plain runs skip it.
TEST(LongAccumulator, NormalizationBetweenAdds) {
  if (sweepCases() < 1000000) GTEST_SKIP() << "runs with HLOCONF_ACCUMULATOR_CASES >= 10^6 (label long)";
  // ma mb 2^-2117, at bit 31 above 2^-2148: word i+2 gets 0.99999603 * 2^32 per add (found by a search
  // over 53-bit significands for the largest such digit).
  const double a = std::ldexp(6298974223298530.0, -1043);
  const double b = std::ldexp(5122908598983883.0, -1074);
  const uint64_t count = (uint64_t{1} << 31) + (uint64_t{1} << 27);
  LongAccumulator acc;
  for (uint64_t i = 0; i < count; ++i) acc.addProduct(a, b);
  acc.add(-1.0);
  MpFloat got(2), want(kExactPrecision);
  acc.toMpfr(got);
  mpfr_set_d(want, a, MPFR_RNDN);
  mpfr_mul_d(want, want, b, MPFR_RNDN);
  mpfr_mul_ui(want, want, count, MPFR_RNDN);
  mpfr_sub_ui(want, want, 1, MPFR_RNDN);
  EXPECT_TRUE(sameValue(got, want));
  for (ET t : allFloatTypes()) EXPECT_EQ(acc.round(t), encodeFloat(t, want)) << elementTypeName(t);
  // The same through addProducts, 2^20 products a call: the runs must stop at each normalisation.
  const std::vector<double> as(1 << 20, a), bs(1 << 20, b);
  LongAccumulator bulk;
  for (uint64_t done = 0; done < count; done += as.size()) bulk.addProducts(as.data(), 1, bs.data(), 1, as.size());
  const double minus_one = -1.0;
  bulk.addValues(&minus_one, 1, 1);
  bulk.toMpfr(got);
  EXPECT_TRUE(sameValue(got, want));
}

}  // namespace
}  // namespace hloconf::ref
