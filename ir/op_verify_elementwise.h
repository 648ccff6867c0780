// Verify functions of the elementwise ops whose types the same-type trait does not decide (add's quantized
// constraints, abs, convert) and of the ops that build or carry tuples and tokens (tuple, infeed, send,
// recv). Each checks its op's labelled spec constraints on declared types and attributes.
#ifndef HLOCONF_IR_OP_VERIFY_ELEMENTWISE_H_
#define HLOCONF_IR_OP_VERIFY_ELEMENTWISE_H_

#include "absl/status/status.h"
#include "ir/operation.h"

namespace hloconf::verify {

absl::Status add(const Operation& op);
absl::Status abs(const Operation& op);
absl::Status convert(const Operation& op);
absl::Status tuple(const Operation& op);
absl::Status infeed(const Operation& op);
absl::Status send(const Operation& op);
absl::Status recv(const Operation& op);

}  // namespace hloconf::verify

#endif  // HLOCONF_IR_OP_VERIFY_ELEMENTWISE_H_
