// The CUDA executor's convolution (conv_desc.h): one thread per result element, grid-stride.
#include <cuda_runtime.h>

#include <type_traits>

#include "executors/cuda/conv.h"

namespace hloconf::cuda {
namespace {

constexpr int kConvThreads = 128;

template <class S> struct ConvAcc { using C = uint64_t; };  // integers: wrapping
template <> struct ConvAcc<dm::Half> { using C = float; };
template <> struct ConvAcc<dm::BFloat> { using C = float; };
template <> struct ConvAcc<float> { using C = float; };
template <> struct ConvAcc<double> { using C = double; };

template <class S>
__global__ void convKernel(ConvDesc d, const S* in, const S* kernel, S* out) {
  using C = typename ConvAcc<S>::C;
  for (int64_t t = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; t < d.total;
       t += static_cast<int64_t>(gridDim.x) * blockDim.x) {
    int64_t offset = 0;
    const C acc = convAt<C, S>(d, t, in, kernel, &offset);
    if constexpr (std::is_same_v<C, uint64_t>) out[offset] = static_cast<S>(acc);
    else out[offset] = dm::Elem<S>::store(static_cast<typename dm::Elem<S>::C>(acc));
  }
}

template <class S>
cudaError_t launch(const ConvDesc& d, const void* in, const void* kernel, void* out, cudaStream_t s) {
  int64_t blocks = (d.total + kConvThreads - 1) / kConvThreads;
  if (blocks > 65536) blocks = 65536;
  convKernel<S><<<static_cast<unsigned>(blocks), kConvThreads, 0, s>>>(d, static_cast<const S*>(in), static_cast<const S*>(kernel),
                                                                      static_cast<S*>(out));
  return cudaGetLastError();
}

}  // namespace

namespace k {
cudaError_t conv(DType t, const ConvDesc& d, const void* in, const void* kernel, void* out, cudaStream_t s) {
  if (d.total <= 0) return cudaSuccess;
  switch (t) {
    case kS8: return launch<int8_t>(d, in, kernel, out, s);
    case kS16: return launch<int16_t>(d, in, kernel, out, s);
    case kS32: return launch<int32_t>(d, in, kernel, out, s);
    case kS64: return launch<int64_t>(d, in, kernel, out, s);
    case kU8: return launch<uint8_t>(d, in, kernel, out, s);
    case kU16: return launch<uint16_t>(d, in, kernel, out, s);
    case kU32: return launch<uint32_t>(d, in, kernel, out, s);
    case kU64: return launch<uint64_t>(d, in, kernel, out, s);
    case kF16: return launch<dm::Half>(d, in, kernel, out, s);
    case kBF16: return launch<dm::BFloat>(d, in, kernel, out, s);
    case kF32: return launch<float>(d, in, kernel, out, s);
    case kF64: return launch<double>(d, in, kernel, out, s);
    default: return cudaErrorInvalidValue;
  }
}
}  // namespace k

}  // namespace hloconf::cuda
