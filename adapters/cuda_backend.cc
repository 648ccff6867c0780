// The built-in `cuda` backend: our own CUDA executor (executors/cuda/), in-process, on the plan the cpu
// executor runs. Built without the CUDA toolkit, or run where no CUDA device answers, every case is
// UNSUPPORTED with that reason; a program it cannot run is UNSUPPORTED with the executor's reason; a bad
// request is an ERROR reply, never a crash.
#include <chrono>
#include <exception>
#include <memory>
#include <new>
#include <optional>
#include <string>

#include "absl/container/flat_hash_map.h"
#include "adapters/backend.h"
#include "executors/plan/plan.h"
#include "ir/parser.h"
#include "ir/strings.h"
#if defined(HLOCONF_HAVE_CUDA)
#include "executors/cuda/executor.h"
#endif

namespace hloconf::adapters {
namespace {

Reply unsupportedReply(std::string message) {
  Reply reply;
  reply.kind = Reply::Kind::kUnsupported;
  reply.message = std::move(message);
  return reply;
}

class CudaBackend : public Backend {
 public:
  absl::StatusOr<BackendInfo> start() override {
    BackendInfo info;
    info.name = "cuda";
    info.version = HLOCONF_VERSION;
    // As the cpu backend: the plannable ops; element types and kernels are decided per case.
    for (OpId id : plan::plannableOps()) info.capabilities.ops.emplace_back(opName(id));
    return info;
  }

  Reply run(const Request& request) override {
    auto started = std::chrono::steady_clock::now();
    Reply reply;
    try {
      reply = execute(request);
    } catch (const std::bad_alloc&) {
      reply = Reply{};
      reply.message = "the cuda executor ran out of host memory";
    } catch (const std::exception& e) {
      reply = Reply{};
      reply.message = strCat("the cuda executor failed: ", e.what());
    }
    reply.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return reply;
  }

 private:
#if !defined(HLOCONF_HAVE_CUDA)
  Reply execute(const Request&) { return unsupportedReply("hloconf was built without the CUDA toolkit"); }
#else
  struct Compiled {
    std::shared_ptr<const cuda::Program> program;
    std::optional<plan::Unsupported> unsupported;
    std::string error;
  };

  std::shared_ptr<const Compiled> compile(const Request& request) {
    if (auto cached = cache_.find(request.mlir); cached != cache_.end()) return cached->second;
    auto compiled = std::make_shared<Compiled>();
    auto module = parseModule(request.mlir, request.case_id);
    if (!module.ok()) {
      compiled->error = std::string(module.status().message());
    } else if (absl::StatusOr<plan::CompileResult> planned = plan::compile(*module, "main", request.mlir); !planned.ok()) {
      compiled->error = std::string(planned.status().message());
    } else if (auto* why = std::get_if<plan::Unsupported>(&*planned)) {
      compiled->unsupported = *why;
    } else {
      auto lowered = cuda::lower(std::move(std::get<plan::Plan>(*planned)));
      if (auto* why = std::get_if<plan::Unsupported>(&lowered)) compiled->unsupported = *why;
      else compiled->program = std::get<std::shared_ptr<const cuda::Program>>(std::move(lowered));
    }
    if (request.mlir.size() <= kMaxCachedText) {
      if (cache_.size() >= kMaxCachedPrograms) cache_.clear();
      cache_.emplace(request.mlir, compiled);
    }
    return compiled;
  }

  Reply execute(const Request& request) {
    if (request.num_replicas * request.num_partitions != 1)
      return unsupportedReply(strCat("the cuda executor runs one process; this case has a ", request.num_replicas, "x",
                                     request.num_partitions, " process grid"));
    Reply reply;  // kError until it has outputs
    // Planned and lowered first (no device needed): a program the executor has no kernels for says so
    // on any machine.
    std::shared_ptr<const Compiled> compiled = compile(request);
    if (!compiled->error.empty()) {
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
    if (request.timeout_seconds > 0)
      options.deadline = std::chrono::steady_clock::now() + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                                                std::chrono::duration<double>(request.timeout_seconds));
    absl::StatusOr<std::vector<Tensor>> outputs = cuda::run(*compiled->program, request.inputs, options);
    if (!outputs.ok()) {
      if (outputs.status().code() == absl::StatusCode::kDeadlineExceeded) reply.kind = Reply::Kind::kTimeout;
      reply.message = std::string(outputs.status().message());
      return reply;
    }
    if (!request.result_types.empty()) {
      if (outputs->size() != request.result_types.size()) {
        reply.message = strCat("@main returns ", outputs->size(), " results; the request expects ", request.result_types.size());
        return reply;
      }
      for (size_t i = 0; i < outputs->size(); ++i) {
        if ((*outputs)[i].type() != request.result_types[i]) {
          reply.message = strCat("result ", i, " is ", (*outputs)[i].type().toString(), "; the request expects ",
                                 request.result_types[i].toString());
          return reply;
        }
      }
    }
    reply.kind = Reply::Kind::kOutputs;
    reply.outputs = std::move(*outputs);
    return reply;
  }

  static constexpr size_t kMaxCachedText = 1 << 20;
  static constexpr size_t kMaxCachedPrograms = 256;
  absl::flat_hash_map<std::string, std::shared_ptr<const Compiled>> cache_;
  std::optional<std::string> device_;  // empty: a device answered; else why none did
#endif
};

}  // namespace

std::unique_ptr<Backend> makeCudaBackend() { return std::make_unique<CudaBackend>(); }

}  // namespace hloconf::adapters
