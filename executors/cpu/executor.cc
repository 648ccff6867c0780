#include "executors/cpu/executor.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <type_traits>

#include "executors/cpu/narrow_float.h"
#include "ir/op_schema.h"
#include "ir/strings.h"

namespace hloconf::cpu {
namespace {

using plan::CompareDirection;
using plan::CompareKind;

// --- Element types: how an element is stored, and the type the kernels compute in ------------------

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

// Calls `f` with a value of the element struct of `t`; a null kernel for types without one.
template <class F>
Kernel visitElement(ElementType t, F&& f) {
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
    default: return nullptr;
  }
}

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
void unaryKernel(const KernelArgs& args) {
  using S = typename E::Storage;
  const S* x = reinterpret_cast<const S*>(args.operands[0]);
  S* out = reinterpret_cast<S*>(args.result);
  for (int64_t i = 0; i < args.num_elements; ++i) out[i] = E::store(Fn::template apply<E::kClass>(E::load(x[i])));
}

template <class E, class Fn>
void binaryKernel(const KernelArgs& args) {
  using S = typename E::Storage;
  const S* x = reinterpret_cast<const S*>(args.operands[0]);
  const S* y = reinterpret_cast<const S*>(args.operands[1]);
  S* out = reinterpret_cast<S*>(args.result);
  for (int64_t i = 0; i < args.num_elements; ++i)
    out[i] = E::store(Fn::template apply<E::kClass>(E::load(x[i]), E::load(y[i])));
}

template <class Fn>
Kernel unaryFor(ElementType t) {
  return visitElement(t, [](auto e) -> Kernel {
    using E = decltype(e);
    if constexpr (Fn::supports(E::kClass)) return &unaryKernel<E, Fn>;
    else return nullptr;
  });
}
template <class Fn>
Kernel binaryFor(ElementType t) {
  return visitElement(t, [](auto e) -> Kernel {
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
void compareKernel(const KernelArgs& args) {
  using S = typename E::Storage;
  const S* x = reinterpret_cast<const S*>(args.operands[0]);
  const S* y = reinterpret_cast<const S*>(args.operands[1]);
  uint8_t* out = args.result;
  for (int64_t i = 0; i < args.num_elements; ++i)
    out[i] = decide<D>(compareKey<E, K>(x[i]), compareKey<E, K>(y[i])) ? 1 : 0;
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
  return visitElement(t, [&](auto e) -> Kernel {
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
void selectKernel(const KernelArgs& args) {
  using S = typename E::Storage;
  const uint8_t* predicate = args.operands[0];
  const S* on_true = reinterpret_cast<const S*>(args.operands[1]);
  const S* on_false = reinterpret_cast<const S*>(args.operands[2]);
  S* out = reinterpret_cast<S*>(args.result);
  if (std::get<plan::SelectParams>(args.step.params).scalar_predicate) {
    const S* chosen = predicate[0] ? on_true : on_false;
    std::memmove(out, chosen, static_cast<size_t>(args.num_elements) * sizeof(S));
    return;
  }
  for (int64_t i = 0; i < args.num_elements; ++i) out[i] = predicate[i] ? on_true[i] : on_false[i];
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
void convertKernel(const KernelArgs& args) {
  const auto* x = reinterpret_cast<const typename From::Storage*>(args.operands[0]);
  auto* out = reinterpret_cast<typename To::Storage*>(args.result);
  for (int64_t i = 0; i < args.num_elements; ++i) out[i] = convertElement<From, To>(x[i]);
}

Kernel convertFor(ElementType from, ElementType to) {
  return visitElement(from, [to](auto f) -> Kernel {
    using From = decltype(f);
    return visitElement(to, [](auto t) -> Kernel { return &convertKernel<From, decltype(t)>; });
  });
}

void constantKernel(const KernelArgs& args) {
  const std::vector<uint8_t>& bytes = std::get<plan::ConstantParams>(args.step.params).value.bytes();
  std::memcpy(args.result, bytes.data(), bytes.size());
}

int64_t byteSize(const Type& type) { return type.numElements() * storageBytes(type.elementType()); }

Kernel kernelFor(const plan::Step& step, const plan::Plan& plan) {
  const ElementType first = plan.slot_types[step.operands.empty() ? step.results[0] : step.operands[0]].elementType();
  switch (step.op) {
    case OpId::kConstant: return &constantKernel;
    case OpId::kAdd: return binaryFor<AddFn>(first);
    case OpId::kSubtract: return binaryFor<SubtractFn>(first);
    case OpId::kMultiply: return binaryFor<MultiplyFn>(first);
    case OpId::kDivide: return binaryFor<DivideFn>(first);
    case OpId::kMaximum: return binaryFor<MaximumFn>(first);
    case OpId::kMinimum: return binaryFor<MinimumFn>(first);
    case OpId::kNegate: return unaryFor<NegateFn>(first);
    case OpId::kAbs: return unaryFor<AbsFn>(first);
    case OpId::kExponential: return unaryFor<ExpFn>(first);
    case OpId::kLog: return unaryFor<LogFn>(first);
    case OpId::kSqrt: return unaryFor<SqrtFn>(first);
    case OpId::kTanh: return unaryFor<TanhFn>(first);
    case OpId::kCompare: return compareFor(first, std::get<plan::CompareParams>(step.params));
    case OpId::kSelect:
      return visitElement(plan.slot_types[step.operands[1]].elementType(),
                          [](auto e) -> Kernel { return &selectKernel<decltype(e)>; });
    case OpId::kConvert: return convertFor(first, plan.slot_types[step.results[0]].elementType());
    default: return nullptr;
  }
}

std::string typesOf(const plan::Step& step, const plan::Plan& plan) {
  std::string text;
  for (plan::Slot slot : step.operands) text += strCat(text.empty() ? "" : ", ", plan.slot_types[slot].toString());
  if (step.op == OpId::kConvert) text += strCat(" -> ", plan.slot_types[step.results[0]].toString());
  return text;
}

}  // namespace

std::variant<Program, plan::Unsupported> lower(plan::Plan plan) {
  Program program;
  for (const plan::Step& step : plan.steps) {
    Kernel kernel = kernelFor(step, plan);
    if (!kernel)
      return plan::Unsupported{std::string(opName(step.op)), step.location,
                               strCat("no cpu kernel for ", typesOf(step, plan),
                                      " (the cpu executor runs f16, bf16, f32, f64, i1 and 8- to 64-bit integers)")};
    program.kernels.push_back(kernel);
    // An elementwise step may write over an operand that dies here and has the result's byte size: each
    // kernel reads element i of its operands before it writes element i of its result.
    plan::Slot in_place = -1;
    if (step.op != OpId::kConstant && step.results.size() == 1) {
      const int64_t result_bytes = byteSize(plan.slot_types[step.results[0]]);
      for (plan::Slot operand : step.operands) {
        const bool dies = std::find(step.last_uses.begin(), step.last_uses.end(), operand) != step.last_uses.end();
        if (dies && byteSize(plan.slot_types[operand]) == result_bytes) {
          in_place = operand;
          break;
        }
      }
    }
    program.in_place.push_back(in_place);
  }
  program.plan = std::move(plan);
  return program;
}

absl::StatusOr<std::vector<Tensor>> run(const Program& program, std::span<const Tensor> inputs) {
  const plan::Plan& plan = program.plan;
  if (inputs.size() != plan.inputs.size())
    return absl::InvalidArgumentError(strCat("the function takes ", plan.inputs.size(), " arguments; the request has ",
                                             inputs.size(), " inputs"));
  std::vector<Buffer> slots(plan.slot_types.size());
  for (size_t i = 0; i < inputs.size(); ++i) {
    const Type& expected = plan.slot_types[plan.inputs[i]];
    if (inputs[i].type() != expected || static_cast<int64_t>(inputs[i].bytes().size()) != byteSize(expected))
      return absl::InvalidArgumentError(strCat("input ", i, " is ", inputs[i].type().toString(), "; argument ", i,
                                               " of the function is ", expected.toString()));
    slots[plan.inputs[i]] = inputs[i].bytes();
  }
  std::vector<const uint8_t*> operands;
  for (size_t s = 0; s < plan.steps.size(); ++s) {
    const plan::Step& step = plan.steps[s];
    operands.clear();
    for (plan::Slot slot : step.operands) operands.push_back(slots[slot].data());
    const plan::Slot result_slot = step.results[0];
    const Type& result_type = plan.slot_types[result_slot];
    Buffer result;
    if (program.in_place[s] >= 0) {
      result = std::move(slots[program.in_place[s]]);  // the operand pointer taken above stays valid
    } else {
      result.resize(static_cast<size_t>(byteSize(result_type)));
    }
    program.kernels[s](KernelArgs{step, operands.data(), result.data(), result_type.numElements()});
    slots[result_slot] = std::move(result);
    for (plan::Slot dead : step.last_uses) Buffer().swap(slots[dead]);
  }
  std::vector<Tensor> outputs;
  for (plan::Slot slot : plan.outputs) {
    Tensor tensor(plan.slot_types[slot]);
    tensor.mutableBytes() = slots[slot];
    outputs.push_back(std::move(tensor));
  }
  return outputs;
}

}  // namespace hloconf::cpu
