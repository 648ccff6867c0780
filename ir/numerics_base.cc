#include "ir/numerics_base.h"

#include "ir/attribute.h"
#include "ir/index_space.h"
#include "ir/strings.h"

namespace hloconf {

int formatPrecision(ElementType t) { return floatFormat(t).mantissa_bits + 1; }

std::optional<int64_t> floatOrdinal(ElementType t, uint64_t bits) {
  const FloatFormat& f = floatFormat(t);
  if (classifyFloat(t, bits) == FloatClass::kNaN) return std::nullopt;
  if (!f.has_sign) return static_cast<int64_t>(bits);
  const uint64_t sign_bit = uint64_t{1} << (f.total_bits - 1);
  const int64_t magnitude = static_cast<int64_t>(bits & (sign_bit - 1));
  return (bits & sign_bit) ? -magnitude : magnitude;
}

std::optional<uint64_t> ulpDistance(ElementType t, uint64_t a, uint64_t b) {
  const auto oa = floatOrdinal(t, a);
  const auto ob = floatOrdinal(t, b);
  if (!oa && !ob) return 0;
  if (!oa || !ob) return std::nullopt;
  // The difference of two ordinals can exceed int64 (f64: up to 2^64 - 2); take it modulo 2^64, unsigned.
  const uint64_t ua = static_cast<uint64_t>(*oa), ub = static_cast<uint64_t>(*ob);
  return *oa > *ob ? ua - ub : ub - ua;
}

uint64_t integerMask(ElementType t) {
  const int width = bitWidth(t);
  return width >= 64 ? ~uint64_t{0} : (uint64_t{1} << width) - 1;
}

__int128 integerValue(ElementType t, uint64_t bits) {
  if (isBoolean(t)) return bits & 1;
  if (isSignedInteger(t)) return decodeSignedInteger(t, bits);
  return decodeUnsignedInteger(t, bits);
}

uint64_t wrapInteger(ElementType t, __int128 value) {
  return static_cast<uint64_t>(static_cast<unsigned __int128>(value)) & integerMask(t);
}

uint64_t integerToFloat(ElementType t, __int128 value) {
  // value = high * 2^64 + low with low unsigned (arithmetic shift), exact at 192 bits.
  MpFloat v(192), low(64);
  mpfr_set_sj(v, static_cast<intmax_t>(value >> 64), MPFR_RNDN);
  mpfr_mul_2ui(v, v, 64, MPFR_RNDN);
  mpfr_set_uj(low, static_cast<uintmax_t>(static_cast<uint64_t>(value)), MPFR_RNDN);
  mpfr_add(v, v, low, MPFR_RNDN);
  return encodeFloat(t, v);
}

bool integerInRange(ElementType t, __int128 value) {
  if (isBoolean(t)) return value == 0 || value == 1;
  if (isSignedInteger(t)) {
    return value >= static_cast<__int128>(minSignedValue(t)) && value <= static_cast<__int128>(maxUnsignedValue(t));
  }
  return value >= 0 && value <= static_cast<__int128>(maxUnsignedValue(t));
}

std::string elementToString(const Tensor& tensor, int64_t index) {
  const ElementType t = tensor.elementType();
  return elementLiteral(t, tensor.bits(index, 0), isComplex(t) ? tensor.bits(index, 1) : 0);
}

std::string indexToString(const std::vector<int64_t>& shape, int64_t index) {
  const std::vector<int64_t> idx = unravelIndex(index, shape);
  std::string text = "[";
  for (size_t d = 0; d < idx.size(); ++d) strAppend(&text, d ? ", " : "", idx[d]);
  return text + "]";
}

}  // namespace hloconf
