// Tests of ir/element_type: names, integer ranges and float formats.
//
// The float tests are table-driven: one row per format, with the special encodings and their exact values
// written out as powers of two (taken from the format definitions in LLVM's APFloat, ml_dtypes and the
// OCP MX spec), so each row can be checked against a reference by eye. Rounding expectations come from the
// rule "round to nearest, ties to the even encoding", stated per boundary in the row.
#include "ir/element_type.h"

#include <gtest/gtest.h>
#include <mpfr.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <optional>
#include <random>
#include <string>
#include <vector>

namespace hloconf {
namespace {

// --- Helpers ----------------------------------------------------------------------------------------

// A value written as significand * 2^exponent.
struct Exact {
  uint64_t significand;
  int exponent;
};

// An MPFR value with far more precision than any format, for building exact test inputs (midpoints and
// their immediate neighbours) without rounding.
class Real {
 public:
  static constexpr mpfr_prec_t kPrecision = 256;
  Real() {
    mpfr_init2(value_, kPrecision);
    mpfr_set_zero(value_, 1);
  }
  Real(const Real& other) : Real() { mpfr_set(value_, other.value_, MPFR_RNDN); }
  Real& operator=(const Real& other) {
    mpfr_set(value_, other.value_, MPFR_RNDN);
    return *this;
  }
  ~Real() { mpfr_clear(value_); }
  mpfr_ptr get() { return value_; }
  mpfr_srcptr get() const { return value_; }

