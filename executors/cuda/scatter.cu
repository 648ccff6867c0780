// The CUDA executor's scatter (scatter_desc.h): one block, the batches in order, the window shared by its
// threads, a barrier between batches.
#include <cuda_runtime.h>

#include "executors/cuda/dispatch.cuh"
#include "executors/cuda/scatter.h"

namespace hloconf::cuda {
namespace {

constexpr int kScatterThreads = 256;

template <class S> struct SKind { static constexpr int v = 1; };  // 0 float, 1 integer, 2 pred
template <> struct SKind<dm::Pred> { static constexpr int v = 2; };
template <> struct SKind<dm::Half> { static constexpr int v = 0; };
template <> struct SKind<dm::BFloat> { static constexpr int v = 0; };
template <> struct SKind<float> { static constexpr int v = 0; };
template <> struct SKind<double> { static constexpr int v = 0; };

template <class S>
__device__ S combine(const ScatterDesc& d, S a, S b) {
  if (d.replace) return b;
  using C = typename dm::Elem<S>::C;
  if constexpr (SKind<S>::v == 0) return dm::Elem<S>::store(dm::floatBinary<C>(d.op, dm::Elem<S>::load(a), dm::Elem<S>::load(b)));
  else if constexpr (SKind<S>::v == 1) return dm::intBinary<C>(d.op, a, b);
  else return dm::Pred{dm::predBinary(d.op, dm::Elem<S>::load(a), dm::Elem<S>::load(b))};
}

template <class S>
__global__ void scatterKernel(ScatterDesc d, const void* indices, const S* updates, S* out) {
  int64_t base[kGatherMaxRank];
  for (int64_t b = 0; b < d.batches; ++b) {
    int64_t update_base = 0;
    scatterBase(d, b, indices, base, &update_base);
    for (int64_t w = threadIdx.x; w < d.window_elements; w += blockDim.x) {
      int64_t target = 0, update = 0;
      if (scatterTarget(d, base, update_base, w, &target, &update)) out[target] = combine<S>(d, out[target], updates[update]);
    }
    __syncthreads();
  }
}

template <class S>
cudaError_t launch(const ScatterDesc& d, const void* indices, const void* updates, void* out, cudaStream_t s) {
  scatterKernel<S><<<1, kScatterThreads, 0, s>>>(d, indices, static_cast<const S*>(updates), static_cast<S*>(out));
  return cudaGetLastError();
}

}  // namespace

namespace k {
cudaError_t scatter(DType t, const ScatterDesc& d, const void* indices, const void* updates, void* out, cudaStream_t s) {
  if (d.batches <= 0 || d.window_elements <= 0) return cudaSuccess;
  return dispatch(t, [&](auto tag) { return launch<typename decltype(tag)::T>(d, indices, updates, out, s); });
}
}  // namespace k

}  // namespace hloconf::cuda
