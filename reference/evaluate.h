// Evaluating one function of a module on given arguments, on one process or on a process grid: the
// entry point `hloconf eval`, the golden-value computation of `hloconf run` and the reference backend
// share.
#ifndef HLOCONF_REFERENCE_EVALUATE_H_
#define HLOCONF_REFERENCE_EVALUATE_H_

#include <string>
#include <chrono>
#include <optional>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "ir/operation.h"
#include "reference/interpreter.h"
#include "reference/value.h"

namespace hloconf::ref {

// The deadline `seconds` from `start` for EvalOptions::deadline; none when `seconds` is not positive.
inline std::optional<std::chrono::steady_clock::time_point> deadlineAfter(
    double seconds, std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now()) {
  if (!(seconds > 0)) return std::nullopt;
  return start + std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(seconds));
}

struct FunctionRun {
  absl::Status status;
  uint32_t replicas = 1;
  uint32_t partitions = 1;
  // Results per process, in flattened process order (replica-major: id = replica * partitions + partition).
  std::vector<std::vector<RtValue>> per_process;
  std::vector<CheckResult> checks;     // every check op that ran, in every process
  std::vector<OutfeedRecord> outfeed;  // every stablehlo.outfeed, in process order, then program order
};

// The infeed queue of a run (`hloconf eval --infeed`): one FIFO that every process of the grid shares,
// oldest entry first; each stablehlo.infeed takes one entry (its payload values, in order).
struct InfeedQueue {
  std::vector<std::vector<RtValue>> entries;
  std::vector<std::string> sources;  // optional, one per entry: where it came from (a file), for messages
};

// Evaluates `func` with `args` on a replicas x partitions grid (0: as the module declares with
// mhlo.num_replicas / mhlo.num_partitions). Each process gets the same arguments. With `infeed`, the
// infeed ops read from a copy of that queue; without it, they fail.
FunctionRun evaluateFunction(const Module& module, std::string_view text, const Operation& func,
                             const std::vector<RtValue>& args, uint32_t replicas = 0, uint32_t partitions = 0,
                             const EvalOptions& options = {}, const InfeedQueue* infeed = nullptr);

}  // namespace hloconf::ref

#endif  // HLOCONF_REFERENCE_EVALUATE_H_
