// The kernel table: one evaluation function per op, grouped by op family in kernels_*.cc.
#ifndef HLOCONF_REFERENCE_KERNELS_H_
#define HLOCONF_REFERENCE_KERNELS_H_

#include <atomic>
#include <functional>
#include <initializer_list>
#include <span>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "ir/index_space.h"
#include "ir/operation.h"
#include "reference/interpreter.h"
#include "reference/value.h"

namespace hloconf::ref {

using Kernel = absl::StatusOr<std::vector<RtValue>> (*)(Interpreter& interp, const Operation& op,
                                                       std::vector<RtValue>& operands);
struct KernelDef {
  OpId op;
  Kernel kernel;
};

// The kernel of an op, or nullptr.
Kernel lookupKernel(OpId op);
// Every family's table (below), in lookup order: an op registered twice keeps its first kernel.
std::vector<std::span<const KernelDef>> kernelFamilies();

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
// fft evaluates in double or double-double first and in MPFR only where those do not decide the rounding;
// false: MPFR everywhere (same bits, slower). For tests and benchmarks that compare the two.
void setFftFastPath(bool enabled);
std::span<const KernelDef> rngKernels();          // rng_bit_generator, rng
std::span<const KernelDef> quantizationKernels(); // uniform_quantize, uniform_dequantize
std::span<const KernelDef> dynamicKernels();      // dynamic_broadcast_in_dim, dynamic_reshape, dynamic_iota, ...
std::span<const KernelDef> collectiveKernels();   // all_reduce, all_gather, ..., replica_id, partition_id
std::span<const KernelDef> chloKernels();         // chlo ops other than MPFR/MPC functions (docs/design/chlo.md)

// --- Helpers shared by kernels ----------------------------------------------------------------------------

// The tensor of operand `i`, or an error naming the op when it is not a tensor.
absl::StatusOr<const Tensor*> tensorOperand(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands, size_t i);
// The declared element type of operand i (i1 when absent: the kernel's operand-count check reports it).
ElementType operandType(const Operation& op, size_t i = 0);
// "<op>: does not take <type> operands (the spec allows <allowed>)", about operand 0's element type.
absl::Status typeError(Interpreter& interp, const Operation& op, std::string_view allowed);
// Refuses a result that does not fit the memory limit (ir/resource_limits.h: a hostile shape costs one
// case, not the run), with the op's location.
absl::Status checkResultSize(Interpreter& interp, const Operation& op, const Type& type);
// The same for a kernel's scratch of `count` items of `item_bytes` each (a ResourceExhausted error).
absl::Status checkScratch(Interpreter& interp, const Operation& op, std::string_view what, uint64_t count, uint64_t item_bytes);
// A DeadlineExceeded error once EvalOptions::deadline has passed: for kernels that run long inside one op
// without running a region (between blocks of result elements: runRegion checks before each op).
absl::Status checkDeadline(Interpreter& interp, const Operation& op);
// The deadline for a parallelFor over result elements that each take long (a contraction): every element
// asks reached() first, so the loop winds down within one element's time of the deadline.
class ElementDeadline {
 public:
  explicit ElementDeadline(const Interpreter& interp) : interp_(interp) {}
  bool reached() {
    if (reached_.load(std::memory_order_relaxed)) return true;
    if (!interp_.pastDeadline()) return false;
    reached_.store(true, std::memory_order_relaxed);
    return true;
  }
  // DeadlineExceeded at `op` if the loop stopped early.
  absl::Status status(const Operation& op) const { return reached_.load() ? interp_.deadlineError(op) : absl::OkStatus(); }

 private:
  const Interpreter& interp_;
  std::atomic<bool> reached_ = false;
};
// The static tensor type of result `i`, with `shape` replacing dynamic dimensions.
absl::StatusOr<Type> resultTensorType(Interpreter& interp, const Operation& op, size_t i, const std::vector<int64_t>& shape);

// --- Ops with a reduction body (defined in kernels_reduction.cc; docs/accumulation.md) ---------------------

// The spec's to_destination_type of tensor `x` into element type `to` (promotable from x's; quantized
// types valid): `convert` (an integer that does not fit wraps and is marked), or quantize(dequantize(x))
// between quantized types. Marks are kept; error bounds are dropped.
RtValue toDestinationType(const RtValue& x, const Type& to);
// Whether folding with `body` (two arguments, each of type `scalar`, tensor<E>) gives one result in every
// order and tree: the body is exactly one op on its two arguments, returned directly: maximum or minimum;
// or add, multiply, and, or, xor on integers or i1. For a quantized `scalar` only maximum and minimum, and
// only when every element of `values` (tensors of that type) satisfies quantize(dequantize(x)) = x.
bool orderIndependentBody(const Region& body, const Type& scalar, std::initializer_list<const Tensor*> values);
// The op of a body that is exactly `%r = OP(%arg0, %arg1)` (either argument order) and
// `stablehlo.return %r`, with every type `scalar`; OpId::kUnknown otherwise.
OpId singleOpBody(const Region& region, const Type& scalar);
// OK for a tensor type that is not quantized or is a valid per-tensor quantized type; else an error
// about `what`.
absl::Status checkPerTensorQuantized(Interpreter& interp, const Operation& op, const Type& type, std::string_view what);

}  // namespace hloconf::ref

#endif  // HLOCONF_REFERENCE_KERNELS_H_
