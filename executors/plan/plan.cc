#include "executors/plan/plan.h"

#include <algorithm>

#include "absl/container/flat_hash_map.h"
#include "ir/diagnostic.h"
#include "ir/op_schema.h"
#include "ir/op_views.h"
#include "ir/strings.h"

namespace hloconf::plan {
namespace {

std::string locationOf(const Module& module, const Operation& op, std::string_view source_text) {
  if (source_text.empty() || op.source_offset > source_text.size())
    return strCat(module.path, "@", op.source_offset);
  const LineColumn lc = lineColumnAt(source_text, op.source_offset, module.source_anchor);
  return strCat(module.path, ":", lc.line, ":", lc.column);
}

// Why a value of type `type` cannot live in a slot, or "" when it can.
std::string slotTypeProblem(const Type& type) {
  if (!type.isTensor()) return strCat("values of type ", type.toString(), " are not supported yet");
  if (!type.hasStaticShape()) return "dynamic shapes are not supported yet";
  if (type.isQuantized()) return "quantized types are not supported yet";
  return "";
}

std::optional<CompareDirection> directionOf(std::string_view text) {
  static constexpr std::pair<std::string_view, CompareDirection> kDirections[] = {
      {"EQ", CompareDirection::kEQ}, {"NE", CompareDirection::kNE}, {"GE", CompareDirection::kGE},
      {"GT", CompareDirection::kGT}, {"LE", CompareDirection::kLE}, {"LT", CompareDirection::kLT}};
  for (const auto& [name, direction] : kDirections)
    if (text == name) return direction;
  return std::nullopt;
}

// compare's ordering; absent or NOTYPE means the spec's default for the operand type.
std::optional<CompareKind> compareKindOf(std::string_view text, ElementType operand) {
  if (text.empty() || text == "NOTYPE")
    return isFloat(operand) || isComplex(operand) ? CompareKind::kFloat
           : isSignedInteger(operand)             ? CompareKind::kSigned
                                                  : CompareKind::kUnsigned;
  if (text == "FLOAT") return CompareKind::kFloat;
  if (text == "TOTALORDER") return CompareKind::kTotalOrder;
  if (text == "SIGNED") return CompareKind::kSigned;
  if (text == "UNSIGNED") return CompareKind::kUnsigned;
  return std::nullopt;
}

}  // namespace

std::string Unsupported::message() const { return strCat(location, ": ", op, ": ", reason); }

const std::vector<OpId>& plannableOps() {
  static const std::vector<OpId> kOps = {
      OpId::kConstant, OpId::kAdd,     OpId::kSubtract, OpId::kMultiply,    OpId::kDivide,
      OpId::kNegate,   OpId::kAbs,     OpId::kMaximum,  OpId::kMinimum,     OpId::kCompare,
      OpId::kSelect,   OpId::kConvert, OpId::kExponential, OpId::kLog,      OpId::kSqrt,
      OpId::kTanh};
  return kOps;
}

absl::StatusOr<CompileResult> compile(const Module& module, std::string_view function, std::string_view source_text) {
  const Operation* func = module.findFunction(function);
  if (!func) return absl::InvalidArgumentError(strCat("the program has no function @", function));
  if (func->regions.empty() || func->regions[0].blocks.empty())
    return absl::InvalidArgumentError(strCat("@", function, " has no body"));
  const Block& body = *func->regions[0].blocks.front();

  Plan plan;
  absl::flat_hash_map<const Value*, Slot> slot_of;
  auto unsupported = [&](const Operation& op, std::string reason) -> CompileResult {
    return Unsupported{op.name, locationOf(module, op, source_text), std::move(reason)};
  };
  auto newSlot = [&](const Value* value) {
    const Slot slot = static_cast<Slot>(plan.slot_types.size());
    plan.slot_types.push_back(value->type);
    slot_of[value] = slot;
    return slot;
  };

  for (const auto& argument : body.arguments) {
    if (std::string problem = slotTypeProblem(argument->type); !problem.empty())
      return unsupported(*func, strCat("argument ", argument->index, ": ", problem));
    plan.inputs.push_back(newSlot(argument.get()));
  }

  bool returned = false;
  for (const auto& owned : body.operations) {
    const Operation& op = *owned;
    if (absl::Status valid = verifyAgainstSchema(op); !valid.ok())
      return absl::InvalidArgumentError(strCat(locationOf(module, op, source_text), ": ", op.name, ": ", valid.message()));
    std::vector<Slot> operands;
    for (const Value* operand : op.operands) {
      auto found = slot_of.find(operand);
      if (found == slot_of.end())
        return absl::InvalidArgumentError(strCat(locationOf(module, op, source_text), ": ", op.name,
                                                 " uses a value defined outside @", function));
      operands.push_back(found->second);
    }
    if (op.id == OpId::kFuncReturn) {
      plan.outputs = std::move(operands);
      returned = true;
      break;
    }
    if (!op.regions.empty()) return unsupported(op, "ops with regions are not supported yet");
    if (op.id == OpId::kFuncCall) return unsupported(op, "function calls are not supported yet");
    const auto& plannable = plannableOps();
    if (std::find(plannable.begin(), plannable.end(), op.id) == plannable.end())
      return unsupported(op, "the cpu executor has no kernel for this op yet");
    for (const Value* operand : op.operands)
      if (std::string problem = slotTypeProblem(operand->type); !problem.empty()) return unsupported(op, problem);
    for (const auto& result : op.results)
      if (std::string problem = slotTypeProblem(result->type); !problem.empty()) return unsupported(op, problem);

    // The kernels index every operand with the result's element index: an op whose shapes disagree (which
    // the schema's checks do not refuse for every op) must not reach them.
    if (op.id != OpId::kConstant && op.results.size() == 1) {
      const Type& result = op.results[0]->type;
      for (size_t i = 0; i < op.operands.size(); ++i) {
        const Type& operand = op.operands[i]->type;
        const bool scalar_predicate = op.id == OpId::kSelect && i == 0 && operand.rank() == 0;
        if (!scalar_predicate && operand.shape() != result.shape())
          return absl::InvalidArgumentError(strCat(locationOf(module, op, source_text), ": ", op.name, ": operand ", i,
                                                   " is ", operand.toString(), " but the result is ", result.toString(),
                                                   "; elementwise operands need the result's shape"));
      }
    }

    Step step;
    step.op = op.id;
    step.operands = std::move(operands);
    step.location = locationOf(module, op, source_text);
    switch (op.id) {
      case OpId::kConstant: {
        const Tensor* value = decode::denseElements(ConstantOp(op).value());
        if (!value) return unsupported(op, "only dense<...> constant values are supported");
        if (value->type() != op.results[0]->type)
          return absl::InvalidArgumentError(strCat(step.location, ": stablehlo.constant: the value is ",
                                                   value->type().toString(), " but the result is ",
                                                   op.results[0]->type.toString()));
        step.params = ConstantParams{*value};
        break;
      }
      case OpId::kCompare: {
        const CompareOp compare(op);
        const ElementType operand = op.operands[0]->type.elementType();
        std::optional<CompareDirection> direction = directionOf(compare.comparisonDirection());
        std::optional<CompareKind> kind = compareKindOf(compare.compareType(), operand);
        if (!direction || !kind)
          return absl::InvalidArgumentError(strCat(step.location, ": stablehlo.compare: unknown comparison_direction ",
                                                   compare.comparisonDirection(), " or compare_type ",
                                                   compare.compareType()));
        // compare (C3): float operands take FLOAT or TOTALORDER, integers SIGNED or UNSIGNED.
        const bool float_kind = *kind == CompareKind::kFloat || *kind == CompareKind::kTotalOrder;
        if (isFloat(operand) != float_kind && !isComplex(operand))
          return absl::InvalidArgumentError(strCat(step.location, ": stablehlo.compare: compare_type ",
                                                   compare.compareType(), " does not apply to ",
                                                   elementTypeName(operand), " (spec: compare (C3))"));
        step.params = CompareParams{*direction, *kind};
        break;
      }
      case OpId::kSelect:
        step.params = SelectParams{op.operands[0]->type.rank() == 0 && op.results[0]->type.rank() != 0};
        break;
      default:
        break;
    }
    for (const auto& result : op.results) step.results.push_back(newSlot(result.get()));
    plan.steps.push_back(std::move(step));
  }
  if (!returned) return absl::InvalidArgumentError(strCat("@", function, " does not end in func.return"));

  // Liveness: the last step that reads each slot; a result no step reads dies where it is made. Function
  // results live to the end, so they never appear in last_uses.
  std::vector<int64_t> last_reader(plan.slot_types.size(), -1);
  for (size_t s = 0; s < plan.steps.size(); ++s) {
    for (Slot slot : plan.steps[s].operands) last_reader[slot] = static_cast<int64_t>(s);
    for (Slot slot : plan.steps[s].results) last_reader[slot] = std::max(last_reader[slot], static_cast<int64_t>(s));
  }
  std::vector<bool> is_output(plan.slot_types.size(), false);
  for (Slot slot : plan.outputs) is_output[slot] = true;
  for (size_t slot = 0; slot < last_reader.size(); ++slot) {
    if (is_output[slot] || last_reader[slot] < 0) continue;  // an unread argument is never allocated by a step
    plan.steps[last_reader[slot]].last_uses.push_back(static_cast<Slot>(slot));
  }
  return CompileResult{std::move(plan)};
}

}  // namespace hloconf::plan
