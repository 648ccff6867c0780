// Planners of the reduction family: reduce, reduce_window, select_and_scatter. They decode the window
// attributes (with the spec's defaults), check every shape the kernels index with, and recognise bodies
// that are one op on their two arguments, which the kernels then apply natively.
#include "absl/strings/str_join.h"
#include "executors/plan/elementwise_params.h"
#include "executors/plan/planners.h"
#include "executors/plan/promotion.h"
#include "executors/plan/reduction_params.h"
#include "ir/op_views.h"
#include "ir/strings.h"

namespace hloconf::plan {

// A body `%r = OP(%arg0, %arg1); return %r` on one input whose types are all `scalar`.
BodyOp recognizeBody(const Region& body, const Plan& plan, const Type& scalar) {
  if (body.inputs.size() != 2 || body.steps.size() != 1 || body.outputs.size() != 1) return BodyOp::kRegion;
  const Step& step = body.steps[0];
  if (step.results.size() != 1 || body.outputs[0] != step.results[0] || step.operands.size() != 2 || !step.regions.empty())
    return BodyOp::kRegion;
  const bool arguments = (step.operands[0] == body.inputs[0] && step.operands[1] == body.inputs[1]) ||
                         (step.operands[0] == body.inputs[1] && step.operands[1] == body.inputs[0]);
  if (!arguments) return BodyOp::kRegion;
  for (Slot slot : {body.inputs[0], body.inputs[1], step.results[0]})
    if (plan.slot_types[slot] != scalar) return BodyOp::kRegion;
  switch (step.op) {
    case OpId::kAdd: return BodyOp::kAdd;
    case OpId::kMultiply: return BodyOp::kMultiply;
    case OpId::kMaximum: return BodyOp::kMaximum;
    case OpId::kMinimum: return BodyOp::kMinimum;
    case OpId::kAnd: return BodyOp::kAnd;
    case OpId::kOr: return BodyOp::kOr;
    case OpId::kXor: return BodyOp::kXor;
    default: return BodyOp::kRegion;
  }
}

// The body of a reduction with `n` inputs takes n accumulators and n input elements, all rank 0, and
// returns n values of the accumulators' types, each an element type Ei that input i promotes to
// (is_promotable): the kernels convert the inputs to Ei first (executors/cpu/widen.h) and then copy the
// body's outputs byte for byte into the accumulators.
absl::Status checkBody(const Region& body, const Plan& plan, const std::vector<ElementType>& elements, std::string_view op) {
  const size_t n = elements.size();
  if (body.inputs.size() != 2 * n || body.outputs.size() != n)
    return absl::InvalidArgumentError(strCat("the body must take ", 2 * n, " arguments and return ", n, " values (spec: ", op, ")"));
  for (size_t i = 0; i < 2 * n; ++i) {
    const Type& t = plan.slot_types[body.inputs[i]];
    if (t.rank() != 0) return absl::InvalidArgumentError(strCat("the body's arguments are rank-0 tensors (spec: ", op, ")"));
    if (t != plan.slot_types[body.inputs[i % n]])
      return absl::InvalidArgumentError(strCat("the body takes accumulators and values of one type (spec: ", op, ")"));
    if (!exactlyWidens(elements[i % n], t.elementType()))
      return absl::UnimplementedError(strCat("a body on ", t.toString(), " for inputs of ", elementTypeName(elements[i % n]),
                                             " (a promotion other than an exact widening of integers or floats) is not supported"));
  }
  for (size_t i = 0; i < n; ++i)
    if (plan.slot_types[body.outputs[i]] != plan.slot_types[body.inputs[i]])
      return absl::InvalidArgumentError(strCat("the body returns ", plan.slot_types[body.outputs[i]].toString(), " for an accumulator of ",
                                               plan.slot_types[body.inputs[i]].toString(), " (spec: ", op, ")"));
  return absl::OkStatus();
}

namespace {

std::vector<int64_t> rowMajorStrides(const std::vector<int64_t>& shape) {
  std::vector<int64_t> strides(shape.size(), 1);
  for (size_t d = shape.size(); d-- > 1;) strides[d - 1] = strides[d] * shape[d];
  return strides;
}

// Shared by reduce and reduce_window: N inputs of one shape, N rank-0 init values of their element
// types, N results of one shape with those element types. Returns the element types.
absl::StatusOr<std::vector<ElementType>> checkInputs(const Step& step, const Plan& plan, std::string_view op) {
  if (step.operands.size() % 2 != 0 || step.operands.empty() || step.results.size() != step.operands.size() / 2)
    return absl::InvalidArgumentError(strCat("takes N inputs and N init values and returns N results (spec: ", op, ")"));
  const size_t n = step.results.size();
  std::vector<ElementType> elements;
  const Type& first = plan.slot_types[step.operands[0]];
  for (size_t i = 0; i < n; ++i) {
    const Type& input = plan.slot_types[step.operands[i]];
    const Type& init = plan.slot_types[step.operands[n + i]];
    const Type& result = plan.slot_types[step.results[i]];
    if (input.shape() != first.shape()) return absl::InvalidArgumentError(strCat("the inputs have one shape (spec: ", op, ")"));
    if (init.rank() != 0 || init.elementType() != input.elementType())
      return absl::InvalidArgumentError(strCat("the init values are rank-0 tensors of the inputs' element types (spec: ", op, ")"));
    if (result.shape() != plan.slot_types[step.results[0]].shape())
      return absl::InvalidArgumentError(strCat("the results have one shape (spec: ", op, ")"));
    elements.push_back(input.elementType());
  }
  return elements;
}

// The results' element types are the body's (reduce (C8), reduce_window (C16)); returns the scalar type
// of result 0, in which a recognised body op applies.
absl::StatusOr<Type> bodyResults(const Step& step, const Plan& plan, std::string_view label) {
  const Region& body = step.regions.at(0);
  for (size_t i = 0; i < step.results.size(); ++i)
    if (plan.slot_types[step.results[i]].elementType() != plan.slot_types[body.inputs[i]].elementType())
      return absl::InvalidArgumentError(strCat("result ", i, " has another element type than the body's (spec: ", label, ")"));
  return Type::tensor({}, Type::element(plan.slot_types[step.results[0]].elementType()));
}

absl::Status planReduce(const Operation& op, Step& step, const Plan& plan) {
  ASSIGN_OR_RETURN(std::vector<ElementType> elements, checkInputs(step, plan, "reduce"));
  RETURN_IF_ERROR(checkBody(step.regions.at(0), plan, elements, "reduce (C6)"));
  ASSIGN_OR_RETURN(const Type scalar, bodyResults(step, plan, "reduce (C8)"));
  auto params = std::make_shared<ReduceParams>();
  params->num_inputs = static_cast<int64_t>(elements.size());
  params->input_shape = plan.slot_types[step.operands[0]].shape();
  const int64_t rank = static_cast<int64_t>(params->input_shape.size());
  std::vector<bool> reduced(rank, false);
  for (int64_t d : ReduceOp(op).dimensions()) {
    if (d < 0 || d >= rank || reduced[d]) return absl::InvalidArgumentError(strCat("dimension ", d, " is out of range or repeated (spec: reduce (C4))"));
    reduced[d] = true;
  }
  std::vector<int64_t> kept;
  for (int64_t d = 0; d < rank; ++d)
    if (!reduced[d]) kept.push_back(params->input_shape[d]);
  const std::vector<int64_t>& result_shape = plan.slot_types[step.results[0]].shape();
  if (kept != result_shape)
    return absl::InvalidArgumentError(strCat("the result shape must be the input's without the reduced dimensions (spec: reduce (C7))"));
  const std::vector<int64_t> result_strides = rowMajorStrides(result_shape);
  for (int64_t d = 0, k = 0; d < rank; ++d) params->result_strides.push_back(reduced[d] ? 0 : result_strides[k++]);
  if (elements.size() == 1) params->body = recognizeBody(step.regions[0], plan, scalar);
  step.params = std::move(params);
  return absl::OkStatus();
}

// One window attribute: `rank` positive entries, or the default (all `fallback`) when absent.
absl::StatusOr<std::vector<int64_t>> windowList(const std::optional<std::vector<int64_t>>& values, size_t rank,
                                                std::string_view name, std::string_view label) {
  if (!values) return std::vector<int64_t>(rank, 1);
  if (values->size() != rank) return absl::InvalidArgumentError(strCat(name, " has ", values->size(), " entries for rank ", rank, " (spec: ", label, ")"));
  for (int64_t v : *values)
    if (v < 1) return absl::InvalidArgumentError(strCat(name, " must be positive (spec: ", label, ")"));
  return *values;
}

// Fills padding_low and windows, and checks the windows give `windows_shape`.
absl::Status windowGeometry(WindowParams& p, const std::optional<std::vector<std::vector<int64_t>>>& padding,
                            const std::vector<int64_t>& windows_shape, std::string_view label) {
  const size_t rank = p.input_shape.size();
  p.padding_low.assign(rank, 0);
  std::vector<int64_t> high(rank, 0);
  if (padding) {
    if (padding->size() != rank) return absl::InvalidArgumentError(strCat("padding has ", padding->size(), " rows for rank ", rank));
    for (size_t d = 0; d < rank; ++d) {
      if ((*padding)[d].size() != 2) return absl::InvalidArgumentError("padding rows are [low, high]");
      p.padding_low[d] = (*padding)[d][0];
      high[d] = (*padding)[d][1];
    }
  }
  for (size_t d = 0; d < rank; ++d) {
    const int64_t padded = p.input_shape[d] == 0 ? p.padding_low[d] + high[d]
                                                 : (p.input_shape[d] - 1) * p.base_dilations[d] + 1 + p.padding_low[d] + high[d];
    const int64_t dilated_window = (p.window[d] - 1) * p.window_dilations[d] + 1;
    p.windows.push_back(padded < dilated_window ? 0 : (padded - dilated_window) / p.strides[d] + 1);
  }
  if (p.windows != windows_shape)
    return absl::InvalidArgumentError(strCat("the windows give shape [", absl::StrJoin(p.windows, ", "), "], not the declared one (spec: ", label, ")"));
  return absl::OkStatus();
}

absl::Status planReduceWindow(const Operation& op, Step& step, const Plan& plan) {
  ASSIGN_OR_RETURN(std::vector<ElementType> elements, checkInputs(step, plan, "reduce_window"));
  RETURN_IF_ERROR(checkBody(step.regions.at(0), plan, elements, "reduce_window (C13)"));
  ASSIGN_OR_RETURN(const Type scalar, bodyResults(step, plan, "reduce_window (C16)"));
  const ReduceWindowOp view(op);
  auto params = std::make_shared<WindowParams>();
  params->num_inputs = static_cast<int64_t>(elements.size());
  params->input_shape = plan.slot_types[step.operands[0]].shape();
  const size_t rank = params->input_shape.size();
  ASSIGN_OR_RETURN(params->window, windowList(view.windowDimensions(), rank, "window_dimensions", "reduce_window (C4)"));
  ASSIGN_OR_RETURN(params->strides, windowList(view.windowStrides(), rank, "window_strides", "reduce_window (C6)"));
  ASSIGN_OR_RETURN(params->base_dilations, windowList(view.baseDilations(), rank, "base_dilations", "reduce_window (C8)"));
  ASSIGN_OR_RETURN(params->window_dilations, windowList(view.windowDilations(), rank, "window_dilations", "reduce_window (C10)"));
  RETURN_IF_ERROR(windowGeometry(*params, view.padding(), plan.slot_types[step.results[0]].shape(), "reduce_window (C15)"));
  if (elements.size() == 1) params->body = recognizeBody(step.regions[0], plan, scalar);
  step.params = std::move(params);
  return absl::OkStatus();
}

absl::Status planSelectAndScatter(const Operation& op, Step& step, const Plan& plan) {
  if (step.operands.size() != 3 || step.results.size() != 1 || step.regions.size() != 2)
    return absl::InvalidArgumentError("takes operand, source and init_value, two regions, one result");
  const Type& operand = plan.slot_types[step.operands[0]];
  const Type& source = plan.slot_types[step.operands[1]];
  const Type& init = plan.slot_types[step.operands[2]];
  const Type& result = plan.slot_types[step.results[0]];
  if (init.rank() != 0 || source.elementType() != operand.elementType() || init.elementType() != operand.elementType() ||
      result.shape() != operand.shape())
    return absl::InvalidArgumentError(
        "source and a rank-0 init_value have the operand's element type, the result its shape (spec: select_and_scatter (C1), (C3), (C11))");
  const Type scalar = Type::tensor({}, operand.tensorElement());
  const Region& select = step.regions[0];
  if (select.inputs.size() != 2 || select.outputs.size() != 1 || plan.slot_types[select.inputs[0]] != scalar ||
      plan.slot_types[select.inputs[1]] != scalar || plan.slot_types[select.outputs[0]] != Type::tensor({}, Type::element(ElementType::kI1)))
    return absl::InvalidArgumentError("select takes two rank-0 operand elements and returns tensor<i1> (spec: select_and_scatter (C9))");
  RETURN_IF_ERROR(checkBody(step.regions[1], plan, {operand.elementType()}, "select_and_scatter (C10)"));
  const Type accumulator = Type::tensor({}, result.tensorElement());
  if (plan.slot_types[step.regions[1].inputs[0]] != accumulator)
    return absl::InvalidArgumentError("the result has the scatter body's element type (spec: select_and_scatter (C12))");
  const SelectAndScatterOp view(op);
  auto params = std::make_shared<WindowParams>();
  params->input_shape = operand.shape();
  const size_t rank = params->input_shape.size();
  ASSIGN_OR_RETURN(params->window, windowList(view.windowDimensions(), rank, "window_dimensions", "select_and_scatter (C4)"));
  ASSIGN_OR_RETURN(params->strides, windowList(view.windowStrides(), rank, "window_strides", "select_and_scatter (C6)"));
  params->base_dilations.assign(rank, 1);
  params->window_dilations.assign(rank, 1);
  RETURN_IF_ERROR(windowGeometry(*params, view.padding(), source.shape(), "select_and_scatter (C1)"));
  params->body = recognizeBody(step.regions[1], plan, accumulator);
  // A select that is `compare GE|GT, %arg0, %arg1` with the spec's default (or FLOAT/SIGNED/UNSIGNED
  // matching the type) ordering.
  if (select.steps.size() == 1 && select.steps[0].op == OpId::kCompare && select.outputs[0] == select.steps[0].results[0] &&
      select.steps[0].operands == std::vector<Slot>{select.inputs[0], select.inputs[1]}) {
    const auto& compare = select.steps[0].as<CompareParams>();
    const bool natural = compare.kind != CompareKind::kTotalOrder &&
                         !(compare.kind == CompareKind::kSigned && isUnsignedInteger(operand.elementType())) &&
                         !(compare.kind == CompareKind::kUnsigned && isSignedInteger(operand.elementType()));
    params->select_ge = natural && compare.direction == CompareDirection::kGE;
    params->select_gt = natural && compare.direction == CompareDirection::kGT;
  }
  step.params = std::move(params);
  return absl::OkStatus();
}

constexpr OpPlanner kPlanners[] = {
    {OpId::kReduce, planReduce},
    {OpId::kReduceWindow, planReduceWindow},
    {OpId::kSelectAndScatter, planSelectAndScatter},
};

}  // namespace

std::span<const OpPlanner> reductionPlanners() { return kPlanners; }

}  // namespace hloconf::plan
