// The decoded attributes of the collective family's steps (planners_collective.cc).
#ifndef HLOCONF_EXECUTORS_PLAN_COLLECTIVE_PARAMS_H_
#define HLOCONF_EXECUTORS_PLAN_COLLECTIVE_PARAMS_H_

#include <cstdint>
#include <vector>

#include "executors/plan/plan.h"
#include "executors/plan/reduction_params.h"

namespace hloconf::plan {

// The spec's strategies for splitting the process grid into process groups ("Collective ops").
enum class GroupStrategy : uint8_t { kCrossReplica, kCrossPartition, kCrossReplicaAndPartition, kFlattenedIds };

struct CollectiveParams : StepParams {
  GroupStrategy strategy = GroupStrategy::kCrossReplica;
  // replica_groups (or source_target_pairs) rows, without the -1 entries that pad ragged groups.
  std::vector<std::vector<int64_t>> rows;
  BodyOp body = BodyOp::kRegion;  // all_reduce, reduce_scatter
  int64_t dimension = 0;          // all_gather_dim, scatter_dimension, split_dimension
  int64_t concat_dimension = 0;   // all_to_all
  int64_t channel = 0;            // send, recv: channel_handle's handle
  bool to_host = false;           // send: is_host_transfer
};

}  // namespace hloconf::plan

#endif  // HLOCONF_EXECUTORS_PLAN_COLLECTIVE_PARAMS_H_
