// The plan compiler's per-op planners, one family per file (planners_elementwise.cc, ...): each checks
// what the executor needs of one op kind and decodes its attributes into the step's params.
#ifndef HLOCONF_EXECUTORS_PLAN_PLANNERS_H_
#define HLOCONF_EXECUTORS_PLAN_PLANNERS_H_

#include <span>
#include <string>

#include "absl/status/status.h"
#include "executors/plan/plan.h"
#include "executors/plan/reduction_params.h"
#include "ir/status_macros.h"
#include "ir/operation.h"

namespace hloconf::plan {

// A planner fills `step.params` (and may check the op further). It returns OK, an Unimplemented status
// whose message says what the executor does not run (it becomes Unsupported), or an InvalidArgument
// status for a program the executor must refuse (the plan compiler prefixes the op's location and name).
// The operands and results are already slots with static tensor types (in `plan.slot_types`); regions
// are already compiled.
using PlanFn = absl::Status (*)(const Operation& op, Step& step, const Plan& plan);

struct OpPlanner {
  OpId op;
  PlanFn plan;
};

// The families. A new family adds its function here and to the list in plan.cc.
std::span<const OpPlanner> elementwisePlanners();  // planners_elementwise.cc
std::span<const OpPlanner> controlPlanners();      // planners_control.cc
std::span<const OpPlanner> reductionPlanners();    // planners_reduction.cc
std::span<const OpPlanner> collectivePlanners();   // planners_collective.cc
std::span<const OpPlanner> movementPlanners();     // planners_movement.cc
std::span<const OpPlanner> productsPlanners();     // planners_products.cc
std::span<const OpPlanner> quantizationPlanners(); // planners_quantization.cc

// For planners: a planner that decodes nothing.
absl::Status noParams(const Operation& op, Step& step, const Plan& plan);
// For reduction-like planners (reduce, reduce_window, select_and_scatter, the collectives), in
// planners_reduction.cc: the op a body `%r = OP(%arg0, %arg1); return %r` applies when all its types are
// `scalar` (BodyOp::kRegion for any other body), and a check that a body of n inputs takes n accumulators
// and n values of `elements` and returns n accumulators.
BodyOp recognizeBody(const Region& body, const Plan& plan, const Type& scalar);
absl::Status checkBody(const Region& body, const Plan& plan, const std::vector<ElementType>& elements, std::string_view op);

// For elementwise planners: every operand has the result's shape (the kernels index operands with the
// result's element index), or an InvalidArgument status.
absl::Status sameShapes(const Operation& op);

}  // namespace hloconf::plan

#endif  // HLOCONF_EXECUTORS_PLAN_PLANNERS_H_
