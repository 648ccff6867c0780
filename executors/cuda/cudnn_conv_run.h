// Running a convolution through cuDNN (cudnn_conv.cc; cudnn_conv.h for when and why): host-side, for the
// cuda executor's convolution step.
#ifndef HLOCONF_EXECUTORS_CUDA_CUDNN_CONV_RUN_H_
#define HLOCONF_EXECUTORS_CUDA_CUDNN_CONV_RUN_H_

#include <cuda_runtime_api.h>

#include <string>

#include "absl/status/statusor.h"
#include "executors/cuda/cudnn_conv.h"

namespace hloconf::cuda {

struct CudnnConvPlan;

// cuDNN's descriptors and chosen algorithm for `c` of type `t`, made once per host thread; null, with the
// reason in `why`, where cuDNN is absent, turned off (HLOCONF_CUDA_CUDNN=0) or refuses the shape.
absl::StatusOr<const CudnnConvPlan*> cudnnConvPlan(DType t, const CudnnConvShape& c, std::string* why);
// The device workspace `p`'s algorithm needs, in bytes.
size_t cudnnConvWorkspace(const CudnnConvPlan& p);
// Launches the convolution on `stream` (x and y as the shape's strides say, the kernel packed:
// packConvKernel); false where cuDNN declines it at launch (nothing was launched).
absl::StatusOr<bool> cudnnConvForward(const CudnnConvPlan& p, const void* x, const void* packed_w, void* y, void* workspace,
                                      cudaStream_t stream);

}  // namespace hloconf::cuda

#endif  // HLOCONF_EXECUTORS_CUDA_CUDNN_CONV_RUN_H_
