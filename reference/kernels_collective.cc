// Processes and collectives: replica_id, partition_id, all_gather, all_reduce, all_to_all,
// collective_broadcast, collective_permute, reduce_scatter, send, recv, infeed, outfeed, and the
// interpreter dialect's run_parallel and print.
//
// Each process runs in its own thread with its own Interpreter (reference/process.h). A collective
// computes the process groups of the spec's strategy, meets the other members of its group in the grid's
// rendezvous (ProcessGrid::exchange), receives every member's operands in group order, and computes its
// own results from them. Every member computes with the same values in the same order, so the members of
// a group get identical results. docs/design/processes.md has the design and the orders:
// - all_reduce, reduce_scatter (and collective_reduce) fold left in process-group order:
//   computation(...computation(computation(x@g0, x@g1), x@g2)..., x@gN), element by element, by running
//   the body region (one binary-tree schedule the spec allows), after converting the operands to the
//   computation's element type (the spec's promotion). With three or more float/complex operands a plain
//   add is instead the exact sum rounded once, with the accumulation bound (exactGroupSum), and other
//   order-dependent bodies are marked. Quantized operands run the computation on quantized scalars; see
//   foldInGroupOrder for their marks.
// - collective_permute exchanges pair by pair, in the order of source_target_pairs.
// Extensions used by the peer tests, not in the spec: collective_broadcast's `has_dynamic_root` (a last
// operand, a 1-D integer tensor with one index per data operand, picks the source within the group), and
// collective_reduce (all_reduce whose result only the group's first process keeps; the others get zeros).
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <deque>
#include <optional>
#include <string>

#include "ir/op_views.h"
#include "ir/status_macros.h"
#include "ir/strings.h"
#include "reference/exact_sum.h"
#include "reference/kernels.h"
#include "reference/numerics.h"
#include "reference/process.h"

