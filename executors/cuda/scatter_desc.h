// scatter on the CUDA executor (scatter.cu): one input, its updates of the same type, and an update
// computation recognised as one op (plan::Combiner: replace, keep, add, multiply, maximum, minimum, and,
// or, xor). Deterministic: one block walks the update batches in order, its threads share each batch's
// update window (whose elements go to distinct result elements), with a barrier between batches. An
// update element whose full result index is out of bounds is skipped, as the spec says. The index math is
// HLOCONF_HD, checked on the host (tests/executors/cuda_emulation_test.cc: cases/scatter).
#ifndef HLOCONF_EXECUTORS_CUDA_SCATTER_DESC_H_
#define HLOCONF_EXECUTORS_CUDA_SCATTER_DESC_H_

#include <stdint.h>

#include "executors/cuda/gather_desc.h"

namespace hloconf::cuda {

struct ScatterDesc {
  DType index_type = kS32;
  BOp op = BOp::kAdd;
  bool replace = false;  // the update replaces the element (op unused)
  int input_rank = 0, batch_rank = 0, window_rank = 0, vector_size = 0, batching = 0;
  int64_t batches = 0, window_elements = 0;
  int64_t input_shape[kGatherMaxRank] = {}, input_strides[kGatherMaxRank] = {};
  int64_t batch_shape[kGatherMaxRank] = {}, batch_update_strides[kGatherMaxRank] = {}, batch_index_strides[kGatherMaxRank] = {};
  int64_t vector_stride = 0;
  int start_dims[kGatherMaxRank] = {};
  int batching_input_dims[kGatherMaxRank] = {}, batching_batch_pos[kGatherMaxRank] = {};
  int64_t window_shape[kGatherMaxRank] = {}, window_update_strides[kGatherMaxRank] = {};
  int window_input_dims[kGatherMaxRank] = {};
  bool is_window[kGatherMaxRank] = {};
};

// Batch b's start in the input (base, per input dim) and its first update element.
HLOCONF_HD inline void scatterBase(const ScatterDesc& s, int64_t b, const void* indices, int64_t* base, int64_t* update_base) {
  int64_t batch_index[kGatherMaxRank] = {};
  int64_t update = 0, index_base = 0;
  for (int k = s.batch_rank - 1; k >= 0; --k) {
    batch_index[k] = b % s.batch_shape[k];
    b /= s.batch_shape[k];
    update += batch_index[k] * s.batch_update_strides[k];
    index_base += batch_index[k] * s.batch_index_strides[k];
  }
  for (int d = 0; d < s.input_rank; ++d) base[d] = 0;
  // Indices beyond +-2^62 are out of bounds anyway; capped there, the sums below cannot overflow.
  const int64_t cap = int64_t{1} << 62;
  for (int k = 0; k < s.vector_size; ++k) {
    int64_t v = readIndex(indices, index_base + k * s.vector_stride, s.index_type);
    v = v > cap ? cap : (v < -cap ? -cap : v);
    base[s.start_dims[k]] += v;
  }
  for (int k = 0; k < s.batching; ++k) base[s.batching_input_dims[k]] += batch_index[s.batching_batch_pos[k]];
  *update_base = update;
}

// Window element w of a batch with start `base`: false where its result index is out of bounds; else its
// result element (*target) and update element (*update).
HLOCONF_HD inline bool scatterTarget(const ScatterDesc& s, const int64_t* base, int64_t update_base, int64_t w, int64_t* target,
                                     int64_t* update) {
  int64_t t = 0, u = update_base;
  for (int d = 0; d < s.input_rank; ++d) {
    if (s.is_window[d]) continue;
    if (base[d] < 0 || base[d] >= s.input_shape[d]) return false;
    t += base[d] * s.input_strides[d];
  }
  for (int k = s.window_rank - 1; k >= 0; --k) {
    const int64_t i = w % s.window_shape[k];
    w /= s.window_shape[k];
    const int d = s.window_input_dims[k];
    const int64_t x = base[d] + i;
    if (x < 0 || x >= s.input_shape[d]) return false;
    t += x * s.input_strides[d];
    u += i * s.window_update_strides[k];
  }
  *target = t;
  *update = u;
  return true;
}

}  // namespace hloconf::cuda

#endif  // HLOCONF_EXECUTORS_CUDA_SCATTER_DESC_H_
