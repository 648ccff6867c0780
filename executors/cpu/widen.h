// Exact conversion of elements to a wider type of the same kind (executors/plan/promotion.h): scatter's
// promoted update computation, and the reductions whose body has a wider element type than their inputs
// (spec: is_promotable), which convert the inputs to it first and then run as reductions of that type.
#ifndef HLOCONF_EXECUTORS_CPU_WIDEN_H_
#define HLOCONF_EXECUTORS_CPU_WIDEN_H_

#include <cstddef>
#include <cstdint>

#include "executors/cpu/kernels.h"

namespace hloconf::cpu {

// Converts `count` elements to a type holding every value of the source exactly.
using WidenFn = void (*)(const uint8_t* src, uint8_t* dst, int64_t count);
// The conversion from `from` to `to` (both with element structs, both floats or both integers; or
// complex<f32> to complex<f64>), or nullptr.
WidenFn widenFor(ElementType from, ElementType to);

// Whether a step's operand i (from `first` on) has another element type than its result i % N (N results):
// the inputs and init values of a reduction whose body is of a wider type.
bool promotes(const plan::Step& step, const plan::Plan& plan, size_t first);
// Runs `inner` with each such operand converted to its result's element type (into temporary buffers), so
// that `inner` is the kernel of the same-type reduction. A kernel run this way takes its element sizes
// from the results' types.
absl::Status runWidened(const KernelArgs& args, size_t first, Kernel inner);
template <Kernel inner, size_t kFirst>
absl::Status widened(const KernelArgs& args) {
  return runWidened(args, kFirst, inner);
}

}  // namespace hloconf::cpu

#endif  // HLOCONF_EXECUTORS_CPU_WIDEN_H_
