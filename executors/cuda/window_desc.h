// The CUDA executor's reduce_window (executors/cuda/README.md): one thread per window, its elements combined
// in row-major order from the init value, padding and base-dilation holes as the init value (spec:
// reduce_window pads with init_values), as the CPU executor does. HLOCONF_HD: the host tests run it too.
#ifndef HLOCONF_EXECUTORS_CUDA_WINDOW_DESC_H_
#define HLOCONF_EXECUTORS_CUDA_WINDOW_DESC_H_

#include <stdint.h>

#include "executors/cuda/device_math.h"

namespace hloconf::cuda {

inline constexpr int kMaxWindowRank = 8;

struct WindowDesc {
  int rank = 0;
  int64_t input_shape[kMaxWindowRank] = {}, input_strides[kMaxWindowRank] = {};  // row-major
  int64_t window[kMaxWindowRank] = {}, strides[kMaxWindowRank] = {};
  int64_t base_dilations[kMaxWindowRank] = {}, window_dilations[kMaxWindowRank] = {}, padding_low[kMaxWindowRank] = {};
  int64_t windows[kMaxWindowRank] = {};  // the result's shape
  int64_t outputs = 0, window_size = 0;
};

// The input element (flat index) that element k (row-major over the window) of window o (row-major over
// the result) reads, or -1 where it is padding or a hole of the base dilation.
HLOCONF_HD inline int64_t windowElement(const WindowDesc& d, int64_t o, int64_t k) {
  int64_t flat = 0;
  for (int dim = d.rank - 1; dim >= 0; --dim) {
    const int64_t index = o % d.windows[dim], w = k % d.window[dim];
    o /= d.windows[dim];
    k /= d.window[dim];
    const int64_t padded = index * d.strides[dim] + w * d.window_dilations[dim] - d.padding_low[dim];
    if (padded < 0 || padded % d.base_dilations[dim] != 0 || padded / d.base_dilations[dim] >= d.input_shape[dim]) return -1;
    flat += padded / d.base_dilations[dim] * d.input_strides[dim];
  }
  return flat;
}

// select_and_scatter (d's windows over the operand, one per source element; the CPU executor's rule): the
// operand element window o chooses, its elements in row-major order, padding skipped, the running choice kept
// while select(chosen, current), select being compare GE (ge) or GT; -1 for an all-padding window.
template <class S>
HLOCONF_HD int64_t chosenInWindow(const WindowDesc& d, bool ge, const S* x, int64_t o) {
  int64_t chosen = -1;
  for (int64_t k = 0; k < d.window_size; ++k) {
    const int64_t position = windowElement(d, o, k);
    if (position < 0) continue;
    if (chosen < 0) {
      chosen = position;
      continue;
    }
    const auto a = dm::Elem<S>::load(x[chosen]), b = dm::Elem<S>::load(x[position]);
    if (!(ge ? a >= b : a > b)) chosen = position;
  }
  return chosen;
}

HLOCONF_HD inline int64_t floorDiv(int64_t a, int64_t b) { return a >= 0 ? a / b : -((-a + b - 1) / b); }

// Calls visit(o) for every window o (row-major over d.windows, in increasing o) that holds operand element p
// (no base or window dilation: select_and_scatter's windows).
template <class Visit>
HLOCONF_HD void forEachWindowHolding(const WindowDesc& d, int64_t p, Visit&& visit) {
  int64_t lo[kMaxWindowRank], hi[kMaxWindowRank], w[kMaxWindowRank];
  int64_t rest = p;
  for (int dim = d.rank - 1; dim >= 0; --dim) {
    const int64_t index = rest % d.input_shape[dim] + d.padding_low[dim];  // in the padded operand
    rest /= d.input_shape[dim];
    lo[dim] = -floorDiv(-(index - d.window[dim] + 1), d.strides[dim]);  // w stride <= index < w stride + window
    hi[dim] = floorDiv(index, d.strides[dim]);
    if (lo[dim] < 0) lo[dim] = 0;
    if (hi[dim] > d.windows[dim] - 1) hi[dim] = d.windows[dim] - 1;
    if (lo[dim] > hi[dim]) return;
    w[dim] = lo[dim];
  }
  while (true) {
    int64_t o = 0;
    for (int dim = 0; dim < d.rank; ++dim) o = o * d.windows[dim] + w[dim];
    visit(o);
    int dim = d.rank - 1;
    for (; dim >= 0; --dim) {
      if (++w[dim] <= hi[dim]) break;
      w[dim] = lo[dim];
    }
    if (dim < 0) return;
  }
}

}  // namespace hloconf::cuda

#endif  // HLOCONF_EXECUTORS_CUDA_WINDOW_DESC_H_
