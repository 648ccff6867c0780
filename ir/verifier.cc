#include "ir/verifier.h"

#include <algorithm>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "ir/op_schema.h"
#include "ir/op_views.h"
#include "ir/source_location.h"
#include "ir/strings.h"

namespace hloconf {
namespace {

std::string typeListText(const std::vector<Type>& types) {
  std::string text = "(";
  for (size_t i = 0; i < types.size(); ++i) strAppend(&text, i ? ", " : "", types[i].toString());
  return text + ")";
}

std::vector<Type> typesOf(const std::vector<Value*>& values) {
  std::vector<Type> types;
  types.reserve(values.size());
  for (const Value* v : values) types.push_back(v ? v->type : Type());
  return types;
}

std::vector<Type> typesOf(const std::vector<std::unique_ptr<Value>>& values) {
  std::vector<Type> types;
  types.reserve(values.size());
  for (const auto& v : values) types.push_back(v->type);
  return types;
}

// The first index where `actual` and `expected` differ (their common length when one is a prefix of the other).
size_t firstMismatch(const std::vector<Type>& actual, const std::vector<Type>& expected) {
  size_t i = 0;
  while (i < actual.size() && i < expected.size() && actual[i] == expected[i]) ++i;
  return i;
}

// The terminator that ends the regions of `parent`, or kUnknown where none does (a module's body) or where
// hloconf does not know the op (an unknown op's regions follow its own dialect's rules).
OpId expectedTerminator(const Operation& parent) {
  switch (parent.id) {
    case OpId::kBuiltinModule:
    case OpId::kUnknown: return OpId::kUnknown;
    case OpId::kFuncFunc: return OpId::kFuncReturn;
    default: return OpId::kReturn;
  }
}

class ModuleVerifier {
 public:
  explicit ModuleVerifier(const Module& module) : module_(module) {}

  ModuleVerification run() {
    if (!module_.op) return std::move(result_);
    collectSymbols(*module_.op);
    verifyOp(*module_.op);
    std::stable_sort(result_.diagnostics.begin(), result_.diagnostics.end(),
                     [](const VerifierDiagnostic& a, const VerifierDiagnostic& b) { return a.offset < b.offset; });
    return std::move(result_);
  }

 private:
  void error(const Operation& op, std::string message) {
    result_.diagnostics.push_back({op.source_offset, std::move(message)});
  }

  // Symbols name the functions of the module: each is defined once (MLIR's symbol table; the parser rejects
  // a redefinition in text, this catches modules built in code).
  void collectSymbols(const Operation& module_op) {
    if (module_op.regions.empty() || module_op.regions[0].blocks.empty()) return;
    for (const auto& op : module_op.regions[0].blocks[0]->operations) {
      if (op->id != OpId::kFuncFunc) continue;
      const std::string_view name = functionName(*op);
      if (!functions_.emplace(name, op.get()).second) {
        error(*op, strCat("func.func: the symbol @", name, " is defined twice in this module; a module's functions have distinct names"));
      }
    }
  }

  const Operation* function(std::string_view name) const {
    auto it = functions_.find(name);
    return it == functions_.end() ? nullptr : it->second;
  }

  // --- Ops -------------------------------------------------------------------------------------------------

  void verifyOp(const Operation& op) {
    if (op.id != OpId::kBuiltinModule && op.id != OpId::kFuncFunc) ++result_.ops;
    checkStructuralPlacement(op);
    checkOperandsInScope(op);
    if (absl::Status status = verifyAgainstSchema(op); !status.ok()) error(op, schemaMessage(op, std::string(status.message())));
    switch (op.id) {
      case OpId::kFuncFunc: checkFunction(op); break;
      case OpId::kFuncCall: checkCall(op); break;
      case OpId::kComposite: checkComposite(op); break;
      case OpId::kInterpreterRunParallel: checkRunParallel(op); break;
      default: break;
    }
    // A function or a module sees no value from outside (MLIR's IsolatedFromAbove); other ops' regions see
    // the values of the regions around them.
    const bool isolated = op.id == OpId::kFuncFunc || op.id == OpId::kBuiltinModule;
    absl::flat_hash_set<const Value*> outer;
    if (isolated) std::swap(outer, in_scope_);
    enclosing_.push_back(&op);
    for (size_t r = 0; r < op.regions.size(); ++r) verifyRegion(op, r);
    enclosing_.pop_back();
    if (isolated) std::swap(outer, in_scope_);
    // An op's results are visible after it, not inside its own regions.
    for (const auto& result : op.results) in_scope_.insert(result.get());
  }

