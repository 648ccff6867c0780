// The built-in `cpu` backend: our own CPU executor (executors/), in-process. A program it cannot run is
// an UNSUPPORTED reply with the executor's reason; a bad request is an ERROR reply, never a crash.
#include <memory>

#include "adapters/backend.h"
#include "adapters/executor_backend.h"
#include "executors/cpu/executor.h"
#include "executors/plan/plan.h"

namespace hloconf::adapters {
namespace {

class CpuBackend : public Backend {
 public:
  absl::StatusOr<BackendInfo> start() override { return executorInfo("cpu"); }

  Reply run(const Request& request) override {
    return guardedRun("cpu", [&] { return execute(request); });
  }

  // The executor's front end is hloconf's parser and verifier.
  VerifyReply verify(const Request& request) override { return verifyWithHloconf(request); }

 private:
  static std::variant<std::shared_ptr<const cpu::Program>, plan::Unsupported> lower(plan::Plan plan) {
    std::variant<cpu::Program, plan::Unsupported> lowered = cpu::lower(std::move(plan));
    if (auto* why = std::get_if<plan::Unsupported>(&lowered)) return std::move(*why);
    return std::make_shared<const cpu::Program>(std::move(std::get<cpu::Program>(lowered)));
  }

  Reply execute(const Request& request) {
    auto compiled = cache_.get(request, lower);
    if (!compiled->error.empty()) {
      Reply reply;
      reply.message = compiled->error;
      return reply;
    }
    if (compiled->unsupported) return unsupportedReply(compiled->unsupported->message());
    cpu::RunOptions options;
    options.infeed = &request.infeed;
    options.deadline = requestDeadline(request);
    // One thread per process of the grid; the outputs per process, then per result.
    absl::StatusOr<std::vector<std::vector<Tensor>>> per_process =
        cpu::runGrid(*compiled->program, request.inputs, request.num_replicas, request.num_partitions, options);
    if (!per_process.ok()) {
      Reply reply;
      if (per_process.status().code() == absl::StatusCode::kDeadlineExceeded) reply.kind = Reply::Kind::kTimeout;
      reply.message = std::string(per_process.status().message());
      return reply;
    }
    std::vector<Tensor> outputs;
    for (std::vector<Tensor>& process : *per_process)
      for (Tensor& output : process) outputs.push_back(std::move(output));
    return outputsReply(std::move(outputs), request, " (over every process)");
  }

  ProgramCache<cpu::Program> cache_;
};

}  // namespace

std::unique_ptr<Backend> makeCpuBackend() { return std::make_unique<CpuBackend>(); }

}  // namespace hloconf::adapters
