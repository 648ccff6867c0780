#include "executors/plan/plan.h"

#include <algorithm>
#include <optional>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "executors/plan/planners.h"
#include "ir/diagnostic.h"
#include "ir/op_schema.h"
#include "ir/op_views.h"
#include "ir/strings.h"

namespace hloconf::plan {
namespace {

// Every family's planners, in one table by OpId.
const absl::flat_hash_map<OpId, PlanFn>& plannerTable() {
  static const auto* table = [] {
    auto* t = new absl::flat_hash_map<OpId, PlanFn>();
    for (std::span<const OpPlanner> family : {elementwisePlanners(), controlPlanners(), reductionPlanners(), collectivePlanners(), movementPlanners(), productsPlanners()})
      for (const OpPlanner& planner : family) t->emplace(planner.op, planner.plan);
    return t;
  }();
  return *table;
}

// Why a value of type `type` cannot live in a slot, or "" when it can. A token is a slot of no bytes.
std::string slotTypeProblem(const Type& type) {
  if (type.kind() == Type::Kind::kToken) return "";
  if (!type.isTensor()) return strCat("values of type ", type.toString(), " are not supported yet");
  if (!type.hasStaticShape()) return "dynamic shapes are not supported yet";
  if (type.isQuantized()) return "quantized types are not supported yet";
  return "";
}

// Calls nested deeper than this are refused: StableHLO programs do not recurse, and a hostile one must
// not overflow the stack.
constexpr int kMaxCallDepth = 32;

// Thrown inside the compiler for the first thing it cannot run, and caught in compile().
struct UnsupportedFound {
  Unsupported what;
};

class Compiler {
 public:
  Compiler(const Module& module, std::string_view source_text) : module_(module), source_text_(source_text) {}

  Plan& plan() { return plan_; }

  // Compiles `block` into `region`: its arguments become new slots, its ops steps, its terminator's operands
  // the region's outputs.
  absl::Status compileBlock(const Operation& owner, const Block& block, Region& region, int depth) {
    for (const auto& argument : block.arguments) {
      if (std::string problem = slotTypeProblem(argument->type); !problem.empty())
        unsupported(owner, strCat("block argument ", argument->index, ": ", problem));
      region.inputs.push_back(newSlot(argument.get()));
    }
    for (const auto& owned : block.operations) {
      const Operation& op = *owned;
      if (absl::Status valid = verifyAgainstSchema(op); !valid.ok()) return invalid(op, std::string(valid.message()));
      // Tuples live only in the plan compiler: a tuple is the list of its elements, and get_tuple_element
      // names one of them (a tuple passed anywhere else is not supported yet).
      if (op.id == OpId::kTuple || op.id == OpId::kGetTupleElement) {
        RETURN_IF_ERROR(aliasTuple(op));
        continue;
      }
      std::vector<Slot> operands;
      for (const Value* operand : op.operands) {
        if (tuple_of_.contains(operand)) unsupported(op, "tuple operands are not supported yet (only get_tuple_element)");
        auto found = slot_of_.find(operand);
        if (found == slot_of_.end()) return invalid(op, "uses a value defined in no enclosing scope");
        operands.push_back(found->second);
      }
      if (op.id == OpId::kFuncReturn || op.id == OpId::kReturn) {
        region.outputs = std::move(operands);
        return absl::OkStatus();
      }
      Step step;
      step.op = op.id;
      step.operands = std::move(operands);
      step.location = locationOf(op);
      RETURN_IF_ERROR(compileOp(op, step, depth));
      region.steps.push_back(std::move(step));
    }
    return absl::InvalidArgumentError(strCat(locationOf(owner), ": ", owner.name, ": a region does not end in a return"));
  }

  std::string locationOf(const Operation& op) const {
    if (source_text_.empty() || op.source_offset > source_text_.size())
      return strCat(module_.path, "@", op.source_offset);
    const LineColumn lc = lineColumnAt(source_text_, op.source_offset, module_.source_anchor);
    return strCat(module_.path, ":", lc.line, ":", lc.column);
  }

