// Data movement: broadcast_in_dim, concatenate, reshape, transpose, slice, dynamic_slice,
// dynamic_update_slice, pad, reverse, get_dimension_size, gather, scatter, sort.
//
// These ops never compute a new element value: each result element is a copy of an operand element (its
// storage bytes, so every element type works, complex and quantized storage included), and it keeps that
// element's implementation-defined mark. Scatter and sort also run their region (update computation,
// comparator) through Interpreter::runRegion on rank-0 tensors; with quantized operands the region's ops
// see quantized scalars (compare dequantizes, add requantizes). Scatter converts its inputs and updates to
// the update computation's element types first (the spec's promotion, to_destination_type).
//
// Most ops are one "affine move": for every index `idx` of an iteration shape, destination element
// dst_base + Σ idx[d]·dst_strides[d] gets source element src_base + Σ idx[d]·src_strides[d] (linear,
// row-major offsets). Broadcast is a zero source stride, reverse a negative one, slice a scaled one,
// transpose permuted ones, pad and concatenate scaled or shifted destination strides.
//
// Every attribute and shape is validated before any index is computed, so a malformed op gives an error
// status naming the op, never an out-of-bounds access.
#include <algorithm>
#include <cstring>
#include <initializer_list>
#include <numeric>
#include <optional>
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

// --- Index arithmetic ----------------------------------------------------------------------------------

std::string listText(const Shape& values) {
  std::string text = "[";
  for (size_t i = 0; i < values.size(); ++i) strAppend(&text, i ? ", " : "", values[i]);
  return text + "]";
}

// --- Results under construction --------------------------------------------------------------------------

// A result tensor being filled, with its implementation-defined marks (tracked only when some source
// element may carry one).
struct Out {
  Tensor tensor;
  std::vector<uint8_t> marks;
  // Accumulation error bounds travel with copied elements (RtValue::error_bound); allocated on the first
  // source element that has one, 0 (exact) elsewhere.
  std::vector<double> bounds;
  int element_bytes = 0;

  Out(Type type, bool track_marks) : tensor(std::move(type)) {
    element_bytes = tensor.elementBytes();
    if (track_marks) marks.assign(tensor.numElements(), 0);
  }
  void copy(int64_t dst, const RtValue& src, int64_t src_index) {
    std::memcpy(tensor.mutableBytes().data() + dst * element_bytes, src.tensor.bytes().data() + src_index * element_bytes, element_bytes);
    if (!marks.empty()) marks[dst] = src.isImplDefined(src_index);
    if (!src.error_bound.empty()) {
      if (bounds.empty()) bounds.assign(tensor.numElements(), 0.0);
      bounds[dst] = src.error_bound[src_index];
    }
  }
  RtValue finish() {
    RtValue v = RtValue::ofTensor(std::move(tensor), std::move(marks));
    v.error_bound = std::move(bounds);
    return v;
  }
};

bool anyMarks(std::initializer_list<const RtValue*> values) {
  for (const RtValue* v : values) {
    if (!v->impl_defined.empty()) return true;
  }
  return false;
}

// For every index `idx` of `shape` (row-major): out[dst_base + Σ idx·dst_strides] = src[src_base + Σ idx·src_strides].
// Callers guarantee that every offset is in bounds.
void affineMove(Out& out, int64_t dst_base, const Shape& dst_strides, const RtValue& src, int64_t src_base, const Shape& src_strides,
                const Shape& shape) {
  for (int64_t d : shape) {
    if (d == 0) return;
  }
  const int64_t rank = static_cast<int64_t>(shape.size());
  if (rank == 0) {
    out.copy(dst_base, src, src_base);
    return;
  }
  // The innermost dimension is one memcpy when it is contiguous on both sides and no marks or error
  // bounds travel with the elements.
  const bool contiguous = dst_strides[rank - 1] == 1 && src_strides[rank - 1] == 1 && out.marks.empty() && src.error_bound.empty();
  const int64_t inner = shape[rank - 1];
  Shape idx(rank, 0);
  int64_t dst = dst_base, src_at = src_base;
  while (true) {
    if (contiguous) {
      std::memcpy(out.tensor.mutableBytes().data() + dst * out.element_bytes, src.tensor.bytes().data() + src_at * out.element_bytes,
                  inner * out.element_bytes);
    } else {
      for (int64_t i = 0, di = dst, si = src_at; i < inner; ++i, di += dst_strides[rank - 1], si += src_strides[rank - 1]) {
        out.copy(di, src, si);
      }
    }
    int64_t d = rank - 2;
    for (; d >= 0; --d) {
      ++idx[d];
      dst += dst_strides[d];
      src_at += src_strides[d];
      if (idx[d] < shape[d]) break;
      dst -= dst_strides[d] * shape[d];
      src_at -= src_strides[d] * shape[d];
      idx[d] = 0;
    }
    if (d < 0) return;
  }
}

// --- Attributes ---------------------------------------------------------------------------------------------

// Checks that `dims` are in [0, rank), and (when `seen` is given) not already used; marks them in `seen`.
absl::Status checkDims(Interpreter& interp, const Operation& op, const Shape& dims, int64_t rank, std::string_view what,
                       std::vector<bool>* seen = nullptr) {
  for (int64_t d : dims) {
    if (d < 0 || d >= rank) return interp.opError(op, strCat(what, " ", listText(dims), " has ", d, ", out of range for rank ", rank));
    if (seen) {
      if ((*seen)[d]) return interp.opError(op, strCat(what, " ", listText(dims), " repeats dimension ", d));
      (*seen)[d] = true;
    }
  }
  return absl::OkStatus();
}

bool isStrictlyIncreasing(const Shape& dims) {
  for (size_t i = 1; i < dims.size(); ++i) {
    if (dims[i] <= dims[i - 1]) return false;
  }
  return true;
}

// The result type (declared element type, `shape`), checked against the declaration, the operand's element
// type and the evaluator's size bound.
absl::StatusOr<Type> resultType(Interpreter& interp, const Operation& op, size_t i, const Shape& shape, ElementType element) {
  ASSIGN_OR_RETURN(auto type, resultTensorType(interp, op, i, shape));
  if (type.elementType() != element) {
    return interp.opError(op, strCat("result ", i, " has element type ", type.tensorElement().toString(), ", but the operand's is ",
                                     elementTypeName(element)));
  }
  RETURN_IF_ERROR(checkResultSize(interp, op, type));
  return type;
}

