// The CPU executor: a Plan lowered to one kernel per step, chosen once for the step's element types, and
// run on input tensors with the plan's buffer liveness (docs/design/executors.md).
#ifndef HLOCONF_EXECUTORS_CPU_EXECUTOR_H_
#define HLOCONF_EXECUTORS_CPU_EXECUTOR_H_

#include <cstdint>
#include <span>
#include <variant>
#include <vector>

#include "absl/status/statusor.h"
#include "executors/plan/plan.h"
#include "ir/tensor.h"

namespace hloconf::cpu {

using Buffer = std::vector<uint8_t>;

// What a kernel sees: its step (for decoded attributes), its operands' bytes, its result's bytes, and
// the number of result elements.
struct KernelArgs {
  const plan::Step& step;
  const uint8_t* const* operands;
  uint8_t* result;
  int64_t num_elements;
};
using Kernel = void (*)(const KernelArgs& args);

struct Program {
  plan::Plan plan;
  std::vector<Kernel> kernels;  // one per step
  // Whether step i may write its result into the buffer of operand in_place[i] (a slot that dies there),
  // or -1.
  std::vector<plan::Slot> in_place;
};

// Binds each step of `plan` to a kernel, or the first step whose element type has none as Unsupported
// (naming the op and the type).
std::variant<Program, plan::Unsupported> lower(plan::Plan plan);

// Runs `program` on `inputs` (one per function argument, of exactly the argument's type). A wrong
// input count or type is an InvalidArgument error.
absl::StatusOr<std::vector<Tensor>> run(const Program& program, std::span<const Tensor> inputs);

}  // namespace hloconf::cpu

#endif  // HLOCONF_EXECUTORS_CPU_EXECUTOR_H_
