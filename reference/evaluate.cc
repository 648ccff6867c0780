#include "reference/evaluate.h"

#include "ir/resource_limits.h"
#include "ir/source_location.h"
#include "ir/strings.h"
#include "reference/process.h"

namespace hloconf::ref {

FunctionRun evaluateFunction(const Module& module, std::string_view text, const Operation& func,
                             const std::vector<RtValue>& args, uint32_t replicas, uint32_t partitions,
                             const EvalOptions& options, const InfeedQueue* infeed) {
  FunctionRun run;
  auto [declared_replicas, declared_partitions] = declaredProcessGrid(module);
  run.replicas = replicas > 0 ? replicas : declared_replicas;
  run.partitions = partitions > 0 ? partitions : declared_partitions;
  if (absl::Status grid = checkProcessGrid(run.replicas, run.partitions); !grid.ok()) {
    run.status = absl::InvalidArgumentError(strCat(moduleLocation(module, text), ": error: ", grid.message()));
    return run;
  }
  if (run.replicas * run.partitions <= 1) {
    Interpreter interp(module, text, options);
    // The interpreter's own 1x1 grid holds the infeed (created only when there is one to attach).
    if (infeed) interp.grid().attachInfeed(infeed->entries, infeed->sources);
    auto results = interp.callFunction(func, args);
    run.checks = interp.checks();
    run.outfeed = interp.outfeed();
    run.status = results.status();
    if (results.ok()) run.per_process.push_back(std::move(*results));
    return run;
  }
  // One program per process (docs/design/processes.md): the same function and arguments everywhere.
  ParallelRun parallel;
  parallel.num_replicas = run.replicas;
  parallel.num_partitions = run.partitions;
  parallel.programs.assign(run.replicas * run.partitions, &func);
  parallel.args.assign(run.replicas * run.partitions, args);
  if (infeed) {
    parallel.infeed = infeed->entries;
    parallel.infeed_sources = infeed->sources;
    parallel.has_infeed = true;
  }
  ParallelResult result = runParallel(module, text, std::move(parallel), options);
  run.checks = std::move(result.checks);
  run.outfeed = std::move(result.outfeed);
  run.status = result.status;
  run.per_process = std::move(result.results);
  return run;
}

}  // namespace hloconf::ref
