// libFuzzer target: whatever a backend sends back must never crash, hang or leak the harness's reader
// (adapters/backend_reply.h). Each input is read both ways a backend's bytes reach the harness: as a line
// of its stdout (parsed within the size and depth limits, then taken as a hello and as a result's id) and
// as an output `.npy` file, after its first byte, of the type that byte picks among a few declared ones.
#include <cstdint>
#include <string_view>

#include "adapters/backend_reply.h"
#include "ir/npy.h"

namespace {

using hloconf::ElementType;
using hloconf::Type;

const Type* declaredTypes(size_t& count) {
  static const Type kTypes[] = {
      Type::tensor({2, 3}, Type::element(ElementType::kF32)),  Type::tensor({4}, Type::element(ElementType::kBF16)),
      Type::tensor({}, Type::element(ElementType::kI1)),       Type::tensor({3}, Type::element(ElementType::kSI4)),
      Type::tensor({2}, Type::element(ElementType::kC128)),    Type::tensor({0}, Type::element(ElementType::kF32)),
      Type::tensor({5}, Type::element(ElementType::kF8E4M3FN)), Type::tensor({2, 2}, Type::element(ElementType::kUI64)),
  };
  count = sizeof kTypes / sizeof kTypes[0];
  return kTypes;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  auto message = hloconf::adapters::parseBackendMessage(bytes);
  if (message.ok()) {
    (void)hloconf::adapters::parseHello(*message, 1, "fuzz");
    if (message->is_object())
      if (auto id = message->find("id"); id != message->end()) (void)hloconf::adapters::exactInteger(*id, 0, INT64_MAX);
  }
  if (!bytes.empty()) {
    size_t count = 0;
    const Type* types = declaredTypes(count);
    (void)hloconf::decodeNpyExact(bytes.substr(1), types[static_cast<uint8_t>(bytes[0]) % count], "fuzz");
  }
  return 0;
}
