// The driver shared by elementwise kernels: operands of one shape (rank-0 operands broadcast, as
// select's predicate and clamp's bounds may), one result, one function per element.
#ifndef HLOCONF_REFERENCE_ELEMENTWISE_H_
#define HLOCONF_REFERENCE_ELEMENTWISE_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "ir/status_macros.h"
#include "ir/strings.h"
#include "reference/kernels.h"
#include "reference/parallel.h"

namespace hloconf::ref {

// One element: its bits (both parts for complex; `im` is 0 otherwise).
struct Elem {
  uint64_t re = 0;
  uint64_t im = 0;
};

// --- Quantized types (reference/kernels_quantization.cc, docs/quantization.md) -------------------------------

// "" when `type` is a valid quantized tensor type (spec constraints C1-C13 on its static shape), else the
// reason.
std::string quantizedTypeProblem(const Type& type);
// The spec's dequantize: a tensor of the expressed type (the type must be valid).
Tensor dequantizeTensor(const Tensor& t);
// The spec's quantize of float tensor `x` (of the expressed type) into the valid quantized tensor type
// `type` (x's shape); ORs implementation-defined marks into `impl` (resized to the element count).
Tensor quantizeTensor(const Tensor& x, const Type& type, std::vector<uint8_t>& impl);
// Whether an operand or a declared result of `op` is a quantized tensor.
bool hasQuantizedTypes(const Operation& op, const std::vector<RtValue>& operands);
// The spec's dequantize_op_quantize: dequantizes the quantized operands, runs op's kernel on an operation
// whose quantized types are replaced by their expressed types, and quantizes each result declared
// quantized. Per-axis types are handled too (each element uses its slice's parameters).
absl::StatusOr<std::vector<RtValue>> dequantizeOpQuantize(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands);
// Whether the spec defines op `id` on quantized types by dequantize_op_quantize (or
// dequantize_compare / dequantize_select_quantize, or dequantize_batch_norm_grad_or_training_quantize):
// the elementwise ops, batch_norm_*, cholesky, triangular_solve and reduce_precision. The interpreter
// calls dequantizeOpQuantize for these ops itself, before the kernel, when hasQuantizedTypes.
bool usesDequantizeOpQuantize(OpId id);

// IEEE 754-2019 maximum/minimum of float bits: NaN propagates (the first NaN operand is returned), -0 < +0.
uint64_t floatMinMax(ElementType t, uint64_t x, uint64_t y, bool max);
// Lexicographic (real, imaginary) maximum/minimum of complex elements (parts of type `part`), NaN propagating.
Elem complexMinMax(ElementType part, Elem x, Elem y, bool max);

// The fewest result elements mapElements hands to one thread: a tensor of at most this many elements is
// computed on the calling thread. The cheapest elements (an integer add, an f32 exponential on its fast
// path) take about 30 to 60 ns each with the driver's own work, so a range of 1,024 is tens of
// microseconds, well above what handing it to a worker costs; MPFR and MPC elements (0.2 to tens of
// microseconds) would split profitably at fewer, but tensors that small take little time anyway
// (bench/parallel_bench.cc, BM_ElementwiseThreads).
constexpr int64_t kElementwiseGrain = 1024;

// fn(const std::vector<Elem>& args, Elem& out) -> bool: true when the result element is
// implementation-defined. Input elements that are marked implementation-defined taint the result.
// With `same_types`, every operand and the result must have one element type (arithmetic ops); the
// evaluator does not rely on a verifier having run. Quantized operands or results go through
// dequantizeOpQuantize: the op is evaluated on the expressed types, and `fn` (made for the storage type) is
// not used.
// Result elements are computed on the thread pool (reference/parallel.h), several at once: `fn` is called
// concurrently through a const reference, so it must change no captured state, keep per-element state in
// its own locals (MPFR scratch values are per thread), and not call into the interpreter.
template <typename Fn>
  requires std::is_invocable_r_v<bool, const Fn&, const std::vector<Elem>&, Elem&>  // const: called concurrently
absl::StatusOr<std::vector<RtValue>> mapElements(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands,
                                                 size_t expected_operands, Fn fn, bool same_types = false) {
  if (operands.size() != expected_operands) {
    return interp.opError(op, strCat("takes ", expected_operands, " operand(s), got ", operands.size()));
  }
  if (op.results.size() != 1) return interp.opError(op, strCat("must have one result, has ", op.results.size()));
  if (hasQuantizedTypes(op, operands)) return dequantizeOpQuantize(interp, op, operands);
  if (same_types) {
    for (size_t k = 0; k < operands.size(); ++k) {
      if (operands[k].isTensor() && operands[k].tensor.type().tensorElement() != op.results[0]->type.tensorElement()) {
        return interp.opError(op, strCat("operand ", k, " has type ", operands[k].tensor.type().toString(), ", but the result is ",
                                         op.results[0]->type.toString(), ": the element types must be equal"));
      }
    }
  }
  std::vector<const Tensor*> in;
  const std::vector<int64_t>* shape = nullptr;
  for (size_t k = 0; k < operands.size(); ++k) {
    ASSIGN_OR_RETURN(const Tensor* t, tensorOperand(interp, op, operands, k));
    in.push_back(t);
    if (!shape || (shape->empty() && !t->type().shape().empty())) shape = &t->type().shape();
  }
  for (size_t k = 0; k < in.size(); ++k) {
    if (!in[k]->type().shape().empty() && in[k]->type().shape() != *shape) {
      // Declared `?` dimensions that disagree at run time are the dynamism RFC's undefined behaviour, not a
      // malformed program (docs/dynamism.md).
      bool dynamic = false;
      for (const Value* v : op.operands) dynamic = dynamic || (v->type.isTensor() && !v->type.hasStaticShape());
      return interp.opError(op, strCat(dynamic ? "undefined behaviour: operand shapes differ at run time: " : "operand shapes differ: ",
                                       in[0]->type().toString(), " and ", in[k]->type().toString()));
    }
  }
  ASSIGN_OR_RETURN(const Type result_type, resultTensorType(interp, op, 0, *shape));
  Tensor out(result_type);
  const bool out_complex = isComplex(out.elementType());
  std::vector<uint8_t> impl(out.numElements());
  // Ranges of result elements run on the thread pool (reference/parallel.h). Element i reads only the
  // operands and writes only its own bytes of `out` (every element has whole bytes: ir/tensor.h) and
  // impl[i], and `fn` is called through a const reference with state of its own per call, so the result
  // is the same for every thread count. `fn` must not change captured state nor call into the
  // interpreter; the kernels passing it here are audited for that (docs/design/reference.md, "Threads").
  const Fn& element_fn = fn;
  parallelFor(out.numElements(), kElementwiseGrain, [&](int64_t begin, int64_t end) {
    std::vector<Elem> args(in.size());
    for (int64_t i = begin; i < end; ++i) {
      bool tainted = false;
      for (size_t k = 0; k < in.size(); ++k) {
        const int64_t j = in[k]->type().shape().empty() ? 0 : i;
        args[k].re = in[k]->bits(j, 0);
        args[k].im = isComplex(in[k]->elementType()) ? in[k]->bits(j, 1) : 0;
        tainted = tainted || operands[k].isImplDefined(j);
      }
      Elem result;
      const bool impl_defined = element_fn(args, result);
      out.setBits(i, result.re, 0);
      if (out_complex) out.setBits(i, result.im, 1);
      impl[i] = impl_defined || tainted;
    }
  });
  std::vector<RtValue> results;
  results.push_back(RtValue::ofTensor(std::move(out), std::move(impl)));
  return results;
}

}  // namespace hloconf::ref

#endif  // HLOCONF_REFERENCE_ELEMENTWISE_H_
