// The CUDA executor's gather (gather_desc.h): one thread per result element, grid-stride.
#include <cuda_runtime.h>

#include "executors/cuda/gather.h"

namespace hloconf::cuda {
namespace {

constexpr int kGatherThreads = 256;

template <class W>
__global__ void gatherKernel(GatherDesc d, const W* operand, const void* indices, W* out) {
  for (int64_t e = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; e < d.total; e += static_cast<int64_t>(gridDim.x) * blockDim.x) {
    int64_t src = 0, dst = 0;
    gatherOffsets(d, e, indices, &src, &dst);
    out[dst] = operand[src];
  }
}

template <class W>
cudaError_t launch(const GatherDesc& d, const void* operand, const void* indices, void* out, cudaStream_t s) {
  int64_t blocks = (d.total + kGatherThreads - 1) / kGatherThreads;
  if (blocks > 65536) blocks = 65536;
  gatherKernel<W><<<static_cast<unsigned>(blocks), kGatherThreads, 0, s>>>(d, static_cast<const W*>(operand), indices, static_cast<W*>(out));
  return cudaGetLastError();
}

}  // namespace

namespace k {
cudaError_t gather(int bytes, const GatherDesc& d, const void* operand, const void* indices, void* out, cudaStream_t s) {
  if (d.total <= 0) return cudaSuccess;
  switch (bytes) {
    case 1: return launch<uint8_t>(d, operand, indices, out, s);
    case 2: return launch<uint16_t>(d, operand, indices, out, s);
    case 4: return launch<uint32_t>(d, operand, indices, out, s);
    case 8: return launch<uint64_t>(d, operand, indices, out, s);
    case 16:
      return launch<Bytes16>(d, operand, indices, out, s);
    default: return cudaErrorInvalidValue;
  }
}
}  // namespace k

}  // namespace hloconf::cuda
