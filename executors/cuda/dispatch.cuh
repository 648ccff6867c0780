// Calling a template for the storage type of a DType at run time (nvcc only): one switch for every
// launcher that handles every kernel type.
#ifndef HLOCONF_EXECUTORS_CUDA_DISPATCH_CUH_
#define HLOCONF_EXECUTORS_CUDA_DISPATCH_CUH_

#include <cuda_runtime.h>

#include <cstdint>

#include "executors/cuda/kernels.h"

namespace hloconf::cuda {

template <class S>
struct Tag {
  using T = S;
};

// Calls f(Tag<S>{}) for the storage type S of t.
template <class F>
cudaError_t dispatch(DType t, F&& f) {
  switch (t) {
    case kPred: return f(Tag<dm::Pred>{});
    case kS8: return f(Tag<int8_t>{});
    case kS16: return f(Tag<int16_t>{});
    case kS32: return f(Tag<int32_t>{});
    case kS64: return f(Tag<int64_t>{});
    case kU8: return f(Tag<uint8_t>{});
    case kU16: return f(Tag<uint16_t>{});
    case kU32: return f(Tag<uint32_t>{});
    case kU64: return f(Tag<uint64_t>{});
    case kF16: return f(Tag<dm::Half>{});
    case kBF16: return f(Tag<dm::BFloat>{});
    case kF32: return f(Tag<float>{});
    case kF64: return f(Tag<double>{});
    case kB128:
      return cudaErrorInvalidValue;  // moved only (kernels that take a byte count)
  }
  return cudaErrorInvalidValue;
}

}  // namespace hloconf::cuda

#endif  // HLOCONF_EXECUTORS_CUDA_DISPATCH_CUH_
