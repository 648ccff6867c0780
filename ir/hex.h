// Tensor bytes as "0x..." hex text (results.json's inputs, the golden cache, the protocol's JSON) and
// back.
#ifndef HLOCONF_IR_HEX_H_
#define HLOCONF_IR_HEX_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace hloconf {

// "0x" and two upper-case digits per byte, of the first `limit` bytes.
std::string bytesToHex(const std::vector<uint8_t>& bytes, size_t limit = std::string::npos);
// The bytes of "0x..." (either case); false for anything else (an odd digit count, a non-digit).
bool hexToBytes(std::string_view hex, std::vector<uint8_t>& out);

}  // namespace hloconf

#endif  // HLOCONF_IR_HEX_H_
