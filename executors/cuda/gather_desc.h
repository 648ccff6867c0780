// gather on the CUDA executor (gather.cu): one thread per result element. The descriptor and its index
// math are HLOCONF_HD, unit-tested on the host (tests/executors/cuda_gather_test.cc); the host builds
// the descriptor from the plan's GatherParams (gatherDescFrom in executor.cc's registration) so that every
// start is clamped into the operand and every offset stays inside the buffers.
#ifndef HLOCONF_EXECUTORS_CUDA_GATHER_DESC_H_
#define HLOCONF_EXECUTORS_CUDA_GATHER_DESC_H_

#include <stdint.h>
#include <string.h>

#include "executors/cuda/device_math.h"

namespace hloconf::cuda {

inline constexpr int kGatherMaxRank = 8;

struct GatherDesc {
  int64_t total = 0;  // result elements = batches * window elements
  DType index_type = kS32;
  int batch_rank = 0, window_rank = 0, operand_rank = 0, vector_size = 0, batching = 0;
  int64_t batch_shape[kGatherMaxRank] = {}, batch_out_strides[kGatherMaxRank] = {}, batch_index_strides[kGatherMaxRank] = {};
  int64_t window_shape[kGatherMaxRank] = {}, window_src_strides[kGatherMaxRank] = {}, window_dst_strides[kGatherMaxRank] = {};
  int64_t window_elements = 1;
  int64_t vector_stride = 0;
  int start_dims[kGatherMaxRank] = {};  // operand dim of each index vector element
  int batching_operand_dims[kGatherMaxRank] = {}, batching_batch_pos[kGatherMaxRank] = {};
  int64_t max_start[kGatherMaxRank] = {};  // operand size - slice size, per operand dim
  int64_t operand_strides[kGatherMaxRank] = {};
};

// An index element as the CPU executor reads it: signed types sign-extend, unsigned ones above INT64_MAX
// read as INT64_MAX.
HLOCONF_HD inline int64_t readIndex(const void* indices, int64_t i, DType t) {
  switch (t) {
    case kS8: return static_cast<const int8_t*>(indices)[i];
    case kS16: return static_cast<const int16_t*>(indices)[i];
    case kS32: return static_cast<const int32_t*>(indices)[i];
    case kS64: return static_cast<const int64_t*>(indices)[i];
    case kU8: return static_cast<const uint8_t*>(indices)[i];
    case kU16: return static_cast<const uint16_t*>(indices)[i];
    case kU32: return static_cast<const uint32_t*>(indices)[i];
    case kU64: {
      const uint64_t v = static_cast<const uint64_t*>(indices)[i];
      return v > static_cast<uint64_t>(INT64_MAX) ? INT64_MAX : static_cast<int64_t>(v);
    }
    default: return 0;
  }
}

// Result element e (< total): the operand element offset it copies (*src) and its own offset (*dst).
HLOCONF_HD inline void gatherOffsets(const GatherDesc& g, int64_t e, const void* indices, int64_t* src, int64_t* dst) {
  int64_t b = e / g.window_elements, w = e % g.window_elements;
  int64_t batch_index[kGatherMaxRank] = {};
  int64_t out = 0, index_base = 0, in = 0;
  for (int k = g.batch_rank - 1; k >= 0; --k) {
    batch_index[k] = b % g.batch_shape[k];
    b /= g.batch_shape[k];
    out += batch_index[k] * g.batch_out_strides[k];
    index_base += batch_index[k] * g.batch_index_strides[k];
  }
  for (int k = g.window_rank - 1; k >= 0; --k) {
    const int64_t i = w % g.window_shape[k];
    w /= g.window_shape[k];
    in += i * g.window_src_strides[k];
    out += i * g.window_dst_strides[k];
  }
  int64_t start[kGatherMaxRank] = {};
  for (int k = 0; k < g.vector_size; ++k) {
    const int d = g.start_dims[k];
    const int64_t v = readIndex(indices, index_base + k * g.vector_stride, g.index_type);
    start[d] = v < 0 ? 0 : (v > g.max_start[d] ? g.max_start[d] : v);
  }
  for (int k = 0; k < g.batching; ++k) start[g.batching_operand_dims[k]] = batch_index[g.batching_batch_pos[k]];
  for (int d = 0; d < g.operand_rank; ++d) in += start[d] * g.operand_strides[d];
  *src = in;
  *dst = out;
}

}  // namespace hloconf::cuda

#endif  // HLOCONF_EXECUTORS_CUDA_GATHER_DESC_H_
