// Planners of control flow and calls: while, if, case, func.call, composite, optimization_barrier, map.
// Their regions (a call's callee) are compiled into the step by the plan compiler; nothing to decode.
#include "executors/plan/control_params.h"
#include "executors/plan/planners.h"
#include "ir/op_views.h"
#include "ir/strings.h"

namespace hloconf::plan {
namespace {

// The kernels copy a region's outputs into the step's results byte for byte, so each region must return
// the results' types (and while's body must take them too). The schema checks most of this; a callee's
// signature against its call it does not.
absl::Status regionsReturnTheResults(const Operation& op, Step& step, const Plan& plan) {
  for (size_t r = 0; r < step.regions.size(); ++r) {
    const Region& region = step.regions[r];
    const bool while_cond = op.id == OpId::kWhile && r == 0;
    if (while_cond) {
      if (region.outputs.size() != 1 || plan.slot_types[region.outputs[0]] != Type::tensor({}, Type::element(ElementType::kI1)))
        return absl::InvalidArgumentError("the condition must return one tensor<i1> (spec: while (C1))");
    } else {
      if (region.outputs.size() != step.results.size())
        return absl::InvalidArgumentError(strCat("region ", r, " returns ", region.outputs.size(), " values for ",
                                                 step.results.size(), " results"));
      for (size_t i = 0; i < region.outputs.size(); ++i)
        if (plan.slot_types[region.outputs[i]] != plan.slot_types[step.results[i]])
          return absl::InvalidArgumentError(strCat("region ", r, " returns ", plan.slot_types[region.outputs[i]].toString(),
                                                   " for result ", i, " of type ",
                                                   plan.slot_types[step.results[i]].toString()));
    }
    const bool takes_operands = op.id == OpId::kWhile || op.id == OpId::kFuncCall || op.id == OpId::kComposite;
    if (takes_operands) {
      if (region.inputs.size() != step.operands.size())
        return absl::InvalidArgumentError(strCat("region ", r, " takes ", region.inputs.size(), " arguments for ",
                                                 step.operands.size(), " operands"));
      for (size_t i = 0; i < region.inputs.size(); ++i)
        if (plan.slot_types[region.inputs[i]] != plan.slot_types[step.operands[i]])
          return absl::InvalidArgumentError(strCat("region ", r, " takes ", plan.slot_types[region.inputs[i]].toString(),
                                                   " for operand ", i, " of type ",
                                                   plan.slot_types[step.operands[i]].toString()));
    } else if (!region.inputs.empty() && op.id != OpId::kMap) {
      return absl::InvalidArgumentError(strCat("region ", r, " must take no arguments"));
    }
  }
  return absl::OkStatus();
}

// map applies its computation to rank-0 slices: the operands and the result share one shape
// (map (C1)) and the computation takes and returns rank-0 tensors.
absl::Status planMap(const Operation& op, Step& step, const Plan& plan) {
  RETURN_IF_ERROR(sameShapes(op));
  const Region& body = step.regions.at(0);
  if (body.inputs.size() != step.operands.size() || body.outputs.size() != 1)
    return absl::InvalidArgumentError("the computation must take one rank-0 tensor per operand and return one (spec: map (C4))");
  for (Slot slot : body.inputs)
    if (plan.slot_types[slot].rank() != 0) return absl::InvalidArgumentError("the computation takes rank-0 tensors (spec: map (C4))");
  if (plan.slot_types[body.outputs[0]] != Type::tensor({}, plan.slot_types[step.results[0]].tensorElement()))
    return absl::InvalidArgumentError("the computation returns a rank-0 tensor of the result's element type (spec: map (C4))");
  for (size_t i = 0; i < body.inputs.size(); ++i)
    if (plan.slot_types[body.inputs[i]].elementType() != plan.slot_types[step.operands[i]].elementType())
      return absl::InvalidArgumentError("the computation's arguments have the operands' element types (spec: map (C4))");
  return absl::OkStatus();
}

// chlo.scan: the number of steps (the inputs' size along the dimension, else the outputs', else
// scan_dim_size) and the body's types, checked once: slices of the inputs and the carries in, slices of
// the outputs and the carries out (verify::chloScan: scan (dimension), scan (carries), scan (body)).
absl::Status planScan(const Operation& op, Step& step, const Plan& plan) {
  const ChloScanOp scan(op);
  auto params = std::make_shared<ScanParams>();
  ScanParams& p = *params;
  p.inits = scan.numInits();
  if (p.inits > step.operands.size() || p.inits > step.results.size())
    return absl::InvalidArgumentError("scan needs one carry result per init (scan (carries))");
  p.inputs = step.operands.size() - p.inits;
  p.outputs = step.results.size() - p.inits;
  p.dimension = scan.dimension();
  p.reverse = scan.isReverse();
  std::optional<int64_t> steps = scan.scanDimSize();
  auto sliceOf = [&](const Type& t) -> absl::StatusOr<Type> {
    if (p.dimension < 0 || p.dimension >= t.rank()) return absl::InvalidArgumentError(strCat(t.toString(), " has no dimension ", p.dimension, " (scan (dimension))"));
    const int64_t size = t.shape()[p.dimension];
    if (steps && *steps != size) return absl::InvalidArgumentError(strCat(t.toString(), " has ", size, " positions along dimension ", p.dimension, ", not ", *steps, " (scan (dimension))"));
    steps = size;
    std::vector<int64_t> shape = t.shape();
    shape.erase(shape.begin() + p.dimension);
    return Type::tensor(shape, t.tensorElement());
  };
  std::vector<Type> body_inputs, body_outputs;
  for (size_t i = 0; i < p.inputs; ++i) {
    ASSIGN_OR_RETURN(Type slice, sliceOf(plan.slot_types[step.operands[i]]));
    body_inputs.push_back(slice);
  }
  for (size_t j = 0; j < p.outputs; ++j) {
    ASSIGN_OR_RETURN(Type slice, sliceOf(plan.slot_types[step.results[j]]));
    body_outputs.push_back(slice);
  }
  if (!steps) return absl::InvalidArgumentError("scan has no inputs, no outputs and no scan_dim_size: the number of steps is unknown");
  p.steps = *steps;
  for (size_t i = 0; i < p.inits; ++i) {
    const Type& init = plan.slot_types[step.operands[p.inputs + i]];
    if (plan.slot_types[step.results[p.outputs + i]] != init)
      return absl::InvalidArgumentError(strCat("carry ", i, " has another type than its init (scan (carries))"));
    body_inputs.push_back(init);
    body_outputs.push_back(init);
  }
  const Region& body = step.regions.at(0);
  if (body.inputs.size() != body_inputs.size() || body.outputs.size() != body_outputs.size())
    return absl::InvalidArgumentError(strCat("the body takes ", body.inputs.size(), " and returns ", body.outputs.size(), " values; scan needs ",
                                             body_inputs.size(), " and ", body_outputs.size(), " (scan (body))"));
  for (size_t i = 0; i < body_inputs.size(); ++i)
    if (plan.slot_types[body.inputs[i]] != body_inputs[i])
      return absl::InvalidArgumentError(strCat("the body's argument ", i, " is ", plan.slot_types[body.inputs[i]].toString(), ", not ", body_inputs[i].toString(), " (scan (body))"));
  for (size_t i = 0; i < body_outputs.size(); ++i)
    if (plan.slot_types[body.outputs[i]] != body_outputs[i])
      return absl::InvalidArgumentError(strCat("the body's result ", i, " is ", plan.slot_types[body.outputs[i]].toString(), ", not ", body_outputs[i].toString(), " (scan (body))"));
  step.params = std::move(params);
  return absl::OkStatus();
}

absl::Status planBarrier(const Operation& op, Step& step, const Plan& plan) {
  for (size_t i = 0; i < step.operands.size(); ++i)
    if (plan.slot_types[step.operands[i]] != plan.slot_types[step.results.at(i)])
      return absl::InvalidArgumentError("results have the operands' types (spec: optimization_barrier (C1))");
  (void)op;
  return absl::OkStatus();
}

constexpr OpPlanner kPlanners[] = {
    {OpId::kWhile, regionsReturnTheResults},
    {OpId::kIf, regionsReturnTheResults},
    {OpId::kCase, regionsReturnTheResults},
    {OpId::kFuncCall, regionsReturnTheResults},
    {OpId::kComposite, regionsReturnTheResults},
    {OpId::kOptimizationBarrier, planBarrier},
    {OpId::kMap, planMap},
    {OpId::kChloScan, planScan},
};

}  // namespace

std::span<const OpPlanner> controlPlanners() { return kPlanners; }

}  // namespace hloconf::plan
