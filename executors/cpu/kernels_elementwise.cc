// The elementwise family's kernels: one loop per (op, element type), in the element type
// (docs/design/executors.md, "What each op computes"). This file: arithmetic, compare, select, clamp,
// convert and constant, and the family's table; elementwise_math.cc has the functions of floats and
// complex numbers, elementwise_bits.cc the bitwise ops, bit counts, shifts, bitcasts and the ops that
// take a type apart (real, imag, complex, reduce_precision, is_finite).
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <type_traits>
#include <vector>

#include "executors/cpu/elementwise_complex.h"
#include "executors/cpu/compare.h"
#include "executors/cpu/elementwise_types.h"
#include "executors/cpu/kernels.h"
#include "executors/plan/elementwise_params.h"

namespace hloconf::cpu {
namespace {

using plan::CompareDirection;
using plan::CompareKind;

// Integer arithmetic in an unsigned type at least as wide as int, so that it wraps (two's complement)
// instead of overflowing, including uint16 * uint16, which int promotion would overflow.
template <class T>
using Wrap = std::conditional_t<(sizeof(T) < sizeof(unsigned)), unsigned, std::make_unsigned_t<T>>;
template <class T>
T wrapped(Wrap<T> v) {
  return static_cast<T>(v);
}

// --- Scalar functions, one per op: `apply<E>` on E's compute type; `supports<E>` says for which types ----

struct AddFn {
  template <class E>
  static constexpr bool supports() { return true; }
  template <class E, class C>
  static C apply(C a, C b) {
    if constexpr (E::kClass == Class::kBool) return a | b;  // spec: add on i1 is logical OR
    else if constexpr (kIsFloat<E> || kIsComplex<E>) return a + b;
    else return wrapped<C>(static_cast<Wrap<C>>(a) + static_cast<Wrap<C>>(b));
  }
};
struct SubtractFn {
  template <class E>
  static constexpr bool supports() { return E::kClass != Class::kBool; }
  template <class E, class C>
  static C apply(C a, C b) {
    if constexpr (kIsFloat<E> || kIsComplex<E>) return a - b;
    else return wrapped<C>(static_cast<Wrap<C>>(a) - static_cast<Wrap<C>>(b));
  }
};
struct MultiplyFn {
  template <class E>
  static constexpr bool supports() { return true; }
  template <class E, class C>
  static C apply(C a, C b) {
    if constexpr (E::kClass == Class::kBool) return a & b;  // spec: multiply on i1 is logical AND
    else if constexpr (kIsFloat<E>) return a * b;
    else if constexpr (kIsComplex<E>) return complexMultiply(a, b);
    else return wrapped<C>(static_cast<Wrap<C>>(a) * static_cast<Wrap<C>>(b));
  }
};
struct DivideFn {
  template <class E>
  static constexpr bool supports() { return E::kClass != Class::kBool; }
  template <class E, class C>
  static C apply(C a, C b) {
    if constexpr (kIsFloat<E>) {
      return a / b;
    } else if constexpr (kIsComplex<E>) {
      return complexDivide(a, b);
    } else {
      // XLA's choices (the spec leaves them open): x / 0 is all ones (-1 signed, the maximum unsigned),
      // and INT_MIN / -1 wraps to INT_MIN. Both would trap in the hardware divide.
      if (b == 0) return static_cast<C>(~Wrap<C>{0});
      if constexpr (E::kClass == Class::kSigned)
        if (b == C(-1)) return wrapped<C>(Wrap<C>{0} - static_cast<Wrap<C>>(a));
      return static_cast<C>(a / b);
    }
  }
};
struct RemainderFn {
  // The spec leaves complex remainder TBD; the reference does not run it either.
  template <class E>
  static constexpr bool supports() { return kIsFloat<E> || kIsInteger<E>; }
  template <class E, class C>
  static C apply(C a, C b) {
    if constexpr (kIsFloat<E>) {
      return std::fmod(a, b);  // exact; the sign of the dividend, as the spec asks
    } else {
      // XLA's choices: x % 0 is x, and INT_MIN % -1 is 0 (the hardware would trap).
      if (b == 0) return a;
      if constexpr (E::kClass == Class::kSigned)
        if (b == C(-1)) return 0;
      return static_cast<C>(a % b);
    }
  }
};
// Integer powers by squaring, wrapping. A negative exponent gives 1 for base 1, +-1 for base -1 and 0
// for every other base (XLA's choice; the reference's too).
template <class C>
C integerPower(C base, C exponent) {
  if constexpr (std::is_signed_v<C>) {
    if (exponent < 0) {
      if (base == 1) return 1;
      if (base == -1) return (exponent & 1) ? C(-1) : C(1);
      return 0;
    }
  }
  using U = Wrap<C>;
  U result = 1, b = static_cast<U>(base);
  for (std::make_unsigned_t<C> e = static_cast<std::make_unsigned_t<C>>(exponent); e > 0; e >>= 1) {
    if (e & 1) result = static_cast<U>(result * b);
    b = static_cast<U>(b * b);
  }
  return wrapped<C>(result);
}
struct PowerFn {
  template <class E>
  static constexpr bool supports() { return E::kClass != Class::kBool; }
  template <class E, class C>
  static C apply(C a, C b) {
    if constexpr (kIsFloat<E>) {
      return std::pow(a, b);  // glibc powf for the narrower floats (f32, f64: SLEEF, powerKernel below)
    } else if constexpr (kIsComplex<E>) {
      // glibc cpow one precision up (cpow for complex<f32>, cpowl for complex<f64>), rounded once per part.
      return inWider(a, b, [](auto x, auto y) { return std::pow(x, y); });
    } else {
      return integerPower(a, b);
    }
  }
};
// f32 and f64 through SLEEF's pow (elementwise_math.cc), the other types through PowerFn.
Kernel powerKernel(ElementType t) {
  if (Kernel k = sleefPowerKernel(t)) return k;
  return binaryFor<PowerFn>(t);
}
// chlo.mulhi: the high N bits of the 2N-bit product of two N-bit integers, signed or unsigned as the
// type is (an arithmetic shift of the exact product).
struct MulhiFn {
  template <class E>
  static constexpr bool supports() { return kIsInteger<E>; }
  template <class E, class C>
  static C apply(C a, C b) {
    using Wide = std::conditional_t<E::kClass == Class::kSigned, __int128, unsigned __int128>;
    const Wide product = static_cast<Wide>(a) * static_cast<Wide>(b);
    return static_cast<C>(product >> E::kBits);
  }
};
// chlo.square: x * x, as multiply computes it (complex: the textbook product of z with itself).
struct SquareFn {
  template <class E>
  static constexpr bool supports() { return kIsFloat<E> || kIsComplex<E>; }
  template <class E, class C>
  static C apply(C a) { return MultiplyFn::apply<E>(a, a); }
};
struct NegateFn {
  template <class E>
  static constexpr bool supports() { return E::kClass != Class::kBool; }
  template <class E, class C>
  static C apply(C a) {
    if constexpr (kIsFloat<E> || kIsComplex<E>) return -a;
    else return wrapped<C>(Wrap<C>{0} - static_cast<Wrap<C>>(a));
  }
};
struct AbsFn {  // complex abs has a real result: its own kernel below
  template <class E>
  static constexpr bool supports() { return kIsFloat<E> || E::kClass == Class::kSigned; }
  template <class E, class C>
  static C apply(C a) {
    if constexpr (kIsFloat<E>) return std::fabs(a);
    else return a < 0 ? NegateFn::apply<E>(a) : a;  // abs(INT_MIN) wraps to INT_MIN
  }
};
struct SignFn {
  template <class E>
  static constexpr bool supports() { return E::kClass != Class::kBool; }
  template <class E, class C>
  static C apply(C a) {
    if constexpr (kIsFloat<E>) {
      if (std::isnan(a) || a == 0) return a;  // NaN stays NaN, +-0 stays +-0
      return std::copysign(C(1), a);
    } else if constexpr (kIsComplex<E>) {
      // z / |z| (hypot), 0 for 0, NaN for a NaN part, as the spec defines it.
      // In the wider type (elementwise_complex.h), where hypot cannot overflow.
      using T = typename C::value_type;
      if (complexNaN(a)) return {std::numeric_limits<T>::quiet_NaN(), std::numeric_limits<T>::quiet_NaN()};
      if (a.real() == 0 && a.imag() == 0) return {0, 0};
      return inWider(a, [](auto z) -> decltype(z) {
        const auto magnitude = std::hypot(z.real(), z.imag());
        return {z.real() / magnitude, z.imag() / magnitude};
      });
    } else if constexpr (E::kClass == Class::kSigned) {
      return static_cast<C>(a < 0 ? -1 : (a > 0 ? 1 : 0));
    } else {
      return static_cast<C>(a > 0 ? 1 : 0);
    }
  }
};

// abs of a complex number: |z| = hypot(re, im) (glibc hypotf/hypot, 1 ULP by glibc's table), in the part
// type.
template <class T>
absl::Status complexAbsKernel(const KernelArgs& args) {
  const auto* x = reinterpret_cast<const std::complex<T>*>(args.operands[0]);
  T* out = reinterpret_cast<T*>(args.result());
  for (int64_t i = 0; i < args.num_elements; ++i) {
    // An infinite part gives +inf even beside a NaN (C's hypot; glibc returns NaN for a signalling one).
    const bool infinite = std::isinf(x[i].real()) || std::isinf(x[i].imag());
    out[i] = infinite ? std::numeric_limits<T>::infinity() : std::hypot(x[i].real(), x[i].imag());
  }
  return absl::OkStatus();
}

absl::StatusOr<KernelChoice> chooseAbs(const plan::Step& step, const plan::Plan& plan) {
  const ElementType t = firstType(step, plan);
  Kernel kernel = t == ElementType::kC64    ? &complexAbsKernel<float>
                  : t == ElementType::kC128 ? &complexAbsKernel<double>
                                            : unaryFor<AbsFn>(t);
  if (!kernel) return noKernelFor(step, plan);
  return KernelChoice{kernel, /*may_run_in_place=*/!isComplex(t), true, /*tileable=*/true};
}

// --- clamp: minimum(maximum(operand, min), max), min and max rank 0 or the operand's shape -------------

template <class E>
absl::Status clampKernel(const KernelArgs& args) {
  using S = typename E::Storage;
  const auto& params = args.step.as<plan::ClampParams>();
  const S* lo = reinterpret_cast<const S*>(args.operands[0]);
  const S* x = reinterpret_cast<const S*>(args.operands[1]);
  const S* hi = reinterpret_cast<const S*>(args.operands[2]);
  S* out = reinterpret_cast<S*>(args.result());
  const int64_t lo_step = params.scalar_min ? 0 : 1, hi_step = params.scalar_max ? 0 : 1;
  for (int64_t i = 0; i < args.num_elements; ++i) {
    const auto low = MaximumFn::apply<E>(E::load(x[i]), E::load(lo[i * lo_step]));
    out[i] = E::store(MinimumFn::apply<E>(low, E::load(hi[i * hi_step])));
  }
  return absl::OkStatus();
}

absl::StatusOr<KernelChoice> chooseClamp(const plan::Step& step, const plan::Plan& plan) {
  Kernel kernel = visitAnyElement<Kernel>(plan.slot_types[step.operands[1]].elementType(),
                                          [](auto e) -> Kernel { return &clampKernel<decltype(e)>; });
  if (!kernel) return noKernelFor(step, plan);
  // In place only over the operand (min and max may be rank 0 and are read at other indices).
  return KernelChoice{kernel, false, true, /*tileable=*/true};
}

// --- compare -------------------------------------------------------------------------------------------

// Complex numbers (compare_type FLOAT): EQ/NE on both parts; the ordered directions lexicographic on
// (real, imaginary) with IEEE comparisons per part, as the reference: decided by the real parts when they
// differ, else by the imaginary parts; a NaN real part makes them false.
template <CompareDirection D, class C>
bool decideComplex(C a, C b) {
  if constexpr (D == CompareDirection::kEQ) return a.real() == b.real() && a.imag() == b.imag();
  else if constexpr (D == CompareDirection::kNE) return !(a.real() == b.real() && a.imag() == b.imag());
  else if (a.real() != b.real()) return decide<D>(a.real(), b.real());  // false when a real part is NaN
  else return decide<D>(a.imag(), b.imag());
}

template <class E, CompareKind K, CompareDirection D>
absl::Status compareKernel(const KernelArgs& args) {
  using S = typename E::Storage;
  const S* x = reinterpret_cast<const S*>(args.operands[0]);
  const S* y = reinterpret_cast<const S*>(args.operands[1]);
  uint8_t* out = args.result();
  for (int64_t i = 0; i < args.num_elements; ++i) {
    if constexpr (kIsComplex<E>) out[i] = decideComplex<D>(x[i], y[i]) ? 1 : 0;
    else out[i] = decide<D>(compareKey<E, K>(x[i]), compareKey<E, K>(y[i])) ? 1 : 0;
  }
  return absl::OkStatus();
}

template <class E, CompareKind K>
Kernel compareFor(CompareDirection d) {
  switch (d) {
    case CompareDirection::kEQ: return &compareKernel<E, K, CompareDirection::kEQ>;
    case CompareDirection::kNE: return &compareKernel<E, K, CompareDirection::kNE>;
    case CompareDirection::kGE: return &compareKernel<E, K, CompareDirection::kGE>;
    case CompareDirection::kGT: return &compareKernel<E, K, CompareDirection::kGT>;
    case CompareDirection::kLE: return &compareKernel<E, K, CompareDirection::kLE>;
    case CompareDirection::kLT: return &compareKernel<E, K, CompareDirection::kLT>;
  }
  return nullptr;
}

Kernel compareFor(ElementType t, const plan::CompareParams& params) {
  return visitAnyElement<Kernel>(t, [&](auto e) -> Kernel {
    using E = decltype(e);
    if constexpr (kIsComplex<E>) {
      if (params.kind == CompareKind::kFloat) return compareFor<E, CompareKind::kFloat>(params.direction);
    } else if constexpr (kIsFloat<E>) {
      if (params.kind == CompareKind::kFloat) return compareFor<E, CompareKind::kFloat>(params.direction);
      if (params.kind == CompareKind::kTotalOrder) return compareFor<E, CompareKind::kTotalOrder>(params.direction);
    } else {
      if (params.kind == CompareKind::kSigned) return compareFor<E, CompareKind::kSigned>(params.direction);
      if (params.kind == CompareKind::kUnsigned) return compareFor<E, CompareKind::kUnsigned>(params.direction);
    }
    return nullptr;  // the plan compiler rejects the other pairs (compare (C3))
  });
}

// --- select ---------------------------------------------------------------------------------------------

template <class E>
absl::Status selectKernel(const KernelArgs& args) {
  using S = typename E::Storage;
  const uint8_t* predicate = args.operands[0];
  const S* on_true = reinterpret_cast<const S*>(args.operands[1]);
  const S* on_false = reinterpret_cast<const S*>(args.operands[2]);
  S* out = reinterpret_cast<S*>(args.result());
  if (args.step.as<plan::SelectParams>().scalar_predicate) {
    const S* chosen = predicate[0] ? on_true : on_false;
    std::memmove(out, chosen, static_cast<size_t>(args.num_elements) * sizeof(S));
    return absl::OkStatus();
  }
  for (int64_t i = 0; i < args.num_elements; ++i) out[i] = predicate[i] ? on_true[i] : on_false[i];
  return absl::OkStatus();
}

// --- convert --------------------------------------------------------------------------------------------

template <class T>
bool isNegative(T v) {
  if constexpr (std::is_signed_v<T>) return v < 0;
  else return false;
}

// An integer (or i1) value rounded once to the float element type To.
template <class To, class V>
typename To::Storage integerToFloat(V value) {
  if constexpr (std::is_same_v<To, F32> || std::is_same_v<To, F64>) {
    return static_cast<typename To::Storage>(value);  // the hardware's integer conversion rounds to nearest even
  } else {
    // Narrower floats from an integer: to double with round-to-odd (a sticky low bit for what does not
    // fit in 53 bits), so the one rounding to the narrow format is still to nearest even.
    const bool negative = isNegative(value);
    uint64_t magnitude = negative ? uint64_t{0} - static_cast<uint64_t>(value) : static_cast<uint64_t>(value);
    int shift = 0;
    if (magnitude >> 53) {
      shift = 64 - std::countl_zero(magnitude) - 53;
      const bool sticky = (magnitude & ((uint64_t{1} << shift) - 1)) != 0;
      magnitude = (magnitude >> shift) | (sticky ? 1 : 0);
    }
    const double d = std::ldexp(static_cast<double>(magnitude), shift);
    return To::fromDouble(negative ? -d : d);
  }
}

// A real value of element type From (its compute value `value`) converted to the real element type To.
template <class From, class To>
typename To::Storage convertReal(typename From::Compute value) {
  if constexpr (To::kClass == Class::kBool) {
    return value != 0 ? 1 : 0;  // NaN is nonzero: true
  } else if constexpr (To::kClass == Class::kFloat) {
    if constexpr (From::kClass == Class::kFloat) return To::fromDouble(static_cast<double>(value));  // one rounding
    else return integerToFloat<To>(value);
  } else if constexpr (From::kClass == Class::kFloat) {
    // Float to integer: truncate toward zero; NaN gives 0 and out-of-range values saturate (XLA's choice,
    // the reference's too).
    const double d = static_cast<double>(value);
    if (std::isnan(d)) return 0;
    const double truncated = std::trunc(d);
    // The bounds as exact doubles: 0 or -2^(n-1), and the first value past the maximum, 2^(n-1) or 2^n.
    constexpr double kLow = static_cast<double>(intMin<To>());
    constexpr int kPastBits = To::kClass == Class::kSigned ? To::kBits - 1 : To::kBits;
    constexpr double kPastHigh = 2.0 * static_cast<double>(uint64_t{1} << (kPastBits - 1));
    using C = typename To::Compute;
    if (truncated < kLow) return To::store(static_cast<C>(intMin<To>()));
    if (truncated >= kPastHigh) return To::store(static_cast<C>(intMax<To>()));
    return To::store(static_cast<C>(truncated));
  } else {
    // Integer to integer: the value modulo 2^width (two's complement wrap-around).
    using Wide = std::conditional_t<std::is_signed_v<decltype(value)>, int64_t, uint64_t>;
    return To::store(static_cast<typename To::Compute>(static_cast<uint64_t>(static_cast<Wide>(value))));
  }
}

// convert: one source element to the destination's storage. Complex to real takes the real part (the
// spec); real to complex gives an imaginary part of +0.
template <class From, class To>
typename To::Storage convertElement(typename From::Storage s) {
  const auto value = From::load(s);
  if constexpr (kIsComplex<To>) {
    using P = typename To::Part;
    if constexpr (kIsComplex<From>) {
      return {static_cast<P>(value.real()), static_cast<P>(value.imag())};
    } else {
      using PE = std::conditional_t<std::is_same_v<P, float>, F32, F64>;
      return {std::bit_cast<P>(convertReal<From, PE>(value)), P(0)};
    }
  } else if constexpr (kIsComplex<From>) {
    using PE = std::conditional_t<std::is_same_v<typename From::Part, float>, F32, F64>;
    return convertReal<PE, To>(value.real());
  } else {
    return convertReal<From, To>(value);
  }
}

template <class From, class To>
absl::Status convertKernel(const KernelArgs& args) {
  const auto* x = reinterpret_cast<const typename From::Storage*>(args.operands[0]);
  auto* out = reinterpret_cast<typename To::Storage*>(args.result());
  for (int64_t i = 0; i < args.num_elements; ++i) out[i] = convertElement<From, To>(x[i]);
  return absl::OkStatus();
}

Kernel convertFor(ElementType from, ElementType to) {
  return visitAnyElement<Kernel>(from, [to](auto f) -> Kernel {
    using From = decltype(f);
    return visitAnyElement<Kernel>(to, [](auto t) -> Kernel { return &convertKernel<From, decltype(t)>; });
  });
}

absl::Status constantKernel(const KernelArgs& args) {
  const std::vector<uint8_t>& bytes = args.step.as<plan::ConstantParams>().value.bytes();
  if (!bytes.empty()) std::memcpy(args.result(), bytes.data(), bytes.size());  // an empty vector's data() may be null
  return absl::OkStatus();
}

absl::StatusOr<KernelChoice> chooseConstant(const plan::Step&, const plan::Plan&) {
  return KernelChoice{&constantKernel, false};
}
absl::StatusOr<KernelChoice> chooseCompare(const plan::Step& step, const plan::Plan& plan) {
  Kernel kernel = compareFor(firstType(step, plan), step.as<plan::CompareParams>());
  if (!kernel) return noKernelFor(step, plan);
  return KernelChoice{kernel, true, true, /*tileable=*/true};
}
absl::StatusOr<KernelChoice> chooseSelect(const plan::Step& step, const plan::Plan& plan) {
  Kernel kernel = visitAnyElement<Kernel>(plan.slot_types[step.operands[1]].elementType(),
                                          [](auto e) -> Kernel { return &selectKernel<decltype(e)>; });
  if (!kernel) return noKernelFor(step, plan);
  return KernelChoice{kernel, true, true, /*tileable=*/true};
}
absl::StatusOr<KernelChoice> chooseConvert(const plan::Step& step, const plan::Plan& plan) {
  Kernel kernel = convertFor(firstType(step, plan), plan.slot_types[step.results[0]].elementType());
  if (!kernel) return noKernelFor(step, plan);
  return KernelChoice{kernel, true, true, /*tileable=*/true};
}

constexpr KernelFamilyEntry kKernels[] = {
    {OpId::kConstant, chooseConstant},
    {OpId::kChloConstant, chooseConstant},
    {OpId::kChloConstantLike, chooseConstant},
    {OpId::kCompare, chooseCompare},
    {OpId::kSelect, chooseSelect},
    {OpId::kConvert, chooseConvert},
    {OpId::kClamp, chooseClamp},
    {OpId::kAdd, elementwise<binaryFor<AddFn>>},
    {OpId::kSubtract, elementwise<binaryFor<SubtractFn>>},
    {OpId::kMultiply, elementwise<binaryFor<MultiplyFn>>},
    {OpId::kDivide, elementwise<binaryFor<DivideFn>>},
    {OpId::kRemainder, elementwise<binaryFor<RemainderFn>>},
    {OpId::kPower, elementwise<powerKernel>},
    {OpId::kMaximum, elementwise<binaryFor<MaximumFn>>},
    {OpId::kMinimum, elementwise<binaryFor<MinimumFn>>},
    {OpId::kNegate, elementwise<unaryFor<NegateFn>>},
    {OpId::kChloSquare, elementwise<unaryFor<SquareFn>>},
    {OpId::kChloMulhi, elementwise<binaryFor<MulhiFn>>},
    {OpId::kAbs, chooseAbs},
    {OpId::kSign, elementwise<unaryFor<SignFn>>},
};

}  // namespace

std::span<const KernelFamilyEntry> elementwiseArithmeticKernels() { return kKernels; }

std::span<const KernelFamilyEntry> elementwiseKernels() {
  static const std::vector<KernelFamilyEntry>* all = [] {
    auto* entries = new std::vector<KernelFamilyEntry>();
    for (std::span<const KernelFamilyEntry> part :
         {elementwiseArithmeticKernels(), elementwiseMathKernels(), elementwiseBitKernels(), elementwiseSpecialKernels()})
      entries->insert(entries->end(), part.begin(), part.end());
    return entries;
  }();
  return *all;
}

}  // namespace hloconf::cpu