  // The spec's grammar (Programs): a program is a list of functions (`Program ::= {Func}`) and a function's
  // body is a list of ops, so a module is only the outermost op and a function only one of its top-level
  // ops; a module or a function inside a function body or an op's region is not a program.
  void checkStructuralPlacement(const Operation& op) {
    if (op.id != OpId::kBuiltinModule && op.id != OpId::kFuncFunc) return;
    const bool at_top = enclosing_.empty();
    const bool in_module = !enclosing_.empty() && enclosing_.back()->id == OpId::kBuiltinModule;
    if (op.id == OpId::kBuiltinModule && !at_top) {
      error(op, strCat("builtin.module: a module appears inside ", enclosing_.back()->name,
                       "; a program is one module of functions (spec: Programs), so a module cannot be nested"));
    } else if (op.id == OpId::kFuncFunc && !at_top && !in_module) {
      error(op, strCat("func.func: a function appears inside ", enclosing_.back()->name,
                       "; functions are top-level members of the module (spec: Programs), not ops of a body"));
    }
  }

  // verifyAgainstSchema's message, led by the op: "stablehlo.transpose (C2): ..." where the message cites
  // the op's own label ("transpose (C2): ..."), "<op>: <message>" otherwise.
  static std::string schemaMessage(const Operation& op, std::string_view message) {
    const OpSchema& schema = schemaOf(op.id);
    const std::string_view own_label = schema.shortName();
    if (!own_label.empty() && message.size() > own_label.size() + 1 && message.substr(0, own_label.size()) == own_label &&
        message.substr(own_label.size(), 2) == " (") {
      return strCat(schema.dialect(), ".", message);
    }
    return strCat(op.name, ": ", message);
  }

  // Every operand is a value defined before the op, in its block or an enclosing one it can see.
  void checkOperandsInScope(const Operation& op) {
    for (size_t i = 0; i < op.operands.size(); ++i) {
      const Value* value = op.operands[i];
      if (!value) {
        error(op, strCat(op.name, ": operand ", i, " is missing (no value)"));
      } else if (!in_scope_.contains(value)) {
        error(op, strCat(op.name, ": operand ", i, " (", value->type.toString(),
                         ") is used before it is defined, or outside the region that defines it"));
      }
    }
  }

  // --- Regions and terminators -------------------------------------------------------------------------------

  // StableHLO has no jump ops, so each region is one block (the spec's "Unused" block label: Programs,
  // Operations); the block ends in its terminator and nothing follows a terminator.
  void verifyRegion(const Operation& parent, size_t index) {
    const Region& region = parent.regions[index];
    const OpId terminator = expectedTerminator(parent);
    if (region.blocks.size() > 1) {
      error(parent, strCat(parent.name, ": region ", index, " has ", region.blocks.size(),
                           " blocks; StableHLO regions have one (StableHLO has no jump ops)"));
    }
    if (region.blocks.empty()) {
      // A function without a body is a declaration; an op's region needs a body.
      if (parent.id != OpId::kFuncFunc && parent.id != OpId::kBuiltinModule && parent.id != OpId::kUnknown) {
        error(parent, strCat(parent.name, ": region ", index, " has no block; it needs a body ending in ",
                             schemaOf(terminator).name));
      }
      return;
    }
    for (const auto& block : region.blocks) verifyBlock(parent, index, *block, terminator);
  }

