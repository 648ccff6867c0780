// What the in-process backends of our own executors (`cpu`, `cuda`) share: the handshake, exceptions turned
// into ERROR replies, a request's plan and deadline, the check of the outputs against the request, and a
// bounded cache of compiled programs by program text (every conformance case is a new program, but a
// benchmark or `exec --repeat` runs one many times).
#ifndef HLOCONF_ADAPTERS_EXECUTOR_BACKEND_H_
#define HLOCONF_ADAPTERS_EXECUTOR_BACKEND_H_

#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "adapters/backend.h"
#include "executors/plan/plan.h"

namespace hloconf::adapters {

// The handshake of executor `name`: the plannable ops; element types are decided per case (an op on a type
// without a kernel is UNSUPPORTED with the reason), so that list stays empty.
BackendInfo executorInfo(std::string name);

Reply unsupportedReply(std::string message);

// execute(), with the time it took; an exception becomes an ERROR reply naming `executor`.
Reply guardedRun(std::string_view executor, const std::function<Reply()>& execute);

// request.mlir parsed and @main planned: the plan, what the planner cannot run, or why the program is refused.
std::variant<plan::Plan, plan::Unsupported, std::string> planRequest(const Request& request);

// When a run of `request` must stop (none for timeout_seconds 0).
std::optional<std::chrono::steady_clock::time_point> requestDeadline(const Request& request);

// The reply of a run that produced `outputs`: an ERROR when their count or types are not the request's
// (`whose` says over what they were counted, e.g. " (over every process)"), else the outputs.
Reply outputsReply(std::vector<Tensor> outputs, const Request& request, std::string_view whose = "");

// A compiled program (of any executor), or why not: Unsupported, or an error message.
template <class Program>
struct Compiled {
  std::shared_ptr<const Program> program;
  std::optional<plan::Unsupported> unsupported;
  std::string error;
};

// Compiles request.mlir with `lower` (plan -> the executor's program or Unsupported) once per program text.
template <class Program>
class ProgramCache {
 public:
  using Lower = std::function<std::variant<std::shared_ptr<const Program>, plan::Unsupported>(plan::Plan)>;

  std::shared_ptr<const Compiled<Program>> get(const Request& request, const Lower& lower) {
    if (auto cached = cache_.find(request.mlir); cached != cache_.end()) return cached->second;
    auto compiled = std::make_shared<Compiled<Program>>();
    std::variant<plan::Plan, plan::Unsupported, std::string> planned = planRequest(request);
    if (auto* error = std::get_if<std::string>(&planned)) {
      compiled->error = std::move(*error);
    } else if (auto* why = std::get_if<plan::Unsupported>(&planned)) {
      compiled->unsupported = std::move(*why);
    } else {
      auto lowered = lower(std::move(std::get<plan::Plan>(planned)));
      if (auto* not_lowered = std::get_if<plan::Unsupported>(&lowered)) compiled->unsupported = std::move(*not_lowered);
      else compiled->program = std::move(std::get<std::shared_ptr<const Program>>(lowered));
    }
    // Bounded: small programs only (a large constant is not worth keeping), and a full cache starts over.
    if (request.mlir.size() <= kMaxCachedText) {
      if (cache_.size() >= kMaxCachedPrograms) cache_.clear();
      cache_.emplace(request.mlir, compiled);
    }
    return compiled;
  }

 private:
  static constexpr size_t kMaxCachedText = 1 << 20;
  static constexpr size_t kMaxCachedPrograms = 256;
  absl::flat_hash_map<std::string, std::shared_ptr<const Compiled<Program>>> cache_;
};

}  // namespace hloconf::adapters

#endif  // HLOCONF_ADAPTERS_EXECUTOR_BACKEND_H_
