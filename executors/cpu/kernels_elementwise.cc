// The elementwise family's kernels: one loop per (op, element type), in the element type
// (docs/design/executors.md, "What each op computes").
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <type_traits>

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

// --- Scalar functions, one per op: `apply` on the compute type; `supports` says for which classes ------

struct AddFn {
  static constexpr bool supports(Class) { return true; }
  template <Class K, class C>
  static C apply(C a, C b) {
    if constexpr (K == Class::kBool) return a | b;  // spec: add on i1 is logical OR
    else if constexpr (K == Class::kFloat) return a + b;
    else return wrapped<C>(static_cast<Wrap<C>>(a) + static_cast<Wrap<C>>(b));
  }
};
struct SubtractFn {
  static constexpr bool supports(Class k) { return k != Class::kBool; }
  template <Class K, class C>
  static C apply(C a, C b) {
    if constexpr (K == Class::kFloat) return a - b;
    else return wrapped<C>(static_cast<Wrap<C>>(a) - static_cast<Wrap<C>>(b));
  }
};
struct MultiplyFn {
  static constexpr bool supports(Class) { return true; }
  template <Class K, class C>
  static C apply(C a, C b) {
    if constexpr (K == Class::kBool) return a & b;  // spec: multiply on i1 is logical AND
    else if constexpr (K == Class::kFloat) return a * b;
    else return wrapped<C>(static_cast<Wrap<C>>(a) * static_cast<Wrap<C>>(b));
  }
};
struct DivideFn {
  static constexpr bool supports(Class k) { return k != Class::kBool; }
  template <Class K, class C>
  static C apply(C a, C b) {
    if constexpr (K == Class::kFloat) {
      return a / b;
    } else {
      // XLA's choices (the spec leaves them open): x / 0 is all ones (-1 signed, the maximum unsigned),
      // and INT_MIN / -1 wraps to INT_MIN. Both would trap in the hardware divide.
      if (b == 0) return static_cast<C>(~Wrap<C>{0});
      if constexpr (K == Class::kSigned)
        if (a == std::numeric_limits<C>::min() && b == C(-1)) return a;
      return static_cast<C>(a / b);
    }
  }
};
// IEEE 754 maximum/minimum: a NaN operand gives NaN (the first NaN, as the reference), +0 > -0.
struct MaximumFn {
  static constexpr bool supports(Class) { return true; }
  template <Class K, class C>
  static C apply(C a, C b) {
    if constexpr (K == Class::kFloat) {
      if (std::isnan(a)) return a;
      if (std::isnan(b)) return b;
      if (a == b) return std::signbit(a) ? b : a;
    }
    return a >= b ? a : b;
  }
};
struct MinimumFn {
  static constexpr bool supports(Class) { return true; }
  template <Class K, class C>
  static C apply(C a, C b) {
    if constexpr (K == Class::kFloat) {
      if (std::isnan(a)) return a;
      if (std::isnan(b)) return b;
      if (a == b) return std::signbit(a) ? a : b;
    }
    return a <= b ? a : b;
  }
};
struct NegateFn {
  static constexpr bool supports(Class k) { return k != Class::kBool; }
  template <Class K, class C>
  static C apply(C a) {
    if constexpr (K == Class::kFloat) return -a;
    else return wrapped<C>(Wrap<C>{0} - static_cast<Wrap<C>>(a));
  }
};
struct AbsFn {
  static constexpr bool supports(Class k) { return k == Class::kFloat || k == Class::kSigned; }
  template <Class K, class C>
  static C apply(C a) {
    if constexpr (K == Class::kFloat) return std::fabs(a);
    else return a < 0 ? NegateFn::apply<K>(a) : a;  // abs(INT_MIN) wraps to INT_MIN
  }
};
// The transcendental functions: the C++ standard library's (glibc's libm on this machine), in the compute
// type; docs/design/executors.md gives each one's documented accuracy.
struct ExpFn {
  static constexpr bool supports(Class k) { return k == Class::kFloat; }
  template <Class K, class C>
  static C apply(C a) { return std::exp(a); }
};
struct LogFn {
  static constexpr bool supports(Class k) { return k == Class::kFloat; }
  template <Class K, class C>
  static C apply(C a) { return std::log(a); }
};
struct SqrtFn {
  static constexpr bool supports(Class k) { return k == Class::kFloat; }
  template <Class K, class C>
  static C apply(C a) { return std::sqrt(a); }
};
struct TanhFn {
  static constexpr bool supports(Class k) { return k == Class::kFloat; }
  template <Class K, class C>
  static C apply(C a) { return std::tanh(a); }
};

// --- Kernels: one loop per (op, element type), in the element type ---------------------------------------

template <class E, class Fn>
absl::Status unaryKernel(const KernelArgs& args) {
  using S = typename E::Storage;
  const S* x = reinterpret_cast<const S*>(args.operands[0]);
  S* out = reinterpret_cast<S*>(args.result());
  for (int64_t i = 0; i < args.num_elements; ++i) out[i] = E::store(Fn::template apply<E::kClass>(E::load(x[i])));
  return absl::OkStatus();
}

