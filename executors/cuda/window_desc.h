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

}  // namespace hloconf::cuda

#endif  // HLOCONF_EXECUTORS_CUDA_WINDOW_DESC_H_
