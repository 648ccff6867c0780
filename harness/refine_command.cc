// `hloconf refine`: print a program with its `?` dimensions replaced by the sizes they have when one
// function runs on given arguments.
//
// The function is evaluated by a small tracing walker that mirrors ref::Interpreter's structure (calls,
// composite, while, if, case, optimization_barrier, returns) and sends every other op to its kernel, and
// that records the run-time type of every value it defines. The interpreter has no hook to observe values,
// so this walker repeats its control flow; a value seen with different shapes (a loop-carried value that
// grows, a function called with different shapes) keeps `?` where the shapes differ, and values that never
// get computed (an if branch not taken, the bodies of reduce/sort/scatter/map that kernels run
// themselves) keep their declared types. The module is printed in generic form (ir/printer.h).
#include <cstdio>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "harness/commands.h"
#include "ir/asm_parser.h"
#include "ir/parser.h"
#include "ir/printer.h"
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
    "differ; values never computed (branches not taken, regions run inside kernels) keep their types.\n\n"
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


// Evaluates like ref::Interpreter, recording the run-time type of every value it defines.
class Tracer {
 public:
  explicit Tracer(ref::Interpreter& interp) : interp_(interp) {}

  absl::StatusOr<std::vector<RtValue>> call(const Operation& func, std::vector<RtValue> args) {
    if (func.regions.empty() || func.regions[0].blocks.empty()) {
      return interp_.opError(func, strCat("function @", functionName(func), " has no body"));
    }
    const Block& entry = *func.regions[0].blocks.front();
    if (args.size() != entry.arguments.size()) {
      return interp_.opError(func, strCat("function @", functionName(func), " takes ", entry.arguments.size(), " argument(s), but ",
                                          args.size(), " were given"));
    }
    for (size_t i = 0; i < args.size(); ++i) {
      if (!valueMatchesType(args[i], entry.arguments[i]->type)) {
        return interp_.opError(func, strCat("argument ", i, " of @", functionName(func), " has type ", args[i].type().toString(),
                                            ", but the function expects ", entry.arguments[i]->type.toString()));
      }
    }
    if (++depth_ > interp_.options().max_call_depth) return interp_.opError(func, "call depth exceeded (unbounded recursion?)");
    std::vector<const Env*> caller;
    caller.swap(scopes_);
    auto results = runRegion(func.regions[0], std::move(args));
    scopes_.swap(caller);
    --depth_;
    if (results.ok()) traced_functions_.push_back(&func);
    return results;
  }

  // Every value's observed type (merged over observations).
  const absl::flat_hash_map<const Value*, Type>& observed() const { return observed_; }
  const std::vector<const Operation*>& tracedFunctions() const { return traced_functions_; }

 private:
  using Env = absl::flat_hash_map<const Value*, RtValue>;

  void record(const Value* v, const RtValue& value) {
    const Type type = value.type();
    auto [it, inserted] = observed_.try_emplace(v, type);
    if (!inserted) it->second = mergedType(it->second, type);
  }

  absl::StatusOr<std::vector<RtValue>> runRegion(const Region& region, std::vector<RtValue> args) {
    if (region.blocks.size() != 1) return absl::InvalidArgumentError("error: regions with more than one block are not evaluated");
    const Block& block = *region.blocks.front();
    if (args.size() != block.arguments.size()) return absl::InvalidArgumentError("error: a region got the wrong number of arguments");
    Env env;
    for (size_t i = 0; i < args.size(); ++i) {
      record(block.arguments[i].get(), args[i]);
      env[block.arguments[i].get()] = std::move(args[i]);
    }
    scopes_.push_back(&env);
    struct Pop {
      std::vector<const Env*>& scopes;
      ~Pop() { scopes.pop_back(); }
    } pop{scopes_};
    for (const auto& op_ptr : block.operations) {
      const Operation& op = *op_ptr;
      std::vector<RtValue> operands;
      for (const Value* v : op.operands) {
        const RtValue* found = nullptr;
        for (auto s = scopes_.rbegin(); s != scopes_.rend() && !found; ++s) {
          auto it = (*s)->find(v);
          if (it != (*s)->end()) found = &it->second;
        }
        if (!found) return interp_.opError(op, "an operand has no value");
        operands.push_back(*found);
      }
      if (op.name == "func.return" || op.name == "stablehlo.return") return operands;
      auto results = evalOp(op, std::move(operands));
      if (!results.ok()) return results.status();
      if (results->size() != op.results.size()) return interp_.opError(op, "produced the wrong number of results");
      for (size_t i = 0; i < results->size(); ++i) {
        if (!valueMatchesType((*results)[i], op.results[i]->type)) {
          return interp_.opError(op, strCat("result ", i, " has type ", (*results)[i].type().toString(), " at run time, but the op declares ",
                                            op.results[i]->type.toString()));
        }
        record(op.results[i].get(), (*results)[i]);
        env[op.results[i].get()] = std::move((*results)[i]);
      }
    }
    return absl::InvalidArgumentError("error: a region ends without a return");
  }

