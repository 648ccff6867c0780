// libFuzzer target for the static verifier, the reference evaluator and the cpu executor: whatever parses is
// verified (ir/verifier.h), then evaluated, invalid or not, since neither may crash on any program (every
// function that takes no arguments, with a small while-loop and call-depth budget) and compiled and run
// by the cpu executor (with a deadline), and no input may crash, hang or leak either. Errors and
// "unsupported" results are fine; only crashes and sanitizer reports are findings.
#include <chrono>
#include <cstdint>
#include <string_view>
#include <variant>

#include "executors/cpu/executor.h"
#include "executors/plan/plan.h"
#include "ir/parser.h"
#include "ir/resource_limits.h"
#include "ir/verifier.h"
#include "reference/interpreter.h"

namespace {

// The executor's run of `function`, if it compiles, with values small enough for the fuzzer's memory
// budget (the memory limit, 1 GiB here, is for real programs).
void runOnCpuExecutor(const hloconf::Module& module, std::string_view text, std::string_view function) {
  auto planned = hloconf::plan::compile(module, function, text);
  if (!planned.ok() || !std::holds_alternative<hloconf::plan::Plan>(*planned)) return;
  const hloconf::plan::Plan& plan = std::get<hloconf::plan::Plan>(*planned);
  for (const hloconf::Type& type : plan.slot_types)
    if (type.numElements() > (int64_t{1} << 20)) return;
  auto lowered = hloconf::cpu::lower(plan);
  if (!std::holds_alternative<hloconf::cpu::Program>(lowered)) return;
  hloconf::cpu::RunOptions options;
  options.deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(200);
  (void)hloconf::cpu::run(std::get<hloconf::cpu::Program>(lowered), {}, options);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  // One allocation a program's sizes decide stays within the fuzzer's memory budget (-rss_limit_mb).
  hloconf::setMemoryLimit(uint64_t{1} << 30);
  std::string_view text(reinterpret_cast<const char*>(data), size);
  for (const hloconf::SourceChunk& chunk : hloconf::splitInputFile(text)) {
    auto module = hloconf::parseModule(text, "fuzz.mlir", chunk.begin, chunk.end);
    if (!module.ok()) continue;
    for (const hloconf::VerifierDiagnostic& d : hloconf::verifyModule(*module).diagnostics)
      (void)hloconf::formatVerifierDiagnostic(*module, text, d);
    hloconf::ref::EvalOptions options;
    options.max_while_iterations = 1000;
    options.max_call_depth = 50;
    for (const hloconf::Operation* func : module->functions()) {
      if (func->regions.empty() || func->regions[0].blocks.empty() || !func->regions[0].blocks.front()->arguments.empty()) continue;
      hloconf::ref::Interpreter interp(*module, text, options);
      (void)interp.callFunction(*func, {});
      runOnCpuExecutor(*module, text, hloconf::functionName(*func));
    }
  }
  return 0;
}
