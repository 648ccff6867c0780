// What the CPU kernels share: the element types (how an element is stored and the type it is computed in),
// and the per-family tables that bind a step to its kernel (kernels_elementwise.cc, ...).
#ifndef HLOCONF_EXECUTORS_CPU_KERNELS_H_
#define HLOCONF_EXECUTORS_CPU_KERNELS_H_

#include <cstdint>
#include <span>
#include <type_traits>

#include "absl/status/statusor.h"
#include "executors/cpu/executor.h"
#include "executors/cpu/narrow_float.h"
#include "executors/plan/plan.h"
#include "ir/element_type.h"
#include "ir/status_macros.h"

namespace hloconf::cpu {

// A step's kernel; whether it may write its result over an operand that dies there (elementwise kernels:
// they read element i of every operand before they write element i of the result).
struct KernelChoice {
  Kernel kernel = nullptr;
  bool may_run_in_place = false;
  // Whether the kernel runs the step's regions. One that applies a recognised body natively does not, and
  // then the regions are not lowered (an op in them without a kernel of its own does not matter).
  bool runs_regions = true;
  // Whether the kernel computes element i of its one result from element i of each operand of the
  // result's size (rank-0 operands at element 0), for i < args.num_elements and nothing else: then it can
  // run on any range of elements, so the executor runs chains of such steps tile by tile (fused) and
  // spreads the tiles over the cores.
  bool tileable = false;
};
// Chooses the kernel of `step` for its slot types, or an Unimplemented status naming what has none.
using ChooseFn = absl::StatusOr<KernelChoice> (*)(const plan::Step& step, const plan::Plan& plan);

struct KernelFamilyEntry {
  OpId op;
  ChooseFn choose;
};

// A chooser for an op whose kernel does not depend on its types.
template <Kernel kernel>
absl::StatusOr<KernelChoice> alwaysKernel(const plan::Step&, const plan::Plan&) {
  return KernelChoice{kernel, false};
}

// The families. A new family adds its function here and to the list in executor.cc.
std::span<const KernelFamilyEntry> elementwiseKernels();  // kernels_elementwise.cc
std::span<const KernelFamilyEntry> controlKernels();      // kernels_control.cc
std::span<const KernelFamilyEntry> reductionKernels();    // kernels_reduction.cc
std::span<const KernelFamilyEntry> collectiveKernels();   // kernels_collective.cc
std::span<const KernelFamilyEntry> movementKernels();     // kernels_movement.cc
std::span<const KernelFamilyEntry> productsKernels();     // kernels_products.cc
std::span<const KernelFamilyEntry> quantizationKernels(); // kernels_quantization.cc

// --- Element types --------------------------------------------------------------------------------------

enum class Class { kFloat, kSigned, kUnsigned, kBool, kComplex };

template <class S, class C, Class K>
struct Native {
  using Storage = S;
  using Compute = C;
  static constexpr Class kClass = K;
  static constexpr int kBits = K == Class::kBool ? 1 : static_cast<int>(8 * sizeof(S));  // the element's bit width
  static C load(S s) { return s; }
  static S store(C c) { return c; }
};
struct F32 : Native<float, float, Class::kFloat> {
  static float fromDouble(double v) { return static_cast<float>(v); }
};
struct F64 : Native<double, double, Class::kFloat> {
  static double fromDouble(double v) { return v; }
};
// f16 and bf16 compute in f32 and round once per op (XLA:CPU's upcast).
struct F16 {
  using Storage = uint16_t;
  using Compute = float;
  static constexpr Class kClass = Class::kFloat;
  static constexpr int kBits = 16;
  static float load(uint16_t s) { return f16ToFloat(s); }
  static uint16_t store(float c) { return roundToF16(c); }
  static uint16_t fromDouble(double v) { return roundToF16(v); }
};
struct BF16 {
  using Storage = uint16_t;
  using Compute = float;
  static constexpr Class kClass = Class::kFloat;
  static constexpr int kBits = 16;
  static float load(uint16_t s) { return bf16ToFloat(s); }
  static uint16_t store(float c) { return roundToBF16(c); }
  static uint16_t fromDouble(double v) { return roundToBF16(v); }
};
template <class T>
using Int = Native<T, T, std::is_signed_v<T> ? Class::kSigned : Class::kUnsigned>;
using Bool = Native<uint8_t, uint8_t, Class::kBool>;  // one byte, 0 or 1

// Calls `f` with a value of the element struct of `t` and returns what it returns; `otherwise` for
// types without one. These are the types every family handles; the elementwise family also runs the
// small floats, 2- and 4-bit integers and complex types (executors/cpu/elementwise_types.h,
// visitAnyElement).
template <class R, class F>
R visitElement(ElementType t, F&& f, R otherwise = R{}) {
  switch (t) {
    case ElementType::kF32: return f(F32{});
    case ElementType::kF64: return f(F64{});
    case ElementType::kF16: return f(F16{});
    case ElementType::kBF16: return f(BF16{});
    case ElementType::kSI8: return f(Int<int8_t>{});
    case ElementType::kSI16: return f(Int<int16_t>{});
    case ElementType::kSI32: return f(Int<int32_t>{});
    case ElementType::kSI64: return f(Int<int64_t>{});
    case ElementType::kUI8: return f(Int<uint8_t>{});
    case ElementType::kUI16: return f(Int<uint16_t>{});
    case ElementType::kUI32: return f(Int<uint32_t>{});
    case ElementType::kUI64: return f(Int<uint64_t>{});
    case ElementType::kI1: return f(Bool{});
    default: return otherwise;
  }
}

// An Unimplemented status naming the step's op and operand types (and result type for conversions),
// for a step whose types have no kernel.
absl::Status noKernelFor(const plan::Step& step, const plan::Plan& plan);

}  // namespace hloconf::cpu

#endif  // HLOCONF_EXECUTORS_CPU_KERNELS_H_
