// Planners of the elementwise family: ops that compute element i of the result from element i of each
// operand (and constant, which has no operand).
#include <optional>
#include <vector>

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

// chlo.constant_like: the scalar `value` at every position of the operand's shape, planned as a constant
// (the reference's constantLikeKernel gives the same; chlo.md: a splat of the operand's shape).
absl::Status planConstantLike(const Operation& op, Step& step, const Plan&) {
  const Type& result = op.results[0]->type;
  if (result.isQuantized()) return absl::UnimplementedError("constant_like of a quantized type");
  if (result.shape() != op.operands[0]->type.shape())
    return absl::InvalidArgumentError(strCat("the result is ", result.toString(), " but the operand is ", op.operands[0]->type.toString()));
  const Attr* value = op.attr("value");
  const std::optional<decode::ScalarBits> scalar = decode::scalar(value ? value->get() : nullptr);
  if (!scalar) return absl::InvalidArgumentError("'value' must be a typed scalar (one element)");
  if (scalar->type != result.elementType())
    return absl::InvalidArgumentError(strCat("'value' has type ", elementTypeName(scalar->type), ", but the result's elements are ",
                                             elementTypeName(result.elementType())));
  auto params = std::make_shared<ConstantParams>();
  params->value = Tensor(result);
  for (int64_t i = 0; i < params->value.numElements(); ++i) {
    params->value.setBits(i, scalar->real, 0);
    if (isComplex(scalar->type)) params->value.setBits(i, scalar->imaginary, 1);
  }
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

absl::Status planClamp(const Operation& op, Step& step, const Plan&) {
  const Type& operand = op.operands[1]->type;
  auto params = std::make_shared<ClampParams>();
  for (size_t i : {size_t{0}, size_t{2}}) {
    const Type& bound = op.operands[i]->type;
    const bool scalar = bound.rank() == 0 && operand.rank() != 0;
    if (!scalar && bound.shape() != operand.shape())
      return absl::InvalidArgumentError(strCat(i == 0 ? "min" : "max", " is ", bound.toString(), " but the operand is ",
                                               operand.toString(), " (spec: clamp (C1))"));
    (i == 0 ? params->scalar_min : params->scalar_max) = scalar;
  }
  if (op.results[0]->type.shape() != operand.shape())
    return absl::InvalidArgumentError(strCat("the result is ", op.results[0]->type.toString(), " but the operand is ",
                                             operand.toString()));
  step.params = std::move(params);
  return absl::OkStatus();
}

absl::Status planReducePrecision(const Operation& op, Step& step, const Plan&) {
  RETURN_IF_ERROR(sameShapes(op));
  const ReducePrecisionOp view(op);
  auto params = std::make_shared<ReducePrecisionParams>();
  params->exponent_bits = view.exponentBits();
  params->mantissa_bits = view.mantissaBits();
  if (params->exponent_bits < 1 || params->mantissa_bits < 0)
    return absl::InvalidArgumentError(strCat("exponent_bits ", params->exponent_bits, " / mantissa_bits ",
                                             params->mantissa_bits, " (spec: reduce_precision (C2), (C3))"));
  step.params = std::move(params);
  return absl::OkStatus();
}

// bitcast_convert (C1), (C2): the same shape between equal bit widths; one more dimension of ws / wd
// elements for a narrower result; one fewer (the last, of wd / ws elements) for a wider one.
absl::Status planBitcastConvert(const Operation& op, Step&, const Plan&) {
  const Type& operand = op.operands[0]->type;
  const Type& result = op.results[0]->type;
  if (isComplex(operand.elementType()) != isComplex(result.elementType()))
    return absl::InvalidArgumentError(strCat("cannot bitcast ", operand.toString(), " to ", result.toString(),
                                             ": both or neither must be complex (spec: bitcast_convert (C2))"));
  const int ws = bitWidth(operand.elementType()), wd = bitWidth(result.elementType());
  std::vector<int64_t> shape = operand.shape();
  bool ok = true;
  if (ws > wd) {
    ok = ws % wd == 0;
    shape.push_back(ws / wd);
  } else if (ws < wd) {
    ok = !shape.empty() && wd % ws == 0 && shape.back() == wd / ws;
    if (!shape.empty()) shape.pop_back();
  }
  if (!ok || shape != result.shape())
    return absl::InvalidArgumentError(strCat("cannot bitcast ", operand.toString(), " to ", result.toString(),
                                             " (spec: bitcast_convert (C1), (C2))"));
  return absl::OkStatus();
}

constexpr OpPlanner kPlanners[] = {
    {OpId::kConstant, planConstant},
    {OpId::kChloConstant, planConstant},
    {OpId::kChloConstantLike, planConstantLike},
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
    {OpId::kAnd, elementwise},
    {OpId::kOr, elementwise},
    {OpId::kXor, elementwise},
    {OpId::kNot, elementwise},
    {OpId::kShiftLeft, elementwise},
    {OpId::kShiftRightArithmetic, elementwise},
    {OpId::kShiftRightLogical, elementwise},
    {OpId::kPopcnt, elementwise},
    {OpId::kCountLeadingZeros, elementwise},
    {OpId::kRemainder, elementwise},
    {OpId::kPower, elementwise},
    {OpId::kAtan2, elementwise},
    {OpId::kCbrt, elementwise},
    {OpId::kCeil, elementwise},
    {OpId::kFloor, elementwise},
    {OpId::kRoundNearestAfz, elementwise},
    {OpId::kRoundNearestEven, elementwise},
    {OpId::kRsqrt, elementwise},
    {OpId::kSign, elementwise},
    {OpId::kSine, elementwise},
    {OpId::kCosine, elementwise},
    {OpId::kTan, elementwise},
    {OpId::kExponentialMinusOne, elementwise},
    {OpId::kLogPlusOne, elementwise},
    {OpId::kLogistic, elementwise},
    {OpId::kIsFinite, elementwise},
    {OpId::kReal, elementwise},
    {OpId::kImag, elementwise},
    {OpId::kComplex, elementwise},
    // chlo's elementwise ops on operands of the result's shape (the broadcast_* family is not planned).
    {OpId::kChloAcos, elementwise},
    {OpId::kChloAcosh, elementwise},
    {OpId::kChloAsin, elementwise},
    {OpId::kChloAsinh, elementwise},
    {OpId::kChloAtan, elementwise},
    {OpId::kChloAtanh, elementwise},
    {OpId::kChloAsinAcosKernel, elementwise},
    {OpId::kChloBesselI1e, elementwise},
    {OpId::kChloConj, elementwise},
    {OpId::kChloCosh, elementwise},
    {OpId::kChloDigamma, elementwise},
    {OpId::kChloErfInv, elementwise},
    {OpId::kChloErf, elementwise},
    {OpId::kChloErfc, elementwise},
    {OpId::kChloIsInf, elementwise},
    {OpId::kChloIsNegInf, elementwise},
    {OpId::kChloIsPosInf, elementwise},
    {OpId::kChloLgamma, elementwise},
    {OpId::kChloMulhi, elementwise},
    {OpId::kChloNextAfter, elementwise},
    {OpId::kChloPolygamma, elementwise},
    {OpId::kChloSinh, elementwise},
    {OpId::kChloSquare, elementwise},
    {OpId::kChloTan, elementwise},
    {OpId::kChloZeta, elementwise},
    {OpId::kClamp, planClamp},
    {OpId::kReducePrecision, planReducePrecision},
    {OpId::kBitcastConvert, planBitcastConvert},
};

}  // namespace

std::span<const OpPlanner> elementwisePlanners() { return kPlanners; }

}  // namespace hloconf::plan