namespace hloconf::ref {
namespace {

using Results = absl::StatusOr<std::vector<RtValue>>;
using Groups = std::vector<std::vector<int>>;  // flattened process ids, in group order

enum class Strategy { kCrossReplica, kCrossPartition, kCrossReplicaAndPartition, kFlattenedIds };

// An error of the grid (rendezvous, channel), with the op's location; the status code is kept.
absl::Status gridError(Interpreter& interp, const Operation& op, const absl::Status& s) {
  return absl::Status(s.code(), strCat(interp.location(op), ": error: ", op.name, ": ", std::string(s.message())));
}

int selfId(Interpreter& interp) {
  return static_cast<int>(interp.replicaId() * interp.grid().numPartitions() + interp.partitionId());
}

// Checks that the required 2-D integer attribute `name` of `view` (replica_groups, source_target_pairs)
// is present and decodes (AttrKind::kI64Matrix): the views read a missing or malformed one as no rows.
absl::Status requireIdRows(Interpreter& interp, const OpView& view, std::string_view name) {
  const Attribute* a = view.attribute(name);
  if (!a) return interp.opError(view.operation(), strCat("needs a dense '", name, "' attribute"));
  if (!decode::decodesAs(*a, AttrKind::kI64Matrix)) {
    return interp.opError(view.operation(), strCat("'", name, "' must be a 2-dimensional integer tensor"));
  }
  return absl::OkStatus();
}

// The rows of replica_groups without the -1 entries that pad ragged groups.
absl::StatusOr<std::vector<std::vector<int64_t>>> replicaGroupRows(Interpreter& interp, const CollectiveAttributes& collective) {
  RETURN_IF_ERROR(requireIdRows(interp, collective, "replica_groups"));
  std::vector<std::vector<int64_t>> rows = collective.replicaGroups();
  for (std::vector<int64_t>& row : rows) std::erase(row, -1);
  return rows;
}

// The spec's process-group strategies ("Collective ops"), as flattened ids.
absl::StatusOr<Groups> processGroups(Interpreter& interp, const Operation& op, Strategy strategy,
                                     const std::vector<std::vector<int64_t>>& rows, std::string_view what) {
  ProcessGrid& grid = interp.grid();
  const int64_t R = grid.numReplicas(), P = grid.numPartitions();
  const int64_t limit = strategy == Strategy::kCrossPartition ? P : strategy == Strategy::kFlattenedIds ? R * P : R;
  const char* unit = strategy == Strategy::kCrossPartition ? "partition" : strategy == Strategy::kFlattenedIds ? "process" : "replica";
  for (const auto& row : rows) {
    for (int64_t id : row) {
      if (id < 0 || id >= limit) {
        std::string hint;
        if (R * P == 1) {
          auto [dr, dp] = declaredProcessGrid(interp.module());
          if (dr * dp > 1) hint = strCat(" (the module declares ", dr, "x", dp, " processes; run it as a parallel run, reference/process.h)");
        }
        return interp.opError(op, strCat(what, " names ", unit, " ", id, ", but the process grid is ", R, "x", P,
                                         " (num_replicas x num_partitions)", hint));
      }
    }
  }
  Groups groups;
  switch (strategy) {
    case Strategy::kCrossReplica:
      for (const auto& row : rows) {
        for (int64_t p = 0; p < P; ++p) {
          std::vector<int> g;
          for (int64_t r : row) g.push_back(static_cast<int>(r * P + p));
          groups.push_back(std::move(g));
        }
      }
      break;
    case Strategy::kCrossPartition:
      for (const auto& row : rows) {
        for (int64_t r = 0; r < R; ++r) {
          std::vector<int> g;
          for (int64_t p : row) g.push_back(static_cast<int>(r * P + p));
          groups.push_back(std::move(g));
        }
      }
      break;
    case Strategy::kCrossReplicaAndPartition:
      for (const auto& row : rows) {
        std::vector<int> g;
        for (int64_t p = 0; p < P; ++p) {
          for (int64_t r : row) g.push_back(static_cast<int>(r * P + p));
        }
        groups.push_back(std::move(g));
      }
      break;
    case Strategy::kFlattenedIds:
      for (const auto& row : rows) groups.emplace_back(row.begin(), row.end());
      break;
  }
  return groups;
}

// The process groups of ops that name them with replica_groups (all_gather, all_reduce, reduce_scatter):
// cross_replica, cross_replica_and_partition or flattened_ids by channel_id and use_global_device_ids.
// The op's verify function (ir/op_verify_collective.cc) has checked that no id repeats (is_unique, so no
// process is in two groups) and that use_global_device_ids comes with channel_id > 0.
absl::StatusOr<Groups> replicaGroups(Interpreter& interp, const Operation& op, bool with_global_ids) {
  const CollectiveAttributes collective(op);
  ASSIGN_OR_RETURN(const std::vector<std::vector<int64_t>> rows, replicaGroupRows(interp, collective));
  const int64_t channel = collective.channelId();
  const bool global = with_global_ids && collective.useGlobalDeviceIds();
  const Strategy s = global ? Strategy::kFlattenedIds : channel > 0 ? Strategy::kCrossReplicaAndPartition : Strategy::kCrossReplica;
  return processGroups(interp, op, s, rows, "replica_groups");
}

// The group of this process, or nullptr.
const std::vector<int>* groupOf(const Groups& groups, int self) {
  for (const auto& g : groups) {
    if (std::find(g.begin(), g.end(), self) != g.end()) return &g;
  }
  return nullptr;
}

absl::StatusOr<const std::vector<int>*> requireGroup(Interpreter& interp, const Operation& op, const Groups& groups) {
  const std::vector<int>* g = groupOf(groups, selfId(interp));
  if (!g) {
    return interp.opError(op, strCat("process ", interp.grid().processName(selfId(interp)), " is in no process group of this op"));
  }
  return g;
}

size_t indexIn(const std::vector<int>& group, int id) { return std::find(group.begin(), group.end(), id) - group.begin(); }

// Every member's contribution, in group order (a group of one needs no rendezvous).
absl::StatusOr<std::vector<std::vector<RtValue>>> exchange(Interpreter& interp, const Operation& op, const std::vector<int>& group,
                                                           std::vector<RtValue> contribution) {
  if (group.size() == 1) return std::vector<std::vector<RtValue>>{std::move(contribution)};
  auto values = interp.grid().exchange(selfId(interp), group, op.name, std::move(contribution));
  if (!values.ok()) return gridError(interp, op, values.status());
  return values;
}

absl::Status requireTensors(Interpreter& interp, const Operation& op, const std::vector<RtValue>& operands) {
  for (size_t i = 0; i < operands.size(); ++i) {
    if (!operands[i].isTensor()) return interp.opError(op, strCat("operand ", i, " must be a tensor"));
  }
  return absl::OkStatus();
}

int64_t product(const std::vector<int64_t>& shape, size_t begin, size_t end) {
  int64_t p = 1;
  for (size_t d = begin; d < end; ++d) p *= shape[d];
  return p;
}

// Concatenates `parts` (same shape except `dim`) along `dim` into a tensor of `type`, with their marks.
RtValue concatAlong(const std::vector<const RtValue*>& parts, int64_t dim, const Type& type) {
  Tensor out(type);
  std::vector<uint8_t> marks;
  bool any_marks = false;
  for (const RtValue* p : parts) any_marks |= !p->impl_defined.empty();
  if (any_marks) marks.assign(out.numElements(), 0);
  const std::vector<int64_t>& shape0 = parts[0]->tensor.type().shape();
  const int64_t outer = product(shape0, 0, dim), inner = product(shape0, dim + 1, shape0.size());
  const int eb = out.elementBytes();
  int64_t offset = 0;
  for (int64_t o = 0; o < outer; ++o) {
    for (const RtValue* p : parts) {
      const int64_t chunk = p->tensor.type().shape()[dim] * inner;
      if (chunk == 0) continue;
      std::memcpy(out.mutableBytes().data() + offset * eb, p->tensor.bytes().data() + o * chunk * eb, chunk * eb);
      if (any_marks && !p->impl_defined.empty()) std::copy_n(p->impl_defined.begin() + o * chunk, chunk, marks.begin() + offset);
      offset += chunk;
    }
  }
  return RtValue::ofTensor(std::move(out), std::move(marks));
}

// Part `index` of `count` equal parts of `v` along `dim`.
RtValue partAlong(const RtValue& v, int64_t dim, int64_t count, int64_t index) {
  std::vector<int64_t> shape = v.tensor.type().shape();
  const int64_t size = shape[dim] / count;
  shape[dim] = size;
  Tensor out(Type::tensor(shape, v.tensor.type().tensorElement()));
  std::vector<uint8_t> marks;
  if (!v.impl_defined.empty()) marks.assign(out.numElements(), 0);
  const int64_t outer = product(shape, 0, dim), inner = product(shape, dim + 1, shape.size());
  const int64_t chunk = size * inner, stride = chunk * count;
  const int eb = out.elementBytes();
  for (int64_t o = 0; o < outer && chunk > 0; ++o) {
    const int64_t from = o * stride + index * chunk;
    std::memcpy(out.mutableBytes().data() + o * chunk * eb, v.tensor.bytes().data() + from * eb, chunk * eb);
    if (!marks.empty()) std::copy_n(v.impl_defined.begin() + from, chunk, marks.begin() + o * chunk);
  }
  return RtValue::ofTensor(std::move(out), std::move(marks));
}

// `value`, the required dimension attribute `name` of `view` (all_gather_dim, scatter_dimension,
// split_dimension, concat_dimension), checked to be present and in [0, rank) (the spec's constraint `label`).
absl::StatusOr<int64_t> dimension(Interpreter& interp, const OpView& view, std::string_view name, int64_t value, int64_t rank,
                                  std::string_view label) {
  const Attribute* a = view.attribute(name);
  if (!a || !decode::decodesAs(*a, AttrKind::kI64)) {
    return interp.opError(view.operation(), strCat("needs an integer '", name, "' attribute"));
  }
  if (value < 0 || value >= rank) {
    return interp.opError(view.operation(), strCat(name, " ", value, " is out of range for rank ", rank, " (", label, ")"));
  }
  return value;
}

// The result tensor of `type` filled with zeros (the zero point for per-tensor quantized types), for
// processes that receive nothing (collective_broadcast, collective_permute).
absl::StatusOr<RtValue> zeros(Interpreter& interp, const Operation& op, size_t i) {
  if (i >= op.results.size() || !op.results[i]->type.isTensor() || !op.results[i]->type.hasStaticShape()) {
    return interp.opError(op, strCat("result ", i, " must be a static-shaped tensor"));
  }
  const Type& type = op.results[i]->type;
  Tensor out(type);
  if (type.isQuantized()) {
    const QuantizedType& q = type.tensorElement().quantizedType();
    // The ops that produce zeros take per-tensor quantized tensors only (collective_broadcast,
    // collective_permute: I1).
    if (q.quantized_dimension || q.zero_points.size() != 1) {
      return interp.opError(op, strCat("result ", i, " has the per-axis quantized type ", type.toString(),
                                       "; the op takes tensors or per-tensor quantized tensors"));
    }
    const int width = bitWidth(q.storage_type);
    const uint64_t mask = width >= 64 ? ~uint64_t{0} : (uint64_t{1} << width) - 1;
    for (int64_t e = 0; e < out.numElements(); ++e) out.setBits(e, static_cast<uint64_t>(q.zero_points[0]) & mask);
  }
  return RtValue::ofTensor(std::move(out));
}

// --- replica_id, partition_id ---------------------------------------------------------------------------

Results idKernel(Interpreter& interp, const Operation& op, uint32_t id) {
  if (op.results.size() != 1 || !op.results[0]->type.isTensor() || op.results[0]->type.rank() != 0 ||
      op.results[0]->type.elementType() != ElementType::kUI32) {
    return interp.opError(op, "needs one tensor<ui32> result");
  }
  Tensor out(op.results[0]->type);
  out.setBits(0, id);
  return std::vector<RtValue>{RtValue::ofTensor(std::move(out))};
}

Results replicaIdKernel(Interpreter& interp, const Operation& op, std::vector<RtValue>&) { return idKernel(interp, op, interp.replicaId()); }
Results partitionIdKernel(Interpreter& interp, const Operation& op, std::vector<RtValue>&) { return idKernel(interp, op, interp.partitionId()); }

// --- all_gather -----------------------------------------------------------------------------------------

Results allGatherKernel(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands) {
  RETURN_IF_ERROR(requireTensors(interp, op, operands));
  if (operands.empty() || operands.size() != op.results.size()) return interp.opError(op, "needs one result per operand");
  ASSIGN_OR_RETURN(const Groups groups, replicaGroups(interp, op, true));
  ASSIGN_OR_RETURN(const std::vector<int>* group, requireGroup(interp, op, groups));
  const AllGatherOp all_gather(op);
  std::vector<int64_t> dims;
  for (const RtValue& v : operands) {
    ASSIGN_OR_RETURN(const int64_t dim,
                     dimension(interp, all_gather, "all_gather_dim", all_gather.allGatherDim(), v.tensor.type().rank(), "C1"));
    dims.push_back(dim);
  }
  ASSIGN_OR_RETURN(const std::vector<std::vector<RtValue>> all, exchange(interp, op, *group, operands));
  std::vector<RtValue> results;
  for (size_t i = 0; i < operands.size(); ++i) {
    std::vector<const RtValue*> parts;
    std::vector<int64_t> shape = operands[i].tensor.type().shape();
    shape[dims[i]] = 0;
    for (const auto& member : all) {
      if (member.size() != operands.size() || member[i].tensor.type() != operands[i].tensor.type()) {
        return interp.opError(op, "the processes of a group gave operands of different types");
      }
      parts.push_back(&member[i]);
      shape[dims[i]] += member[i].tensor.type().shape()[dims[i]];
    }
    ASSIGN_OR_RETURN(const Type type, resultTensorType(interp, op, i, shape));
    results.push_back(concatAlong(parts, dims[i], type));
  }
  return results;
}

// --- all_reduce, reduce_scatter, collective_reduce ------------------------------------------------------

// The exact sum of the group's operands (one element type, float or complex), rounded once per part, with
// the accumulation error bound any schedule in that type meets (SumBound, docs/accumulation.md): gamma_n
// times the sum of magnitudes plus half an ulp of the golden value; +infinity where some schedule may
// overflow (an infinite operand included: the others may overflow the other way). An element is marked
// when an operand's is.
RtValue exactGroupSum(const std::vector<RtValue>& values, ElementType t) {
  const bool complex = isComplex(t);
  const ElementType part = complex ? complexPartType(t) : t;
  Tensor out(Type::tensor(values[0].tensor.type().shape(), Type::element(t)));
  std::vector<uint8_t> marks;
  std::vector<double> bounds(out.numElements());
  ProductSum sum(part, part, nullptr, part, part);
  for (int64_t e = 0; e < out.numElements(); ++e) {
    double bound = 0;
    for (int k = 0; k < (complex ? 2 : 1); ++k) {
      sum.start(static_cast<int64_t>(values.size()));
      for (const RtValue& v : values) sum.add(exactDouble(part, v.tensor.bits(e, k)), 1.0);
      double part_bound = 0;
      out.setBits(e, sum.finish(part_bound), k);
      bound = std::max(bound, part_bound);
    }
    bounds[e] = bound;
    bool marked = false;
    for (const RtValue& v : values) marked = marked || v.isImplDefined(e);
    if (marked) {
      if (marks.empty()) marks.assign(out.numElements(), 0);
      marks[e] = 1;
    }
  }
  RtValue r = RtValue::ofTensor(std::move(out), std::move(marks));
  if (r.tensor.numElements() > 0) r.error_bound = std::move(bounds);
  return r;
}

// Folds `inputs` (every process's operand, in group order) left to right with the body region, element by
// element: computation(...computation(x0, x1)..., xn), after converting each operand to the computation's
// element type E (to_destination_type; C5 allows any E that the operand's element type promotes to). With a
// quantized E every step requantizes, so with three or more processes (two give one schedule) the result
// depends on the schedule unless the computation is a maximum or minimum on values that requantize to
// themselves (orderIndependentBody): every element is then marked implementation-defined.
absl::StatusOr<RtValue> foldInGroupOrder(Interpreter& interp, const Operation& op, const std::vector<const RtValue*>& inputs) {
  if (op.regions.size() != 1 || op.regions[0].blocks.size() != 1) return interp.opError(op, "needs one computation region");
  const Block& body = *op.regions[0].blocks.front();
  if (body.arguments.size() != 2 || !body.arguments[0]->type.isTensor() || body.arguments[0]->type.rank() != 0 ||
      body.arguments[0]->type != body.arguments[1]->type) {
    return interp.opError(op, "the computation must take two scalar tensors of one type (C5)");
  }
  const Type& scalar = body.arguments[0]->type;
  const Type& operand_type = inputs[0]->tensor.type();
  for (const RtValue* in : inputs) {
    if (in->tensor.type() != operand_type) return interp.opError(op, "the processes of a group gave operands of different types");
  }
  RETURN_IF_ERROR(checkPerTensorQuantized(interp, op, operand_type, "the operand"));
  RETURN_IF_ERROR(checkPerTensorQuantized(interp, op, scalar, "the computation's argument"));
  // is_promotable(element_type(operand), E) (C5) is the verify function's.
  std::vector<RtValue> converted;
  for (const RtValue* in : inputs) converted.push_back(toDestinationType(*in, scalar.tensorElement()));
  Tensor out(Type::tensor(operand_type.shape(), scalar.tensorElement()));
  std::vector<uint8_t> marks;
  const int eb = out.elementBytes();
  auto scalarAt = [&](const RtValue& v, int64_t e) {
    Tensor t(scalar);
    std::memcpy(t.mutableBytes().data(), v.tensor.bytes().data() + e * eb, eb);
    return RtValue::ofTensor(std::move(t), v.isImplDefined(e) ? std::vector<uint8_t>{1} : std::vector<uint8_t>{});
  };
  bool order_marks = false;
  const bool float_like = !scalar.isQuantized() && (isFloat(scalar.elementType()) || isComplex(scalar.elementType()));
  if (float_like && converted.size() >= 3 && !orderIndependentBody(op.regions[0], scalar, {})) {
    // Three or more float operands: the schedule is the implementation's. A plain add is the exact sum,
    // rounded once, with the accumulation bound (as reduce); any other order-dependent body is marked.
    if (singleOpBody(op.regions[0], scalar) == OpId::kAdd) return exactGroupSum(converted, scalar.elementType());
    order_marks = true;
  }
  if (scalar.isQuantized() && converted.size() >= 3) {
    bool independent = true;  // each call checks the body too
    for (const RtValue& v : converted) independent = independent && orderIndependentBody(op.regions[0], scalar, {&v.tensor});
    order_marks = !independent;
  }
  for (int64_t e = 0; e < out.numElements(); ++e) {
    RtValue acc = scalarAt(converted[0], e);
    for (size_t k = 1; k < converted.size(); ++k) {
      RtValue next = scalarAt(converted[k], e);
      const bool marked = acc.isImplDefined(0) || next.isImplDefined(0);
      ASSIGN_OR_RETURN(std::vector<RtValue> r, interp.runRegion(op.regions[0], {std::move(acc), std::move(next)}));
      if (r.size() != 1 || !r[0].isTensor() || r[0].tensor.type() != scalar) {
        return interp.opError(op, strCat("the computation must return one ", scalar.toString()));
      }
      acc = std::move(r[0]);
      if (marked) acc.impl_defined = {1};
    }
    std::memcpy(out.mutableBytes().data() + e * eb, acc.tensor.bytes().data(), eb);
    if (acc.isImplDefined(0) || order_marks) {
      if (marks.empty()) marks.assign(out.numElements(), 0);
      marks[e] = 1;
    }
  }
  return RtValue::ofTensor(std::move(out), std::move(marks));
}

// all_reduce of every operand within this process's group: results in operand order.
absl::StatusOr<std::vector<RtValue>> allReduceValues(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands,
                                                     const std::vector<int>& group) {
  ASSIGN_OR_RETURN(const std::vector<std::vector<RtValue>> all, exchange(interp, op, group, operands));
  std::vector<RtValue> results;
  for (size_t i = 0; i < operands.size(); ++i) {
    std::vector<const RtValue*> inputs;
    for (const auto& member : all) {
      if (member.size() != operands.size()) return interp.opError(op, "the processes of a group gave different numbers of operands");
      inputs.push_back(&member[i]);
    }
    ASSIGN_OR_RETURN(RtValue r, foldInGroupOrder(interp, op, inputs));
    results.push_back(std::move(r));
  }
  return results;
}

Results allReduceKernel(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands) {
  RETURN_IF_ERROR(requireTensors(interp, op, operands));
  if (operands.empty() || operands.size() != op.results.size()) return interp.opError(op, "needs one result per operand");
  ASSIGN_OR_RETURN(const Groups groups, replicaGroups(interp, op, true));
  ASSIGN_OR_RETURN(const std::vector<int>* group, requireGroup(interp, op, groups));
  return allReduceValues(interp, op, operands, *group);
}

Results collectiveReduceKernel(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands) {
  ASSIGN_OR_RETURN(std::vector<RtValue> reduced, allReduceKernel(interp, op, operands));
  ASSIGN_OR_RETURN(const Groups groups, replicaGroups(interp, op, true));
  const std::vector<int>* group = groupOf(groups, selfId(interp));
  if (group && group->front() == selfId(interp)) return reduced;
  std::vector<RtValue> results;
  for (size_t i = 0; i < op.results.size(); ++i) {
    ASSIGN_OR_RETURN(RtValue z, zeros(interp, op, i));
    results.push_back(std::move(z));
  }
  return results;
}

Results reduceScatterKernel(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands) {
  RETURN_IF_ERROR(requireTensors(interp, op, operands));
  if (operands.size() != 1 || op.results.size() != 1) return interp.opError(op, "needs one operand and one result");
  ASSIGN_OR_RETURN(const Groups groups, replicaGroups(interp, op, true));
  ASSIGN_OR_RETURN(const std::vector<int>* group, requireGroup(interp, op, groups));
  const ReduceScatterOp reduce_scatter(op);
  ASSIGN_OR_RETURN(const int64_t dim, dimension(interp, reduce_scatter, "scatter_dimension", reduce_scatter.scatterDimension(),
                                                operands[0].tensor.type().rank(), "C2"));
  const int64_t n = static_cast<int64_t>(group->size());
  if (operands[0].tensor.type().shape()[dim] % n != 0) {
    return interp.opError(op, strCat("dimension ", dim, " (size ", operands[0].tensor.type().shape()[dim],
                                     ") does not split into ", n, " parts (C1)"));
  }
  ASSIGN_OR_RETURN(const std::vector<RtValue> reduced, allReduceValues(interp, op, operands, *group));
  RtValue part = partAlong(reduced[0], dim, n, static_cast<int64_t>(indexIn(*group, selfId(interp))));
  RETURN_IF_ERROR(resultTensorType(interp, op, 0, part.tensor.type().shape()).status());
  return std::vector<RtValue>{std::move(part)};
}

// --- all_to_all ----------------------------------------------------------------------------------------

Results allToAllKernel(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands) {
  RETURN_IF_ERROR(requireTensors(interp, op, operands));
  if (operands.empty() || operands.size() != op.results.size()) return interp.opError(op, "needs one result per operand");
  const AllToAllOp all_to_all(op);
  ASSIGN_OR_RETURN(const std::vector<std::vector<int64_t>> rows, replicaGroupRows(interp, all_to_all));
  const Strategy strategy = all_to_all.channelId() > 0 ? Strategy::kCrossPartition : Strategy::kCrossReplica;
  ASSIGN_OR_RETURN(const Groups groups, processGroups(interp, op, strategy, rows, "replica_groups"));
  ASSIGN_OR_RETURN(const std::vector<int>* group, requireGroup(interp, op, groups));
  // split_count > 0 (C4) is the verify function's; that it is the size of this process's group (C8, the
  // group known at run time) protects the split below.
  const int64_t count = all_to_all.splitCount().value_or(0);
  if (count != static_cast<int64_t>(group->size())) {
    return interp.opError(op, strCat("split_count ", count, " differs from the process group size ", group->size(), " (C8)"));
  }
  const int64_t rank = operands[0].tensor.type().rank();
  ASSIGN_OR_RETURN(const int64_t split_dim,
                   dimension(interp, all_to_all, "split_dimension", all_to_all.splitDimension(), rank, "C1"));
  ASSIGN_OR_RETURN(const int64_t concat_dim,
                   dimension(interp, all_to_all, "concat_dimension", all_to_all.concatDimension(), rank, "C3"));
  for (const RtValue& v : operands) {
    if (v.tensor.type().rank() != rank) return interp.opError(op, "the operands must have one rank");
    if (v.tensor.type().shape()[split_dim] % count != 0) {
      return interp.opError(op, strCat("dimension ", split_dim, " of ", v.tensor.type().toString(), " does not split into ", count, " parts (C2)"));
    }
  }
  ASSIGN_OR_RETURN(const std::vector<std::vector<RtValue>> all, exchange(interp, op, *group, operands));
  const int64_t me = static_cast<int64_t>(indexIn(*group, selfId(interp)));
  std::vector<RtValue> results;
  for (size_t i = 0; i < operands.size(); ++i) {
    std::vector<RtValue> parts;
    for (const auto& member : all) {
      if (member.size() != operands.size() || member[i].tensor.type() != operands[i].tensor.type()) {
        return interp.opError(op, "the processes of a group gave operands of different types");
      }
      parts.push_back(partAlong(member[i], split_dim, count, me));
    }
    std::vector<const RtValue*> pointers;
    std::vector<int64_t> shape = parts[0].tensor.type().shape();
    shape[concat_dim] *= count;
    for (const RtValue& p : parts) pointers.push_back(&p);
    ASSIGN_OR_RETURN(const Type type, resultTensorType(interp, op, i, shape));
    results.push_back(concatAlong(pointers, concat_dim, type));
  }
  return results;
}

// --- collective_broadcast, collective_permute -----------------------------------------------------------

Results collectiveBroadcastKernel(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands) {
  RETURN_IF_ERROR(requireTensors(interp, op, operands));
  const CollectiveBroadcastOp broadcast(op);
  const bool dynamic_root = broadcast.hasDynamicRoot();
  const size_t data = dynamic_root ? operands.size() - 1 : operands.size();
  if (operands.empty() || (dynamic_root && operands.size() < 2) || data != op.results.size()) {
    return interp.opError(op, dynamic_root ? "needs data operands, a root operand, and one result per data operand" : "needs one result per operand");
  }
  ASSIGN_OR_RETURN(const std::vector<std::vector<int64_t>> rows, replicaGroupRows(interp, broadcast));
  const Strategy strategy = broadcast.channelId() > 0 ? Strategy::kCrossPartition : Strategy::kCrossReplica;
  ASSIGN_OR_RETURN(const Groups groups, processGroups(interp, op, strategy, rows, "replica_groups"));
  const std::vector<int>* group = groupOf(groups, selfId(interp));
  std::vector<RtValue> results;
  if (!group) {  // not in any group: zeros
    for (size_t i = 0; i < data; ++i) {
      ASSIGN_OR_RETURN(RtValue z, zeros(interp, op, i));
      results.push_back(std::move(z));
    }
    return results;
  }
  std::vector<int64_t> roots(data, 0);
  if (dynamic_root) {
    const Tensor& root = operands.back().tensor;
    if (!isInteger(root.elementType()) || root.type().rank() != 1 || root.numElements() != static_cast<int64_t>(data)) {
      return interp.opError(op, strCat("the root operand must be a 1-D integer tensor with one index per data operand (", data, ")"));
    }
    for (size_t i = 0; i < data; ++i) {
      roots[i] = static_cast<int64_t>(integerValue(root.elementType(), root.bits(i)));
      if (roots[i] < 0 || roots[i] >= static_cast<int64_t>(group->size())) {
        return interp.opError(op, strCat("root ", roots[i], " is outside the process group of size ", group->size()));
      }
    }
  }
  std::vector<RtValue> contribution(operands.begin(), operands.begin() + data);
  ASSIGN_OR_RETURN(const std::vector<std::vector<RtValue>> all, exchange(interp, op, *group, std::move(contribution)));
  for (size_t i = 0; i < data; ++i) {
    const std::vector<RtValue>& source = all[roots[i]];
    if (source.size() != data || source[i].tensor.type() != operands[i].tensor.type()) {
      return interp.opError(op, "the processes of a group gave operands of different types");
    }
    results.push_back(source[i]);
  }
  return results;
}

Results collectivePermuteKernel(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands) {
  RETURN_IF_ERROR(requireTensors(interp, op, operands));
  if (operands.empty() || operands.size() != op.results.size()) return interp.opError(op, "needs one result per operand");
  const CollectivePermuteOp permute(op);
  RETURN_IF_ERROR(requireIdRows(interp, permute, "source_target_pairs"));
  const std::vector<std::vector<int64_t>> rows = permute.sourceTargetPairs();
  // Two columns (C1) protect the pairs' indexing below; unique sources and targets (C2, C3) are the verify
  // function's.
  for (const auto& row : rows) {
    if (row.size() != 2) return interp.opError(op, "source_target_pairs must have 2 columns (C1)");
  }
  const Strategy strategy = permute.channelId() > 0 ? Strategy::kCrossPartition : Strategy::kCrossReplica;
  ASSIGN_OR_RETURN(const Groups pairs, processGroups(interp, op, strategy, rows, "source_target_pairs"));
  const int self = selfId(interp);
  std::optional<std::vector<RtValue>> received;
  // Pair by pair, in the order of source_target_pairs (every process goes through the pairs in one order,
  // so the pairwise rendezvous cannot deadlock).
  for (const std::vector<int>& pair : pairs) {
    if (pair[0] != self && pair[1] != self) continue;
    if (pair[0] == pair[1]) {
      received = operands;
      continue;
    }
    ASSIGN_OR_RETURN(std::vector<std::vector<RtValue>> all, exchange(interp, op, pair, pair[0] == self ? operands : std::vector<RtValue>{}));
    if (pair[1] == self) received = std::move(all[0]);
  }
  std::vector<RtValue> results;
  for (size_t i = 0; i < operands.size(); ++i) {
    if (received) {
      if (received->size() != operands.size() || (*received)[i].tensor.type() != operands[i].tensor.type()) {
        return interp.opError(op, "the processes gave operands of different types");
      }
      results.push_back((*received)[i]);
    } else {
      ASSIGN_OR_RETURN(RtValue z, zeros(interp, op, i));
      results.push_back(std::move(z));
    }
  }
  return results;
}

// --- send, recv, infeed, outfeed ------------------------------------------------------------------------

absl::Status requireTrailingToken(Interpreter& interp, const Operation& op, const std::vector<RtValue>& operands) {
  if (operands.empty() || operands.back().kind != RtValue::Kind::kToken) return interp.opError(op, "the last operand must be a token");
  for (size_t i = 0; i + 1 < operands.size(); ++i) {
    if (!operands[i].isTensor()) return interp.opError(op, strCat("operand ", i, " must be a tensor"));
  }
  return absl::OkStatus();
}

Results sendKernel(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands) {
  RETURN_IF_ERROR(requireTrailingToken(interp, op, operands));
  std::vector<RtValue> values(operands.begin(), operands.end() - 1);
  interp.grid().send(selfId(interp), SendOp(op).channelId(), std::move(values));
  return std::vector<RtValue>{RtValue::token()};
}

Results recvKernel(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands) {
  if (operands.size() != 1 || operands[0].kind != RtValue::Kind::kToken) return interp.opError(op, "needs one token operand");
  if (op.results.empty()) return interp.opError(op, "needs a token result");
  const int64_t channel = RecvOp(op).channelId();
  auto values = interp.grid().recv(selfId(interp), channel);
  if (!values.ok()) return gridError(interp, op, values.status());
  if (values->size() + 1 != op.results.size()) {
    return interp.opError(op, strCat("received ", values->size(), " value(s) on channel ", channel, ", but the op has ",
                                     op.results.size() - 1, " payload result(s)"));
  }
  values->push_back(RtValue::token());
  return std::move(*values);
}

// Whether a value of `actual` type may be the result of declared type `declared`: the same type, or
// the same element type and rank with every static dimension of `declared` matching.
bool fitsDeclaredType(const Type& actual, const Type& declared) {
  if (actual == declared) return true;
  if (!actual.isTensor() || !declared.isTensor() || actual.tensorElement() != declared.tensorElement() ||
      actual.rank() != declared.rank()) {
    return false;
  }
  for (int64_t d = 0; d < declared.rank(); ++d) {
    if (declared.shape()[d] != kDynamicSize && declared.shape()[d] != actual.shape()[d]) return false;
  }
  return true;
}

Results infeedKernel(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands) {
  if (operands.size() != 1 || operands[0].kind != RtValue::Kind::kToken) return interp.opError(op, "needs one token operand");
  if (op.results.empty()) return interp.opError(op, "needs a token result");
  if (!interp.grid().hasInfeed()) {
    return interp.opError(op, "this run has no infeed to read from: give entries with `hloconf eval --infeed FILE` (one per "
                              "entry), interpreter.run_parallel's `infeed` attribute (a list of functions, one per entry) or "
                              "ref::ParallelRun::infeed (reference/process.h)");
  }
  auto entry = interp.grid().popInfeed();
  if (!entry.ok()) return gridError(interp, op, entry.status());
  const std::string what = entry->source.empty() ? strCat("infeed entry ", entry->index)
                                                 : strCat("infeed entry ", entry->index, " (", entry->source, ")");
  std::vector<RtValue>& values = entry->values;
  if (values.size() + 1 != op.results.size()) {
    return interp.opError(op, strCat(what, " has ", values.size(), " value(s), but the op has ", op.results.size() - 1,
                                     " payload result(s)"));
  }
  for (size_t i = 0; i < values.size(); ++i) {
    const Type& declared = op.results[i]->type;
    const std::string actual = values[i].isTensor() ? values[i].tensor.type().toString() : std::string("a token");
    if (!values[i].isTensor() || !fitsDeclaredType(values[i].tensor.type(), declared)) {
      return interp.opError(op, strCat(what, ": value ", i, " has type ", actual, ", but result ", i, " of the op has type ",
                                       declared.toString()));
    }
  }
  values.push_back(RtValue::token());
  return std::move(values);
}

Results outfeedKernel(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands) {
  RETURN_IF_ERROR(requireTrailingToken(interp, op, operands));
  interp.recordOutfeed({interp.replicaId(), interp.partitionId(), std::vector<RtValue>(operands.begin(), operands.end() - 1)});
  return std::vector<RtValue>{RtValue::token()};
}

// --- interpreter.run_parallel, interpreter.print --------------------------------------------------------

absl::StatusOr<const Operation*> symbolFunction(Interpreter& interp, const Operation& op, const Attr& a, std::string_view what) {
  const std::optional<std::string_view> name = decode::symbol(a.get());
  if (!name) return interp.opError(op, strCat(what, " must list function symbols (@name)"));
  const Operation* f = interp.module().findFunction(*name);
  if (!f) return interp.opError(op, strCat(what, " names @", *name, ", which is not a function of this module"));
  return f;
}

// `programs = [[@f00, @f01, ...], [@f10, ...], ...]`: row r holds the programs of replica r, one per
// partition. The operands are the processes' arguments, process after process in flattened id order
// (each takes as many as its function has parameters); the results are the processes' results in the
// same order. `infeed = [@g0, @g1, ...]`: each function (no arguments) gives one entry of the shared
// infeed queue, evaluated before the run.
Results runParallelKernel(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands) {
  // A process that starts a parallel run of its own could multiply threads without bound.
  if (interp.inParallelRun()) return interp.opError(op, "a process of a parallel run cannot start another (nested run_parallel)");
  const RunParallelOp run_parallel(op);
  const std::vector<Attr>* programs = run_parallel.programs();
  if (!programs || programs->empty()) {
    return interp.opError(op, "needs a 'programs' attribute: a list of lists of functions, one list per replica");
  }
  ParallelRun run;
  run.num_replicas = static_cast<uint32_t>(programs->size());
  for (const Attr& row_attr : *programs) {
    const std::vector<Attr>* row = decode::array(row_attr.get());
    if (!row || row->empty()) return interp.opError(op, "each row of 'programs' must be a non-empty list");
    if (&row_attr == &programs->front()) run.num_partitions = static_cast<uint32_t>(row->size());
    if (row->size() != run.num_partitions) return interp.opError(op, "the rows of 'programs' must have one length (num_partitions)");
    for (const Attr& f : *row) {
      ASSIGN_OR_RETURN(const Operation* func, symbolFunction(interp, op, f, "programs"));
      run.programs.push_back(func);
    }
  }
  if (run.programs.size() > 1024) return interp.opError(op, strCat(run.programs.size(), " processes exceed the evaluator's bound of 1024"));
  size_t next = 0;
  for (const Operation* f : run.programs) {
    if (f->regions.empty() || f->regions[0].blocks.empty()) {
      return interp.opError(op, strCat("@", functionName(*f), " has no body"));
    }
    const size_t n = f->regions[0].blocks.front()->arguments.size();
    if (next + n > operands.size()) {
      return interp.opError(op, strCat("has ", operands.size(), " operand(s), fewer than the processes' functions take"));
    }
    run.args.emplace_back(operands.begin() + next, operands.begin() + next + n);
    next += n;
  }
  if (next != operands.size()) {
    return interp.opError(op, strCat("has ", operands.size(), " operand(s), but the processes' functions take ", next));
  }
  if (const Attribute* infeed_attr = run_parallel.infeed()) {
    const std::vector<Attr>* infeed = decode::array(infeed_attr);
    if (!infeed) return interp.opError(op, "'infeed' must be a list of functions");
    run.has_infeed = true;
    for (const Attr& f : *infeed) {
      ASSIGN_OR_RETURN(const Operation* func, symbolFunction(interp, op, f, "infeed"));
      ASSIGN_OR_RETURN(std::vector<RtValue> entry, interp.callFunction(*func, {}));
      run.infeed.push_back(std::move(entry));
    }
  }
  ParallelResult result = runParallel(interp.module(), interp.text(), std::move(run), interp.options());
  for (CheckResult& c : result.checks) interp.recordCheck(std::move(c));
  for (OutfeedRecord& r : result.outfeed) interp.recordOutfeed(std::move(r));
  RETURN_IF_ERROR(result.status);
  std::vector<RtValue> flat;
  for (auto& process : result.results) {
    for (RtValue& v : process) flat.push_back(std::move(v));
  }
  return flat;
}

// Prints each operand to stdout (one process at a time); returns the operand when the op has a result.
Results printKernel(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands) {
  {
    std::lock_guard<std::mutex> lock(interp.grid().printMutex());
    for (const RtValue& v : operands) std::printf("%s\n", toString(v).c_str());
    std::fflush(stdout);
  }
  if (op.results.empty()) return std::vector<RtValue>{};
  if (op.results.size() != operands.size()) return interp.opError(op, "needs one result per operand, or none");
  return operands;
}

constexpr KernelDef kCollectiveKernels[] = {
    {OpId::kReplicaId, replicaIdKernel},
    {OpId::kPartitionId, partitionIdKernel},
    {OpId::kAllGather, allGatherKernel},
    {OpId::kAllReduce, allReduceKernel},
    {OpId::kReduceScatter, reduceScatterKernel},
    {OpId::kAllToAll, allToAllKernel},
    {OpId::kCollectiveBroadcast, collectiveBroadcastKernel},
    {OpId::kCollectivePermute, collectivePermuteKernel},
    {OpId::kCollectiveReduce, collectiveReduceKernel},
    {OpId::kSend, sendKernel},
    {OpId::kRecv, recvKernel},
    {OpId::kInfeed, infeedKernel},
    {OpId::kOutfeed, outfeedKernel},
    {OpId::kInterpreterRunParallel, runParallelKernel},
    {OpId::kInterpreterPrint, printKernel},
};

}  // namespace

std::span<const KernelDef> collectiveKernels() { return kCollectiveKernels; }

}  // namespace hloconf::ref
