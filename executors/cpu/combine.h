// What the reduction-like kernels share (reduce, reduce_window, select_and_scatter, the collectives): a
// recognised body op applied natively in the compute type, and a body region run through the frame.
#ifndef HLOCONF_EXECUTORS_CPU_COMBINE_H_
#define HLOCONF_EXECUTORS_CPU_COMBINE_H_

#include <cmath>
#include <cstring>
#include <type_traits>
#include <vector>

#include "executors/cpu/elementwise_types.h"
#include "executors/cpu/kernels.h"
#include "executors/cpu/widen.h"
#include "executors/plan/reduction_params.h"

namespace hloconf::cpu {

using plan::BodyOp;

// The body op B on two values of the compute type of E.
template <class E, BodyOp B>
inline typename E::Compute combine(typename E::Compute a, typename E::Compute b) {
  using C = typename E::Compute;
  constexpr Class K = E::kClass;
  if constexpr (B == BodyOp::kAdd) {
    if constexpr (K == Class::kBool) return a | b;
    else if constexpr (K == Class::kFloat) return a + b;
    else return static_cast<C>(static_cast<std::make_unsigned_t<C>>(a) + static_cast<std::make_unsigned_t<C>>(b));
  } else if constexpr (B == BodyOp::kMultiply) {
    if constexpr (K == Class::kBool) return a & b;
    else if constexpr (K == Class::kFloat) return a * b;
    else {
      // In an unsigned type at least as wide as int, so that it wraps instead of overflowing.
      using W = std::conditional_t<(sizeof(C) < sizeof(unsigned)), unsigned, std::make_unsigned_t<C>>;
      return static_cast<C>(static_cast<W>(a) * static_cast<W>(b));
    }
  } else if constexpr (B == BodyOp::kMaximum) {
    return MaximumFn::apply<E>(a, b);  // the elementwise op's semantics: a NaN propagates, +0 > -0
  } else if constexpr (B == BodyOp::kMinimum) {
    return MinimumFn::apply<E>(a, b);
  } else if constexpr (B == BodyOp::kAnd) {
    return a & b;
  } else if constexpr (B == BodyOp::kOr) {
    return a | b;
  } else {
    return a ^ b;
  }
}

// Whether B applies to E (the bitwise ops not to floats).
template <class E, BodyOp B>
constexpr bool takes() {
  if constexpr (B == BodyOp::kAnd || B == BodyOp::kOr || B == BodyOp::kXor) return E::kClass != Class::kFloat;
  else return true;
}

// Runs a body on (accumulators, values) and writes its outputs into the accumulators.
class BodyRunner {
 public:
  BodyRunner(const KernelArgs& args, size_t region, size_t n) : args_(args), region_(region), n_(n), inputs_(2 * n) {}
  // acc[i] and value[i] point at element bytes; the body's outputs are copied into acc.
  absl::Status combine(uint8_t* const* acc, const uint8_t* const* value, const std::vector<size_t>& bytes) {
    for (size_t i = 0; i < n_; ++i) {
      inputs_[i] = acc[i];
      inputs_[n_ + i] = value[i];
    }
    ASSIGN_OR_RETURN(std::vector<const uint8_t*> outputs,
                     args_.frame.runRegion(args_.step.regions[region_], args_.lowered.regions[region_], inputs_));
    for (size_t i = 0; i < n_; ++i) std::memcpy(acc[i], outputs[i], bytes[i]);
    return absl::OkStatus();
  }

 private:
  const KernelArgs& args_;
  size_t region_, n_;
  std::vector<const uint8_t*> inputs_;
};

// The kernel template instantiated for the element type and body op, or nullptr.
template <class E, template <class, BodyOp> class Kern>
inline Kernel forBody(BodyOp body) {
  switch (body) {
#define HLOCONF_BODY(B) \
  case B:               \
    if constexpr (takes<E, B>()) return &Kern<E, B>::run; else return nullptr;
    HLOCONF_BODY(BodyOp::kAdd)
    HLOCONF_BODY(BodyOp::kMultiply)
    HLOCONF_BODY(BodyOp::kMaximum)
    HLOCONF_BODY(BodyOp::kMinimum)
    HLOCONF_BODY(BodyOp::kAnd)
    HLOCONF_BODY(BodyOp::kOr)
    HLOCONF_BODY(BodyOp::kXor)
#undef HLOCONF_BODY
    case BodyOp::kRegion: return nullptr;
  }
  return nullptr;
}

// Kern<E, body>::run for the element type `t`, or nullptr (no element struct, or a body op that does not
// apply to the type).
template <template <class, BodyOp> class Kern>
Kernel nativeKernelFor(ElementType t, BodyOp body) {
  return visitElement<Kernel>(t, [body](auto e) -> Kernel { return forBody<decltype(e), Kern>(body); });
}

// Element bytes of each of the step's first n results (the body's types, to which a promoted reduction's
// inputs are converted first: executors/cpu/widen.h).
inline std::vector<size_t> elementBytes(const KernelArgs& args, size_t n) {
  std::vector<size_t> bytes;
  for (size_t i = 0; i < n; ++i) bytes.push_back(static_cast<size_t>(storageBytes(args.resultType(i).elementType())));
  return bytes;
}

// Kern<E, B> run on a step's operands from kFirst on converted to their results' element types.
template <template <class, BodyOp> class Kern, size_t kFirst>
struct Widened {
  template <class E, BodyOp B>
  struct Of {
    static absl::Status run(const KernelArgs& args) { return runWidened(args, kFirst, &Kern<E, B>::run); }
  };
};

// The native kernel Kern<E, body> for the type of result 0, through Widened when the step promotes; or nullptr.
template <template <class, BodyOp> class Kern, size_t kFirst>
Kernel nativeOrWidened(const plan::Step& step, const plan::Plan& plan, BodyOp body) {
  if (body == BodyOp::kRegion) return nullptr;
  const ElementType t = plan.slot_types[step.results[0]].elementType();
  if (promotes(step, plan, kFirst)) return nativeKernelFor<Widened<Kern, kFirst>::template Of>(t, body);
  return nativeKernelFor<Kern>(t, body);
}

}  // namespace hloconf::cpu

#endif  // HLOCONF_EXECUTORS_CPU_COMBINE_H_