  [[noreturn]] void unsupported(const Operation& op, std::string reason) const {
    throw UnsupportedFound{Unsupported{op.name, locationOf(op), std::move(reason)}};
  }

 private:
  absl::Status invalid(const Operation& op, std::string_view why) const {
    return absl::InvalidArgumentError(strCat(locationOf(op), ": ", op.name, ": ", why));
  }

  absl::Status aliasTuple(const Operation& op) {
    if (absl::Status valid = verifyAgainstSchema(op); !valid.ok()) return invalid(op, std::string(valid.message()));
    if (op.results.size() != 1) return invalid(op, "has one result");
    if (op.id == OpId::kTuple) {
      std::vector<const Value*>& elements = tuple_of_[op.results[0].get()];
      for (const Value* operand : op.operands) {
        if (!slot_of_.contains(operand) && !tuple_of_.contains(operand)) return invalid(op, "uses a value defined in no enclosing scope");
        elements.push_back(operand);
      }
      return absl::OkStatus();
    }
    auto tuple = tuple_of_.find(op.operands.at(0));
    if (tuple == tuple_of_.end()) unsupported(op, "tuples that are not built by stablehlo.tuple in the same function are not supported yet");
    const int64_t index = GetTupleElementOp(op).index();
    if (index < 0 || index >= static_cast<int64_t>(tuple->second.size()))
      return invalid(op, strCat("index ", index, " is outside the tuple of ", tuple->second.size(), " (spec: get_tuple_element (C1))"));
    const Value* element = tuple->second[static_cast<size_t>(index)];
    if (element->type != op.results[0]->type)
      return invalid(op, strCat("the result type must be element ", index, "'s type (spec: get_tuple_element (C2))"));
    if (auto nested = tuple_of_.find(element); nested != tuple_of_.end()) {
      std::vector<const Value*> elements = nested->second;  // a copy: the map may rehash
      tuple_of_[op.results[0].get()] = std::move(elements);
    } else {
      slot_of_[op.results[0].get()] = slot_of_.at(element);
    }
    return absl::OkStatus();
  }

  Slot newSlot(const Value* value) {
    const Slot slot = static_cast<Slot>(plan_.slot_types.size());
    plan_.slot_types.push_back(value->type);
    slot_of_[value] = slot;
    return slot;
  }

  absl::Status compileOp(const Operation& op, Step& step, int depth) {
    auto planner = plannerTable().find(op.id);
    if (planner == plannerTable().end()) unsupported(op, "the cpu executor has no kernel for this op yet");
    for (const Value* operand : op.operands)
      if (std::string problem = slotTypeProblem(operand->type); !problem.empty()) unsupported(op, problem);
    for (const auto& result : op.results) {
      if (std::string problem = slotTypeProblem(result->type); !problem.empty()) unsupported(op, problem);
      const int64_t bytes = result->type.isTensor() ? result->type.numElements() * storageBytes(result->type.elementType()) : 0;
      if (bytes > kMaxSlotBytes)
        return invalid(op, strCat("a result of ", result->type.toString(), " takes ", bytes,
                                  " bytes, more than the executor's limit of ", kMaxSlotBytes, " per value"));
    }

    // The op's regions, or for a call the callee's body, compiled into nested regions.
    for (const auto& region : op.regions) {
      if (region.blocks.size() != 1) unsupported(op, "regions of more than one block are not supported");
      RETURN_IF_ERROR(compileBlock(op, *region.blocks.front(), step.regions.emplace_back(), depth));
    }
    if (op.id == OpId::kFuncCall || op.id == OpId::kComposite) {
      std::optional<std::string_view> callee =
          op.id == OpId::kFuncCall ? CallOp(op).callee() : CompositeOp(op).decomposition();
      const Operation* function = callee ? module_.findFunction(*callee) : nullptr;
      if (!function || function->regions.empty() || function->regions[0].blocks.empty())
        return invalid(op, strCat("calls @", callee.value_or(""), ", which the module does not define"));
      if (depth >= kMaxCallDepth) unsupported(op, strCat("calls nested deeper than ", kMaxCallDepth));
      RETURN_IF_ERROR(compileBlock(*function, *function->regions[0].blocks.front(), step.regions.emplace_back(), depth + 1));
    }

    for (const auto& result : op.results) step.results.push_back(newSlot(result.get()));
    absl::Status planned = planner->second(op, step, plan_);
    if (absl::IsUnimplemented(planned)) unsupported(op, std::string(planned.message()));
    if (!planned.ok()) return invalid(op, std::string(planned.message()));
    return absl::OkStatus();
  }

