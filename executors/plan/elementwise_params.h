// The decoded attributes of the elementwise family's steps (planners_elementwise.cc).
#ifndef HLOCONF_EXECUTORS_PLAN_ELEMENTWISE_PARAMS_H_
#define HLOCONF_EXECUTORS_PLAN_ELEMENTWISE_PARAMS_H_

#include <cstdint>

#include "executors/plan/plan.h"

namespace hloconf::plan {

enum class CompareDirection : uint8_t { kEQ, kNE, kGE, kGT, kLE, kLT };
// How compare orders its operands; the spec's default for the element type is resolved at compile time.
enum class CompareKind : uint8_t { kFloat, kTotalOrder, kSigned, kUnsigned };

struct CompareParams : StepParams {
  CompareDirection direction = CompareDirection::kEQ;
  CompareKind kind = CompareKind::kFloat;
};
struct ConstantParams : StepParams {
  Tensor value;
};
struct SelectParams : StepParams {
  // The predicate is a tensor<i1> of rank 0 that chooses for every element (spec: select (C2)).
  bool scalar_predicate = false;
};

struct ClampParams : StepParams {
  // min / max are rank 0 and bound every element (spec: clamp (C1)).
  bool scalar_min = false;
  bool scalar_max = false;
};
struct ReducePrecisionParams : StepParams {
  int64_t exponent_bits = 0;  // >= 1 (spec: reduce_precision (C2))
  int64_t mantissa_bits = 0;  // >= 0 (C3)
};

}  // namespace hloconf::plan

#endif  // HLOCONF_EXECUTORS_PLAN_ELEMENTWISE_PARAMS_H_