// The value of integer element `i` (an index operand), exactly.
__int128 indexValue(const Tensor& t, int64_t i) {
  const ElementType e = t.elementType();
  if (isUnsignedInteger(e)) return static_cast<__int128>(decodeUnsignedInteger(e, t.bits(i)));
  if (isBoolean(e)) return t.bits(i) != 0;
  return decodeSignedInteger(e, t.bits(i));
}

int64_t clampIndex(__int128 v, int64_t lo, int64_t hi) { return static_cast<int64_t>(std::min<__int128>(std::max<__int128>(v, lo), hi)); }

// A rank-0 tensor holding element `i` of `v`, with its mark (region arguments).
RtValue scalarOf(const Type& scalar_type, const Tensor& tensor, int64_t i, bool mark) {
  Tensor t(scalar_type);
  std::memcpy(t.mutableBytes().data(), tensor.bytes().data() + i * t.elementBytes(), t.elementBytes());
  return RtValue::ofTensor(std::move(t), mark ? std::vector<uint8_t>{1} : std::vector<uint8_t>{});
}
RtValue scalarOf(const RtValue& v, const Type& scalar_type, int64_t i) { return scalarOf(scalar_type, v.tensor, i, v.isImplDefined(i)); }

// Checks that the region's arguments are rank-0 tensors of the operands' element types (`types` in order).
absl::Status checkRegionArguments(Interpreter& interp, const Operation& op, const std::vector<Type>& types) {
  if (op.regions.size() != 1 || op.regions[0].blocks.size() != 1) return interp.opError(op, "needs one region with one block");
  const Block& block = *op.regions[0].blocks.front();
  if (block.arguments.size() != types.size()) {
    return interp.opError(op, strCat("the region takes ", block.arguments.size(), " argument(s), but the op needs ", types.size()));
  }
  for (size_t i = 0; i < types.size(); ++i) {
    const Type& arg = block.arguments[i]->type;
    if (!arg.isTensor() || arg.rank() != 0) return interp.opError(op, strCat("region argument ", i, " must be a rank-0 tensor"));
    if (arg.tensorElement() != types[i]) {
      return interp.opError(op, strCat("region argument ", i, " has element type ", arg.tensorElement().toString(),
                                       ", but the operand's is ", types[i].toString()));
    }
  }
  return absl::OkStatus();
}

// --- Kernels ------------------------------------------------------------------------------------------------

Results broadcastInDimKernel(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands) {
  if (operands.size() != 1) return interp.opError(op, "takes one operand");
  ASSIGN_OR_RETURN(auto operand, tensorOperand(interp, op, operands, 0));
  const Shape& in = operand->type().shape();
  const Shape dims = BroadcastInDimOp(op).broadcastDimensions();
  if (op.results.size() != 1 || !op.results[0]->type.isTensor()) return interp.opError(op, "needs one tensor result");
  const Shape& declared = op.results[0]->type.shape();
  const int64_t rank = static_cast<int64_t>(declared.size());
  // broadcast_in_dim (C2); checkDims: (C3), (C4).
  if (dims.size() != in.size()) {
    return interp.opError(op,
                          strCat("broadcast_dimensions ", listText(dims), " must have one entry per operand dimension (", in.size(), ")"));
  }
  std::vector<bool> seen(rank, false);
  RETURN_IF_ERROR(checkDims(interp, op, dims, rank, "broadcast_dimensions", &seen));
  // A dynamic result dimension takes its size from the operand dimension mapped onto it.
  Shape shape = declared;
  for (size_t d = 0; d < in.size(); ++d) {
    if (shape[dims[d]] == kDynamicSize) shape[dims[d]] = in[d];
  }
  for (int64_t r = 0; r < rank; ++r) {
    if (shape[r] == kDynamicSize)
      return interp.opError(op, strCat("result dimension ", r, " is dynamic and no operand dimension gives its size"));
  }
  Shape src_strides(rank, 0);
  const Shape in_strides = rowMajorStrides(in);
  for (size_t d = 0; d < in.size(); ++d) {
    const int64_t r = dims[d];
    if (in[d] == 1) continue;
    if (in[d] != shape[r]) {
      return interp.opError(op, strCat("operand dimension ", d, " has size ", in[d],
                                       ", which is neither 1 nor the size of result dimension ", r, " (", shape[r], ")"));
    }
    src_strides[r] = in_strides[d];
  }
  ASSIGN_OR_RETURN(auto type, resultType(interp, op, 0, shape, operand->elementType()));
  Out out(type, anyMarks({&operands[0]}));
  affineMove(out, 0, rowMajorStrides(shape), operands[0], 0, src_strides, shape);
  return std::vector<RtValue>{out.finish()};
}

Results concatenateKernel(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands) {
  if (operands.empty()) return interp.opError(op, "needs at least one operand");
  std::vector<const Tensor*> inputs;
  for (size_t i = 0; i < operands.size(); ++i) {
    ASSIGN_OR_RETURN(auto t, tensorOperand(interp, op, operands, i));
    inputs.push_back(t);
  }
  const Shape& first = inputs[0]->type().shape();
  const int64_t rank = static_cast<int64_t>(first.size());
  const int64_t dim = ConcatenateOp(op).dimension();
  if (dim < 0 || dim >= rank) return interp.opError(op, strCat("dimension ", dim, " is out of range for rank ", rank));  // (C4)
  Shape shape = first;
  shape[dim] = 0;
  for (size_t i = 0; i < inputs.size(); ++i) {
    const Shape& s = inputs[i]->type().shape();
    if (inputs[i]->elementType() != inputs[0]->elementType()) return interp.opError(op, "operands must have one element type");
    if (static_cast<int64_t>(s.size()) != rank) return interp.opError(op, "operands must have one rank");
    for (int64_t d = 0; d < rank; ++d) {
      if (d != dim && s[d] != first[d]) {
        return interp.opError(op, strCat("operand ", i, " has size ", s[d], " in dimension ", d, ", but operand 0 has ", first[d]));
      }
    }
    shape[dim] += s[dim];
  }
  ASSIGN_OR_RETURN(auto type, resultType(interp, op, 0, shape, inputs[0]->elementType()));
  bool marks = false;
  for (const RtValue& v : operands) marks = marks || !v.impl_defined.empty();
  Out out(type, marks);
  const Shape dst_strides = rowMajorStrides(shape);
  int64_t offset = 0;
  for (size_t i = 0; i < operands.size(); ++i) {
    const Shape& s = inputs[i]->type().shape();
    affineMove(out, offset * dst_strides[dim], dst_strides, operands[i], 0, rowMajorStrides(s), s);
    offset += s[dim];
  }
  return std::vector<RtValue>{out.finish()};
}

