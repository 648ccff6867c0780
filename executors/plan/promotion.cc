#include "executors/plan/promotion.h"

namespace hloconf::plan {

bool exactlyWidens(ElementType from, ElementType to) {
  if (from == to) return true;
  if (isSignedInteger(from) && isSignedInteger(to)) return bitWidth(from) <= bitWidth(to) && bitWidth(from) >= 8;
  if (isUnsignedInteger(from) && isUnsignedInteger(to)) return bitWidth(from) <= bitWidth(to) && bitWidth(from) >= 8;
  if (from == ElementType::kC64 && to == ElementType::kC128) return true;
  const bool half = from == ElementType::kF16 || from == ElementType::kBF16;
  return (half && (to == ElementType::kF32 || to == ElementType::kF64)) || (from == ElementType::kF32 && to == ElementType::kF64);
}

}  // namespace hloconf::plan
