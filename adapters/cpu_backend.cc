// The built-in `cpu` backend: our own CPU executor (executors/), in-process. A program it cannot run is
// an UNSUPPORTED reply with the executor's reason; a bad request is an ERROR reply, never a crash.
#include <chrono>
#include <exception>
#include <new>

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

  static Reply execute(const Request& request) {
    Reply reply;  // kError until it has outputs
    if (request.num_replicas * request.num_partitions != 1)
      return unsupported("programs on more than one process are not supported yet");
    if (!request.infeed.empty()) return unsupported("infeed is not supported yet");
    auto module = parseModule(request.mlir, request.case_id);
    if (!module.ok()) {
      reply.message = std::string(module.status().message());
      return reply;
    }
    absl::StatusOr<plan::CompileResult> compiled = plan::compile(*module, "main", request.mlir);
    if (!compiled.ok()) {
      reply.message = std::string(compiled.status().message());
      return reply;
    }
    if (auto* why = std::get_if<plan::Unsupported>(&*compiled)) return unsupported(why->message());
    std::variant<cpu::Program, plan::Unsupported> lowered = cpu::lower(std::move(std::get<plan::Plan>(*compiled)));
    if (auto* why = std::get_if<plan::Unsupported>(&lowered)) return unsupported(why->message());
    const cpu::Program& program = std::get<cpu::Program>(lowered);
    absl::StatusOr<std::vector<Tensor>> outputs = cpu::run(program, request.inputs);
    if (!outputs.ok()) {
      reply.message = std::string(outputs.status().message());
      return reply;
    }
    if (!request.result_types.empty()) {
      if (outputs->size() != request.result_types.size()) {
        reply.message = strCat("@main returns ", outputs->size(), " results; the request expects ",
                               request.result_types.size());
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
};

}  // namespace

std::unique_ptr<Backend> makeCpuBackend() { return std::make_unique<CpuBackend>(); }

}  // namespace hloconf::adapters
