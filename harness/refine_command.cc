// `hloconf refine`: print a program with its `?` dimensions replaced by the sizes they have when one
// function runs on given arguments (reference/refine.h), in generic form (ir/printer.h).
#include <cstdio>
#include <string>
#include <vector>

#include "harness/commands.h"
#include "harness/options.h"
#include "ir/asm_parser.h"
#include "ir/parser.h"
#include "ir/printer.h"
#include "ir/status_macros.h"
#include "ir/strings.h"
#include "reference/kernels.h"
#include "reference/refine.h"
#include "reference/numerics.h"

namespace hloconf {

const char kRefineUsage[] =
    "usage: hloconf refine FILE --arg LITERAL ... [--function NAME]\n\n"
    "Evaluates one function of FILE on the given arguments with the reference evaluator and prints the\n"
    "module (generic form) with every `?` dimension replaced by the size it has at run time.\n"
    "Which function runs: --function NAME; else @main; else the one function taking as many arguments\n"
    "as were given. A value seen with different shapes (loops, repeated calls) keeps `?` where they\n"
    "differ; values never computed (branches not taken) keep their types.\n\n"
    "options:\n"
    "  --function NAME      evaluate function @NAME\n"
    "  --arg LITERAL        an argument, e.g. --arg 'dense<[1.0, 2.0]> : tensor<2xf32>' (repeatable)\n"
    "  --args LITERALS      arguments separated by ';'\n\n"
    "Exit status: 0 when the function evaluated and the module was printed; 2 otherwise (the error,\n"
    "e.g. 'undefined behaviour: ...' for a run-time shape mismatch, goes to stderr).\n";

namespace {

using ref::RtValue;

absl::StatusOr<std::vector<RtValue>> parseArgumentTexts(const std::vector<std::string>& texts) {
  ASSIGN_OR_RETURN(std::vector<Tensor> tensors, parseTensorLiterals(texts));
  std::vector<RtValue> values;
  for (Tensor& tensor : tensors) values.push_back(RtValue::ofTensor(std::move(tensor)));
  return values;
}

}  // namespace

int runRefineCommand(const std::vector<std::string>& args) {
  std::string function;
  std::vector<std::string> sources;
  cli::Options cl("refine");
  cl.app().add_option("--function", function);
  cl.addTensorArguments();
  cl.app().add_option("file", sources);
  if (std::optional<int> status = cl.parse(args)) return *status;
  if (sources.size() != 1) return cli::usageError("refine", sources.empty() ? "no program file" : "one program at a time");
  const std::vector<std::string> arg_texts = cl.tensorArguments();
  auto values = parseArgumentTexts(arg_texts);
  if (!values.ok()) {
    std::fprintf(stderr, "%s\n", std::string(values.status().message()).c_str());
    return 2;
  }
  const std::string& path = sources[0];
  auto text = readFile(path);
  if (!text.ok()) {
    std::fprintf(stderr, "%s\n", std::string(text.status().message()).c_str());
    return 2;
  }
  auto module = parseModule(*text, path, 0, text->size());
  if (!module.ok()) {
    std::fprintf(stderr, "%s\n", std::string(module.status().message()).c_str());
    return 2;
  }
  const Operation* func = nullptr;
  if (!function.empty()) {
    func = module->findFunction(function);
    if (!func) {
      std::fprintf(stderr, "%s: error: no function @%s in this module\n", path.c_str(), function.c_str());
      return 2;
    }
  } else if (!(func = module->findFunction("main"))) {
    for (const Operation* f : module->functions()) {
      if (f->regions.empty() || f->regions[0].blocks.empty() || f->regions[0].blocks.front()->arguments.size() != values->size()) continue;
      if (func) {
        std::fprintf(stderr, "%s: error: several functions take %zu argument(s); name one with --function\n", path.c_str(), values->size());
        return 2;
      }
      func = f;
    }
    if (!func) {
      std::fprintf(stderr, "%s: error: no @main and no function taking %zu argument(s)\n", path.c_str(), values->size());
      return 2;
    }
  }
  if (absl::Status refined = ref::refineShapes(*module, *text, *func, std::move(*values)); !refined.ok()) {
    std::fprintf(stderr, "%s\n", std::string(refined.message()).c_str());
    return 2;
  }
  std::fputs(printModule(*module).c_str(), stdout);
  return 0;
}

}  // namespace hloconf
