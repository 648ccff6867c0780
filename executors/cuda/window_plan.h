// The host side of the CUDA executor's reduce_window (window_desc.h): the plan's WindowParams as a WindowDesc.
#ifndef HLOCONF_EXECUTORS_CUDA_WINDOW_PLAN_H_
#define HLOCONF_EXECUTORS_CUDA_WINDOW_PLAN_H_

#include <cstdint>

#include "absl/status/statusor.h"
#include "executors/cuda/window_desc.h"
#include "executors/plan/reduction_params.h"
#include "ir/strings.h"

namespace hloconf::cuda {

inline absl::StatusOr<WindowDesc> windowDescFrom(const plan::WindowParams& p, int64_t result_elements) {
  const size_t rank = p.input_shape.size();
  if (rank > static_cast<size_t>(kMaxWindowRank))
    return absl::UnimplementedError(strCat("a reduce_window of rank ", rank, " (the cuda kernels take at most ", kMaxWindowRank, ")"));
  if (p.window.size() != rank || p.strides.size() != rank || p.base_dilations.size() != rank || p.window_dilations.size() != rank ||
      p.padding_low.size() != rank || p.windows.size() != rank)
    return absl::InternalError("reduce_window's attributes differ from its input's rank");
  WindowDesc d;
  d.rank = static_cast<int>(rank);
  d.outputs = 1;
  d.window_size = 1;
  int64_t stride = 1;
  for (size_t k = rank; k-- > 0;) {
    d.input_strides[k] = stride;
    stride *= p.input_shape[k];
  }
  for (size_t k = 0; k < rank; ++k) {
    if (p.base_dilations[k] < 1 || p.window_dilations[k] < 1 || p.strides[k] < 1 || p.window[k] < 0 || p.windows[k] < 0)
      return absl::InternalError("reduce_window's window attributes are out of range");
    d.input_shape[k] = p.input_shape[k];
    d.window[k] = p.window[k];
    d.strides[k] = p.strides[k];
    d.base_dilations[k] = p.base_dilations[k];
    d.window_dilations[k] = p.window_dilations[k];
    d.padding_low[k] = p.padding_low[k];
    d.windows[k] = p.windows[k];
    d.outputs *= p.windows[k];
    d.window_size *= p.window[k];
  }
  if (d.outputs != result_elements) return absl::InternalError("reduce_window's windows differ from its result");
  return d;
}

}  // namespace hloconf::cuda

#endif  // HLOCONF_EXECUTORS_CUDA_WINDOW_PLAN_H_
