// Byte counts: a size as the command line and the environment give it ("512M"), and the size of a
// value's data. Both are computed with overflow checks: a count that does not fit is refused, never
// wrapped to a small number.
#ifndef HLOCONF_IR_BYTE_SIZE_H_
#define HLOCONF_IR_BYTE_SIZE_H_

#include <cstdint>
#include <optional>
#include <string_view>

#include "ir/type.h"

namespace hloconf {

// The largest byte count parseByteSize gives: 2^63, past which an int64_t or an off_t cannot hold it.
inline constexpr uint64_t kMaxByteSize = uint64_t{1} << 63;

// Digits with an optional K, M, G or T suffix (powers of 1024, either case), e.g. "512M", "8g", "123",
// "0" -> bytes. nullopt for anything else: no digits, a sign, a fraction, another suffix, or a count past
// kMaxByteSize (the product is overflow-checked, so "16777216T", 2^64, is refused rather than read as 0).
// Zero is a size; a caller for which it means nothing (--memory-limit) refuses it itself.
std::optional<uint64_t> parseByteSize(std::string_view text);

// The bytes of the data of a value of `type`: a static-shaped tensor's element count times the storage
// bytes of its element type (one element each, as a buffer and a `.npy` file hold it), and 0 for a
// token (it carries no data). nullopt for any other type, a dynamic shape, or a size past INT64_MAX
// (no allocation could hold it; the product is overflow-checked).
std::optional<int64_t> dataByteSize(const Type& type);

}  // namespace hloconf

#endif  // HLOCONF_IR_BYTE_SIZE_H_
