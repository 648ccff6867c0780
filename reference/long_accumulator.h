// An exact sum of doubles and of exact products of two doubles, without MPFR: a fixed-point "long
// accumulator" (Kulisch accumulator) wide enough for every finite product of two f64 values, subnormals
// included, rounded once to any float format at the end. docs/accumulation.md ("Exact sums without
// MPFR") has the design and the argument; tests/reference/long_accumulator_test.cc checks it against
// mpfr_sum.
//
// Layout. The exact finite part of the sum is  sum_i w[i] * 2^(32 i - 2148)  over kWords signed 64-bit
// words. Bit 0 weighs 2^-2148 = 2^-1074 * 2^-1074, the smallest product of two subnormal doubles; the
// largest product of two finite doubles is below 2^2048. Each add puts 32-bit digits of the term's
// integer significand into 3 (a double) or 5 (a product) adjacent words, adding or subtracting; carries
// are postponed ("lazy carry") until the words could overflow (after kNormalizeEvery adds) or the value is
// read. Reading normalises only the words between the lowest and highest one touched.
//
// Non-finite terms are counted apart (NaN, +inf, -inf); signed zeros follow IEEE addition of exact terms
// under round-to-nearest: the sum is -0 exactly when there is at least one term and every term is -0.
//
// Complex sums use two accumulators (re = sum ar br - ai bi, im = sum ar bi + ai br).
#ifndef HLOCONF_REFERENCE_LONG_ACCUMULATOR_H_
#define HLOCONF_REFERENCE_LONG_ACCUMULATOR_H_

#include <mpfr.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>

#include "ir/element_type.h"

namespace hloconf::ref {

class LongAccumulator {
 public:
  // Weight of bit 0 of word 0: 2^kLowestExponent.
  static constexpr int kLowestExponent = -2148;
  // Words 0..131 take the terms (a product reaches bit 4195 = 2047 + 2148, in word 131); the words above
  // take carries: the value of < 2^64 terms is below 2^(2048 + 64), in word 133 at most.
  static constexpr int kWords = 136;
  // One add changes a word by less than 2^32 (addDigits5), so |w[i]| < 2^32 + 2^29 * 2^32 < 2^63 between
  // normalisations.
  static constexpr uint64_t kNormalizeEvery = uint64_t{1} << 29;

  struct NonFiniteCounts {
    uint64_t nans = 0;
    uint64_t positive_infinities = 0;
    uint64_t negative_infinities = 0;
  };

  LongAccumulator() { words_.fill(0); }

  // Back to the empty sum (+0): clears only the words in use.
  void clear();

  // Adds x exactly (any double; NaN and infinities are counted).
  void add(double x) {
    const uint64_t u = std::bit_cast<uint64_t>(x);
    const uint32_t biased = static_cast<uint32_t>(u >> 52) & 0x7FF;
    if (biased == 0x7FF) [[unlikely]] {
      countNonFinite(x);
      return;
    }
    // x = m * 2^(max(biased, 1) - 1075) with m < 2^53 (a subnormal has no implicit bit).
    const uint64_t m = (u & kMantissaMask) | (uint64_t{biased != 0} << 52);
    const bool negative = (u >> 63) != 0;
    noteTerm(m == 0 && negative);
    // Bit position of m's bit 0 above 2^-2148: >= 1074, and the top bit 52 above it is below bit 3172.
    const int position = static_cast<int>(std::max(biased, 1u)) - 1075 - kLowestExponent;
    addDigits3(m, position, negative);
  }

  // Adds the exact product a * b (any doubles; inf * 0 and NaN operands count as NaN, inf * nonzero as an
  // infinity of the product's sign). Exact by integer arithmetic: a = ma 2^ea and b = mb 2^eb with
  // integer significands below 2^53, so a b = (ma mb) 2^(ea + eb) where ma mb < 2^106 is an exact 128-bit
  // product and ea + eb >= -2148 is bit 0's exponent or above. No floating-point operation is involved,
  // so subnormal, underflowing and overflowing (beyond DBL_MAX) products are all exact.
  void addProduct(double a, double b) {
    const uint64_t ua = std::bit_cast<uint64_t>(a);
    const uint64_t ub = std::bit_cast<uint64_t>(b);
    const uint32_t ba = static_cast<uint32_t>(ua >> 52) & 0x7FF;
    const uint32_t bb = static_cast<uint32_t>(ub >> 52) & 0x7FF;
    if (ba == 0x7FF || bb == 0x7FF) [[unlikely]] {
      countNonFinite(a * b);  // IEEE: NaN for NaN operands or inf * 0, else inf with the product's sign
      return;
    }
    const uint64_t ma = (ua & kMantissaMask) | (uint64_t{ba != 0} << 52);
    const uint64_t mb = (ub & kMantissaMask) | (uint64_t{bb != 0} << 52);
    const bool negative = ((ua ^ ub) >> 63) != 0;
    const unsigned __int128 m = static_cast<unsigned __int128>(ma) * mb;
    noteTerm(m == 0 && negative);
    // ea + eb - (-2148) in [0, 4090]; the top bit 105 above it is below bit 4196.
    const int position = static_cast<int>(std::max(ba, 1u) + std::max(bb, 1u)) - 2150 - kLowestExponent;
    addDigits5(m, position, negative);
  }

  const NonFiniteCounts& nonFinite() const { return non_finite_; }
  bool hasNonFinite() const {
    return (non_finite_.nans | non_finite_.positive_infinities | non_finite_.negative_infinities) != 0;
  }

