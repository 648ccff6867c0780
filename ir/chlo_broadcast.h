// The chlo.broadcast_* family (chlo.md): each applies one op elementwise after broadcasting its operands
// to a common shape, numpy-style (trailing dimensions aligned, sizes equal or 1), or through
// `broadcast_dimensions` for two operands of different ranks. Shared by the reference (kernels_chlo.cc)
// and the executors' plan compiler, which both run broadcast_in_dim on each operand and then the op.
#ifndef HLOCONF_IR_CHLO_BROADCAST_H_
#define HLOCONF_IR_CHLO_BROADCAST_H_

#include <optional>
#include <vector>

#include "absl/status/statusor.h"
#include "ir/op_id.h"
#include "ir/operation.h"

namespace hloconf {

// The op chlo.broadcast_<op> applies once its operands have the result's shape (kAdd for
// kChloBroadcastAdd, kChloZeta for kChloBroadcastZeta), or nullopt for an op outside the family.
std::optional<OpId> chloBroadcastApplied(OpId chlo);

struct ChloBroadcast {
  // Per operand, the result dimension each of its dimensions maps to (broadcast_in_dim's
  // broadcast_dimensions).
  std::vector<std::vector<int64_t>> maps;
  std::vector<int64_t> shape;  // the common shape
};

// The maps and the common shape of `op`'s operands of shapes `operand_shapes`; InvalidArgument, in
// chlo.md's terms, when they do not broadcast or `broadcast_dimensions` does not fit them.
absl::StatusOr<ChloBroadcast> chloBroadcast(const Operation& op, const std::vector<std::vector<int64_t>>& operand_shapes);

}  // namespace hloconf

#endif  // HLOCONF_IR_CHLO_BROADCAST_H_
