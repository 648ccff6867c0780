// Schema verify functions (OpSchema::verify) for the collectives: all_gather, all_reduce, reduce_scatter,
// all_to_all, collective_permute, collective_broadcast. Each check cites the spec's label. What the process
// grid decides (size(replica_groups) against num_replicas or num_partitions, which group a process is in,
// the group size under cross_replica_and_partition or with ragged groups) is known only at run time and
// stays with the kernels (reference/kernels_collective.cc); so do `?` dimensions. Each constraint has a
// negative case in tests/ir/op_verify_collective_test.cc.
#ifndef HLOCONF_IR_OP_VERIFY_COLLECTIVE_H_
#define HLOCONF_IR_OP_VERIFY_COLLECTIVE_H_

#include "absl/status/status.h"
#include "ir/operation.h"

namespace hloconf::verify {

absl::Status allGather(const Operation& op);
absl::Status allReduce(const Operation& op);
absl::Status reduceScatter(const Operation& op);
absl::Status allToAll(const Operation& op);
absl::Status collectivePermute(const Operation& op);
absl::Status collectiveBroadcast(const Operation& op);

}  // namespace hloconf::verify

#endif  // HLOCONF_IR_OP_VERIFY_COLLECTIVE_H_
