// The element types only the elementwise family runs so far: the small floats (f8*, f6*, f4), the 2- and
// 4-bit integers, and complex<f32>/complex<f64>; and the shared loops of the family's kernels.
#ifndef HLOCONF_EXECUTORS_CPU_ELEMENTWISE_TYPES_H_
#define HLOCONF_EXECUTORS_CPU_ELEMENTWISE_TYPES_H_

#include <cmath>
#include <complex>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "executors/cpu/kernels.h"
#include "executors/cpu/narrow_float.h"

namespace hloconf::cpu {

// A float format of 8 bits or fewer, one byte per element: widened exactly through a table to f32, the
// op computed in f32, and the result rounded once to the format (XLA:CPU's upcast).
// f8E8M0FNU (powers of two from 2^-127 to 2^127) computes in f64 instead: its products and quotients
// leave f32's range.
template <const SmallFormat& F>
struct SmallFloat {
  using Storage = uint8_t;
  using Compute = std::conditional_t<F.nan == SmallNan::kE8M0, double, float>;
  static constexpr Class kClass = Class::kFloat;
  static constexpr int kBits = F.total_bits;
  static constexpr const SmallFormat& kFormat = F;
  static Compute load(uint8_t s) { return smallFloatTable<F>()[s & ((1u << F.total_bits) - 1)]; }
  static uint8_t store(Compute c) { return roundToSmallFloat<F>(c); }
  static uint8_t fromDouble(double v) { return roundToSmallFloat<F>(v); }
};

// si2, si4, ui2, ui4: one byte per element, the value's bits in the low kBits bits and the rest zero
// (docs/element-types.md, "Storage layout"). Computed in int8/uint8 and masked back to kBits on store,
// which is arithmetic modulo 2^kBits (two's complement wrap-around).
template <int B, bool kSignedType>
struct NarrowInt {
  using Storage = uint8_t;
  using Compute = std::conditional_t<kSignedType, int8_t, uint8_t>;
  static constexpr Class kClass = kSignedType ? Class::kSigned : Class::kUnsigned;
  static constexpr int kBits = B;
  static constexpr uint8_t kMask = static_cast<uint8_t>((1u << B) - 1);
  static Compute load(uint8_t s) {
    if constexpr (kSignedType) {
      return static_cast<int8_t>(static_cast<int8_t>(static_cast<uint8_t>(s << (8 - B))) >> (8 - B));
    } else {
      return static_cast<uint8_t>(s & kMask);
    }
  }
  static uint8_t store(Compute c) { return static_cast<uint8_t>(static_cast<uint8_t>(c) & kMask); }
};

// complex<f32>, complex<f64>: the real part, then the imaginary part (std::complex's layout).
template <class T>
struct Complex {
  using Part = T;
  using Storage = std::complex<T>;
  using Compute = std::complex<T>;
  static constexpr Class kClass = Class::kComplex;
  static constexpr int kBits = static_cast<int>(16 * sizeof(T));
  static Compute load(Storage s) { return s; }
  static Storage store(Compute c) { return c; }
};

// visitElement, with the types above too.
template <class R, class F>
R visitAnyElement(ElementType t, F&& f, R otherwise = R{}) {
  switch (t) {
    case ElementType::kF4E2M1FN: return f(SmallFloat<kF4E2M1FN>{});
    case ElementType::kF6E2M3FN: return f(SmallFloat<kF6E2M3FN>{});
    case ElementType::kF6E3M2FN: return f(SmallFloat<kF6E3M2FN>{});
    case ElementType::kF8E3M4: return f(SmallFloat<kF8E3M4>{});
    case ElementType::kF8E4M3: return f(SmallFloat<kF8E4M3>{});
    case ElementType::kF8E4M3FN: return f(SmallFloat<kF8E4M3FN>{});
    case ElementType::kF8E4M3FNUZ: return f(SmallFloat<kF8E4M3FNUZ>{});
    case ElementType::kF8E4M3B11FNUZ: return f(SmallFloat<kF8E4M3B11FNUZ>{});
    case ElementType::kF8E5M2: return f(SmallFloat<kF8E5M2>{});
    case ElementType::kF8E5M2FNUZ: return f(SmallFloat<kF8E5M2FNUZ>{});
    case ElementType::kF8E8M0FNU: return f(SmallFloat<kF8E8M0FNU>{});
    case ElementType::kSI2: return f(NarrowInt<2, true>{});
    case ElementType::kSI4: return f(NarrowInt<4, true>{});
    case ElementType::kUI2: return f(NarrowInt<2, false>{});
    case ElementType::kUI4: return f(NarrowInt<4, false>{});
    case ElementType::kC64: return f(Complex<float>{});
    case ElementType::kC128: return f(Complex<double>{});
    default: return visitElement<R>(t, std::forward<F>(f), otherwise);
  }
}

template <class E>
inline constexpr bool kIsComplex = E::kClass == Class::kComplex;
template <class E>
inline constexpr bool kIsFloat = E::kClass == Class::kFloat;
template <class E>
inline constexpr bool kIsInteger = E::kClass == Class::kSigned || E::kClass == Class::kUnsigned;

// The range of an integer element type, as values of its compute type's width.
template <class E>
constexpr int64_t intMin() {
  if (E::kClass != Class::kSigned) return 0;
  return E::kBits >= 64 ? std::numeric_limits<int64_t>::min() : -(int64_t{1} << (E::kBits - 1));
}
template <class E>
constexpr uint64_t intMax() {
  if (E::kClass == Class::kSigned) return (uint64_t{1} << (E::kBits - 1)) - 1;
  return E::kBits >= 64 ? ~uint64_t{0} : (uint64_t{1} << E::kBits) - 1;
}

// --- The shared loops: element i of the result from element i of each operand ------------------------------

// `Fn::apply<E>(x...)` on the compute type, one loop per (op, element type).
template <class E, class Fn>
absl::Status unaryLoop(const KernelArgs& args) {
  using S = typename E::Storage;
  const S* x = reinterpret_cast<const S*>(args.operands[0]);
  S* out = reinterpret_cast<S*>(args.result());
  for (int64_t i = 0; i < args.num_elements; ++i) out[i] = E::store(Fn::template apply<E>(E::load(x[i])));
  return absl::OkStatus();
}

template <class E, class Fn>
absl::Status binaryLoop(const KernelArgs& args) {
  using S = typename E::Storage;
  const S* x = reinterpret_cast<const S*>(args.operands[0]);
  const S* y = reinterpret_cast<const S*>(args.operands[1]);
  S* out = reinterpret_cast<S*>(args.result());
  for (int64_t i = 0; i < args.num_elements; ++i)
    out[i] = E::store(Fn::template apply<E>(E::load(x[i]), E::load(y[i])));
  return absl::OkStatus();
}

// The kernel of a unary/binary Fn for element type `t`, or nullptr where `Fn::supports<E>()` is false.
template <class Fn>
Kernel unaryFor(ElementType t) {
  return visitAnyElement<Kernel>(t, [](auto e) -> Kernel {
    using E = decltype(e);
    if constexpr (Fn::template supports<E>()) return &unaryLoop<E, Fn>;
    else return nullptr;
  });
}
template <class Fn>
Kernel binaryFor(ElementType t) {
  return visitAnyElement<Kernel>(t, [](auto e) -> Kernel {
    using E = decltype(e);
    if constexpr (Fn::template supports<E>()) return &binaryLoop<E, Fn>;
    else return nullptr;
  });
}

// The element type of the step's first operand (of its result for an op without operands).
inline ElementType firstType(const plan::Step& step, const plan::Plan& plan) {
  return plan.slot_types[step.operands.empty() ? step.results[0] : step.operands[0]].elementType();
}

// A chooser for an elementwise op whose kernel `choose` finds from the first operand's element type.
template <Kernel (*choose)(ElementType)>
absl::StatusOr<KernelChoice> elementwise(const plan::Step& step, const plan::Plan& plan) {
  Kernel kernel = choose(firstType(step, plan));
  if (!kernel) return noKernelFor(step, plan);
  return KernelChoice{kernel, /*may_run_in_place=*/true, /*runs_regions=*/true, /*tileable=*/true};
}

// The family's kernel tables, one per file.
std::span<const KernelFamilyEntry> elementwiseArithmeticKernels();  // kernels_elementwise.cc
std::span<const KernelFamilyEntry> elementwiseMathKernels();        // elementwise_math.cc
std::span<const KernelFamilyEntry> elementwiseBitKernels();         // elementwise_bits.cc
std::span<const KernelFamilyEntry> elementwiseSpecialKernels();     // elementwise_special.cc
// power's kernel for f32 and f64 (SLEEF, elementwise_math.cc); nullptr for every other type.
Kernel sleefPowerKernel(ElementType t);

// maximum and minimum, shared by the elementwise ops and the reductions' recognised bodies (combine.h).
// Complex numbers order lexicographically on (real, imaginary) for maximum, minimum and clamp, as the
// reference does; a NaN part makes the operand win (the first one when both have one).
template <class C>
inline int complexOrder(C a, C b) {
  if (a.real() != b.real()) return a.real() < b.real() ? -1 : 1;
  if (a.imag() != b.imag()) return a.imag() < b.imag() ? -1 : 1;
  return 0;
}
template <class C>
inline bool complexNaN(C a) {
  return std::isnan(a.real()) || std::isnan(a.imag());
}
// IEEE 754 maximum/minimum: a NaN operand gives NaN (the first NaN, as the reference), +0 > -0.
struct MaximumFn {
  template <class E>
  static constexpr bool supports() { return true; }
  template <class E, class C>
  static C apply(C a, C b) {
    if constexpr (kIsComplex<E>) {
      if (complexNaN(a)) return a;
      if (complexNaN(b)) return b;
      return complexOrder(a, b) >= 0 ? a : b;
    } else {
      if constexpr (kIsFloat<E>) {
        if (std::isnan(a)) return a;
        if (std::isnan(b)) return b;
        if (a == b) return std::signbit(a) ? b : a;
      }
      return a >= b ? a : b;
    }
  }
};
struct MinimumFn {
  template <class E>
  static constexpr bool supports() { return true; }
  template <class E, class C>
  static C apply(C a, C b) {
    if constexpr (kIsComplex<E>) {
      if (complexNaN(a)) return a;
      if (complexNaN(b)) return b;
      return complexOrder(a, b) < 0 ? a : b;
    } else {
      if constexpr (kIsFloat<E>) {
        if (std::isnan(a)) return a;
        if (std::isnan(b)) return b;
        if (a == b) return std::signbit(a) ? a : b;
      }
      return a <= b ? a : b;
    }
  }
};

}  // namespace hloconf::cpu

#endif  // HLOCONF_EXECUTORS_CPU_ELEMENTWISE_TYPES_H_
