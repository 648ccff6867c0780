// The decoded attributes of the reduction family's steps (planners_reduction.cc): reduce, reduce_window,
// select_and_scatter.
#ifndef HLOCONF_EXECUTORS_PLAN_REDUCTION_PARAMS_H_
#define HLOCONF_EXECUTORS_PLAN_REDUCTION_PARAMS_H_

#include <cstdint>
#include <vector>

#include "executors/plan/plan.h"

namespace hloconf::plan {

// The op of a reduction body that is exactly `%r = OP(%arg0, %arg1)` (either order) returned as is, on
// one input: the kernels apply it natively instead of running the region per element.
enum class BodyOp : uint8_t { kRegion, kAdd, kMultiply, kMaximum, kMinimum, kAnd, kOr, kXor };

// reduce: N inputs of one shape, N rank-0 init values; the body combines (accumulators, inputs).
struct ReduceParams : StepParams {
  BodyOp body = BodyOp::kRegion;
  int64_t num_inputs = 1;
  std::vector<int64_t> input_shape;
  // Per input dimension, the stride of the result element it moves to (0 for a reduced dimension).
  std::vector<int64_t> result_strides;
};

// reduce_window and select_and_scatter: the window over the (padded, base-dilated) input.
struct WindowParams : StepParams {
  BodyOp body = BodyOp::kRegion;  // reduce_window's body; select_and_scatter's scatter
  int64_t num_inputs = 1;
  std::vector<int64_t> input_shape;
  std::vector<int64_t> window;            // window_dimensions
  std::vector<int64_t> strides;           // window_strides
  std::vector<int64_t> base_dilations;    // 1 each for select_and_scatter
  std::vector<int64_t> window_dilations;  // 1 each for select_and_scatter
  std::vector<int64_t> padding_low;
  std::vector<int64_t> windows;           // number of windows per dimension: the result's (or source's) shape
  // select_and_scatter: select is `compare GE` or `compare GT` (FLOAT ordering) of its two arguments in
  // order, applied natively; otherwise (false) the select region runs per comparison.
  bool select_ge = false, select_gt = false;
};

}  // namespace hloconf::plan

#endif  // HLOCONF_EXECUTORS_PLAN_REDUCTION_PARAMS_H_