Results reshapeKernel(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands) {
  if (operands.size() != 1) return interp.opError(op, "takes one operand");
  ASSIGN_OR_RETURN(auto operand, tensorOperand(interp, op, operands, 0));
  if (op.results.size() != 1 || !op.results[0]->type.isTensor() || !op.results[0]->type.hasStaticShape()) {
    return interp.opError(op, "needs one static-shaped tensor result");
  }
  const Shape& shape = op.results[0]->type.shape();
  if (numElements(shape) != operand->numElements()) {
    return interp.opError(op,
                          strCat("the result has ", numElements(shape), " elements, but the operand has ", operand->numElements()));
  }
  ASSIGN_OR_RETURN(auto type, resultType(interp, op, 0, shape, operand->elementType()));
  Tensor out(type);
  out.mutableBytes() = operand->bytes();
  RtValue result = RtValue::ofTensor(std::move(out), operands[0].impl_defined);
  result.error_bound = operands[0].error_bound;  // row-major order is unchanged
  return std::vector<RtValue>{std::move(result)};
}

Results transposeKernel(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands) {
  if (operands.size() != 1) return interp.opError(op, "takes one operand");
  ASSIGN_OR_RETURN(auto operand, tensorOperand(interp, op, operands, 0));
  const Shape& in = operand->type().shape();
  const Shape perm = TransposeOp(op).permutation();
  const int64_t rank = static_cast<int64_t>(in.size());
  if (static_cast<int64_t>(perm.size()) != rank) {
    return interp.opError(op, strCat("permutation ", listText(perm), " must have one entry per operand dimension (", rank, ")"));
  }
  // transpose (C2): a permutation of range(rank(operand)).
  std::vector<bool> seen(rank, false);
  RETURN_IF_ERROR(checkDims(interp, op, perm, rank, "permutation", &seen));
  const Shape in_strides = rowMajorStrides(in);
  Shape shape(rank), src_strides(rank);
  for (int64_t d = 0; d < rank; ++d) {
    shape[d] = in[perm[d]];
    src_strides[d] = in_strides[perm[d]];
  }
  ASSIGN_OR_RETURN(auto type, resultType(interp, op, 0, shape, operand->elementType()));
  Out out(type, anyMarks({&operands[0]}));
  affineMove(out, 0, rowMajorStrides(shape), operands[0], 0, src_strides, shape);
  return std::vector<RtValue>{out.finish()};
}

Results sliceKernel(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands) {
  if (operands.size() != 1) return interp.opError(op, "takes one operand");
  ASSIGN_OR_RETURN(auto operand, tensorOperand(interp, op, operands, 0));
  const Shape& in = operand->type().shape();
  const SliceOp slice(op);
  const Shape start = slice.startIndices(), limit = slice.limitIndices(), strides = slice.strides();
  const size_t rank = in.size();
  // slice (C2); then (C3), (C4) per dimension.
  if (start.size() != rank || limit.size() != rank || strides.size() != rank) {
    return interp.opError(op, strCat("start_indices, limit_indices and strides must have one entry per operand dimension (", rank, ")"));
  }
  const Shape in_strides = rowMajorStrides(in);
  Shape shape(rank), src_strides(rank);
  int64_t base = 0;
  for (size_t d = 0; d < rank; ++d) {
    const int64_t s = start[d], l = limit[d], k = strides[d];
    if (s < 0 || s > l || l > in[d] || k <= 0) {
      return interp.opError(op, strCat("dimension ", d, ": the slice ", s, ":", l, ":", k, " does not fit size ", in[d],
                                       " (needs 0 <= start <= limit <= size and stride > 0)"));
    }
    shape[d] = (l - s + k - 1) / k;
    src_strides[d] = in_strides[d] * k;
    base += s * in_strides[d];
  }
  ASSIGN_OR_RETURN(auto type, resultType(interp, op, 0, shape, operand->elementType()));
  Out out(type, anyMarks({&operands[0]}));
  affineMove(out, 0, rowMajorStrides(shape), operands[0], base, src_strides, shape);
  return std::vector<RtValue>{out.finish()};
}

// The start indices of dynamic_slice / dynamic_update_slice (operands from `first`), clamped into
// [0, size(operand) - size(slice)] as the spec says.
absl::StatusOr<Shape> clampedStarts(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands, size_t first, const Shape& in,
                                    const Shape& sizes) {
  if (operands.size() - first != in.size()) {
    return interp.opError(op, strCat("needs one start index per operand dimension (", in.size(), "), but has ", operands.size() - first));
  }
  Shape starts(in.size());
  for (size_t d = 0; d < in.size(); ++d) {
    ASSIGN_OR_RETURN(auto t, tensorOperand(interp, op, operands, first + d));
    if (t->type().rank() != 0 || !isInteger(t->elementType())) {
      return interp.opError(op, strCat("start index ", d, " must be a rank-0 integer tensor"));
    }
    if (t->elementType() != operands[first].tensor.elementType()) return interp.opError(op, "start indices must have one type");
    if (sizes[d] < 0 || sizes[d] > in[d]) {
      return interp.opError(op, strCat("dimension ", d, ": slice size ", sizes[d], " does not fit the operand size ", in[d]));
    }
    starts[d] = clampIndex(indexValue(*t, 0), 0, in[d] - sizes[d]);
  }
  return starts;
}

Results dynamicSliceKernel(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands) {
  ASSIGN_OR_RETURN(auto operand, tensorOperand(interp, op, operands, 0));
  const Shape& in = operand->type().shape();
  const Shape sizes = DynamicSliceOp(op).sliceSizes();
  // dynamic_slice (C2); clampedStarts checks (C4).
  if (sizes.size() != in.size()) {
    return interp.opError(op, strCat("slice_sizes ", listText(sizes), " must have one entry per operand dimension (", in.size(), ")"));
  }
  ASSIGN_OR_RETURN(auto starts, clampedStarts(interp, op, operands, 1, in, sizes));
  const Shape in_strides = rowMajorStrides(in);
  const int64_t base = linearOffset(starts, in_strides);
  ASSIGN_OR_RETURN(auto type, resultType(interp, op, 0, sizes, operand->elementType()));
  Out out(type, anyMarks({&operands[0]}));
  affineMove(out, 0, rowMajorStrides(sizes), operands[0], base, in_strides, sizes);
  return std::vector<RtValue>{out.finish()};
}

