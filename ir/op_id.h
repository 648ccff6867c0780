// OpId: the identity of every op hloconf knows (ir/ops.def lists them). `Operation::id` is set when an
// operation is made, so nothing after the parser compares op names as strings. The op's schema entry
// (ir/op_schema.h) says everything else about it.
#ifndef HLOCONF_IR_OP_ID_H_
#define HLOCONF_IR_OP_ID_H_

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace hloconf {

enum class OpId : uint16_t {
  kUnknown,  // an op no entry describes: it parses in generic form, and later layers report it unsupported
#define HLOCONF_OP(id, name) id,
#include "ir/ops.def"
#undef HLOCONF_OP
  kCount,
};
inline constexpr size_t kNumOpIds = static_cast<size_t>(OpId::kCount);

// The OpId of a full op name; OpId::kUnknown for a name no entry has.
OpId opIdOf(std::string_view name);
// The full name of an OpId ("" for kUnknown).
std::string_view opName(OpId id);

}  // namespace hloconf

#endif  // HLOCONF_IR_OP_ID_H_
