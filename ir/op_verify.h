// The `verify` functions of schema entries (OpSchema::verify): spec constraints that need code, checked on
// an op's declared types and attributes before anything runs. Each check cites the spec's label
// (`transpose (C2)`). Dimensions that are `?` in the declared types are skipped: the kernels check them at
// run time, where they protect memory. The static verifier issue fills in the rest of the ops; each
// function here has a negative case in tests/ir/op_verify_test.cc.
#ifndef HLOCONF_IR_OP_VERIFY_H_
#define HLOCONF_IR_OP_VERIFY_H_

#include "absl/status/status.h"
#include "ir/operation.h"

namespace hloconf::verify {

absl::Status broadcastInDim(const Operation& op);
absl::Status concatenate(const Operation& op);
absl::Status getTupleElement(const Operation& op);
absl::Status constant(const Operation& op);
absl::Status iota(const Operation& op);
absl::Status pad(const Operation& op);
absl::Status reducePrecision(const Operation& op);
absl::Status reverse(const Operation& op);
absl::Status slice(const Operation& op);
absl::Status transpose(const Operation& op);

}  // namespace hloconf::verify

#endif  // HLOCONF_IR_OP_VERIFY_H_
