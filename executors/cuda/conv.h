// The CUDA executor's convolution launcher (conv.cu; conv_desc.h for the semantics).
#ifndef HLOCONF_EXECUTORS_CUDA_CONV_H_
#define HLOCONF_EXECUTORS_CUDA_CONV_H_

#include <cuda_runtime_api.h>

#include "executors/cuda/conv_desc.h"

namespace hloconf::cuda::k {
// lhs, rhs and result of one type t (not i1): f16/bf16/f32 accumulate in f32, f64 in f64, integers wrap.
// `only_if`: when not null, it runs only where the device word *only_if is not 0 (cudnn_conv.h).
cudaError_t conv(DType t, const ConvDesc& d, const void* in, const void* kernel, void* out, cudaStream_t s,
                 const uint32_t* only_if = nullptr);
// The kernel operand packed for cuDNN (cudnn_conv.h, packedKernelSource), window reversal applied, for the
// float types; sets the device word *nonfinite to 1 where an element is inf or NaN (the caller zeroes it).
cudaError_t packConvKernel(DType t, const ConvDesc& d, bool features_last, const void* kernel, void* packed, uint32_t* nonfinite,
                           cudaStream_t s);
}  // namespace hloconf::cuda::k

#endif  // HLOCONF_EXECUTORS_CUDA_CONV_H_
