// The decoded attributes of the control family's steps (planners_control.cc).
#ifndef HLOCONF_EXECUTORS_PLAN_CONTROL_PARAMS_H_
#define HLOCONF_EXECUTORS_PLAN_CONTROL_PARAMS_H_

#include <cstddef>
#include <cstdint>

#include "executors/plan/plan.h"

namespace hloconf::plan {

// chlo.scan (docs/design/chlo.md, "scan"): operands are `inputs` tensors then `inits` carries; results are
// `outputs` tensors then the final carries. The body runs `steps` times along `dimension` (from the last
// position with `reverse`) on one slice of each input and the carries, and returns one slice of each
// output and the next carries.
struct ScanParams : StepParams {
  size_t inputs = 0, inits = 0, outputs = 0;
  int64_t dimension = 0, steps = 0;
  bool reverse = false;
};

}  // namespace hloconf::plan

#endif  // HLOCONF_EXECUTORS_PLAN_CONTROL_PARAMS_H_
