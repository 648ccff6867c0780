#include "ir/op_verify_movement.h"

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "ir/op_verify_util.h"
#include "ir/op_views.h"
#include "ir/status_macros.h"
#include "ir/strings.h"

namespace hloconf::verify {
namespace {

using namespace util;  // NOLINT(google-build-using-namespace): the shared helpers of ir/op_verify_util.h

absl::Status sameElement(std::string_view label, const Type& a, const Type& b, std::string_view what) {
  if (sameBaselineElement(a, b)) return absl::OkStatus();
  return violated(label, strCat(what, ": ", a.tensorElement().toString(), " and ", b.tensorElement().toString(), " differ"));
}

absl::Status isSorted(std::string_view label, std::string_view name, const Dims& dims) {
  if (std::is_sorted(dims.begin(), dims.end())) return absl::OkStatus();
  return violated(label, strCat(name, " ", listText(dims), " is not sorted"));
}

Dims concat(Dims a, const Dims& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

bool contains(const Dims& dims, int64_t d) { return std::find(dims.begin(), dims.end(), d) != dims.end(); }

// The sizes of an index tensor's dimensions other than index_vector_dim (gather's batch_dim_sizes,
// scatter's update_scatter_dim_sizes).
Dims batchSizes(const Type& indices, int64_t index_vector_dim) {
  Dims sizes;
  for (int64_t d = 0; d < indices.rank(); ++d) {
    if (d != index_vector_dim) sizes.push_back(indices.shape()[d]);
  }
  return sizes;
}

// A rank-0 tensor of element type `element` (quantized element types are not compared: skipped).
bool isScalarOf(const Type& t, const Type& element) {
  if (!t.isTensor() || t.rank() != 0) return false;
  return t.isQuantized() || element.isQuantized() || t.tensorElement() == element;
}

// The number of elements of a shape without `?` dimensions; nullopt when one is `?` or the product overflows.
std::optional<int64_t> staticSize(const Type& t) {
  int64_t n = 1;
  for (int64_t d : t.shape()) {
    if (d == kDynamicSize || d < 0 || __builtin_mul_overflow(n, d, &n)) return std::nullopt;
  }
  return n;
}

}  // namespace

absl::Status gather(const Operation& op) {
  if (op.operands.size() != 2 || op.results.size() != 1 || !allTensors(op)) return absl::OkStatus();
  const Type& operand = operandType(op, 0);
  const Type& indices = operandType(op, 1);
  const Type& result = resultType(op, 0);
  const GatherOp g(op);
  const Dims offset = g.offsetDims(), collapsed = g.collapsedSliceDims(), operand_batching = g.operandBatchingDims(),
             indices_batching = g.startIndicesBatchingDims(), start_index_map = g.startIndexMap(), sizes = g.sliceSizes();
  const int64_t index_vector_dim = g.indexVectorDim();
  const int64_t rank = operand.rank(), indices_rank = indices.rank();

  if (static_cast<int64_t>(offset.size() + collapsed.size() + operand_batching.size()) != rank) {
    return violated("gather (C1)", strCat("offset_dims ", listText(offset), ", collapsed_slice_dims ", listText(collapsed),
                                          " and operand_batching_dims ", listText(operand_batching), " must have rank(operand) (", rank,
                                          ") entries in all"));
  }
  if (index_vector_dim < 0 || index_vector_dim > indices_rank) {
    return violated("gather (C2)", strCat("index_vector_dim ", index_vector_dim, " is out of range for start_indices of rank ", indices_rank));
  }
  const int64_t index_size = index_vector_dim < indices_rank ? indices.shape()[index_vector_dim] : 1;
  if (!sameSize(static_cast<int64_t>(start_index_map.size()), index_size)) {
    return violated("gather (C3)", strCat("start_index_map ", listText(start_index_map), " must have ", index_size,
                                          " entries, the size of the index vector"));
  }
  RETURN_IF_ERROR(noRepeats("gather (C4)", "offset_dims", offset));
  RETURN_IF_ERROR(isSorted("gather (C4)", "offset_dims", offset));
  RETURN_IF_ERROR(dimsInRange("gather (C5)", "offset_dims", offset, result.rank()));
  RETURN_IF_ERROR(noRepeats("gather (C6)", "collapsed_slice_dims and operand_batching_dims", concat(collapsed, operand_batching)));
  RETURN_IF_ERROR(isSorted("gather (C7)", "collapsed_slice_dims", collapsed));
  RETURN_IF_ERROR(dimsInRange("gather (C8)", "collapsed_slice_dims", collapsed, rank));
  RETURN_IF_ERROR(isSorted("gather (C10)", "operand_batching_dims", operand_batching));
  RETURN_IF_ERROR(dimsInRange("gather (C11)", "operand_batching_dims", operand_batching, rank));
  RETURN_IF_ERROR(noRepeats("gather (C13)", "start_indices_batching_dims", indices_batching));
  RETURN_IF_ERROR(dimsInRange("gather (C14)", "start_indices_batching_dims", indices_batching, indices_rank));
  if (contains(indices_batching, index_vector_dim)) {
    return violated("gather (C15)", strCat("index_vector_dim ", index_vector_dim, " is in start_indices_batching_dims ", listText(indices_batching)));
  }
  if (operand_batching.size() != indices_batching.size()) {
    return violated("gather (C16)", strCat("operand_batching_dims ", listText(operand_batching), " and start_indices_batching_dims ",
                                           listText(indices_batching), " differ in size"));
  }
  for (size_t i = 0; i < operand_batching.size(); ++i) {
    const int64_t a = operand.shape()[operand_batching[i]], b = indices.shape()[indices_batching[i]];
    if (!sameSize(a, b)) {
      return violated("gather (C17)", strCat("operand dimension ", operand_batching[i], " (", a, ") and start_indices dimension ",
                                             indices_batching[i], " (", b, ") are batching dimensions of different sizes"));
    }
  }
  RETURN_IF_ERROR(noRepeats("gather (C18)", "start_index_map and operand_batching_dims", concat(start_index_map, operand_batching)));
  RETURN_IF_ERROR(dimsInRange("gather (C19)", "start_index_map", start_index_map, rank));
  if (static_cast<int64_t>(sizes.size()) != rank) {
    return violated("gather (C20)", strCat("slice_sizes ", listText(sizes), " must have one entry per operand dimension (", rank, ")"));
  }
  for (int64_t d : collapsed) {
    if (sizes[d] > 1) return violated("gather (C9)", strCat("slice_sizes[", d, "] = ", sizes[d], " of a collapsed dimension must be at most 1"));
  }
  for (int64_t d : operand_batching) {
    if (sizes[d] > 1) return violated("gather (C12)", strCat("slice_sizes[", d, "] = ", sizes[d], " of a batching dimension must be at most 1"));
  }
  for (int64_t d = 0; d < rank; ++d) {
    const int64_t size = operand.shape()[d];
    if (sizes[d] < 0 || (size != kDynamicSize && sizes[d] > size)) {
      return violated("gather (C21)", strCat("slice_sizes[", d, "] = ", sizes[d], " is outside [0, ", size, "]"));
    }
  }
  // (C22) and (C23), the result's shape and element type: inferResultTypes (ir/infer.h), checked by verifyAgainstSchema.
  return absl::OkStatus();
}

absl::Status scatter(const Operation& op) {
  const size_t count = op.operands.size();
  if (count < 3 || count % 2 == 0) {
    return violated("scatter (C5)", strCat("needs as many updates as inputs, at least one of each (", count, " operands in all)"));
  }
  if (!allTensors(op)) return absl::OkStatus();
  const size_t n = (count - 1) / 2;
  const Type& input = operandType(op, 0);
  const Type& indices = operandType(op, n);
  const Type& update = operandType(op, n + 1);
  const ScatterOp s(op);
  const Dims window = s.updateWindowDims(), inserted = s.insertedWindowDims(), input_batching = s.inputBatchingDims(),
             indices_batching = s.scatterIndicesBatchingDims(), to_operand = s.scatterDimsToOperandDims();
  const int64_t index_vector_dim = s.indexVectorDim();
  const int64_t rank = input.rank(), indices_rank = indices.rank();

  for (size_t i = 1; i < n; ++i) {
    if (!sameShape(operandType(op, i), input)) {
      return violated("scatter (C1)", strCat("input ", i, " has shape ", shapeText(operandType(op, i)), ", input 0 has ", shapeText(input)));
    }
  }
  if (static_cast<int64_t>(window.size() + inserted.size() + input_batching.size()) != rank) {
    return violated("scatter (C2)", strCat("update_window_dims ", listText(window), ", inserted_window_dims ", listText(inserted),
                                           " and input_batching_dims ", listText(input_batching), " must have rank(inputs[0]) (", rank,
                                           ") entries in all"));
  }
  for (size_t i = 1; i < n; ++i) {
    if (!sameShape(operandType(op, n + 1 + i), update)) {
      return violated("scatter (C3)", strCat("update ", i, " has shape ", shapeText(operandType(op, n + 1 + i)), ", update 0 has ",
                                             shapeText(update)));
    }
  }
  for (size_t i = 0; i < n; ++i) {
    RETURN_IF_ERROR(sameElement("scatter (C6)", operandType(op, i), operandType(op, n + 1 + i), strCat("input ", i, "'s and update ", i, "'s element types")));
  }
  RETURN_IF_ERROR(noRepeats("scatter (C7)", "update_window_dims", window));
  RETURN_IF_ERROR(isSorted("scatter (C7)", "update_window_dims", window));
  RETURN_IF_ERROR(dimsInRange("scatter (C8)", "update_window_dims", window, update.rank()));
  RETURN_IF_ERROR(noRepeats("scatter (C9)", "inserted_window_dims and input_batching_dims", concat(inserted, input_batching)));
  RETURN_IF_ERROR(isSorted("scatter (C10)", "inserted_window_dims", inserted));
  RETURN_IF_ERROR(dimsInRange("scatter (C11)", "inserted_window_dims", inserted, rank));
  RETURN_IF_ERROR(isSorted("scatter (C12)", "input_batching_dims", input_batching));
  RETURN_IF_ERROR(dimsInRange("scatter (C13)", "input_batching_dims", input_batching, rank));
  RETURN_IF_ERROR(noRepeats("scatter (C14)", "scatter_indices_batching_dims", indices_batching));
  RETURN_IF_ERROR(dimsInRange("scatter (C15)", "scatter_indices_batching_dims", indices_batching, indices_rank));
  if (contains(indices_batching, index_vector_dim)) {
    return violated("scatter (C16)", strCat("index_vector_dim ", index_vector_dim, " is in scatter_indices_batching_dims ", listText(indices_batching)));
  }
  if (input_batching.size() != indices_batching.size()) {
    return violated("scatter (C17)", strCat("input_batching_dims ", listText(input_batching), " and scatter_indices_batching_dims ",
                                            listText(indices_batching), " differ in size"));
  }
  for (size_t i = 0; i < input_batching.size(); ++i) {
    const int64_t a = input.shape()[input_batching[i]], b = indices.shape()[indices_batching[i]];
    if (!sameSize(a, b)) {
      return violated("scatter (C18)", strCat("inputs[0] dimension ", input_batching[i], " (", a, ") and scatter_indices dimension ",
                                              indices_batching[i], " (", b, ") are batching dimensions of different sizes"));
    }
  }
  if (index_vector_dim < 0 || index_vector_dim > indices_rank) {
    return violated("scatter (C22)", strCat("index_vector_dim ", index_vector_dim, " is out of range for scatter_indices of rank ", indices_rank));
  }
  const int64_t index_size = index_vector_dim < indices_rank ? indices.shape()[index_vector_dim] : 1;
  if (!sameSize(static_cast<int64_t>(to_operand.size()), index_size)) {
    return violated("scatter (C19)", strCat("scatter_dims_to_operand_dims ", listText(to_operand), " must have ", index_size,
                                            " entries, the size of the index vector"));
  }
  RETURN_IF_ERROR(noRepeats("scatter (C20)", "scatter_dims_to_operand_dims and input_batching_dims", concat(to_operand, input_batching)));
  RETURN_IF_ERROR(dimsInRange("scatter (C21)", "scatter_dims_to_operand_dims", to_operand, rank));
  // (C4): updates[0] interleaves the index batch sizes with window sizes no larger than the input's.
  const Dims scatter_sizes = batchSizes(indices, index_vector_dim);
  Dims input_window_sizes;
  for (int64_t d = 0; d < rank; ++d) {
    if (!contains(inserted, d) && !contains(input_batching, d)) input_window_sizes.push_back(input.shape()[d]);
  }
  if (update.rank() != static_cast<int64_t>(scatter_sizes.size() + window.size())) {
    return violated("scatter (C4)", strCat("updates[0] has rank ", update.rank(), ", but the scatter and window dimensions give ",
                                           scatter_sizes.size() + window.size()));
  }
  size_t next_scatter = 0, next_window = 0;
  for (int64_t d = 0; d < update.rank(); ++d) {
    const int64_t size = update.shape()[d];
    if (contains(window, d)) {
      const int64_t bound = input_window_sizes[next_window++];
      if (size != kDynamicSize && bound != kDynamicSize && size > bound) {
        return violated("scatter (C4)", strCat("update window dimension ", d, " has size ", size, ", more than the input's ", bound));
      }
    } else if (!sameSize(size, scatter_sizes[next_scatter++])) {
      return violated("scatter (C4)", strCat("update dimension ", d, " has size ", size, ", but scatter_indices gives ", scatter_sizes[next_scatter - 1]));
    }
  }
  if (op.results.size() != n) return violated("scatter (C24)", strCat("has ", op.results.size(), " results for ", n, " inputs"));
  for (size_t i = 0; i < n; ++i) {
    if (!sameShape(resultType(op, i), operandType(op, i))) {
      return violated("scatter (C24)", strCat("result ", i, " has shape ", shapeText(resultType(op, i)), ", input ", i, " has ",
                                              shapeText(operandType(op, i))));
    }
  }
  // (C23): the update computation takes 2 * N scalars, whose element types Ei the inputs' promote to (checked
  // last); (C25): result i has the element type Ei.
  const Block* block = regionBlock(op, 0);
  if (!block) return absl::OkStatus();
  if (block->arguments.size() != 2 * n) {
    return violated("scatter (C23)", strCat("update_computation takes ", block->arguments.size(), " arguments, expected ", 2 * n));
  }
  for (size_t i = 0; i < 2 * n; ++i) {
    const Type& arg = block->arguments[i]->type;
    if (!arg.isTensor() || arg.rank() != 0) return violated("scatter (C23)", strCat("update_computation argument ", i, " has type ", arg.toString(), ", not a scalar tensor"));
  }
  for (size_t i = 0; i < n; ++i) {
    const Type& arg = block->arguments[i]->type;
    if (!isScalarOf(arg, resultType(op, i).tensorElement()) || !isScalarOf(block->arguments[n + i]->type, arg.tensorElement())) {
      return violated("scatter (C25)", strCat("result ", i, " has element type ", resultType(op, i).tensorElement().toString(),
                                              ", but update_computation's arguments ", i, " and ", n + i, " have types ", arg.toString(), " and ",
                                              block->arguments[n + i]->type.toString()));
    }
  }
  // (C23)'s is_promotable(element_type(inputs[i]), Ei).
  for (size_t i = 0; i < n; ++i) {
    const Type& from = operandType(op, i).tensorElement();
    const Type& to = block->arguments[i]->type.tensorElement();
    if (!isPromotable(from, to)) {
      return violated("scatter (C23)", strCat("input ", i, "'s element type ", from.toString(),
                                              " is not promotable to update_computation's E", i, " = ", to.toString()));
    }
  }
  return absl::OkStatus();
}

absl::Status dynamicSlice(const Operation& op) {
  if (op.operands.empty() || op.results.size() != 1 || !allTensors(op)) return absl::OkStatus();
  const Type& operand = operandType(op, 0);
  const Type& result = resultType(op, 0);
  const Dims sizes = DynamicSliceOp(op).sliceSizes();
  const int64_t rank = operand.rank();
  RETURN_IF_ERROR(sameElement("dynamic_slice (C1)", operand, result, "the operand's and the result's element types"));
  const int64_t starts = static_cast<int64_t>(op.operands.size()) - 1;
  if (starts != rank || static_cast<int64_t>(sizes.size()) != rank) {
    return violated("dynamic_slice (C2)", strCat("has ", starts, " start indices and slice_sizes ", listText(sizes), " for an operand of rank ", rank));
  }
  for (size_t i = 2; i < op.operands.size(); ++i) {
    if (operandType(op, i) != operandType(op, 1)) {
      return violated("dynamic_slice (C3)", strCat("start index ", i - 1, " has type ", operandType(op, i).toString(), ", start index 0 has ",
                                                   operandType(op, 1).toString()));
    }
  }
  for (int64_t d = 0; d < rank; ++d) {
    const int64_t size = operand.shape()[d];
    if (sizes[d] < 0 || (size != kDynamicSize && sizes[d] > size)) {
      return violated("dynamic_slice (C4)", strCat("slice_sizes[", d, "] = ", sizes[d], " is outside [0, ", size, "]"));
    }
  }
  // (C5) shape(result) = slice_sizes: inferResultTypes (ir/infer.h), checked by verifyAgainstSchema.
  return absl::OkStatus();
}

absl::Status dynamicUpdateSlice(const Operation& op) {
  if (op.operands.size() < 2 || op.results.size() != 1 || !allTensors(op)) return absl::OkStatus();
  const Type& operand = operandType(op, 0);
  const Type& update = operandType(op, 1);
  const Type& result = resultType(op, 0);
  if (!sameBaselineElement(operand, result) || !sameShape(operand, result)) {
    return violated("dynamic_update_slice (C1)", strCat("the operand's type ", operand.toString(), " and the result's type ", result.toString(), " differ"));
  }
  RETURN_IF_ERROR(sameElement("dynamic_update_slice (C2)", update, operand, "the update's and the operand's element types"));
  const int64_t rank = operand.rank();
  if (update.rank() != rank) return violated("dynamic_update_slice (C3)", strCat("the update has rank ", update.rank(), ", the operand ", rank));
  const int64_t starts = static_cast<int64_t>(op.operands.size()) - 2;
  if (starts != rank) return violated("dynamic_update_slice (C4)", strCat("has ", starts, " start indices for an operand of rank ", rank));
  for (size_t i = 3; i < op.operands.size(); ++i) {
    if (operandType(op, i) != operandType(op, 2)) {
      return violated("dynamic_update_slice (C5)", strCat("start index ", i - 2, " has type ", operandType(op, i).toString(), ", start index 0 has ",
                                                          operandType(op, 2).toString()));
    }
  }
  for (int64_t d = 0; d < rank; ++d) {
    const int64_t u = update.shape()[d], o = operand.shape()[d];
    if (u != kDynamicSize && o != kDynamicSize && u > o) {
      return violated("dynamic_update_slice (C6)", strCat("update dimension ", d, " has size ", u, ", more than the operand's ", o));
    }
  }
  return absl::OkStatus();
}

absl::Status select(const Operation& op) {
  if (op.operands.size() != 3 || op.results.size() != 1 || !allTensors(op)) return absl::OkStatus();
  const Type& pred = operandType(op, 0);
  const Type& on_true = operandType(op, 1);
  const Type& on_false = operandType(op, 2);
  const Type& result = resultType(op, 0);
  if (pred.rank() != 0 && !sameShape(pred, on_true)) {
    return violated("select (C1)", strCat("pred has shape ", shapeText(pred), ", which is neither a scalar nor on_true's ", shapeText(on_true)));
  }
  for (const Type* other : {&on_false, &result}) {
    if (!sameBaselineElement(on_true, *other) || !sameShape(on_true, *other)) {
      return violated("select (C2)", strCat("on_true, on_false and the result must have one baseline type: ", on_true.toString(), " and ",
                                            other->toString(), " differ"));
    }
  }
  return absl::OkStatus();
}

absl::Status clamp(const Operation& op) {
  if (op.operands.size() != 3 || op.results.size() != 1 || !allTensors(op)) return absl::OkStatus();
  const Type& min = operandType(op, 0);
  const Type& operand = operandType(op, 1);
  const Type& max = operandType(op, 2);
  const Type& result = resultType(op, 0);
  if (min.rank() != 0 && !sameShape(min, operand)) {
    return violated("clamp (C1)", strCat("min has shape ", shapeText(min), ", which is neither a scalar nor the operand's ", shapeText(operand)));
  }
  if (max.rank() != 0 && !sameShape(max, operand)) {
    return violated("clamp (C2)", strCat("max has shape ", shapeText(max), ", which is neither a scalar nor the operand's ", shapeText(operand)));
  }
  RETURN_IF_ERROR(sameElement("clamp (C3)", min, operand, "min's and the operand's element types"));
  RETURN_IF_ERROR(sameElement("clamp (C3)", max, operand, "max's and the operand's element types"));
  if (!sameBaselineElement(operand, result) || !sameShape(operand, result)) {
    return violated("clamp (C4)", strCat("the operand's type ", operand.toString(), " and the result's type ", result.toString(), " differ"));
  }
  return absl::OkStatus();
}

absl::Status sort(const Operation& op) {
  if (op.operands.empty()) return violated("sort (C1)", "needs at least one input");
  if (!allTensors(op)) return absl::OkStatus();
  const Type& first = operandType(op, 0);
  if (op.results.size() != op.operands.size()) {
    return violated("sort (C2)", strCat("has ", op.results.size(), " results for ", op.operands.size(), " inputs"));
  }
  for (size_t i = 0; i < op.operands.size(); ++i) {
    const Type& input = operandType(op, i);
    const Type& result = resultType(op, i);
    if (!sameBaselineElement(input, result) || !sameShape(input, result)) {
      return violated("sort (C2)", strCat("input ", i, " has type ", input.toString(), ", result ", i, " has ", result.toString()));
    }
    if (!sameShape(input, first)) {
      return violated("sort (C3)", strCat("input ", i, " has shape ", shapeText(input), ", input 0 has ", shapeText(first)));
    }
  }
  const int64_t dimension = SortOp(op).dimension(), rank = first.rank();
  if (dimension < -rank || dimension >= rank) {
    return violated("sort (C4)", strCat("dimension ", dimension, " is out of range [", -rank, ", ", rank, ")"));
  }
  // (C5): the comparator takes two scalars of each input's element type and returns tensor<i1>.
  const Block* block = regionBlock(op, 0);
  if (!block) return absl::OkStatus();
  const size_t n = op.operands.size();
  if (block->arguments.size() != 2 * n) {
    return violated("sort (C5)", strCat("the comparator takes ", block->arguments.size(), " arguments, expected ", 2 * n));
  }
  for (size_t i = 0; i < 2 * n; ++i) {
    const Type& arg = block->arguments[i]->type;
    if (!isScalarOf(arg, operandType(op, i / 2).tensorElement())) {
      return violated("sort (C5)", strCat("comparator argument ", i, " has type ", arg.toString(), ", expected a scalar of input ", i / 2,
                                          "'s element type ", operandType(op, i / 2).tensorElement().toString()));
    }
  }
  if (!block->operations.empty() && block->operations.back()->operands.size() == 1) {
    const Type& returned = block->operations.back()->operands[0]->type;
    if (!returned.isTensor() || returned.rank() != 0 || returned.isQuantized() || returned.tensorElement().elementType() != ElementType::kI1) {
      return violated("sort (C5)", strCat("the comparator returns ", returned.toString(), ", not tensor<i1>"));
    }
  } else if (!block->operations.empty()) {
    return violated("sort (C5)", strCat("the comparator returns ", block->operations.back()->operands.size(), " values, not one tensor<i1>"));
  }
  return absl::OkStatus();
}

absl::Status compare(const Operation& op) {
  if (op.operands.size() != 2 || op.results.size() != 1 || !allTensors(op)) return absl::OkStatus();
  const Type& lhs = operandType(op, 0);
  const Type& rhs = operandType(op, 1);
  const Type& result = resultType(op, 0);
  RETURN_IF_ERROR(sameElement("compare (C1)", lhs, rhs, "lhs's and rhs's element types"));
  if (!sameShape(lhs, rhs) || !sameShape(lhs, result)) {
    return violated("compare (C2)", strCat("lhs ", shapeText(lhs), ", rhs ", shapeText(rhs), " and the result ", shapeText(result),
                                           " must have one shape"));
  }
  // (C3): a given compare_type fits lhs's element type (quantized types compare as their expressed floats
  // and are not checked).
  const std::string_view compare_type = CompareOp(op).compareType();
  if (compare_type.empty() || lhs.isQuantized()) return absl::OkStatus();
  const ElementType e = lhs.elementType();
  const bool fits = isSignedInteger(e)                    ? compare_type == "SIGNED"
                    : isInteger(e) || e == ElementType::kI1 ? compare_type == "UNSIGNED"
                    : isComplex(e)                        ? compare_type == "FLOAT"
                                                          : compare_type == "FLOAT" || compare_type == "TOTALORDER";
  if (!fits) {
    return violated("compare (C3)", strCat("compare_type ", compare_type, " does not fit lhs's element type ", elementTypeName(e)));
  }
  return absl::OkStatus();
}

absl::Status reshape(const Operation& op) {
  if (op.operands.size() != 1 || op.results.size() != 1 || !allTensors(op)) return absl::OkStatus();
  const Type& operand = operandType(op, 0);
  const Type& result = resultType(op, 0);
  RETURN_IF_ERROR(movedElementType("reshape (C1)", operand, result, /*scales_may_differ=*/false));
  const std::optional<int64_t> in = staticSize(operand), out = staticSize(result);
  if (in && out && *in != *out) {
    return violated("reshape (C2)",
                    strCat("the operand ", shapeText(operand), " has ", *in, " elements, the result ", shapeText(result), " has ", *out));
  }
  return perAxisReshape("reshape (C3)", operand, result);
}

absl::Status getDimensionSize(const Operation& op) {
  if (op.operands.size() != 1 || !operandType(op, 0).isTensor()) return absl::OkStatus();
  const int64_t rank = operandType(op, 0).rank();
  const int64_t dimension = GetDimensionSizeOp(op).dimension();
  if (dimension < 0 || dimension >= rank) {
    return violated("get_dimension_size (C1)", strCat("dimension ", dimension, " is out of range for rank ", rank));
  }
  return absl::OkStatus();
}

absl::Status dynamicBroadcastInDim(const Operation& op) {
  if (op.operands.size() != 2 || op.results.size() != 1 || !allTensors(op)) return absl::OkStatus();
  const Type& operand = operandType(op, 0);
  const Type& output_dimensions = operandType(op, 1);
  const Type& result = resultType(op, 0);
  const DynamicBroadcastInDimOp view(op);
  RETURN_IF_ERROR(movedElementType("dynamic_broadcast_in_dim (C1)", operand, result, /*scales_may_differ=*/true));
  const Dims dims = view.broadcastDimensions();
  if (static_cast<int64_t>(dims.size()) != operand.rank()) {
    return violated("dynamic_broadcast_in_dim (C2)",
                    strCat("broadcast_dimensions ", listText(dims), " must have one entry per operand dimension (", operand.rank(), ")"));
  }
  RETURN_IF_ERROR(dimsInRange("dynamic_broadcast_in_dim (C3)", "broadcast_dimensions", dims, result.rank()));
  RETURN_IF_ERROR(noRepeats("dynamic_broadcast_in_dim (C4)", "broadcast_dimensions", dims));
  for (size_t d = 0; d < dims.size(); ++d) {
    const int64_t in = operand.shape()[d], out = result.shape()[static_cast<size_t>(dims[d])];
    if (in != 1 && !sameSize(in, out)) {
      return violated("dynamic_broadcast_in_dim (C5)",
                      strCat("operand dimension ", d, " has size ", in, ", which is neither 1 nor the size of result dimension ", dims[d],
                             " (", out, ")"));
    }
  }
  RETURN_IF_ERROR(broadcastAxis("dynamic_broadcast_in_dim (C6)", operand, result, dims));
  if (output_dimensions.rank() == 1 && !sameSize(output_dimensions.shape()[0], result.rank())) {
    return violated("dynamic_broadcast_in_dim (C7)",
                    strCat("output_dimensions has ", output_dimensions.shape()[0], " elements, but the result has rank ", result.rank()));
  }
  const Dims expanding = view.knownExpandingDimensions(), nonexpanding = view.knownNonexpandingDimensions();
  RETURN_IF_ERROR(noRepeats("dynamic_broadcast_in_dim (C8)", "known_expanding_dimensions + known_nonexpanding_dimensions",
                            concat(expanding, nonexpanding)));
  RETURN_IF_ERROR(dimsInRange("dynamic_broadcast_in_dim (C9)", "known_expanding_dimensions", expanding, operand.rank()));
  return dimsInRange("dynamic_broadcast_in_dim (C10)", "known_nonexpanding_dimensions", nonexpanding, operand.rank());
}

absl::Status dynamicIota(const Operation& op) {
  if (op.operands.size() != 1 || op.results.size() != 1 || !allTensors(op)) return absl::OkStatus();
  const Type& output_shape = operandType(op, 0);
  const Type& result = resultType(op, 0);
  // size(output_shape) where its type shows it; otherwise rank(result), which (C2) makes the same.
  int64_t size = result.rank();
  if (output_shape.rank() == 1 && output_shape.shape()[0] != kDynamicSize) {
    size = output_shape.shape()[0];
    if (size != result.rank()) {
      return violated("dynamic_iota (C2)", strCat("output_shape has ", size, " elements, but the result has rank ", result.rank()));
    }
  }
  const int64_t dimension = DynamicIotaOp(op).iotaDimension();
  if (dimension < 0 || dimension >= size) {
    return violated("dynamic_iota (C1)", strCat("iota_dimension ", dimension, " is out of range for size(output_shape) ", size));
  }
  return absl::OkStatus();
}

absl::Status dynamicReshape(const Operation& op) {
  if (op.operands.size() != 2 || op.results.size() != 1 || !allTensors(op)) return absl::OkStatus();
  const Type& operand = operandType(op, 0);
  const Type& output_shape = operandType(op, 1);
  const Type& result = resultType(op, 0);
  RETURN_IF_ERROR(movedElementType("dynamic_reshape (C1)", operand, result, /*scales_may_differ=*/false));
  if (output_shape.rank() == 1 && !sameSize(output_shape.shape()[0], result.rank())) {
    return violated("dynamic_reshape (C4)",
                    strCat("output_shape has ", output_shape.shape()[0], " elements, but the result has rank ", result.rank()));
  }
  // (C2) on the declared types (a `?` passes; output_shape's values are the kernel's).
  const std::optional<int64_t> in = staticSize(operand), out = staticSize(result);
  if (in && out && *in != *out) {
    return violated("dynamic_reshape (C2)",
                    strCat("the operand ", shapeText(operand), " has ", *in, " elements, the result ", shapeText(result), " has ", *out));
  }
  return perAxisReshape("dynamic_reshape (C3)", operand, result);
}

absl::Status dynamicPad(const Operation& op) {
  if (op.operands.size() != 5 || op.results.size() != 1 || !allTensors(op)) return absl::OkStatus();
  const Type& operand = operandType(op, 0);
  const Type& padding_value = operandType(op, 1);
  const Type& result = resultType(op, 0);
  if (operand.tensorElement() != padding_value.tensorElement() || operand.tensorElement() != result.tensorElement()) {
    return violated("dynamic_pad (C1)",
                    strCat("the operand, padding_value and result have element types ", operand.tensorElement().toString(), ", ",
                           padding_value.tensorElement().toString(), " and ", result.tensorElement().toString(), "; they must be one"));
  }
  // (C2) where the padding operands' types show their sizes; (C3) where interior_padding is a constant.
  static constexpr const char* kNames[] = {"edge_padding_low", "edge_padding_high", "interior_padding"};
  for (size_t i = 0; i < 3; ++i) {
    const Type& padding = operandType(op, 2 + i);
    if (padding.rank() == 1 && !sameSize(padding.shape()[0], operand.rank())) {
      return violated("dynamic_pad (C2)",
                      strCat(kNames[i], " has ", padding.shape()[0], " elements, but the operand has rank ", operand.rank()));
    }
  }
  if (const std::optional<Dims> interior = constantIntegers(op.operands[4]); interior) {
    for (int64_t p : *interior) {
      if (p < 0) return violated("dynamic_pad (C3)", strCat("interior_padding ", listText(*interior), " has a negative entry"));
    }
  }
  if (result.rank() != operand.rank()) {
    return violated("dynamic_pad (C4)", strCat("the result has rank ", result.rank(), ", the operand ", operand.rank()));
  }
  return absl::OkStatus();
}

absl::Status dynamicGather(const Operation& op) {
  if (op.operands.size() != 3 || op.results.size() != 1 || !allTensors(op)) return absl::OkStatus();
  const Type& operand = operandType(op, 0);
  const Type& indices = operandType(op, 1);
  const Type& slice_sizes = operandType(op, 2);
  const Type& result = resultType(op, 0);
  const DynamicGatherOp g(op);
  const Dims offset = g.offsetDims(), collapsed = g.collapsedSliceDims(), operand_batching = g.operandBatchingDims(),
             start_index_map = g.startIndexMap();
  const int64_t index_vector_dim = g.indexVectorDim();
  const int64_t rank = operand.rank(), indices_rank = indices.rank();
  // The spec's dynamic_gather predates the batching dimensions of #stablehlo.gather; as gather's (C1) does,
  // operand_batching_dims count with the collapsed ones (the kernel delegates to gather's).
  if (static_cast<int64_t>(offset.size() + collapsed.size() + operand_batching.size()) != rank) {
    return violated("dynamic_gather (C1)", strCat("offset_dims ", listText(offset), " and collapsed_slice_dims ", listText(collapsed),
                                                  " must have rank(operand) (", rank, ") entries in all"));
  }
  if (index_vector_dim < 0 || index_vector_dim > indices_rank) {
    return violated("dynamic_gather (C2)",
                    strCat("index_vector_dim ", index_vector_dim, " is out of range for start_indices of rank ", indices_rank));
  }
  const int64_t index_size = index_vector_dim < indices_rank ? indices.shape()[static_cast<size_t>(index_vector_dim)] : 1;
  if (!sameSize(static_cast<int64_t>(start_index_map.size()), index_size)) {
    return violated("dynamic_gather (C3)", strCat("start_index_map ", listText(start_index_map), " must have ", index_size, " entries"));
  }
  RETURN_IF_ERROR(noRepeats("dynamic_gather (C4)", "offset_dims", offset));
  RETURN_IF_ERROR(isSorted("dynamic_gather (C4)", "offset_dims", offset));
  RETURN_IF_ERROR(dimsInRange("dynamic_gather (C5)", "offset_dims", offset, result.rank()));
  RETURN_IF_ERROR(noRepeats("dynamic_gather (C6)", "collapsed_slice_dims", collapsed));
  RETURN_IF_ERROR(isSorted("dynamic_gather (C6)", "collapsed_slice_dims", collapsed));
  RETURN_IF_ERROR(dimsInRange("dynamic_gather (C7)", "collapsed_slice_dims", collapsed, rank));
  RETURN_IF_ERROR(noRepeats("dynamic_gather (C9)", "start_index_map", start_index_map));
  RETURN_IF_ERROR(dimsInRange("dynamic_gather (C10)", "start_index_map", start_index_map, rank));
  if (slice_sizes.rank() == 1 && !sameSize(slice_sizes.shape()[0], rank)) {
    return violated("dynamic_gather (C11)",
                    strCat("slice_sizes has ", slice_sizes.shape()[0], " elements, but the operand has rank ", rank));
  }
  // (C8), (C12) and (C13) where slice_sizes is a constant; otherwise its values are the kernel's.
  if (const std::optional<Dims> sizes = constantIntegers(op.operands[2]); sizes && static_cast<int64_t>(sizes->size()) == rank) {
    for (int64_t d : collapsed) {
      if ((*sizes)[d] > 1) {
        return violated("dynamic_gather (C8)", strCat("slice_sizes[", d, "] = ", (*sizes)[d], " of a collapsed dimension must be at most 1"));
      }
    }
    for (int64_t d = 0; d < rank; ++d) {
      const int64_t size = operand.shape()[d];
      if ((*sizes)[d] < 0 || (size != kDynamicSize && (*sizes)[d] > size)) {
        return violated("dynamic_gather (C12)", strCat("slice_sizes[", d, "] = ", (*sizes)[d], " is outside [0, ", size, "]"));
      }
    }
    const Dims batch = batchSizes(indices, index_vector_dim);
    Dims offset_sizes;
    for (int64_t d = 0; d < rank; ++d) {
      if (!contains(collapsed, d) && !contains(operand_batching, d)) offset_sizes.push_back((*sizes)[d]);
    }
    if (result.rank() != static_cast<int64_t>(batch.size() + offset_sizes.size()) || offset.size() != offset_sizes.size()) {
      return violated("dynamic_gather (C13)", strCat("the result has rank ", result.rank(), ", but the batch and offset dimensions give ",
                                                     batch.size() + offset_sizes.size()));
    }
    size_t next_batch = 0, next_offset = 0;
    for (int64_t d = 0; d < result.rank(); ++d) {
      const int64_t expected = contains(offset, d) ? offset_sizes[next_offset++] : batch[next_batch++];
      if (!sameSize(result.shape()[d], expected)) {
        return violated("dynamic_gather (C13)", strCat("result dimension ", d, " has size ", result.shape()[d], ", expected ", expected));
      }
    }
  }
  if (operand.tensorElement() != result.tensorElement()) {
    return violated("dynamic_gather (C14)", strCat("the operand's element type ", operand.tensorElement().toString(), " and the result's ",
                                                   result.tensorElement().toString(), " differ"));
  }
  return absl::OkStatus();
}

}  // namespace hloconf::verify