Results dynamicUpdateSliceKernel(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands) {
  ASSIGN_OR_RETURN(auto operand, tensorOperand(interp, op, operands, 0));
  ASSIGN_OR_RETURN(auto update, tensorOperand(interp, op, operands, 1));
  const Shape& in = operand->type().shape();
  const Shape& up = update->type().shape();
  if (up.size() != in.size()) return interp.opError(op, "the update must have the operand's rank");
  if (update->elementType() != operand->elementType()) return interp.opError(op, "the update must have the operand's element type");
  ASSIGN_OR_RETURN(auto starts, clampedStarts(interp, op, operands, 2, in, up));
  ASSIGN_OR_RETURN(auto type, resultType(interp, op, 0, in, operand->elementType()));
  const Shape in_strides = rowMajorStrides(in);
  const int64_t base = linearOffset(starts, in_strides);
  Out out(type, anyMarks({&operands[0], &operands[1]}));
  out.tensor.mutableBytes() = operand->bytes();
  if (!out.marks.empty() && !operands[0].impl_defined.empty()) out.marks = operands[0].impl_defined;
  affineMove(out, base, in_strides, operands[1], 0, rowMajorStrides(up), up);
  return std::vector<RtValue>{out.finish()};
}

Results padKernel(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands) {
  if (operands.size() != 2) return interp.opError(op, "takes the operand and the padding value");
  ASSIGN_OR_RETURN(auto operand, tensorOperand(interp, op, operands, 0));
  ASSIGN_OR_RETURN(auto value, tensorOperand(interp, op, operands, 1));
  if (value->type().rank() != 0) return interp.opError(op, "the padding value must be a rank-0 tensor");
  if (value->elementType() != operand->elementType())
    return interp.opError(op, "the padding value must have the operand's element type");
  const Shape& in = operand->type().shape();
  const size_t rank = in.size();
  const PadOp pad(op);
  const Shape low = pad.edgePaddingLow(), high = pad.edgePaddingHigh(), interior = pad.interiorPadding();
  // pad (C2); then (C3) per dimension.
  if (low.size() != rank || high.size() != rank || interior.size() != rank) {
    return interp.opError(
        op, strCat("edge_padding_low, edge_padding_high and interior_padding must have one entry per operand dimension (", rank, ")"));
  }
  Shape shape(rank);
  for (size_t d = 0; d < rank; ++d) {
    if (interior[d] < 0) return interp.opError(op, strCat("interior_padding ", listText(interior), " must not be negative"));
    // In 128 bits: the attributes are arbitrary 64-bit values.
    const __int128 size =
        static_cast<__int128>(in[d]) + low[d] + high[d] + static_cast<__int128>(std::max<int64_t>(in[d] - 1, 0)) * interior[d];
    if (size < 0 || size > INT64_MAX) {
      return interp.opError(op, strCat("dimension ", d, ": the padding gives a negative or too large result size"));
    }
    shape[d] = static_cast<int64_t>(size);
  }
  ASSIGN_OR_RETURN(auto type, resultType(interp, op, 0, shape, operand->elementType()));
  Out out(type, anyMarks({&operands[0], &operands[1]}));
  for (int64_t i = 0; i < out.tensor.numElements(); ++i) out.copy(i, operands[1], 0);
  // Operand index i of dimension d lands at low + i * (interior + 1); keep the i that land in [0, size).
  const Shape in_strides = rowMajorStrides(in), out_strides = rowMajorStrides(shape);
  Shape count(rank), dst_strides(rank);
  int64_t src_base = 0, dst_base = 0;
  for (size_t d = 0; d < rank; ++d) {
    const __int128 step = static_cast<__int128>(interior[d]) + 1, lo = low[d];
    // first: the smallest i >= 0 with lo + i * step >= 0; last: the largest i < in[d] with lo + i * step < size.
    __int128 first = lo >= 0 ? 0 : (-lo + step - 1) / step;
    const __int128 room = static_cast<__int128>(shape[d]) - 1 - lo;
    __int128 last = room < 0 ? -1 : std::min<__int128>(in[d] - 1, room / step);
    if (last < first) return std::vector<RtValue>{out.finish()};
    count[d] = static_cast<int64_t>(last - first + 1);
    src_base += static_cast<int64_t>(first) * in_strides[d];
    dst_base += static_cast<int64_t>(lo + first * step) * out_strides[d];
    // (A single kept index needs no stride; this also keeps a huge interior padding from overflowing.)
    dst_strides[d] = count[d] == 1 ? 0 : static_cast<int64_t>(step * out_strides[d]);
  }
  affineMove(out, dst_base, dst_strides, operands[0], src_base, in_strides, count);
  return std::vector<RtValue>{out.finish()};
}

Results reverseKernel(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands) {
  if (operands.size() != 1) return interp.opError(op, "takes one operand");
  ASSIGN_OR_RETURN(auto operand, tensorOperand(interp, op, operands, 0));
  const Shape& in = operand->type().shape();
  const Shape dims = ReverseOp(op).dimensions();
  const int64_t rank = static_cast<int64_t>(in.size());
  // reverse (C2), (C3).
  std::vector<bool> seen(rank, false);
  RETURN_IF_ERROR(checkDims(interp, op, dims, rank, "dimensions", &seen));
  ASSIGN_OR_RETURN(auto type, resultType(interp, op, 0, in, operand->elementType()));
  Shape src_strides = rowMajorStrides(in);
  int64_t base = 0;
  for (int64_t d = 0; d < rank; ++d) {
    if (!seen[d] || in[d] == 0) continue;
    base += (in[d] - 1) * src_strides[d];
    src_strides[d] = -src_strides[d];
  }
  Out out(type, anyMarks({&operands[0]}));
  affineMove(out, 0, rowMajorStrides(in), operands[0], base, src_strides, in);
  return std::vector<RtValue>{out.finish()};
}

Results getDimensionSizeKernel(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands) {
  if (operands.size() != 1) return interp.opError(op, "takes one operand");
  ASSIGN_OR_RETURN(auto operand, tensorOperand(interp, op, operands, 0));
  const int64_t dim = GetDimensionSizeOp(op).dimension();
  const int64_t rank = operand->type().rank();
  if (dim < 0 || dim >= rank) return interp.opError(op, strCat("dimension ", dim, " is out of range for rank ", rank));  // (C1)
  ASSIGN_OR_RETURN(auto type, resultTensorType(interp, op, 0, {}));
  if (!isInteger(type.elementType()) || type.isQuantized()) return interp.opError(op, "the result must be an integer tensor");
  Tensor out(type);
  out.setBits(0, wrapInteger(type.elementType(), operand->type().shape()[dim]));
  return std::vector<RtValue>{RtValue::ofTensor(std::move(out))};
}

