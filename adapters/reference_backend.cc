// The built-in `reference` backend: the reference evaluator, in-process, answering requests the way an
// external backend would (outputs as plain tensors, without the golden's marks and bounds).
#include <chrono>

#include "adapters/backend.h"
#include "ir/parser.h"
#include "ir/strings.h"
#include "ir/verifier.h"
#include "reference/evaluate.h"

namespace hloconf::adapters {
namespace {

bool matchesList(const std::vector<std::string>& list, std::string_view item) {
  if (list.empty()) return true;
  for (const std::string& entry : list)
    if (entry == item || entry == "*") return true;
  return false;
}

class ReferenceBackend : public Backend {
 public:
  absl::StatusOr<BackendInfo> start() override {
    BackendInfo info;
    info.name = "reference";
    info.version = HLOCONF_VERSION;
    info.capabilities.verify = true;
    return info;  // empty op and type lists: every op and element type (it says "unsupported" per case)
  }

  VerifyReply verify(const Request& request) override { return verifyWithHloconf(request); }

  Reply run(const Request& request) override {
    auto started = std::chrono::steady_clock::now();
    Reply reply = evaluate(request, started);
    reply.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return reply;
  }

 private:
  static Reply evaluate(const Request& request, std::chrono::steady_clock::time_point started) {
    Reply reply;
    auto module = parseModule(request.mlir, request.case_id);
    if (!module.ok()) {
      reply.message = std::string(module.status().message());
      return reply;
    }
    const Operation* main = module->findFunction("main");
    if (!main) {
      reply.message = "the program has no @main";
      return reply;
    }
    std::vector<ref::RtValue> args;
    for (const Tensor& t : request.inputs) args.push_back(ref::RtValue::ofTensor(t));
    ref::EvalOptions options;
    options.deadline = ref::deadlineAfter(request.timeout_seconds, started);
    ref::InfeedQueue infeed;
    for (const std::vector<Tensor>& entry : request.infeed) {
      std::vector<ref::RtValue> payload;
      for (const Tensor& t : entry) payload.push_back(ref::RtValue::ofTensor(t));
      infeed.entries.push_back(std::move(payload));
    }
    ref::FunctionRun run = ref::evaluateFunction(*module, request.mlir, *main, args, request.num_replicas,
                                                 request.num_partitions, options, request.infeed.empty() ? nullptr : &infeed);
    if (!run.status.ok()) {
      reply.kind = run.status.code() == absl::StatusCode::kUnimplemented        ? Reply::Kind::kUnsupported
                   : run.status.code() == absl::StatusCode::kDeadlineExceeded ? Reply::Kind::kTimeout
                                                                              : Reply::Kind::kError;
      reply.message = std::string(run.status.message());
      return reply;
    }
    for (auto& process : run.per_process) {
      for (ref::RtValue& value : process) {
        if (!value.isTensor()) {
          reply.kind = Reply::Kind::kError;
          reply.message = "a result is a token or tuple; the protocol carries tensors only";
          reply.outputs.clear();
          return reply;
        }
        reply.outputs.push_back(std::move(value.tensor));
      }
    }
    reply.kind = Reply::Kind::kOutputs;
    return reply;
  }
};

}  // namespace

VerifyReply Backend::verify(const Request&) {
  VerifyReply reply;
  reply.kind = VerifyReply::Kind::kNotAsked;
  reply.message = "the backend does not implement verify requests";
  return reply;
}

VerifyReply verifyWithHloconf(const Request& request) {
  const auto started = std::chrono::steady_clock::now();
  VerifyReply reply;
  auto module = parseModule(request.mlir, request.case_id);
  if (!module.ok()) {
    // Text that does not parse is refused too (a compiler's parser would refuse it).
    reply.kind = VerifyReply::Kind::kRejected;
    reply.message = std::string(module.status().message());
  } else if (ModuleVerification verification = verifyModule(*module); !verification.ok()) {
    reply.kind = VerifyReply::Kind::kRejected;
    reply.message = formatVerifierDiagnostic(*module, request.mlir, verification.diagnostics.front());
  } else {
    reply.kind = VerifyReply::Kind::kAccepted;
  }
  reply.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return reply;
}

bool Capabilities::supportsOp(std::string_view op) const { return matchesList(ops, op); }
bool Capabilities::supportsElementType(std::string_view element_type) const {
  return matchesList(element_types, element_type);
}

std::unique_ptr<Backend> makeReferenceBackend() { return std::make_unique<ReferenceBackend>(); }

}  // namespace hloconf::adapters
