// The CUDA executor's batch_norm_inference, batch_norm_training and batch_norm_grad (batch_norm.cu): the
// spec's decompositions in f64 for f16/bf16/f32 (as the CPU executor) and for f64 (the CPU executor
// uses long double), every result rounded once. The operand is [outer, features, inner] row-major; the
// per-feature sums run in one block per feature (a tree in shared memory, so in another order than the
// CPU executor's serial sums).
#ifndef HLOCONF_EXECUTORS_CUDA_BATCH_NORM_H_
#define HLOCONF_EXECUTORS_CUDA_BATCH_NORM_H_

#include <cuda_runtime_api.h>
#include <stdint.h>

#include "executors/cuda/device_math.h"

namespace hloconf::cuda {

struct BatchNormDesc {
  int64_t outer = 1, features = 1, inner = 1;
  double epsilon = 0;  // the attribute, as the element type's value (rounded on the host)
  double count = 0;    // outer * inner, as a constant of the element type
};

namespace k {
// t: kF16, kBF16, kF32 or kF64. x: the operand; f[i]: the per-feature operands (features elements each).
// inference: out = scale * ((x - mean) / sqrt(variance + epsilon)) + offset; f = scale, offset, mean, variance.
cudaError_t batchNormInference(DType t, const BatchNormDesc& d, const void* x, const void* const f[4], void* out, cudaStream_t s);
// training: f = scale, offset; results out, mean, variance.
cudaError_t batchNormTraining(DType t, const BatchNormDesc& d, const void* x, const void* const f[2], void* out, void* mean,
                              void* variance, cudaStream_t s);
// grad: f = scale, mean, variance; g: grad_output (as x); results grad_operand, grad_scale, grad_offset.
cudaError_t batchNormGrad(DType t, const BatchNormDesc& d, const void* x, const void* const f[3], const void* g,
                          void* grad_operand, void* grad_scale, void* grad_offset, cudaStream_t s);
}  // namespace k

}  // namespace hloconf::cuda

#endif  // HLOCONF_EXECUTORS_CUDA_BATCH_NORM_H_