  // The exact finite part (non-finite terms ignored): whether it is zero, and its sign (-1, 0, +1).
  // These and the readers below normalise the words in place; the value does not change.
  bool isZero() { return sign() == 0; }
  int sign();

  // The whole sum, exactly: NaN when a term is NaN or both infinities occur, else +-inf when one occurs,
  // else the finite part (a zero signed by the rule above). Sets out's precision to what that needs.
  void toMpfr(mpfr_t out);

  // The bits of the whole sum (as toMpfr defines it) rounded once, to nearest with ties to even, to the
  // float format t, with that format's subnormals, overflow rule and zero/NaN encodings (encodeFloat's
  // rules). Rounds directly from the words for finite, in-range results of signed formats with subnormals,
  // and through encodeFloat otherwise.
  uint64_t round(ElementType t);
  // The same bits, always through encodeFloat (the slower path, kept to test and measure `round`).
  uint64_t roundThroughEncoder(ElementType t);

 private:
  static constexpr uint64_t kMantissaMask = (uint64_t{1} << 52) - 1;
  static constexpr uint64_t kDigitMask = 0xFFFFFFFF;

  void noteTerm(bool negative_zero) {
    has_terms_ = true;
    not_all_negative_zero_ |= !negative_zero;
  }

  // Adds (or subtracts) d to word i without branching on the sign.
  void addSigned(int i, uint64_t d, uint64_t sign_mask) {
    words_[i] += static_cast<int64_t>((d ^ sign_mask) - sign_mask);
  }

  void touch(int first, int last) {
    lo_ = std::min(lo_, first);
    hi_ = std::max(hi_, last);
    if (++pending_ >= kNormalizeEvery) [[unlikely]] normalize();
  }

  // m < 2^53 at bit `position`: shifted by position % 32 < 32 it is below 2^85, three 32-bit digits.
  void addDigits3(uint64_t m, int position, bool negative) {
    const int i = position >> 5;
    const unsigned __int128 s = static_cast<unsigned __int128>(m) << (position & 31);
    const uint64_t sign_mask = negative ? ~uint64_t{0} : 0;
    addSigned(i, static_cast<uint64_t>(s) & kDigitMask, sign_mask);
    addSigned(i + 1, static_cast<uint64_t>(s >> 32) & kDigitMask, sign_mask);
    addSigned(i + 2, static_cast<uint64_t>(s >> 64), sign_mask);  // < 2^21
    touch(i, i + 2);
  }

  // m < 2^106 at bit `position`: its low 64 bits shifted (< 2^95) give digits 0-2, its high 42 bits
  // shifted (< 2^73) digits 2-4. Word i+2 gets (low >> 64) < 2^shift plus (high << shift) mod 2^32, a
  // multiple of 2^shift below 2^32: less than 2^32 together, like every other word.
  void addDigits5(unsigned __int128 m, int position, bool negative) {
    const int i = position >> 5;
    const int shift = position & 31;
    const unsigned __int128 low = static_cast<unsigned __int128>(static_cast<uint64_t>(m)) << shift;
    const unsigned __int128 high = static_cast<unsigned __int128>(static_cast<uint64_t>(m >> 64)) << shift;
    const uint64_t sign_mask = negative ? ~uint64_t{0} : 0;
    addSigned(i, static_cast<uint64_t>(low) & kDigitMask, sign_mask);
    addSigned(i + 1, static_cast<uint64_t>(low >> 32) & kDigitMask, sign_mask);
    addSigned(i + 2, static_cast<uint64_t>(low >> 64) + (static_cast<uint64_t>(high) & kDigitMask), sign_mask);
    addSigned(i + 3, static_cast<uint64_t>(high >> 32) & kDigitMask, sign_mask);
    addSigned(i + 4, static_cast<uint64_t>(high >> 64), sign_mask);  // < 2^9
    touch(i, i + 4);
  }

  void countNonFinite(double special);
  // Carries propagated: words lo_..hi_-1 in [0, 2^32), w[hi_] signed and nonzero (or the range empty).
  void normalize();
  // Sign-magnitude form of the normalised finite part: `digits` (indexed like words_, each < 2^32) on
  // lo..hi with digits[hi] != 0; false when the finite part is zero.
  bool magnitude(std::array<uint64_t, kWords>& digits, int& lo, int& hi, bool& negative);
  // The finite nonzero part rounded to odd at 64 bits: |sum| ~ significand * 2^exponent with the top bit
  // of significand set; its last bit is set when bits were dropped. (Round-to-odd at 64 >= p + 2 bits
  // followed by round-to-nearest to p bits equals one rounding to nearest: docs/accumulation.md.)
  bool roundToOdd64(uint64_t& significand, int& exponent, bool& negative);
  // Bits for NaN/inf sums (the non-finite rule) when there are non-finite terms.
  uint64_t roundNonFinite(ElementType t) const;
  bool zeroIsNegative() const { return has_terms_ && !not_all_negative_zero_; }

  std::array<int64_t, kWords> words_;
  int lo_ = kWords;  // lowest and highest word touched since the last clear (lo_ > hi_: none)
  int hi_ = -1;
  uint64_t pending_ = 0;  // adds since the last normalisation
  bool has_terms_ = false;
  bool not_all_negative_zero_ = false;
  NonFiniteCounts non_finite_;
};

}  // namespace hloconf::ref

#endif  // HLOCONF_REFERENCE_LONG_ACCUMULATOR_H_
