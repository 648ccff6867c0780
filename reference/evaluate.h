// Evaluating one function of a module on given arguments, on one process or on a process grid: the
// entry point `hloconf eval`, the golden-value computation of `hloconf run` and the reference backend
// share.
#ifndef HLOCONF_REFERENCE_EVALUATE_H_
#define HLOCONF_REFERENCE_EVALUATE_H_

#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "ir/operation.h"
#include "reference/interpreter.h"
#include "reference/value.h"

namespace hloconf::ref {

struct FunctionRun {
  absl::Status status;
  uint32_t replicas = 1;
  uint32_t partitions = 1;
  // Results per process, in flattened process order (replica-major: id = replica * partitions + partition).
  std::vector<std::vector<RtValue>> per_process;
  std::vector<CheckResult> checks;  // every check op that ran, in every process
};

// Evaluates `func` with `args` on a replicas x partitions grid (0: as the module declares with
// mhlo.num_replicas / mhlo.num_partitions). Each process gets the same arguments.
FunctionRun evaluateFunction(const Module& module, std::string_view text, const Operation& func,
                             const std::vector<RtValue>& args, uint32_t replicas = 0, uint32_t partitions = 0,
                             const EvalOptions& options = {});

}  // namespace hloconf::ref

#endif  // HLOCONF_REFERENCE_EVALUATE_H_
