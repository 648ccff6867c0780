// f16 and bf16 on the CPU: widened exactly to f32 for computing, and rounded once, to nearest with ties
// to even, back to their format (docs/design/executors.md, "Numerics"). Plain integer code: clang 14 (the
// fuzz build) has no _Float16 on x86-64.
#ifndef HLOCONF_EXECUTORS_CPU_NARROW_FLOAT_H_
#define HLOCONF_EXECUTORS_CPU_NARROW_FLOAT_H_

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

namespace hloconf::cpu {

// Rounds `value` to the IEEE binary format with kExponentBits exponent and kMantissaBits stored mantissa
// bits, to nearest with ties to even, with subnormals and overflow to infinity; NaN keeps its sign and
// becomes the quiet NaN with no other payload bits. Every f32 value is a double exactly, so rounding an
// f32 result through here is a single rounding.
template <int kExponentBits, int kMantissaBits>
uint16_t roundToNarrowFloat(double value) {
  constexpr int kBias = (1 << (kExponentBits - 1)) - 1;
  constexpr uint32_t kExponentAllOnes = (1u << kExponentBits) - 1;
  const uint64_t bits = std::bit_cast<uint64_t>(value);
  const uint16_t sign = static_cast<uint16_t>((bits >> 63) << (kExponentBits + kMantissaBits));
  const int biased = static_cast<int>((bits >> 52) & 0x7FF);
  const uint64_t fraction = bits & ((uint64_t{1} << 52) - 1);
  if (biased == 0x7FF) {
    const uint32_t quiet = fraction != 0 ? (1u << (kMantissaBits - 1)) : 0;
    return static_cast<uint16_t>(sign | (kExponentAllOnes << kMantissaBits) | quiet);
  }
  if (biased == 0) return sign;  // zero or a double subnormal, far below half the smallest subnormal here
  const int exponent = biased - 1023;
  if (exponent + kBias >= static_cast<int>(kExponentAllOnes))
    return static_cast<uint16_t>(sign | (kExponentAllOnes << kMantissaBits));
  const uint64_t significand = (uint64_t{1} << 52) | fraction;
  // Bits dropped: the double's extra mantissa bits, plus the ones that fall below the subnormal range.
  const int min_exponent = 1 - kBias;
  int shift = 52 - kMantissaBits + (exponent < min_exponent ? min_exponent - exponent : 0);
  if (shift > 54) return sign;  // below half the smallest subnormal
  uint64_t kept = significand >> shift;
  const uint64_t dropped = significand & ((uint64_t{1} << shift) - 1);
  const uint64_t half = uint64_t{1} << (shift - 1);
  if (dropped > half || (dropped == half && (kept & 1))) ++kept;
  // A normal result carries its implicit bit in `kept`, which adds the 1 the biased exponent lacks; a
  // rounding carry moves into the exponent the same way, up to infinity's encoding.
  const uint64_t magnitude =
      exponent < min_exponent ? kept : (static_cast<uint64_t>(exponent + kBias - 1) << kMantissaBits) + kept;
  return static_cast<uint16_t>(sign | magnitude);
}

inline uint16_t roundToF16(double value) { return roundToNarrowFloat<5, 10>(value); }
inline uint16_t roundToBF16(double value) { return roundToNarrowFloat<8, 7>(value); }

inline float bf16ToFloat(uint16_t bits) { return std::bit_cast<float>(static_cast<uint32_t>(bits) << 16); }

inline float f16ToFloat(uint16_t bits) {
  const uint32_t sign = static_cast<uint32_t>(bits >> 15) << 31;
  const int exponent = (bits >> 10) & 0x1F;
  const uint32_t fraction = bits & 0x3FF;
  if (exponent == 0x1F) return std::bit_cast<float>(sign | 0x7F800000u | (fraction << 13));
  // Subnormals and normals alike: (implicit bit + fraction) * 2^(e - 25), exact in f32.
  const float magnitude = exponent == 0 ? std::ldexp(static_cast<float>(fraction), -24)
                                        : std::ldexp(static_cast<float>(1024 + fraction), exponent - 25);
  return sign ? -magnitude : magnitude;
}


// --- The 8-bit and smaller float formats (docs/element-types.md): computed in f32, rounded once here ------

// How a small format spends its encodings beyond finite values (docs/element-types.md).
enum class SmallNan : uint8_t {
  kIeee,          // exponent all ones: infinity (mantissa 0) or NaN
  kAllOnes,       // "FN": only S.1111.111 is NaN; no infinity; overflow gives NaN with the sign kept
  kNegativeZero,  // "FNUZ": 0x80 is the only NaN; no -0, no infinity; overflow gives NaN
  kNone,          // no NaN, no infinity (f4, f6): overflow and infinities saturate, NaN gives +0
  kE8M0,          // f8E8M0FNU: unsigned powers of two, 0xFF is NaN; no zero (below 2^-127 saturates)
};

struct SmallFormat {
  int total_bits;
  int exponent_bits;
  int mantissa_bits;
  int bias;
  SmallNan nan;
};

inline constexpr SmallFormat kF4E2M1FN{4, 2, 1, 1, SmallNan::kNone};
inline constexpr SmallFormat kF6E2M3FN{6, 2, 3, 1, SmallNan::kNone};
inline constexpr SmallFormat kF6E3M2FN{6, 3, 2, 3, SmallNan::kNone};
inline constexpr SmallFormat kF8E3M4{8, 3, 4, 3, SmallNan::kIeee};
inline constexpr SmallFormat kF8E4M3{8, 4, 3, 7, SmallNan::kIeee};
inline constexpr SmallFormat kF8E4M3FN{8, 4, 3, 7, SmallNan::kAllOnes};
inline constexpr SmallFormat kF8E4M3FNUZ{8, 4, 3, 8, SmallNan::kNegativeZero};
inline constexpr SmallFormat kF8E4M3B11FNUZ{8, 4, 3, 11, SmallNan::kNegativeZero};
inline constexpr SmallFormat kF8E5M2{8, 5, 2, 15, SmallNan::kIeee};
inline constexpr SmallFormat kF8E5M2FNUZ{8, 5, 2, 16, SmallNan::kNegativeZero};
inline constexpr SmallFormat kF8E8M0FNU{8, 8, 0, 127, SmallNan::kE8M0};

// The encoding's constants.
template <const SmallFormat& F>
struct SmallFormatBits {
  static constexpr bool kHasSign = F.nan != SmallNan::kE8M0;
  static constexpr uint32_t kSign = kHasSign ? 1u << (F.total_bits - 1) : 0;
  static constexpr uint32_t kExponentOnes = (1u << F.exponent_bits) - 1;
  static constexpr uint32_t kMantissaOnes = (1u << F.mantissa_bits) - 1;
  // The largest finite magnitude's encoding.
  static constexpr uint32_t kMaxMagnitude = F.nan == SmallNan::kIeee      ? ((kExponentOnes - 1) << F.mantissa_bits) | kMantissaOnes
                                            : F.nan == SmallNan::kAllOnes ? (kExponentOnes << F.mantissa_bits) | (kMantissaOnes - 1)
                                            : F.nan == SmallNan::kE8M0    ? 0xFEu
                                                                          : (kExponentOnes << F.mantissa_bits) | kMantissaOnes;
  static constexpr uint32_t nan(uint32_t sign) {
    switch (F.nan) {
      case SmallNan::kIeee: return sign | (kExponentOnes << F.mantissa_bits) | ((1u << F.mantissa_bits) >> 1);
      case SmallNan::kAllOnes: return sign | (kExponentOnes << F.mantissa_bits) | kMantissaOnes;
      case SmallNan::kNegativeZero: return kSign;
      case SmallNan::kNone: return 0;
      case SmallNan::kE8M0: return 0xFFu;
    }
    return 0;
  }
  // What a magnitude beyond the largest finite value (or an infinity) becomes.
  static constexpr uint32_t overflow(uint32_t sign) {
    if (F.nan == SmallNan::kIeee) return sign | (kExponentOnes << F.mantissa_bits);
    if (F.nan == SmallNan::kNone) return sign | kMaxMagnitude;
    return nan(sign);
  }
};

// Rounds `value` once, to nearest with ties to even, to format F, with the format's subnormals, overflow,
// NaN and zero rules (docs/element-types.md, "Rounding and overflow choices"; the same results as
// ir/element_type's exact encodeFloat, checked on every pattern's neighbourhood by the tests).
template <const SmallFormat& F>
uint8_t roundToSmallFloat(double value) {
  using B = SmallFormatBits<F>;
  constexpr int kM = F.mantissa_bits;
  const uint64_t bits = std::bit_cast<uint64_t>(value);
  const bool negative = (bits >> 63) != 0;
  const int biased = static_cast<int>((bits >> 52) & 0x7FF);
  const uint64_t fraction = bits & ((uint64_t{1} << 52) - 1);
  const uint32_t sign = negative ? B::kSign : 0;
  if (biased == 0x7FF) return static_cast<uint8_t>(fraction != 0 ? B::nan(sign) : B::overflow(sign));
  if constexpr (F.nan == SmallNan::kE8M0) {
    // No sign and no zero: zero and negative values are NaN; positive values below 2^-127 saturate to it.
    if (negative || (biased == 0 && fraction == 0)) return 0xFF;
    const int exponent = biased - 1023;
    if (exponent < -127) return 0x00;
    int encoding = exponent + 127;
    const uint64_t half = uint64_t{1} << 51;
    if (fraction > half || (fraction == half && (encoding & 1))) ++encoding;  // a tie goes to the even encoding
    return static_cast<uint8_t>(encoding > 0xFE ? 0xFF : encoding);
  } else {
    const uint32_t zero = F.nan == SmallNan::kNegativeZero ? 0 : sign;  // FNUZ formats have no -0
    if (biased == 0) return static_cast<uint8_t>(zero);  // a double subnormal: far below every subnormal here
    const int exponent = biased - 1023;
    const uint64_t significand = (uint64_t{1} << 52) | fraction;
    constexpr int kMinExponent = 1 - F.bias;
    const int shift = 52 - kM + (exponent < kMinExponent ? kMinExponent - exponent : 0);
    if (shift > 53) return static_cast<uint8_t>(zero);  // below half the smallest subnormal
    uint64_t kept = significand >> shift;
    const uint64_t dropped = significand & ((uint64_t{1} << shift) - 1);
    const uint64_t half = uint64_t{1} << (shift - 1);
    if (dropped > half || (dropped == half && (kept & 1))) ++kept;
    // A normal result carries its implicit bit in `kept`, which adds the 1 the biased exponent lacks; a
    // rounding carry moves into the exponent the same way.
    const uint64_t magnitude =
        exponent < kMinExponent ? kept : (static_cast<uint64_t>(exponent + F.bias - 1) << kM) + kept;
    if (magnitude > B::kMaxMagnitude) return static_cast<uint8_t>(B::overflow(sign));
    if (magnitude == 0) return static_cast<uint8_t>(zero);
    return static_cast<uint8_t>(sign | magnitude);
  }
}

// The value of every encoding of format F as an f32 (exact: every small format's values are f32 values),
// NaN encodings as a quiet NaN of their sign.
template <const SmallFormat& F>
const float* smallFloatTable() {
  static const auto* table = [] {
    using B = SmallFormatBits<F>;
    auto* t = new float[1u << F.total_bits];
    for (uint32_t b = 0; b < (1u << F.total_bits); ++b) {
      const bool negative = (b & B::kSign) != 0;
      const uint32_t magnitude = b & ~B::kSign;
      const uint32_t e = magnitude >> F.mantissa_bits, m = magnitude & B::kMantissaOnes;
      const bool is_nan = (F.nan == SmallNan::kIeee && e == B::kExponentOnes && m != 0) ||
                          (F.nan == SmallNan::kAllOnes && e == B::kExponentOnes && m == B::kMantissaOnes) ||
                          (F.nan == SmallNan::kNegativeZero && b == B::kSign) || (F.nan == SmallNan::kE8M0 && b == 0xFF);
      float v;
      if (is_nan) {
        v = std::numeric_limits<float>::quiet_NaN();
      } else if (F.nan == SmallNan::kIeee && e == B::kExponentOnes) {
        v = std::numeric_limits<float>::infinity();
      } else if (F.nan == SmallNan::kE8M0) {
        v = std::ldexp(1.0f, static_cast<int>(b) - 127);
      } else if (e == 0) {
        v = std::ldexp(static_cast<float>(m), 1 - F.bias - F.mantissa_bits);
      } else {
        v = std::ldexp(static_cast<float>((1u << F.mantissa_bits) + m), static_cast<int>(e) - F.bias - F.mantissa_bits);
      }
      t[b] = negative ? -v : v;
    }
    return t;
  }();
  return table;
}

}  // namespace hloconf::cpu

#endif  // HLOCONF_EXECUTORS_CPU_NARROW_FLOAT_H_