// gather: result[result_index] = operand[full_start_index + full_batching_index + full_offset_index]
// (spec), with the start indices clamped so that the slice fits. Evaluated one batch index at a time: the
// slice of one batch index is an affine move of slice_sizes' window dimensions.
Results gatherKernel(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands) {
  if (operands.size() != 2) return interp.opError(op, "takes the operand and the start indices");
  ASSIGN_OR_RETURN(auto operand, tensorOperand(interp, op, operands, 0));
  ASSIGN_OR_RETURN(auto indices, tensorOperand(interp, op, operands, 1));
  if (!isInteger(indices->elementType())) return interp.opError(op, "start_indices must be integers");
  const GatherOp gather(op);
  const Shape offset_dims = gather.offsetDims(), collapsed = gather.collapsedSliceDims();
  const Shape operand_batching = gather.operandBatchingDims(), indices_batching = gather.startIndicesBatchingDims();
  const Shape start_index_map = gather.startIndexMap(), slice_sizes = gather.sliceSizes();
  const int64_t ivd = gather.indexVectorDim();

  const Shape& in = operand->type().shape();
  const Shape& ishape = indices->type().shape();
  const int64_t R = static_cast<int64_t>(in.size()), S = static_cast<int64_t>(ishape.size());
  if (ivd < 0 || ivd > S) return interp.opError(op, strCat("index_vector_dim ", ivd, " is out of range for start_indices of rank ", S));
  const int64_t vector_size = ivd < S ? ishape[ivd] : 1;
  if (static_cast<int64_t>(start_index_map.size()) != vector_size) {
    return interp.opError(
        op, strCat("start_index_map ", listText(start_index_map), " must have one entry per index vector element (", vector_size, ")"));
  }
  if (static_cast<int64_t>(slice_sizes.size()) != R) {
    return interp.opError(op, strCat("slice_sizes ", listText(slice_sizes), " must have one entry per operand dimension (", R, ")"));
  }
  for (int64_t d = 0; d < R; ++d) {
    if (slice_sizes[d] < 0 || slice_sizes[d] > in[d]) {
      return interp.opError(op, strCat("slice_sizes ", listText(slice_sizes), " does not fit the operand shape ", listText(in)));
    }
  }
  std::vector<bool> not_window(R, false);
  RETURN_IF_ERROR(checkDims(interp, op, collapsed, R, "collapsed_slice_dims", &not_window));
  RETURN_IF_ERROR(checkDims(interp, op, operand_batching, R, "operand_batching_dims", &not_window));
  for (int64_t d = 0; d < R; ++d) {
    if (not_window[d] && slice_sizes[d] > 1) {
      return interp.opError(op, strCat("slice_sizes[", d, "] must be at most 1: dimension ", d, " is collapsed or a batching dimension"));
    }
  }
  {
    std::vector<bool> seen(R, false);
    for (int64_t d : operand_batching) {
      if (d >= 0 && d < R) seen[d] = true;
    }
    RETURN_IF_ERROR(checkDims(interp, op, start_index_map, R, "start_index_map", &seen));
  }
  {
    std::vector<bool> seen(S, false);
    RETURN_IF_ERROR(checkDims(interp, op, indices_batching, S, "start_indices_batching_dims", &seen));
    if (ivd < S && seen[ivd]) return interp.opError(op, "index_vector_dim must not be a start_indices batching dimension");
  }
  if (indices_batching.size() != operand_batching.size()) {
    return interp.opError(op, "operand_batching_dims and start_indices_batching_dims must have the same size");
  }
  for (size_t i = 0; i < operand_batching.size(); ++i) {
    if (in[operand_batching[i]] != ishape[indices_batching[i]]) {
      return interp.opError(op, strCat("operand batching dimension ", operand_batching[i], " and start_indices batching dimension ",
                                       indices_batching[i], " differ in size"));
    }
  }
  Shape window_dims;
  for (int64_t d = 0; d < R; ++d) {
    if (!not_window[d]) window_dims.push_back(d);
  }
  if (offset_dims.size() != window_dims.size()) {
    return interp.opError(
        op, strCat("offset_dims ", listText(offset_dims),
                   " must have one entry per operand dimension that is neither collapsed nor batching (", window_dims.size(), ")"));
  }
  Shape batch_shape;
  for (int64_t d = 0; d < S; ++d) {
    if (d != ivd) batch_shape.push_back(ishape[d]);
  }
  const int64_t rank = static_cast<int64_t>(batch_shape.size() + offset_dims.size());
  if (!isStrictlyIncreasing(offset_dims))
    return interp.opError(op, strCat("offset_dims ", listText(offset_dims), " must be sorted and unique"));
  std::vector<bool> is_offset(rank, false);
  RETURN_IF_ERROR(checkDims(interp, op, offset_dims, rank, "offset_dims", &is_offset));
  Shape shape(rank), batch_dims;
  for (int64_t r = 0, b = 0, o = 0; r < rank; ++r) {
    if (is_offset[r]) {
      shape[r] = slice_sizes[window_dims[o++]];
    } else {
      batch_dims.push_back(r);
      shape[r] = batch_shape[b++];
    }
  }
  ASSIGN_OR_RETURN(auto type, resultType(interp, op, 0, shape, operand->elementType()));
  Out out(type, anyMarks({&operands[0]}));
  if (out.tensor.numElements() == 0) return std::vector<RtValue>{out.finish()};

  const Shape in_strides = rowMajorStrides(in), out_strides = rowMajorStrides(shape), index_strides = rowMajorStrides(ishape);
  Shape window_shape, window_dst, window_src;
  for (size_t k = 0; k < window_dims.size(); ++k) {
    window_shape.push_back(slice_sizes[window_dims[k]]);
    window_dst.push_back(out_strides[offset_dims[k]]);
    window_src.push_back(in_strides[window_dims[k]]);
  }
  // Position in start_indices of batch dimension j (start_indices' dimensions without index_vector_dim).
  auto indices_dim = [&](int64_t j) { return j < ivd ? j : j + 1; };
  Shape batch(batch_shape.size(), 0);
  const int64_t batches = numElements(batch_shape);
  for (int64_t n = 0; n < batches; ++n) {
    int64_t dst_base = 0, index_base = 0;
    for (size_t j = 0; j < batch.size(); ++j) {
      dst_base += batch[j] * out_strides[batch_dims[j]];
      index_base += batch[j] * index_strides[indices_dim(j)];
    }
    Shape start(R, 0);
    for (int64_t k = 0; k < vector_size; ++k) {
      const int64_t d = start_index_map[k];
      const __int128 v = indexValue(*indices, index_base + (ivd < S ? k * index_strides[ivd] : 0));
      start[d] = clampIndex(v, 0, in[d] - slice_sizes[d]);
    }
    for (size_t i = 0; i < operand_batching.size(); ++i) {
      const int64_t s = indices_batching[i];
      start[operand_batching[i]] = batch[s < ivd ? s : s - 1];
    }
    int64_t src_base = 0;
    for (int64_t d = 0; d < R; ++d) {
      // A collapsed dimension of slice size 0 (allowed by the constraints) would read past the operand.
      if (start[d] >= in[d])
        return interp.opError(op, strCat("reads outside the operand in dimension ", d, " (slice size 0 of a collapsed dimension)"));
      src_base += start[d] * in_strides[d];
    }
    affineMove(out, dst_base, window_dst, operands[0], src_base, window_src, window_shape);
    nextIndex(batch, batch_shape);
  }
  return std::vector<RtValue>{out.finish()};
}

