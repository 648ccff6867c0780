// Quantization: uniform_quantize, uniform_dequantize, and the spec's dequantize_op_quantize wrapper that
// mapElements (reference/elementwise.h) and the interpreter's dispatch use for elementwise ops,
// batch_norm_*, cholesky, triangular_solve and reduce_precision on quantized tensors.
//
// The formulas follow the spec's `dequantize` and `quantize` (Notation, "Quantization computations")
// literally, including each place where the spec rounds an intermediate value to the expressed type.
// Every such rounding is one correctly rounded step (round to nearest, ties to even). docs/quantization.md
// has the formulas and the choices.
#include <algorithm>

#include "ir/op_schema.h"
#include "ir/status_macros.h"
#include "reference/elementwise.h"
#include "reference/numerics.h"

namespace hloconf::ref {
namespace {

using Results = absl::StatusOr<std::vector<RtValue>>;

// Working precision for exact values: every format's significand (f64: 53 bits) and every storage
// integer (64 bits) fits.
constexpr mpfr_prec_t kExactPrecision = 128;

// The quantization parameters of one tensor of a validated quantized type, per element.
class QuantParams {
 public:
  QuantParams(const QuantizedType& q, const std::vector<int64_t>& shape) : q_(q) {
    if (q.quantized_dimension) {
      const int64_t d = *q.quantized_dimension;
      size_ = shape[d];
      for (size_t k = d + 1; k < shape.size(); ++k) inner_ *= shape[k];
    }
    // constant(scale, expressed_type): the scale as a value of the expressed type (exact when the
    // parser already gave one, which it does).
    for (double s : q.scales) {
      auto& v = scales_.emplace_back(std::make_unique<MpFloat>(kExactPrecision));
      MpFloat d(kExactPrecision);
      mpfr_set_d(d, s, MPFR_RNDN);
      decodeFloat(q.expressed_type, encodeFloat(q.expressed_type, d), *v);
    }
  }
  // The index into scales/zero_points of element `i` (row-major).
  size_t index(int64_t i) const { return q_.quantized_dimension ? static_cast<size_t>((i / inner_) % size_) : 0; }
  mpfr_srcptr scale(int64_t i) const { return *scales_[index(i)]; }
  int64_t zeroPoint(int64_t i) const { return q_.zero_points[index(i)]; }
  const QuantizedType& type() const { return q_; }

