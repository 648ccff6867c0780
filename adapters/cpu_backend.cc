// The built-in `cpu` backend: our own CPU executor (executors/), in-process. A program it cannot run is
// an UNSUPPORTED reply with the executor's reason; a bad request is an ERROR reply, never a crash.
#include <chrono>
#include <memory>
#include <optional>
#include <exception>
#include <new>

#include "absl/container/flat_hash_map.h"
#include "adapters/backend.h"
#include "executors/cpu/executor.h"
#include "executors/plan/plan.h"
#include "ir/parser.h"
#include "ir/strings.h"

namespace hloconf::adapters {
namespace {

class CpuBackend : public Backend {
 public:
  absl::StatusOr<BackendInfo> start() override {
    BackendInfo info;
    info.name = "cpu";
    info.version = HLOCONF_VERSION;
    // The ops the plan compiler turns into steps; element types are decided per case (an op on a type
    // without a kernel is UNSUPPORTED with the reason), so that list stays empty.
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
      reply.message = "the cpu executor ran out of memory";
    } catch (const std::exception& e) {
      reply = Reply{};
      reply.message = strCat("the cpu executor failed: ", e.what());
    }
    reply.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return reply;
  }

 private:
  static Reply unsupported(std::string message) {
    Reply reply;
    reply.kind = Reply::Kind::kUnsupported;
    reply.message = std::move(message);
    return reply;
  }

  // A compiled program, or why it cannot run (Unsupported) or is refused (an error message).
  struct Compiled {
    std::shared_ptr<const cpu::Program> program;
    std::optional<plan::Unsupported> unsupported;
    std::string error;
  };

  // Parses, plans and lowers `request.mlir`; a program seen before comes from the cache, keyed by its
  // text (every conformance case is a new program, but a benchmark or `exec --repeat` runs one many times).
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
      std::variant<cpu::Program, plan::Unsupported> lowered = cpu::lower(std::move(std::get<plan::Plan>(*planned)));
      if (auto* why = std::get_if<plan::Unsupported>(&lowered)) compiled->unsupported = *why;
      else compiled->program = std::make_shared<const cpu::Program>(std::move(std::get<cpu::Program>(lowered)));
    }
    // Bounded: small programs only (a large constant is not worth keeping), and a full cache starts over.
    if (request.mlir.size() <= kMaxCachedText) {
      if (cache_.size() >= kMaxCachedPrograms) cache_.clear();
      cache_.emplace(request.mlir, compiled);
    }
    return compiled;
  }

  Reply execute(const Request& request) {
    Reply reply;  // kError until it has outputs
    std::shared_ptr<const Compiled> compiled = compile(request);
    if (!compiled->error.empty()) {
      reply.message = compiled->error;
      return reply;
    }
    if (compiled->unsupported) return unsupported(compiled->unsupported->message());
    cpu::RunOptions options;
    options.infeed = &request.infeed;
    if (request.timeout_seconds > 0)
      options.deadline = std::chrono::steady_clock::now() +
                         std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                             std::chrono::duration<double>(request.timeout_seconds));
    // One thread per process of the grid; the outputs per process, then per result.
    absl::StatusOr<std::vector<std::vector<Tensor>>> per_process =
        cpu::runGrid(*compiled->program, request.inputs, request.num_replicas, request.num_partitions, options);
    if (!per_process.ok()) {
      if (per_process.status().code() == absl::StatusCode::kDeadlineExceeded) reply.kind = Reply::Kind::kTimeout;
      reply.message = std::string(per_process.status().message());
      return reply;
    }
    std::vector<Tensor> outputs;
    for (std::vector<Tensor>& process : *per_process)
      for (Tensor& output : process) outputs.push_back(std::move(output));
    if (!request.result_types.empty()) {
      if (outputs.size() != request.result_types.size()) {
        reply.message = strCat("@main returns ", outputs.size(), " results (over every process); the request expects ",
                               request.result_types.size());
        return reply;
      }
      for (size_t i = 0; i < outputs.size(); ++i) {
        if (outputs[i].type() != request.result_types[i]) {
          reply.message = strCat("result ", i, " is ", outputs[i].type().toString(), "; the request expects ",
                                 request.result_types[i].toString());
          return reply;
        }
      }
    }
    reply.kind = Reply::Kind::kOutputs;
    reply.outputs = std::move(outputs);
    return reply;
  }

  static constexpr size_t kMaxCachedText = 1 << 20;
  static constexpr size_t kMaxCachedPrograms = 256;
  absl::flat_hash_map<std::string, std::shared_ptr<const Compiled>> cache_;
};

}  // namespace

std::unique_ptr<Backend> makeCpuBackend() { return std::make_unique<CpuBackend>(); }

}  // namespace hloconf::adapters
