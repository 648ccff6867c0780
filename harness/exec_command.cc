// `hloconf exec`: runs a StableHLO program on hloconf's own cpu executor (or the reference) and prints its
// results like `hloconf eval`, with the wall time per run when asked to repeat: a fast StableHLO runner.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <new>
#include <string>
#include <vector>

#include "adapters/executor_backend.h"
#include "executors/cpu/executor.h"
#if defined(HLOCONF_HAVE_CUDA)
#include "executors/cuda/executor.h"
#endif
#include "executors/plan/plan.h"
#include "harness/commands.h"
#include "harness/options.h"
#include "ir/parser.h"
#include "ir/source_location.h"
#include "ir/strings.h"
#include "ir/verifier.h"
#include "reference/evaluate.h"
#include "reference/refine.h"
#include "reference/value.h"

namespace hloconf {

const char kExecUsage[] =
    "usage: hloconf exec FILE [--function NAME] [--arg LITERAL]... [--backend cpu|cuda|reference] [--repeat N]\n\n"
    "Runs one function of a StableHLO program (default @main) on hloconf's own cpu executor (default), its\n"
    "cuda executor or the reference evaluator, and prints its results as `hloconf eval` does. A program an\n"
    "executor cannot run yet is reported as unsupported with the op, its location and the reason (exit\n"
    "status 3); so is --backend cuda without a CUDA device or a build without the CUDA toolkit.\n"
    "A program with ? dimensions runs on the executors specialised to the arguments' shapes: the reference\n"
    "evaluates it once to learn the size of every ? (as `hloconf refine` does), then the executor compiles\n"
    "the program with those sizes.\n\n"
    "options:\n"
    "  --function NAME      run @NAME\n"
    "  --arg LITERAL        an argument, e.g. --arg 'dense<[1.0, 2.0]> : tensor<2xf32>' (repeatable)\n"
    "  --backend B          cpu (default), cuda or reference\n"
    "  --repeat N           run N times and print the wall time of each run, the minimum and the median\n"
    "                       (the executors compile the program once, before the first run); with cuda,\n"
    "                       also the device's time of the steps (`device: ...`, without the transfers)\n"
    "  --timeout S          stop a run after S seconds (default: none)\n"
    "  --memory-limit BYTES what one allocation may take (an option of every command: hloconf --help)\n\n"
    "Exit status: 0 when it ran; 2 on bad usage, an unreadable or invalid program or failed run;\n"
    "3 when the cpu executor does not support the program.\n";

namespace {

struct ExecOptions {
  std::string file, function = "main", backend = "cpu";
  std::vector<std::string> args;
  int repeat = 1;
  double timeout = 0;
};

int fail(const std::string& message) {
  std::fprintf(stderr, "hloconf exec: %s\n", message.c_str());
  return 2;
}

void printResults(const std::vector<Tensor>& results) {
  for (const Tensor& t : results) std::printf("%s\n", ref::toString(ref::RtValue::ofTensor(t)).c_str());
}

std::optional<std::chrono::steady_clock::time_point> deadline(double seconds) { return ref::deadlineAfter(seconds); }

void printTimes(std::vector<double> seconds) {
  if (seconds.size() < 2) return;
  for (size_t i = 0; i < seconds.size(); ++i) std::printf("run %zu: %.4g ms\n", i + 1, seconds[i] * 1e3);
  std::sort(seconds.begin(), seconds.end());
  std::printf("runs: %zu, min %.4g ms, median %.4g ms\n", seconds.size(), seconds.front() * 1e3,
              seconds[seconds.size() / 2] * 1e3);
}

// The plan of the function, or the exit status when there is none (2: invalid, 3: unsupported by `who`).
std::variant<plan::Plan, int> planFor(const Module& module, const std::string& text, const ExecOptions& options,
                                      const char* who) {
  absl::StatusOr<plan::CompileResult> planned = plan::compile(module, options.function, text);
  if (!planned.ok()) return fail(std::string(planned.status().message()));
  if (auto* why = std::get_if<plan::Unsupported>(&*planned)) {
    std::fprintf(stderr, "hloconf exec: unsupported by the %s executor: %s\n", who, why->message().c_str());
    return 3;
  }
  return std::move(std::get<plan::Plan>(*planned));
}

int execCuda(const Module& module, const std::string& text, const ExecOptions& options, const std::vector<Tensor>& inputs) {
#if !defined(HLOCONF_HAVE_CUDA)
  (void)module, (void)text, (void)options, (void)inputs;
  std::fprintf(stderr, "hloconf exec: unsupported: hloconf was built without the CUDA toolkit\n");
  return 3;
#else
  std::variant<plan::Plan, int> planned = planFor(module, text, options, "cuda");
  if (auto* status = std::get_if<int>(&planned)) return *status;
  auto lowered = cuda::lower(std::move(std::get<plan::Plan>(planned)));
  if (auto* why = std::get_if<plan::Unsupported>(&lowered)) {
    std::fprintf(stderr, "hloconf exec: unsupported by the cuda executor: %s\n", why->message().c_str());
    return 3;
  }
  if (absl::Status available = cuda::deviceAvailable(); !available.ok()) {
    std::fprintf(stderr, "hloconf exec: unsupported: %s\n", std::string(available.message()).c_str());
    return 3;
  }
  const auto& program = std::get<std::shared_ptr<const cuda::Program>>(lowered);
  std::vector<double> seconds, device_seconds;
  std::vector<Tensor> results;
  for (int r = 0; r < options.repeat; ++r) {
    cuda::RunOptions run_options;
    run_options.deadline = deadline(options.timeout);
    double device = 0;
    run_options.device_seconds = &device;
    const auto start = std::chrono::steady_clock::now();
    absl::StatusOr<std::vector<Tensor>> outputs = cuda::run(*program, inputs, run_options);
    seconds.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    device_seconds.push_back(device);
    if (!outputs.ok()) return fail(std::string(outputs.status().message()));
    results = std::move(*outputs);
  }
  printResults(results);
  printTimes(seconds);
  if (device_seconds.size() >= 2) {
    std::sort(device_seconds.begin(), device_seconds.end());
    std::printf("device: %zu, min %.4g ms, median %.4g ms\n", device_seconds.size(), device_seconds.front() * 1e3,
                device_seconds[device_seconds.size() / 2] * 1e3);
  }
  return 0;
#endif
}

int execCpu(const Module& module, const std::string& text, const ExecOptions& options, const std::vector<Tensor>& inputs) {
  std::variant<plan::Plan, int> planned = planFor(module, text, options, "cpu");
  if (auto* status = std::get_if<int>(&planned)) return *status;
  std::variant<cpu::Program, plan::Unsupported> lowered = cpu::lower(std::move(std::get<plan::Plan>(planned)));
  if (auto* why = std::get_if<plan::Unsupported>(&lowered)) {
    std::fprintf(stderr, "hloconf exec: unsupported by the cpu executor: %s\n", why->message().c_str());
    return 3;
  }
  const cpu::Program& program = std::get<cpu::Program>(lowered);
  std::vector<double> seconds;
  std::vector<Tensor> results;
  for (int r = 0; r < options.repeat; ++r) {
    cpu::RunOptions run_options;
    run_options.deadline = deadline(options.timeout);
    run_options.keep_buffers = options.repeat > 1;
    const auto start = std::chrono::steady_clock::now();
    absl::StatusOr<std::vector<Tensor>> outputs = cpu::run(program, inputs, run_options);
    seconds.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    if (!outputs.ok()) return fail(std::string(outputs.status().message()));
    results = std::move(*outputs);
  }
  printResults(results);
  printTimes(seconds);
  return 0;
}

int execReference(const Module& module, const std::string& text, const ExecOptions& options, const std::vector<Tensor>& inputs) {
  const Operation* func = module.findFunction(options.function);
  if (!func) return fail(strCat(moduleLocation(module, text), ": the program has no function @", options.function));
  std::vector<ref::RtValue> args;
  for (const Tensor& t : inputs) args.push_back(ref::RtValue::ofTensor(t));
  std::vector<double> seconds;
  ref::FunctionRun run;
  for (int r = 0; r < options.repeat; ++r) {
    ref::EvalOptions eval_options;
    eval_options.deadline = deadline(options.timeout);
    const auto start = std::chrono::steady_clock::now();
    run = ref::evaluateFunction(module, text, *func, args, 0, 0, eval_options);
    seconds.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    if (!run.status.ok()) return fail(std::string(run.status.message()));
  }
  for (const ref::RtValue& value : run.per_process.at(0)) std::printf("%s\n", ref::toString(value).c_str());
  printTimes(seconds);
  return 0;
}

}  // namespace

int runExecCommand(const std::vector<std::string>& args) {
  ExecOptions options;
  cli::Options cl("exec");
  CLI::App& app = cl.app();
  app.add_option("--function", options.function);
  cl.repeatable("--arg", options.args);
  app.add_option("--backend", options.backend)->check(CLI::IsMember({"cpu", "cuda", "reference"}));
  app.add_option("--repeat", options.repeat)->check(cli::countIn(1, 1000000));
  cl.seconds("--timeout", options.timeout);
  app.add_option("file", options.file);
  if (std::optional<int> status = cl.parse(args)) return *status;
  if (options.file.empty()) return cli::usageError("exec", "no program file");
  absl::StatusOr<std::string> text = readFile(options.file);
  if (!text.ok()) return fail(std::string(text.status().message()));
  absl::StatusOr<Module> module = parseModule(*text, options.file);
  if (!module.ok()) return fail(std::string(module.status().message()));
  // An invalid program (ir/verifier.h) goes to no executor: every diagnostic, then exit 2.
  if (ModuleVerification verification = verifyModule(*module); !verification.ok()) {
    for (const VerifierDiagnostic& d : verification.diagnostics)
      std::fprintf(stderr, "%s\n", formatVerifierDiagnostic(*module, *text, d).c_str());
    return fail(strCat(moduleLocation(*module, *text), ": the program is invalid (", verification.diagnostics.size(), " error",
                       verification.diagnostics.size() == 1 ? "" : "s", "): not run"));
  }
  absl::StatusOr<std::vector<Tensor>> inputs = parseTensorLiterals(options.args);
  if (!inputs.ok()) return fail(std::string(inputs.status().message()));
  if (options.backend != "reference" && ref::hasDynamicShapes(*module)) {
    // The executors plan static shapes: the program specialised to the arguments' shapes first.
    bool unsupported = false;
    if (absl::Status s = adapters::specialiseDynamicShapes(*module, *text, options.function, *inputs, deadline(options.timeout),
                                                           unsupported);
        !s.ok()) {
      if (!unsupported) return fail(std::string(s.message()));
      std::fprintf(stderr, "hloconf exec: unsupported by the %s executor: %s\n", options.backend.c_str(),
                   std::string(s.message()).c_str());
      return 3;
    }
  }
  try {
    if (options.backend == "cuda") return execCuda(*module, *text, options, *inputs);
    return options.backend == "cpu" ? execCpu(*module, *text, options, *inputs) : execReference(*module, *text, options, *inputs);
  } catch (const std::bad_alloc&) {
    // The last resort, for an allocation the memory limit did not foresee: a clean error, not an abort.
    return fail(strCat(moduleLocation(*module, *text), ": out of memory (an allocation failed; --memory-limit bounds those it checks)"));
  }
}

}  // namespace hloconf