 private:
  mpfr_t value_;
};

Real exactValue(Exact e, bool negative = false) {
  Real r;
  mpfr_set_ui(r.get(), e.significand, MPFR_RNDN);
  mpfr_mul_2si(r.get(), r.get(), e.exponent, MPFR_RNDN);
  if (negative) mpfr_neg(r.get(), r.get(), MPFR_RNDN);
  return r;
}
Real decoded(ElementType t, uint64_t bits) {
  Real r;
  decodeFloat(t, bits, r.get());
  return r;
}
Real midpoint(const Real& a, const Real& b) {
  Real r;
  mpfr_add(r.get(), a.get(), b.get(), MPFR_RNDN);  // exact: adjacent values need few bits
  mpfr_div_2ui(r.get(), r.get(), 1, MPFR_RNDN);
  return r;
}
Real negated(const Real& a) {
  Real r;
  mpfr_neg(r.get(), a.get(), MPFR_RNDN);
  return r;
}
// The neighbours at 256-bit precision: "just above" and "just below" a boundary.
Real justAbove(const Real& a) {
  Real r = a;
  mpfr_nextabove(r.get());
  return r;
}
Real justBelow(const Real& a) {
  Real r = a;
  mpfr_nextbelow(r.get());
  return r;
}
uint64_t encode(ElementType t, const Real& value) { return encodeFloat(t, value.get()); }
uint64_t encodeDouble(ElementType t, double value) {
  Real r;
  mpfr_set_d(r.get(), value, MPFR_RNDN);
  return encodeFloat(t, r.get());
}
bool equal(const Real& a, const Real& b) {
  return mpfr_equal_p(a.get(), b.get()) && mpfr_signbit(a.get()) == mpfr_signbit(b.get());
}
std::string show(const Real& a) {
  char buffer[128];
  mpfr_snprintf(buffer, sizeof(buffer), "%Ra", a.get());
  return buffer;
}
// The exact decimal expansion of a dyadic value (every binary fraction has a finite decimal one).
std::string exactDecimal(const Real& a) {
  mpfr_exp_t exponent = 0;
  char* digits = mpfr_get_str(nullptr, &exponent, 10, 1200, a.get(), MPFR_RNDN);
  std::string text(digits);
  mpfr_free_str(digits);
  const bool negative = text.front() == '-';
  if (negative) text.erase(0, 1);
  while (text.size() > 1 && text.back() == '0') text.pop_back();
  return (negative ? "-0." : "0.") + text + "e" + std::to_string(exponent);
}
// The same decimal plus one more digit 1 at its end: just above the value in magnitude.
std::string exactDecimalPlusTinyDigit(const Real& a) {
  std::string text = exactDecimal(a);
  text.insert(text.find('e'), "0000001");
  return text;
}
uint64_t widthMask(int bits) { return bits >= 64 ? ~uint64_t{0} : (uint64_t{1} << bits) - 1; }
uint64_t signBit(ElementType t) {
  const FloatFormat& f = floatFormat(t);
  return f.has_sign ? uint64_t{1} << (f.total_bits - 1) : 0;
}

// --- The format table -------------------------------------------------------------------------------

struct FormatCase {
  ElementType type;
  std::optional<uint64_t> negative_zero;  // nullopt: no -0 encoding (its bits mean NaN, or a value)
  bool has_zero;                          // false only for f8E8M0FNU
  uint64_t smallest_subnormal;
  Exact smallest_subnormal_value;
  std::optional<uint64_t> largest_subnormal;  // nullopt: no subnormals
  Exact largest_subnormal_value;
  uint64_t smallest_normal;
  Exact smallest_normal_value;
  uint64_t largest_finite;
  Exact largest_finite_value;
  std::optional<uint64_t> positive_infinity;
  std::optional<uint64_t> canonical_nan;
  int nan_count;                      // encodings classified NaN; -1: too many to enumerate (f32, f64)
  std::vector<uint64_t> listed_nans;  // for non-IEEE formats: every NaN encoding
  Exact overflow_midpoint;            // halfway from the largest finite value to the next step up
  uint64_t at_overflow_midpoint;      // what that midpoint rounds to
  uint64_t above_overflow_midpoint;   // what anything beyond it rounds to
};

std::vector<FormatCase> formatCases() {
  using T = ElementType;
  return {
      // f4E2M1FN: 1s 2e 1m, bias 1; no inf, no NaN; overflow saturates.
      {T::kF4E2M1FN, 0x8, true, 0x1, {1, -1}, 0x1, {1, -1}, 0x2, {1, 0}, 0x7, {6, 0},
       std::nullopt, std::nullopt, 0, {}, {7, 0}, 0x7, 0x7},
      {T::kF6E2M3FN, 0x20, true, 0x01, {1, -3}, 0x07, {7, -3}, 0x08, {1, 0}, 0x1F, {15, -1},
       std::nullopt, std::nullopt, 0, {}, {31, -2}, 0x1F, 0x1F},
      {T::kF6E3M2FN, 0x20, true, 0x01, {1, -4}, 0x03, {3, -4}, 0x04, {1, -2}, 0x1F, {28, 0},
       std::nullopt, std::nullopt, 0, {}, {30, 0}, 0x1F, 0x1F},
      // IEEE-like f8: the largest finite mantissa is all ones (odd), so its overflow midpoint goes to inf.
      {T::kF8E3M4, 0x80, true, 0x01, {1, -6}, 0x0F, {15, -6}, 0x10, {1, -2}, 0x6F, {31, -1},
       0x70, 0x78, 30, {}, {63, -2}, 0x70, 0x70},
      {T::kF8E4M3, 0x80, true, 0x01, {1, -9}, 0x07, {7, -9}, 0x08, {1, -6}, 0x77, {240, 0},
       0x78, 0x7C, 14, {}, {31, 3}, 0x78, 0x78},
      // FN: S.1111.111 is NaN, so 448 (mantissa 110, even) keeps the tie at 464; beyond it is NaN.
      {T::kF8E4M3FN, 0x80, true, 0x01, {1, -9}, 0x07, {7, -9}, 0x08, {1, -6}, 0x7E, {448, 0},
       std::nullopt, 0x7F, 2, {0x7F, 0xFF}, {29, 4}, 0x7E, 0x7F},
      // FNUZ: 0x80 is the only NaN, there is no -0; the largest mantissa is odd, so the tie is NaN.
      {T::kF8E4M3FNUZ, std::nullopt, true, 0x01, {1, -10}, 0x07, {7, -10}, 0x08, {1, -7}, 0x7F, {240, 0},
       std::nullopt, 0x80, 1, {0x80}, {31, 3}, 0x80, 0x80},
      {T::kF8E4M3B11FNUZ, std::nullopt, true, 0x01, {1, -13}, 0x07, {7, -13}, 0x08, {1, -10}, 0x7F, {30, 0},
       std::nullopt, 0x80, 1, {0x80}, {31, 0}, 0x80, 0x80},
      {T::kF8E5M2, 0x80, true, 0x01, {1, -16}, 0x03, {3, -16}, 0x04, {1, -14}, 0x7B, {57344, 0},
       0x7C, 0x7E, 6, {}, {15, 12}, 0x7C, 0x7C},
      {T::kF8E5M2FNUZ, std::nullopt, true, 0x01, {1, -17}, 0x03, {3, -17}, 0x04, {1, -15}, 0x7F, {57344, 0},
       std::nullopt, 0x80, 1, {0x80}, {15, 12}, 0x80, 0x80},
      // E8M0: powers of two 2^-127..2^127; 0xFE (even) keeps the tie at 1.5 * 2^127, beyond is NaN.
      {T::kF8E8M0FNU, std::nullopt, false, 0x00, {1, -127}, std::nullopt, {0, 0}, 0x00, {1, -127},
       0xFE, {1, 127},
       std::nullopt, 0xFF, 1, {0xFF}, {3, 126}, 0xFE, 0xFF},
      {T::kBF16, 0x8000, true, 0x0001, {1, -133}, 0x007F, {127, -133}, 0x0080, {1, -126}, 0x7F7F, {255, 120},
       0x7F80, 0x7FC0, 254, {}, {511, 119}, 0x7F80, 0x7F80},
      {T::kF16, 0x8000, true, 0x0001, {1, -24}, 0x03FF, {1023, -24}, 0x0400, {1, -14}, 0x7BFF, {65504, 0},
       0x7C00, 0x7E00, 2046, {}, {65520, 0}, 0x7C00, 0x7C00},
      {T::kTF32, 0x40000, true, 0x00001, {1, -136}, 0x003FF, {1023, -136}, 0x00400, {1, -126}, 0x3FBFF,
       {2047, 117}, 0x3FC00, 0x3FE00, 2046, {}, {4095, 116}, 0x3FC00, 0x3FC00},
      {T::kF32, 0x80000000, true, 0x1, {1, -149}, 0x7FFFFF, {0x7FFFFF, -149}, 0x800000, {1, -126},
       0x7F7FFFFF, {0xFFFFFF, 104}, 0x7F800000, 0x7FC00000, -1, {}, {0x1FFFFFF, 103}, 0x7F800000,
       0x7F800000},
      {T::kF64, 0x8000000000000000, true, 0x1, {1, -1074}, 0xFFFFFFFFFFFFF, {0xFFFFFFFFFFFFF, -1074},
       0x10000000000000, {1, -1022}, 0x7FEFFFFFFFFFFFFF, {0x1FFFFFFFFFFFFF, 971}, 0x7FF0000000000000,
       0x7FF8000000000000, -1, {}, {0x3FFFFFFFFFFFFF, 970}, 0x7FF0000000000000, 0x7FF0000000000000},
  };
}

// The bits of the negative counterpart of a result: the sign bit set, except that FNUZ's NaN (the
// negative-zero pattern) is unsigned.
uint64_t negativeOf(ElementType t, uint64_t bits) {
  if (classifyFloat(t, bits) == FloatClass::kNaN &&
      floatFormat(t).nan_encoding == NanEncoding::kNegativeZero) {
    return bits;
  }
  return bits | signBit(t);
}

class FloatFormatTest : public testing::TestWithParam<FormatCase> {};

TEST_P(FloatFormatTest, TableAgreesWithSpecialValueFunctions) {
  const FormatCase& c = GetParam();
  const ElementType t = c.type;
  EXPECT_EQ(floatFormat(t).name, elementTypeName(t));
  EXPECT_EQ(floatFormat(t).total_bits, bitWidth(t));
  EXPECT_EQ(smallestSubnormal(t), c.smallest_subnormal);
  EXPECT_EQ(smallestNormal(t), c.smallest_normal);
  EXPECT_EQ(largestFinite(t), c.largest_finite);
  EXPECT_EQ(largestFinite(t, /*negative=*/true), c.largest_finite | signBit(t));
  EXPECT_EQ(canonicalNaN(t), c.canonical_nan);
  if (c.canonical_nan) { EXPECT_EQ(classifyFloat(t, *c.canonical_nan), FloatClass::kNaN); }
}

TEST_P(FloatFormatTest, DecodesExactValues) {
  const FormatCase& c = GetParam();
  const ElementType t = c.type;
  struct Point { uint64_t bits; Exact value; FloatClass kind; };
  std::vector<Point> points = {
      {c.smallest_subnormal, c.smallest_subnormal_value,
       c.largest_subnormal ? FloatClass::kSubnormal : FloatClass::kNormal},
      {c.smallest_normal, c.smallest_normal_value, FloatClass::kNormal},
      {c.largest_finite, c.largest_finite_value, FloatClass::kNormal},
  };
  if (c.largest_subnormal) {
    points.push_back({*c.largest_subnormal, c.largest_subnormal_value, FloatClass::kSubnormal});
  }
  for (const Point& p : points) {
    SCOPED_TRACE(testing::Message() << "bits 0x" << std::hex << p.bits);
    EXPECT_EQ(classifyFloat(t, p.bits), p.kind);
    EXPECT_TRUE(equal(decoded(t, p.bits), exactValue(p.value))) << show(decoded(t, p.bits));
    EXPECT_EQ(encode(t, exactValue(p.value)), p.bits);
    if (floatFormat(t).has_sign) {
      EXPECT_TRUE(equal(decoded(t, p.bits | signBit(t)), exactValue(p.value, /*negative=*/true)));
      EXPECT_EQ(encode(t, exactValue(p.value, true)), p.bits | signBit(t));
    }
  }
}

TEST_P(FloatFormatTest, ZerosAndTheirAbsence) {
  const FormatCase& c = GetParam();
  const ElementType t = c.type;
  Real positive_zero, negative_zero;
  mpfr_set_zero(negative_zero.get(), -1);
  if (c.has_zero) {
    EXPECT_EQ(classifyFloat(t, 0), FloatClass::kZero);
    EXPECT_TRUE(equal(decoded(t, 0), positive_zero));
    EXPECT_EQ(encode(t, positive_zero), 0u);
  } else {  // E8M0: encoding 0 is 2^-127, and zero has no encoding
    EXPECT_EQ(classifyFloat(t, 0), FloatClass::kNormal);
    EXPECT_EQ(encode(t, positive_zero), *c.canonical_nan);
  }
  if (c.negative_zero) {
    EXPECT_EQ(classifyFloat(t, *c.negative_zero), FloatClass::kZero);
    EXPECT_TRUE(equal(decoded(t, *c.negative_zero), negative_zero));
    EXPECT_EQ(encode(t, negative_zero), *c.negative_zero);
  } else {
    EXPECT_EQ(encode(t, negative_zero), c.has_zero ? 0u : *c.canonical_nan);
    if (floatFormat(t).has_sign) { EXPECT_EQ(classifyFloat(t, signBit(t)), FloatClass::kNaN); }  // FNUZ
  }
}

TEST_P(FloatFormatTest, InfinitiesAndNaNs) {
  const FormatCase& c = GetParam();
  const ElementType t = c.type;
  const FloatFormat& f = floatFormat(t);
  if (c.positive_infinity) {
    const uint64_t negative_infinity = *c.positive_infinity | signBit(t);
    EXPECT_EQ(classifyFloat(t, *c.positive_infinity), FloatClass::kInfinity);
    EXPECT_EQ(classifyFloat(t, negative_infinity), FloatClass::kInfinity);
    Real infinity;
    mpfr_set_inf(infinity.get(), 1);
    EXPECT_TRUE(equal(decoded(t, *c.positive_infinity), infinity));
    EXPECT_TRUE(equal(decoded(t, negative_infinity), negated(infinity)));
    EXPECT_EQ(c.positive_infinity, c.largest_finite + 1);
  }
  // Every encoding of the formats small enough to enumerate: count each class and check every NaN.
  if (c.nan_count >= 0) {
    int nans = 0, infinities = 0, zeros = 0;
    for (uint64_t bits = 0; bits < (uint64_t{1} << f.total_bits); ++bits) {
      switch (classifyFloat(t, bits)) {
        case FloatClass::kNaN: {
          ++nans;
          EXPECT_TRUE(mpfr_nan_p(decoded(t, bits).get()));
          if (c.positive_infinity) {  // IEEE: exponent all ones with a non-zero mantissa
            EXPECT_GT(bits & ~signBit(t), *c.positive_infinity) << bits;
          } else {
            EXPECT_NE(std::find(c.listed_nans.begin(), c.listed_nans.end(), bits), c.listed_nans.end())
                << bits;
          }
          break;
        }
        case FloatClass::kInfinity: ++infinities; break;
        case FloatClass::kZero: ++zeros; break;
        default: break;
      }
    }
    EXPECT_EQ(nans, c.nan_count);
    EXPECT_EQ(infinities, c.positive_infinity ? 2 : 0);
    EXPECT_EQ(zeros, (c.has_zero ? 1 : 0) + (c.negative_zero ? 1 : 0));
  } else {  // f32, f64: the classic encodings
    const uint64_t quiet = *c.canonical_nan, inf = *c.positive_infinity;
    for (uint64_t bits : {quiet, inf + 1, quiet | signBit(t), widthMask(f.total_bits), inf | (quiet >> 1)}) {
      EXPECT_EQ(classifyFloat(t, bits), FloatClass::kNaN) << bits;
    }
  }
  // NaN in: the canonical NaN (formats without NaN give +0); infinity in: the overflow rule.
  Real nan, infinity;
  mpfr_set_nan(nan.get());
  mpfr_set_inf(infinity.get(), 1);
  EXPECT_EQ(encode(t, nan), c.canonical_nan.value_or(0));
  EXPECT_EQ(encode(t, negated(nan)), c.canonical_nan.value_or(0));
  EXPECT_EQ(encode(t, infinity), c.above_overflow_midpoint);
  EXPECT_EQ(encode(t, negated(infinity)),
            f.has_sign ? negativeOf(t, c.above_overflow_midpoint) : *c.canonical_nan);
}

TEST_P(FloatFormatTest, RoundsToNearestEvenAtEveryBoundary) {
  const FormatCase& c = GetParam();
  const ElementType t = c.type;
  const bool has_sign = floatFormat(t).has_sign;
  // Checks `value` and, where the format has a sign, its negation.
  auto expectRounds = [&](const Real& value, uint64_t expected, const char* what) {
    EXPECT_EQ(encode(t, value), expected) << what << ": " << show(value);
    if (has_sign) { EXPECT_EQ(encode(t, negated(value)), negativeOf(t, expected)) << what << " (negative)"; }
  };
  const uint64_t positive_zero = 0, smallest = c.smallest_subnormal;
  const Real half_smallest = midpoint(Real(), exactValue(c.smallest_subnormal_value));
  if (c.has_zero) {
    // The tie between 0 and the smallest subnormal goes to 0 (even); the negative side to -0 where it exists.
    EXPECT_EQ(encode(t, half_smallest), positive_zero);
    EXPECT_EQ(encode(t, negated(half_smallest)), c.negative_zero.value_or(0));
    EXPECT_EQ(encode(t, justBelow(half_smallest)), positive_zero);
    expectRounds(justAbove(half_smallest), smallest, "just above half the smallest subnormal");
  } else {  // E8M0 saturates tiny positive values to its smallest value
    EXPECT_EQ(encode(t, half_smallest), smallest);
    EXPECT_EQ(encode(t, justBelow(half_smallest)), smallest);
  }
  if (c.largest_subnormal) {
    // The largest subnormal's mantissa is all ones (odd): the tie goes up to the smallest normal.
    const Real boundary =
        midpoint(exactValue(c.largest_subnormal_value), exactValue(c.smallest_normal_value));
    expectRounds(boundary, c.smallest_normal, "subnormal/normal midpoint");
    expectRounds(justBelow(boundary), *c.largest_subnormal, "just below the subnormal/normal midpoint");
  }
  // Ties between two normals: mantissa 0 vs 1 goes to 0, mantissa 1 vs 2 goes to 2.
  const uint64_t n0 = c.smallest_normal;
  expectRounds(midpoint(decoded(t, n0), decoded(t, n0 + 1)), n0, "tie between normals n0, n0+1");
  expectRounds(midpoint(decoded(t, n0 + 1), decoded(t, n0 + 2)), n0 + 2, "tie between normals n0+1, n0+2");
  expectRounds(justAbove(midpoint(decoded(t, n0), decoded(t, n0 + 1))), n0 + 1, "just above a tie");
  // Overflow: the midpoint above the largest finite value, and beyond it.
  const Real overflow = exactValue(c.overflow_midpoint);
  {  // Sanity of the row: the midpoint is half a step above the largest finite value, where a step is
     // the spacing below it (E8M0, having no mantissa, doubles instead).
    const Real largest = decoded(t, c.largest_finite);
    Real step;
    mpfr_sub(step.get(), largest.get(), decoded(t, c.largest_finite - 1).get(), MPFR_RNDN);
    if (floatFormat(t).mantissa_bits == 0) step = largest;
    Real expected_midpoint;
    mpfr_div_2ui(step.get(), step.get(), 1, MPFR_RNDN);
    mpfr_add(expected_midpoint.get(), largest.get(), step.get(), MPFR_RNDN);
    EXPECT_TRUE(equal(overflow, expected_midpoint)) << show(expected_midpoint);
  }
  expectRounds(justBelow(overflow), c.largest_finite, "just below the overflow midpoint");
  expectRounds(overflow, c.at_overflow_midpoint, "the overflow midpoint");
  expectRounds(justAbove(overflow), c.above_overflow_midpoint, "just above the overflow midpoint");
  Real huge = exactValue({1, 100000});
  expectRounds(huge, c.above_overflow_midpoint, "2^100000");
}

// Every pair of adjacent positive finite encodings (a random sample of pairs for f32 and f64): the midpoint
// goes to the even encoding, and anything off the midpoint to the nearer neighbour.
TEST_P(FloatFormatTest, TiesBetweenNeighboursGoToEven) {
  const ElementType t = GetParam().type;
  const uint64_t largest = GetParam().largest_finite;
  std::vector<uint64_t> lows;
  if (floatFormat(t).total_bits <= 19) {
    for (uint64_t low = 0; low < largest; ++low) lows.push_back(low);
  } else {
    std::mt19937_64 random(8);
    for (int i = 0; i < 100000; ++i) lows.push_back(random() % largest);
  }
  for (uint64_t low : lows) {
    const Real tie = midpoint(decoded(t, low), decoded(t, low + 1));
    ASSERT_EQ(encode(t, tie), (low & 1) ? low + 1 : low) << show(tie);
    ASSERT_EQ(encode(t, justBelow(tie)), low);
    ASSERT_EQ(encode(t, justAbove(tie)), low + 1);
  }
}

TEST_P(FloatFormatTest, DecodeEncodeRoundTripsEveryEncoding) {
  const ElementType t = GetParam().type;
  const FloatFormat& f = floatFormat(t);
  std::vector<uint64_t> encodings;
  if (f.total_bits <= 19) {
    for (uint64_t bits = 0; bits < (uint64_t{1} << f.total_bits); ++bits) encodings.push_back(bits);
  } else {  // a sample of random encodings plus the listed ones
    std::mt19937_64 random(f.total_bits);
    for (int i = 0; i < 200000; ++i) encodings.push_back(random() & widthMask(f.total_bits));
  }
  for (uint64_t bits : encodings) {
    const Real value = decoded(t, bits);
    const uint64_t again = encode(t, value);
    if (classifyFloat(t, bits) == FloatClass::kNaN) {
      ASSERT_EQ(again, GetParam().canonical_nan) << bits;
    } else {
      ASSERT_EQ(again, bits) << show(value);
    }
  }
}

TEST_P(FloatFormatTest, ShortestLiteralReadsBackToTheSameBits) {
  const ElementType t = GetParam().type;
  const FloatFormat& f = floatFormat(t);
  std::vector<uint64_t> encodings;
  if (f.total_bits <= 16) {
    for (uint64_t bits = 0; bits < (uint64_t{1} << f.total_bits); ++bits) encodings.push_back(bits);
  } else {
    std::mt19937_64 random(7);
    for (int i = 0; i < 5000; ++i) encodings.push_back(random() & widthMask(f.total_bits));
    for (const FormatCase& c = GetParam(); uint64_t bits :
         {c.smallest_subnormal, c.smallest_normal, c.largest_finite, c.largest_finite | signBit(t)}) {
      encodings.push_back(bits);
    }
  }
  for (uint64_t bits : encodings) {
    const FloatClass kind = classifyFloat(t, bits);
    if (kind == FloatClass::kNaN || kind == FloatClass::kInfinity) continue;
    const std::string text = formatFloatLiteral(t, bits);
    ASSERT_NE(text.find('.'), std::string::npos) << text;
    const absl::StatusOr<uint64_t> reread = parseFloatLiteral(t, text);
    ASSERT_TRUE(reread.ok()) << reread.status();
    ASSERT_EQ(*reread, bits) << text;
  }
}

TEST_P(FloatFormatTest, ParsesExactDecimalMidpointsWithOneRounding) {
  // Long decimal texts exactly at a boundary, and one digit beyond it: a double rounding would get
  // at least one of these wrong.
  const FormatCase& c = GetParam();
  const ElementType t = c.type;
  const Real half_smallest = midpoint(Real(), exactValue(c.smallest_subnormal_value));
  auto parse = [&](const std::string& text) {
    const absl::StatusOr<uint64_t> bits = parseFloatLiteral(t, text);
    EXPECT_TRUE(bits.ok()) << bits.status();
    return bits.value_or(~uint64_t{0});
  };
  EXPECT_EQ(parse(exactDecimal(half_smallest)), c.has_zero ? 0 : c.smallest_subnormal);
  EXPECT_EQ(parse(exactDecimalPlusTinyDigit(half_smallest)), c.smallest_subnormal);
  const Real overflow = exactValue(c.overflow_midpoint);
  EXPECT_EQ(parse(exactDecimal(overflow)), c.at_overflow_midpoint);
  EXPECT_EQ(parse(exactDecimalPlusTinyDigit(overflow)), c.above_overflow_midpoint);
  if (floatFormat(t).has_sign) {
    EXPECT_EQ(parse(exactDecimal(negated(overflow))), negativeOf(t, c.at_overflow_midpoint));
  }
  const uint64_t n0 = c.smallest_normal;
  const Real tie = midpoint(decoded(t, n0), decoded(t, n0 + 1));
  EXPECT_EQ(parse(exactDecimal(tie)), n0);
  EXPECT_EQ(parse(exactDecimalPlusTinyDigit(tie)), n0 + 1);
}

INSTANTIATE_TEST_SUITE_P(FloatFormats, FloatFormatTest, testing::ValuesIn(formatCases()),
                         [](const testing::TestParamInfo<FormatCase>& info) {
                           return std::string(elementTypeName(info.param.type));
                         });

// --- Floats against the host ------------------------------------------------------------------------

// A random double with a random sign and 53-bit significand, of magnitude 2^min_exponent .. 2^max_exponent.
double randomDouble(std::mt19937_64& random, int min_exponent, int max_exponent) {
  const int exponent = min_exponent + static_cast<int>(random() % (max_exponent - min_exponent + 1));
  const double significand = 1.0 + static_cast<double>(random() >> 12) * 0x1p-52;
  return std::ldexp((random() & 1) ? -significand : significand, exponent);
}

TEST(FloatHostTest, F32EncodeMatchesHostConversionOfRandomDoubles) {
  std::mt19937_64 random(1);
  for (int i = 0; i < 100000; ++i) {
    const double value = randomDouble(random, -160, 139);  // subnormals, underflow and overflow included
    ASSERT_EQ(encodeDouble(ElementType::kF32, value), std::bit_cast<uint32_t>(static_cast<float>(value)))
        << std::hexfloat << value;
  }
}

TEST(FloatHostTest, F32EncodeMatchesHostOnTiesBetweenFloats) {
  std::mt19937_64 random(2);
  for (int i = 0; i < 50000; ++i) {
    const uint32_t low = static_cast<uint32_t>(random() % 0x7F7FFFFF);  // both neighbours finite
    const double tie = (static_cast<double>(std::bit_cast<float>(low)) +
                        static_cast<double>(std::bit_cast<float>(low + 1))) / 2;  // exact in double
    for (double value : {tie, std::nextafter(tie, 0.0), std::nextafter(tie, 1.0), -tie}) {
      ASSERT_EQ(encodeDouble(ElementType::kF32, value), std::bit_cast<uint32_t>(static_cast<float>(value)))
          << std::hexfloat << value;
    }
  }
}

TEST(FloatHostTest, F32DecodeMatchesHost) {
  std::mt19937_64 random(3);
  for (int i = 0; i < 100000; ++i) {
    const uint32_t bits = static_cast<uint32_t>(random());
    const float host = std::bit_cast<float>(bits);
    if (std::isnan(host)) continue;
    ASSERT_EQ(mpfr_get_d(decoded(ElementType::kF32, bits).get(), MPFR_RNDN), static_cast<double>(host))
        << bits;
  }
}

TEST(FloatHostTest, F64EncodeIsTheIdentityOnRandomDoubles) {
  std::mt19937_64 random(4);
  for (int i = 0; i < 100000; ++i) {
    const uint64_t bits = random();
    if (std::isnan(bitsToDouble(bits))) continue;
    ASSERT_EQ(encodeDouble(ElementType::kF64, bitsToDouble(bits)), bits);
    ASSERT_EQ(doubleToBits(bitsToDouble(bits)), bits);
  }
}

#ifdef __FLT16_MAX__
TEST(FloatHostTest, F16EncodeMatchesHostFloat16) {
  std::mt19937_64 random(5);
  for (int i = 0; i < 100000; ++i) {
    const double value = randomDouble(random, -30, 17);
    ASSERT_EQ(encodeDouble(ElementType::kF16, value), std::bit_cast<uint16_t>(static_cast<_Float16>(value)))
        << std::hexfloat << value;
  }
}
#endif

// --- Float literals ---------------------------------------------------------------------------------

uint64_t parseOrDie(ElementType t, std::string_view text) {
  const absl::StatusOr<uint64_t> bits = parseFloatLiteral(t, text);
  EXPECT_TRUE(bits.ok()) << text << ": " << bits.status();
  return bits.value_or(~uint64_t{0});
}

TEST(FloatLiteralTest, ParsesTiesToEvenAndOverflowPerFormat) {
  using T = ElementType;
  EXPECT_EQ(parseOrDie(T::kF64, "9007199254740993"), doubleToBits(0x1p53));  // 2^53 + 1: tie, to even
  EXPECT_EQ(parseOrDie(T::kF64, "9007199254740993.00000000000000000000000000001"), doubleToBits(0x1p53 + 2));
  EXPECT_EQ(parseOrDie(T::kF64, "9007199254740995"), doubleToBits(0x1p53 + 4));
  EXPECT_EQ(parseOrDie(T::kF32, "16777217"), std::bit_cast<uint32_t>(16777216.0f));
  EXPECT_EQ(parseOrDie(T::kF32, "0.1"), std::bit_cast<uint32_t>(0.1f));
  EXPECT_EQ(parseOrDie(T::kF64, "0.1"), doubleToBits(0.1));
  EXPECT_EQ(parseOrDie(T::kF8E4M3FN, "464"), 0x7Eu);  // tie at the top stays at 448 (even mantissa)
  EXPECT_EQ(parseOrDie(T::kF8E4M3FN, "464.001"), 0x7Fu);
  EXPECT_EQ(parseOrDie(T::kF8E4M3FN, "-465"), 0xFFu);
  EXPECT_EQ(parseOrDie(T::kF8E4M3FNUZ, "-1e10"), 0x80u);
  EXPECT_EQ(parseOrDie(T::kF8E4M3FNUZ, "-0.0"), 0x00u);
  EXPECT_EQ(parseOrDie(T::kF16, "65520"), 0x7C00u);
  EXPECT_EQ(parseOrDie(T::kF16, "65519.999"), 0x7BFFu);
  EXPECT_EQ(parseOrDie(T::kF4E2M1FN, "1.5"), 0x3u);
  EXPECT_EQ(parseOrDie(T::kF4E2M1FN, "1.25"), 0x2u);  // tie between 1.0 and 1.5
  EXPECT_EQ(parseOrDie(T::kF4E2M1FN, "1.75"), 0x4u);  // tie between 1.5 and 2.0
  EXPECT_EQ(parseOrDie(T::kF4E2M1FN, "1e100"), 0x7u);
  EXPECT_EQ(parseOrDie(T::kF4E2M1FN, "-7"), 0xFu);
  EXPECT_EQ(parseOrDie(T::kF8E8M0FNU, "1.5"), 0x80u);  // tie between 2^0 (0x7F) and 2^1 (0x80)
  EXPECT_EQ(parseOrDie(T::kF8E8M0FNU, "3"), 0x80u);    // tie between 2^1 (0x80) and 2^2 (0x81)
  EXPECT_EQ(parseOrDie(T::kF8E8M0FNU, "3.0001"), 0x81u);
  EXPECT_EQ(parseOrDie(T::kF8E8M0FNU, "0"), 0xFFu);
  EXPECT_EQ(parseOrDie(T::kF8E8M0FNU, "-1"), 0xFFu);
  EXPECT_EQ(parseOrDie(T::kF8E8M0FNU, "1e-300"), 0x00u);
  EXPECT_EQ(parseOrDie(T::kF8E8M0FNU, "1e300"), 0xFFu);
  // Decimal exponents far beyond MPFR's exponent range still round correctly.
  EXPECT_EQ(parseOrDie(T::kF32, "1e99999999999999999999"), 0x7F800000u);
  EXPECT_EQ(parseOrDie(T::kF32, "1e-99999999999999999999"), 0x0u);
  EXPECT_EQ(parseOrDie(T::kF32, "-1e-99999999999999999999"), 0x80000000u);
  EXPECT_EQ(parseOrDie(T::kF8E8M0FNU, "1e-99999999999999999999"), 0x00u);
}

TEST(FloatLiteralTest, AcceptsMlirDecimalSpellings) {
  using T = ElementType;
  EXPECT_EQ(parseOrDie(T::kF32, "1."), std::bit_cast<uint32_t>(1.0f));
  EXPECT_EQ(parseOrDie(T::kF32, "+1.0"), std::bit_cast<uint32_t>(1.0f));
  EXPECT_EQ(parseOrDie(T::kF32, "1E5"), std::bit_cast<uint32_t>(1e5f));
  EXPECT_EQ(parseOrDie(T::kF32, "2.5e-3"), std::bit_cast<uint32_t>(2.5e-3f));
  EXPECT_EQ(parseOrDie(T::kF32, "7"), std::bit_cast<uint32_t>(7.0f));
  EXPECT_EQ(parseOrDie(T::kF32, "-0.0"), 0x80000000u);
  EXPECT_EQ(parseOrDie(T::kF32, "0e0"), 0x0u);
  EXPECT_EQ(parseOrDie(T::kF32, "000123.4500e+1"), std::bit_cast<uint32_t>(1234.5f));
}

TEST(FloatLiteralTest, RejectsNonDecimalTextWithAnActionableMessage) {
  for (const char* text : {"", "-", "abc", "1.2.3", "inf", "-inf", "nan", "NaN", "0x7FC00000", "1e", "1e+",
                           "e5", "--1", ".5", "1.5f", " 1.0", "1.0 ", "1,5"}) {
    const absl::StatusOr<uint64_t> bits = parseFloatLiteral(ElementType::kF32, text);
    ASSERT_FALSE(bits.ok()) << text;
    EXPECT_EQ(bits.status().code(), absl::StatusCode::kInvalidArgument);
    EXPECT_NE(std::string(bits.status().message()).find("expected [-+]digits"), std::string::npos);
  }
  EXPECT_FALSE(parseFloatLiteral(ElementType::kSI32, "1.0").ok());
  EXPECT_FALSE(parseFloatLiteral(ElementType::kC64, "1.0").ok());
}

TEST(FloatLiteralTest, FormatsShortestTextWithADecimalPoint) {
  using T = ElementType;
  EXPECT_EQ(formatFloatLiteral(T::kF32, std::bit_cast<uint32_t>(0.1f)), "0.1");
  EXPECT_EQ(formatFloatLiteral(T::kF64, doubleToBits(0.1)), "0.1");
  EXPECT_EQ(formatFloatLiteral(T::kF64, doubleToBits(1.0)), "1.0");
  EXPECT_EQ(formatFloatLiteral(T::kF64, doubleToBits(-2.5)), "-2.5");
  EXPECT_EQ(formatFloatLiteral(T::kF64, doubleToBits(100.0)), "100.0");
  EXPECT_EQ(formatFloatLiteral(T::kF32, std::bit_cast<uint32_t>(1e10f)), "10000000000.0");
  EXPECT_EQ(formatFloatLiteral(T::kF64, doubleToBits(1e16)), "1.0e16");
  EXPECT_EQ(formatFloatLiteral(T::kF64, doubleToBits(1.5e-4)), "0.00015");
  EXPECT_EQ(formatFloatLiteral(T::kF64, doubleToBits(1.5e-5)), "1.5e-5");
  EXPECT_EQ(formatFloatLiteral(T::kF32, 0x1), "1.0e-45");
  EXPECT_EQ(formatFloatLiteral(T::kF64, 0x1), "5.0e-324");
  EXPECT_EQ(formatFloatLiteral(T::kF64, 0x7FEFFFFFFFFFFFFF), "1.7976931348623157e308");
  EXPECT_EQ(formatFloatLiteral(T::kF32, 0x0), "0.0");
  EXPECT_EQ(formatFloatLiteral(T::kF32, 0x80000000), "-0.0");
  // Shortest, not exact: 450 lies within 448's rounding interval (432, 464].
  EXPECT_EQ(formatFloatLiteral(T::kF8E4M3FN, 0x7E), "450.0");
  EXPECT_EQ(formatFloatLiteral(T::kF8E4M3FN, 0x01), "0.002");  // 2^-9 = 0.001953125
  EXPECT_EQ(formatFloatLiteral(T::kF16, 0x7BFF), "65500.0");  // as numpy prints float16 max
  EXPECT_EQ(formatFloatLiteral(T::kBF16, 0x3F80), "1.0");
  EXPECT_EQ(formatFloatLiteral(T::kF8E8M0FNU, 0x7F), "1.0");
  EXPECT_EQ(formatFloatLiteral(T::kF8E8M0FNU, 0xFE), "2.0e38");  // 2^127; 2e38 < 1.5 * 2^127
  EXPECT_EQ(formatFloatLiteral(T::kF4E2M1FN, 0xF), "-6.0");
  // Non-finite values are not decimals: the hex bits the caller would print.
  EXPECT_EQ(formatFloatLiteral(T::kF32, 0x7FC00000), "0x7FC00000");
  EXPECT_EQ(formatFloatLiteral(T::kF8E4M3FN, 0x7F), "0x7F");
}

TEST(FloatLiteralTest, RandomF32AndF64RoundTripThroughShortestText) {
  std::mt19937_64 random(6);
  for (int i = 0; i < 5000; ++i) {
    const uint64_t bits64 = random();
    const uint32_t bits32 = static_cast<uint32_t>(bits64 >> 13);
    if (std::isfinite(bitsToDouble(bits64))) {
      const std::string text = formatFloatLiteral(ElementType::kF64, bits64);
      ASSERT_EQ(parseOrDie(ElementType::kF64, text), bits64) << text;
      ASSERT_EQ(std::strtod(text.c_str(), nullptr), bitsToDouble(bits64)) << text;
    }
    if (std::isfinite(std::bit_cast<float>(bits32))) {
      const std::string text = formatFloatLiteral(ElementType::kF32, bits32);
      ASSERT_EQ(parseOrDie(ElementType::kF32, text), bits32) << text;
      ASSERT_EQ(std::strtof(text.c_str(), nullptr), std::bit_cast<float>(bits32)) << text;
    }
  }
}

// --- Integers ---------------------------------------------------------------------------------------

struct IntegerCase {
  ElementType type;
  int bits;
  int64_t min;
  uint64_t max;
};

TEST(IntegerTypeTest, RangesOfEveryIntegerType) {
  using T = ElementType;
  const std::vector<IntegerCase> cases = {
      {T::kI1, 1, 0, 1},
      {T::kSI2, 2, -2, 1}, {T::kSI4, 4, -8, 7}, {T::kSI8, 8, -128, 127}, {T::kSI16, 16, -32768, 32767},
      {T::kSI32, 32, -2147483648LL, 2147483647},
      {T::kSI64, 64, std::numeric_limits<int64_t>::min(), 0x7FFFFFFFFFFFFFFF},
      {T::kUI2, 2, 0, 3}, {T::kUI4, 4, 0, 15}, {T::kUI8, 8, 0, 255}, {T::kUI16, 16, 0, 65535},
      {T::kUI32, 32, 0, 4294967295}, {T::kUI64, 64, 0, ~uint64_t{0}},
      {T::kIndex, 64, std::numeric_limits<int64_t>::min(), 0x7FFFFFFFFFFFFFFF},
  };
  for (const IntegerCase& c : cases) {
    SCOPED_TRACE(elementTypeName(c.type));
    EXPECT_EQ(bitWidth(c.type), c.bits);
    EXPECT_EQ(minSignedValue(c.type), c.min);
    EXPECT_EQ(maxUnsignedValue(c.type), c.max);
    const uint64_t min_magnitude = c.min == 0 ? 0 : uint64_t{0} - static_cast<uint64_t>(c.min);
    EXPECT_TRUE(fitsInteger(c.type, false, c.max));
    EXPECT_TRUE(fitsInteger(c.type, false, 0));
    EXPECT_TRUE(fitsInteger(c.type, true, 0));  // "-0"
    if (c.max != ~uint64_t{0}) { EXPECT_FALSE(fitsInteger(c.type, false, c.max + 1)); }
    if (isSignedInteger(c.type)) {
      EXPECT_TRUE(fitsInteger(c.type, true, min_magnitude));
      if (c.bits < 64) { EXPECT_FALSE(fitsInteger(c.type, true, min_magnitude + 1)); }
      EXPECT_FALSE(fitsInteger(c.type, true, ~uint64_t{0}));
    } else if (!isBoolean(c.type)) {
      EXPECT_FALSE(fitsInteger(c.type, true, 1));
    }
    // Encode masks to the width; decode sign-extends signed types and zero-extends unsigned ones.
    const uint64_t mask = c.bits == 64 ? ~uint64_t{0} : (uint64_t{1} << c.bits) - 1;
    EXPECT_EQ(encodeInteger(c.type, -1), mask);
    EXPECT_EQ(decodeUnsignedInteger(c.type, ~uint64_t{0}), mask);
    EXPECT_EQ(decodeUnsignedInteger(c.type, encodeInteger(c.type, static_cast<int64_t>(c.max))), c.max);
    if (isSignedInteger(c.type)) {
      for (int64_t v : {c.min, c.min + 1, int64_t{-1}, int64_t{0}, int64_t{1}, static_cast<int64_t>(c.max)}) {
        EXPECT_EQ(decodeSignedInteger(c.type, encodeInteger(c.type, v)), v);
        EXPECT_EQ(encodeInteger(c.type, v) & ~mask, 0u);
      }
      EXPECT_EQ(decodeSignedInteger(c.type, mask), -1);  // all ones is -1
      EXPECT_EQ(decodeSignedInteger(c.type, ~mask | 1), 1);  // bits above the width are ignored
    } else {
      EXPECT_EQ(decodeSignedInteger(c.type, mask), static_cast<int64_t>(mask));  // zero-extended
    }
  }
}

TEST(IntegerTypeTest, BooleanI1AcceptsZeroOneAndMinusOne) {
  EXPECT_TRUE(fitsInteger(ElementType::kI1, false, 0));
  EXPECT_TRUE(fitsInteger(ElementType::kI1, false, 1));
  EXPECT_TRUE(fitsInteger(ElementType::kI1, true, 1));  // -1 is i1 "true" (all bits set)
  EXPECT_FALSE(fitsInteger(ElementType::kI1, false, 2));
  EXPECT_FALSE(fitsInteger(ElementType::kI1, true, 2));
  EXPECT_EQ(encodeInteger(ElementType::kI1, -1), 1u);
  EXPECT_EQ(encodeInteger(ElementType::kI1, 1), 1u);
  EXPECT_EQ(decodeSignedInteger(ElementType::kI1, 1), 1);
  EXPECT_EQ(decodeUnsignedInteger(ElementType::kI1, 0xFF), 1u);
}

TEST(IntegerTypeTest, NonIntegerTypesFitNothing) {
  EXPECT_FALSE(fitsInteger(ElementType::kF32, false, 0));
  EXPECT_FALSE(fitsInteger(ElementType::kC64, false, 1));
}

// --- Element types ----------------------------------------------------------------------------------

TEST(ElementTypeTest, EveryNameRoundTrips) {
  for (int i = 0; i < kNumElementTypes; ++i) {
    const auto t = static_cast<ElementType>(i);
    EXPECT_EQ(parseElementTypeName(elementTypeName(t)), t) << elementTypeName(t);
  }
}

TEST(ElementTypeTest, UsesMlirSpellings) {
  using T = ElementType;
  EXPECT_EQ(elementTypeName(T::kSI8), "i8");
  EXPECT_EQ(elementTypeName(T::kUI8), "ui8");
  EXPECT_EQ(elementTypeName(T::kI1), "i1");
  EXPECT_EQ(elementTypeName(T::kC64), "complex<f32>");
  EXPECT_EQ(elementTypeName(T::kF8E4M3B11FNUZ), "f8E4M3B11FNUZ");
  EXPECT_EQ(elementTypeName(T::kIndex), "index");
  EXPECT_EQ(parseElementTypeName("si8"), T::kSI8);
  EXPECT_EQ(parseElementTypeName("i8"), T::kSI8);
  EXPECT_EQ(parseElementTypeName("si2"), T::kSI2);
  EXPECT_EQ(parseElementTypeName("si64"), T::kSI64);
  EXPECT_EQ(parseElementTypeName("ui64"), T::kUI64);
  EXPECT_EQ(parseElementTypeName("complex<f64>"), T::kC128);
  EXPECT_EQ(parseElementTypeName("tf32"), T::kTF32);
  for (const char* bad : {"", "i3", "si1", "ui1", "i128", "f128", "F32", "f8e4m3fn", "complex<f16>",
                          "complex<i32>", "complex< f32>", "sindex", "bool", "f32 "}) {
    EXPECT_EQ(parseElementTypeName(bad), std::nullopt) << bad;
  }
}

TEST(ElementTypeTest, EachTypeIsInExactlyOneCategory) {
  for (int i = 0; i < kNumElementTypes; ++i) {
    const auto t = static_cast<ElementType>(i);
    const int categories =
        isBoolean(t) + isSignedInteger(t) + isUnsignedInteger(t) + isFloat(t) + isComplex(t);
    EXPECT_EQ(categories, 1) << elementTypeName(t);
    EXPECT_EQ(isInteger(t), isSignedInteger(t) || isUnsignedInteger(t));
  }
  EXPECT_TRUE(isFloat(ElementType::kTF32));
  EXPECT_TRUE(isSignedInteger(ElementType::kIndex));
  EXPECT_FALSE(isInteger(ElementType::kI1));
}

TEST(ElementTypeTest, WidthsAndStorage) {
  using T = ElementType;
  struct Row { T type; int bits; int bytes; };
  for (const Row& r : std::vector<Row>{
           {T::kI1, 1, 1}, {T::kSI2, 2, 1}, {T::kUI4, 4, 1}, {T::kSI8, 8, 1}, {T::kUI16, 16, 2},
           {T::kSI32, 32, 4}, {T::kUI64, 64, 8}, {T::kF4E2M1FN, 4, 1}, {T::kF6E2M3FN, 6, 1},
           {T::kF6E3M2FN, 6, 1}, {T::kF8E8M0FNU, 8, 1}, {T::kBF16, 16, 2}, {T::kF16, 16, 2},
           {T::kTF32, 19, 4}, {T::kF32, 32, 4}, {T::kF64, 64, 8}, {T::kC64, 64, 8}, {T::kC128, 128, 16},
           {T::kIndex, 64, 8}}) {
    EXPECT_EQ(bitWidth(r.type), r.bits) << elementTypeName(r.type);
    EXPECT_EQ(storageBytes(r.type), r.bytes) << elementTypeName(r.type);
  }
  EXPECT_EQ(complexPartType(T::kC64), T::kF32);
  EXPECT_EQ(complexPartType(T::kC128), T::kF64);
}

TEST(ElementTypeTest, FloatFormatTableMatchesEveryFloatType) {
  for (int i = 0; i < kNumElementTypes; ++i) {
    const auto t = static_cast<ElementType>(i);
    if (!isFloat(t)) continue;
    const FloatFormat& f = floatFormat(t);
    EXPECT_EQ(f.name, elementTypeName(t));
    EXPECT_EQ(f.total_bits, (f.has_sign ? 1 : 0) + f.exponent_bits + f.mantissa_bits);
    EXPECT_EQ(f.has_infinity, f.nan_encoding == NanEncoding::kIeee);
    EXPECT_EQ(f.has_negative_zero, f.has_sign && f.nan_encoding != NanEncoding::kNegativeZero);
  }
}

TEST(ElementTypeDeathTest, FloatFormatOfANonFloatTypeAborts) {
  EXPECT_DEATH(floatFormat(ElementType::kSI32), "floatFormat called with element type i32");
  EXPECT_DEATH(complexPartType(ElementType::kF32), "complexPartType");
}

}  // namespace
}  // namespace hloconf