 private:
  const QuantizedType& q_;
  int64_t inner_ = 1;
  int64_t size_ = 1;
  std::vector<std::unique_ptr<MpFloat>> scales_;
};

// dequantize of one element: convert(storage - zero_point, E) * scale, where the difference is the
// exact integer, convert rounds it to E (exact whenever |difference| < 2^precision(E), for example every
// 8-bit storage type with f32, f16 or bf16), and the product is rounded once to E.
uint64_t dequantizeElement(ElementType e, __int128 difference, mpfr_srcptr scale) {
  MpFloat d(kExactPrecision), product(2 * kExactPrecision);
  decodeFloat(e, integerToFloat(e, difference), d);
  mpfr_mul(product, d, scale, MPFR_RNDN);  // exact: 2 * 128 bits hold the product of two 128-bit values
  return encodeFloat(e, product);
}

// quantize of one element of expressed type `e` (spec, Notation):
//   x_scaled = x / scale                         rounded to E
//   x_scaled_add_zp = x_scaled + convert(zp, E)  rounded to E
//   x_clamped = clamp(convert(storage_min, E), x_scaled_add_zp, convert(storage_max, E))  (NaN propagates)
//   x_rounded = round_nearest_even(x_clamped)    exact
//   convert(x_rounded, storage type)
// The last convert is implementation-defined (marked) for NaN (0, as convert does) and where the clamp
// bounds themselves rounded outside the storage range (i32 storage with f32: 2^31); the result is then
// saturated into [storage_min, storage_max].
uint64_t quantizeElement(ElementType e, uint64_t x, mpfr_srcptr scale, int64_t zero_point, const QuantizedType& q,
                         bool& impl_defined) {
  const ElementType s = q.storage_type;
  auto saturate = [&](__int128 v) {
    if (v < q.storage_min || v > q.storage_max) impl_defined = true;
    return wrapInteger(s, std::clamp<__int128>(v, q.storage_min, q.storage_max));
  };
  MpFloat value(kExactPrecision);
  decodeFloat(e, x, value);
  const uint64_t scaled = roundCorrectly(e, [&](mpfr_ptr out) { return roundedByMpfr(out, mpfr_div(out, value, scale, MPFR_RNDN)); });
  MpFloat scaled_value(kExactPrecision), zp(kExactPrecision);
  decodeFloat(e, scaled, scaled_value);
  decodeFloat(e, integerToFloat(e, zero_point), zp);
  const uint64_t shifted = roundCorrectly(e, [&](mpfr_ptr out) { return roundedByMpfr(out, mpfr_add(out, scaled_value, zp, MPFR_RNDN)); });
  MpFloat v(kExactPrecision), lo(kExactPrecision), hi(kExactPrecision);
  decodeFloat(e, shifted, v);
  if (mpfr_nan_p(v)) {
    impl_defined = true;
    return saturate(0);
  }
  decodeFloat(e, integerToFloat(e, q.storage_min), lo);
  decodeFloat(e, integerToFloat(e, q.storage_max), hi);
  if (mpfr_less_p(v, lo)) mpfr_set(v, lo, MPFR_RNDN);
  if (mpfr_greater_p(v, hi)) mpfr_set(v, hi, MPFR_RNDN);
  if (mpfr_nan_p(v) || mpfr_inf_p(v)) {  // bounds that overflowed E (only formats with a tiny range)
    impl_defined = true;
    return saturate(mpfr_nan_p(v) ? 0 : (mpfr_sgn(v.get()) < 0 ? q.storage_min : q.storage_max));
  }
  mpfr_roundeven(v, v);  // exact: |v| <= 2^64 fits in 128 bits
  MpFloat bound(kExactPrecision);
  mpfr_set_sj(bound, q.storage_min, MPFR_RNDN);
  if (mpfr_less_p(v, bound)) return saturate(static_cast<__int128>(q.storage_min) - 1);
  mpfr_set_sj(bound, q.storage_max, MPFR_RNDN);
  if (mpfr_greater_p(v, bound)) return saturate(static_cast<__int128>(q.storage_max) + 1);
  return saturate(mpfr_get_sj(v, MPFR_RNDN));
}

}  // namespace

std::string quantizedTypeProblem(const Type& type) {
  if (!type.isTensor() || !type.isQuantized()) return strCat(type.toString(), " is not a quantized tensor type");
  const QuantizedType& q = type.quantizedType();
  const std::string name = type.toString();
  const ElementType s = q.storage_type;
  if (!isInteger(s) || s == ElementType::kIndex) return strCat(name, ": the storage type must be an integer type");
  const __int128 type_min = isSignedInteger(s) ? static_cast<__int128>(minSignedValue(s)) : 0;
  const __int128 type_max = static_cast<__int128>(maxUnsignedValue(s));
  if (!(type_min <= q.storage_min && q.storage_min < q.storage_max && q.storage_max <= type_max)) {
    return strCat(name, ": needs min_value(storage_type) <= storage_min < storage_max <= max_value(storage_type)");
  }
  if (!isFloat(q.expressed_type)) return strCat(name, ": the expressed type must be a floating-point type");
  if (q.scales.empty() || q.scales.size() != q.zero_points.size()) return strCat(name, ": needs as many zero points as scales, at least one");
  for (double scale : q.scales) {
    MpFloat d(kExactPrecision);
    mpfr_set_d(d, scale, MPFR_RNDN);
    const uint64_t bits = encodeFloat(q.expressed_type, d);
    const FloatClass c = classifyFloat(q.expressed_type, bits);
    if (c == FloatClass::kNaN || c == FloatClass::kInfinity || c == FloatClass::kZero || mpfr_sgn(d.get()) <= 0) {
      return strCat(name, ": scales must be positive and finite in the expressed type");
    }
  }
  for (int64_t zp : q.zero_points) {
    if (zp < q.storage_min || zp > q.storage_max) return strCat(name, ": zero points must lie in [storage_min, storage_max]");
  }
  if (q.quantized_dimension) {
    const int64_t d = *q.quantized_dimension;
    if (d < 0 || d >= type.rank()) return strCat(name, ": quantization_dimension must be in [0, rank)");
    if (type.shape()[d] != static_cast<int64_t>(q.scales.size())) {
      return strCat(name, ": dimension ", d, " has size ", type.shape()[d], ", but there are ", q.scales.size(), " scales");
    }
  } else if (q.scales.size() != 1) {
    return strCat(name, ": per-tensor quantization takes one scale");
  }
  return "";
}

Tensor dequantizeTensor(const Tensor& t) {
  const QuantizedType& q = t.type().quantizedType();
  const QuantParams params(q, t.type().shape());
  Tensor out(Type::tensor(t.type().shape(), Type::element(q.expressed_type)));
  for (int64_t i = 0; i < t.numElements(); ++i) {
    const __int128 difference = integerValue(q.storage_type, t.bits(i)) - params.zeroPoint(i);
    out.setBits(i, dequantizeElement(q.expressed_type, difference, params.scale(i)));
  }
  return out;
}

Tensor quantizeTensor(const Tensor& x, const Type& type, std::vector<uint8_t>& impl) {
  const QuantizedType& q = type.quantizedType();
  const QuantParams params(q, type.shape());
  Tensor out(type);
  impl.resize(out.numElements());
  for (int64_t i = 0; i < out.numElements(); ++i) {
    bool marked = false;
    out.setBits(i, quantizeElement(q.expressed_type, x.bits(i), params.scale(i), params.zeroPoint(i), q, marked));
    impl[i] = impl[i] || marked;
  }
  return out;
}

bool hasQuantizedTypes(const Operation& op, const std::vector<RtValue>& operands) {
  for (const RtValue& v : operands) {
    if (v.isTensor() && v.tensor.type().isQuantized()) return true;
  }
  for (const auto& r : op.results) {
    if (r->type.isTensor() && r->type.isQuantized()) return true;
  }
  return false;
}

namespace {

// A tensor type with its quantized element type replaced by the expressed type.
Type expressedTypeOf(const Type& type) {
  if (!type.isTensor() || !type.isQuantized()) return type;
  return Type::tensor(type.shape(), Type::element(type.quantizedType().expressed_type), type.bounds());
}

// Dequantizes value `v` in place when it is a quantized tensor (marks kept).
absl::Status dequantizeValue(Interpreter& interp, const Operation& op, RtValue& v) {
  if (!v.isTensor() || !v.tensor.type().isQuantized()) return absl::OkStatus();
  if (std::string problem = quantizedTypeProblem(v.tensor.type()); !problem.empty()) return interp.opError(op, problem);
  v.tensor = dequantizeTensor(v.tensor);
  v.error_bound.clear();
  return absl::OkStatus();
}

// Quantizes the float tensor `v` into the quantized element type of `declared`, with v's shape.
absl::Status quantizeValue(Interpreter& interp, const Operation& op, const Type& declared, RtValue& v) {
  if (!v.isTensor() || !isFloat(v.tensor.elementType())) return interp.opError(op, "quantize needs a floating-point tensor");
  const Type type = Type::tensor(v.tensor.type().shape(), declared.tensorElement());
  if (std::string problem = quantizedTypeProblem(type); !problem.empty()) return interp.opError(op, problem);
  if (v.tensor.elementType() != type.quantizedType().expressed_type) {
    return interp.opError(op, strCat("cannot quantize ", v.tensor.type().toString(), " to ", type.toString(),
                                     ": the element type must be the expressed type"));
  }
  RETURN_IF_ERROR(checkResultSize(interp, op, type));
  std::vector<uint8_t> impl = v.impl_defined;
  v.tensor = quantizeTensor(v.tensor, type, impl);
  v.impl_defined = std::find(impl.begin(), impl.end(), 1) != impl.end() ? std::move(impl) : std::vector<uint8_t>{};
  v.error_bound.clear();
  return absl::OkStatus();
}

Results uniformQuantizeKernel(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands) {
  if (operands.size() != 1 || op.results.size() != 1) return interp.opError(op, "takes one operand and one result");
  ASSIGN_OR_RETURN(const Tensor* in, tensorOperand(interp, op, operands, 0));
  if (!op.results[0]->type.isTensor() || !op.results[0]->type.isQuantized()) return interp.opError(op, "the result must be a quantized tensor");
  // The shapes (C1) at run time, where a `?` dimension has its size.
  ASSIGN_OR_RETURN(const Type result_type, resultTensorType(interp, op, 0, in->type().shape()));
  RtValue v = operands[0];
  // The result's expressed type (C2) is the verify function's; quantizeValue checks the one it converts from.
  if (in->type().isQuantized()) {
    RETURN_IF_ERROR(dequantizeValue(interp, op, v));
  } else if (!isFloat(in->elementType())) {
    return interp.opError(op, strCat("the operand must be a floating-point or quantized tensor, not ", in->type().toString()));
  }
  RETURN_IF_ERROR(quantizeValue(interp, op, result_type, v));
  return std::vector<RtValue>{std::move(v)};
}

Results uniformDequantizeKernel(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands) {
  if (operands.size() != 1 || op.results.size() != 1) return interp.opError(op, "takes one operand and one result");
  ASSIGN_OR_RETURN(const Tensor* in, tensorOperand(interp, op, operands, 0));
  if (!in->type().isQuantized()) return interp.opError(op, "the operand must be a quantized tensor");
  // The shapes (C1) at run time, where a `?` dimension has its size; the result's element type (C2) is the
  // verify function's.
  RETURN_IF_ERROR(resultTensorType(interp, op, 0, in->type().shape()).status());
  RtValue v = operands[0];
  RETURN_IF_ERROR(dequantizeValue(interp, op, v));
  return std::vector<RtValue>{std::move(v)};
}

constexpr KernelDef kKernels[] = {
    {OpId::kUniformQuantize, uniformQuantizeKernel},
    {OpId::kUniformDequantize, uniformDequantizeKernel},
};

}  // namespace

namespace {

// Ops whose quantized form requires every operand and result to be a per-tensor quantized tensor with one
// baseline element type: batch_norm_* (C2: operand, scale, offset/mean, variance, grad_output and the
// results have the same baseline_element_type; I1-I5: per-tensor), cholesky (C1: baseline_type(a) =
// baseline_type(result)), triangular_solve (C1, C4: a, b and the result alike) and reduce_precision (C1).
// A float operand next to a quantized one has another baseline element type.
bool needsUniformQuantizedTypes(OpId id) {
  static constexpr OpId kOps[] = {OpId::kBatchNormInference, OpId::kBatchNormTraining, OpId::kBatchNormGrad,
                                  OpId::kCholesky,           OpId::kTriangularSolve,   OpId::kReducePrecision};
  return std::find(std::begin(kOps), std::end(kOps), id) != std::end(kOps);
}

absl::Status checkUniformQuantizedTypes(Interpreter& interp, const Operation& op, const std::vector<RtValue>& operands) {
  std::vector<Type> types;
  for (const RtValue& v : operands) {
    if (!v.isTensor()) return interp.opError(op, "operands must be tensors");
    types.push_back(v.tensor.type());
  }
  for (const auto& r : op.results) types.push_back(r->type);
  const QuantizedType* first = nullptr;
  for (size_t i = 0; i < types.size(); ++i) {
    const Type& t = types[i];
    const std::string what = i < operands.size() ? strCat("operand ", i) : strCat("result ", i - operands.size());
    if (!t.isTensor() || !t.isQuantized()) {
      return interp.opError(op, strCat(what, " has type ", t.toString(),
                                       ": with quantized types, every operand and result must be a per-tensor quantized tensor "
                                       "of one baseline element type"));
    }
    const QuantizedType& q = t.quantizedType();
    if (q.quantized_dimension) return interp.opError(op, strCat(what, " has type ", t.toString(), ": it must be per-tensor quantized"));
    if (!first) {
      first = &q;
    } else if (q.storage_type != first->storage_type || q.storage_min != first->storage_min || q.storage_max != first->storage_max ||
               q.expressed_type != first->expressed_type) {
      return interp.opError(op, strCat(what, " has type ", t.toString(), ", whose baseline element type differs from ",
                                       types[0].toString(), "'s (storage type, storage range and expressed type must match)"));
    }
  }
  return absl::OkStatus();
}

// Elements of float result `v` (with an accumulation error bound) whose quantization into `type` depends
// on the summation order: some value within the bound quantizes to another integer than another one does.
// Quantize is monotonic, so the two ends of [v - bound, v + bound] decide.
std::vector<uint8_t> orderDependentQuantization(const RtValue& v, const Type& type) {
  std::vector<uint8_t> marks;
  if (v.error_bound.size() != static_cast<size_t>(v.tensor.numElements()) || !isFloat(v.tensor.elementType())) return marks;
  const QuantizedType& q = type.quantizedType();
  const QuantParams params(q, type.shape());
  const ElementType e = q.expressed_type;
  MpFloat x(kExactPrecision), end(kExactPrecision);
  for (int64_t i = 0; i < v.tensor.numElements(); ++i) {
    const double b = v.error_bound[i];
    if (!(b > 0) || !std::isfinite(b)) continue;
    decodeFloat(e, v.tensor.bits(i), x);
    if (!mpfr_number_p(x)) continue;
    uint64_t q_end[2];
    for (int k = 0; k < 2; ++k) {
      mpfr_set_d(end, b, MPFR_RNDU);
      if (k == 0) mpfr_sub(end, x, end, MPFR_RNDD); else mpfr_add(end, x, end, MPFR_RNDU);
      bool ignored = false;
      q_end[k] = quantizeElement(e, encodeFloat(e, end), params.scale(i), params.zeroPoint(i), q, ignored);
    }
    if (q_end[0] != q_end[1]) {
      if (marks.empty()) marks.assign(v.tensor.numElements(), 0);
      marks[i] = 1;
    }
  }
  return marks;
}

}  // namespace

Results dequantizeOpQuantize(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands) {
  Kernel kernel = lookupKernel(op.id);
  if (!kernel) return interp.unsupported(op);
  if (needsUniformQuantizedTypes(op.id)) RETURN_IF_ERROR(checkUniformQuantizedTypes(interp, op, operands));
  // The same op on the expressed types: a shadow operation with the quantized types replaced.
  Operation shadow(op.name);
  shadow.properties = op.properties;
  shadow.attributes = op.attributes;
  shadow.source_offset = op.source_offset;
  std::vector<std::unique_ptr<Value>> shadow_operands;
  for (const Value* v : op.operands) {
    shadow_operands.push_back(std::make_unique<Value>(Value{expressedTypeOf(v->type)}));
    shadow.operands.push_back(shadow_operands.back().get());
  }
  for (const auto& r : op.results) shadow.addResult(expressedTypeOf(r->type));
  if (!op.regions.empty()) return interp.unsupported(op, "quantized operands of an op with regions");
  std::vector<RtValue> float_operands = operands;
  for (RtValue& v : float_operands) RETURN_IF_ERROR(dequantizeValue(interp, op, v));
  ASSIGN_OR_RETURN(std::vector<RtValue> results, kernel(interp, shadow, float_operands));
  if (results.size() != op.results.size()) return interp.opError(op, "result count differs from the declared results");
  for (size_t i = 0; i < results.size(); ++i) {
    if (!op.results[i]->type.isTensor() || !op.results[i]->type.isQuantized()) continue;
    RtValue& r = results[i];
    // A float result that another conforming summation order may change (dot_general, convolution,
    // batch_norm_*, ...: its error_bound) is marked where that change can move the quantized integer.
    std::vector<uint8_t> order_marks;
    if (r.isTensor() && r.tensor.type().shape() == op.results[i]->type.shape()) order_marks = orderDependentQuantization(r, op.results[i]->type);
    RETURN_IF_ERROR(quantizeValue(interp, op, op.results[i]->type, r));
    if (!order_marks.empty()) {
      if (r.impl_defined.empty()) r.impl_defined.assign(r.tensor.numElements(), 0);
      for (size_t k = 0; k < order_marks.size(); ++k) r.impl_defined[k] = r.impl_defined[k] || order_marks[k];
    }
  }
  return results;
}

bool usesDequantizeOpQuantize(OpId id) {
  // Elementwise ops, and the ops the spec defines on quantized types by dequantize_op_quantize or
  // dequantize_batch_norm_grad_or_training_quantize as a whole (each result quantized into its own type):
  // the schema's trait.
  return schemaOf(id).has(traits::kDequantizeOpQuantize);
}

std::span<const KernelDef> quantizationKernels() { return kKernels; }

}  // namespace hloconf::ref
