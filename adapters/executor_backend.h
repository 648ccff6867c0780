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
#include "ir/strings.h"

namespace hloconf::adapters {

// The handshake of executor `name`: the plannable ops; element types are decided per case (an op on a type
// without a kernel is UNSUPPORTED with the reason), so that list stays empty.
BackendInfo executorInfo(std::string name);

Reply unsupportedReply(std::string message);

// execute(), with the time it took; an exception becomes an ERROR reply naming `executor`.
Reply guardedRun(std::string_view executor, const std::function<Reply()>& execute);

// request.mlir parsed and @main planned: the plan, what the planner cannot run, or why the program is refused.
// A program with `?` dimensions is planned specialised to the shapes of request.inputs (see below).
std::variant<plan::Plan, plan::Unsupported, std::string> planRequest(const Request& request);

// Dynamic shapes: the executors plan static shapes only, so a program with `?` dimensions is first refined
// to the shapes its values have when `function` runs on `inputs` (reference/refine.h: one evaluation by the
// reference, whose observed types are written into the module). Values the run never computes (a branch
// not taken) keep their `?` and are UNSUPPORTED by the planner. An error when the evaluation fails (the
// program is wrong for these inputs, or the deadline passed); Unsupported (`unsupported` set) for what the
// refinement cannot do: programs on a process grid, or ops the reference does not evaluate.
absl::Status specialiseDynamicShapes(Module& module, std::string_view text, std::string_view function,
                                     const std::vector<Tensor>& inputs,
                                     std::optional<std::chrono::steady_clock::time_point> deadline, bool& unsupported);

// The types of `inputs`, and the values of the small integer ones, as one key ("tensor<2x3xf32>;tensor<i64> =
// 5"): a dynamic program's plans are cached per key, since its shapes may come from its inputs' shapes or
// from sizes passed as arguments. (A shape computed from a larger input's values is caught when the plan
// runs: plan::ShapeCheck.)
inline constexpr int64_t kSmallIntegerInput = 16;
std::string dynamicInputsKey(const std::vector<Tensor>& inputs);

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
  bool dynamic = false;  // the program has `?` dimensions: this entry is for one set of input types
};

// Compiles request.mlir with `lower` (plan -> the executor's program or Unsupported) once per program text.
template <class Program>
class ProgramCache {
 public:
  using Lower = std::function<std::variant<std::shared_ptr<const Program>, plan::Unsupported>(plan::Plan)>;

  std::shared_ptr<const Compiled<Program>> get(const Request& request, const Lower& lower) {
    // A program with `?` dimensions has one plan per dynamicInputsKey, under its text plus that key.
    std::string shaped_key;
    auto cached = cache_.find(request.mlir);
    if (cached != cache_.end() && cached->second->dynamic) {
      shaped_key = strCat(request.mlir, "\n// inputs: ", dynamicInputsKey(request.inputs));
      cached = cache_.find(shaped_key);
    }
    if (cached != cache_.end()) return cached->second;
    auto compiled = std::make_shared<Compiled<Program>>();
    std::variant<plan::Plan, plan::Unsupported, std::string> planned = planRequest(request);
    if (auto* error = std::get_if<std::string>(&planned)) {
      compiled->error = std::move(*error);
    } else if (auto* why = std::get_if<plan::Unsupported>(&planned)) {
      compiled->unsupported = std::move(*why);
    } else {
      compiled->dynamic = std::get<plan::Plan>(planned).specialised;
      auto lowered = lower(std::move(std::get<plan::Plan>(planned)));
      if (auto* not_lowered = std::get_if<plan::Unsupported>(&lowered)) compiled->unsupported = std::move(*not_lowered);
      else compiled->program = std::move(std::get<std::shared_ptr<const Program>>(lowered));
    }
    // Bounded: small programs only (a large constant is not worth keeping), and a full cache starts over.
    if (request.mlir.size() <= kMaxCachedText) {
      if (cache_.size() + 2 > kMaxCachedPrograms) cache_.clear();
      if (compiled->dynamic) {
        // A marker under the text alone (no program: the text says "look up with the input types").
        auto marker = std::make_shared<Compiled<Program>>();
        marker->dynamic = true;
        cache_.insert_or_assign(request.mlir, std::move(marker));
        if (shaped_key.empty()) shaped_key = strCat(request.mlir, "\n// inputs: ", dynamicInputsKey(request.inputs));
        cache_.emplace(std::move(shaped_key), compiled);
      } else {
        cache_.emplace(request.mlir, compiled);
      }
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
