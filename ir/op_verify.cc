#include "ir/op_verify.h"

#include <algorithm>
#include <vector>

#include "ir/op_verify_util.h"
#include "ir/op_views.h"
#include "ir/status_macros.h"
#include "ir/strings.h"

namespace hloconf::verify {
namespace {

using namespace util;  // NOLINT(google-build-using-namespace): the shared helpers of ir/op_verify_util.h

bool isPerAxis(const Type& t) { return t.isQuantized() && t.tensorElement().quantizedType().quantized_dimension.has_value(); }

// The spec's element_type(a) = element_type(b), for types that are not per-axis quantized (whose scales
// and axis may legitimately differ between operand and result).
absl::Status sameElementType(std::string_view label, const Type& a, const Type& b, std::string_view what) {
  if (!a.isTensor() || !b.isTensor() || isPerAxis(a) || isPerAxis(b)) return absl::OkStatus();
  if (a.tensorElement() == b.tensorElement()) return absl::OkStatus();
  return violated(label, strCat(what, ": ", a.tensorElement().toString(), " and ", b.tensorElement().toString(), " differ"));
}

// 0 <= d < rank for each, and (when `unique`) no repeats.
absl::Status dimsInRangeUnique(std::string_view label, std::string_view name, const Dims& dims, int64_t rank) {
  RETURN_IF_ERROR(dimsInRange(label, name, dims, rank));
  return noRepeats(label, name, dims);
}

}  // namespace

absl::Status broadcastInDim(const Operation& op) {
  const Type& operand = operandType(op, 0);
  const Type& result = resultType(op, 0);
  if (!operand.isTensor() || !result.isTensor()) return absl::OkStatus();
  RETURN_IF_ERROR(movedElementType("broadcast_in_dim (C1)", operand, result, /*scales_may_differ=*/true));
  const Dims dims = BroadcastInDimOp(op).broadcastDimensions();
  if (static_cast<int64_t>(dims.size()) != operand.rank()) {
    return violated("broadcast_in_dim (C2)", strCat("broadcast_dimensions ", listText(dims), " must have one entry per operand dimension (",
                                                     operand.rank(), ")"));
  }
  RETURN_IF_ERROR(dimsInRange("broadcast_in_dim (C3)", "broadcast_dimensions", dims, result.rank()));
  RETURN_IF_ERROR(noRepeats("broadcast_in_dim (C4)", "broadcast_dimensions", dims));
  for (size_t d = 0; d < dims.size(); ++d) {
    const int64_t in = operand.shape()[d], out = result.shape()[dims[d]];
    if (in != 1 && !sameSize(in, out)) {
      return violated("broadcast_in_dim (C5)", strCat("operand dimension ", d, " has size ", in, ", which is neither 1 nor the size of result dimension ",
                                                       dims[d], " (", out, ")"));
    }
  }
  return broadcastAxis("broadcast_in_dim (C6)", operand, result, dims);
}

absl::Status concatenate(const Operation& op) {
  if (op.operands.empty()) return violated("concatenate (C3)", "needs at least one input");
  const Type& first = operandType(op, 0);
  if (!first.isTensor()) return absl::OkStatus();
  const int64_t dimension = ConcatenateOp(op).dimension();
  if (dimension < 0 || dimension >= first.rank()) {
    return violated("concatenate (C4)", strCat("dimension ", dimension, " is out of range for rank ", first.rank()));
  }
  for (size_t i = 1; i < op.operands.size(); ++i) {
    const Type& input = operandType(op, i);
    if (!input.isTensor()) continue;
    RETURN_IF_ERROR(sameElementType("concatenate (C1)", first, input, strCat("inputs 0 and ", i)));
    if (input.rank() != first.rank()) return violated("concatenate (C2)", strCat("input ", i, " has rank ", input.rank(), ", input 0 has ", first.rank()));
    for (int64_t d = 0; d < first.rank(); ++d) {
      if (d != dimension && !sameSize(input.shape()[d], first.shape()[d])) {
        return violated("concatenate (C2)", strCat("input ", i, " has size ", input.shape()[d], " in dimension ", d, ", input 0 has ",
                                                    first.shape()[d]));
      }
    }
  }
  // (C5) and (C6), the result's element type and shape: inferResultTypes (ir/infer.h), checked by verifyAgainstSchema.
  return absl::OkStatus();
}

absl::Status getTupleElement(const Operation& op) {
  const Type& operand = operandType(op, 0);
  if (operand.kind() != Type::Kind::kTuple) return absl::OkStatus();
  const int64_t index = GetTupleElementOp(op).index();
  const int64_t size = static_cast<int64_t>(operand.tupleElements().size());
  if (index < 0 || index >= size) return violated("get_tuple_element (C1)", strCat("index ", index, " is out of range for a tuple of ", size));
  if (operand.tupleElements()[static_cast<size_t>(index)] != resultType(op, 0)) {
    return violated("get_tuple_element (C2)", strCat("the result type ", resultType(op, 0).toString(), " is not element ", index, "'s type ",
                                                      operand.tupleElements()[static_cast<size_t>(index)].toString()));
  }
  return absl::OkStatus();
}

absl::Status constant(const Operation& op) {
  // A missing or undecodable value is the schema's attribute check's to report.
  const Tensor* value = decode::denseElements(ConstantOp(op).value());
  if (!value || op.results.size() != 1) return absl::OkStatus();
  const Type& output = resultType(op, 0);
  if (!output.isTensor()) return absl::OkStatus();
  // A quantized output's literal holds its storage integers: the parser types it with the storage type,
  // which is the quantized type's element type here.
  if (value->elementType() != output.elementType() || !sameShape(value->type(), output)) {
    return violated("constant (C1)", strCat("the value has type ", value->type().toString(), ", but the output is ", output.toString()));
  }
  return absl::OkStatus();
}

absl::Status iota(const Operation& op) {
  const Type& output = resultType(op, 0);
  if (!output.isTensor()) return absl::OkStatus();
  const int64_t dimension = IotaOp(op).iotaDimension();
  if (dimension < 0 || dimension >= output.rank()) {
    return violated("iota (C1)", strCat("iota_dimension ", dimension, " is out of range for rank ", output.rank()));
  }
  return absl::OkStatus();
}

absl::Status pad(const Operation& op) {
  const Type& operand = operandType(op, 0);
  if (!operand.isTensor()) return absl::OkStatus();
  const PadOp pad(op);
  const Dims low = pad.edgePaddingLow(), high = pad.edgePaddingHigh(), interior = pad.interiorPadding();
  RETURN_IF_ERROR(sameElementType("pad (C1)", operand, operandType(op, 1), "the operand's and padding_value's element types"));
  const size_t rank = static_cast<size_t>(operand.rank());
  if (low.size() != rank || high.size() != rank || interior.size() != rank) {
    return violated("pad (C2)", strCat("edge_padding_low, edge_padding_high and interior_padding must have one entry per operand dimension (",
                                        rank, ")"));
  }
  for (size_t d = 0; d < rank; ++d) {
    if (interior[d] < 0) return violated("pad (C3)", strCat("interior_padding ", listText(interior), " has a negative entry"));
  }
  // (C4), the result's shape: inferResultTypes (ir/infer.h), checked by verifyAgainstSchema.
  return absl::OkStatus();
}

absl::Status reducePrecision(const Operation& op) {
  const ReducePrecisionOp rp(op);
  if (rp.exponentBits() < 1) return violated("reduce_precision (C2)", strCat("exponent_bits ", rp.exponentBits(), " must be at least 1"));
  if (rp.mantissaBits() < 0) return violated("reduce_precision (C3)", strCat("mantissa_bits ", rp.mantissaBits(), " must not be negative"));
  return absl::OkStatus();
}

absl::Status reverse(const Operation& op) {
  const Type& result = resultType(op, 0);
  if (!result.isTensor()) return absl::OkStatus();
  const Dims dims = ReverseOp(op).dimensions();
  RETURN_IF_ERROR(noRepeats("reverse (C2)", "dimensions", dims));
  return dimsInRange("reverse (C3)", "dimensions", dims, result.rank());
}

absl::Status slice(const Operation& op) {
  const Type& operand = operandType(op, 0);
  if (!operand.isTensor()) return absl::OkStatus();
  const SliceOp slice(op);
  const Dims start = slice.startIndices(), limit = slice.limitIndices(), strides = slice.strides();
  const size_t rank = static_cast<size_t>(operand.rank());
  if (start.size() != rank || limit.size() != rank || strides.size() != rank) {
    return violated("slice (C2)", strCat("start_indices, limit_indices and strides must have one entry per operand dimension (", rank, ")"));
  }
  for (size_t d = 0; d < rank; ++d) {
    const int64_t size = operand.shape()[d];
    if (start[d] < 0 || start[d] > limit[d] || (size != kDynamicSize && limit[d] > size)) {
      return violated("slice (C3)", strCat("dimension ", d, ": needs 0 <= start (", start[d], ") <= limit (", limit[d], ") <= size (", size, ")"));
    }
    if (strides[d] <= 0) return violated("slice (C4)", strCat("stride ", strides[d], " of dimension ", d, " must be positive"));
  }
  // (C1) and (C5), the result's element type and shape: inferResultTypes (ir/infer.h), checked by verifyAgainstSchema.
  return absl::OkStatus();
}

absl::Status transpose(const Operation& op) {
  const Type& operand = operandType(op, 0);
  if (!operand.isTensor()) return absl::OkStatus();
  const Dims permutation = TransposeOp(op).permutation();
  if (static_cast<int64_t>(permutation.size()) != operand.rank()) {
    return violated("transpose (C2)", strCat("permutation ", listText(permutation), " must have one entry per operand dimension (",
                                              operand.rank(), ")"));
  }
  RETURN_IF_ERROR(dimsInRangeUnique("transpose (C2)", "permutation", permutation, operand.rank()));
  const Type& result = resultType(op, 0);
  RETURN_IF_ERROR(movedElementType("transpose (C1)", operand, result, /*scales_may_differ=*/false));
  // (C3), the result's shape: inferResultTypes (ir/infer.h), checked by verifyAgainstSchema.
  if (!result.isTensor() || result.rank() != operand.rank()) return absl::OkStatus();
  // (C4): the result's axis is the operand's, moved: permutation[result axis] = operand axis.
  if (isPerAxis(operand) && isPerAxis(result)) {
    const int64_t in_axis = *operand.quantizedType().quantized_dimension, out_axis = *result.quantizedType().quantized_dimension;
    if (out_axis >= 0 && out_axis < static_cast<int64_t>(permutation.size()) && permutation[out_axis] != in_axis) {
      return violated("transpose (C4)", strCat("the result is quantized along dimension ", out_axis, ", which the permutation takes from operand dimension ",
                                                permutation[out_axis], ", but the operand is quantized along ", in_axis));
    }
  }
  return absl::OkStatus();
}

}  // namespace hloconf::verify
