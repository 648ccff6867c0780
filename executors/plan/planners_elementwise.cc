// Planners of the elementwise family: ops that compute element i of the result from element i of each
// operand (and constant, which has no operand).
#include <optional>

#include "executors/plan/elementwise_params.h"
#include "executors/plan/planners.h"
#include "ir/op_views.h"
#include "ir/strings.h"

namespace hloconf::plan {

absl::Status noParams(const Operation&, Step&, const Plan&) { return absl::OkStatus(); }

absl::Status sameShapes(const Operation& op) {
  for (const auto& result : op.results)
    for (size_t i = 0; i < op.operands.size(); ++i)
      if (op.operands[i]->type.shape() != result->type.shape())
        return absl::InvalidArgumentError(strCat("operand ", i, " is ", op.operands[i]->type.toString(),
                                                 " but the result is ", result->type.toString(),
                                                 "; elementwise operands need the result's shape"));
  return absl::OkStatus();
}

namespace {

absl::Status elementwise(const Operation& op, Step&, const Plan&) { return sameShapes(op); }

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

absl::Status planCompare(const Operation& op, Step& step, const Plan&) {
  RETURN_IF_ERROR(sameShapes(op));
  const CompareOp compare(op);
  const ElementType operand = op.operands[0]->type.elementType();
  std::optional<CompareDirection> direction = directionOf(compare.comparisonDirection());
  std::optional<CompareKind> kind = compareKindOf(compare.compareType(), operand);
  if (!direction || !kind)
    return absl::InvalidArgumentError(strCat("unknown comparison_direction ", compare.comparisonDirection(),
                                             " or compare_type ", compare.compareType()));
  // compare (C3): float operands take FLOAT or TOTALORDER, integers SIGNED or UNSIGNED.
  const bool float_kind = *kind == CompareKind::kFloat || *kind == CompareKind::kTotalOrder;
  if (isFloat(operand) != float_kind && !isComplex(operand))
    return absl::InvalidArgumentError(strCat("compare_type ", compare.compareType(), " does not apply to ",
                                             elementTypeName(operand), " (spec: compare (C3))"));
  auto params = std::make_shared<CompareParams>();
  params->direction = *direction;
  params->kind = *kind;
  step.params = std::move(params);
  return absl::OkStatus();
}

absl::Status planConstant(const Operation& op, Step& step, const Plan&) {
  const Tensor* value = decode::denseElements(ConstantOp(op).value());
  if (!value) return absl::UnimplementedError("only dense<...> constant values are supported");
  if (value->type() != op.results[0]->type)
    return absl::InvalidArgumentError(strCat("the value is ", value->type().toString(), " but the result is ",
                                             op.results[0]->type.toString()));
  auto params = std::make_shared<ConstantParams>();
  params->value = *value;
  step.params = std::move(params);
  return absl::OkStatus();
}

absl::Status planSelect(const Operation& op, Step& step, const Plan&) {
  const Type& predicate = op.operands[0]->type;
  const Type& result = op.results[0]->type;
  auto params = std::make_shared<SelectParams>();
  params->scalar_predicate = predicate.rank() == 0 && result.rank() != 0;
  for (size_t i = params->scalar_predicate ? 1 : 0; i < op.operands.size(); ++i)
    if (op.operands[i]->type.shape() != result.shape())
      return absl::InvalidArgumentError(strCat("operand ", i, " is ", op.operands[i]->type.toString(),
                                               " but the result is ", result.toString(), " (spec: select (C2))"));
  step.params = std::move(params);
  return absl::OkStatus();
}

constexpr OpPlanner kPlanners[] = {
    {OpId::kConstant, planConstant},
    {OpId::kCompare, planCompare},
    {OpId::kSelect, planSelect},
    {OpId::kAdd, elementwise},
    {OpId::kSubtract, elementwise},
    {OpId::kMultiply, elementwise},
    {OpId::kDivide, elementwise},
    {OpId::kNegate, elementwise},
    {OpId::kAbs, elementwise},
    {OpId::kMaximum, elementwise},
    {OpId::kMinimum, elementwise},
    {OpId::kConvert, elementwise},
    {OpId::kExponential, elementwise},
    {OpId::kLog, elementwise},
    {OpId::kSqrt, elementwise},
    {OpId::kTanh, elementwise},
};

}  // namespace

std::span<const OpPlanner> elementwisePlanners() { return kPlanners; }

}  // namespace hloconf::plan
