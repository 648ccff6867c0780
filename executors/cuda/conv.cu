// The CUDA executor's convolution (conv_desc.h): one thread per result element, grid-stride.
#include <cuda_runtime.h>

#include <type_traits>

#include "executors/cuda/conv.h"
#include "executors/cuda/cudnn_conv.h"

namespace hloconf::cuda {
namespace {

constexpr int kConvThreads = 128;

template <class S> struct ConvAcc { using C = uint64_t; };  // integers: wrapping
template <> struct ConvAcc<dm::Half> { using C = float; };
template <> struct ConvAcc<dm::BFloat> { using C = float; };
template <> struct ConvAcc<float> { using C = float; };
template <> struct ConvAcc<double> { using C = double; };

// `only_if`: when not null, the kernel runs only where *only_if != 0 (after cuDNN, for a kernel operand with
// a non-finite element: cudnn_conv.h).
template <class S>
__global__ void convKernel(ConvDesc d, const S* in, const S* kernel, S* out, const uint32_t* only_if) {
  using C = typename ConvAcc<S>::C;
  if (only_if && *only_if == 0) return;
  for (int64_t t = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; t < d.total;
       t += static_cast<int64_t>(gridDim.x) * blockDim.x) {
    int64_t offset = 0;
    const C acc = convAt<C, S>(d, t, in, kernel, &offset);
    if constexpr (std::is_same_v<C, uint64_t>) out[offset] = static_cast<S>(acc);
    else out[offset] = dm::Elem<S>::store(static_cast<typename dm::Elem<S>::C>(acc));
  }
}

template <class S>
cudaError_t launch(const ConvDesc& d, const void* in, const void* kernel, void* out, cudaStream_t s, const uint32_t* only_if) {
  int64_t blocks = (d.total + kConvThreads - 1) / kConvThreads;
  if (blocks > 65536) blocks = 65536;
  // The guarded launch after cuDNN almost always returns at once: few blocks (grid-stride covers the rest)
  // keep that cheap.
  if (only_if && blocks > 1024) blocks = 1024;
  convKernel<S><<<static_cast<unsigned>(blocks), kConvThreads, 0, s>>>(d, static_cast<const S*>(in), static_cast<const S*>(kernel),
                                                                      static_cast<S*>(out), only_if);
  return cudaGetLastError();
}

// Packed element t of the kernel operand for cuDNN (cudnn_conv.h: packedKernelSource); a non-finite element
// sets *nonfinite (every writer writes the same 1).
template <class S>
__global__ void packKernel(ConvDesc d, bool features_last, int64_t window, const S* kernel, S* packed, uint32_t* nonfinite) {
  const int64_t n = d.out_features * window * d.cg;
  for (int64_t t = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; t < n; t += static_cast<int64_t>(gridDim.x) * blockDim.x) {
    const int64_t src = packedKernelSource(d, features_last, window, t);
    const S v = kernel[src];
    packed[t] = v;
    if (!dm::isFinite(dm::Elem<S>::load(v))) *nonfinite = 1;
  }
}

template <class S>
cudaError_t pack(const ConvDesc& d, bool features_last, const void* kernel, void* packed, uint32_t* nonfinite, cudaStream_t s) {
  int64_t window = 1;
  for (int k = 0; k < d.sr; ++k) window *= d.k_spatial[k];
  int64_t blocks = (d.out_features * window * d.cg + kConvThreads - 1) / kConvThreads;
  if (blocks > 65536) blocks = 65536;
  if (blocks < 1) return cudaSuccess;
  packKernel<S><<<static_cast<unsigned>(blocks), kConvThreads, 0, s>>>(d, features_last, window, static_cast<const S*>(kernel),
                                                                      static_cast<S*>(packed), nonfinite);
  return cudaGetLastError();
}

}  // namespace

namespace k {
cudaError_t conv(DType t, const ConvDesc& d, const void* in, const void* kernel, void* out, cudaStream_t s, const uint32_t* only_if) {
  if (d.total <= 0) return cudaSuccess;
  switch (t) {
    case kS8: return launch<int8_t>(d, in, kernel, out, s, only_if);
    case kS16: return launch<int16_t>(d, in, kernel, out, s, only_if);
    case kS32: return launch<int32_t>(d, in, kernel, out, s, only_if);
    case kS64: return launch<int64_t>(d, in, kernel, out, s, only_if);
    case kU8: return launch<uint8_t>(d, in, kernel, out, s, only_if);
    case kU16: return launch<uint16_t>(d, in, kernel, out, s, only_if);
    case kU32: return launch<uint32_t>(d, in, kernel, out, s, only_if);
    case kU64: return launch<uint64_t>(d, in, kernel, out, s, only_if);
    case kF16: return launch<dm::Half>(d, in, kernel, out, s, only_if);
    case kBF16: return launch<dm::BFloat>(d, in, kernel, out, s, only_if);
    case kF32: return launch<float>(d, in, kernel, out, s, only_if);
    case kF64: return launch<double>(d, in, kernel, out, s, only_if);
    default: return cudaErrorInvalidValue;
  }
}

cudaError_t packConvKernel(DType t, const ConvDesc& d, bool features_last, const void* kernel, void* packed, uint32_t* nonfinite,
                           cudaStream_t s) {
  switch (t) {
    case kF16: return pack<dm::Half>(d, features_last, kernel, packed, nonfinite, s);
    case kBF16: return pack<dm::BFloat>(d, features_last, kernel, packed, nonfinite, s);
    case kF32: return pack<float>(d, features_last, kernel, packed, nonfinite, s);
    case kF64: return pack<double>(d, features_last, kernel, packed, nonfinite, s);
    default: return cudaErrorInvalidValue;
  }
}
}  // namespace k

}  // namespace hloconf::cuda
