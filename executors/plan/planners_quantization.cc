// Planners of the quantization family: uniform_quantize (from floats, and requantization) and
// uniform_dequantize, per-tensor and per-axis. They check each quantized type against the spec's
// constraints once and decode it into a TensorQuantization. The plan compiler also asks this family which
// ops run as they are on quantized tensors (runsOnStorage) and plans its own dequantize and quantize
// steps around every other op (planQuantizationStep).
#include <algorithm>
#include <cmath>

#include "executors/plan/planners.h"
#include "executors/plan/quantization_params.h"
#include "ir/strings.h"

namespace hloconf::plan {

absl::StatusOr<TensorQuantization> tensorQuantization(const Type& type) {
  if (!type.isTensor() || !type.isQuantized() || !type.hasStaticShape())
    return absl::InvalidArgumentError(strCat(type.toString(), " is not a quantized tensor type of static shape"));
  const QuantizedType& q = type.quantizedType();
  const std::string name = type.toString();
  const ElementType s = q.storage_type;
  if (!isInteger(s) || s == ElementType::kIndex) return absl::InvalidArgumentError(strCat(name, ": the storage type must be an integer type"));
  // min_value(storage_type) <= storage_min < storage_max <= max_value(storage_type) (C1)-(C3), with the
  // limits of a 64-bit storage type compared without overflow.
  const __int128 type_min = isSignedInteger(s) ? static_cast<__int128>(minSignedValue(s)) : 0;
  const __int128 type_max = static_cast<__int128>(maxUnsignedValue(s));
  if (!(type_min <= q.storage_min && q.storage_min < q.storage_max && q.storage_max <= type_max))
    return absl::InvalidArgumentError(strCat(name, ": needs min_value(storage_type) <= storage_min < storage_max <= max_value(storage_type)"));
  if (!isFloat(q.expressed_type)) return absl::InvalidArgumentError(strCat(name, ": the expressed type must be a floating-point type"));
  if (q.scales.empty() || q.scales.size() != q.zero_points.size())
    return absl::InvalidArgumentError(strCat(name, ": needs as many zero points as scales, at least one"));
  for (double scale : q.scales)
    if (!(scale > 0) || !std::isfinite(scale)) return absl::InvalidArgumentError(strCat(name, ": scales must be positive and finite (C5), (C6)"));
  for (int64_t zp : q.zero_points)
    if (zp < q.storage_min || zp > q.storage_max) return absl::InvalidArgumentError(strCat(name, ": zero points must lie in [storage_min, storage_max] (C7)"));
  TensorQuantization t;
  t.storage = s;
  t.expressed = q.expressed_type;
  t.storage_min = q.storage_min;
  t.storage_max = q.storage_max;
  t.scales = q.scales;
  t.zero_points = q.zero_points;
  if (q.quantized_dimension) {
    const int64_t d = *q.quantized_dimension;
    if (d < 0 || d >= type.rank()) return absl::InvalidArgumentError(strCat(name, ": quantization_dimension must be in [0, rank) (C11), (C12)"));
    const std::vector<int64_t>& shape = type.shape();
    if (shape[static_cast<size_t>(d)] != static_cast<int64_t>(q.scales.size()))
      return absl::InvalidArgumentError(strCat(name, ": dimension ", d, " has size ", shape[static_cast<size_t>(d)], ", but there are ",
                                               q.scales.size(), " scales (C13)"));
    t.size = shape[static_cast<size_t>(d)];
    for (size_t k = static_cast<size_t>(d) + 1; k < shape.size(); ++k) t.inner *= shape[k];
    if (t.inner == 0) t.inner = 1;  // no elements: any divisor does
  } else if (q.scales.size() != 1) {
    return absl::InvalidArgumentError(strCat(name, ": per-tensor quantization takes one scale (C10)"));
  }
  return t;
}

absl::Status planQuantizationStep(Step& step, const Plan& plan) {
  if (step.operands.size() != 1 || step.results.size() != 1) return absl::InvalidArgumentError("takes one operand and gives one result");
  const Type& operand = plan.slot_types[step.operands[0]];
  const Type& result = plan.slot_types[step.results[0]];
  if (!operand.isTensor() || !result.isTensor() || operand.shape() != result.shape())
    return absl::InvalidArgumentError(strCat("the operand is ", operand.toString(), " but the result is ", result.toString(), " (spec: (C1))"));
  if (step.op == OpId::kUniformDequantize) {
    if (!operand.isQuantized()) return absl::InvalidArgumentError("the operand must be a quantized tensor (spec: uniform_dequantize (I1))");
    auto params = std::make_shared<UniformDequantizeParams>();
    ASSIGN_OR_RETURN(params->from, tensorQuantization(operand));
    if (result.isQuantized() || result.elementType() != params->from.expressed)
      return absl::InvalidArgumentError(strCat("the result's element type must be the expressed type ", elementTypeName(params->from.expressed),
                                               " (spec: uniform_dequantize (C2))"));
    step.params = std::move(params);
    return absl::OkStatus();
  }
  if (step.op != OpId::kUniformQuantize) return absl::InvalidArgumentError("is not a quantization op");
  if (!result.isQuantized()) return absl::InvalidArgumentError("the result must be a quantized tensor (spec: uniform_quantize)");
  auto params = std::make_shared<UniformQuantizeParams>();
  ASSIGN_OR_RETURN(params->to, tensorQuantization(result));
  ElementType from_expressed = operand.elementType();
  if (operand.isQuantized()) {
    ASSIGN_OR_RETURN(params->from, tensorQuantization(operand));
    from_expressed = params->from->expressed;
  } else if (!isFloat(from_expressed)) {
    return absl::InvalidArgumentError(strCat("the operand must be a floating-point or quantized tensor, not ", operand.toString(),
                                             " (spec: uniform_quantize (I1))"));
  }
  if (from_expressed != params->to.expressed)
    return absl::InvalidArgumentError(strCat("the result's expressed type ", elementTypeName(params->to.expressed), " is not the operand's ",
                                             elementTypeName(from_expressed), " (spec: uniform_quantize (C2))"));
  step.params = std::move(params);
  return absl::OkStatus();
}

namespace {

// The spec's data movement ops: they move elements (storage integers) without computing on them.
bool movesData(OpId id) {
  switch (id) {
    case OpId::kReshape: case OpId::kTranspose: case OpId::kSlice: case OpId::kConcatenate: case OpId::kPad:
    case OpId::kGather: case OpId::kBroadcastInDim: case OpId::kBroadcast: case OpId::kDynamicSlice:
    case OpId::kDynamicUpdateSlice: case OpId::kReverse: case OpId::kCollectivePermute: case OpId::kCollectiveBroadcast:
    case OpId::kAllGather: case OpId::kAllToAll: case OpId::kSend: case OpId::kRecv: case OpId::kInfeed:
    case OpId::kOutfeed: case OpId::kDynamicReshape: case OpId::kDynamicBroadcastInDim: case OpId::kDynamicPad:
    case OpId::kRealDynamicSlice: case OpId::kDynamicGather: case OpId::kTorchIndexSelect:
      return true;
    default:
      return false;
  }
}

// One quantization, the axis aside (a transpose or reshape moves it; the scales follow the elements).
bool sameQuantization(const QuantizedType& a, const QuantizedType& b) {
  return a.storage_type == b.storage_type && a.storage_min == b.storage_min && a.storage_max == b.storage_max &&
         a.expressed_type == b.expressed_type && a.scales == b.scales && a.zero_points == b.zero_points &&
         a.quantized_dimension.has_value() == b.quantized_dimension.has_value();
}

bool isQuantizedTensor(const Type& t) { return t.isTensor() && t.isQuantized(); }

}  // namespace

bool runsOnStorage(const Operation& op) {
  switch (op.id) {
    case OpId::kUniformQuantize: case OpId::kUniformDequantize: case OpId::kBitcastConvert: case OpId::kConstant:
    case OpId::kFuncCall: case OpId::kComposite: case OpId::kOptimizationBarrier: case OpId::kGetDimensionSize:
    case OpId::kTuple: case OpId::kGetTupleElement:
      return true;
    default:
      break;
  }
  if (!op.regions.empty()) return true;
  if (!movesData(op.id)) return false;
  // Data movement keeps the integers when every quantized operand and every result has one quantization.
  const QuantizedType* first = nullptr;
  bool data_operand_float = false;
  for (const Value* operand : op.operands) {
    if (!isQuantizedTensor(operand->type)) {
      data_operand_float = data_operand_float || (operand->type.isTensor() && isFloat(operand->type.elementType()));
      continue;
    }
    if (!first) first = &operand->type.quantizedType();
    else if (!sameQuantization(*first, operand->type.quantizedType())) return false;
  }
  for (const auto& result : op.results) {
    if (result->type.kind() == Type::Kind::kToken) continue;
    if (!isQuantizedTensor(result->type)) return !first;  // a float result of quantized data: computed
    if (!first) first = &result->type.quantizedType();
    else if (!sameQuantization(*first, result->type.quantizedType())) return false;
  }
  return !data_operand_float || !first;
}

std::optional<Type> bodyArgumentTypeFor(const Operation& op, size_t i) {
  if (op.regions.empty() || op.regions[0].blocks.empty()) return std::nullopt;
  const Block& body = *op.regions[0].blocks.front();
  const size_t operands = op.operands.size();
  std::optional<size_t> argument;
  switch (op.id) {
    case OpId::kReduce: case OpId::kReduceWindow:  // N inputs, N init values; the body's accumulators come first
      if (operands % 2 == 0 && operands > 0) argument = i % (operands / 2);
      break;
    case OpId::kScatter:  // N inputs, the indices, N updates
      if (operands % 2 == 1) {
        const size_t n = (operands - 1) / 2;
        if (i < n) argument = i;
        else if (i > n) argument = n + (i - n - 1);
      }
      break;
    case OpId::kAllReduce: case OpId::kReduceScatter:
      argument = i;
      break;
    default:
      break;
  }
  if (!argument || *argument >= body.arguments.size()) return std::nullopt;
  return body.arguments[*argument]->type;
}

namespace {

absl::Status planUniform(const Operation&, Step& step, const Plan& plan) { return planQuantizationStep(step, plan); }

constexpr OpPlanner kPlanners[] = {
    {OpId::kUniformQuantize, planUniform},
    {OpId::kUniformDequantize, planUniform},
};

}  // namespace

std::span<const OpPlanner> quantizationPlanners() { return kPlanners; }

}  // namespace hloconf::plan
