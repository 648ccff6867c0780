// libFuzzer target for the reference evaluator: whatever parses is evaluated (every function that takes
// no arguments, with a small while-loop and call-depth budget), and no input may crash, hang or leak it.
// Errors and "unsupported" results are fine; only crashes and sanitizer reports are findings.
#include <cstdint>
#include <string_view>

#include "ir/parser.h"
#include "reference/interpreter.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  for (const hloconf::SourceChunk& chunk : hloconf::splitInputFile(text)) {
    auto module = hloconf::parseModule(text, "fuzz.mlir", chunk.begin, chunk.end);
    if (!module.ok()) continue;
    hloconf::ref::EvalOptions options;
    options.max_while_iterations = 1000;
    options.max_call_depth = 50;
    for (const hloconf::Operation* func : module->functions()) {
      if (func->regions.empty() || func->regions[0].blocks.empty() || !func->regions[0].blocks.front()->arguments.empty()) continue;
      hloconf::ref::Interpreter interp(*module, text, options);
      (void)interp.callFunction(*func, {});
    }
  }
  return 0;
}
