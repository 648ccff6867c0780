// The kernel table: one evaluation function per op, grouped by op family in kernels_*.cc.
#ifndef HLOCONF_REFERENCE_KERNELS_H_
#define HLOCONF_REFERENCE_KERNELS_H_

#include <functional>
#include <span>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "ir/operation.h"
#include "reference/interpreter.h"
#include "reference/value.h"

namespace hloconf::ref {

using Kernel = absl::StatusOr<std::vector<RtValue>> (*)(Interpreter& interp, const Operation& op,
                                                       std::vector<RtValue>& operands);
struct KernelDef {
  std::string_view op;
  Kernel kernel;
};

// The kernel of an op, or nullptr.
Kernel lookupKernel(std::string_view op_name);
// Every op that has a kernel (for `hloconf ops` and coverage counts).
std::vector<std::string_view> kernelOps();

// Families (each defined in its kernels_<family>.cc).
std::span<const KernelDef> controlKernels();      // constant, iota, tuple, after_all, map, ...
std::span<const KernelDef> checkKernels();        // check.* ops and custom_call
std::span<const KernelDef> elementwiseKernels();  // float/complex math, arithmetic
std::span<const KernelDef> bitwiseKernels();      // integer and boolean bit ops, shifts, counts
std::span<const KernelDef> conversionKernels();   // convert, bitcast_convert, reduce_precision, real/imag/complex
std::span<const KernelDef> movementKernels();     // broadcast_in_dim, reshape, slice, pad, gather, scatter, sort, ...
std::span<const KernelDef> reductionKernels();    // reduce, reduce_window, select_and_scatter
std::span<const KernelDef> dotKernels();          // dot_general
std::span<const KernelDef> convolutionKernels();  // convolution, batch_norm_inference/training/grad
std::span<const KernelDef> linalgKernels();       // fft, cholesky, triangular_solve
std::span<const KernelDef> rngKernels();          // rng_bit_generator, rng
std::span<const KernelDef> quantizationKernels(); // uniform_quantize, uniform_dequantize
std::span<const KernelDef> dynamicKernels();      // dynamic_broadcast_in_dim, dynamic_reshape, dynamic_iota, ...
std::span<const KernelDef> collectiveKernels();   // all_reduce, all_gather, ..., replica_id, partition_id

// --- Helpers shared by kernels ----------------------------------------------------------------------------

// The attribute `name` of `op` (properties, then attributes), or nullptr.
inline const Attribute* attrOf(const Operation& op, std::string_view name) {
  const Attr* a = op.attr(name);
  return a ? a->get() : nullptr;
}

// The tensor of operand `i`, or an error naming the op when it is not a tensor.
absl::StatusOr<const Tensor*> tensorOperand(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands, size_t i);
// Row-major strides of a shape (the last dimension has stride 1).
std::vector<int64_t> rowMajorStrides(const std::vector<int64_t>& shape);
// The declared element type of operand i (i1 when absent: the kernel's operand-count check reports it).
ElementType operandType(const Operation& op, size_t i = 0);
// "<op>: does not take <type> operands (the spec allows <allowed>)", about operand 0's element type.
absl::Status typeError(Interpreter& interp, const Operation& op, std::string_view allowed);
// Refuses results larger than the evaluator's 1 GiB bound (a hostile shape costs one case, not the run).
absl::Status checkResultSize(Interpreter& interp, const Operation& op, const Type& type);
// The static tensor type of result `i`, with `shape` replacing dynamic dimensions.
absl::StatusOr<Type> resultTensorType(Interpreter& interp, const Operation& op, size_t i, const std::vector<int64_t>& shape);

}  // namespace hloconf::ref

#endif  // HLOCONF_REFERENCE_KERNELS_H_
