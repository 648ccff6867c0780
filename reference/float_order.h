// Orders of float encodings shared by kernels: compare's TOTALORDER and chlo.top_k.
#ifndef HLOCONF_REFERENCE_FLOAT_ORDER_H_
#define HLOCONF_REFERENCE_FLOAT_ORDER_H_

#include <cstdint>

#include "ir/element_type.h"

namespace hloconf::ref {

// IEEE 754 totalOrder position: -NaN < -inf < ... < -0 < +0 < ... < +inf < +NaN (on the encodings).
inline int64_t totalOrderKey(ElementType t, uint64_t bits) {
  const FloatFormat& f = floatFormat(t);
  if (!f.has_sign) return static_cast<int64_t>(bits);
  const uint64_t sign_bit = uint64_t{1} << (f.total_bits - 1);
  const int64_t magnitude = static_cast<int64_t>(bits & (sign_bit - 1));
  return (bits & sign_bit) ? -magnitude - 1 : magnitude;
}

}  // namespace hloconf::ref

#endif  // HLOCONF_REFERENCE_FLOAT_ORDER_H_
