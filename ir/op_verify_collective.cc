#include "ir/op_verify_collective.h"

#include <algorithm>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "ir/op_verify_util.h"
#include "ir/op_views.h"
#include "ir/status_macros.h"
#include "ir/strings.h"

namespace hloconf::verify {
namespace {

using namespace util;  // NOLINT(google-build-using-namespace): the shared helpers of ir/op_verify_util.h

using Rows = std::vector<std::vector<int64_t>>;

// -1 pads the rows of ragged groups (replica_groups = [[0, 1], [2, -1]], XLA's form): it names no process.
constexpr int64_t kPadding = -1;

// The spec's is_unique(replica_groups) (`unique_label`) and the lower bound of
// 0 <= replica_groups < size(replica_groups) (`range_label`), the -1 padding left out. The upper bound is
// num_replicas, num_partitions or num_processes: the process grid's, checked by the kernel at run time.
absl::Status checkGroupIds(std::string_view unique_label, std::string_view range_label, const Rows& rows) {
  std::vector<int64_t> seen;
  for (const auto& row : rows) {
    for (int64_t id : row) {
      if (id == kPadding) continue;
      if (id < 0) return violated(range_label, strCat("replica_groups has ", id, ", but ids are at least 0 (-1 only pads a shorter group)"));
      if (std::find(seen.begin(), seen.end(), id) != seen.end()) return violated(unique_label, strCat("replica_groups has ", id, " twice"));
      seen.push_back(id);
    }
  }
  return absl::OkStatus();
}

// If use_global_device_ids = true, then channel_id > 0.
absl::Status globalIdsNeedChannel(std::string_view label, const CollectiveAttributes& c) {
  if (!c.useGlobalDeviceIds() || c.channelId() > 0) return absl::OkStatus();
  return violated(label, strCat("use_global_device_ids needs channel_id > 0, but channel_id is ", c.channelId()));
}

// dim(process_groups, 1) where the attributes alone decide it: the length of replica_groups' rows under
// cross_replica, cross_partition and flattened_ids. nullopt where the run decides it:
// cross_replica_and_partition (`times_partitions`) multiplies it by num_partitions, padded (ragged) groups
// differ in size, and without rows there is no group.
std::optional<int64_t> staticGroupSize(const Rows& rows, bool times_partitions) {
  if (times_partitions || rows.empty() || rows.front().empty()) return std::nullopt;
  for (const auto& row : rows) {
    if (std::find(row.begin(), row.end(), kPadding) != row.end()) return std::nullopt;
  }
  return static_cast<int64_t>(rows.front().size());
}

// shape(actual) = `shape`, where a `?` on either side agrees with any size.
absl::Status expectShape(std::string_view label, std::string_view what, const Type& actual, const Dims& shape) {
  bool ok = actual.rank() == static_cast<int64_t>(shape.size());
  for (size_t d = 0; ok && d < shape.size(); ++d) ok = sameSize(actual.shape()[d], shape[d]);
  if (ok) return absl::OkStatus();
  return violated(label, strCat(what, " has shape ", shapeText(actual), ", but needs ", shapeText(Type::tensor(shape, actual.tensorElement()))));
}

// element_type(actual) = `element`, quantization parameters included.
absl::Status expectElement(std::string_view label, std::string_view what, const Type& actual, const Type& element) {
  if (actual.tensorElement() == element) return absl::OkStatus();
  return violated(label, strCat(what, " has element type ", actual.tensorElement().toString(), ", but needs ", element.toString()));
}

// The spec's type(result) = type(operand), a `?` agreeing with any size.
absl::Status expectSameType(std::string_view label, std::string_view what, const Type& result, const Type& operand) {
  RETURN_IF_ERROR(expectShape(label, what, result, operand.shape()));
  return expectElement(label, what, result, operand.tensorElement());
}

absl::Status onePerOperand(std::string_view label, const Operation& op, size_t operands) {
  if (op.results.size() == operands) return absl::OkStatus();
  return violated(label, strCat("has ", op.results.size(), " results for ", operands, " operands (one result per operand)"));
}

// all_reduce (C5), reduce_scatter (C7): computation has type (tensor<E>, tensor<E>) -> (tensor<E>) where
// is_promotable(element_type(operand), E) for every operand. Gives E.
absl::StatusOr<Type> computationElement(std::string_view label, const Operation& op) {
  const Block* block = regionBlock(op, 0);
  if (!block) return violated(label, "the computation has no block");
  if (block->arguments.size() != 2) return violated(label, strCat("the computation takes ", block->arguments.size(), " arguments, not 2"));
  const Type& arg = block->arguments[0]->type;
  if (!arg.isTensor() || arg.rank() != 0 || block->arguments[1]->type != arg) {
    return violated(label, strCat("the computation takes ", arg.toString(), " and ", block->arguments[1]->type.toString(),
                                  ", not two tensor<E> of one element type E"));
  }
  if (!block->operations.empty()) {
    const Operation& ret = *block->operations.back();
    if (ret.operands.size() != 1 || ret.operands[0]->type != arg) {
      std::string returned;
      for (const Value* v : ret.operands) strAppend(&returned, returned.empty() ? "" : ", ", v->type.toString());
      return violated(label, strCat("the computation returns (", returned, "), not one ", arg.toString()));
    }
  }
  const Type& e = arg.tensorElement();
  for (size_t i = 0; i < op.operands.size(); ++i) {
    const Type& from = operandType(op, i).tensorElement();
    if (!isPromotable(from, e)) {
      return violated(label, strCat("operand ", i, "'s element type ", from.toString(), " is not promotable to the computation's ", e.toString()));
    }
  }
  return e;
}

}  // namespace

absl::Status allGather(const Operation& op) {
  if (!allTensors(op)) return absl::OkStatus();
  const AllGatherOp all_gather(op);
  const Rows rows = all_gather.replicaGroups();
  RETURN_IF_ERROR(checkGroupIds("all_gather (C2)", "all_gather (C4)", rows));
  RETURN_IF_ERROR(globalIdsNeedChannel("all_gather (C5)", all_gather));
  RETURN_IF_ERROR(onePerOperand("all_gather (C6)", op, op.operands.size()));
  const int64_t dim = all_gather.allGatherDim();
  const std::optional<int64_t> group =
      staticGroupSize(rows, /*times_partitions=*/all_gather.channelId() > 0 && !all_gather.useGlobalDeviceIds());
  for (size_t i = 0; i < op.operands.size(); ++i) {
    const Type& operand = operandType(op, i);
    if (dim < 0 || dim >= operand.rank()) {
      return violated("all_gather (C1)", strCat("all_gather_dim ", dim, " is out of range for operand ", i, " of rank ", operand.rank()));
    }
    // dim(results..., all_gather_dim) = dim(operands..., all_gather_dim) * dim(process_groups, 1).
    Dims shape = operand.shape();
    int64_t& gathered = shape[static_cast<size_t>(dim)];
    gathered = group && gathered != kDynamicSize ? gathered * *group : kDynamicSize;
    RETURN_IF_ERROR(expectShape("all_gather (C6)", strCat("result ", i), resultType(op, i), shape));
    RETURN_IF_ERROR(expectElement("all_gather (C6)", strCat("result ", i), resultType(op, i), operand.tensorElement()));
  }
  return absl::OkStatus();
}

// Also collective_reduce's (a legacy extension: all_reduce whose result only each group's first process
// keeps), which has all_reduce's operands, attributes and computation.
absl::Status allReduce(const Operation& op) {
  if (!allTensors(op)) return absl::OkStatus();
  const CollectiveAttributes all_reduce(op);
  RETURN_IF_ERROR(checkGroupIds("all_reduce (C1)", "all_reduce (C3)", all_reduce.replicaGroups()));
  RETURN_IF_ERROR(globalIdsNeedChannel("all_reduce (C4)", all_reduce));
  ASSIGN_OR_RETURN(const Type e, computationElement("all_reduce (C5)", op));
  RETURN_IF_ERROR(onePerOperand("all_reduce (C6)", op, op.operands.size()));
  for (size_t i = 0; i < op.operands.size(); ++i) {
    RETURN_IF_ERROR(expectShape("all_reduce (C6)", strCat("result ", i), resultType(op, i), operandType(op, i).shape()));
    RETURN_IF_ERROR(expectElement("all_reduce (C7)", strCat("result ", i), resultType(op, i), e));
  }
  return absl::OkStatus();
}

absl::Status reduceScatter(const Operation& op) {
  if (op.operands.size() != 1 || op.results.size() != 1 || !allTensors(op)) return absl::OkStatus();
  const ReduceScatterOp reduce_scatter(op);
  const Type& operand = operandType(op, 0);
  const Type& result = resultType(op, 0);
  const int64_t dim = reduce_scatter.scatterDimension();
  if (dim < 0 || dim >= operand.rank()) {
    return violated("reduce_scatter (C2)", strCat("scatter_dimension ", dim, " is out of range for rank ", operand.rank()));
  }
  const Rows rows = reduce_scatter.replicaGroups();
  RETURN_IF_ERROR(checkGroupIds("reduce_scatter (C3)", "reduce_scatter (C5)", rows));
  RETURN_IF_ERROR(globalIdsNeedChannel("reduce_scatter (C6)", reduce_scatter));
  const std::optional<int64_t> group =
      staticGroupSize(rows, /*times_partitions=*/reduce_scatter.channelId() > 0 && !reduce_scatter.useGlobalDeviceIds());
  Dims shape = operand.shape();
  int64_t& scattered = shape[static_cast<size_t>(dim)];
  if (group && scattered != kDynamicSize) {
    if (scattered % *group != 0) {
      return violated("reduce_scatter (C1)", strCat("dimension ", dim, " of the operand (size ", scattered, ") does not split into ", *group,
                                                    " parts, dim(process_groups, 1)"));
    }
    scattered /= *group;
  } else {
    scattered = kDynamicSize;
  }
  ASSIGN_OR_RETURN(const Type e, computationElement("reduce_scatter (C7)", op));
  RETURN_IF_ERROR(expectShape("reduce_scatter (C8)", "the result", result, shape));
  return expectElement("reduce_scatter (C9)", "the result", result, e);
}

absl::Status allToAll(const Operation& op) {
  if (!allTensors(op)) return absl::OkStatus();
  const AllToAllOp all_to_all(op);
  const int64_t split = all_to_all.splitDimension(), concat = all_to_all.concatDimension();
  const int64_t count = all_to_all.splitCount().value_or(0);  // required: the schema checks it is there
  if (count <= 0) return violated("all_to_all (C4)", strCat("split_count ", count, " must be positive"));
  for (size_t i = 0; i < op.operands.size(); ++i) {
    const Type& operand = operandType(op, i);
    if (split < 0 || split >= operand.rank()) {
      return violated("all_to_all (C1)", strCat("split_dimension ", split, " is out of range for operand ", i, " of rank ", operand.rank()));
    }
    if (const int64_t size = operand.shape()[static_cast<size_t>(split)]; size != kDynamicSize && size % count != 0) {
      return violated("all_to_all (C2)", strCat("dimension ", split, " of operand ", i, " (size ", size, ") does not split into split_count ",
                                                count, " parts"));
    }
    if (concat < 0 || concat >= operand.rank()) {
      return violated("all_to_all (C3)", strCat("concat_dimension ", concat, " is out of range for operand ", i, " of rank ", operand.rank()));
    }
  }
  const Rows rows = all_to_all.replicaGroups();
  RETURN_IF_ERROR(checkGroupIds("all_to_all (C5)", "all_to_all (C7)", rows));
  // Without rows there are no groups, and their size is the kernel's to check.
  if (!rows.empty() && static_cast<int64_t>(rows.front().size()) != count) {
    return violated("all_to_all (C8)", strCat("replica_groups has rows of ", rows.front().size(), " ids (dim(replica_groups, 1)), but split_count is ", count));
  }
  RETURN_IF_ERROR(onePerOperand("all_to_all (C9)", op, op.operands.size()));
  for (size_t i = 0; i < op.operands.size(); ++i) {
    const Type& operand = operandType(op, i);
    Dims shape = operand.shape();
    if (split != concat) {
      int64_t& split_size = shape[static_cast<size_t>(split)];
      int64_t& concat_size = shape[static_cast<size_t>(concat)];
      if (split_size != kDynamicSize) split_size /= count;
      if (concat_size != kDynamicSize) concat_size *= count;
    }
    RETURN_IF_ERROR(expectShape("all_to_all (C9)", strCat("result ", i), resultType(op, i), shape));
    RETURN_IF_ERROR(expectElement("all_to_all (C9)", strCat("result ", i), resultType(op, i), operand.tensorElement()));
  }
  return absl::OkStatus();
}

absl::Status collectivePermute(const Operation& op) {
  if (op.operands.size() != 1 || op.results.size() != 1 || !allTensors(op)) return absl::OkStatus();
  const Rows pairs = CollectivePermuteOp(op).sourceTargetPairs();
  for (const auto& pair : pairs) {
    if (pair.size() != 2) return violated("collective_permute (C1)", strCat("source_target_pairs has ", pair.size(), " columns, not 2"));
  }
  for (size_t column = 0; column < 2; ++column) {
    for (size_t a = 0; a < pairs.size(); ++a) {
      for (size_t b = a + 1; b < pairs.size(); ++b) {
        if (pairs[a][column] != pairs[b][column]) continue;
        return violated(column == 0 ? "collective_permute (C2)" : "collective_permute (C3)",
                        strCat("source_target_pairs has ", column == 0 ? "source " : "target ", pairs[a][column], " twice"));
      }
    }
  }
  // The upper bound, num_replicas or num_partitions, is the kernel's to check.
  for (const auto& pair : pairs) {
    for (int64_t id : pair) {
      if (id < 0) return violated("collective_permute (C4)", strCat("source_target_pairs has ", id, ", but ids are at least 0"));
    }
  }
  return expectSameType("collective_permute (C5)", "the result", resultType(op, 0), operandType(op, 0));
}

absl::Status collectiveBroadcast(const Operation& op) {
  if (!allTensors(op)) return absl::OkStatus();
  const CollectiveBroadcastOp broadcast(op);
  RETURN_IF_ERROR(checkGroupIds("collective_broadcast (C1)", "collective_broadcast (C2)", broadcast.replicaGroups()));
  // The peer tests' has_dynamic_root extension adds a last operand (the root indices), which has no result.
  const size_t data = broadcast.hasDynamicRoot() && !op.operands.empty() ? op.operands.size() - 1 : op.operands.size();
  RETURN_IF_ERROR(onePerOperand("collective_broadcast (C3)", op, data));
  for (size_t i = 0; i < data; ++i) {
    RETURN_IF_ERROR(expectSameType("collective_broadcast (C3)", strCat("result ", i), resultType(op, i), operandType(op, i)));
  }
  return absl::OkStatus();
}

}  // namespace hloconf::verify
