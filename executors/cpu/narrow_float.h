// f16 and bf16 on the CPU: widened exactly to f32 for computing, and rounded once, to nearest with ties
// to even, back to their format (docs/design/executors.md, "Numerics"). Plain integer code: clang 14 (the
// fuzz build) has no _Float16 on x86-64.
#ifndef HLOCONF_EXECUTORS_CPU_NARROW_FLOAT_H_
#define HLOCONF_EXECUTORS_CPU_NARROW_FLOAT_H_

#include <bit>
#include <cmath>
#include <cstdint>

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

}  // namespace hloconf::cpu

#endif  // HLOCONF_EXECUTORS_CPU_NARROW_FLOAT_H_
