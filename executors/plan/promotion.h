// The promotions the executor runs (spec: is_promotable): a body of a reduction (reduce, reduce_window,
// select_and_scatter, all_reduce, reduce_scatter) or scatter's update computation whose element type is
// wider than its inputs', which are converted to it first.
#ifndef HLOCONF_EXECUTORS_PLAN_PROMOTION_H_
#define HLOCONF_EXECUTORS_PLAN_PROMOTION_H_

#include "ir/element_type.h"

namespace hloconf::plan {

// Whether every value of `from` is a value of `to` among the types whose conversion the CPU kernels do
// (integers of 8 bits or more of one signedness, f16/bf16/f32 to wider floats, complex<f32> to
// complex<f64>); true when equal.
bool exactlyWidens(ElementType from, ElementType to);

}  // namespace hloconf::plan

#endif  // HLOCONF_EXECUTORS_PLAN_PROMOTION_H_
