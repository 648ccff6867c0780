// The long accumulator's normalisation, export and rounding: see long_accumulator.h and
// docs/accumulation.md ("Exact sums without MPFR").
#include "reference/long_accumulator.h"

#include <gmp.h>

#include <cmath>

#include "ir/numerics_base.h"

namespace hloconf::ref {

namespace {

// Carries of words[lo..hi] propagated upward (arithmetic shifts: floor division by 2^32), so that
// words lo..hi-1 lie in [0, 2^32) and the top word, which carries the sign, in [-2^32, 2^32); then the
// range is trimmed to its nonzero ends (lo > hi when the value is zero). The value is unchanged: each step
// moves carry * 2^32 from word i to carry * 1 in word i+1. Words above hi are zero on entry.
void propagateCarries(int64_t* words, int& lo, int& hi, int word_count) {
  if (lo > hi) return;
  for (int i = lo; i < hi; ++i) {
    const int64_t carry = words[i] >> 32;
    words[i] -= carry * (int64_t{1} << 32);
    words[i + 1] += carry;
  }
  // The top word may still exceed a digit; split it upward until it fits (the value's bound keeps hi
  // below word_count: see kWords).
  for (int64_t carry = words[hi] >> 32; carry != 0 && carry != -1; carry = words[hi] >> 32) {
    words[hi] -= carry * (int64_t{1} << 32);
    if (hi + 1 >= word_count) std::abort();  // more than 2^64 terms: outside the documented range
    words[++hi] += carry;
    // words[hi - 1] is now in [0, 2^32).
  }
  while (hi >= lo && words[hi] == 0) --hi;
  while (lo <= hi && words[lo] == 0) ++lo;
  if (lo > hi) {
    lo = word_count;
    hi = -1;
  }
}

}  // namespace

void LongAccumulator::clear() {
  if (lo_ <= hi_) {
    std::fill(words_.begin() + lo_, words_.begin() + hi_ + 1, 0);
    std::fill(negative_words_.begin() + lo_, negative_words_.begin() + hi_ + 1, 0);
  }
  lo_ = kWords;
  hi_ = -1;
  pending_ = 0;
  has_terms_ = false;
  any_nonzero_ = false;
  all_negative_ = true;
  non_finite_ = NonFiniteCounts{};
}

// The loops keep the touched range and the zero-sign flags in locals, and split the terms into runs that
// end where pending_ reaches kNormalizeEvery, so that no normalisation is missed.
void LongAccumulator::addProducts(const double* a, std::ptrdiff_t a_stride, const double* b, std::ptrdiff_t b_stride,
                                  std::size_t n) {
  while (n > 0) {
    const std::size_t run = std::min<std::size_t>(n, kNormalizeEvery - pending_);
    int lo = lo_, hi = hi_;
    uint64_t any_bits = 0;
    bool all_negative = true;
    for (std::size_t k = 0; k < run; ++k, a += a_stride, b += b_stride) {
      unsigned __int128 m = 0;
      int position = 0;
      bool negative = false;
      if (!decodeProduct(*a, *b, m, position, negative)) [[unlikely]] {
        countNonFinite(*a * *b);
        continue;
      }
      any_bits |= static_cast<uint64_t>(m) | static_cast<uint64_t>(m >> 64);
      all_negative &= negative;
      const int i = addProductDigits(bank(negative), m, position);
      lo = std::min(lo, i);
      hi = std::max(hi, i + 4);
    }
    noteRun(lo, hi, any_bits, all_negative, run);
    n -= run;
  }
}

void LongAccumulator::addValues(const double* x, std::ptrdiff_t stride, std::size_t n) {
  while (n > 0) {
    const std::size_t run = std::min<std::size_t>(n, kNormalizeEvery - pending_);
    int lo = lo_, hi = hi_;
    uint64_t any_bits = 0;
    bool all_negative = true;
    for (std::size_t k = 0; k < run; ++k, x += stride) {
      uint64_t m = 0;
      int position = 0;
      bool negative = false;
      if (!decodeValue(*x, m, position, negative)) [[unlikely]] {
        countNonFinite(*x);
        continue;
      }
      any_bits |= m;
      all_negative &= negative;
      const int i = addValueDigits(bank(negative), m, position);
      lo = std::min(lo, i);
      hi = std::max(hi, i + 2);
    }
    noteRun(lo, hi, any_bits, all_negative, run);
    n -= run;
  }
}

void LongAccumulator::noteRun(int lo, int hi, uint64_t any_bits, bool all_negative, std::size_t run) {
  lo_ = lo;
  hi_ = hi;
  has_terms_ = true;
  any_nonzero_ |= any_bits != 0;
  all_negative_ &= all_negative;
  pending_ += static_cast<uint32_t>(run);
  if (pending_ >= kNormalizeEvery) normalize();
}

void LongAccumulator::normalize() {
  for (int i = lo_; i <= hi_; ++i) {
    words_[i] -= negative_words_[i];
    negative_words_[i] = 0;
  }
  propagateCarries(words_.data(), lo_, hi_, kWords);
  pending_ = 0;
}

int LongAccumulator::sign() {
  normalize();
  if (lo_ > hi_) return 0;
  return words_[hi_] < 0 ? -1 : 1;  // the lower words are nonnegative digits below the top word's weight
}

bool LongAccumulator::magnitude(std::array<uint64_t, kWords>& digits, int& lo, int& hi, bool& negative) {
  normalize();
  if (lo_ > hi_) return false;
  negative = words_[hi_] < 0;
  lo = lo_;
  hi = hi_;
  if (!negative) {
    for (int i = lo; i <= hi; ++i) digits[i] = static_cast<uint64_t>(words_[i]);
    return true;
  }
  // -value: the words negated, carries propagated again (the result is positive, so every word ends up a
  // digit in [0, 2^32) and the top one nonzero).
  std::array<int64_t, kWords> negated;
  for (int i = lo; i <= hi; ++i) negated[i] = -words_[i];
  for (int i = hi + 1; i < kWords; ++i) negated[i] = 0;
  propagateCarries(negated.data(), lo, hi, kWords);
  for (int i = lo; i <= hi; ++i) digits[i] = static_cast<uint64_t>(negated[i]);
  return true;
}

bool LongAccumulator::roundToOdd64(uint64_t& significand, int& exponent, bool& negative) {
  std::array<uint64_t, kWords> digits;
  int lo = 0, hi = 0;
  if (!magnitude(digits, lo, hi, negative)) return false;
  // The top three digits (missing ones below lo are 0) hold at least 65 significant bits, since the top
  // digit is nonzero: take the 64 below and including the leading one, and fold the rest into a sticky bit.
  auto digit = [&](int i) { return i >= lo ? digits[i] : 0; };
  const unsigned __int128 top = (static_cast<unsigned __int128>(digits[hi]) << 64) |
                                (static_cast<unsigned __int128>(digit(hi - 1)) << 32) | digit(hi - 2);
  const int leading_zeros = std::countl_zero(static_cast<uint32_t>(digits[hi]));
  const int dropped = 32 - leading_zeros;  // bits of `top` below the 64 kept: 1..32
  significand = static_cast<uint64_t>(top >> dropped);
  bool sticky = (top & ((static_cast<unsigned __int128>(1) << dropped) - 1)) != 0;
  for (int i = lo; i < hi - 2 && !sticky; ++i) sticky = digits[i] != 0;
  significand |= sticky ? 1 : 0;
  exponent = 32 * (hi - 2) + dropped + kLowestExponent;  // weight of significand's bit 0
  return true;
}

uint64_t LongAccumulator::roundNonFinite(ElementType t) const {
  MpFloat special(2);
  if (non_finite_.nans != 0 || (non_finite_.positive_infinities != 0 && non_finite_.negative_infinities != 0)) {
    mpfr_set_nan(special);
  } else {
    mpfr_set_inf(special, non_finite_.positive_infinities != 0 ? 1 : -1);
  }
  return encodeFloat(t, special);
}

void LongAccumulator::toMpfr(mpfr_t out) {
  if (hasNonFinite()) {
    if (non_finite_.nans != 0 || (non_finite_.positive_infinities != 0 && non_finite_.negative_infinities != 0)) {
      mpfr_set_nan(out);
    } else {
      mpfr_set_inf(out, non_finite_.positive_infinities != 0 ? 1 : -1);
    }
    return;
  }
  std::array<uint64_t, kWords> digits;
  int lo = 0, hi = 0;
  bool negative = false;
  if (!magnitude(digits, lo, hi, negative)) {
    mpfr_set_zero(out, zeroIsNegative() ? -1 : 1);
    return;
  }
  std::array<uint32_t, kWords> packed;
  for (int i = lo; i <= hi; ++i) packed[i - lo] = static_cast<uint32_t>(digits[i]);
  mpz_t z;
  mpz_init(z);
  mpz_import(z, hi - lo + 1, -1, sizeof(uint32_t), 0, 0, packed.data());  // least significant digit first
  // Precision: every bit from the leading one down to bit 0 of digit lo.
  const mpfr_prec_t bits = static_cast<mpfr_prec_t>(mpz_sizeinbase(z, 2));
  mpfr_set_prec(out, std::max<mpfr_prec_t>(bits, MPFR_PREC_MIN));
  const int inexact = mpfr_set_z_2exp(out, z, 32 * lo + kLowestExponent, MPFR_RNDN);
  mpz_clear(z);
  if (inexact != 0) std::abort();  // cannot happen: the precision holds every bit
  if (negative) mpfr_neg(out, out, MPFR_RNDN);
}

uint64_t LongAccumulator::roundThroughEncoder(ElementType t) {
  if (hasNonFinite()) return roundNonFinite(t);
  MpFloat value(64);
  uint64_t significand = 0;
  int exponent = 0;
  bool negative = false;
  if (!roundToOdd64(significand, exponent, negative)) {
    mpfr_set_zero(value, zeroIsNegative() ? -1 : 1);
  } else {
    mpfr_set_uj_2exp(value, significand, exponent, MPFR_RNDN);  // exact: 64 bits at precision 64
    if (negative) mpfr_neg(value, value, MPFR_RNDN);
  }
  return encodeFloat(t, value);
}

uint64_t LongAccumulator::round(ElementType t) {
  const FloatFormat& f = floatFormat(t);
  // The direct path covers signed formats with subnormals (all but f8E8M0FNU) for finite results that
  // round to a nonzero finite value; everything else (non-finite terms, zero, underflow to zero, overflow,
  // E8M0) takes encodeFloat, which owns those encodings.
  if (hasNonFinite() || !f.has_sign || !f.has_subnormals) return roundThroughEncoder(t);
  uint64_t significand = 0;
  int exponent = 0;
  bool negative = false;
  if (!roundToOdd64(significand, exponent, negative)) {
    if (f.has_negative_zero) return zeroIsNegative() ? uint64_t{1} << (f.total_bits - 1) : 0;
    return roundThroughEncoder(t);
  }
  // Round significand * 2^exponent (64 bits, rounded to odd) to nearest-even on the format's grid, as
  // encodeFloat's roundMagnitude does for an exact value; equal by the round-to-odd property, since the
  // grid step is at least 2^11 times 2^exponent (p <= 53 < 64 - 1).
  const uint64_t largest = largestFinite(t);  // magnitude bits of the largest finite value
  const int max_exponent = static_cast<int>(largest >> f.mantissa_bits) - f.bias;
  const int min_normal = 1 - f.bias;
  const int binade = exponent + 63;  // 2^binade <= |value| < 2^(binade+1)
  if (binade > max_exponent) return roundThroughEncoder(t);
  const int step = std::max(binade, min_normal) - f.mantissa_bits;  // the grid is 2^step
  const int dropped = step - exponent;                               // >= 11
  if (dropped > 64) return roundThroughEncoder(t);  // below half the smallest subnormal: rounds to zero
  const uint64_t steps = dropped == 64 ? 0 : significand >> dropped;
  const bool half = ((significand >> (dropped - 1)) & 1) != 0;
  const bool below_half = (significand & ((uint64_t{1} << (dropped - 1)) - 1)) != 0;
  // Normal: steps carries the implicit bit into the exponent field; subnormal: the exponent field is 0.
  const uint64_t truncated =
      binade >= min_normal ? (static_cast<uint64_t>(binade + f.bias - 1) << f.mantissa_bits) + steps : steps;
  const uint64_t rounded = truncated + ((half && (below_half || (truncated & 1) != 0)) ? 1 : 0);
  if (rounded == 0 || rounded > largest) return roundThroughEncoder(t);
  return (negative ? uint64_t{1} << (f.total_bits - 1) : 0) | rounded;
}

}  // namespace hloconf::ref
