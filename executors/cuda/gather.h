// The CUDA executor's gather launcher (gather.cu; gather_desc.h for the semantics).
#ifndef HLOCONF_EXECUTORS_CUDA_GATHER_H_
#define HLOCONF_EXECUTORS_CUDA_GATHER_H_

#include <cuda_runtime_api.h>

#include "executors/cuda/gather_desc.h"

namespace hloconf::cuda::k {
// Elements of `bytes` bytes (1, 2, 4 or 8); indices of d.index_type.
cudaError_t gather(int bytes, const GatherDesc& d, const void* operand, const void* indices, void* out, cudaStream_t s);
}  // namespace hloconf::cuda::k

#endif  // HLOCONF_EXECUTORS_CUDA_GATHER_H_
