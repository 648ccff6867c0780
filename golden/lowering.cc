#include "golden/lowering.h"

#include <algorithm>
#include <functional>
#include <set>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "ir/op_views.h"
#include "ir/printer.h"
#include "ir/status_macros.h"
#include "ir/strings.h"
#include "reference/interpreter.h"
#include "reference/process.h"

namespace hloconf {
namespace {

absl::Status unsupported(std::string_view why) { return absl::UnimplementedError(strCat("case not lowerable: ", why)); }

// A check.* op, or a custom_call of a check.* target (the form upstream testdata uses).
bool isCheckOp(const Operation& op) {
  if (schemaOf(op.id).dialect() == "check") return true;
  return op.id == OpId::kCustomCall && CustomCallOp(op).callTargetName().starts_with("check.");
}

void walk(Operation& op, const std::function<void(Operation&)>& fn) {
  fn(op);
  for (Region& region : op.regions)
    for (auto& block : region.blocks)
      for (auto& inner : block->operations) walk(*inner, fn);
}

// Symbols referenced by `op` and everything nested in it (callees, composite decompositions, ...).
void collectSymbols(const Attr& attr, std::set<std::string>& out) {
  if (!attr) return;
  if (attr->kind() == Attribute::Kind::kSymbolRef && !attr->symbolPath().empty()) out.insert(attr->symbolPath().front());
  if (attr->kind() == Attribute::Kind::kArray)
    for (const Attr& e : attr->elements()) collectSymbols(e, out);
  if (attr->kind() == Attribute::Kind::kDictionary)
    for (const NamedAttr& e : attr->entries()) collectSymbols(e.value, out);
}

// A case's op label: the short name of stablehlo ops ("add"), the full name of others ("chlo.erf").
// (Ops we do not know are labelled the same way.)
std::string opLabel(const Operation& op) {
  std::string_view name = op.name;
  if (name.starts_with("stablehlo.")) name.remove_prefix(10);
  return std::string(name);
}

}  // namespace

std::string elementTypeLabel(const Type& type) {
  const Type& element = type.isTensor() ? type.tensorElement() : type;
  if (element.kind() == Type::Kind::kQuantized) {
    const QuantizedType& q = element.quantizedType();
    return strCat("quant<", elementTypeName(q.storage_type), ":", elementTypeName(q.expressed_type), ">");
  }
  return element.toString();
}

absl::StatusOr<LoweredCase> lowerCase(Module& module, std::string_view text) {
  Operation* main = module.findFunction("main");
  if (!main) {
    // Upstream interpreter tests name their one test function (`@add_op_test_si8`): take the only
    // function that has no arguments and that no other function refers to, and call it @main.
    std::set<std::string> referenced;
    for (Operation* func : module.functions())
      walk(*func, [&](Operation& op) {
        if (&op == func) return;
        for (const NamedAttr& a : op.properties) collectSymbols(a.value, referenced);
        for (const NamedAttr& a : op.attributes) collectSymbols(a.value, referenced);
      });
    std::vector<Operation*> candidates;
    for (Operation* func : module.functions())
      if (!func->regions.empty() && !func->regions[0].blocks.empty() && func->body().arguments.empty() &&
          !referenced.contains(std::string(functionName(*func))))
        candidates.push_back(func);
    if (candidates.size() != 1) return unsupported("the module has no @main (and no single test function to use instead)");
    main = candidates[0];
    for (NamedAttr& a : main->properties)
      if (a.name == "sym_name") a.value = Attribute::string("main");
  }
  if (main->regions.empty() || main->regions[0].blocks.empty()) return unsupported("@main has no body");
  Block& body = main->body();
  if (!body.arguments.empty()) return unsupported("@main takes arguments; a case's @main builds its own inputs");

  ref::Interpreter interp(module, text);
  LoweredCase lowered;

  // A top-level interpreter.run_parallel with one program (a 1x1 grid) is a call of that program with
  // the infeed queue its `infeed` functions give; any other run_parallel stays unsupported (below).
  absl::flat_hash_set<const Operation*> rewritten_calls;
  bool any_infeed = false;
  for (auto& op_ptr : body.operations) {
    Operation& op = *op_ptr;
    if (op.id != OpId::kInterpreterRunParallel) continue;
    const std::vector<Attr>* programs = RunParallelOp(op).programs();
    if (!programs || programs->size() != 1) continue;
    const std::vector<Attr>* row = decode::array(programs->front().get());
    if (!row || row->size() != 1) continue;
    const std::optional<std::string_view> program = decode::symbol(row->front().get());
    if (!program) continue;
    const Operation* callee = module.findFunction(*program);
    if (!callee || callee->regions.empty() || callee->regions[0].blocks.empty()) continue;
    const Block& callee_body = *callee->regions[0].blocks.front();
    if (callee_body.arguments.size() != op.operands.size()) continue;
    bool types_match = true;
    for (size_t i = 0; i < op.operands.size(); ++i)
      types_match = types_match && callee_body.arguments[i]->type == op.operands[i]->type;
    const Operation* callee_return = callee_body.operations.empty() ? nullptr : callee_body.operations.back().get();
    if (!callee_return || callee_return->operands.size() != op.results.size()) continue;
    for (size_t i = 0; i < op.results.size(); ++i)
      types_match = types_match && callee_return->operands[i]->type == op.results[i]->type;
    if (!types_match) continue;
    // Each run_parallel has a queue of its own; one program reads one queue.
    const Attribute* infeed = RunParallelOp(op).infeed();
    if (!rewritten_calls.empty() && (any_infeed || infeed))
      return unsupported("@main has more than one interpreter.run_parallel, and one has an infeed");
    if (infeed) {
      any_infeed = true;
      const std::vector<Attr>* functions = decode::array(infeed);
      if (!functions) return unsupported("interpreter.run_parallel's infeed is not a list");
      for (const Attr& f : *functions) {
        const std::optional<std::string_view> name = decode::symbol(f.get());
        if (!name) return unsupported("interpreter.run_parallel's infeed lists something other than functions");
        const Operation* func = module.findFunction(*name);
        if (!func) return unsupported(strCat("the infeed function @", *name, " is missing"));
        ASSIGN_OR_RETURN(auto entry, interp.callFunction(*func, {}));
        std::vector<Tensor> payload;
        for (ref::RtValue& v : entry) {
          if (!v.isTensor() || !v.impl_defined.empty() || !v.tensor.type().hasStaticShape())
            return unsupported("an infeed entry holds a token, a tuple or an implementation-defined value");
          payload.push_back(std::move(v.tensor));
        }
        lowered.infeed.push_back(std::move(payload));
      }
    }
    op.setName("func.call");
    op.properties = {NamedAttr{"callee", Attribute::symbolRef({std::string(*program)})}};
    op.attributes.clear();
    rewritten_calls.insert(&op);
  }
  if (!rewritten_calls.empty()) {
    auto [grid_replicas, grid_partitions] = ref::declaredProcessGrid(module);
    if (grid_replicas * grid_partitions != 1)
      return unsupported("interpreter.run_parallel in a module that declares a process grid of its own");
  }

  // Checks may sit only in @main's top-level block, and no interpreter.* op may appear anywhere.
  absl::flat_hash_set<const Operation*> top_checks;
  for (auto& op : body.operations)
    if (isCheckOp(*op)) top_checks.insert(op.get());
  for (Operation* func : module.functions()) {
    absl::Status problem;
    walk(*func, [&](Operation& op) {
      if (!problem.ok()) return;
      if (schemaOf(op.id).dialect() == "interpreter") problem = unsupported(strCat("it uses ", op.name));
      else if (isCheckOp(op) && !top_checks.contains(&op))
        problem = unsupported("a check sits inside a region or another function");
      else if (op.id == OpId::kCheckExpectSerializedEq) problem = unsupported("check.expect_serialized_eq reads probes");
    });
    if (!problem.ok()) return problem;
  }

  // The outputs: each checked value once, in order; with no checks, what @main returns.
  std::vector<Value*> outputs;
  Operation* terminator = body.operations.empty() ? nullptr : body.operations.back().get();
  for (auto& op : body.operations) {
    if (!top_checks.contains(op.get()) || op->operands.empty()) continue;
    if (std::find(outputs.begin(), outputs.end(), op->operands[0]) == outputs.end()) outputs.push_back(op->operands[0]);
  }
  if (top_checks.empty() && terminator && terminator->name == "func.return") outputs = terminator->operands;
  for (const Value* v : outputs)
    if (!v->type.isTensor()) return unsupported(strCat("a checked value has type ", v->type.toString(), "; only tensors are compared"));

  // Uses of every value outside check ops (anywhere in the module's functions).
  absl::flat_hash_map<const Value*, int> uses;
  for (Operation* func : module.functions())
    walk(*func, [&](Operation& op) {
      if (top_checks.contains(&op)) return;
      if (&op == terminator) return;
      for (const Value* v : op.operands) ++uses[v];
    });
  for (const Value* v : outputs) ++uses[v];

  // Inputs: results of top-level constants and argument-less calls (`call @inputs()`) that the program
  // uses. Integer constants that only give shapes to dynamic ops stay constants (a compiler needs them):
  // output shapes, paddings, slice sizes and rng's shape.
  // The schema marks those operands (ValueDef::shape_operand).
  auto shapeOperand = [](const Operation& op, size_t i) {
    const ValueDef* def = valueDefAt(schemaOf(op.id).operands, i, op.operands.size());
    return def && def->shape_operand;
  };
  auto shapeOnlyUse = [&](const Value* v) {
    bool only = true, any = false;
    walk(*main, [&](Operation& op) {
      for (size_t i = 0; i < op.operands.size(); ++i) {
        if (op.operands[i] != v || top_checks.contains(&op)) continue;
        any = true;
        if (!shapeOperand(op, i)) only = false;
      }
    });
    return any && only;
  };
  std::vector<std::pair<Value*, Value*>> replacements;  // old value -> new argument
  for (auto& op_ptr : body.operations) {
    Operation& op = *op_ptr;
    bool constant = op.id == OpId::kConstant && op.results.size() == 1;
    bool input_call = op.id == OpId::kFuncCall && op.operands.empty() && !rewritten_calls.contains(&op);
    if (!constant && !input_call) continue;
    std::vector<Value*> used;
    for (auto& r : op.results)
      if (uses[r.get()] > 0) used.push_back(r.get());
    if (used.empty()) continue;
    std::vector<Tensor> values;
    if (constant) {
      const Tensor* value = decode::denseElements(ConstantOp(op).value());
      if (!value || !op.results[0]->type.isTensor() || !op.results[0]->type.hasStaticShape()) continue;
      if (isInteger(op.results[0]->type.elementType()) && shapeOnlyUse(op.results[0].get())) continue;
      values.push_back(*value);
      if (values[0].type() != op.results[0]->type) continue;  // e.g. a splat with another layout: keep it
    } else {
      const std::optional<std::string_view> callee = CallOp(op).callee();
      if (!callee) continue;
      const Operation* func = module.findFunction(*callee);
      if (!func) continue;
      ASSIGN_OR_RETURN(auto results, interp.callFunction(*func, {}));
      bool all_tensors = true;
      for (const ref::RtValue& v : results) all_tensors = all_tensors && v.isTensor() && v.impl_defined.empty();
      if (!all_tensors || results.size() != op.results.size()) continue;
      for (ref::RtValue& v : results) values.push_back(std::move(v.tensor));
    }
    for (size_t i = 0; i < op.results.size(); ++i) {
      Value* old_value = op.results[i].get();
      if (uses[old_value] == 0) continue;
      Value* arg = body.addArgument(old_value->type);
      replacements.emplace_back(old_value, arg);
      lowered.inputs.push_back(std::move(values[i]));
    }
  }
  absl::flat_hash_map<Value*, Value*> replace(replacements.begin(), replacements.end());
  auto substitute = [&](Value*& v) {
    auto it = replace.find(v);
    if (it != replace.end()) v = it->second;
  };
  walk(*main, [&](Operation& op) {
    for (Value*& v : op.operands) substitute(v);
  });
  for (Value*& v : outputs) substitute(v);

  // The op under test: what defines the first output (through calls), else the first non-constant op.
  const Operation* tested = nullptr;
  if (!outputs.empty() && outputs[0]->defining_op) tested = outputs[0]->defining_op;
  for (int depth = 0; tested && tested->id == OpId::kFuncCall && depth < 8; ++depth) {
    const std::optional<std::string_view> callee = CallOp(*tested).callee();
    const Operation* func = callee ? module.findFunction(*callee) : nullptr;
    if (!func || func->regions.empty() || func->regions[0].blocks.empty()) break;
    const Block& callee_body = *func->regions[0].blocks.front();
    const Operation* ret = callee_body.operations.empty() ? nullptr : callee_body.operations.back().get();
    if (!ret || ret->operands.empty() || !ret->operands[0]->defining_op) break;
    tested = ret->operands[0]->defining_op;
  }
  if (!tested)
    for (auto& op : body.operations)
      if (op->id != OpId::kConstant && op->id != OpId::kFuncCall && !top_checks.contains(op.get()) && op.get() != terminator) {
        tested = op.get();
        break;
      }
  lowered.op = tested ? opLabel(*tested) : "none";
  if (tested) {
    const Type* type = nullptr;
    for (const Value* v : tested->operands)
      if (v->type.isTensor()) {
        type = &v->type;
        break;
      }
    if (!type && !tested->results.empty() && tested->results[0]->type.isTensor()) type = &tested->results[0]->type;
    lowered.element_type = type ? elementTypeLabel(*type) : "none";
  } else {
    lowered.element_type = "none";
  }

  // Rewrite @main: no checks, return the outputs, drop dead constants and calls.
  std::vector<std::unique_ptr<Operation>> kept;
  for (auto& op : body.operations)
    if (!top_checks.contains(op.get())) kept.push_back(std::move(op));
  body.operations = std::move(kept);
  if (body.operations.empty() || body.operations.back()->id != OpId::kFuncReturn)
    return unsupported("@main does not end with func.return");
  body.operations.back()->operands = outputs;
  for (bool changed = true; changed;) {
    changed = false;
    absl::flat_hash_map<const Value*, int> live;
    walk(*main, [&](Operation& op) {
      for (const Value* v : op.operands) ++live[v];
    });
    for (auto it = body.operations.begin(); it != body.operations.end();) {
      Operation& op = **it;
      bool removable = op.id == OpId::kConstant ||
                       (op.id == OpId::kFuncCall && op.operands.empty() && !rewritten_calls.contains(&op));
      bool dead = std::all_of(op.results.begin(), op.results.end(), [&](auto& r) { return live[r.get()] == 0; });
      if (removable && dead) {
        it = body.operations.erase(it);
        changed = true;
      } else {
        ++it;
      }
    }
  }
  std::vector<Type> arg_types, result_types;
  for (auto& a : body.arguments) arg_types.push_back(a->type);
  for (const Value* v : outputs) result_types.push_back(v->type);
  for (NamedAttr& a : main->properties)
    if (a.name == "function_type") a.value = Attribute::type(Type::function(arg_types, result_types));
  for (NamedAttr& a : main->attributes)
    if (a.name == "function_type") a.value = Attribute::type(Type::function(arg_types, result_types));
  // Result attributes (jax.result_info, ...) describe the old results: drop them.
  auto drop = [](NamedAttrList& list, std::string_view name) {
    list.erase(std::remove_if(list.begin(), list.end(), [&](const NamedAttr& a) { return a.name == name; }), list.end());
  };
  drop(main->properties, "res_attrs");
  drop(main->attributes, "res_attrs");
  drop(main->properties, "arg_attrs");
  drop(main->attributes, "arg_attrs");

  // Drop functions @main no longer reaches (@inputs, @expected).
  std::set<std::string> reachable = {"main"};
  std::vector<std::string> work = {"main"};
  while (!work.empty()) {
    std::string name = work.back();
    work.pop_back();
    Operation* func = module.findFunction(name);
    if (!func) continue;
    std::set<std::string> refs;
    walk(*func, [&](Operation& op) {
      if (&op == func) return;
      for (const NamedAttr& a : op.properties) collectSymbols(a.value, refs);
      for (const NamedAttr& a : op.attributes) collectSymbols(a.value, refs);
    });
    for (const std::string& r : refs)
      if (reachable.insert(r).second) work.push_back(r);
  }
  Block& module_body = module.op->body();
  module_body.operations.erase(
      std::remove_if(module_body.operations.begin(), module_body.operations.end(),
                     [&](const std::unique_ptr<Operation>& op) {
                       return op->name == "func.func" && !reachable.contains(std::string(functionName(*op)));
                     }),
      module_body.operations.end());

  auto [replicas, partitions] = ref::declaredProcessGrid(module);
  lowered.replicas = replicas;
  lowered.partitions = partitions;
  lowered.result_types = result_types;
  lowered.mlir = printModule(module);
  return lowered;
}

}  // namespace hloconf
