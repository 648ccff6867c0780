#include "ir/byte_size.h"

#include <limits>

#include "ir/element_type.h"

namespace hloconf {

std::optional<uint64_t> parseByteSize(std::string_view text) {
  uint64_t value = 0;
  size_t digits = 0;
  for (; digits < text.size() && text[digits] >= '0' && text[digits] <= '9'; ++digits) {
    if (__builtin_mul_overflow(value, 10, &value) || __builtin_add_overflow(value, static_cast<uint64_t>(text[digits] - '0'), &value))
      return std::nullopt;
  }
  if (digits == 0 || text.size() > digits + 1) return std::nullopt;
  int shift = 0;
  if (text.size() == digits + 1) {
    switch (text[digits]) {
      case 'K':
      case 'k':
        shift = 10;
        break;
      case 'M':
      case 'm':
        shift = 20;
        break;
      case 'G':
      case 'g':
        shift = 30;
        break;
      case 'T':
      case 't':
        shift = 40;
        break;
      default:
        return std::nullopt;
    }
  }
  if (value > kMaxByteSize >> shift) return std::nullopt;
  return value << shift;
}

std::optional<int64_t> dataByteSize(const Type& type) {
  if (type.kind() == Type::Kind::kToken) return 0;
  if (!type.isTensor() || !type.hasStaticShape()) return std::nullopt;
  int64_t bytes = storageBytes(type.elementType());
  for (int64_t size : type.shape())
    if (__builtin_mul_overflow(bytes, size, &bytes)) return std::nullopt;
  return bytes;
}

}  // namespace hloconf
