// The built-in `cuda` backend: our own CUDA executor (executors/cuda/), in-process, on the plan the cpu
// executor runs. Built without the CUDA toolkit, or run where no CUDA device answers, every case is
// UNSUPPORTED with that reason; a program it cannot run is UNSUPPORTED with the executor's reason; a bad
// request is an ERROR reply, never a crash.
#include <memory>
#include <optional>
#include <string>

#include "adapters/backend.h"
#include "adapters/executor_backend.h"
#include "executors/plan/plan.h"
#include "ir/strings.h"
#if defined(HLOCONF_HAVE_CUDA)
#include "executors/cuda/executor.h"
#endif

namespace hloconf::adapters {
namespace {

class CudaBackend : public Backend {
 public:
  absl::StatusOr<BackendInfo> start() override { return executorInfo("cuda"); }

  Reply run(const Request& request) override {
    return guardedRun("cuda", [&] { return execute(request); });
  }

  // The executor's front end is hloconf's parser and verifier.
  VerifyReply verify(const Request& request) override { return verifyWithHloconf(request); }

 private:
#if !defined(HLOCONF_HAVE_CUDA)
  Reply execute(const Request&) { return unsupportedReply("hloconf was built without the CUDA toolkit"); }
#else
  Reply execute(const Request& request) {
    if (request.num_replicas * request.num_partitions != 1)
      return unsupportedReply(strCat("the cuda executor runs one process; this case has a ", request.num_replicas, "x",
                                     request.num_partitions, " process grid"));
    // Planned and lowered first (no device needed): a program the executor has no kernels for says so
    // on any machine.
    auto compiled = cache_.get(request, [](plan::Plan plan) { return cuda::lower(std::move(plan)); });
    if (!compiled->error.empty()) {
      Reply reply;
      reply.message = compiled->error;
      return reply;
    }
    if (compiled->unsupported) return unsupportedReply(compiled->unsupported->message());
    if (!request.infeed.empty()) return unsupportedReply("the cuda executor has no infeed");
    // The device, asked once per backend: without one every case is UNSUPPORTED with the CUDA error.
    if (!device_) {
      absl::Status available = cuda::deviceAvailable();
      device_ = available.ok() ? std::string() : std::string(available.message());
    }
    if (!device_->empty()) return unsupportedReply(*device_);
    cuda::RunOptions options;
    options.deadline = requestDeadline(request);
    absl::StatusOr<std::vector<Tensor>> outputs = cuda::run(*compiled->program, request.inputs, options);
    if (!outputs.ok()) {
      Reply reply;
      if (outputs.status().code() == absl::StatusCode::kDeadlineExceeded) reply.kind = Reply::Kind::kTimeout;
      reply.message = std::string(outputs.status().message());
      return reply;
    }
    return outputsReply(std::move(*outputs), request);
  }

  ProgramCache<cuda::Program> cache_;
  std::optional<std::string> device_;  // empty: a device answered; else why none did
#endif
};

}  // namespace

std::unique_ptr<Backend> makeCudaBackend() { return std::make_unique<CudaBackend>(); }

}  // namespace hloconf::adapters