template <class E, class Fn>
absl::Status binaryKernel(const KernelArgs& args) {
  using S = typename E::Storage;
  const S* x = reinterpret_cast<const S*>(args.operands[0]);
  const S* y = reinterpret_cast<const S*>(args.operands[1]);
  S* out = reinterpret_cast<S*>(args.result());
  for (int64_t i = 0; i < args.num_elements; ++i)
    out[i] = E::store(Fn::template apply<E::kClass>(E::load(x[i]), E::load(y[i])));
  return absl::OkStatus();
}

template <class Fn>
Kernel unaryFor(ElementType t) {
  return visitElement<Kernel>(t, [](auto e) -> Kernel {
    using E = decltype(e);
    if constexpr (Fn::supports(E::kClass)) return &unaryKernel<E, Fn>;
    else return nullptr;
  });
}
template <class Fn>
Kernel binaryFor(ElementType t) {
  return visitElement<Kernel>(t, [](auto e) -> Kernel {
    using E = decltype(e);
    if constexpr (Fn::supports(E::kClass)) return &binaryKernel<E, Fn>;
    else return nullptr;
  });
}

// compare: the ordering key of an element for each CompareKind.
template <class E, CompareKind K>
auto compareKey(typename E::Storage s) {
  using S = typename E::Storage;
  if constexpr (K == CompareKind::kFloat || K == CompareKind::kSigned) {
    return E::load(s);  // SIGNED on an unsigned type compares values, as the reference does
  } else if constexpr (K == CompareKind::kUnsigned) {
    return static_cast<std::make_unsigned_t<S>>(s);  // the bit patterns, as unsigned numbers
  } else {
    // IEEE 754 totalOrder: -NaN < -inf < ... < -0 < +0 < ... < +inf < +NaN, ordered by the encodings.
    using Bits = std::conditional_t<sizeof(S) == 2, uint16_t, std::conditional_t<sizeof(S) == 4, uint32_t, uint64_t>>;
    const Bits bits = std::bit_cast<Bits>(s);
    constexpr Bits kSign = Bits{1} << (8 * sizeof(S) - 1);
    const int64_t magnitude = static_cast<int64_t>(bits & static_cast<Bits>(kSign - 1));
    return (bits & kSign) ? -magnitude - 1 : magnitude;
  }
}

template <CompareDirection D, class T>
bool decide(T a, T b) {
  // With a NaN every ordered comparison is false and NE is true, as IEEE compares do.
  if constexpr (D == CompareDirection::kEQ) return a == b;
  else if constexpr (D == CompareDirection::kNE) return a != b;
  else if constexpr (D == CompareDirection::kGE) return a >= b;
  else if constexpr (D == CompareDirection::kGT) return a > b;
  else if constexpr (D == CompareDirection::kLE) return a <= b;
  else return a < b;
}

template <class E, CompareKind K, CompareDirection D>
absl::Status compareKernel(const KernelArgs& args) {
  using S = typename E::Storage;
  const S* x = reinterpret_cast<const S*>(args.operands[0]);
  const S* y = reinterpret_cast<const S*>(args.operands[1]);
  uint8_t* out = args.result();
  for (int64_t i = 0; i < args.num_elements; ++i)
    out[i] = decide<D>(compareKey<E, K>(x[i]), compareKey<E, K>(y[i])) ? 1 : 0;
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
  return visitElement<Kernel>(t, [&](auto e) -> Kernel {
    using E = decltype(e);
    if constexpr (E::kClass == Class::kFloat) {
      if (params.kind == CompareKind::kFloat) return compareFor<E, CompareKind::kFloat>(params.direction);
      if (params.kind == CompareKind::kTotalOrder) return compareFor<E, CompareKind::kTotalOrder>(params.direction);
    } else {
      if (params.kind == CompareKind::kSigned) return compareFor<E, CompareKind::kSigned>(params.direction);
      if (params.kind == CompareKind::kUnsigned) return compareFor<E, CompareKind::kUnsigned>(params.direction);
    }
    return nullptr;  // the plan compiler rejects the other pairs (compare (C3))
  });
}

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

template <class T>
bool isNegative(T v) {
  if constexpr (std::is_signed_v<T>) return v < 0;
  else return false;
}

