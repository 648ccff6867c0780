// Planners of the collective family: all_reduce, all_gather, reduce_scatter, all_to_all,
// collective_permute, collective_broadcast, replica_id, partition_id, and the ops on tokens: after_all,
// create_token, infeed, outfeed, send, recv. The process groups depend on the
// grid a run has, so the planner keeps the strategy and the id rows and the kernel forms the groups.
#include "executors/plan/collective_params.h"
#include "executors/plan/planners.h"
#include "ir/op_views.h"
#include "ir/strings.h"

namespace hloconf::plan {
namespace {

std::vector<std::vector<int64_t>> withoutPadding(std::vector<std::vector<int64_t>> rows) {
  for (std::vector<int64_t>& row : rows) std::erase(row, -1);
  return rows;
}

// all_gather, all_reduce, reduce_scatter: cross_replica, cross_replica_and_partition or flattened_ids by
// channel_id and use_global_device_ids.
GroupStrategy replicaGroupStrategy(const CollectiveAttributes& view) {
  if (view.channelId() <= 0) return GroupStrategy::kCrossReplica;
  return view.useGlobalDeviceIds() ? GroupStrategy::kFlattenedIds : GroupStrategy::kCrossReplicaAndPartition;
}
// all_to_all, collective_permute, collective_broadcast: cross_replica, or cross_partition with a channel.
GroupStrategy channelStrategy(const CollectiveAttributes& view) {
  return view.channelId() > 0 ? GroupStrategy::kCrossPartition : GroupStrategy::kCrossReplica;
}

// Operands and results pair up one to one, with the same element types (unless `promoted`: all_reduce and
// reduce_scatter, whose results have their computation's type, checked by reductionBody).
absl::Status pairwise(const Step& step, const Plan& plan, bool same_shapes, bool promoted = false) {
  if (step.operands.empty() || step.operands.size() != step.results.size())
    return absl::InvalidArgumentError("needs one result per operand");
  for (size_t i = 0; i < step.operands.size(); ++i) {
    const Type& operand = plan.slot_types[step.operands[i]];
    const Type& result = plan.slot_types[step.results[i]];
    if (!promoted && operand.elementType() != result.elementType())
      return absl::UnimplementedError("results of another element type than the operands' are not supported yet");
    if (same_shapes && operand.shape() != result.shape())
      return absl::InvalidArgumentError(strCat("result ", i, " must have operand ", i, "'s shape"));
  }
  return absl::OkStatus();
}

// all_reduce and reduce_scatter: the computation applies to each operand on its own.
absl::Status reductionBody(const Step& step, const Plan& plan, CollectiveParams& params, std::string_view label) {
  const ElementType element = plan.slot_types[step.operands[0]].elementType();
  for (Slot slot : step.operands)
    if (plan.slot_types[slot].elementType() != element)
      return absl::UnimplementedError("operands of different element types are not supported yet");
  RETURN_IF_ERROR(checkBody(step.regions.at(0), plan, {element}, label));
  // The results have the computation's element type E, to which the operands are converted first.
  const Type& scalar = plan.slot_types[step.regions[0].inputs[0]];
  for (Slot slot : step.results)
    if (plan.slot_types[slot].elementType() != scalar.elementType())
      return absl::InvalidArgumentError(strCat("the results have the computation's element type (spec: ", label, ")"));
  params.body = recognizeBody(step.regions[0], plan, scalar);
  return absl::OkStatus();
}

absl::Status planAllReduce(const Operation& op, Step& step, const Plan& plan) {
  RETURN_IF_ERROR(pairwise(step, plan, true, true));
  const AllReduceOp view(op);
  auto params = std::make_shared<CollectiveParams>();
  params->strategy = replicaGroupStrategy(view);
  params->rows = withoutPadding(view.replicaGroups());
  RETURN_IF_ERROR(reductionBody(step, plan, *params, "all_reduce (C5)"));
  step.params = std::move(params);
  return absl::OkStatus();
}

// A dimension attribute within the rank of every operand.
absl::StatusOr<int64_t> dimensionOf(const Step& step, const Plan& plan, int64_t dimension, std::string_view label) {
  for (Slot slot : step.operands)
    if (dimension < 0 || dimension >= plan.slot_types[slot].rank())
      return absl::InvalidArgumentError(strCat("dimension ", dimension, " is out of range (spec: ", label, ")"));
  return dimension;
}

absl::Status planAllGather(const Operation& op, Step& step, const Plan& plan) {
  RETURN_IF_ERROR(pairwise(step, plan, false));
  const AllGatherOp view(op);
  auto params = std::make_shared<CollectiveParams>();
  params->strategy = replicaGroupStrategy(view);
  params->rows = withoutPadding(view.replicaGroups());
  ASSIGN_OR_RETURN(params->dimension, dimensionOf(step, plan, view.allGatherDim(), "all_gather (C1)"));
  step.params = std::move(params);
  return absl::OkStatus();
}

absl::Status planReduceScatter(const Operation& op, Step& step, const Plan& plan) {
  RETURN_IF_ERROR(pairwise(step, plan, false, true));
  const ReduceScatterOp view(op);
  auto params = std::make_shared<CollectiveParams>();
  params->strategy = replicaGroupStrategy(view);
  params->rows = withoutPadding(view.replicaGroups());
  ASSIGN_OR_RETURN(params->dimension, dimensionOf(step, plan, view.scatterDimension(), "reduce_scatter (C2)"));
  RETURN_IF_ERROR(reductionBody(step, plan, *params, "reduce_scatter (C7)"));
  step.params = std::move(params);
  return absl::OkStatus();
}

absl::Status planAllToAll(const Operation& op, Step& step, const Plan& plan) {
  RETURN_IF_ERROR(pairwise(step, plan, false));
  const AllToAllOp view(op);
  auto params = std::make_shared<CollectiveParams>();
  params->strategy = channelStrategy(view);
  params->rows = withoutPadding(view.replicaGroups());
  ASSIGN_OR_RETURN(params->dimension, dimensionOf(step, plan, view.splitDimension(), "all_to_all (C1)"));
  ASSIGN_OR_RETURN(params->concat_dimension, dimensionOf(step, plan, view.concatDimension(), "all_to_all (C3)"));
  step.params = std::move(params);
  return absl::OkStatus();
}

absl::Status planCollectivePermute(const Operation& op, Step& step, const Plan& plan) {
  RETURN_IF_ERROR(pairwise(step, plan, true));
  const CollectivePermuteOp view(op);
  auto params = std::make_shared<CollectiveParams>();
  params->strategy = channelStrategy(view);
  params->rows = view.sourceTargetPairs();
  for (const auto& pair : params->rows)
    if (pair.size() != 2) return absl::InvalidArgumentError("source_target_pairs rows are [source, target] (spec: collective_permute (C1))");
  step.params = std::move(params);
  return absl::OkStatus();
}

absl::Status planCollectiveBroadcast(const Operation& op, Step& step, const Plan& plan) {
  const CollectiveBroadcastOp view(op);
  if (view.hasDynamicRoot()) return absl::UnimplementedError("has_dynamic_root (not in the spec) is not supported");
  RETURN_IF_ERROR(pairwise(step, plan, true));
  auto params = std::make_shared<CollectiveParams>();
  params->strategy = channelStrategy(view);
  params->rows = withoutPadding(view.replicaGroups());
  step.params = std::move(params);
  return absl::OkStatus();
}

absl::Status planProcessId(const Operation&, Step& step, const Plan& plan) {
  if (step.results.size() != 1 || plan.slot_types[step.results[0]] != Type::tensor({}, Type::element(ElementType::kUI32)))
    return absl::InvalidArgumentError("the result is tensor<ui32>");
  return absl::OkStatus();
}

// send and recv go through a channel between processes. A send to the host is a sink, like outfeed (no
// host reads it back); a receive from the host has nothing to receive and is not supported.
template <class View>
absl::Status planChannel(const Operation& op, Step& step, const Plan&) {
  const View view(op);
  if (view.isHostTransfer() && op.id == OpId::kRecv) return absl::UnimplementedError("receiving from the host is not supported");
  auto params = std::make_shared<CollectiveParams>();
  params->channel = view.channelId();
  params->to_host = view.isHostTransfer();
  step.params = std::move(params);
  return absl::OkStatus();
}

constexpr OpPlanner kPlanners[] = {
    {OpId::kAfterAll, noParams},
    {OpId::kCreateToken, noParams},
    {OpId::kInfeed, noParams},
    {OpId::kOutfeed, noParams},
    {OpId::kSend, planChannel<SendOp>},
    {OpId::kRecv, planChannel<RecvOp>},
    {OpId::kAllReduce, planAllReduce},
    {OpId::kAllGather, planAllGather},
    {OpId::kReduceScatter, planReduceScatter},
    {OpId::kAllToAll, planAllToAll},
    {OpId::kCollectivePermute, planCollectivePermute},
    {OpId::kCollectiveBroadcast, planCollectiveBroadcast},
    {OpId::kReplicaId, planProcessId},
    {OpId::kPartitionId, planProcessId},
};

}  // namespace

std::span<const OpPlanner> collectivePlanners() { return kPlanners; }

}  // namespace hloconf::plan
