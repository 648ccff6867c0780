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

// A step's kernel, and whether it may write its result over an operand that dies there (elementwise
// kernels: they read element i of every operand before they write element i of the result).
struct KernelChoice {
  Kernel kernel = nullptr;
  bool may_run_in_place = false;
};
// Chooses the kernel of `step` for its slot types, or an Unimplemented status naming what has none.
using ChooseFn = absl::StatusOr<KernelChoice> (*)(const plan::Step& step, const plan::Plan& plan);

struct KernelFamilyEntry {
  OpId op;
  ChooseFn choose;
};

// The families. A new family adds its function here and to the list in executor.cc.
std::span<const KernelFamilyEntry> elementwiseKernels();  // kernels_elementwise.cc
std::span<const KernelFamilyEntry> controlKernels();      // kernels_control.cc
std::span<const KernelFamilyEntry> productsKernels();     // kernels_products.cc

// --- Element types --------------------------------------------------------------------------------------

enum class Class { kFloat, kSigned, kUnsigned, kBool };

template <class S, class C, Class K>
struct Native {
  using Storage = S;
  using Compute = C;
  static constexpr Class kClass = K;
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
  static float load(uint16_t s) { return f16ToFloat(s); }
  static uint16_t store(float c) { return roundToF16(c); }
  static uint16_t fromDouble(double v) { return roundToF16(v); }
};
struct BF16 {
  using Storage = uint16_t;
  using Compute = float;
  static constexpr Class kClass = Class::kFloat;
  static float load(uint16_t s) { return bf16ToFloat(s); }
  static uint16_t store(float c) { return roundToBF16(c); }
  static uint16_t fromDouble(double v) { return roundToBF16(v); }
};
template <class T>
using Int = Native<T, T, std::is_signed_v<T> ? Class::kSigned : Class::kUnsigned>;
using Bool = Native<uint8_t, uint8_t, Class::kBool>;  // one byte, 0 or 1

// Calls `f` with a value of the element struct of `t` and returns what it returns; `otherwise` for
// types without one.
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

// The bytes of a value of `type` (static shape).
inline int64_t byteSize(const Type& type) { return type.numElements() * storageBytes(type.elementType()); }

// An Unimplemented status naming the step's op and operand types (and result type for conversions),
// for a step whose types have no kernel.
absl::Status noKernelFor(const plan::Step& step, const plan::Plan& plan);

}  // namespace hloconf::cpu

#endif  // HLOCONF_EXECUTORS_CPU_KERNELS_H_
