// What compare and sort share: the ordering key of an element for each CompareKind, and a direction
// applied to two keys.
#ifndef HLOCONF_EXECUTORS_CPU_COMPARE_H_
#define HLOCONF_EXECUTORS_CPU_COMPARE_H_

#include <bit>
#include <cstdint>
#include <type_traits>

#include "executors/cpu/kernels.h"
#include "executors/cpu/narrow_float.h"
#include "executors/plan/elementwise_params.h"

namespace hloconf::cpu {

using plan::CompareDirection;
using plan::CompareKind;

// compare: the ordering key of an element for each CompareKind.
template <class E, CompareKind K>
inline auto compareKey(typename E::Storage s) {
  using S = typename E::Storage;
  if constexpr (K == CompareKind::kFloat || K == CompareKind::kSigned) {
    return E::load(s);  // SIGNED on an unsigned type compares values, as the reference does
  } else if constexpr (K == CompareKind::kUnsigned) {
    return static_cast<std::make_unsigned_t<S>>(s);  // the bit patterns (stored masked), as unsigned numbers
  } else {
    // IEEE 754 totalOrder: -NaN < -inf < ... < -0 < +0 < ... < +inf < +NaN, ordered by the encodings (the
    // sign bit is the format's top bit; f8E8M0FNU has none).
    using Bits = std::conditional_t<sizeof(S) == 1, uint8_t,
                 std::conditional_t<sizeof(S) == 2, uint16_t, std::conditional_t<sizeof(S) == 4, uint32_t, uint64_t>>>;
    const Bits bits = std::bit_cast<Bits>(s);
    if constexpr (requires { E::kFormat; }) {
      if constexpr (E::kFormat.nan == SmallNan::kE8M0) return static_cast<int64_t>(bits);
    }
    constexpr Bits kSign = static_cast<Bits>(Bits{1} << (E::kBits - 1));
    const int64_t magnitude = static_cast<int64_t>(bits & static_cast<Bits>(kSign - 1));
    return (bits & kSign) ? -magnitude - 1 : magnitude;
  }
}

template <CompareDirection D, class T>
inline bool decide(T a, T b) {
  // With a NaN every ordered comparison is false and NE is true, as IEEE compares do.
  if constexpr (D == CompareDirection::kEQ) return a == b;
  else if constexpr (D == CompareDirection::kNE) return a != b;
  else if constexpr (D == CompareDirection::kGE) return a >= b;
  else if constexpr (D == CompareDirection::kGT) return a > b;
  else if constexpr (D == CompareDirection::kLE) return a <= b;
  else return a < b;
}

}  // namespace hloconf::cpu

#endif  // HLOCONF_EXECUTORS_CPU_COMPARE_H_
