// Verify functions (OpSchema::verify) for the indexing and selection ops: gather, scatter, dynamic_slice,
// dynamic_update_slice, select, clamp, sort and compare. Like ir/op_verify.h: each check cites the spec's
// label, `?` dimensions are skipped (the kernels check them at run time), quantized element types are
// compared by their baseline (storage and expressed types), and malformed attributes never index out of
// range. Regions are checked where the spec types them exactly: sort's comparator (C5), and scatter's update
// computation by its argument count and scalars (C23, without is_promotable) and the results' element
// types (C25). Each constraint checked has a negative case in tests/ir/op_verify_movement_test.cc.
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

}  // namespace hloconf::verify

#endif  // HLOCONF_IR_OP_VERIFY_MOVEMENT_H_
