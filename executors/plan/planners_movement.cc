// Planners of the data movement and indexing family: reshape, broadcast_in_dim, transpose, slice, reverse,
// concatenate, pad, iota, get_dimension_size, dynamic_slice, dynamic_update_slice, gather, scatter, sort,
// and dynamic_iota, dynamic_reshape, dynamic_broadcast_in_dim, dynamic_pad, dynamic_gather as their static
// ops when their shape operands are constants (read once here). Each checks the spec's constraints that
// the kernels rely on to stay in bounds (a program that breaks one is refused) and turns the op into copy
// patterns and index tables once.
#include <algorithm>
#include <numeric>

#include "executors/plan/movement_params.h"
#include "executors/plan/planners.h"
#include "executors/plan/promotion.h"
#include "ir/numerics_base.h"
#include "ir/op_views.h"
#include "ir/strings.h"

namespace hloconf::plan {

std::vector<int64_t> rowMajorStrides(const std::vector<int64_t>& shape) {
  std::vector<int64_t> strides(shape.size(), 1);
  for (size_t d = shape.size(); d-- > 1;) strides[d - 1] = strides[d] * shape[d];
  return strides;
}

CopyPattern simplifyCopy(CopyPattern p) {
  CopyPattern out;
  out.src_offset = p.src_offset;
  out.dst_offset = p.dst_offset;
  for (size_t d = 0; d < p.shape.size(); ++d) {
    if (p.shape[d] == 0) {
      out.empty = true;
      out.shape.clear();
      out.src_strides.clear();
      out.dst_strides.clear();
      return out;
    }
    if (p.shape[d] == 1) continue;
    if (!out.shape.empty() && out.src_strides.back() == p.src_strides[d] * p.shape[d] &&
        out.dst_strides.back() == p.dst_strides[d] * p.shape[d]) {
      out.shape.back() *= p.shape[d];
      out.src_strides.back() = p.src_strides[d];
      out.dst_strides.back() = p.dst_strides[d];
      continue;
    }
    out.shape.push_back(p.shape[d]);
    out.src_strides.push_back(p.src_strides[d]);
    out.dst_strides.push_back(p.dst_strides[d]);
  }
  return out;
}

namespace {

using Shape = std::vector<int64_t>;

std::string listText(const Shape& values) {
  std::string text = "[";
  for (size_t i = 0; i < values.size(); ++i) strAppend(&text, i ? ", " : "", values[i]);
  return text + "]";
}

const Type& operandType(const Step& step, const Plan& plan, size_t i) { return plan.slot_types[step.operands.at(i)]; }
const Type& resultType(const Step& step, const Plan& plan, size_t i) { return plan.slot_types[step.results.at(i)]; }

absl::Status expectCounts(const Step& step, size_t operands, size_t results) {
  if (step.operands.size() != operands || step.results.size() != results)
    return absl::InvalidArgumentError(strCat("takes ", operands, " operand(s) and gives ", results, " result(s)"));
  return absl::OkStatus();
}

absl::Status sameElementType(const Type& a, const Type& b, std::string_view what) {
  if (a.elementType() != b.elementType())
    return absl::InvalidArgumentError(strCat(what, ": ", a.toString(), " and ", b.toString(), " differ in element type"));
  return absl::OkStatus();
}

absl::Status expectShape(const Type& result, const Shape& shape, std::string_view constraint) {
  if (result.shape() != shape)
    return absl::InvalidArgumentError(strCat("the result is ", result.toString(), " but the op gives shape ", listText(shape),
                                             " (spec: ", constraint, ")"));
  return absl::OkStatus();
}

// Each of `dims` in [0, rank), no repeats; marks them in `seen` (which may hold earlier marks).
absl::Status checkDims(const Shape& dims, int64_t rank, std::string_view what, std::vector<bool>& seen) {
  for (int64_t d : dims) {
    if (d < 0 || d >= rank) return absl::InvalidArgumentError(strCat(what, " ", listText(dims), ": ", d, " is out of range for rank ", rank));
    if (seen[static_cast<size_t>(d)]) return absl::InvalidArgumentError(strCat(what, " ", listText(dims), ": ", d, " repeats or overlaps"));
    seen[static_cast<size_t>(d)] = true;
  }
  return absl::OkStatus();
}

template <class P>
P& newParams(Step& step) {
  auto params = std::make_shared<P>();
  P& ref = *params;
  step.params = std::move(params);
  return ref;
}

// The values of operand `i` of a dynamic op, a 1-dimensional integer tensor that a stablehlo.constant
// gives: the planner reads them once, and the op is planned as its static counterpart.
absl::StatusOr<Shape> constantOperand(const Operation& op, size_t i, std::string_view name) {
  if (i >= op.operands.size()) return absl::InvalidArgumentError(strCat("needs a ", name, " operand"));
  const Operation* defining = op.operands[i]->defining_op;
  if (!defining || defining->id != OpId::kConstant)
    return absl::UnimplementedError(strCat("a shape operand (", name, ") computed at run time is not supported yet"));
  const Tensor* value = decode::denseElements(ConstantOp(*defining).value());
  if (!value || value->type().rank() != 1 || !isInteger(value->elementType()))
    return absl::InvalidArgumentError(strCat(name, " is a 1-dimensional integer tensor"));
  Shape values;
  for (int64_t k = 0; k < value->numElements(); ++k) {
    const __int128 v = integerValue(value->elementType(), value->bits(k));
    if (v < INT64_MIN || v > INT64_MAX) return absl::InvalidArgumentError(strCat(name, " holds a value out of the range of si64"));
    values.push_back(static_cast<int64_t>(v));
  }
  return values;
}

// The values of shape operand `i` of a dynamic op whose shape operand gives its result's shape: a constant's,
// or, for one computed at run time, the static result's shape with a ShapeCheck that the run holds them.
absl::StatusOr<Shape> resultShapeOperand(const Operation& op, size_t i, std::string_view name, std::string_view label,
                                         Step& step, const Plan& plan) {
  if (i < op.operands.size() && (!op.operands[i]->defining_op || op.operands[i]->defining_op->id != OpId::kConstant) &&
      i < step.operands.size()) {
    const Type& operand = operandType(step, plan, i);
    if (operand.rank() != 1 || !isInteger(operand.elementType()))
      return absl::InvalidArgumentError(strCat(name, " is a 1-dimensional integer tensor"));
    const Shape shape = resultType(step, plan, 0).shape();
    if (operand.shape()[0] != static_cast<int64_t>(shape.size()))
      return absl::InvalidArgumentError(strCat(name, " has ", operand.shape()[0], " elements for a result of rank ", shape.size(),
                                               " (spec: ", label, ")"));
    step.shape_checks.push_back(ShapeCheck{step.operands[i], shape, strCat(name, " (spec: ", label, ")")});
    return shape;
  }
  return constantOperand(op, i, name);
}

// A dynamic op's shape operand against its (static) result shape.
absl::Status expectShapeOperand(const Type& result, const Shape& values, std::string_view name, std::string_view label) {
  if (result.shape() != values)
    return absl::InvalidArgumentError(strCat(name, " ", listText(values), " is not the shape of the result ", result.toString(),
                                             " (spec: ", label, ")"));
  return absl::OkStatus();
}

absl::Status checkReshape(const Step& step, const Plan& plan, std::string_view op) {
  const Type& in = operandType(step, plan, 0);
  const Type& out = resultType(step, plan, 0);
  RETURN_IF_ERROR(sameElementType(in, out, strCat(op, " (C1)")));
  if (in.numElements() != out.numElements())
    return absl::InvalidArgumentError(strCat(in.toString(), " and ", out.toString(), " differ in size (spec: ", op, " (C2))"));
  return absl::OkStatus();
}

absl::Status planReshape(const Operation&, Step& step, const Plan& plan) {
  RETURN_IF_ERROR(expectCounts(step, 1, 1));
  return checkReshape(step, plan, "reshape");
}

absl::Status planDynamicReshape(const Operation& op, Step& step, const Plan& plan) {
  RETURN_IF_ERROR(expectCounts(step, 2, 1));
  ASSIGN_OR_RETURN(const Shape shape, resultShapeOperand(op, 1, "output_shape", "dynamic_reshape (C4)", step, plan));
  RETURN_IF_ERROR(expectShapeOperand(resultType(step, plan, 0), shape, "output_shape", "dynamic_reshape (C4)"));
  return checkReshape(step, plan, "dynamic_reshape");
}

// broadcast_in_dim and dynamic_broadcast_in_dim (`op`), whose constraints (C1)-(C5) agree.
absl::Status planBroadcast(const Shape& dims, Step& step, const Plan& plan, std::string_view op) {
  const Type& in = operandType(step, plan, 0);
  const Type& out = resultType(step, plan, 0);
  RETURN_IF_ERROR(sameElementType(in, out, strCat(op, " (C1)")));
  if (static_cast<int64_t>(dims.size()) != in.rank())
    return absl::InvalidArgumentError(strCat("broadcast_dimensions ", listText(dims), " needs one entry per operand dimension (spec: ", op, " (C2))"));
  std::vector<bool> seen(static_cast<size_t>(out.rank()), false);
  RETURN_IF_ERROR(checkDims(dims, out.rank(), "broadcast_dimensions", seen));
  const Shape in_strides = rowMajorStrides(in.shape());
  CopyPattern copy;
  copy.shape = out.shape();
  copy.dst_strides = rowMajorStrides(out.shape());
  copy.src_strides.assign(out.shape().size(), 0);
  for (size_t i = 0; i < dims.size(); ++i) {
    const int64_t d = dims[i], size = in.shape()[i];
    if (size != 1 && size != out.shape()[static_cast<size_t>(d)])
      return absl::InvalidArgumentError(strCat("operand dimension ", i, " of size ", size, " cannot broadcast to result dimension ", d,
                                               " (spec: ", op, " (C5))"));
    if (size != 1) copy.src_strides[static_cast<size_t>(d)] = in_strides[i];
  }
  newParams<CopyParams>(step).copy = simplifyCopy(std::move(copy));
  return absl::OkStatus();
}

absl::Status planBroadcastInDim(const Operation& op, Step& step, const Plan& plan) {
  RETURN_IF_ERROR(expectCounts(step, 1, 1));
  return planBroadcast(BroadcastInDimOp(op).broadcastDimensions(), step, plan, "broadcast_in_dim");
}

absl::Status planDynamicBroadcastInDim(const Operation& op, Step& step, const Plan& plan) {
  RETURN_IF_ERROR(expectCounts(step, 2, 1));
  const DynamicBroadcastInDimOp view(op);
  ASSIGN_OR_RETURN(const Shape dims, resultShapeOperand(op, 1, "output_dimensions", "dynamic_broadcast_in_dim (C7)", step, plan));
  const Type& in = operandType(step, plan, 0);
  const Type& out = resultType(step, plan, 0);
  RETURN_IF_ERROR(expectShapeOperand(out, dims, "output_dimensions", "dynamic_broadcast_in_dim (C7)"));
  RETURN_IF_ERROR(planBroadcast(view.broadcastDimensions(), step, plan, "dynamic_broadcast_in_dim"));
  // The hints only say what the types already show; they are operand dimensions, none in both lists.
  const Shape expanding = view.knownExpandingDimensions(), nonexpanding = view.knownNonexpandingDimensions();
  std::vector<bool> seen(static_cast<size_t>(in.rank()), false);
  RETURN_IF_ERROR(checkDims(expanding, in.rank(), "known_expanding_dimensions (spec: dynamic_broadcast_in_dim (C8), (C9))", seen));
  RETURN_IF_ERROR(checkDims(nonexpanding, in.rank(), "known_nonexpanding_dimensions (spec: dynamic_broadcast_in_dim (C8), (C10))", seen));
  return absl::OkStatus();
}

absl::Status planTranspose(const Operation& op, Step& step, const Plan& plan) {
  RETURN_IF_ERROR(expectCounts(step, 1, 1));
  const Type& in = operandType(step, plan, 0);
  const Type& out = resultType(step, plan, 0);
  RETURN_IF_ERROR(sameElementType(in, out, "transpose (C1)"));
  const Shape perm = TransposeOp(op).permutation();
  std::vector<bool> seen(static_cast<size_t>(in.rank()), false);
  if (static_cast<int64_t>(perm.size()) != in.rank())
    return absl::InvalidArgumentError(strCat("permutation ", listText(perm), " is not a permutation of the operand's dimensions (spec: transpose (C2))"));
  RETURN_IF_ERROR(checkDims(perm, in.rank(), "permutation", seen));
  const Shape in_strides = rowMajorStrides(in.shape());
  CopyPattern copy;
  for (int64_t d : perm) {
    copy.shape.push_back(in.shape()[static_cast<size_t>(d)]);
    copy.src_strides.push_back(in_strides[static_cast<size_t>(d)]);
  }
  RETURN_IF_ERROR(expectShape(out, copy.shape, "transpose (C3)"));
  copy.dst_strides = rowMajorStrides(copy.shape);
  newParams<CopyParams>(step).copy = simplifyCopy(std::move(copy));
  return absl::OkStatus();
}

absl::Status planSlice(const Operation& op, Step& step, const Plan& plan) {
  RETURN_IF_ERROR(expectCounts(step, 1, 1));
  const Type& in = operandType(step, plan, 0);
  const Type& out = resultType(step, plan, 0);
  RETURN_IF_ERROR(sameElementType(in, out, "slice (C1)"));
  const SliceOp slice(op);
  const Shape start = slice.startIndices(), limit = slice.limitIndices(), strides = slice.strides();
  const size_t rank = in.shape().size();
  if (start.size() != rank || limit.size() != rank || strides.size() != rank)
    return absl::InvalidArgumentError("start_indices, limit_indices and strides need one entry per operand dimension (spec: slice (C2))");
  const Shape in_strides = rowMajorStrides(in.shape());
  CopyPattern copy;
  for (size_t d = 0; d < rank; ++d) {
    if (start[d] < 0 || start[d] > limit[d] || limit[d] > in.shape()[d] || strides[d] <= 0)
      return absl::InvalidArgumentError(strCat("dimension ", d, ": start ", start[d], ", limit ", limit[d], ", stride ", strides[d],
                                               " do not fit size ", in.shape()[d], " (spec: slice (C3), (C4))"));
    const int64_t size = (limit[d] - start[d] + strides[d] - 1) / strides[d];
    copy.shape.push_back(size);
    copy.src_offset += start[d] * in_strides[d];
    // A dimension of one element needs no stride (and a huge stride must not overflow).
    copy.src_strides.push_back(size <= 1 ? 0 : in_strides[d] * strides[d]);
  }
  RETURN_IF_ERROR(expectShape(out, copy.shape, "slice (C5)"));
  copy.dst_strides = rowMajorStrides(copy.shape);
  newParams<CopyParams>(step).copy = simplifyCopy(std::move(copy));
  return absl::OkStatus();
}

absl::Status planReverse(const Operation& op, Step& step, const Plan& plan) {
  RETURN_IF_ERROR(expectCounts(step, 1, 1));
  const Type& in = operandType(step, plan, 0);
  const Type& out = resultType(step, plan, 0);
  if (in != out) return absl::InvalidArgumentError("the result has the operand's type (spec: reverse (C1))");
  const Shape dims = ReverseOp(op).dimensions();
  std::vector<bool> seen(static_cast<size_t>(in.rank()), false);
  RETURN_IF_ERROR(checkDims(dims, in.rank(), "dimensions", seen));
  CopyPattern copy;
  copy.shape = in.shape();
  copy.src_strides = rowMajorStrides(in.shape());
  copy.dst_strides = copy.src_strides;
  for (size_t d = 0; d < seen.size(); ++d) {
    if (!seen[d] || copy.shape[d] == 0) continue;
    copy.src_offset += (copy.shape[d] - 1) * copy.src_strides[d];
    copy.src_strides[d] = -copy.src_strides[d];
  }
  newParams<CopyParams>(step).copy = simplifyCopy(std::move(copy));
  return absl::OkStatus();
}

absl::Status planConcatenate(const Operation& op, Step& step, const Plan& plan) {
  if (step.operands.empty() || step.results.size() != 1) return absl::InvalidArgumentError("takes at least one operand (spec: concatenate (C3))");
  const Type& out = resultType(step, plan, 0);
  const int64_t dim = ConcatenateOp(op).dimension();
  if (dim < 0 || dim >= out.rank()) return absl::InvalidArgumentError(strCat("dimension ", dim, " is out of range (spec: concatenate (C4))"));
  const Shape out_strides = rowMajorStrides(out.shape());
  auto& params = newParams<ConcatenateParams>(step);
  int64_t at = 0;
  for (size_t i = 0; i < step.operands.size(); ++i) {
    const Type& in = operandType(step, plan, i);
    RETURN_IF_ERROR(sameElementType(in, out, "concatenate (C1)"));
    if (in.rank() != out.rank()) return absl::InvalidArgumentError("operands have the result's rank (spec: concatenate (C2))");
    for (int64_t d = 0; d < out.rank(); ++d)
      if (d != dim && in.shape()[static_cast<size_t>(d)] != out.shape()[static_cast<size_t>(d)])
        return absl::InvalidArgumentError(strCat("operand ", i, " is ", in.toString(), ", which does not fit the result ", out.toString(),
                                                 " (spec: concatenate (C2), (C6))"));
    CopyPattern copy;
    copy.shape = in.shape();
    copy.src_strides = rowMajorStrides(in.shape());
    copy.dst_strides = out_strides;
    copy.dst_offset = at * out_strides[static_cast<size_t>(dim)];
    at += in.shape()[static_cast<size_t>(dim)];
    if (at > out.shape()[static_cast<size_t>(dim)]) break;
    params.parts.push_back(simplifyCopy(std::move(copy)));
  }
  if (at != out.shape()[static_cast<size_t>(dim)])
    return absl::InvalidArgumentError(strCat("the operands' sizes along dimension ", dim, " do not add up to the result's (spec: concatenate (C6))"));
  return absl::OkStatus();
}

// pad and dynamic_pad (`op`), whose constraints (C1)-(C4) agree.
absl::Status planPadding(const Shape& low, const Shape& high, const Shape& interior, Step& step, const Plan& plan, std::string_view op) {
  const Type& in = operandType(step, plan, 0);
  const Type& value = operandType(step, plan, 1);
  const Type& out = resultType(step, plan, 0);
  RETURN_IF_ERROR(sameElementType(in, out, strCat(op, " (C1)")));
  RETURN_IF_ERROR(sameElementType(value, out, strCat(op, " (C1)")));
  if (value.rank() != 0) return absl::InvalidArgumentError("the padding value is a rank-0 tensor");
  const size_t rank = in.shape().size();
  if (low.size() != rank || high.size() != rank || interior.size() != rank)
    return absl::InvalidArgumentError(strCat("edge_padding_low, edge_padding_high and interior_padding need one entry per operand dimension (spec: ", op, " (C2))"));
  Shape shape(rank);
  for (size_t d = 0; d < rank; ++d) {
    if (interior[d] < 0) return absl::InvalidArgumentError(strCat("interior_padding ", listText(interior), " is negative (spec: ", op, " (C3))"));
    const __int128 size = static_cast<__int128>(in.shape()[d]) + low[d] + high[d] +
                          static_cast<__int128>(std::max<int64_t>(in.shape()[d] - 1, 0)) * interior[d];
    if (size < 0 || size > INT64_MAX)
      return absl::InvalidArgumentError(strCat("dimension ", d, ": the padding gives a negative or too large size (spec: ", op, " (C4))"));
    shape[d] = static_cast<int64_t>(size);
  }
  RETURN_IF_ERROR(expectShape(out, shape, strCat(op, " (C4)")));
  // Operand index i of dimension d lands at low + i * (interior + 1); keep those in [0, size).
  const Shape in_strides = rowMajorStrides(in.shape()), out_strides = rowMajorStrides(shape);
  CopyPattern copy;
  copy.shape.assign(rank, 0);
  copy.src_strides = in_strides;
  copy.dst_strides.assign(rank, 0);
  bool empty = false;
  for (size_t d = 0; d < rank; ++d) {
    const __int128 step_size = static_cast<__int128>(interior[d]) + 1, lo = low[d];
    const __int128 first = lo >= 0 ? 0 : (-lo + step_size - 1) / step_size;
    const __int128 room = static_cast<__int128>(shape[d]) - 1 - lo;
    const __int128 last = room < 0 ? -1 : std::min<__int128>(in.shape()[d] - 1, room / step_size);
    if (last < first) {
      empty = true;
      break;
    }
    copy.shape[d] = static_cast<int64_t>(last - first + 1);
    copy.src_offset += static_cast<int64_t>(first) * in_strides[d];
    copy.dst_offset += static_cast<int64_t>(lo + first * step_size) * out_strides[d];
    copy.dst_strides[d] = copy.shape[d] == 1 ? 0 : static_cast<int64_t>(step_size * out_strides[d]);
  }
  auto& params = newParams<PadParams>(step);
  if (empty) {
    params.copy.empty = true;
  } else {
    params.copy = simplifyCopy(std::move(copy));
  }
  return absl::OkStatus();
}

absl::Status planPad(const Operation& op, Step& step, const Plan& plan) {
  RETURN_IF_ERROR(expectCounts(step, 2, 1));
  const PadOp pad(op);
  return planPadding(pad.edgePaddingLow(), pad.edgePaddingHigh(), pad.interiorPadding(), step, plan, "pad");
}

absl::Status planDynamicPad(const Operation& op, Step& step, const Plan& plan) {
  RETURN_IF_ERROR(expectCounts(step, 5, 1));
  ASSIGN_OR_RETURN(const Shape low, constantOperand(op, 2, "edge_padding_low"));
  ASSIGN_OR_RETURN(const Shape high, constantOperand(op, 3, "edge_padding_high"));
  ASSIGN_OR_RETURN(const Shape interior, constantOperand(op, 4, "interior_padding"));
  return planPadding(low, high, interior, step, plan, "dynamic_pad");
}

absl::Status planIotaDimension(int64_t dim, Step& step, const Plan& plan, std::string_view label) {
  const Type& out = resultType(step, plan, 0);
  if (dim < 0 || dim >= out.rank()) return absl::InvalidArgumentError(strCat("iota_dimension ", dim, " is out of range (spec: ", label, ")"));
  auto& params = newParams<IotaParams>(step);
  for (int64_t d = out.rank() - 1; d > dim; --d) params.inner *= out.shape()[static_cast<size_t>(d)];
  params.size = out.shape()[static_cast<size_t>(dim)];
  return absl::OkStatus();
}

absl::Status planIota(const Operation& op, Step& step, const Plan& plan) {
  RETURN_IF_ERROR(expectCounts(step, 0, 1));
  return planIotaDimension(IotaOp(op).iotaDimension(), step, plan, "iota (C1)");
}

absl::Status planDynamicIota(const Operation& op, Step& step, const Plan& plan) {
  RETURN_IF_ERROR(expectCounts(step, 1, 1));
  ASSIGN_OR_RETURN(const Shape shape, resultShapeOperand(op, 0, "output_shape", "dynamic_iota (C2)", step, plan));
  const Type& out = resultType(step, plan, 0);
  if (static_cast<int64_t>(shape.size()) != out.rank())
    return absl::InvalidArgumentError(strCat("output_shape ", listText(shape), " needs one entry per result dimension (spec: dynamic_iota (C2))"));
  RETURN_IF_ERROR(expectShapeOperand(out, shape, "output_shape", "dynamic_iota (C2)"));
  return planIotaDimension(DynamicIotaOp(op).iotaDimension(), step, plan, "dynamic_iota (C1)");
}

absl::Status planGetDimensionSize(const Operation& op, Step& step, const Plan& plan) {
  RETURN_IF_ERROR(expectCounts(step, 1, 1));
  const Type& in = operandType(step, plan, 0);
  const Type& out = resultType(step, plan, 0);
  const int64_t dim = GetDimensionSizeOp(op).dimension();
  if (dim < 0 || dim >= in.rank()) return absl::InvalidArgumentError(strCat("dimension ", dim, " is out of range (spec: get_dimension_size (C1))"));
  if (out.rank() != 0 || !isInteger(out.elementType())) return absl::InvalidArgumentError("the result is a rank-0 integer tensor");
  newParams<DimensionSizeParams>(step).value = in.shape()[static_cast<size_t>(dim)];
  return absl::OkStatus();
}

// The start index operands of dynamic_slice / dynamic_update_slice: one rank-0 integer tensor per
// operand dimension, all of one type (spec: dynamic_slice (C3), (C4)).
absl::Status checkStartIndices(const Step& step, const Plan& plan, size_t first, int64_t rank) {
  if (static_cast<int64_t>(step.operands.size() - first) != rank)
    return absl::InvalidArgumentError(strCat("needs one start index per operand dimension (", rank, ")"));
  for (size_t i = first; i < step.operands.size(); ++i) {
    const Type& t = operandType(step, plan, i);
    if (t.rank() != 0 || !isInteger(t.elementType()))
      return absl::InvalidArgumentError(strCat("start index ", i - first, " is ", t.toString(), ", not a rank-0 integer tensor"));
    if (t.elementType() != operandType(step, plan, first).elementType())
      return absl::InvalidArgumentError("the start indices have one type");
  }
  return absl::OkStatus();
}

absl::Status planDynamicSlice(const Operation& op, Step& step, const Plan& plan) {
  if (step.operands.empty() || step.results.size() != 1) return absl::InvalidArgumentError("takes an operand and start indices");
  const Type& in = operandType(step, plan, 0);
  const Type& out = resultType(step, plan, 0);
  RETURN_IF_ERROR(sameElementType(in, out, "dynamic_slice (C1)"));
  const Shape sizes = DynamicSliceOp(op).sliceSizes();
  if (static_cast<int64_t>(sizes.size()) != in.rank())
    return absl::InvalidArgumentError("slice_sizes needs one entry per operand dimension (spec: dynamic_slice (C2))");
  RETURN_IF_ERROR(checkStartIndices(step, plan, 1, in.rank()));
  auto& params = newParams<DynamicSliceParams>(step);
  params.first_index = 1;
  params.operand_strides = rowMajorStrides(in.shape());
  for (size_t d = 0; d < sizes.size(); ++d) {
    if (sizes[d] < 0 || sizes[d] > in.shape()[d])
      return absl::InvalidArgumentError(strCat("slice_sizes ", listText(sizes), " does not fit ", in.toString(), " (spec: dynamic_slice (C5))"));
    params.max_start.push_back(in.shape()[d] - sizes[d]);
  }
  RETURN_IF_ERROR(expectShape(out, sizes, "dynamic_slice (C6)"));
  CopyPattern copy;
  copy.shape = sizes;
  copy.src_strides = params.operand_strides;
  copy.dst_strides = rowMajorStrides(sizes);
  params.copy = simplifyCopy(std::move(copy));
  return absl::OkStatus();
}

absl::Status planDynamicUpdateSlice(const Operation&, Step& step, const Plan& plan) {
  if (step.operands.size() < 2 || step.results.size() != 1) return absl::InvalidArgumentError("takes an operand, an update and start indices");
  const Type& in = operandType(step, plan, 0);
  const Type& update = operandType(step, plan, 1);
  const Type& out = resultType(step, plan, 0);
  if (in != out) return absl::InvalidArgumentError("the result has the operand's type (spec: dynamic_update_slice (C1))");
  RETURN_IF_ERROR(sameElementType(update, in, "dynamic_update_slice (C2)"));
  if (update.rank() != in.rank()) return absl::InvalidArgumentError("the update has the operand's rank (spec: dynamic_update_slice (C3))");
  RETURN_IF_ERROR(checkStartIndices(step, plan, 2, in.rank()));
  auto& params = newParams<DynamicSliceParams>(step);
  params.first_index = 2;
  params.operand_strides = rowMajorStrides(in.shape());
  for (size_t d = 0; d < in.shape().size(); ++d) {
    if (update.shape()[d] > in.shape()[d])
      return absl::InvalidArgumentError(strCat("the update ", update.toString(), " does not fit ", in.toString(), " (spec: dynamic_update_slice (C6))"));
    params.max_start.push_back(in.shape()[d] - update.shape()[d]);
  }
  CopyPattern copy;
  copy.shape = update.shape();
  copy.src_strides = rowMajorStrides(update.shape());
  copy.dst_strides = params.operand_strides;
  params.copy = simplifyCopy(std::move(copy));
  return absl::OkStatus();
}

bool strictlyIncreasing(const Shape& dims) {
  for (size_t i = 1; i < dims.size(); ++i)
    if (dims[i] <= dims[i - 1]) return false;
  return true;
}

// Position among start_indices' dimensions without index_vector_dim of start_indices dimension `s`.
int64_t batchPosition(int64_t s, int64_t ivd) { return s < ivd ? s : s - 1; }

// gather and dynamic_gather (whose slice_sizes is an operand).
absl::Status planGatherWith(const GatherDimensions& gather, const Shape& slice_sizes, Step& step, const Plan& plan,
                            std::string_view shape_label) {
  const Type& operand = operandType(step, plan, 0);
  const Type& indices = operandType(step, plan, 1);
  const Type& out = resultType(step, plan, 0);
  RETURN_IF_ERROR(sameElementType(operand, out, "gather (C22)"));
  if (!isInteger(indices.elementType())) return absl::InvalidArgumentError("start_indices are integers (spec: gather (C2))");
  const Shape offset_dims = gather.offsetDims(), collapsed = gather.collapsedSliceDims();
  const Shape operand_batching = gather.operandBatchingDims(), indices_batching = gather.startIndicesBatchingDims();
  const Shape start_index_map = gather.startIndexMap();
  const int64_t ivd = gather.indexVectorDim();
  const Shape& in = operand.shape();
  const Shape& ishape = indices.shape();
  const int64_t R = operand.rank(), S = indices.rank();
  if (ivd < 0 || ivd > S) return absl::InvalidArgumentError(strCat("index_vector_dim ", ivd, " is out of range (spec: gather (C19))"));
  const int64_t vector_size = ivd < S ? ishape[static_cast<size_t>(ivd)] : 1;
  if (static_cast<int64_t>(start_index_map.size()) != vector_size)
    return absl::InvalidArgumentError(strCat("start_index_map ", listText(start_index_map), " needs one entry per index vector element (spec: gather (C15))"));
  if (static_cast<int64_t>(slice_sizes.size()) != R)
    return absl::InvalidArgumentError("slice_sizes needs one entry per operand dimension (spec: gather (C20))");
  for (int64_t d = 0; d < R; ++d)
    if (slice_sizes[static_cast<size_t>(d)] < 0 || slice_sizes[static_cast<size_t>(d)] > in[static_cast<size_t>(d)])
      return absl::InvalidArgumentError(strCat("slice_sizes ", listText(slice_sizes), " does not fit ", operand.toString(), " (spec: gather (C21))"));
  std::vector<bool> not_window(static_cast<size_t>(R), false);
  RETURN_IF_ERROR(checkDims(collapsed, R, "collapsed_slice_dims", not_window));
  RETURN_IF_ERROR(checkDims(operand_batching, R, "operand_batching_dims", not_window));
  for (int64_t d = 0; d < R; ++d)
    if (not_window[static_cast<size_t>(d)] && slice_sizes[static_cast<size_t>(d)] > 1)
      return absl::InvalidArgumentError(strCat("slice_sizes[", d, "] is at most 1 for a collapsed or batching dimension (spec: gather (C21))"));
  {
    std::vector<bool> seen(static_cast<size_t>(R), false);
    for (int64_t d : operand_batching) seen[static_cast<size_t>(d)] = true;
    RETURN_IF_ERROR(checkDims(start_index_map, R, "start_index_map", seen));
  }
  {
    std::vector<bool> seen(static_cast<size_t>(S), false);
    RETURN_IF_ERROR(checkDims(indices_batching, S, "start_indices_batching_dims", seen));
    if (ivd < S && seen[static_cast<size_t>(ivd)]) return absl::InvalidArgumentError("index_vector_dim is not a batching dimension (spec: gather (C13))");
  }
  if (indices_batching.size() != operand_batching.size())
    return absl::InvalidArgumentError("operand_batching_dims and start_indices_batching_dims have one size (spec: gather (C10))");
  for (size_t i = 0; i < operand_batching.size(); ++i)
    if (in[static_cast<size_t>(operand_batching[i])] != ishape[static_cast<size_t>(indices_batching[i])])
      return absl::InvalidArgumentError("batching dimensions differ in size (spec: gather (C11))");
  Shape window_dims;
  for (int64_t d = 0; d < R; ++d)
    if (!not_window[static_cast<size_t>(d)]) window_dims.push_back(d);
  if (offset_dims.size() != window_dims.size() || !strictlyIncreasing(offset_dims))
    return absl::InvalidArgumentError(strCat("offset_dims ", listText(offset_dims), " are sorted, one per window dimension (spec: gather (C4), (C5))"));
  Shape batch_shape;
  for (int64_t d = 0; d < S; ++d)
    if (d != ivd) batch_shape.push_back(ishape[static_cast<size_t>(d)]);
  const int64_t rank = static_cast<int64_t>(batch_shape.size() + offset_dims.size());
  std::vector<bool> is_offset(static_cast<size_t>(rank), false);
  RETURN_IF_ERROR(checkDims(offset_dims, rank, "offset_dims", is_offset));
  Shape shape(static_cast<size_t>(rank)), batch_dims;
  for (int64_t r = 0, b = 0, o = 0; r < rank; ++r) {
    if (is_offset[static_cast<size_t>(r)]) {
      shape[static_cast<size_t>(r)] = slice_sizes[static_cast<size_t>(window_dims[static_cast<size_t>(o++)])];
    } else {
      batch_dims.push_back(r);
      shape[static_cast<size_t>(r)] = batch_shape[static_cast<size_t>(b++)];
    }
  }
  RETURN_IF_ERROR(expectShape(out, shape, shape_label));

  auto& params = newParams<GatherParams>(step);
  const Shape in_strides = rowMajorStrides(in), out_strides = rowMajorStrides(shape), index_strides = rowMajorStrides(ishape);
  params.batch_shape = batch_shape;
  for (size_t j = 0; j < batch_dims.size(); ++j) {
    params.batch_out_strides.push_back(out_strides[static_cast<size_t>(batch_dims[j])]);
    const int64_t s = static_cast<int64_t>(j) < ivd ? static_cast<int64_t>(j) : static_cast<int64_t>(j) + 1;
    params.batch_index_strides.push_back(index_strides[static_cast<size_t>(s)]);
  }
  params.vector_size = vector_size;
  params.vector_stride = ivd < S ? index_strides[static_cast<size_t>(ivd)] : 0;
  params.start_dims = start_index_map;
  params.batching_operand_dims = operand_batching;
  for (int64_t s : indices_batching) params.batching_batch_pos.push_back(batchPosition(s, ivd));
  params.operand_shape = in;
  params.operand_strides = in_strides;
  params.slice_sizes = slice_sizes;
  CopyPattern window;
  for (size_t k = 0; k < window_dims.size(); ++k) {
    window.shape.push_back(slice_sizes[static_cast<size_t>(window_dims[k])]);
    window.src_strides.push_back(in_strides[static_cast<size_t>(window_dims[k])]);
    window.dst_strides.push_back(out_strides[static_cast<size_t>(offset_dims[k])]);
  }
  params.window = simplifyCopy(std::move(window));
  return absl::OkStatus();
}

absl::Status planGather(const Operation& op, Step& step, const Plan& plan) {
  RETURN_IF_ERROR(expectCounts(step, 2, 1));
  const GatherOp gather(op);
  return planGatherWith(gather, gather.sliceSizes(), step, plan, "gather (C5)");
}

// The slice_sizes a static result implies (dynamic_gather (C13)): each window dimension's size is the
// result's size at its offset dimension; a collapsed or batching dimension's is taken as 1 (C8 allows 0 or
// 1; the result shape cannot tell them apart, and a 0 there leaves the result's elements undefined).
Shape sliceSizesOfResult(const DynamicGatherOp& gather, const Type& operand, const Type& out) {
  const int64_t R = operand.rank();
  std::vector<bool> not_window(static_cast<size_t>(R), false);
  for (const Shape& dims : {gather.collapsedSliceDims(), gather.operandBatchingDims()})
    for (int64_t d : dims)
      if (d >= 0 && d < R) not_window[static_cast<size_t>(d)] = true;
  const Shape offset_dims = gather.offsetDims();
  Shape slice_sizes(static_cast<size_t>(R), 1);
  size_t k = 0;
  for (int64_t d = 0; d < R; ++d) {
    if (not_window[static_cast<size_t>(d)]) continue;
    if (k < offset_dims.size() && offset_dims[k] >= 0 && offset_dims[k] < out.rank()) slice_sizes[static_cast<size_t>(d)] = out.shape()[static_cast<size_t>(offset_dims[k])];
    ++k;
  }
  return slice_sizes;
}

// dynamic_gather: slice_sizes a constant, or computed at run time: then the sizes the static result implies,
// with a ShapeCheck that the run holds them (planGatherWith checks them against the result, C13).
absl::Status planDynamicGather(const Operation& op, Step& step, const Plan& plan) {
  RETURN_IF_ERROR(expectCounts(step, 3, 1));
  const DynamicGatherOp gather(op);
  const Operation* defining = op.operands[2]->defining_op;
  if (defining && defining->id == OpId::kConstant) {
    ASSIGN_OR_RETURN(const Shape slice_sizes, constantOperand(op, 2, "slice_sizes"));
    return planGatherWith(gather, slice_sizes, step, plan, "dynamic_gather (C13)");
  }
  const Type& sizes = operandType(step, plan, 2);
  if (sizes.rank() != 1 || !isInteger(sizes.elementType()) || sizes.shape()[0] != operandType(step, plan, 0).rank())
    return absl::InvalidArgumentError("slice_sizes is a 1-dimensional integer tensor with one entry per operand dimension (spec: dynamic_gather (C11))");
  const Shape slice_sizes = sliceSizesOfResult(gather, operandType(step, plan, 0), resultType(step, plan, 0));
  step.shape_checks.push_back(ShapeCheck{step.operands[2], slice_sizes, "slice_sizes (spec: dynamic_gather (C13))"});
  return planGatherWith(gather, slice_sizes, step, plan, "dynamic_gather (C13)");
}

// The combiner that update computation output i is, or kRegion.
Combiner combinerOf(const Region& body, size_t i, size_t n, std::vector<bool>& used) {
  const Slot out = body.outputs[i], acc = body.inputs[i], update = body.inputs[n + i];
  if (out == update) return Combiner::kReplace;
  if (out == acc) return Combiner::kKeep;
  for (size_t s = 0; s < body.steps.size(); ++s) {
    const Step& step = body.steps[s];
    if (step.results.size() != 1 || step.results[0] != out || step.operands.size() != 2 || !step.regions.empty()) continue;
    const bool args = (step.operands[0] == acc && step.operands[1] == update) || (step.operands[0] == update && step.operands[1] == acc);
    if (!args) return Combiner::kRegion;
    used[s] = true;
    switch (step.op) {
      case OpId::kAdd: return Combiner::kAdd;
      case OpId::kMultiply: return Combiner::kMultiply;
      case OpId::kMaximum: return Combiner::kMaximum;
      case OpId::kMinimum: return Combiner::kMinimum;
      case OpId::kAnd: return Combiner::kAnd;
      case OpId::kOr: return Combiner::kOr;
      case OpId::kXor: return Combiner::kXor;
      default: return Combiner::kRegion;
    }
  }
  return Combiner::kRegion;
}

absl::Status planScatter(const Operation& op, Step& step, const Plan& plan) {
  if (step.operands.size() < 3 || step.operands.size() % 2 == 0)
    return absl::InvalidArgumentError("takes N inputs, the scatter indices and N updates");
  const size_t n = (step.operands.size() - 1) / 2;
  if (step.results.size() != n) return absl::InvalidArgumentError("gives one result per input");
  const Type& indices = operandType(step, plan, n);
  if (!isInteger(indices.elementType())) return absl::InvalidArgumentError("scatter_indices are integers (spec: scatter (C2))");
  const Shape& in = operandType(step, plan, 0).shape();
  const Shape& up = operandType(step, plan, n + 1).shape();
  if (step.regions.size() != 1) return absl::InvalidArgumentError("needs one update computation");
  const Region& body = step.regions[0];
  if (body.inputs.size() != 2 * n || body.outputs.size() != n)
    return absl::InvalidArgumentError("the update computation takes 2N rank-0 tensors and returns N (spec: scatter (C23))");
  for (size_t i = 0; i < n; ++i) {
    const Type& input = operandType(step, plan, i);
    const Type& update = operandType(step, plan, n + 1 + i);
    if (input.shape() != in || update.shape() != up) return absl::InvalidArgumentError("inputs have one shape, updates have one shape (spec: scatter (C1), (C4))");
    RETURN_IF_ERROR(sameElementType(update, input, "scatter (C6)"));
    // The update computation's type Ei (C23): the results' (C25); the inputs and updates promote to it.
    const Type& result = resultType(step, plan, i);
    const Type scalar = Type::tensor({}, result.tensorElement());
    if (result.shape() != in || plan.slot_types[body.inputs[i]] != scalar || plan.slot_types[body.inputs[n + i]] != scalar ||
        plan.slot_types[body.outputs[i]] != scalar)
      return absl::InvalidArgumentError("the update computation takes and returns rank-0 tensors of the result's element type (spec: scatter (C23), (C25))");
    if (!exactlyWidens(input.elementType(), result.elementType()))
      return absl::UnimplementedError(strCat("promoting ", elementTypeName(input.elementType()), " to ",
                                             elementTypeName(result.elementType()), " in the update computation is not supported"));
  }
  const ScatterOp scatter(op);
  const Shape window_dims_u = scatter.updateWindowDims(), inserted = scatter.insertedWindowDims();
  const Shape input_batching = scatter.inputBatchingDims(), indices_batching = scatter.scatterIndicesBatchingDims();
  const Shape to_operand = scatter.scatterDimsToOperandDims();
  const int64_t ivd = scatter.indexVectorDim();
  const Shape& ishape = indices.shape();
  const int64_t R = static_cast<int64_t>(in.size()), S = indices.rank(), U = static_cast<int64_t>(up.size());
  if (ivd < 0 || ivd > S) return absl::InvalidArgumentError(strCat("index_vector_dim ", ivd, " is out of range (spec: scatter (C19))"));
  const int64_t vector_size = ivd < S ? ishape[static_cast<size_t>(ivd)] : 1;
  if (static_cast<int64_t>(to_operand.size()) != vector_size)
    return absl::InvalidArgumentError("scatter_dims_to_operand_dims needs one entry per index vector element (spec: scatter (C15))");
  std::vector<bool> not_window(static_cast<size_t>(R), false);
  RETURN_IF_ERROR(checkDims(inserted, R, "inserted_window_dims", not_window));
  RETURN_IF_ERROR(checkDims(input_batching, R, "input_batching_dims", not_window));
  {
    std::vector<bool> seen(static_cast<size_t>(R), false);
    for (int64_t d : input_batching) seen[static_cast<size_t>(d)] = true;
    RETURN_IF_ERROR(checkDims(to_operand, R, "scatter_dims_to_operand_dims", seen));
  }
  {
    std::vector<bool> seen(static_cast<size_t>(S), false);
    RETURN_IF_ERROR(checkDims(indices_batching, S, "scatter_indices_batching_dims", seen));
    if (ivd < S && seen[static_cast<size_t>(ivd)]) return absl::InvalidArgumentError("index_vector_dim is not a batching dimension (spec: scatter (C14))");
  }
  if (indices_batching.size() != input_batching.size())
    return absl::InvalidArgumentError("input_batching_dims and scatter_indices_batching_dims have one size (spec: scatter (C11))");
  for (size_t i = 0; i < input_batching.size(); ++i)
    if (in[static_cast<size_t>(input_batching[i])] != ishape[static_cast<size_t>(indices_batching[i])])
      return absl::InvalidArgumentError("batching dimensions differ in size (spec: scatter (C12))");
  Shape window_dims;
  for (int64_t d = 0; d < R; ++d)
    if (!not_window[static_cast<size_t>(d)]) window_dims.push_back(d);
  if (window_dims_u.size() != window_dims.size() || !strictlyIncreasing(window_dims_u))
    return absl::InvalidArgumentError("update_window_dims are sorted, one per window dimension of the inputs (spec: scatter (C7), (C8))");
  std::vector<bool> is_window(static_cast<size_t>(U), false);
  RETURN_IF_ERROR(checkDims(window_dims_u, U, "update_window_dims", is_window));
  Shape scatter_dims;
  for (int64_t d = 0; d < U; ++d)
    if (!is_window[static_cast<size_t>(d)]) scatter_dims.push_back(d);
  Shape batch_shape;
  for (int64_t d = 0; d < S; ++d)
    if (d != ivd) batch_shape.push_back(ishape[static_cast<size_t>(d)]);
  if (scatter_dims.size() != batch_shape.size())
    return absl::InvalidArgumentError("the updates' rank does not match scatter_indices and update_window_dims (spec: scatter (C4))");
  for (size_t j = 0; j < scatter_dims.size(); ++j)
    if (up[static_cast<size_t>(scatter_dims[j])] != batch_shape[j])
      return absl::InvalidArgumentError("the updates' scatter dimensions do not match scatter_indices (spec: scatter (C4))");
  for (size_t k = 0; k < window_dims.size(); ++k)
    if (up[static_cast<size_t>(window_dims_u[k])] > in[static_cast<size_t>(window_dims[k])])
      return absl::InvalidArgumentError("an update window dimension is larger than the input's (spec: scatter (C4))");

  auto& params = newParams<ScatterParams>(step);
  params.n = n;
  std::vector<bool> used(body.steps.size(), false);
  for (size_t i = 0; i < n; ++i) params.combiners.push_back(combinerOf(body, i, n, used));
  params.run_region = std::find(params.combiners.begin(), params.combiners.end(), Combiner::kRegion) != params.combiners.end() ||
                      std::find(used.begin(), used.end(), false) != used.end();
  const Shape up_strides = rowMajorStrides(up), index_strides = rowMajorStrides(ishape);
  params.input_shape = in;
  params.input_strides = rowMajorStrides(in);
  for (size_t j = 0; j < scatter_dims.size(); ++j) {
    params.batch_shape.push_back(up[static_cast<size_t>(scatter_dims[j])]);
    params.batch_update_strides.push_back(up_strides[static_cast<size_t>(scatter_dims[j])]);
    const int64_t s = static_cast<int64_t>(j) < ivd ? static_cast<int64_t>(j) : static_cast<int64_t>(j) + 1;
    params.batch_index_strides.push_back(index_strides[static_cast<size_t>(s)]);
  }
  params.vector_size = vector_size;
  params.vector_stride = ivd < S ? index_strides[static_cast<size_t>(ivd)] : 0;
  params.start_dims = to_operand;
  params.batching_input_dims = input_batching;
  for (int64_t s : indices_batching) params.batching_batch_pos.push_back(batchPosition(s, ivd));
  for (size_t k = 0; k < window_dims.size(); ++k) {
    params.window_shape.push_back(up[static_cast<size_t>(window_dims_u[k])]);
    params.window_update_strides.push_back(up_strides[static_cast<size_t>(window_dims_u[k])]);
    params.window_input_dims.push_back(window_dims[k]);
  }
  return absl::OkStatus();
}

// chlo.top_k (chlo.md): the k largest elements of each row of the last dimension, largest first, and
// their indices; the checks are the reference's (reference/kernels_chlo.cc, topKKernel).
absl::Status planTopK(const Operation& op, Step& step, const Plan& plan) {
  if (step.operands.size() != 1 || step.results.size() != 2)
    return absl::InvalidArgumentError("takes one operand and gives two results (values, indices)");
  const Type& operand = operandType(step, plan, 0);
  if (operand.isQuantized()) return absl::UnimplementedError("top_k of quantized values (chlo.md gives no order for them)");
  if (isComplex(operand.elementType())) return absl::InvalidArgumentError("takes float, integer and boolean types: complex numbers have no order");
  if (operand.rank() == 0) return absl::InvalidArgumentError("needs an operand of rank 1 or more (it works along the last dimension)");
  const Attr* k_attr = op.attr("k");
  const std::optional<int64_t> k = decode::i64(k_attr ? k_attr->get() : nullptr);
  if (!k) return absl::InvalidArgumentError("needs an integer attribute 'k'");
  const int64_t n = operand.shape().back();
  if (*k < 0 || *k > n) return absl::InvalidArgumentError(strCat("k = ", *k, " must be between 0 and the last dimension's size ", n));
  std::vector<int64_t> result_shape = operand.shape();
  result_shape.back() = *k;
  const Type& values = resultType(step, plan, 0);
  const Type& indices = resultType(step, plan, 1);
  if (values.shape() != result_shape || values.elementType() != operand.elementType())
    return absl::InvalidArgumentError(strCat("the values are ", values.toString(), "; they must be the operand's elements in the shape with k last"));
  if (indices.shape() != result_shape || !isInteger(indices.elementType()) || !integerInRange(indices.elementType(), std::max<int64_t>(n - 1, 0)))
    return absl::InvalidArgumentError(strCat("the indices are ", indices.toString(), "; they must be integers up to ", n - 1, " in the values' shape"));
  auto& params = newParams<TopKParams>(step);
  params.k = *k;
  params.n = n;
  return absl::OkStatus();
}

absl::Status planSort(const Operation& op, Step& step, const Plan& plan) {
  if (step.operands.empty() || step.results.size() != step.operands.size())
    return absl::InvalidArgumentError("takes at least one operand and gives one result per operand (spec: sort (C1))");
  const size_t n = step.operands.size();
  const Type& first = operandType(step, plan, 0);
  if (step.regions.size() != 1) return absl::InvalidArgumentError("needs one comparator");
  const Region& body = step.regions[0];
  if (body.inputs.size() != 2 * n || body.outputs.size() != 1 ||
      plan.slot_types[body.outputs[0]] != Type::tensor({}, Type::element(ElementType::kI1)))
    return absl::InvalidArgumentError("the comparator takes 2N rank-0 tensors and returns a tensor<i1> (spec: sort (C5))");
  for (size_t i = 0; i < n; ++i) {
    const Type& t = operandType(step, plan, i);
    if (t.shape() != first.shape() || resultType(step, plan, i) != t)
      return absl::InvalidArgumentError("the operands have one shape and the results the operands' types (spec: sort (C1), (C2))");
    const Type scalar = Type::tensor({}, t.tensorElement());
    if (plan.slot_types[body.inputs[2 * i]] != scalar || plan.slot_types[body.inputs[2 * i + 1]] != scalar)
      return absl::InvalidArgumentError("the comparator takes rank-0 tensors of the operands' element types (spec: sort (C5))");
  }
  const int64_t rank = first.rank();
  const int64_t dim = SortOp(op).dimension();
  if (dim < -rank || dim >= rank) return absl::InvalidArgumentError(strCat("dimension ", dim, " is out of range (spec: sort (C4))"));
  auto& params = newParams<SortParams>(step);
  params.dimension = dim >= 0 ? dim : dim + rank;
  // One compare of operand k's two arguments, returned.
  if (body.steps.size() == 1) {
    const Step& compare = body.steps[0];
    if (compare.op == OpId::kCompare && compare.results.size() == 1 && compare.results[0] == body.outputs[0] &&
        compare.operands.size() == 2) {
      for (size_t k = 0; k < n; ++k) {
        const Slot lhs = body.inputs[2 * k], rhs = body.inputs[2 * k + 1];
        if ((compare.operands[0] == lhs && compare.operands[1] == rhs) || (compare.operands[0] == rhs && compare.operands[1] == lhs)) {
          params.native = true;
          params.key = k;
          params.swapped = compare.operands[0] == rhs;
          params.direction = compare.as<CompareParams>().direction;
          params.kind = compare.as<CompareParams>().kind;
          break;
        }
      }
    }
  }
  return absl::OkStatus();
}

absl::Status planRngBitGenerator(const Operation& op, Step& step, const Plan& plan) {
  RETURN_IF_ERROR(expectCounts(step, 1, 2));
  const Type& state = operandType(step, plan, 0);
  const Type& output = resultType(step, plan, 1);
  if (state.rank() != 1 || state.elementType() != ElementType::kUI64)
    return absl::InvalidArgumentError(strCat("initial_state is a 1-dimensional tensor of ui64, not ", state.toString()));
  if (resultType(step, plan, 0) != state) return absl::InvalidArgumentError("output_state has the type of initial_state (spec: rng_bit_generator (C1))");
  const ElementType t = output.elementType();
  if (!(isInteger(t) || isFloat(t))) return absl::InvalidArgumentError("the output has an integer or floating-point element type (spec: rng_bit_generator)");
  const std::string_view name = RngBitGeneratorOp(op).rngAlgorithm();
  const int64_t words = state.shape()[0];
  auto& params = newParams<RngBitGeneratorParams>(step);
  if (name == "THREE_FRY") {
    if (words != 2) return absl::InvalidArgumentError(strCat("THREE_FRY needs an initial_state of 2 elements, not ", words));
    params.layout.algorithm = RngAlgorithm::kThreeFry;
  } else if (name == "PHILOX") {
    if (words != 2 && words != 3) return absl::InvalidArgumentError(strCat("PHILOX needs an initial_state of 2 or 3 elements, not ", words));
    params.layout.algorithm = RngAlgorithm::kPhilox;
  } else if (name == "DEFAULT") {
    params.layout.algorithm = words == 2 || words == 3 ? RngAlgorithm::kPhilox : RngAlgorithm::kPhiloxAnySize;
  } else {
    return absl::InvalidArgumentError(strCat("unknown rng_algorithm ", name));
  }
  // THREE_FRY's split dimension: the first even one, else the first largest one.
  const Shape& shape = output.shape();
  rng::BitsLayout& layout = params.layout;
  layout.elements = output.numElements();
  layout.words = words;
  layout.wide = storageBytes(t) == 8;
  layout.rank0 = shape.empty();
  if (!shape.empty()) {
    size_t split = shape.size();
    for (size_t d = 0; d < shape.size() && split == shape.size(); ++d)
      if (shape[d] % 2 == 0) split = d;
    if (split == shape.size()) split = static_cast<size_t>(std::max_element(shape.begin(), shape.end()) - shape.begin());
    for (size_t d = 0; d < split; ++d) layout.outer *= shape[d];
    layout.size = shape[split];
    for (size_t d = split + 1; d < shape.size(); ++d) layout.inner *= shape[d];
  }
  return absl::OkStatus();
}

absl::Status planRng(const Operation& op, Step& step, const Plan& plan) {
  RETURN_IF_ERROR(expectCounts(step, 3, 1));
  const Type& a = operandType(step, plan, 0);
  const Type& b = operandType(step, plan, 1);
  const Type& shape = operandType(step, plan, 2);
  const Type& out = resultType(step, plan, 0);
  if (a.rank() != 0 || b.rank() != 0 || a.elementType() != out.elementType() || b.elementType() != out.elementType())
    return absl::InvalidArgumentError("a and b are rank-0 tensors of the result's element type (spec: rng (C1))");
  if (shape.rank() != 1 || !isInteger(shape.elementType()) || shape.shape()[0] != out.rank())
    return absl::InvalidArgumentError("shape is a 1-dimensional integer tensor with one entry per result dimension (spec: rng (C3))");
  const ElementType t = out.elementType();
  const std::string_view distribution = RngOp(op).rngDistribution();
  auto& params = newParams<RngParams>(step);
  if (distribution == "NORMAL") {
    if (!isFloat(t)) return absl::InvalidArgumentError("NORMAL needs a floating-point result (spec: rng (C2))");
    params.normal = true;
  } else if (distribution != "UNIFORM") {
    return absl::InvalidArgumentError(strCat("unknown rng_distribution ", distribution));
  }
  if (!(isInteger(t) || isBoolean(t) || isFloat(t))) return absl::InvalidArgumentError("rng gives integers, booleans or floats (spec: rng (C1))");
  return absl::OkStatus();
}

constexpr OpPlanner kPlanners[] = {
    {OpId::kReshape, planReshape},
    {OpId::kBroadcastInDim, planBroadcastInDim},
    {OpId::kTranspose, planTranspose},
    {OpId::kSlice, planSlice},
    {OpId::kReverse, planReverse},
    {OpId::kConcatenate, planConcatenate},
    {OpId::kPad, planPad},
    {OpId::kIota, planIota},
    {OpId::kGetDimensionSize, planGetDimensionSize},
    {OpId::kDynamicSlice, planDynamicSlice},
    {OpId::kDynamicUpdateSlice, planDynamicUpdateSlice},
    {OpId::kGather, planGather},
    {OpId::kScatter, planScatter},
    {OpId::kSort, planSort},
    {OpId::kChloTopK, planTopK},
    {OpId::kRngBitGenerator, planRngBitGenerator},
    {OpId::kRng, planRng},
    {OpId::kDynamicIota, planDynamicIota},
    {OpId::kDynamicReshape, planDynamicReshape},
    {OpId::kDynamicBroadcastInDim, planDynamicBroadcastInDim},
    {OpId::kDynamicPad, planDynamicPad},
    {OpId::kDynamicGather, planDynamicGather},
};

}  // namespace

std::span<const OpPlanner> movementPlanners() { return kPlanners; }

}  // namespace hloconf::plan
