// Dynamism: dynamic_broadcast_in_dim, dynamic_conv, dynamic_gather, dynamic_iota, dynamic_pad,
// dynamic_reshape, real_dynamic_slice.
//
// Each op is its static counterpart with some attributes given as run-time operands (the dynamism RFC,
// ../shared/spec/dynamism-rfc.txt beside the checkout). A kernel here reads those operands, checks them, and runs the
// static kernel from the kernel table on a stand-in operation that carries them as attributes:
//
//   dynamic_broadcast_in_dim -> broadcast_in_dim   (result shape from output_dimensions)
//   dynamic_iota             -> iota               (result shape from output_shape)
//   dynamic_reshape          -> reshape            (result shape from output_shape)
//   dynamic_pad              -> pad                (edge_padding_low/high, interior_padding)
//   real_dynamic_slice       -> slice              (start_indices, limit_indices, strides)
//   dynamic_gather           -> gather             (slice_sizes)
//   dynamic_conv             -> convolution        (padding)
//
// A shape that disagrees at run time with what the program declares (an operand's actual shape against a
// static dimension of its declared type, a shape operand or a computed result shape against a static
// result dimension, a known_(non)expanding promise that does not hold, run-time sizes or indices that
// break the op's constraints) is undefined behaviour (RFC P2): the kernel returns an error
// "undefined behaviour: ..." naming the op, so no golden value is ever made from it.
#include <string>

#include "ir/op_views.h"
#include "ir/status_macros.h"
#include "ir/strings.h"
#include "reference/kernels.h"
#include "reference/numerics.h"

