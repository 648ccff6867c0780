// `hloconf refine`: print a program with its `?` dimensions replaced by the sizes they have when one
// function runs on given arguments.
//
// The function is evaluated by ref::Interpreter, whose observer hook reports the run-time type of every
// value it binds (block arguments and op results, in regions that kernels run too). A value seen with
// different shapes (a loop-carried value that grows, a function called with different shapes, a reduce
// body run on several elements) keeps `?` where the shapes differ, and values that never get computed (an
// if branch not taken) keep their declared types. The module is printed in generic form (ir/printer.h).
#include <cstdio>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "harness/commands.h"
#include "ir/asm_parser.h"
#include "ir/parser.h"
#include "ir/printer.h"
#include "ir/status_macros.h"
#include "ir/strings.h"
#include "reference/interpreter.h"
#include "reference/kernels.h"
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

// `declared` with the dimensions of `observed` where `declared` has `?` (tensors, and tuples of them).
Type refinedType(const Type& declared, const Type& observed) {
  if (declared.kind() == Type::Kind::kTuple && observed.kind() == Type::Kind::kTuple &&
      declared.tupleElements().size() == observed.tupleElements().size()) {
    std::vector<Type> elements;
    for (size_t i = 0; i < declared.tupleElements().size(); ++i) elements.push_back(refinedType(declared.tupleElements()[i], observed.tupleElements()[i]));
    return Type::tuple(std::move(elements));
  }
  if (!declared.isTensor() || !observed.isTensor() || declared.rank() != observed.rank() || declared.hasStaticShape()) return declared;
  std::vector<int64_t> shape = declared.shape();
  for (size_t d = 0; d < shape.size(); ++d) {
    if (shape[d] == kDynamicSize) shape[d] = observed.shape()[d];
  }
  bool dynamic = false;
  for (int64_t d : shape) dynamic = dynamic || d == kDynamicSize;
  return Type::tensor(shape, declared.tensorElement(), dynamic ? declared.bounds() : std::vector<int64_t>{});
}

// Two observations of one value: dimensions that differ become `?` again.
Type mergedType(const Type& a, const Type& b) {
  if (a == b) return a;
  if (a.kind() == Type::Kind::kTuple && b.kind() == Type::Kind::kTuple && a.tupleElements().size() == b.tupleElements().size()) {
    std::vector<Type> elements;
    for (size_t i = 0; i < a.tupleElements().size(); ++i) elements.push_back(mergedType(a.tupleElements()[i], b.tupleElements()[i]));
    return Type::tuple(std::move(elements));
  }
  if (!a.isTensor() || !b.isTensor() || a.rank() != b.rank()) return a;
  std::vector<int64_t> shape = a.shape();
  for (size_t d = 0; d < shape.size(); ++d) {
    if (shape[d] != b.shape()[d]) shape[d] = kDynamicSize;
  }
  return Type::tensor(shape, a.tensorElement());
}


// The run-time type of every value the interpreter binds (its observer hook), merged over observations.
class TypeRecorder {
 public:
  void record(const Value* v, const RtValue& value) {
    const Type type = value.type();
    auto [it, inserted] = observed_.try_emplace(v, type);
    if (!inserted) it->second = mergedType(it->second, type);
  }
  const absl::flat_hash_map<const Value*, Type>& observed() const { return observed_; }

 private:
  absl::flat_hash_map<const Value*, Type> observed_;
};

absl::StatusOr<std::vector<RtValue>> parseArgumentTexts(const std::vector<std::string>& texts) {
  ASSIGN_OR_RETURN(std::vector<Tensor> tensors, parseTensorLiterals(texts));
  std::vector<RtValue> values;
  for (Tensor& tensor : tensors) values.push_back(RtValue::ofTensor(std::move(tensor)));
  return values;
}

// Writes the observed types into the module's values, and the function_type of every function whose
// entry block or returned values were observed (a function never called keeps its declared types, so its
// function_type would not change anyway).
void applyTypes(Module& module, const TypeRecorder& recorder) {
  for (const auto& [value, type] : recorder.observed()) {
    Value* v = const_cast<Value*>(value);  // the values belong to `module`, which this command owns
    v->type = refinedType(v->type, type);
  }
  for (const Operation* f : module.functions()) {
    if (f->regions.empty() || f->regions[0].blocks.empty()) continue;
    Operation* func = const_cast<Operation*>(f);
    const Block& entry = *func->regions[0].blocks.front();
    std::vector<Type> inputs, results;
    for (const auto& arg : entry.arguments) inputs.push_back(arg->type);
    if (entry.operations.empty() || entry.operations.back()->name != "func.return") continue;
    for (const Value* v : entry.operations.back()->operands) results.push_back(v->type);
    for (NamedAttr& a : func->properties) {
      if (a.name == "function_type") a.value = Attribute::type(Type::function(inputs, results));
    }
    for (NamedAttr& a : func->attributes) {
      if (a.name == "function_type") a.value = Attribute::type(Type::function(inputs, results));
    }
  }
}

}  // namespace

int runRefineCommand(const std::vector<std::string>& args) {
  std::string function;
  std::vector<std::string> arg_texts, sources;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (arg == "--function" || arg == "--arg" || arg == "--args") {
      if (i + 1 >= args.size()) {
        std::fprintf(stderr, "hloconf refine: %s needs a value\n\n%s", arg.c_str(), kRefineUsage);
        return 2;
      }
      const std::string& value = args[++i];
      if (arg == "--function") {
        function = value;
      } else if (arg == "--arg") {
        arg_texts.push_back(value);
      } else {
        size_t start = 0;
        while (start <= value.size()) {
          size_t end = value.find(';', start);
          if (end == std::string::npos) end = value.size();
          std::string piece = value.substr(start, end - start);
          if (piece.find_first_not_of(" \t") != std::string::npos) arg_texts.push_back(piece);
          start = end + 1;
        }
      }
    } else if (!arg.empty() && arg[0] == '-') {
      std::fprintf(stderr, "hloconf refine: unknown option '%s'\n\n%s", arg.c_str(), kRefineUsage);
      return 2;
    } else {
      sources.push_back(arg);
    }
  }
  if (sources.size() != 1) {
    std::fputs(kRefineUsage, stderr);
    return 2;
  }
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
  ref::Interpreter interp(*module, *text);
  TypeRecorder recorder;
  interp.setObserver([&recorder](const Value* v, const RtValue& value) { recorder.record(v, value); });
  auto results = interp.callFunction(*func, std::move(*values));
  if (!results.ok()) {
    std::fprintf(stderr, "%s\n", std::string(results.status().message()).c_str());
    return 2;
  }
  applyTypes(*module, recorder);
  std::fputs(printModule(*module).c_str(), stdout);
  return 0;
}

}  // namespace hloconf