// scatter: results start as the inputs converted to the update computation's element types Ei
// (to_destination_type; C23 allows any promotable Ei, and the results have type Ei, C25), and the updates
// are converted the same way. Then, for every update_index in row-major order of the updates' index space
// (our documented choice of the spec's implementation-defined schedule), when result_index is in bounds
// (per element, as the spec says), results[result_index] = update_computation(results[result_index]...,
// updates[update_index]...). Out-of-bounds updates are skipped. Start indices are not clamped.
// A result element that two or more updates reach depends on the schedule unless the update computation is
// order-independent (orderIndependentBody: maximum, minimum; integer or i1 add, multiply, and, or, xor;
// quantized maximum/minimum on values that requantize to themselves): otherwise it is marked
// implementation-defined (float add differs in rounding, quantized add requantizes at each step,
// "return the update" keeps the last one). docs/accumulation.md, "scatter".
Results scatterKernel(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands) {
  if (operands.size() < 3 || operands.size() % 2 == 0) return interp.opError(op, "takes N inputs, the scatter indices and N updates");
  const size_t n = (operands.size() - 1) / 2;
  std::vector<const Tensor*> inputs, updates;
  for (size_t i = 0; i < operands.size(); ++i) {
    ASSIGN_OR_RETURN(auto t, tensorOperand(interp, op, operands, i));
    if (i < n) inputs.push_back(t);
    if (i > n) updates.push_back(t);
    if (i != n) RETURN_IF_ERROR(checkPerTensorQuantized(interp, op, t->type(), strCat(i < n ? "input " : "update ", i < n ? i : i - n - 1)));
  }
  const Tensor& indices = operands[n].tensor;
  if (!isInteger(indices.elementType())) return interp.opError(op, "scatter_indices must be integers");
  const Shape& in = inputs[0]->type().shape();
  const Shape& up = updates[0]->type().shape();
  if (op.regions.size() != 1 || op.regions[0].blocks.size() != 1) return interp.opError(op, "needs one region with one block");
  const Block& block = *op.regions[0].blocks.front();
  if (block.arguments.size() != 2 * n) {
    return interp.opError(op, strCat("the update computation takes ", block.arguments.size(), " argument(s), but the op needs ", 2 * n));
  }
  std::vector<Type> arg_types(n);  // Ei (C23)
  for (size_t i = 0; i < n; ++i) {
    if (inputs[i]->type().shape() != in) return interp.opError(op, "inputs must have one shape");
    if (updates[i]->type().shape() != up) return interp.opError(op, "updates must have one shape");
    if (updates[i]->type().tensorElement() != inputs[i]->type().tensorElement())
      return interp.opError(op, strCat("update ", i, " must have the element type of input ", i, " (C6)"));
    const Type& acc = block.arguments[i]->type;
    const Type& elem = block.arguments[n + i]->type;
    if (!acc.isTensor() || acc.rank() != 0 || acc != elem) {
      return interp.opError(op, strCat("update computation arguments ", i, " and ", n + i, " must be one rank-0 tensor type (C23)"));
    }
    RETURN_IF_ERROR(checkPerTensorQuantized(interp, op, acc, strCat("update computation argument ", i)));
    if (!isPromotable(inputs[i]->type().tensorElement(), acc.tensorElement())) {
      return interp.opError(op, strCat("input ", i, " of element type ", inputs[i]->type().tensorElement().toString(),
                                       " cannot be promoted to the update computation's ", acc.tensorElement().toString(), " (C23)"));
    }
    arg_types[i] = acc.tensorElement();
  }

  const ScatterOp scatter(op);
  const Shape window_dims_u = scatter.updateWindowDims(), inserted = scatter.insertedWindowDims();
  const Shape input_batching = scatter.inputBatchingDims(), indices_batching = scatter.scatterIndicesBatchingDims();
  const Shape to_operand = scatter.scatterDimsToOperandDims();
  const int64_t ivd = scatter.indexVectorDim();

  const Shape& ishape = indices.type().shape();
  const int64_t R = static_cast<int64_t>(in.size()), S = static_cast<int64_t>(ishape.size()), U = static_cast<int64_t>(up.size());
  if (ivd < 0 || ivd > S)
    return interp.opError(op, strCat("index_vector_dim ", ivd, " is out of range for scatter_indices of rank ", S));
  const int64_t vector_size = ivd < S ? ishape[ivd] : 1;
  if (static_cast<int64_t>(to_operand.size()) != vector_size) {
    return interp.opError(op, strCat("scatter_dims_to_operand_dims ", listText(to_operand),
                                     " must have one entry per index vector element (", vector_size, ")"));
  }
  std::vector<bool> not_window(R, false);
  RETURN_IF_ERROR(checkDims(interp, op, inserted, R, "inserted_window_dims", &not_window));
  RETURN_IF_ERROR(checkDims(interp, op, input_batching, R, "input_batching_dims", &not_window));
  {
    std::vector<bool> seen(R, false);
    for (int64_t d : input_batching) seen[d] = true;
    RETURN_IF_ERROR(checkDims(interp, op, to_operand, R, "scatter_dims_to_operand_dims", &seen));
  }
  {
    std::vector<bool> seen(S, false);
    RETURN_IF_ERROR(checkDims(interp, op, indices_batching, S, "scatter_indices_batching_dims", &seen));
    if (ivd < S && seen[ivd]) return interp.opError(op, "index_vector_dim must not be a scatter_indices batching dimension");
  }
  if (indices_batching.size() != input_batching.size()) {
    return interp.opError(op, "input_batching_dims and scatter_indices_batching_dims must have the same size");
  }
  for (size_t i = 0; i < input_batching.size(); ++i) {
    if (in[input_batching[i]] != ishape[indices_batching[i]]) {
      return interp.opError(op, strCat("input batching dimension ", input_batching[i], " and scatter_indices batching dimension ",
                                       indices_batching[i], " differ in size"));
    }
  }
  Shape window_dims;  // input dimensions that the update window spans
  for (int64_t d = 0; d < R; ++d) {
    if (!not_window[d]) window_dims.push_back(d);
  }
  if (window_dims_u.size() != window_dims.size()) {
    return interp.opError(
        op, strCat("update_window_dims ", listText(window_dims_u),
                   " must have one entry per input dimension that is neither inserted nor batching (", window_dims.size(), ")"));
  }
  if (!isStrictlyIncreasing(window_dims_u))
    return interp.opError(op, strCat("update_window_dims ", listText(window_dims_u), " must be sorted and unique"));
  std::vector<bool> is_window(U, false);
  RETURN_IF_ERROR(checkDims(interp, op, window_dims_u, U, "update_window_dims", &is_window));
  Shape scatter_dims;  // update dimensions that index the scatter indices
  for (int64_t d = 0; d < U; ++d) {
    if (!is_window[d]) scatter_dims.push_back(d);
  }
  Shape batch_shape;
  for (int64_t d = 0; d < S; ++d) {
    if (d != ivd) batch_shape.push_back(ishape[d]);
  }
  if (scatter_dims.size() != batch_shape.size()) {
    return interp.opError(op, strCat("updates of rank ", U, " do not match scatter_indices ", listText(ishape), " and update_window_dims ",
                                     listText(window_dims_u)));
  }
  for (size_t j = 0; j < scatter_dims.size(); ++j) {
    if (up[scatter_dims[j]] != batch_shape[j]) {
      return interp.opError(op, strCat("updates dimension ", scatter_dims[j], " has size ", up[scatter_dims[j]],
                                       ", but the scatter indices give ", batch_shape[j]));
    }
  }
  for (size_t k = 0; k < window_dims.size(); ++k) {
    if (up[window_dims_u[k]] > in[window_dims[k]]) {
      return interp.opError(op, strCat("updates dimension ", window_dims_u[k], " is larger than input dimension ", window_dims[k]));
    }
  }

  std::vector<Out> results;
  std::vector<RtValue> starts, converted_updates;  // inputs and updates converted to Ei
  for (size_t i = 0; i < n; ++i) {
    ASSIGN_OR_RETURN(auto type, resultTensorType(interp, op, i, in));
    if (type.tensorElement() != arg_types[i]) {
      return interp.opError(op, strCat("result ", i, " has element type ", type.tensorElement().toString(),
                                       ", but the update computation's is ", arg_types[i].toString(), " (C25)"));
    }
    RETURN_IF_ERROR(checkResultSize(interp, op, type));
    starts.push_back(toDestinationType(operands[i], arg_types[i]));
    converted_updates.push_back(toDestinationType(operands[n + 1 + i], arg_types[i]));
    results.emplace_back(type, true);
    results.back().tensor.mutableBytes() = starts.back().tensor.bytes();
    if (!starts.back().impl_defined.empty()) results.back().marks = starts.back().impl_defined;
  }
  std::vector<Type> scalar_types;
  for (size_t i = 0; i < n; ++i) scalar_types.push_back(Type::tensor({}, arg_types[i]));
  std::vector<uint8_t> hits(numElements(in), 0);  // updates that reached each result element (0, 1, 2 = more)

  const Shape in_strides = rowMajorStrides(in), index_strides = rowMajorStrides(ishape);
  const int64_t count = numElements(up);
  Shape update_index(U, 0);
  std::vector<__int128> full(R);
  for (int64_t u = 0; u < count; ++u) {
    std::fill(full.begin(), full.end(), 0);
    int64_t index_base = 0;
    for (size_t j = 0; j < scatter_dims.size(); ++j) {
      const int64_t s = static_cast<int64_t>(j) < ivd ? static_cast<int64_t>(j) : static_cast<int64_t>(j) + 1;
      index_base += update_index[scatter_dims[j]] * index_strides[s];
    }
    for (int64_t k = 0; k < vector_size; ++k) {
      full[to_operand[k]] += indexValue(indices, index_base + (ivd < S ? k * index_strides[ivd] : 0));
    }
    for (size_t i = 0; i < input_batching.size(); ++i) {
      const int64_t s = indices_batching[i];
      full[input_batching[i]] += update_index[scatter_dims[s < ivd ? s : s - 1]];
    }
    for (size_t k = 0; k < window_dims.size(); ++k) full[window_dims[k]] += update_index[window_dims_u[k]];
    bool in_bounds = true;
    int64_t target = 0;
    for (int64_t d = 0; d < R && in_bounds; ++d) {
      in_bounds = full[d] >= 0 && full[d] < in[d];
      target += static_cast<int64_t>(full[d]) * in_strides[d];
    }
    if (in_bounds) {
      if (hits[target] < 2) ++hits[target];
      std::vector<RtValue> args;
      for (size_t i = 0; i < n; ++i) {
        args.push_back(scalarOf(scalar_types[i], results[i].tensor, target, results[i].marks[target] != 0));
      }
      for (size_t i = 0; i < n; ++i) args.push_back(scalarOf(converted_updates[i], scalar_types[i], u));
      ASSIGN_OR_RETURN(auto value, interp.runRegion(op.regions[0], std::move(args)));
      if (value.size() != n) return interp.opError(op, strCat("the update computation must return ", n, " value(s)"));
      for (size_t i = 0; i < n; ++i) {
        const RtValue& v = value[i];
        if (!v.isTensor() || v.tensor.type().rank() != 0 || v.tensor.type().tensorElement() != arg_types[i]) {
          return interp.opError(op, strCat("the update computation must return rank-0 tensors of ", arg_types[i].toString()));
        }
        results[i].copy(target, v, 0);
      }
    }
    nextIndex(update_index, up);
  }
  // Duplicate indices: the update order is the spec's implementation-defined schedule.
  const bool independent = n == 1 && orderIndependentBody(op.regions[0], scalar_types[0], {&starts[0].tensor, &converted_updates[0].tensor});
  if (!independent) {
    for (size_t e = 0; e < hits.size(); ++e) {
      if (hits[e] < 2) continue;
      for (Out& r : results) r.marks[e] = 1;
    }
  }
  std::vector<RtValue> out;
  for (Out& r : results) out.push_back(r.finish());
  return out;
}