namespace hloconf::ref {
namespace {

using Results = absl::StatusOr<std::vector<RtValue>>;
using Shape = std::vector<int64_t>;

std::string listText(const Shape& values) {
  std::string text = "[";
  for (size_t i = 0; i < values.size(); ++i) strAppend(&text, i ? ", " : "", values[i]);
  return text + "]";
}

absl::Status undefinedBehaviour(Interpreter& interp, const Operation& op, std::string_view message) {
  return interp.opError(op, strCat("undefined behaviour: ", message));
}

// Every tensor operand's actual shape against the static dimensions of its declared type.
absl::Status checkOperandShapes(Interpreter& interp, const Operation& op, const std::vector<RtValue>& operands) {
  for (size_t i = 0; i < operands.size() && i < op.operands.size(); ++i) {
    if (!operands[i].isTensor() || !op.operands[i]->type.isTensor()) continue;
    const Type& declared = op.operands[i]->type;
    const Shape& actual = operands[i].tensor.type().shape();
    bool ok = declared.rank() == static_cast<int64_t>(actual.size());
    for (int64_t d = 0; ok && d < declared.rank(); ++d) ok = declared.shape()[d] == kDynamicSize || declared.shape()[d] == actual[d];
    if (!ok) {
      return undefinedBehaviour(interp, op, strCat("operand ", i, " has shape ", listText(actual), " at run time, but its type is ",
                                                   declared.toString()));
    }
  }
  return absl::OkStatus();
}

// The values of a 1-dimensional integer tensor operand (a shape, sizes or indices).
absl::StatusOr<Shape> intOperand(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands, size_t i, std::string_view what) {
  ASSIGN_OR_RETURN(auto t, tensorOperand(interp, op, operands, i));
  const ElementType et = t->elementType();
  if (!isInteger(et) || t->type().rank() != 1) return interp.opError(op, strCat(what, " must be a 1-dimensional integer tensor"));
  Shape values;
  for (int64_t k = 0; k < t->numElements(); ++k) {
    const __int128 v = integerValue(et, t->bits(k));
    if (v > INT64_MAX) return undefinedBehaviour(interp, op, strCat(what, " has a value beyond the 64-bit range"));
    values.push_back(static_cast<int64_t>(v));
  }
  return values;
}

Attr i64Array(const Shape& values) {
  std::vector<uint64_t> bits(values.begin(), values.end());
  return Attribute::denseArray(ElementType::kSI64, std::move(bits));
}

// The declared result type with the static `shape` (a shape operand's values) in place of its dimensions;
// a static dimension that disagrees is undefined behaviour.
absl::StatusOr<Type> resolvedResultType(Interpreter& interp, const Operation& op, const Shape& shape, std::string_view from) {
  if (op.results.size() != 1 || !op.results[0]->type.isTensor()) return interp.opError(op, "needs one tensor result");
  const Type& declared = op.results[0]->type;
  if (declared.rank() != static_cast<int64_t>(shape.size())) {
    return interp.opError(op, strCat(from, " ", listText(shape), " has ", shape.size(), " entries, but the result ",
                                     declared.toString(), " has rank ", declared.rank()));
  }
  for (size_t d = 0; d < shape.size(); ++d) {
    if (shape[d] < 0) return undefinedBehaviour(interp, op, strCat(from, " ", listText(shape), " has a negative size"));
    if (declared.shape()[d] != kDynamicSize && declared.shape()[d] != shape[d]) {
      return undefinedBehaviour(interp, op, strCat(from, " is ", listText(shape), " at run time, but the result type is ",
                                                   declared.toString()));
    }
  }
  Type type = Type::tensor(shape, declared.tensorElement());
  RETURN_IF_ERROR(checkResultSize(interp, op, type));
  return type;
}

// The declared result type with every dimension dynamic (the static kernel then sizes the result itself,
// and checkResult compares it with the declaration).
absl::StatusOr<Type> openResultType(Interpreter& interp, const Operation& op) {
  if (op.results.size() != 1 || !op.results[0]->type.isTensor()) return interp.opError(op, "needs one tensor result");
  const Type& declared = op.results[0]->type;
  return Type::tensor(Shape(declared.rank(), kDynamicSize), declared.tensorElement());
}

// The result of a delegated static kernel against the static dimensions of the declared result type.
Results checkResult(Interpreter& interp, const Operation& op, Results results) {
  if (!results.ok() || results->size() != 1 || !(*results)[0].isTensor()) return results;
  const Type& declared = op.results[0]->type;
  const Shape& actual = (*results)[0].tensor.type().shape();
  for (int64_t d = 0; d < declared.rank() && d < static_cast<int64_t>(actual.size()); ++d) {
    if (declared.shape()[d] != kDynamicSize && declared.shape()[d] != actual[d]) {
      return undefinedBehaviour(interp, op, strCat("the operands give a result of shape ", listText(actual), " at run time, but the result type is ",
                                                   declared.toString()));
    }
  }
  return results;
}

// Runs the static kernel of `static_op` on a stand-in for `op` that has `op`'s attributes plus `extra`,
// result type `result_type`, and `operands`. Its error messages name `op`, not the stand-in.
Results delegate(Interpreter& interp, const Operation& op, OpId static_op, NamedAttrList extra, const Type& result_type,
                 std::vector<RtValue> operands) {
  const std::string_view static_name = opName(static_op);
  Kernel kernel = lookupKernel(static_op);
  if (!kernel) return interp.unsupported(op, strCat("needs the kernel of ", static_name, ", which is missing"));
  Operation stand_in{std::string(static_name)};
  stand_in.source_offset = op.source_offset;
  for (const NamedAttr& a : op.properties) {
    bool replaced = false;
    for (const NamedAttr& e : extra) replaced = replaced || e.name == a.name;
    if (!replaced) stand_in.properties.push_back(a);
  }
  for (NamedAttr& e : extra) stand_in.properties.push_back(std::move(e));
  stand_in.attributes = op.attributes;
  for (size_t i = 0; i < op.operands.size() && i < operands.size(); ++i) stand_in.operands.push_back(op.operands[i]);
  stand_in.operands.resize(operands.size(), nullptr);
  stand_in.addResult(result_type);
  Results results = kernel(interp, stand_in, operands);
  if (results.ok()) return results;
  std::string message(results.status().message());
  const std::string from = strCat(": ", static_name, ": "), to = strCat(": ", op.name, ": ");
  if (size_t at = message.find(from); at != std::string::npos) message.replace(at, from.size(), to);
  return absl::Status(results.status().code(), message);
}

// --- Kernels ------------------------------------------------------------------------------------------------

Results dynamicBroadcastInDimKernel(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands) {
  if (operands.size() != 2) return interp.opError(op, "takes the operand and output_dimensions");
  RETURN_IF_ERROR(checkOperandShapes(interp, op, operands));
  ASSIGN_OR_RETURN(auto operand, tensorOperand(interp, op, operands, 0));
  ASSIGN_OR_RETURN(auto shape, intOperand(interp, op, operands, 1, "output_dimensions"));
  ASSIGN_OR_RETURN(auto type, resolvedResultType(interp, op, shape, "output_dimensions"));
  const DynamicBroadcastInDimOp broadcast(op);
  const Shape dims = broadcast.broadcastDimensions();
  const Shape expanding = broadcast.knownExpandingDimensions(), nonexpanding = broadcast.knownNonexpandingDimensions();
  const Shape& in = operand->type().shape();
  const int64_t in_rank = static_cast<int64_t>(in.size()), rank = static_cast<int64_t>(shape.size());
  if (static_cast<int64_t>(dims.size()) != in_rank) {
    return interp.opError(op, strCat("broadcast_dimensions ", listText(dims), " must have one entry per operand dimension (", in_rank, ")"));
  }
  for (int64_t d = 0; d < in_rank; ++d) {
    const int64_t r = dims[d];
    if (r < 0 || r >= rank) return interp.opError(op, strCat("broadcast_dimensions ", listText(dims), " is out of range for rank ", rank));
    if (in[d] != 1 && in[d] != shape[r]) {
      return undefinedBehaviour(interp, op, strCat("operand dimension ", d, " has size ", in[d], ", which is neither 1 nor output dimension ", r,
                                                   " (", shape[r], ")"));
    }
  }
  for (int64_t d : expanding) {
    if (d < 0 || d >= in_rank) return interp.opError(op, strCat("known_expanding_dimensions has ", d, ", out of range for rank ", in_rank));
    if (in[d] != 1) {
      return undefinedBehaviour(interp, op, strCat("operand dimension ", d, " is declared known-expanding but has size ", in[d]));
    }
  }
  for (int64_t d : nonexpanding) {
    if (d < 0 || d >= in_rank) return interp.opError(op, strCat("known_nonexpanding_dimensions has ", d, ", out of range for rank ", in_rank));
    if (in[d] != shape[dims[d]]) {
      return undefinedBehaviour(interp, op, strCat("operand dimension ", d, " is declared known-nonexpanding but has size ", in[d],
                                                   " and output dimension ", dims[d], " size ", shape[dims[d]]));
    }
  }
  return delegate(interp, op, OpId::kBroadcastInDim, {}, type, {operands[0]});
}

Results dynamicIotaKernel(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands) {
  if (operands.size() != 1) return interp.opError(op, "takes output_shape");
  RETURN_IF_ERROR(checkOperandShapes(interp, op, operands));
  ASSIGN_OR_RETURN(auto shape, intOperand(interp, op, operands, 0, "output_shape"));
  ASSIGN_OR_RETURN(auto type, resolvedResultType(interp, op, shape, "output_shape"));
  return delegate(interp, op, OpId::kIota, {}, type, {});
}

Results dynamicReshapeKernel(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands) {
  if (operands.size() != 2) return interp.opError(op, "takes the operand and output_shape");
  RETURN_IF_ERROR(checkOperandShapes(interp, op, operands));
  ASSIGN_OR_RETURN(auto operand, tensorOperand(interp, op, operands, 0));
  ASSIGN_OR_RETURN(auto shape, intOperand(interp, op, operands, 1, "output_shape"));
  ASSIGN_OR_RETURN(auto type, resolvedResultType(interp, op, shape, "output_shape"));
  if (type.numElements() != operand->numElements()) {
    return undefinedBehaviour(interp, op, strCat("output_shape ", listText(shape), " has ", type.numElements(), " elements, but the operand (",
                                                 operand->type().toString(), ") has ", operand->numElements()));
  }
  return delegate(interp, op, OpId::kReshape, {}, type, {operands[0]});
}

Results dynamicPadKernel(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands) {
  if (operands.size() != 5) return interp.opError(op, "takes the operand, the padding value, and edge_padding_low/high and interior_padding");
  RETURN_IF_ERROR(checkOperandShapes(interp, op, operands));
  ASSIGN_OR_RETURN(auto operand, tensorOperand(interp, op, operands, 0));
  ASSIGN_OR_RETURN(auto low, intOperand(interp, op, operands, 2, "edge_padding_low"));
  ASSIGN_OR_RETURN(auto high, intOperand(interp, op, operands, 3, "edge_padding_high"));
  ASSIGN_OR_RETURN(auto interior, intOperand(interp, op, operands, 4, "interior_padding"));
  const Shape& in = operand->type().shape();
  if (low.size() != in.size() || high.size() != in.size() || interior.size() != in.size()) {
    return interp.opError(op, strCat("edge_padding_low, edge_padding_high and interior_padding must have one entry per operand dimension (",
                                     in.size(), ")"));
  }
  for (size_t d = 0; d < in.size(); ++d) {
    if (interior[d] < 0) return undefinedBehaviour(interp, op, strCat("interior_padding ", listText(interior), " is negative"));
    const __int128 size =
        static_cast<__int128>(in[d]) + low[d] + high[d] + static_cast<__int128>(in[d] > 0 ? in[d] - 1 : 0) * interior[d];
    if (size < 0) return undefinedBehaviour(interp, op, strCat("the padding makes dimension ", d, " negative"));
  }
  ASSIGN_OR_RETURN(auto type, openResultType(interp, op));
  return checkResult(interp, op,
                     delegate(interp, op, OpId::kPad,
                              {{"edge_padding_low", i64Array(low)}, {"edge_padding_high", i64Array(high)}, {"interior_padding", i64Array(interior)}},
                              type, {operands[0], operands[1]}));
}

Results realDynamicSliceKernel(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands) {
  if (operands.size() != 4) return interp.opError(op, "takes the operand, start_indices, limit_indices and strides");
  RETURN_IF_ERROR(checkOperandShapes(interp, op, operands));
  ASSIGN_OR_RETURN(auto operand, tensorOperand(interp, op, operands, 0));
  ASSIGN_OR_RETURN(auto start, intOperand(interp, op, operands, 1, "start_indices"));
  ASSIGN_OR_RETURN(auto limit, intOperand(interp, op, operands, 2, "limit_indices"));
  ASSIGN_OR_RETURN(auto strides, intOperand(interp, op, operands, 3, "strides"));
  const Shape& in = operand->type().shape();
  if (start.size() != in.size() || limit.size() != in.size() || strides.size() != in.size()) {
    return interp.opError(op, strCat("start_indices, limit_indices and strides must have one entry per operand dimension (", in.size(), ")"));
  }
  for (size_t d = 0; d < in.size(); ++d) {
    const int64_t s = start[d], l = limit[d], k = strides[d];
    if (s < 0 || s > l || l > in[d] || k <= 0) {
      return undefinedBehaviour(interp, op, strCat("dimension ", d, ": the slice ", s, ":", l, ":", k, " does not fit size ", in[d],
                                                   " (needs 0 <= start <= limit <= size and stride > 0)"));
    }
  }
  ASSIGN_OR_RETURN(auto type, openResultType(interp, op));
  return checkResult(interp, op,
                     delegate(interp, op, OpId::kSlice,
                              {{"start_indices", i64Array(start)}, {"limit_indices", i64Array(limit)}, {"strides", i64Array(strides)}},
                              type, {operands[0]}));
}

Results dynamicGatherKernel(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands) {
  if (operands.size() != 3) return interp.opError(op, "takes the operand, start_indices and slice_sizes");
  RETURN_IF_ERROR(checkOperandShapes(interp, op, operands));
  ASSIGN_OR_RETURN(auto operand, tensorOperand(interp, op, operands, 0));
  ASSIGN_OR_RETURN(auto sizes, intOperand(interp, op, operands, 2, "slice_sizes"));
  const Shape& in = operand->type().shape();
  if (sizes.size() != in.size()) {
    return interp.opError(op, strCat("slice_sizes ", listText(sizes), " must have one entry per operand dimension (", in.size(), ")"));
  }
  for (size_t d = 0; d < in.size(); ++d) {
    if (sizes[d] < 0 || sizes[d] > in[d]) {
      return undefinedBehaviour(interp, op, strCat("slice_sizes ", listText(sizes), " does not fit the operand shape ", listText(in)));
    }
  }
  ASSIGN_OR_RETURN(auto type, openResultType(interp, op));
  return checkResult(interp, op, delegate(interp, op, OpId::kGather, {{"slice_sizes", i64Array(sizes)}}, type, {operands[0], operands[1]}));
}

Results dynamicConvKernel(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands) {
  if (operands.size() != 3) return interp.opError(op, "takes lhs, rhs and padding");
  RETURN_IF_ERROR(checkOperandShapes(interp, op, operands));
  ASSIGN_OR_RETURN(auto padding, tensorOperand(interp, op, operands, 2));
  const Type& pt = padding->type();
  if (!isInteger(padding->elementType()) || pt.rank() != 2 || pt.shape()[1] != 2) {
    return interp.opError(op, strCat("padding must be an integer tensor of shape [N - 2, 2], not ", pt.toString()));
  }
  ASSIGN_OR_RETURN(auto type, openResultType(interp, op));
  return checkResult(interp, op, delegate(interp, op, OpId::kConvolution, {{"padding", Attribute::denseElements(*padding)}}, type,
                                          {operands[0], operands[1]}));
}

const KernelDef kDynamicKernels[] = {
    {OpId::kDynamicBroadcastInDim, dynamicBroadcastInDimKernel},
    {OpId::kDynamicIota, dynamicIotaKernel},
    {OpId::kDynamicReshape, dynamicReshapeKernel},
    {OpId::kDynamicPad, dynamicPadKernel},
    {OpId::kRealDynamicSlice, realDynamicSliceKernel},
    {OpId::kDynamicGather, dynamicGatherKernel},
    {OpId::kDynamicConv, dynamicConvKernel},
};

}  // namespace

std::span<const KernelDef> dynamicKernels() { return kDynamicKernels; }

}  // namespace hloconf::ref
