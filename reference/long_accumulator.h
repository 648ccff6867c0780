// An exact sum of doubles and of exact products of two doubles, without MPFR: a fixed-point "long
// accumulator" (Kulisch accumulator) wide enough for every finite product of two f64 values, subnormals
// included, rounded once to any float format at the end. docs/accumulation.md ("Exact sums without
// MPFR") has the design and the argument; tests/reference/long_accumulator_test.cc checks it against
// mpfr_sum.
//
// Layout. The exact finite part of the sum is  sum_i (words[i] - negative_words[i]) * 2^(32 i - 2148)
// over kWords 64-bit words per bank. Bit 0 weighs 2^-2148 = 2^-1074 * 2^-1074, the smallest product of
// two subnormal doubles; the largest product of two finite doubles is below 2^2048. Each add puts the
// 32-bit digits of the term's integer significand into 3 (a double) or 5 (a product) adjacent words of
// the bank of its sign; carries are postponed ("lazy carry") until the words could overflow (after
// kNormalizeEvery adds) or the value is read. Reading normalises only the words between the lowest and
// highest one touched.
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
#include <cstddef>
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
  // One add raises a word by less than 2^32 (a digit), so between normalisations every word stays below
  // 2^32 + 2^29 * 2^32 < 2^63 in magnitude.
  static constexpr uint32_t kNormalizeEvery = uint32_t{1} << 29;

  struct NonFiniteCounts {
    uint64_t nans = 0;
    uint64_t positive_infinities = 0;
    uint64_t negative_infinities = 0;
  };

  LongAccumulator() {
    words_.fill(0);
    negative_words_.fill(0);
  }

  // Back to the empty sum (+0): clears only the words in use.
  void clear();

  // Adds x exactly (any double; NaN and infinities are counted).
  [[gnu::always_inline]] void add(double x) {
    uint64_t m = 0;
    int position = 0;
    bool negative = false;
    if (!decodeValue(x, m, position, negative)) [[unlikely]] {
      countNonFinite(x);
      return;
    }
    noteTerm(m, negative);
    const int i = addValueDigits(bank(negative), m, position);
    touch(i, i + 2);
  }

  // Adds the exact product a * b (any doubles; inf * 0 and NaN operands count as NaN, inf * nonzero as an
  // infinity of the product's sign). Exact by integer arithmetic: a = ma 2^ea and b = mb 2^eb with
  // integer significands below 2^53, so a b = (ma mb) 2^(ea + eb) where ma mb < 2^106 is an exact 128-bit
  // product and ea + eb >= -2148 is bit 0's exponent or above. No floating-point operation is involved,
  // so subnormal, underflowing and overflowing (beyond DBL_MAX) products are all exact.
  [[gnu::always_inline]] void addProduct(double a, double b) {
    unsigned __int128 m = 0;
    int position = 0;
    bool negative = false;
    if (!decodeProduct(a, b, m, position, negative)) [[unlikely]] {
      countNonFinite(a * b);  // IEEE: NaN for NaN operands or inf * 0, else inf with the product's sign
      return;
    }
    noteTerm(static_cast<uint64_t>(m) | static_cast<uint64_t>(m >> 64), negative);
    const int i = addProductDigits(bank(negative), m, position);
    touch(i, i + 4);
  }

  // The same over arrays, faster in a loop (the bookkeeping stays in registers): adds a[k * a_stride] *
  // b[k * b_stride] for k < n, and x[k * stride] for k < n.
  void addProducts(const double* a, std::ptrdiff_t a_stride, const double* b, std::ptrdiff_t b_stride, std::size_t n);
  void addValues(const double* x, std::ptrdiff_t stride, std::size_t n);

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

  // For the sign of a zero sum: whether there are terms, any nonzero one, and only negative ones.
  void noteTerm(uint64_t significand_bits, bool negative) {
    has_terms_ = true;
    any_nonzero_ |= significand_bits != 0;
    all_negative_ &= negative;
  }

  int64_t* bank(bool negative) { return negative ? negative_words_.data() : words_.data(); }

  // x = m 2^e with an integer m < 2^53 and e = max(biased exponent, 1) - 1075 >= -1074 (a subnormal has no
  // implicit bit); position = e + 2148, the bit of the words where m's bit 0 goes: in [1074, 3119], so m's
  // top bit stays below bit 3172. False for NaN and infinities.
  static bool decodeValue(double x, uint64_t& m, int& position, bool& negative) {
    const uint64_t u = std::bit_cast<uint64_t>(x);
    const uint32_t biased = static_cast<uint32_t>(u >> 52) & 0x7FF;
    m = (u & kMantissaMask) | (uint64_t{biased != 0} << 52);
    position = static_cast<int>(biased + (biased == 0)) - 1075 - kLowestExponent;
    negative = (u >> 63) != 0;
    return biased != 0x7FF;
  }

  // a b = (ma mb) 2^(ea + eb) with ma mb < 2^106 exact in 128 bits; position = ea + eb + 2148 in [0, 4090],
  // so the product's top bit stays below bit 4196. False when an operand is NaN or infinite.
  static bool decodeProduct(double a, double b, unsigned __int128& m, int& position, bool& negative) {
    const uint64_t ua = std::bit_cast<uint64_t>(a);
    const uint64_t ub = std::bit_cast<uint64_t>(b);
    const uint32_t ba = static_cast<uint32_t>(ua >> 52) & 0x7FF;
    const uint32_t bb = static_cast<uint32_t>(ub >> 52) & 0x7FF;
    const uint64_t ma = (ua & kMantissaMask) | (uint64_t{ba != 0} << 52);
    const uint64_t mb = (ub & kMantissaMask) | (uint64_t{bb != 0} << 52);
    m = static_cast<unsigned __int128>(ma) * mb;
    position = static_cast<int>(ba + (ba == 0) + bb + (bb == 0)) - 2150 - kLowestExponent;
    negative = ((ua ^ ub) >> 63) != 0;
    return ba != 0x7FF && bb != 0x7FF;
  }

  // m < 2^53 at bit `position`: m 2^(position mod 32) < 2^85 is three 32-bit digits, added to words i..i+2
  // (i = position / 32, returned). The shifts are 64-bit: (m >> 1) >> (63 - s) is m >> (64 - s), also for
  // s = 0.
  static int addValueDigits(int64_t* words, uint64_t m, int position) {
    const int i = position >> 5;
    const int s = position & 31;
    const uint64_t t0 = m << s;                // bits 0-63 of m 2^s
    const uint64_t t1 = (m >> 1) >> (63 - s);  // bits 64-84
    words[i] += static_cast<int64_t>(t0 & kDigitMask);
    words[i + 1] += static_cast<int64_t>(t0 >> 32);
    words[i + 2] += static_cast<int64_t>(t1);
    return i;
  }

  // m < 2^106 at bit `position`: m 2^(position mod 32) < 2^137 is five 32-bit digits (the top one below
  // 2^9), added to words i..i+4.
  static int addProductDigits(int64_t* words, unsigned __int128 m, int position) {
    const int i = position >> 5;
    const int s = position & 31;
    const uint64_t lo = static_cast<uint64_t>(m), hi = static_cast<uint64_t>(m >> 64);
    const uint64_t t0 = lo << s;                              // bits 0-63 of m 2^s
    const uint64_t t1 = (hi << s) | ((lo >> 1) >> (63 - s));  // bits 64-127
    const uint64_t t2 = (hi >> 1) >> (63 - s);                // bits 128-136
    words[i] += static_cast<int64_t>(t0 & kDigitMask);
    words[i + 1] += static_cast<int64_t>(t0 >> 32);
    words[i + 2] += static_cast<int64_t>(t1 & kDigitMask);
    words[i + 3] += static_cast<int64_t>(t1 >> 32);
    words[i + 4] += static_cast<int64_t>(t2);
    return i;
  }

  void touch(int first, int last) {
    lo_ = std::min(lo_, first);
    hi_ = std::max(hi_, last);
    if (++pending_ >= kNormalizeEvery) [[unlikely]] normalize();
  }

  // The bookkeeping of a run of addProducts/addValues.
  void noteRun(int lo, int hi, uint64_t any_bits, bool all_negative, std::size_t run);

  // Inline, so that no call in a loop of adds keeps lo_, hi_ and pending_ out of registers.
  void countNonFinite(double special) {
    has_terms_ = true;
    if (special != special) {
      ++non_finite_.nans;
    } else if (special > 0) {
      ++non_finite_.positive_infinities;
    } else {
      ++non_finite_.negative_infinities;
    }
  }
  // negative_words_ subtracted from words_ and zeroed, carries propagated: words_ lo_..hi_-1 in [0, 2^32),
  // words_[hi_] signed and nonzero (or the range empty).
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
  bool zeroIsNegative() const { return has_terms_ && !any_nonzero_ && all_negative_; }

  // The digits of positive terms, and of negative ones (subtracted when normalising; two banks instead of
  // a signed add save the negation per digit, and split the chain of updates of the same words).
  std::array<int64_t, kWords> words_;
  std::array<int64_t, kWords> negative_words_;
  int lo_ = kWords;  // lowest and highest word touched since the last clear (lo_ > hi_: none)
  int hi_ = -1;
  // Adds since the last normalisation. Not a 64-bit type: stores to the int64_t words cannot alias it, nor
  // lo_ and hi_, so a loop of adds keeps all three in registers.
  uint32_t pending_ = 0;
  bool has_terms_ = false;
  bool any_nonzero_ = false;  // a finite term with a nonzero significand
  bool all_negative_ = true;  // every finite term negative
  NonFiniteCounts non_finite_;
};

}  // namespace hloconf::ref

#endif  // HLOCONF_REFERENCE_LONG_ACCUMULATOR_H_