  void verifyBlock(const Operation& parent, size_t region_index, const Block& block, OpId terminator) {
    for (const auto& argument : block.arguments) in_scope_.insert(argument.get());
    const Operation* previous_terminator = nullptr;
    for (const auto& op : block.operations) {
      if (previous_terminator) {
        error(*op, strCat(op->name, ": follows ", previous_terminator->name, ", which ends the region; nothing may come after a terminator"));
        previous_terminator = nullptr;  // one diagnostic per misplaced terminator
      }
      verifyOp(*op);
      if (schemaOf(op->id).has(traits::kTerminator)) {
        if (op->id != terminator) {
          error(*op, terminator == OpId::kUnknown
                         ? strCat(op->name, ": a terminator cannot end the body of ", parent.name)
                         : strCat(op->name, ": region ", region_index, " of ", parent.name, " ends in ",
                                  schemaOf(terminator).name, ", not ", op->name));
        }
        previous_terminator = op.get();
      }
    }
    if (terminator != OpId::kUnknown && (block.operations.empty() || !schemaOf(block.operations.back()->id).has(traits::kTerminator))) {
      error(parent, strCat(parent.name, ": region ", region_index, " does not end in ", schemaOf(terminator).name,
                           block.operations.empty() ? " (it is empty)" : strCat(" (its last op is ", block.operations.back()->name, ")")));
    }
    // Leaving the block: its values go out of scope.
    for (const auto& argument : block.arguments) in_scope_.erase(argument.get());
    for (const auto& op : block.operations) {
      for (const auto& result : op->results) in_scope_.erase(result.get());
    }
  }

  // --- Functions and calls ------------------------------------------------------------------------------------

  // A function's function_type lists its inputs and results: the entry block's arguments have the input
  // types, and each func.return returns values of the result types (MLIR's func.func and func.return).
  void checkFunction(const Operation& func) {
    ++result_.functions;
    const Attr* attr = func.attr("function_type");
    const Type* type = attr ? decode::type(attr->get()) : nullptr;
    if (!type) return;  // absent: the body's types are the function's; a malformed one is the schema's to report
    if (type->kind() != Type::Kind::kFunction) {
      error(func, strCat("func.func: function_type of @", functionName(func), " is ", type->toString(), ", not a function type"));
      return;
    }
    if (func.regions.empty() || func.regions[0].blocks.empty()) return;  // a declaration
    const Block& entry = *func.regions[0].blocks.front();
    const std::vector<Type> arguments = typesOf(entry.arguments);
    if (arguments != type->inputs()) {
      const size_t i = firstMismatch(arguments, type->inputs());
      error(func, strCat("func.func: the entry block of @", functionName(func), " takes ", typeListText(arguments),
                         ", but its function_type's inputs are ", typeListText(type->inputs()),
                         i < arguments.size() && i < type->inputs().size()
                             ? strCat(" (argument ", i, " differs)")
                             : strCat(" (", arguments.size(), " arguments for ", type->inputs().size(), " inputs)")));
    }
    for (const auto& block : func.regions[0].blocks) {
      if (block->operations.empty() || block->operations.back()->id != OpId::kFuncReturn) continue;  // verifyBlock reports it
      const Operation& ret = *block->operations.back();
      const std::vector<Type> returned = typesOf(ret.operands);
      if (returned == type->results()) continue;
      const size_t i = firstMismatch(returned, type->results());
      error(ret, strCat("func.return: returns ", typeListText(returned), ", but @", functionName(func), " returns ",
                        typeListText(type->results()),
                        i < returned.size() && i < type->results().size()
                            ? strCat(" (value ", i, " differs)")
                            : strCat(" (", returned.size(), " values for ", type->results().size(), " results)")));
    }
  }

