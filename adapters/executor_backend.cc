#include "adapters/executor_backend.h"

#include <exception>
#include <new>

#include "ir/parser.h"
#include "reference/refine.h"
#include "ir/strings.h"

namespace hloconf::adapters {

BackendInfo executorInfo(std::string name) {
  BackendInfo info;
  info.name = std::move(name);
  info.version = HLOCONF_VERSION;
  for (OpId id : plan::plannableOps()) info.capabilities.ops.emplace_back(opName(id));
  info.capabilities.verify = true;  // with hloconf's verifier, the executors' front end (verifyWithHloconf)
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

std::string dynamicInputsKey(const std::vector<Tensor>& inputs) {
  std::string key;
  for (const Tensor& input : inputs) {
    key += strCat(key.empty() ? "" : ";", input.type().toString());
    // A shape may come from an input's values (a size passed as an argument): small integer inputs count.
    if (input.type().isTensor() && input.type().hasStaticShape() && isInteger(input.elementType()) &&
        input.numElements() <= kSmallIntegerInput) {
      key += " =";
      for (int64_t i = 0; i < input.numElements(); ++i) strAppend(&key, " ", input.bits(i));
    }
  }
  return key;
}

absl::Status specialiseDynamicShapes(Module& module, std::string_view text, std::string_view function,
                                     const std::vector<Tensor>& inputs,
                                     std::optional<std::chrono::steady_clock::time_point> deadline, bool& unsupported) {
  unsupported = false;
  const Operation* func = module.findFunction(function);
  if (!func) return absl::InvalidArgumentError(strCat("the program has no function @", function));
  std::vector<ref::RtValue> args;
  for (const Tensor& input : inputs) args.push_back(ref::RtValue::ofTensor(input));
  ref::EvalOptions options;
  options.deadline = deadline;
  absl::Status refined = ref::refineShapes(module, text, *func, std::move(args), options);
  if (refined.ok()) return refined;
  unsupported = refined.code() == absl::StatusCode::kUnimplemented;
  return absl::Status(refined.code(), strCat("specialising the ? dimensions to the inputs' shapes: ", refined.message()));
}

std::variant<plan::Plan, plan::Unsupported, std::string> planRequest(const Request& request) {
  auto module = parseModule(request.mlir, request.case_id);
  if (!module.ok()) return std::string(module.status().message());
  const bool dynamic = ref::hasDynamicShapes(*module);
  if (dynamic) {
    if (request.num_replicas * request.num_partitions > 1)
      return plan::Unsupported{"func.func", request.case_id, "? dimensions in a program run on a process grid"};
    bool unsupported = false;
    if (absl::Status s = specialiseDynamicShapes(*module, request.mlir, "main", request.inputs, requestDeadline(request), unsupported);
        !s.ok()) {
      if (unsupported) return plan::Unsupported{"func.func", request.case_id, std::string(s.message())};
      return std::string(s.message());
    }
  }
  absl::StatusOr<plan::CompileResult> planned = plan::compile(*module, "main", request.mlir);
  if (!planned.ok()) return std::string(planned.status().message());
  if (auto* why = std::get_if<plan::Unsupported>(&*planned)) return std::move(*why);
  plan::Plan& plan = std::get<plan::Plan>(*planned);
  plan.specialised = dynamic;
  return std::move(plan);
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
