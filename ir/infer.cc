// Result-type inference (ir/infer.h): one function per op, shaped like the spec's rule for its results and
// citing the rule's labels. A function checks only what it needs to compute the rule (dimension numbers in
// range, sizes that must agree); the op's other constraints are the verify functions' (ir/op_verify*.cc).
#include "ir/infer.h"

#include <algorithm>
#include <optional>
#include <utility>

#include "ir/chlo_broadcast.h"
#include "ir/op_schema.h"
#include "ir/op_views.h"
#include "ir/spec_constraints.h"
#include "ir/status_macros.h"
#include "ir/strings.h"

namespace hloconf {
namespace {

using Dims = std::vector<int64_t>;
using Results = absl::StatusOr<std::vector<InferredType>>;

absl::Status violated(std::string_view label, std::string_view what) { return absl::InvalidArgumentError(strCat(label, ": ", what)); }

std::string sizeText(int64_t d) { return d == kDynamicSize ? std::string("?") : strCat(d); }
std::string dimsText(const Dims& dims) {
  std::string text = "[";
  for (size_t i = 0; i < dims.size(); ++i) strAppend(&text, i ? ", " : "", sizeText(dims[i]));
  return text + "]";
}

bool contains(const Dims& dims, int64_t d) { return std::find(dims.begin(), dims.end(), d) != dims.end(); }

const Type& operandType(const Operation& op, size_t i) { return op.operands[i]->type; }

// Operand `i` as a tensor, or an error citing `label` (the schema's type check reports it first in a program;
// a builder may pass anything).
absl::StatusOr<Type> tensorOperand(const Operation& op, size_t i, std::string_view label) {
  if (i >= op.operands.size()) return violated(label, strCat("needs operand ", i, "; has ", op.operands.size()));
  const Type& t = operandType(op, i);
  if (!t.isTensor()) return violated(label, strCat("operand ", i, " has type ", t.toString(), ", not a tensor type"));
  return t;
}

// dim(t, d), guarded: `d` is a dimension of t or the rule that needs it fails, citing `label`.
absl::StatusOr<int64_t> dimOf(const Type& t, int64_t d, std::string_view label, std::string_view what) {
  if (d < 0 || d >= t.rank()) return violated(label, strCat(what, " ", d, " is out of range for rank ", t.rank()));
  return t.shape()[static_cast<size_t>(d)];
}

InferredType exactly(Type type, std::string shape_label, std::string element_label) {
  return {std::move(type), ElementRule::kExact, std::move(shape_label), std::move(element_label)};
}

// element_type(result) = element_type(operand) where the operand is per-axis quantized: the spec's equality
// of element types then leaves the scales to the result (a slice or gather along the axis keeps fewer).
ElementRule elementRuleOf(const Type& t) {
  return t.isQuantized() && t.quantizedType().quantized_dimension ? ElementRule::kBaseline : ElementRule::kExact;
}

// A tensor of shape `shape` with the element (or quantized) type of `like`.
Type withShape(const Type& like, Dims shape) { return Type::tensor(std::move(shape), like.tensorElement()); }

// The same-type rule of the elementwise ops: the label the inventory gives the op's same-type constraint.
std::string sameTypeLabel(OpId id) {
  const std::string_view name = schemaOf(id).shortName();
  return spec::sameTypeLabel(name).value_or(strCat(name, " (C1)"));
}

// --- Elementwise ---------------------------------------------------------------------------------------

// type(result) = type(operand) (baseline_type for the ops defined by dequantize_op_quantize): negate (C1),
// cosine (C1), not (C1), reduce_precision (C1), cholesky (C1), batch_norm_inference (C7), ...
Results sameAsOperand(const Operation& op, size_t i, std::string label) {
  ASSIGN_OR_RETURN(const Type operand, tensorOperand(op, i, label));
  const ElementRule rule = schemaOf(op.id).has(traits::kDequantizeOpQuantize) || operand.isQuantized() ? ElementRule::kBaseline : ElementRule::kExact;
  return std::vector<InferredType>{{operand, rule, label, label}};
}

// shape(lhs) = shape(rhs) = shape(result): each size the one of them that is known. Both known and different
// is the rule's error.
absl::StatusOr<Dims> commonShape(const Type& lhs, const Type& rhs, std::string_view label) {
  if (lhs.rank() != rhs.rank()) return violated(label, strCat("lhs has rank ", lhs.rank(), ", rhs ", rhs.rank(), "; the shapes must be one"));
  Dims shape = lhs.shape();
  for (size_t d = 0; d < shape.size(); ++d) {
    const int64_t r = rhs.shape()[d];
    if (shape[d] == kDynamicSize) shape[d] = r;
    if (r != kDynamicSize && shape[d] != r) {
      return violated(label, strCat("lhs has shape ", dimsText(lhs.shape()), ", rhs ", dimsText(rhs.shape()), "; they must be one"));
    }
  }
  return shape;
}

// add (C1), subtract (C1), and (C1), shift_left (C1), ...: type(lhs) = type(rhs) = type(result).
Results sameAsOperands(const Operation& op) {
  const std::string label = sameTypeLabel(op.id);
  ASSIGN_OR_RETURN(const Type lhs, tensorOperand(op, 0, label));
  ASSIGN_OR_RETURN(const Type rhs, tensorOperand(op, 1, label));
  ASSIGN_OR_RETURN(Dims shape, commonShape(lhs, rhs, label));
  // The lhs's type itself (bounds included) where the shapes are written alike.
  const Type result = shape == lhs.shape() ? lhs : withShape(lhs, std::move(shape));
  const ElementRule rule = schemaOf(op.id).has(traits::kDequantizeOpQuantize) || lhs.isQuantized() ? ElementRule::kBaseline : ElementRule::kExact;
  return std::vector<InferredType>{{result, rule, label, label}};
}

Results abs(const Operation& op) {
  ASSIGN_OR_RETURN(const Type operand, tensorOperand(op, 0, "abs (C1)"));
  // (C2): complex_element_type(element_type(operand)) if is_complex(operand), else its baseline element type.
  if (!operand.isQuantized() && isComplex(operand.elementType())) {
    return std::vector<InferredType>{
        exactly(Type::tensor(operand.shape(), Type::element(complexPartType(operand.elementType())), operand.bounds()), "abs (C1)", "abs (C2)")};
  }
  return std::vector<InferredType>{{operand, operand.isQuantized() ? ElementRule::kBaseline : ElementRule::kExact, "abs (C1)", "abs (C2)"}};
}

Results compare(const Operation& op) {
  ASSIGN_OR_RETURN(const Type lhs, tensorOperand(op, 0, "compare (C2)"));
  ASSIGN_OR_RETURN(const Type rhs, tensorOperand(op, 1, "compare (C2)"));
  // (C2) shape(lhs) = shape(rhs) = shape(result); the result is a tensor of boolean type (the Outputs table).
  ASSIGN_OR_RETURN(Dims shape, commonShape(lhs, rhs, "compare (C2)"));
  return std::vector<InferredType>{exactly(Type::tensor(std::move(shape), Type::element(ElementType::kI1)), "compare (C2)", "compare (outputs)")};
}

Results isFinite(const Operation& op) {
  // (C1) shape(x) = shape(y); y is a tensor of boolean type (the Outputs table).
  ASSIGN_OR_RETURN(const Type x, tensorOperand(op, 0, "is_finite (C1)"));
  return std::vector<InferredType>{exactly(Type::tensor(x.shape(), Type::element(ElementType::kI1), x.bounds()), "is_finite (C1)", "is_finite (outputs)")};
}

// chlo's elementwise ops (chlo.md's traits CompatibleOperandsAndResultType, SameOperandsAndResultShape):
// the result has the operands' type; is_inf, is_neg_inf and is_pos_inf give i1 of the operand's shape.
Results chloElementwise(const Operation& op) {
  const std::string label = strCat(opName(op.id), " (result)");
  ASSIGN_OR_RETURN(const Type x, tensorOperand(op, 0, label));
  if (op.id == OpId::kChloIsInf || op.id == OpId::kChloIsNegInf || op.id == OpId::kChloIsPosInf) {
    return std::vector<InferredType>{exactly(Type::tensor(x.shape(), Type::element(ElementType::kI1), x.bounds()), label, label)};
  }
  if (op.operands.size() == 2) {
    ASSIGN_OR_RETURN(const Type y, tensorOperand(op, 1, label));
    ASSIGN_OR_RETURN(Dims shape, commonShape(x, y, label));
    return std::vector<InferredType>{exactly(shape == x.shape() ? x : withShape(x, std::move(shape)), label, label)};
  }
  return std::vector<InferredType>{exactly(x, label, label)};
}

// chlo.broadcast_<op> (chlo.md): each operand broadcast to the operands' common shape (numpy's rule, or
// broadcast_dimensions), then <op>'s own result rule on them (compare's i1, complex's complex<E>, select's
// on_true, the operands' type otherwise).
Results chloBroadcastOp(const Operation& op) {
  const std::string label = strCat(opName(op.id), " (result)");
  std::vector<Type> types;
  std::vector<std::vector<int64_t>> shapes;
  for (size_t i = 0; i < op.operands.size(); ++i) {
    ASSIGN_OR_RETURN(Type t, tensorOperand(op, i, label));
    if (std::find(t.shape().begin(), t.shape().end(), kDynamicSize) != t.shape().end()) {
      return absl::UnimplementedError(strCat(label, ": operand ", i, " has a dynamic size, which the broadcast rule cannot match"));
    }
    shapes.push_back(t.shape());
    types.push_back(std::move(t));
  }
  const absl::StatusOr<ChloBroadcast> broadcast = chloBroadcast(op, shapes);
  if (!broadcast.ok()) return violated(label, std::string(broadcast.status().message()));
  for (Type& t : types) t = withShape(t, broadcast->shape);
  return inferResultTypes(chloBroadcastApplied(op.id).value_or(OpId::kAdd), types, op.attributes);
}

// chlo.top_k (chlo.md): values and indices of the operand's shape with the last dimension k; the values of
// the operand's element type, the indices i32.
Results chloTopK(const Operation& op) {
  ASSIGN_OR_RETURN(const Type operand, tensorOperand(op, 0, "top_k (result)"));
  const Attr* k = op.attr("k");
  if (!k || (*k)->kind() != Attribute::Kind::kInteger) return violated("top_k (result)", "needs an integer attribute k");
  if (operand.rank() == 0) return violated("top_k (result)", "needs an operand of rank 1 or more");
  Dims shape = operand.shape();
  if ((*k)->intValue() < 0 || (shape.back() != kDynamicSize && (*k)->intValue() > shape.back())) {
    return violated("top_k (result)", strCat("k = ", (*k)->intValue(), " must be between 0 and the last dimension's size"));
  }
  shape.back() = (*k)->intValue();
  return std::vector<InferredType>{exactly(withShape(operand, shape), "top_k (result)", "top_k (result)"),
                                   exactly(Type::tensor(shape, Type::element(ElementType::kSI32)), "top_k (result)", "top_k (result)")};
}

// chlo.constant_like (chlo.md): the operand's shape, the value's element type.
Results chloConstantLike(const Operation& op) {
  ASSIGN_OR_RETURN(const Type operand, tensorOperand(op, 0, "constant_like (result)"));
  const Attr* value = op.attr("value");
  const std::optional<decode::ScalarBits> scalar = value ? decode::scalar(value->get()) : std::nullopt;
  if (!scalar) return violated("constant_like (result)", "needs a typed scalar attribute 'value'");
  return std::vector<InferredType>{
      exactly(Type::tensor(operand.shape(), Type::element(scalar->type), operand.bounds()), "constant_like (result)", "constant_like (result)")};
}

Results complex(const Operation& op) {
  ASSIGN_OR_RETURN(const Type lhs, tensorOperand(op, 0, "complex (C2)"));
  // (C3) element_type(result) has type complex<E> where E = element_type(lhs).
  const ElementType e = lhs.elementType();
  if (e != ElementType::kF32 && e != ElementType::kF64) {
    return violated("complex (C3)", strCat("lhs has element type ", elementTypeName(e), "; complex<E> needs E = f32 or f64"));
  }
  const ElementType c = e == ElementType::kF32 ? ElementType::kC64 : ElementType::kC128;
  // (C2) shape(result) = shape(lhs).
  return std::vector<InferredType>{exactly(Type::tensor(lhs.shape(), Type::element(c), lhs.bounds()), "complex (C2)", "complex (C3)")};
}

// real and imag: (C1) shape(result) = shape(operand); (C2) element_type(result) is complex_element_type of a
// complex operand, else the operand's element type.
Results realOrImag(const Operation& op) {
  const std::string_view name = schemaOf(op.id).shortName();
  ASSIGN_OR_RETURN(const Type operand, tensorOperand(op, 0, strCat(name, " (C1)")));
  const ElementType e = operand.elementType();
  const ElementType part = isComplex(e) ? complexPartType(e) : e;
  return std::vector<InferredType>{exactly(Type::tensor(operand.shape(), Type::element(part), operand.bounds()), strCat(name, " (C1)"), strCat(name, " (C2)"))};
}

Results uniformDequantize(const Operation& op) {
  ASSIGN_OR_RETURN(const Type operand, tensorOperand(op, 0, "uniform_dequantize (C1)"));
  if (!operand.isQuantized()) return violated("uniform_dequantize (C2)", "the operand is not quantized, so it has no expressed type");
  // (C1) shape(operand) = shape(result); (C2) element_type(result) = expressed_type(operand).
  return std::vector<InferredType>{exactly(Type::tensor(operand.shape(), Type::element(operand.quantizedType().expressed_type), operand.bounds()),
                                           "uniform_dequantize (C1)", "uniform_dequantize (C2)")};
}

// --- Data movement -------------------------------------------------------------------------------------

Results concatenate(const Operation& op) {
  if (op.operands.empty()) return violated("concatenate (C3)", "needs at least one input");
  ASSIGN_OR_RETURN(const Type first, tensorOperand(op, 0, "concatenate (C6)"));
  const int64_t dimension = ConcatenateOp(op).dimension();
  ASSIGN_OR_RETURN(int64_t joined, dimOf(first, dimension, "concatenate (C4)", "dimension"));
  // (C6) shape(result) = shape(inputs[0]) except dim(result, dimension) = dim(inputs[0], dimension) + ...;
  // an unknown size in any input makes the sum unknown.
  for (size_t i = 1; i < op.operands.size(); ++i) {
    ASSIGN_OR_RETURN(const Type input, tensorOperand(op, i, "concatenate (C6)"));
    if (input.rank() != first.rank()) return violated("concatenate (C2)", strCat("input ", i, " has rank ", input.rank(), ", input 0 has ", first.rank()));
    const int64_t size = input.shape()[static_cast<size_t>(dimension)];
    joined = size == kDynamicSize || joined == kDynamicSize ? kDynamicSize : joined + size;
  }
  Dims shape = first.shape();
  shape[static_cast<size_t>(dimension)] = joined;
  // (C5) element_type(result) = element_type(inputs[0]).
  return std::vector<InferredType>{{withShape(first, std::move(shape)), elementRuleOf(first), "concatenate (C6)", "concatenate (C5)"}};
}

Results transpose(const Operation& op) {
  ASSIGN_OR_RETURN(const Type operand, tensorOperand(op, 0, "transpose (C3)"));
  const Dims permutation = TransposeOp(op).permutation();
  if (static_cast<int64_t>(permutation.size()) != operand.rank()) {
    return violated("transpose (C2)", strCat("permutation ", dimsText(permutation), " must have one entry per operand dimension (", operand.rank(), ")"));
  }
  // (C3) shape(result) = dim(operand, permutation...), bounds moved with their dimensions.
  Dims shape, bounds;
  for (int64_t p : permutation) {
    ASSIGN_OR_RETURN(const int64_t size, dimOf(operand, p, "transpose (C2)", "permutation entry"));
    shape.push_back(size);
    if (!operand.bounds().empty()) bounds.push_back(operand.bounds()[static_cast<size_t>(p)]);
  }
  // (C1) element_type(result) = element_type(operand), but for a per-axis quantized operand, whose axis moves:
  // (C4) quantization_dimension(operand) = permutation(quantization_dimension(result)).
  Type element = operand.tensorElement();
  if (operand.isQuantized() && operand.quantizedType().quantized_dimension) {
    QuantizedType q = operand.quantizedType();
    const auto moved = std::find(permutation.begin(), permutation.end(), *q.quantized_dimension);
    q.quantized_dimension = moved - permutation.begin();
    element = Type::quantized(std::move(q));
  }
  return std::vector<InferredType>{exactly(Type::tensor(std::move(shape), element, std::move(bounds)), "transpose (C3)", "transpose (C1)")};
}

// Every list of `lists` (the attributes `names`) has one entry per operand dimension.
absl::Status onePerDimension(std::string_view label, std::string_view names, int64_t rank, std::initializer_list<const Dims*> lists) {
  for (const Dims* list : lists) {
    if (static_cast<int64_t>(list->size()) != rank) {
      return violated(label, strCat(names, " must have one entry per operand dimension (", rank, "); one has ", dimsText(*list)));
    }
  }
  return absl::OkStatus();
}

Results slice(const Operation& op) {
  ASSIGN_OR_RETURN(const Type operand, tensorOperand(op, 0, "slice (C5)"));
  const SliceOp s(op);
  const Dims start = s.startIndices(), limit = s.limitIndices(), strides = s.strides();
  RETURN_IF_ERROR(onePerDimension("slice (C2)", "start_indices, limit_indices and strides", operand.rank(), {&start, &limit, &strides}));
  const size_t rank = static_cast<size_t>(operand.rank());
  // (C5) shape(result) = ceil((limit_indices - start_indices) / strides): the attributes give every size.
  Dims shape;
  for (size_t d = 0; d < rank; ++d) {
    if (strides[d] <= 0) return violated("slice (C4)", strCat("stride ", strides[d], " of dimension ", d, " must be positive"));
    if (start[d] > limit[d]) return violated("slice (C3)", strCat("dimension ", d, ": start ", start[d], " is after limit ", limit[d]));
    shape.push_back((limit[d] - start[d] + strides[d] - 1) / strides[d]);
  }
  // (C1) element_type(operand) = element_type(result).
  return std::vector<InferredType>{{withShape(operand, std::move(shape)), elementRuleOf(operand), "slice (C5)", "slice (C1)"}};
}

Results pad(const Operation& op) {
  ASSIGN_OR_RETURN(const Type operand, tensorOperand(op, 0, "pad (C4)"));
  const PadOp p(op);
  const Dims low = p.edgePaddingLow(), high = p.edgePaddingHigh(), interior = p.interiorPadding();
  RETURN_IF_ERROR(onePerDimension("pad (C2)", "edge_padding_low, edge_padding_high and interior_padding", operand.rank(), {&low, &high, &interior}));
  const size_t rank = static_cast<size_t>(operand.rank());
  // (C4) shape(result) = shape(operand) + edge_padding_low + max(shape(operand) - 1, 0) * interior_padding +
  // edge_padding_high.
  Dims shape;
  for (size_t d = 0; d < rank; ++d) {
    const int64_t in = operand.shape()[d];
    if (in == kDynamicSize) {
      shape.push_back(kDynamicSize);
      continue;
    }
    // Checked: the paddings are the program's (a hostile one gives INT64_MAX), and a size that does not fit
    // int64 is no shape.
    int64_t size = 0, interior_part = 0;
    if (__builtin_mul_overflow(std::max<int64_t>(in - 1, 0), interior[d], &interior_part) ||
        __builtin_add_overflow(in, low[d], &size) || __builtin_add_overflow(size, interior_part, &size) ||
        __builtin_add_overflow(size, high[d], &size))
      return violated("pad (C4)", strCat("dimension ", d, " of the result does not fit in 64 bits (size ", in, ", low ", low[d],
                                         ", interior ", interior[d], ", high ", high[d], ")"));
    shape.push_back(size);
  }
  // (C1) element_type(operand) = element_type(result).
  return std::vector<InferredType>{{withShape(operand, std::move(shape)), elementRuleOf(operand), "pad (C4)", "pad (C1)"}};
}

Results dynamicSlice(const Operation& op) {
  ASSIGN_OR_RETURN(const Type operand, tensorOperand(op, 0, "dynamic_slice (C5)"));
  // (C5) shape(result) = slice_sizes; (C1) element_type(operand) = element_type(result).
  return std::vector<InferredType>{
      {withShape(operand, DynamicSliceOp(op).sliceSizes()), elementRuleOf(operand), "dynamic_slice (C5)", "dynamic_slice (C1)"}};
}

// gather (C22) shape(result) = combine(batch_dim_sizes, offset_dim_sizes): the offset sizes (slice_sizes
// less the collapsed and batching dimensions) at the positions offset_dims, the sizes of start_indices less
// index_vector_dim in the others; (C23) element_type(operand) = element_type(result).
Results gather(const Operation& op) {
  ASSIGN_OR_RETURN(const Type operand, tensorOperand(op, 0, "gather (C22)"));
  ASSIGN_OR_RETURN(const Type indices, tensorOperand(op, 1, "gather (C22)"));
  const GatherOp g(op);
  const Dims offset_dims = g.offsetDims(), collapsed = g.collapsedSliceDims(), batching = g.operandBatchingDims(), sizes = g.sliceSizes();
  if (static_cast<int64_t>(sizes.size()) != operand.rank()) {
    return violated("gather (C20)", strCat("slice_sizes ", dimsText(sizes), " must have one entry per operand dimension (", operand.rank(), ")"));
  }
  Dims batch_sizes, offset_sizes;
  for (int64_t d = 0; d < indices.rank(); ++d) {
    if (d != g.indexVectorDim()) batch_sizes.push_back(indices.shape()[static_cast<size_t>(d)]);
  }
  for (int64_t d = 0; d < operand.rank(); ++d) {
    if (!contains(collapsed, d) && !contains(batching, d)) offset_sizes.push_back(sizes[static_cast<size_t>(d)]);
  }
  if (offset_dims.size() != offset_sizes.size()) {
    return violated("gather (C22)", strCat("offset_dims ", dimsText(offset_dims), " name ", offset_dims.size(), " dimensions, but ",
                                           offset_sizes.size(), " operand dimensions are neither collapsed nor batching"));
  }
  const int64_t rank = static_cast<int64_t>(batch_sizes.size() + offset_sizes.size());
  Dims shape;
  size_t next_batch = 0, next_offset = 0;
  for (int64_t d = 0; d < rank; ++d) {
    if (contains(offset_dims, d)) {
      shape.push_back(offset_sizes[next_offset++]);
    } else if (next_batch < batch_sizes.size()) {
      shape.push_back(batch_sizes[next_batch++]);
    } else {
      return violated("gather (C5)", strCat("offset_dims ", dimsText(offset_dims), " must be dimensions of a result of rank ", rank));
    }
  }
  return std::vector<InferredType>{{withShape(operand, std::move(shape)), elementRuleOf(operand), "gather (C22)", "gather (C23)"}};
}

// --- Products --------------------------------------------------------------------------------------------

// dot_general (C12) shape(result) = dim(lhs, lhs_batching_dimensions) + dim(lhs, lhs_result_dimensions) +
// dim(rhs, rhs_result_dimensions), the result dimensions being those neither batching nor contracting, in
// order. The element type is not the rule's (kFree).
Results dotGeneral(const Operation& op) {
  ASSIGN_OR_RETURN(const Type lhs, tensorOperand(op, 0, "dot_general (C12)"));
  ASSIGN_OR_RETURN(const Type rhs, tensorOperand(op, 1, "dot_general (C12)"));
  const DotGeneralOp dot(op);
  const Dims lb = dot.lhsBatchingDims(), rb = dot.rhsBatchingDims(), lc = dot.lhsContractingDims(), rc = dot.rhsContractingDims();
  Dims shape;
  for (int64_t d : lb) {
    ASSIGN_OR_RETURN(const int64_t size, dimOf(lhs, d, "dot_general (C5)", "lhs batching dimension"));
    shape.push_back(size);
  }
  for (int64_t d : lc) RETURN_IF_ERROR(dimOf(lhs, d, "dot_general (C6)", "lhs contracting dimension").status());
  for (int64_t d : rb) RETURN_IF_ERROR(dimOf(rhs, d, "dot_general (C7)", "rhs batching dimension").status());
  for (int64_t d : rc) RETURN_IF_ERROR(dimOf(rhs, d, "dot_general (C8)", "rhs contracting dimension").status());
  for (int64_t d = 0; d < lhs.rank(); ++d) {
    if (!contains(lb, d) && !contains(lc, d)) shape.push_back(lhs.shape()[static_cast<size_t>(d)]);
  }
  for (int64_t d = 0; d < rhs.rank(); ++d) {
    if (!contains(rb, d) && !contains(rc, d)) shape.push_back(rhs.shape()[static_cast<size_t>(d)]);
  }
  return std::vector<InferredType>{{withShape(lhs, std::move(shape)), ElementRule::kFree, "dot_general (C12)", ""}};
}

// chlo.ragged_dot: chlo.md's shape signatures ([b,m,k], [g,b,k,n] -> [b,m,n]; [b,m,k], [b,k,n] -> [g,b,m,n];
// [b,m,k], [b,k,n] -> [b,m,n]) in dot_general's order: in mode 2 the groups g first, then the lhs batching
// dimensions, the lhs free dimensions, the rhs free dimensions other than its group dimension. The element
// type is free as for dot_general.
Results raggedDot(const Operation& op) {
  ASSIGN_OR_RETURN(const Type lhs, tensorOperand(op, 0, "ragged_dot (result)"));
  ASSIGN_OR_RETURN(const Type rhs, tensorOperand(op, 1, "ragged_dot (result)"));
  ASSIGN_OR_RETURN(const Type group_sizes, tensorOperand(op, 2, "ragged_dot (result)"));
  const RaggedDotOp dot(op);
  const Dims lb = dot.lhsBatchingDims(), rb = dot.rhsBatchingDims(), lc = dot.lhsContractingDims(), rc = dot.rhsContractingDims();
  const Dims ragged = dot.lhsRaggedDims(), group = dot.rhsGroupDims();
  if (ragged.size() != 1) return violated("ragged_dot (ragged dimension)", "needs one lhs ragged dimension");
  RETURN_IF_ERROR(dimOf(lhs, ragged[0], "ragged_dot (ragged dimension)", "lhs ragged dimension").status());
  if (group_sizes.rank() == 0) return violated("ragged_dot (group_sizes)", "group_sizes must have at least one dimension (g)");
  Dims shape;
  if (dot.mode(ragged[0]) == RaggedDotOp::Mode::kContracting) shape.push_back(group_sizes.shape().back());
  for (int64_t d : lb) {
    ASSIGN_OR_RETURN(const int64_t size, dimOf(lhs, d, "ragged_dot (dot_general C5)", "lhs batching dimension"));
    shape.push_back(size);
  }
  for (int64_t d : lc) RETURN_IF_ERROR(dimOf(lhs, d, "ragged_dot (dot_general C6)", "lhs contracting dimension").status());
  for (int64_t d = 0; d < lhs.rank(); ++d) {
    if (!contains(lb, d) && !contains(lc, d)) shape.push_back(lhs.shape()[static_cast<size_t>(d)]);
  }
  for (int64_t d = 0; d < rhs.rank(); ++d) {
    if (!contains(rb, d) && !contains(rc, d) && !contains(group, d)) shape.push_back(rhs.shape()[static_cast<size_t>(d)]);
  }
  return std::vector<InferredType>{{withShape(lhs, std::move(shape)), ElementRule::kFree, "ragged_dot (result)", ""}};
}

// A window attribute with its default (`fill` per dimension) when absent.
Dims orDefault(const std::optional<Dims>& given, int64_t rank, int64_t fill) {
  return given ? *given : Dims(static_cast<size_t>(std::max<int64_t>(rank, 0)), fill);
}
std::vector<Dims> paddingOrZero(const std::optional<std::vector<Dims>>& given, int64_t rank) {
  return given ? *given : std::vector<Dims>(static_cast<size_t>(std::max<int64_t>(rank, 0)), Dims{0, 0});
}

// Every window list has `rank` entries and padding `rank` pairs (the rule reads them per dimension).
absl::Status windowShapes(std::string_view label, int64_t rank, std::initializer_list<const Dims*> lists, const std::vector<Dims>& padding) {
  RETURN_IF_ERROR(onePerDimension(label, "the window attributes", rank, lists));
  bool ok = static_cast<int64_t>(padding.size()) == rank;
  for (const Dims& row : padding) ok = ok && row.size() == 2;
  if (!ok) return violated(label, strCat("padding must have shape [", rank, ", 2]"));
  return absl::OkStatus();
}

// convolution (C25) dim(result, result_dim): the batch size over batch_group_count at output_batch_dimension,
// the kernel's output features at output_feature_dimension, num_windows at each output spatial dimension;
// (C26) rank(result) = N. The element type is not the rule's (kFree).
Results convolution(const Operation& op) {
  ASSIGN_OR_RETURN(const Type lhs, tensorOperand(op, 0, "convolution (C25)"));
  ASSIGN_OR_RETURN(const Type rhs, tensorOperand(op, 1, "convolution (C25)"));
  const ConvolutionOp conv(op);
  const ConvDimensionNumbers& dn = conv.dimensionNumbers();
  const int64_t n = lhs.rank(), spatial = n - 2;
  if (n < 2 || rhs.rank() != n) return violated("convolution (C1)", strCat("lhs has rank ", n, ", rhs ", rhs.rank(), "; both need the same rank >= 2"));
  const Dims strides = orDefault(conv.windowStrides(), spatial, 1), lhs_dilation = orDefault(conv.lhsDilation(), spatial, 1);
  const Dims rhs_dilation = orDefault(conv.rhsDilation(), spatial, 1);
  const std::vector<Dims> padding = paddingOrZero(conv.padding(), spatial);
  RETURN_IF_ERROR(windowShapes("convolution (C25)", spatial, {&strides, &lhs_dilation, &rhs_dilation, &dn.input_spatial, &dn.kernel_spatial, &dn.output_spatial},
                               padding));
  const int64_t batch_groups = conv.batchGroupCount();
  if (batch_groups <= 0) return violated("convolution (C22)", strCat("batch_group_count ", batch_groups, " must be positive"));
  Dims shape(static_cast<size_t>(n), kDynamicSize);
  auto place = [&](int64_t result_dim, int64_t size) -> absl::Status {
    if (result_dim < 0 || result_dim >= n) {
      return violated("convolution (C20)", strCat("output dimension ", result_dim, " is out of range for rank ", n));
    }
    shape[static_cast<size_t>(result_dim)] = size;
    return absl::OkStatus();
  };
  ASSIGN_OR_RETURN(const int64_t batch, dimOf(lhs, dn.input_batch, "convolution (C13)", "input_batch_dimension"));
  RETURN_IF_ERROR(place(dn.output_batch, batch == kDynamicSize ? kDynamicSize : batch / batch_groups));
  ASSIGN_OR_RETURN(const int64_t features, dimOf(rhs, dn.kernel_output_feature, "convolution (C18)", "kernel_output_feature_dimension"));
  RETURN_IF_ERROR(place(dn.output_feature, features));
  for (size_t s = 0; s < static_cast<size_t>(spatial); ++s) {
    ASSIGN_OR_RETURN(const int64_t in, dimOf(lhs, dn.input_spatial[s], "convolution (C13)", "input spatial dimension"));
    ASSIGN_OR_RETURN(const int64_t window, dimOf(rhs, dn.kernel_spatial[s], "convolution (C18)", "kernel spatial dimension"));
    RETURN_IF_ERROR(place(dn.output_spatial[s], numWindows(in, lhs_dilation[s], padding[s][0], padding[s][1], window, rhs_dilation[s], strides[s])));
  }
  return std::vector<InferredType>{{withShape(lhs, std::move(shape)), ElementRule::kFree, "convolution (C25)", "", "convolution (C26)"}};
}

// --- Reductions ----------------------------------------------------------------------------------------------

// The element types E0..EN-1 a reduction body's block arguments declare ((tensor<E0>, ..., tensor<EN-1>, ...)),
// or nullopt when the op has no body block to read.
std::optional<std::vector<Type>> bodyElements(const Operation& op, size_t region, size_t n) {
  if (region >= op.regions.size() || op.regions[region].blocks.empty()) return std::nullopt;
  const Block& block = *op.regions[region].blocks.front();
  if (block.arguments.size() < n) return std::nullopt;
  std::vector<Type> elements;
  for (size_t i = 0; i < n; ++i) elements.push_back(block.arguments[i]->type.tensorElement());
  return elements;
}

// N results of one shape, results[i]'s element type Ei where the body gives it (`element_label`), else the
// input's (is_promotable lets the body widen it; with no body nothing is known beyond the input's).
std::vector<InferredType> reductionResults(const Operation& op, size_t n, const Dims& shape, std::string shape_label, std::string element_label,
                                           size_t body_region = 0) {
  const std::optional<std::vector<Type>> elements = bodyElements(op, body_region, n);
  std::vector<InferredType> results;
  for (size_t i = 0; i < n; ++i) {
    const Type& input = operandType(op, i);
    const Type element = elements ? (*elements)[i] : input.tensorElement();
    results.push_back({Type::tensor(shape, element), element.isQuantized() ? ElementRule::kBaseline : ElementRule::kExact, shape_label, element_label});
  }
  return results;
}

// reduce (C7) shape(results...) = shape(inputs...) without the dimensions reduced; (C8) element_type(results[i]) = Ei.
Results reduce(const Operation& op) {
  const size_t n = op.operands.size() / 2;
  if (n == 0 || op.operands.size() != 2 * n) return violated("reduce (C3)", strCat("needs N > 0 inputs and N init_values; has ", op.operands.size(), " operands"));
  ASSIGN_OR_RETURN(const Type input, tensorOperand(op, 0, "reduce (C7)"));
  const Dims dimensions = ReduceOp(op).dimensions();
  for (int64_t d : dimensions) RETURN_IF_ERROR(dimOf(input, d, "reduce (C4)", "dimension").status());
  Dims shape;
  for (int64_t d = 0; d < input.rank(); ++d) {
    if (!contains(dimensions, d)) shape.push_back(input.shape()[static_cast<size_t>(d)]);
  }
  return reductionResults(op, n, shape, "reduce (C7)", "reduce (C8)");
}

// reduce_window (C14) same(shape(results...)); (C15) shape(results[0]) = num_windows over the window attributes
// (defaults: strides and dilations 1, padding 0); (C16) element_type(results[i]) = Ei.
Results reduceWindow(const Operation& op) {
  const size_t n = op.operands.size() / 2;
  if (n == 0 || op.operands.size() != 2 * n) return violated("reduce_window (C1)", strCat("needs N > 0 inputs and N init_values; has ", op.operands.size(), " operands"));
  ASSIGN_OR_RETURN(const Type input, tensorOperand(op, 0, "reduce_window (C15)"));
  const int64_t rank = input.rank();
  const ReduceWindowOp rw(op);
  const Dims window = rw.windowDimensions(), strides = orDefault(rw.windowStrides(), rank, 1);
  const Dims base_dilations = orDefault(rw.baseDilations(), rank, 1), window_dilations = orDefault(rw.windowDilations(), rank, 1);
  const std::vector<Dims> padding = paddingOrZero(rw.padding(), rank);
  RETURN_IF_ERROR(windowShapes("reduce_window (C15)", rank, {&window, &strides, &base_dilations, &window_dilations}, padding));
  Dims shape;
  for (size_t d = 0; d < static_cast<size_t>(rank); ++d) {
    shape.push_back(numWindows(input.shape()[d], base_dilations[d], padding[d][0], padding[d][1], window[d], window_dilations[d], strides[d]));
  }
  std::vector<InferredType> results = reductionResults(op, n, shape, "reduce_window (C15)", "reduce_window (C16)");
  // (C14): the results after the first have its shape.
  for (size_t i = 1; i < results.size(); ++i) results[i].shape_label = results[i].rank_label = "reduce_window (C14)";
  return results;
}

// select_and_scatter (C11) shape(operand) = shape(result); (C12) element_type(result) = E, scatter's element type.
Results selectAndScatter(const Operation& op) {
  ASSIGN_OR_RETURN(const Type operand, tensorOperand(op, 0, "select_and_scatter (C11)"));
  return reductionResults(op, 1, operand.shape(), "select_and_scatter (C11)", "select_and_scatter (C12)", /*body_region=*/1);
}

// scatter (C24) shape(inputs...) = shape(results...); (C25) element_type(results[i]) = Ei of update_computation.
Results scatter(const Operation& op) {
  const size_t count = op.operands.size();
  if (count < 3 || (count - 1) % 2 != 0) return violated("scatter (C5)", strCat("needs N > 0 inputs, scatter_indices and N updates; has ", count, " operands"));
  const size_t n = (count - 1) / 2;
  ASSIGN_OR_RETURN(const Type input, tensorOperand(op, 0, "scatter (C24)"));
  return reductionResults(op, n, input.shape(), "scatter (C24)", "scatter (C25)");
}

// sort (C2) type(inputs...) = type(results...).
Results sort(const Operation& op) {
  std::vector<InferredType> results;
  for (size_t i = 0; i < op.operands.size(); ++i) {
    ASSIGN_OR_RETURN(const Type input, tensorOperand(op, i, "sort (C2)"));
    results.push_back(exactly(input, "sort (C2)", "sort (C2)"));
  }
  if (results.empty()) return violated("sort (C1)", "needs at least one input");
  return results;
}

// fft (C5) shape(result) = shape(operand) but for the last dimension of RFFT's result, dim(operand, -1) / 2 + 1
// (0 for 0), and of IRFFT's, fft_length's last entry ((C4): the real result ends in fft_length); (C2) the
// element type: the operand's for FFT and IFFT, its complex type for RFFT, its part type for IRFFT.
Results fft(const Operation& op) {
  ASSIGN_OR_RETURN(const Type operand, tensorOperand(op, 0, "fft (C5)"));
  const FftOp f(op);
  const std::string_view type = f.fftType();
  const Dims length = f.fftLength();
  if (length.empty() || operand.rank() == 0) return violated("fft (C3)", "needs a non-empty fft_length and an operand of rank >= 1");
  const ElementType e = operand.elementType();
  Dims shape = operand.shape();
  int64_t& last = shape.back();
  ElementType result = e;
  if (type == "FFT" || type == "IFFT") {
    if (!isComplex(e)) return violated("fft (C2)", strCat(type, " needs a complex operand, not ", elementTypeName(e)));
  } else if (type == "RFFT") {
    if (e != ElementType::kF32 && e != ElementType::kF64) return violated("fft (C2)", strCat("RFFT needs an f32 or f64 operand, not ", elementTypeName(e)));
    result = e == ElementType::kF32 ? ElementType::kC64 : ElementType::kC128;
    if (last != kDynamicSize) last = last == 0 ? 0 : last / 2 + 1;
  } else if (type == "IRFFT") {
    if (!isComplex(e)) return violated("fft (C2)", strCat("IRFFT needs a complex operand, not ", elementTypeName(e)));
    result = complexPartType(e);
    last = length.back();
  } else {
    return violated("fft (C2)", strCat("unknown fft_type ", type));
  }
  return std::vector<InferredType>{
      exactly(Type::tensor(std::move(shape), Type::element(result)), "fft (C5)", "fft (C2)")};
}

// batch_norm_training: (C7) baseline_type(output) = baseline_type(operand); (C5, C6) size(batch_mean) =
// size(batch_var) = dim(operand, feature_index), of the operand's element type (C2).
Results batchNormTraining(const Operation& op) {
  ASSIGN_OR_RETURN(const Type operand, tensorOperand(op, 0, "batch_norm_training (C7)"));
  ASSIGN_OR_RETURN(const int64_t features, dimOf(operand, BatchNormAttributes(op).featureIndex(), "batch_norm_training (C1)", "feature_index"));
  const Type statistics = withShape(operand, {features});
  return std::vector<InferredType>{{operand, ElementRule::kBaseline, "batch_norm_training (C7)", "batch_norm_training (C7)"},
                                   {statistics, ElementRule::kBaseline, "batch_norm_training (C5)", "batch_norm_training (C2)"},
                                   {statistics, ElementRule::kBaseline, "batch_norm_training (C6)", "batch_norm_training (C2)"}};
}

// batch_norm_grad: (C3) grad_operand has the operand's shape; (C4) grad_scale and grad_offset the scale's;
// (C2) one baseline element type.
Results batchNormGrad(const Operation& op) {
  ASSIGN_OR_RETURN(const Type operand, tensorOperand(op, 0, "batch_norm_grad (C3)"));
  ASSIGN_OR_RETURN(const Type scale, tensorOperand(op, 1, "batch_norm_grad (C4)"));
  return std::vector<InferredType>{{operand, ElementRule::kBaseline, "batch_norm_grad (C3)", "batch_norm_grad (C2)"},
                                   {scale, ElementRule::kBaseline, "batch_norm_grad (C4)", "batch_norm_grad (C2)"},
                                   {scale, ElementRule::kBaseline, "batch_norm_grad (C4)", "batch_norm_grad (C2)"}};
}

// --- Structure: tuples, control flow, values of the process ----------------------------------------------------

Results tuple(const Operation& op) {
  // (C1) result has type tuple<E0, ..., EN-1> where Ei = type(val[i]).
  std::vector<Type> elements;
  for (const Value* v : op.operands) elements.push_back(v->type);
  return std::vector<InferredType>{exactly(Type::tuple(std::move(elements)), "tuple (C1)", "tuple (C1)")};
}

Results getTupleElement(const Operation& op) {
  if (op.operands.size() != 1 || operandType(op, 0).kind() != Type::Kind::kTuple) {
    return violated("get_tuple_element (C2)", "needs one operand of tuple type");
  }
  const std::vector<Type>& elements = operandType(op, 0).tupleElements();
  const int64_t index = GetTupleElementOp(op).index();
  if (index < 0 || index >= static_cast<int64_t>(elements.size())) {
    return violated("get_tuple_element (C1)", strCat("index ", index, " is out of range for a tuple of ", elements.size()));
  }
  // (C2) type(result) = tuple_element_types(operand)[index].
  return std::vector<InferredType>{exactly(elements[static_cast<size_t>(index)], "get_tuple_element (C2)", "get_tuple_element (C2)")};
}

// One result per operand, of its type: optimization_barrier (C1), while (C3), collective_permute (C5),
// collective_broadcast (C3).
Results operandTypes(const Operation& op, std::string label) {
  std::vector<InferredType> results;
  for (const Value* v : op.operands) results.push_back({v->type, v->type.isQuantized() ? ElementRule::kBaseline : ElementRule::kExact, label, label});
  return results;
}

// The types region `i`'s terminator returns (if (C3), case (C4): output_types(branch)).
absl::StatusOr<std::vector<Type>> regionOutputs(const Operation& op, size_t i, std::string_view label) {
  if (i >= op.regions.size() || op.regions[i].blocks.empty() || op.regions[i].blocks.front()->operations.empty()) {
    return violated(label, strCat("needs region ", i, " with a terminator"));
  }
  std::vector<Type> types;
  for (const Value* v : op.regions[i].blocks.front()->operations.back()->operands) types.push_back(v->type);
  return types;
}

Results branchOutputs(const Operation& op, std::string label) {
  ASSIGN_OR_RETURN(const std::vector<Type> outputs, regionOutputs(op, 0, label));
  std::vector<InferredType> results;
  for (const Type& t : outputs) results.push_back({t, t.isQuantized() ? ElementRule::kBaseline : ElementRule::kExact, label, label});
  return results;
}

// map (C1) shape(inputs...) = shape(result); (C4) element_type(result) = E', what the computation returns.
Results map(const Operation& op) {
  ASSIGN_OR_RETURN(const Type input, tensorOperand(op, 0, "map (C1)"));
  ASSIGN_OR_RETURN(const std::vector<Type> outputs, regionOutputs(op, 0, "map (C4)"));
  if (outputs.size() != 1) return violated("map (C4)", strCat("the computation returns ", outputs.size(), " values, not one"));
  const Type& e = outputs[0].tensorElement();
  return std::vector<InferredType>{{Type::tensor(input.shape(), e, input.bounds()), e.isQuantized() ? ElementRule::kBaseline : ElementRule::kExact,
                                    "map (C1)", "map (C4)"}};
}

// all_reduce (C6) shape(results...) = shape(operands...); (C7) element_type(results...) = E, the computation's.
Results allReduce(const Operation& op) {
  std::vector<InferredType> results;
  const std::optional<std::vector<Type>> elements = bodyElements(op, 0, 1);
  for (size_t i = 0; i < op.operands.size(); ++i) {
    ASSIGN_OR_RETURN(const Type operand, tensorOperand(op, i, "all_reduce (C6)"));
    const Type e = elements ? (*elements)[0] : operand.tensorElement();
    results.push_back({Type::tensor(operand.shape(), e, operand.bounds()), e.isQuantized() ? ElementRule::kBaseline : ElementRule::kExact,
                       "all_reduce (C6)", "all_reduce (C7)"});
  }
  return results;
}

// all_to_all (C9) type(results...) = type(operands...) except, when split_dimension != concat_dimension,
// dim(results..., split_dimension) = dim(operands..., split_dimension) / split_count and
// dim(results..., concat_dimension) = dim(operands..., concat_dimension) * split_count.
Results allToAll(const Operation& op) {
  const AllToAllOp a(op);
  const std::optional<int64_t> split_count = a.splitCount();
  if (!split_count || *split_count <= 0) return violated("all_to_all (C4)", "needs a positive split_count");
  std::vector<InferredType> results;
  for (size_t i = 0; i < op.operands.size(); ++i) {
    ASSIGN_OR_RETURN(const Type operand, tensorOperand(op, i, "all_to_all (C9)"));
    ASSIGN_OR_RETURN(const int64_t split, dimOf(operand, a.splitDimension(), "all_to_all (C1)", "split_dimension"));
    ASSIGN_OR_RETURN(const int64_t concat, dimOf(operand, a.concatDimension(), "all_to_all (C3)", "concat_dimension"));
    Dims shape = operand.shape();
    if (a.splitDimension() != a.concatDimension()) {
      shape[static_cast<size_t>(a.splitDimension())] = split == kDynamicSize ? kDynamicSize : split / *split_count;
      shape[static_cast<size_t>(a.concatDimension())] = concat == kDynamicSize ? kDynamicSize : concat * *split_count;
    }
    results.push_back({withShape(operand, std::move(shape)), elementRuleOf(operand), "all_to_all (C9)", "all_to_all (C9)"});
  }
  return results;
}

// Results the Outputs tables fix: after_all's token, replica_id's and partition_id's tensor<ui32>,
// get_dimension_size's tensor<i32>.
Results fixedType(Type type, std::string label) { return std::vector<InferredType>{exactly(std::move(type), label, label)}; }

// --- The table ------------------------------------------------------------------------------------------------

using InferFn = Results (*)(const Operation& op);

InferFn inferFunction(OpId id) {
  switch (id) {
    // The elementwise ops of one type: type(operand) = type(result) (baseline_type where quantized).
    case OpId::kCbrt: case OpId::kCeil: case OpId::kCosine: case OpId::kCountLeadingZeros: case OpId::kExponential:
    case OpId::kExponentialMinusOne: case OpId::kFloor: case OpId::kLog: case OpId::kLogPlusOne: case OpId::kLogistic:
    case OpId::kNegate: case OpId::kNot: case OpId::kPopcnt: case OpId::kRoundNearestAfz: case OpId::kRoundNearestEven:
    case OpId::kRsqrt: case OpId::kSign: case OpId::kSine: case OpId::kSqrt: case OpId::kTan: case OpId::kTanh:
    case OpId::kReducePrecision: case OpId::kReverse: case OpId::kDynamicUpdateSlice:
      return [](const Operation& op) { return sameAsOperand(op, 0, sameTypeLabel(op.id)); };
    case OpId::kAdd: case OpId::kAnd: case OpId::kAtan2: case OpId::kDivide: case OpId::kMaximum: case OpId::kMinimum:
    case OpId::kMultiply: case OpId::kOr: case OpId::kPower: case OpId::kRemainder: case OpId::kShiftLeft:
    case OpId::kShiftRightArithmetic: case OpId::kShiftRightLogical: case OpId::kSubtract: case OpId::kXor:
      return sameAsOperands;
    case OpId::kAbs: return abs;
    case OpId::kCompare: return compare;
    case OpId::kIsFinite: return isFinite;
    case OpId::kComplex: return complex;
    case OpId::kReal: case OpId::kImag: return realOrImag;
    case OpId::kUniformDequantize: return uniformDequantize;
    // clamp (C4) baseline_type(operand) = baseline_type(result).
    case OpId::kClamp: return [](const Operation& op) { return sameAsOperand(op, 1, "clamp (C4)"); };
    // select (C2) baseline_type(on_true) = baseline_type(result).
    case OpId::kSelect: return [](const Operation& op) { return sameAsOperand(op, 1, "select (C2)"); };
    // cholesky (C1) baseline_type(a) = baseline_type(result); triangular_solve (C4) baseline_type(b) = baseline_type(result);
    // batch_norm_inference (C7) baseline_type(operand) = baseline_type(result).
    case OpId::kCholesky: return [](const Operation& op) { return sameAsOperand(op, 0, "cholesky (C1)"); };
    case OpId::kTriangularSolve: return [](const Operation& op) { return sameAsOperand(op, 1, "triangular_solve (C4)"); };
    case OpId::kBatchNormInference: return [](const Operation& op) { return sameAsOperand(op, 0, "batch_norm_inference (C7)"); };
    case OpId::kBatchNormTraining: return batchNormTraining;
    case OpId::kBatchNormGrad: return batchNormGrad;
    case OpId::kFft: return fft;
    case OpId::kConcatenate: return concatenate;
    case OpId::kTranspose: return transpose;
    case OpId::kSlice: return slice;
    case OpId::kPad: return pad;
    case OpId::kDynamicSlice: return dynamicSlice;
    case OpId::kGather: return gather;
    case OpId::kDotGeneral: return dotGeneral;
    case OpId::kChloRaggedDot: return raggedDot;
    case OpId::kChloAsinAcosKernel:
    case OpId::kChloAcos: case OpId::kChloAcosh: case OpId::kChloAsin: case OpId::kChloAsinh: case OpId::kChloAtan:
    case OpId::kChloAtanh: case OpId::kChloBesselI1e: case OpId::kChloConj: case OpId::kChloCosh: case OpId::kChloSinh:
    case OpId::kChloTan: case OpId::kChloDigamma: case OpId::kChloErf: case OpId::kChloErfInv: case OpId::kChloErfc:
    case OpId::kChloIsInf: case OpId::kChloIsNegInf: case OpId::kChloIsPosInf: case OpId::kChloLgamma: case OpId::kChloSquare:
    case OpId::kChloNextAfter: case OpId::kChloPolygamma: case OpId::kChloZeta: case OpId::kChloMulhi:
      return chloElementwise;
    case OpId::kChloTopK: return chloTopK;
    case OpId::kChloConstantLike: return chloConstantLike;
    case OpId::kConvolution: return convolution;
    case OpId::kReduce: return reduce;
    case OpId::kReduceWindow: return reduceWindow;
    case OpId::kSelectAndScatter: return selectAndScatter;
    case OpId::kScatter: return scatter;
    case OpId::kSort: return sort;
    case OpId::kMap: return map;
    case OpId::kTuple: return tuple;
    case OpId::kGetTupleElement: return getTupleElement;
    case OpId::kOptimizationBarrier: return [](const Operation& op) { return operandTypes(op, "optimization_barrier (C1)"); };
    case OpId::kWhile: return [](const Operation& op) { return operandTypes(op, "while (C3)"); };
    case OpId::kCollectivePermute: return [](const Operation& op) { return operandTypes(op, "collective_permute (C5)"); };
    case OpId::kCollectiveBroadcast: return [](const Operation& op) { return operandTypes(op, "collective_broadcast (C3)"); };
    case OpId::kIf: return [](const Operation& op) { return branchOutputs(op, "if (C3)"); };
    case OpId::kCase: return [](const Operation& op) { return branchOutputs(op, "case (C4)"); };
    case OpId::kAllReduce: return allReduce;
    case OpId::kAllToAll: return allToAll;
    case OpId::kAfterAll: return [](const Operation&) { return fixedType(Type::token(), "after_all (outputs)"); };
    case OpId::kReplicaId: case OpId::kPartitionId:
      return [](const Operation& op) {
        return fixedType(Type::tensor({}, Type::element(ElementType::kUI32)), strCat(schemaOf(op.id).shortName(), " (outputs)"));
      };
    case OpId::kGetDimensionSize:
      return [](const Operation&) { return fixedType(Type::tensor({}, Type::element(ElementType::kSI32)), "get_dimension_size (outputs)"); };
    default: return chloBroadcastApplied(id) ? chloBroadcastOp : nullptr;
  }
}

}  // namespace

int64_t numWindows(int64_t input, int64_t base_dilation, int64_t low, int64_t high, int64_t window, int64_t window_dilation, int64_t stride) {
  if (input == kDynamicSize || window == kDynamicSize) return kDynamicSize;
  const int64_t dilated_input = input == 0 ? 0 : (input - 1) * base_dilation + 1;
  const int64_t padded = low + dilated_input + high;
  const int64_t dilated_window = window == 0 ? 0 : (window - 1) * window_dilation + 1;
  if (padded <= 0 || dilated_window > padded || stride <= 0) return 0;
  return (padded - dilated_window) / stride + 1;
}

bool isInferable(OpId id) { return inferFunction(id) != nullptr; }

std::string_view notInferableReason(OpId id) {
  if (isInferable(id)) return "";
  switch (id) {
    case OpId::kBroadcastInDim: case OpId::kReshape: case OpId::kIota:
      return "the result shape is load-bearing: the op produces the shape its result type states (dynamism RFC, P4)";
    case OpId::kConvert: case OpId::kBitcastConvert: case OpId::kUniformQuantize:
      return "the result's element type is the op's choice, given by the result type";
    case OpId::kConstant:
      return "the output's type is the literal's (constant (C1), which verify::constant compares); a quantized output's scales are not in the literal";
    case OpId::kRng: case OpId::kRngBitGenerator: case OpId::kDynamicBroadcastInDim: case OpId::kDynamicIota: case OpId::kDynamicReshape:
    case OpId::kDynamicPad: case OpId::kDynamicGather: case OpId::kDynamicConv: case OpId::kRealDynamicSlice:
      return "the result's sizes are operand values, known only at run time";
    case OpId::kAllGather: case OpId::kReduceScatter:
      return "the result's sizes depend on the size of the process groups, which the run's process grid decides";
    case OpId::kInfeed: case OpId::kRecv: case OpId::kCustomCall:
      return "the result types are what the program says it receives";
    case OpId::kComposite: case OpId::kFuncCall:
      return "the result types are the callee's, a property of the module (checked by the module rules)";
    default: return "the spec does not define its result type from its operands (not a spec op, or one without results)";
  }
}

absl::StatusOr<std::vector<InferredType>> inferResultTypes(const Operation& op) {
  const InferFn infer = inferFunction(op.id);
  if (!infer) return absl::UnimplementedError(strCat(opName(op.id), ": result type not inferable: ", notInferableReason(op.id)));
  return infer(op);
}

absl::StatusOr<std::vector<InferredType>> inferResultTypes(OpId id, std::span<const Type> operands, const NamedAttrList& attributes,
                                                           std::span<const std::vector<Type>> region_arguments,
                                                           std::span<const std::vector<Type>> region_results) {
  // A stand-in operation: values of the operand types, the attributes, and region blocks whose arguments and
  // terminator operands have the given types.
  Operation op{std::string(opName(id))};
  std::vector<std::unique_ptr<Value>> values;
  for (const Type& t : operands) {
    values.push_back(std::make_unique<Value>(Value{.type = t}));
    op.operands.push_back(values.back().get());
  }
  op.attributes = attributes;
  const size_t regions = std::max(region_arguments.size(), region_results.size());
  for (size_t i = 0; i < regions; ++i) {
    auto block = std::make_unique<Block>();
    if (i < region_arguments.size()) {
      for (const Type& t : region_arguments[i]) block->addArgument(t);
    }
    if (i < region_results.size()) {
      auto terminator = std::make_unique<Operation>("stablehlo.return");
      for (const Type& t : region_results[i]) {
        values.push_back(std::make_unique<Value>(Value{.type = t}));
        terminator->operands.push_back(values.back().get());
      }
      block->operations.push_back(std::move(terminator));
    }
    op.regions.emplace_back();
    op.regions.back().blocks.push_back(std::move(block));
  }
  return inferResultTypes(op);
}

namespace {

// The element types agree as far as `rule` defines them. kBaseline: two quantized types of one storage and
// expressed type, and of one axis when both have one (the scales and zero points are the program's).
bool elementsAgree(const Type& declared, const Type& inferred, ElementRule rule) {
  if (rule == ElementRule::kFree) return true;
  const Type& a = declared.isTensor() ? declared.tensorElement() : declared;
  const Type& b = inferred.isTensor() ? inferred.tensorElement() : inferred;
  if (!a.isQuantized() || !b.isQuantized()) return a == b;
  const QuantizedType& qa = a.quantizedType();
  const QuantizedType& qb = b.quantizedType();
  if (rule == ElementRule::kExact) {
    QuantizedType spelled = qb;
    spelled.explicit_storage_range = qa.explicit_storage_range;  // how the text spelled the range, not the type
    return qa == spelled;
  }
  const bool same_axis = !qa.quantized_dimension || !qb.quantized_dimension || qa.quantized_dimension == qb.quantized_dimension;
  return qa.storage_type == qb.storage_type && qa.expressed_type == qb.expressed_type && same_axis;
}

}  // namespace

absl::Status checkCompatible(const Type& declared, const InferredType& inferred, size_t index) {
  const Type& want = inferred.type;
  if (!declared.isTensor() || !want.isTensor()) {
    // Tokens and tuples: equal, but for the tensors inside a tuple, which compare like results.
    if (declared.kind() == Type::Kind::kTuple && want.kind() == Type::Kind::kTuple &&
        declared.tupleElements().size() == want.tupleElements().size()) {
      for (size_t i = 0; i < want.tupleElements().size(); ++i) {
        const InferredType element{want.tupleElements()[i], inferred.element, inferred.shape_label, inferred.element_label};
        if (!checkCompatible(declared.tupleElements()[i], element, index).ok()) {
          return violated(inferred.shape_label, strCat("result ", index, " has type ", declared.toString(), ", but the rule gives ", want.toString()));
        }
      }
      return absl::OkStatus();
    }
    if (declared == want) return absl::OkStatus();
    return violated(inferred.shape_label, strCat("result ", index, " has type ", declared.toString(), ", but the rule gives ", want.toString()));
  }
  if (declared.rank() != want.rank()) {
    return violated(inferred.rank_label.empty() ? inferred.shape_label : inferred.rank_label,
                    strCat("result ", index, " has rank ", declared.rank(), ", but the rule gives ", want.rank(), " (", dimsText(want.shape()), ")"));
  }
  bool shape_ok = true;
  for (size_t d = 0; shape_ok && d < want.shape().size(); ++d) {
    const int64_t a = declared.shape()[d], b = want.shape()[d];
    shape_ok = a == kDynamicSize || b == kDynamicSize || a == b;
  }
  if (!shape_ok) {
    return violated(inferred.shape_label,
                    strCat("result ", index, " has shape ", dimsText(declared.shape()), ", but the rule gives ", dimsText(want.shape())));
  }
  if (!elementsAgree(declared, want, inferred.element)) {
    return violated(inferred.element_label, strCat("result ", index, " has element type ", declared.tensorElement().toString(), ", but the rule gives ",
                                                   want.tensorElement().toString(),
                                                   inferred.element == ElementRule::kBaseline ? " (up to scales and zero points)" : ""));
  }
  return absl::OkStatus();
}

}  // namespace hloconf