// convert: one source element to the destination's storage.
template <class From, class To>
typename To::Storage convertElement(typename From::Storage s) {
  using ToStorage = typename To::Storage;
  const auto value = From::load(s);
  if constexpr (To::kClass == Class::kBool) {
    return value != 0 ? 1 : 0;  // NaN is nonzero: true
  } else if constexpr (To::kClass == Class::kFloat) {
    if constexpr (From::kClass == Class::kFloat) {
      return To::fromDouble(static_cast<double>(value));  // widening to double is exact: one rounding
    } else if constexpr (std::is_same_v<To, F32> || std::is_same_v<To, F64>) {
      return static_cast<ToStorage>(value);  // the hardware's integer conversion rounds to nearest even
    } else {
      // f16/bf16 from an integer: to double with round-to-odd (a sticky low bit for what does not fit in
      // 53 bits), so the one rounding to the narrow format is still to nearest even.
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
  } else if constexpr (From::kClass == Class::kFloat) {
    // Float to integer: truncate toward zero; NaN gives 0 and out-of-range values saturate (XLA's choice,
    // the reference's too).
    using T = ToStorage;
    const double d = static_cast<double>(value);
    if (std::isnan(d)) return 0;
    const double truncated = std::trunc(d);
    // The bounds as exact doubles: 0 or -2^(n-1), and the first value past the maximum, 2^(n-1) or 2^n.
    constexpr double kLow = static_cast<double>(std::numeric_limits<T>::min());
    constexpr double kPastHigh = std::is_signed_v<T> ? -kLow : 2.0 * (static_cast<double>(std::numeric_limits<T>::max() / 2) + 1);
    if (truncated < kLow) return std::numeric_limits<T>::min();
    if (truncated >= kPastHigh) return std::numeric_limits<T>::max();
    return static_cast<T>(truncated);
  } else {
    // Integer to integer: the value modulo 2^width (two's complement wrap-around).
    return static_cast<ToStorage>(static_cast<uint64_t>(static_cast<std::conditional_t<std::is_signed_v<decltype(value)>, int64_t, uint64_t>>(value)));
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
  return visitElement<Kernel>(from, [to](auto f) -> Kernel {
    using From = decltype(f);
    return visitElement<Kernel>(to, [](auto t) -> Kernel { return &convertKernel<From, decltype(t)>; });
  });
}

absl::Status constantKernel(const KernelArgs& args) {
  const std::vector<uint8_t>& bytes = args.step.as<plan::ConstantParams>().value.bytes();
  std::memcpy(args.result(), bytes.data(), bytes.size());
  return absl::OkStatus();
}


// The element type of the step's first operand (of its result for an op without operands).
ElementType firstType(const plan::Step& step, const plan::Plan& plan) {
  return plan.slot_types[step.operands.empty() ? step.results[0] : step.operands[0]].elementType();
}

// A chooser for an elementwise op whose kernel `choose` finds from the first operand's element type.
template <Kernel (*choose)(ElementType)>
absl::StatusOr<KernelChoice> elementwise(const plan::Step& step, const plan::Plan& plan) {
  Kernel kernel = choose(firstType(step, plan));
  if (!kernel) return noKernelFor(step, plan);
  return KernelChoice{kernel, /*may_run_in_place=*/true};
}

absl::StatusOr<KernelChoice> chooseConstant(const plan::Step&, const plan::Plan&) {
  return KernelChoice{&constantKernel, false};
}
absl::StatusOr<KernelChoice> chooseCompare(const plan::Step& step, const plan::Plan& plan) {
  Kernel kernel = compareFor(firstType(step, plan), step.as<plan::CompareParams>());
  if (!kernel) return noKernelFor(step, plan);
  return KernelChoice{kernel, true};
}
absl::StatusOr<KernelChoice> chooseSelect(const plan::Step& step, const plan::Plan& plan) {
  Kernel kernel = visitElement<Kernel>(plan.slot_types[step.operands[1]].elementType(),
                                       [](auto e) -> Kernel { return &selectKernel<decltype(e)>; });
  if (!kernel) return noKernelFor(step, plan);
  return KernelChoice{kernel, true};
}
absl::StatusOr<KernelChoice> chooseConvert(const plan::Step& step, const plan::Plan& plan) {
  Kernel kernel = convertFor(firstType(step, plan), plan.slot_types[step.results[0]].elementType());
  if (!kernel) return noKernelFor(step, plan);
  return KernelChoice{kernel, true};
}

constexpr KernelFamilyEntry kKernels[] = {
    {OpId::kConstant, chooseConstant},
    {OpId::kCompare, chooseCompare},
    {OpId::kSelect, chooseSelect},
    {OpId::kConvert, chooseConvert},
    {OpId::kAdd, elementwise<binaryFor<AddFn>>},
    {OpId::kSubtract, elementwise<binaryFor<SubtractFn>>},
    {OpId::kMultiply, elementwise<binaryFor<MultiplyFn>>},
    {OpId::kDivide, elementwise<binaryFor<DivideFn>>},
    {OpId::kMaximum, elementwise<binaryFor<MaximumFn>>},
    {OpId::kMinimum, elementwise<binaryFor<MinimumFn>>},
    {OpId::kNegate, elementwise<unaryFor<NegateFn>>},
    {OpId::kAbs, elementwise<unaryFor<AbsFn>>},
    {OpId::kExponential, elementwise<unaryFor<ExpFn>>},
    {OpId::kLog, elementwise<unaryFor<LogFn>>},
    {OpId::kSqrt, elementwise<unaryFor<SqrtFn>>},
    {OpId::kTanh, elementwise<unaryFor<TanhFn>>},
};

}  // namespace

std::span<const KernelFamilyEntry> elementwiseKernels() { return kKernels; }

}  // namespace hloconf::cpu
