// The CUDA executor's batch norm kernels (batch_norm.h): f64 compute, one rounding per result.
#include <cuda_runtime.h>

#include "executors/cuda/batch_norm.h"

namespace hloconf::cuda {
namespace {

constexpr int kBnThreads = 256;  // a power of two (the tree sum)

template <class S>
__device__ double ld(const S* p, int64_t i) {
  return static_cast<double>(dm::Elem<S>::load(p[i]));
}
template <class S> __device__ S st(double v);
template <> __device__ dm::Half st<dm::Half>(double v) { return dm::Half{dm::doubleToHalf(v)}; }
template <> __device__ dm::BFloat st<dm::BFloat>(double v) { return dm::BFloat{dm::doubleToBf16(v)}; }
template <> __device__ float st<float>(double v) { return static_cast<float>(v); }
template <> __device__ double st<double>(double v) { return v; }

// The element index of the j-th element (j < outer * inner) of feature c.
__device__ inline int64_t elementOf(const BatchNormDesc& d, int64_t c, int64_t j) {
  return ((j / d.inner) * d.features + c) * d.inner + j % d.inner;
}

// The sum over feature c's elements of f(element index), by every thread of the block (all must call it).
template <class F>
__device__ double blockSum(const BatchNormDesc& d, int64_t c, double* part, F f) {
  const int64_t per = d.outer * d.inner;
  double s = 0;
  for (int64_t j = threadIdx.x; j < per; j += blockDim.x) s += f(elementOf(d, c, j));
  part[threadIdx.x] = s;
  __syncthreads();
  for (unsigned w = blockDim.x / 2; w > 0; w >>= 1) {
    if (threadIdx.x < w) part[threadIdx.x] += part[threadIdx.x + w];
    __syncthreads();
  }
  const double total = part[0];
  __syncthreads();
  return total;
}

template <class S>
__global__ void inferenceKernel(BatchNormDesc d, const S* x, const S* scale, const S* offset, const S* mean, const S* variance,
                                S* out) {
  const int64_t n = d.outer * d.features * d.inner;
  for (int64_t i = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += static_cast<int64_t>(gridDim.x) * blockDim.x) {
    const int64_t c = (i / d.inner) % d.features;
    const double stddev = sqrt(ld(variance, c) + d.epsilon);
    out[i] = st<S>(ld(scale, c) * ((ld(x, i) - ld(mean, c)) / stddev) + ld(offset, c));
  }
}

template <class S>
__global__ void trainingKernel(BatchNormDesc d, const S* x, const S* scale, const S* offset, S* out, S* mean_out, S* var_out) {
  __shared__ double part[kBnThreads];
  const int64_t per = d.outer * d.inner;
  for (int64_t c = blockIdx.x; c < d.features; c += gridDim.x) {
    const double mean = blockSum(d, c, part, [&](int64_t i) { return ld(x, i); }) / d.count;
    const double variance = blockSum(d, c, part, [&](int64_t i) {
      const double e = ld(x, i) - mean;
      return e * e;
    }) / d.count;
    const double stddev = sqrt(variance + d.epsilon);
    const double sc = ld(scale, c), of = ld(offset, c);
    for (int64_t j = threadIdx.x; j < per; j += blockDim.x) {
      const int64_t i = elementOf(d, c, j);
      out[i] = st<S>(sc * ((ld(x, i) - mean) / stddev) + of);
    }
    if (threadIdx.x == 0) {
      mean_out[c] = st<S>(mean);
      var_out[c] = st<S>(variance);
    }
  }
}

template <class S>
__global__ void gradKernel(BatchNormDesc d, const S* x, const S* scale, const S* mean_in, const S* var_in, const S* g, S* grad_operand,
                           S* grad_scale, S* grad_offset) {
  __shared__ double part[kBnThreads];
  const int64_t per = d.outer * d.inner;
  for (int64_t c = blockIdx.x; c < d.features; c += gridDim.x) {
    const double mean = ld(mean_in, c);
    const double sum_g = blockSum(d, c, part, [&](int64_t i) { return ld(g, i); });
    const double sum_gc = blockSum(d, c, part, [&](int64_t i) { return ld(g, i) * (ld(x, i) - mean); });
    const double var_eps = ld(var_in, c) + d.epsilon;
    const double stddev = sqrt(var_eps);
    const double denominator = d.count * var_eps * stddev;
    const double sc = ld(scale, c);
    for (int64_t j = threadIdx.x; j < per; j += blockDim.x) {
      const int64_t i = elementOf(d, c, j);
      const double numerator = (ld(g, i) * d.count - sum_g) * var_eps - sum_gc * (ld(x, i) - mean);
      grad_operand[i] = st<S>(sc * numerator / denominator);
    }
    if (threadIdx.x == 0) {
      grad_scale[c] = st<S>(per > 0 ? sum_gc / stddev : 0.0);
      grad_offset[c] = st<S>(sum_g);
    }
  }
}

unsigned blocks(int64_t n) {
  int64_t b = (n + kBnThreads - 1) / kBnThreads;
  if (b > 65535) b = 65535;
  return static_cast<unsigned>(b < 1 ? 1 : b);
}
unsigned featureBlocks(int64_t features) { return static_cast<unsigned>(features > 65535 ? 65535 : (features < 1 ? 1 : features)); }

template <class S>
cudaError_t inference(const BatchNormDesc& d, const void* x, const void* const f[4], void* out, cudaStream_t s) {
  const int64_t n = d.outer * d.features * d.inner;
  if (n <= 0) return cudaSuccess;
  inferenceKernel<S><<<blocks(n), kBnThreads, 0, s>>>(d, static_cast<const S*>(x), static_cast<const S*>(f[0]), static_cast<const S*>(f[1]),
                                                      static_cast<const S*>(f[2]), static_cast<const S*>(f[3]), static_cast<S*>(out));
  return cudaGetLastError();
}
template <class S>
cudaError_t training(const BatchNormDesc& d, const void* x, const void* const f[2], void* out, void* mean, void* variance, cudaStream_t s) {
  if (d.features <= 0) return cudaSuccess;
  trainingKernel<S><<<featureBlocks(d.features), kBnThreads, 0, s>>>(d, static_cast<const S*>(x), static_cast<const S*>(f[0]),
                                                                     static_cast<const S*>(f[1]), static_cast<S*>(out), static_cast<S*>(mean),
                                                                     static_cast<S*>(variance));
  return cudaGetLastError();
}
template <class S>
cudaError_t grad(const BatchNormDesc& d, const void* x, const void* const f[3], const void* g, void* go, void* gs, void* gf, cudaStream_t s) {
  if (d.features <= 0) return cudaSuccess;
  gradKernel<S><<<featureBlocks(d.features), kBnThreads, 0, s>>>(d, static_cast<const S*>(x), static_cast<const S*>(f[0]),
                                                                 static_cast<const S*>(f[1]), static_cast<const S*>(f[2]), static_cast<const S*>(g),
                                                                 static_cast<S*>(go), static_cast<S*>(gs), static_cast<S*>(gf));
  return cudaGetLastError();
}

}  // namespace

namespace k {
cudaError_t batchNormInference(DType t, const BatchNormDesc& d, const void* x, const void* const f[4], void* out, cudaStream_t s) {
  switch (t) {
    case kF16: return inference<dm::Half>(d, x, f, out, s);
    case kBF16: return inference<dm::BFloat>(d, x, f, out, s);
    case kF32: return inference<float>(d, x, f, out, s);
    case kF64: return inference<double>(d, x, f, out, s);
    default: return cudaErrorInvalidValue;
  }
}
cudaError_t batchNormTraining(DType t, const BatchNormDesc& d, const void* x, const void* const f[2], void* out, void* mean,
                              void* variance, cudaStream_t s) {
  switch (t) {
    case kF16: return training<dm::Half>(d, x, f, out, mean, variance, s);
    case kBF16: return training<dm::BFloat>(d, x, f, out, mean, variance, s);
    case kF32: return training<float>(d, x, f, out, mean, variance, s);
    case kF64: return training<double>(d, x, f, out, mean, variance, s);
    default: return cudaErrorInvalidValue;
  }
}
cudaError_t batchNormGrad(DType t, const BatchNormDesc& d, const void* x, const void* const f[3], const void* g, void* grad_operand,
                          void* grad_scale, void* grad_offset, cudaStream_t s) {
  switch (t) {
    case kF16: return grad<dm::Half>(d, x, f, g, grad_operand, grad_scale, grad_offset, s);
    case kBF16: return grad<dm::BFloat>(d, x, f, g, grad_operand, grad_scale, grad_offset, s);
    case kF32: return grad<float>(d, x, f, g, grad_operand, grad_scale, grad_offset, s);
    case kF64: return grad<double>(d, x, f, g, grad_operand, grad_scale, grad_offset, s);
    default: return cudaErrorInvalidValue;
  }
}
}  // namespace k

}  // namespace hloconf::cuda