  const Module& module_;
  std::string_view source_text_;
  Plan plan_;
  absl::flat_hash_map<const Value*, Slot> slot_of_;
  // A tuple value: its elements (tensors, tokens or tuples), by the IR values they are.
  absl::flat_hash_map<const Value*, std::vector<const Value*>> tuple_of_;
};

// Fills last_uses in `region` and its nested regions; returns the slots `region` reads that it does not
// define (a value of an enclosing scope).
std::vector<Slot> assignLiveness(Region& region) {
  absl::flat_hash_set<Slot> defined(region.inputs.begin(), region.inputs.end());
  std::vector<std::vector<Slot>> reads(region.steps.size());
  for (size_t s = 0; s < region.steps.size(); ++s) {
    Step& step = region.steps[s];
    reads[s] = step.operands;
    for (Region& nested : step.regions) {
      std::vector<Slot> outer = assignLiveness(nested);
      reads[s].insert(reads[s].end(), outer.begin(), outer.end());
    }
    defined.insert(step.results.begin(), step.results.end());
  }
  absl::flat_hash_map<Slot, size_t> last_reader;
  for (size_t s = 0; s < region.steps.size(); ++s) {
    for (Slot slot : region.steps[s].results) last_reader.try_emplace(slot, s);  // unread: dies where made
    for (Slot slot : reads[s])
      if (defined.contains(slot)) last_reader[slot] = std::max(last_reader[slot], s);
  }
  const absl::flat_hash_set<Slot> outputs(region.outputs.begin(), region.outputs.end());
  for (const auto& [slot, s] : last_reader)
    if (!outputs.contains(slot)) region.steps[s].last_uses.push_back(slot);
  for (Step& step : region.steps) std::sort(step.last_uses.begin(), step.last_uses.end());

  absl::flat_hash_set<Slot> outer;
  for (const std::vector<Slot>& step_reads : reads)
    for (Slot slot : step_reads)
      if (!defined.contains(slot)) outer.insert(slot);
  for (Slot slot : region.outputs)
    if (!defined.contains(slot)) outer.insert(slot);
  return {outer.begin(), outer.end()};
}

}  // namespace

std::string Unsupported::message() const { return strCat(location, ": ", op, ": ", reason); }

std::vector<OpId> plannableOps() {
  std::vector<OpId> ops;
  for (const auto& [op, planner] : plannerTable()) ops.push_back(op);
  ops.push_back(OpId::kTuple);  // handled by the plan compiler itself
  ops.push_back(OpId::kGetTupleElement);
  std::sort(ops.begin(), ops.end());
  return ops;
}

absl::StatusOr<CompileResult> compile(const Module& module, std::string_view function, std::string_view source_text) {
  const Operation* func = module.findFunction(function);
  if (!func) return absl::InvalidArgumentError(strCat("the program has no function @", function));
  if (func->regions.empty() || func->regions[0].blocks.empty())
    return absl::InvalidArgumentError(strCat("@", function, " has no body"));
  Compiler compiler(module, source_text);
  try {
    RETURN_IF_ERROR(compiler.compileBlock(*func, *func->regions[0].blocks.front(), compiler.plan(), 0));
  } catch (UnsupportedFound& found) {
    return CompileResult{std::move(found.what)};
  }
  Plan& plan = compiler.plan();
  assignLiveness(plan);
  return CompileResult{std::move(plan)};
}

}  // namespace hloconf::plan
