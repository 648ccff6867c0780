// Tensor bytes as hex text and back (ir/hex.h).
#include "ir/hex.h"

#include <algorithm>

namespace hloconf {

std::string bytesToHex(const std::vector<uint8_t>& bytes, size_t limit) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  size_t n = std::min(limit, bytes.size());
  std::string out = "0x";
  out.reserve(2 + 2 * n);
  for (size_t i = 0; i < n; ++i) {
    out += kHex[bytes[i] >> 4];
    out += kHex[bytes[i] & 15];
  }
  return out;
}

bool hexToBytes(std::string_view hex, std::vector<uint8_t>& out) {
  if (hex.rfind("0x", 0) != 0 || hex.size() % 2) return false;
  out.clear();
  out.reserve(hex.size() / 2 - 1);
  auto nibble = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  };
  for (size_t i = 2; i < hex.size(); i += 2) {
    int hi = nibble(hex[i]), lo = nibble(hex[i + 1]);
    if (hi < 0 || lo < 0) return false;
    out.push_back(static_cast<uint8_t>(hi << 4 | lo));
  }
  return true;
}

}  // namespace hloconf