// sort: each 1-D slice along `dimension` is sorted by a bottom-up merge sort that calls the comparator
// once per comparison and takes the right element only when comparator(right, left) is true. That is a
// stable sort, so it serves is_stable = false too (a stable order is one of the valid unstable ones). It
// stays in bounds and terminates for any comparator, even one that is not a strict weak order.
Results sortKernel(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands) {
  if (operands.empty()) return interp.opError(op, "needs at least one operand");
  const size_t n = operands.size();
  std::vector<const Tensor*> inputs;
  std::vector<Type> arg_types(2 * n), scalar_types;
  for (size_t i = 0; i < n; ++i) {
    ASSIGN_OR_RETURN(auto t, tensorOperand(interp, op, operands, i));
    inputs.push_back(t);
    RETURN_IF_ERROR(checkPerTensorQuantized(interp, op, t->type(), strCat("input ", i)));
    if (t->type().shape() != inputs[0]->type().shape()) return interp.opError(op, "operands must have one shape");
    arg_types[2 * i] = arg_types[2 * i + 1] = t->type().tensorElement();
    scalar_types.push_back(Type::tensor({}, t->type().tensorElement()));
  }
  RETURN_IF_ERROR(checkRegionArguments(interp, op, arg_types));
  const Shape& shape = inputs[0]->type().shape();
  const int64_t rank = static_cast<int64_t>(shape.size());
  const int64_t dim = SortOp(op).dimension();
  if (dim < -rank || dim >= rank) return interp.opError(op, strCat("dimension ", dim, " is out of range for rank ", rank));  // (C4)
  const int64_t axis = dim >= 0 ? dim : rank + dim;
  std::vector<Out> results;
  bool marks = false;
  for (const RtValue& v : operands) marks = marks || !v.impl_defined.empty();
  for (size_t i = 0; i < n; ++i) {
    ASSIGN_OR_RETURN(auto type, resultType(interp, op, i, shape, inputs[i]->elementType()));
    if (type.tensorElement() != inputs[i]->type().tensorElement())
      return interp.opError(op, strCat("result ", i, " must have the type of operand ", i));
    results.emplace_back(type, marks);
  }
  const int64_t length = shape[axis];
  const int64_t stride = rowMajorStrides(shape)[axis];
  const int64_t total = inputs[0]->numElements();
  if (length == 0 || total == 0) {
    std::vector<RtValue> out;
    for (Out& r : results) out.push_back(r.finish());
    return out;
  }
  // The merge sort's scratch: two permutations of a slice. The comparator's scalar arguments are made
  // per call, not kept for the whole slice (an RtValue per element would take ~100 times the tensor).
  RETURN_IF_ERROR(checkScratch(interp, op, "sort's permutations", 2 * static_cast<uint64_t>(length), sizeof(int64_t)));
  std::vector<int64_t> order(length), buffer(length);
  for (int64_t slice = 0; slice < total / length; ++slice) {
    // The slice's first element: `slice` counts the indices with index[axis] = 0 in row-major order.
    const int64_t base = (slice / stride) * stride * length + slice % stride;
    bool decided_on_marked = false;  // a comparator result was implementation-defined
    auto less = [&](int64_t a, int64_t b) -> absl::StatusOr<bool> {
      std::vector<RtValue> args;
      args.reserve(2 * n);
      for (size_t i = 0; i < n; ++i) {
        args.push_back(scalarOf(operands[i], scalar_types[i], base + a * stride));
        args.push_back(scalarOf(operands[i], scalar_types[i], base + b * stride));
      }
      ASSIGN_OR_RETURN(auto r, interp.runRegion(op.regions[0], std::move(args)));
      if (r.size() != 1 || !r[0].isTensor() || r[0].tensor.elementType() != ElementType::kI1 || r[0].tensor.numElements() != 1) {
        return interp.opError(op, "the comparator must return one tensor<i1>");
      }
      decided_on_marked = decided_on_marked || r[0].isImplDefined(0);
      return r[0].tensor.bits(0) != 0;
    };
    std::iota(order.begin(), order.end(), 0);
    for (int64_t width = 1; width < length; width *= 2) {
      for (int64_t lo = 0; lo < length; lo += 2 * width) {
        const int64_t mid = std::min(lo + width, length), hi = std::min(lo + 2 * width, length);
        int64_t a = lo, b = mid, k = lo;
        while (a < mid && b < hi) {
          ASSIGN_OR_RETURN(auto right_first, less(order[b], order[a]));
          buffer[k++] = right_first ? order[b++] : order[a++];
        }
        while (a < mid) buffer[k++] = order[a++];
        while (b < hi) buffer[k++] = order[b++];
      }
      order.swap(buffer);
    }
    for (size_t i = 0; i < n; ++i) {
      for (int64_t j = 0; j < length; ++j) results[i].copy(base + j * stride, operands[i], base + order[j] * stride);
    }
    // A comparison decided on an implementation-defined value may go the other way elsewhere: the whole
    // slice's order is implementation-defined (docs/semantics.md, "Control flow").
    if (decided_on_marked) {
      for (Out& r : results) {
        if (r.marks.empty()) r.marks.assign(r.tensor.numElements(), 0);
        for (int64_t j = 0; j < length; ++j) r.marks[base + j * stride] = 1;
      }
    }
  }
  std::vector<RtValue> out;
  for (Out& r : results) out.push_back(r.finish());
  return out;
}

constexpr KernelDef kKernels[] = {
    {OpId::kBroadcastInDim, broadcastInDimKernel},
    {OpId::kConcatenate, concatenateKernel},
    {OpId::kReshape, reshapeKernel},
    {OpId::kTranspose, transposeKernel},
    {OpId::kSlice, sliceKernel},
    {OpId::kDynamicSlice, dynamicSliceKernel},
    {OpId::kDynamicUpdateSlice, dynamicUpdateSliceKernel},
    {OpId::kPad, padKernel},
    {OpId::kReverse, reverseKernel},
    {OpId::kGetDimensionSize, getDimensionSizeKernel},
    {OpId::kGather, gatherKernel},
    {OpId::kScatter, scatterKernel},
    {OpId::kSort, sortKernel},
};

}  // namespace

std::span<const KernelDef> movementKernels() { return kKernels; }

}  // namespace hloconf::ref