  absl::StatusOr<std::vector<RtValue>> evalOp(const Operation& op, std::vector<RtValue> operands) {
    const std::string& name = op.name;
    if (name == "func.call" || name == "stablehlo.composite") {
      const Attribute* callee = ref::attrOf(op, name == "func.call" ? "callee" : "decomposition");
      if (!callee || callee->kind() != Attribute::Kind::kSymbolRef || callee->symbolPath().empty()) return interp_.opError(op, "has no callee");
      const Operation* func = interp_.module().findFunction(callee->symbolPath().back());
      if (!func) return interp_.opError(op, "calls an unknown function");
      return call(*func, std::move(operands));
    }
    if (name == "stablehlo.while") {
      if (op.regions.size() != 2) return interp_.opError(op, "needs a cond and a body region");
      std::vector<RtValue> state = std::move(operands);
      for (int64_t iteration = 0;; ++iteration) {
        auto cond = runRegion(op.regions[0], state);
        if (!cond.ok()) return cond.status();
        if (cond->size() != 1 || !(*cond)[0].isTensor() || (*cond)[0].tensor.numElements() != 1) {
          return interp_.opError(op, "the cond region must return one tensor<i1>");
        }
        if (!(*cond)[0].tensor.bits(0)) return state;
        if (iteration >= interp_.options().max_while_iterations) return interp_.opError(op, "too many iterations");
        auto next = runRegion(op.regions[1], std::move(state));
        if (!next.ok()) return next.status();
        state = std::move(*next);
      }
    }
    if (name == "stablehlo.if" || name == "stablehlo.case") {
      if (operands.size() != 1 || !operands[0].isTensor() || operands[0].tensor.numElements() != 1 || op.regions.empty()) {
        return interp_.opError(op, "needs one scalar operand and branches");
      }
      size_t branch;
      if (name == "stablehlo.if") {
        if (op.regions.size() != 2) return interp_.opError(op, "needs two branches");
        branch = operands[0].tensor.bits(0) ? 0 : 1;
      } else {
        const ElementType t = operands[0].tensor.elementType();
        if (!isInteger(t)) return interp_.opError(op, "the index must be an integer tensor");
        const __int128 index = ref::integerValue(t, operands[0].tensor.bits(0));
        branch = (index < 0 || index >= static_cast<__int128>(op.regions.size())) ? op.regions.size() - 1 : static_cast<size_t>(index);
      }
      return runRegion(op.regions[branch], {});
    }
    if (name == "stablehlo.optimization_barrier") return operands;
    ref::Kernel kernel = ref::lookupKernel(name);
    if (!kernel) return interp_.unsupported(op);
    return kernel(interp_, op, operands);
  }

  ref::Interpreter& interp_;
  int depth_ = 0;
  std::vector<const Env*> scopes_;
  absl::flat_hash_map<const Value*, Type> observed_;
  std::vector<const Operation*> traced_functions_;
};

absl::StatusOr<std::vector<RtValue>> parseArgumentTexts(const std::vector<std::string>& texts) {
  std::vector<RtValue> values;
  for (const std::string& text : texts) {
    AsmParser p("<--arg>", text, 0, text.size());
    Attr attr;
    if (absl::Status s = p.parseAttribute(attr); !s.ok()) return s;
    if (attr->kind() != Attribute::Kind::kDenseElements) {
      return absl::InvalidArgumentError(strCat("<--arg>: error: expected a tensor literal like 'dense<[1, 2]> : tensor<2xi32>', got '", text, "'"));
    }
    values.push_back(RtValue::ofTensor(attr->denseElements()));
  }
  return values;
}

// Writes the observed types into the module's values, and each traced function's function_type.
void applyTypes(Module& module, const Tracer& tracer) {
  for (const auto& [value, type] : tracer.observed()) {
    Value* v = const_cast<Value*>(value);  // the values belong to `module`, which this command owns
    v->type = refinedType(v->type, type);
  }
  for (const Operation* f : tracer.tracedFunctions()) {
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
  Tracer tracer(interp);
  auto results = tracer.call(*func, std::move(*values));
  if (!results.ok()) {
    std::fprintf(stderr, "%s\n", std::string(results.status().message()).c_str());
    return 2;
  }
  applyTypes(*module, tracer);
  std::fputs(printModule(*module).c_str(), stdout);
  return 0;
}

}  // namespace hloconf
