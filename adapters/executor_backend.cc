#include "adapters/executor_backend.h"

#include <exception>
#include <new>

#include "ir/parser.h"
#include "ir/strings.h"

namespace hloconf::adapters {

BackendInfo executorInfo(std::string name) {
  BackendInfo info;
  info.name = std::move(name);
  info.version = HLOCONF_VERSION;
  for (OpId id : plan::plannableOps()) info.capabilities.ops.emplace_back(opName(id));
  return info;
}

Reply unsupportedReply(std::string message) {
  Reply reply;
  reply.kind = Reply::Kind::kUnsupported;
  reply.message = std::move(message);
  return reply;
}

Reply guardedRun(std::string_view executor, const std::function<Reply()>& execute) {
  const auto started = std::chrono::steady_clock::now();
  Reply reply;
  try {
    reply = execute();
  } catch (const std::bad_alloc&) {
    reply = Reply{};
    reply.message = strCat("the ", executor, " executor ran out of host memory");
  } catch (const std::exception& e) {
    reply = Reply{};
    reply.message = strCat("the ", executor, " executor failed: ", e.what());
  }
  reply.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return reply;
}

std::variant<plan::Plan, plan::Unsupported, std::string> planRequest(const Request& request) {
  auto module = parseModule(request.mlir, request.case_id);
  if (!module.ok()) return std::string(module.status().message());
  absl::StatusOr<plan::CompileResult> planned = plan::compile(*module, "main", request.mlir);
  if (!planned.ok()) return std::string(planned.status().message());
  if (auto* why = std::get_if<plan::Unsupported>(&*planned)) return std::move(*why);
  return std::move(std::get<plan::Plan>(*planned));
}

std::optional<std::chrono::steady_clock::time_point> requestDeadline(const Request& request) {
  if (request.timeout_seconds <= 0) return std::nullopt;
  return std::chrono::steady_clock::now() + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                                std::chrono::duration<double>(request.timeout_seconds));
}

Reply outputsReply(std::vector<Tensor> outputs, const Request& request, std::string_view whose) {
  Reply reply;  // kError unless the outputs are the request's
  if (!request.result_types.empty()) {
    if (outputs.size() != request.result_types.size()) {
      reply.message = strCat("@main returns ", outputs.size(), " results", whose, "; the request expects ",
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

}  // namespace hloconf::adapters
