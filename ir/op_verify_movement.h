// Verify functions (OpSchema::verify) for the indexing and selection ops: gather, scatter, dynamic_slice,
// dynamic_update_slice, select, clamp, sort and compare; and for the shape ops reshape, get_dimension_size,
// dynamic_broadcast_in_dim, dynamic_iota, dynamic_reshape, dynamic_pad and dynamic_gather (the checks their
// declared types and attributes allow; shape operand values are the kernels'). Like ir/op_verify.h: each
// check cites the spec's label, `?` dimensions are skipped (the kernels check them at run time), quantized
// element types are compared by their baseline (storage and expressed types) or, where the spec asks for one
// element type, exactly unless per-axis quantized, and malformed attributes never index out of range.
// Regions are checked where the spec types them exactly: sort's comparator (C5), and scatter's update
// computation by its argument count, scalars and is_promotable (C23) and the results' element types (C25).
// Each constraint checked has a negative case in tests/ir/op_verify_movement_test.cc.
#ifndef HLOCONF_IR_OP_VERIFY_MOVEMENT_H_
#define HLOCONF_IR_OP_VERIFY_MOVEMENT_H_

#include "absl/status/status.h"
#include "ir/operation.h"

namespace hloconf::verify {

absl::Status gather(const Operation& op);
absl::Status scatter(const Operation& op);
absl::Status dynamicSlice(const Operation& op);
absl::Status dynamicUpdateSlice(const Operation& op);
absl::Status select(const Operation& op);
absl::Status clamp(const Operation& op);
absl::Status sort(const Operation& op);
absl::Status compare(const Operation& op);
absl::Status reshape(const Operation& op);
absl::Status getDimensionSize(const Operation& op);
absl::Status dynamicBroadcastInDim(const Operation& op);
absl::Status dynamicIota(const Operation& op);
absl::Status dynamicReshape(const Operation& op);
absl::Status dynamicPad(const Operation& op);
absl::Status dynamicGather(const Operation& op);

}  // namespace hloconf::verify

#endif  // HLOCONF_IR_OP_VERIFY_MOVEMENT_H_