  // The types `op` passes to `callee` and takes from it, against the callee's function_type (exactly, as
  // MLIR's func.call requires); each label leads its message ("func.call", "stablehlo.composite (C3)").
  void checkSignature(const Operation& op, const Operation& callee, std::string_view inputs_label, std::string_view results_label) {
    const Attr* attr = callee.attr("function_type");
    const Type* type = attr ? decode::type(attr->get()) : nullptr;
    if (!type || type->kind() != Type::Kind::kFunction) return;  // checkFunction reports it
    const std::string name = strCat("@", functionName(callee));
    const std::vector<Type> operands = typesOf(op.operands);
    if (operands != type->inputs()) {
      error(op, strCat(inputs_label, ": passes ", typeListText(operands), " to ", name, ", which takes ", typeListText(type->inputs())));
    }
    const std::vector<Type> results = typesOf(op.results);
    if (results != type->results()) {
      error(op, strCat(results_label, ": has results ", typeListText(results), ", but ", name, " returns ",
                       typeListText(type->results())));
    }
  }

  void checkCall(const Operation& call) {
    const std::optional<std::string_view> callee = CallOp(call).callee();
    if (!callee) return;  // the schema reports a missing or malformed callee
    const Operation* func = function(*callee);
    if (!func) {
      error(call, strCat("func.call: the callee @", *callee, " is not a function of this module"));
      return;
    }
    checkSignature(call, *func, "func.call", "func.call");
  }

  void checkComposite(const Operation& op) {
    const CompositeOp composite(op);
    // composite (C1) is_namespaced_op_name(name); the name is optional in the schema (the interpreter
    // does not need it), but a given one must be namespaced.
    if (const Attr* name = op.attr("name"); name && decode::string(name->get())) {
      const std::string_view text = composite.compositeName();
      const size_t dot = text.find('.');
      if (dot == std::string_view::npos || dot == 0 || dot + 1 == text.size()) {
        error(op, strCat("stablehlo.composite (C1): name \"", text, "\" is not a namespaced op name (dialect.op)"));
      }
    }
    const std::optional<std::string_view> decomposition = composite.decomposition();
    if (!decomposition) return;
    const Operation* func = function(*decomposition);
    if (!func) {
      error(op, strCat("stablehlo.composite (C2): the decomposition @", *decomposition, " is not a function of this module"));
      return;
    }
    checkSignature(op, *func, "stablehlo.composite (C3)", "stablehlo.composite (C4)");
  }

  // interpreter.run_parallel: every symbol of `programs` (a list of lists) and `infeed` (a list) names a
  // function of the module.
  void checkRunParallel(const Operation& op) {
    const RunParallelOp run(op);
    auto checkSymbol = [&](const Attr& a, std::string_view list) {
      const std::optional<std::string_view> name = decode::symbol(a.get());
      if (!name) {
        error(op, strCat(op.name, ": ", list, " holds ", a ? a->toString() : "nothing", ", not a function symbol"));
      } else if (!function(*name)) {
        error(op, strCat(op.name, ": ", list, " names @", *name, ", which is not a function of this module"));
      }
    };
    if (const std::vector<Attr>* programs = run.programs()) {
      for (const Attr& row : *programs) {
        const std::vector<Attr>* functions = decode::array(row.get());
        if (!functions) {
          error(op, strCat(op.name, ": each row of programs must be a list of function symbols, not ", row ? row->toString() : "nothing"));
          continue;
        }
        for (const Attr& f : *functions) checkSymbol(f, "programs");
      }
    }
    if (const std::vector<Attr>* infeed = decode::array(run.infeed())) {
      for (const Attr& f : *infeed) checkSymbol(f, "infeed");
    }
  }

  const Module& module_;
  ModuleVerification result_;
  // The ops whose regions enclose the op being verified, outermost first.
  std::vector<const Operation*> enclosing_;
  absl::flat_hash_map<std::string_view, const Operation*> functions_;
  absl::flat_hash_set<const Value*> in_scope_;
};

}  // namespace

ModuleVerification verifyModule(const Module& module) { return ModuleVerifier(module).run(); }

std::string formatVerifierDiagnostic(const Module& module, std::string_view text, const VerifierDiagnostic& diagnostic) {
  return strCat(sourceLocation(module, text, diagnostic.offset), ": error: ", diagnostic.message);
}

}  // namespace hloconf
