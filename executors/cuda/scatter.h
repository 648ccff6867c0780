// The CUDA executor's scatter launcher (scatter.cu; scatter_desc.h for the semantics).
#ifndef HLOCONF_EXECUTORS_CUDA_SCATTER_H_
#define HLOCONF_EXECUTORS_CUDA_SCATTER_H_

#include <cuda_runtime_api.h>

#include "executors/cuda/scatter_desc.h"

namespace hloconf::cuda::k {
// Combines `updates` into `out` (already holding the input), elements of type t.
cudaError_t scatter(DType t, const ScatterDesc& d, const void* indices, const void* updates, void* out, cudaStream_t s);
}  // namespace hloconf::cuda::k

#endif  // HLOCONF_EXECUTORS_CUDA_SCATTER_H_
