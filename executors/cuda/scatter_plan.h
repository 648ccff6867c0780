// The host side of the CUDA executor's scatter (scatter_desc.h): the plan's ScatterParams as a
// ScatterDesc, with the update and index offsets bounded against their buffers (result offsets are
// bounded per element on the device: out-of-bounds elements are skipped).
#ifndef HLOCONF_EXECUTORS_CUDA_SCATTER_PLAN_H_
#define HLOCONF_EXECUTORS_CUDA_SCATTER_PLAN_H_

#include <cstdint>

#include "absl/status/statusor.h"
#include "executors/cuda/scatter_desc.h"
#include "executors/plan/movement_params.h"
#include "ir/strings.h"

namespace hloconf::cuda {

// `is_float` / `is_pred`: the element type's class (bitwise combiners need integers or i1).
inline absl::StatusOr<ScatterDesc> scatterDescFrom(const plan::ScatterParams& p, DType index_type, bool is_float,
                                                   int64_t input_elements, int64_t index_elements, int64_t update_elements) {
  if (p.n != 1 || p.combiners.size() != 1 || p.run_region)
    return absl::UnimplementedError("the cuda executor scatters one input with an update computation of one recognised op only");
  ScatterDesc s;
  s.index_type = index_type;
  switch (p.combiners[0]) {
    case plan::Combiner::kReplace: s.replace = true; break;
    case plan::Combiner::kKeep: s.op = BOp::kAdd; break;  // never applied: batches = 0 below
    case plan::Combiner::kAdd: s.op = BOp::kAdd; break;
    case plan::Combiner::kMultiply: s.op = BOp::kMul; break;
    case plan::Combiner::kMaximum: s.op = BOp::kMax; break;
    case plan::Combiner::kMinimum: s.op = BOp::kMin; break;
    case plan::Combiner::kAnd: s.op = BOp::kAnd; break;
    case plan::Combiner::kOr: s.op = BOp::kOr; break;
    case plan::Combiner::kXor: s.op = BOp::kXor; break;
    default: return absl::UnimplementedError("the cuda executor runs scatter update computations of one add, multiply, maximum, minimum, and, or, xor or a replacement only");
  }
  if (is_float && (s.op == BOp::kAnd || s.op == BOp::kOr || s.op == BOp::kXor) && !s.replace)
    return absl::UnimplementedError("a bitwise scatter combiner on floats");
  const size_t R = p.input_shape.size(), W = p.window_shape.size(), B = p.batch_shape.size();
  const size_t max = static_cast<size_t>(kGatherMaxRank);
  if (R > max || W > max || B > max || p.start_dims.size() > max || p.batching_input_dims.size() > max)
    return absl::UnimplementedError(strCat("a scatter of rank past ", kGatherMaxRank, " (the cuda kernel's limit)"));
  if (p.input_strides.size() != R || p.batch_update_strides.size() != B || p.batch_index_strides.size() != B ||
      static_cast<int64_t>(p.start_dims.size()) != p.vector_size || p.batching_batch_pos.size() != p.batching_input_dims.size() ||
      p.window_update_strides.size() != W || p.window_input_dims.size() != W)
    return absl::InternalError("scatter parameters of inconsistent ranks");
  s.input_rank = static_cast<int>(R);
  s.batch_rank = static_cast<int>(B);
  s.window_rank = static_cast<int>(W);
  s.vector_size = static_cast<int>(p.vector_size);
  s.vector_stride = p.vector_stride;
  s.batching = static_cast<int>(p.batching_input_dims.size());
  for (size_t d = 0; d < R; ++d) {
    if (p.input_shape[d] < 0 || p.input_strides[d] < 0) return absl::InternalError("a negative scatter size");
    s.input_shape[d] = p.input_shape[d];
    s.input_strides[d] = p.input_strides[d];
  }
  int64_t batches = 1, window = 1, update_reach = 0, index_reach = 0;
  for (size_t k = 0; k < B; ++k) {
    if (p.batch_shape[k] < 0 || p.batch_update_strides[k] < 0 || p.batch_index_strides[k] < 0) return absl::InternalError("a negative scatter size");
    s.batch_shape[k] = p.batch_shape[k];
    s.batch_update_strides[k] = p.batch_update_strides[k];
    s.batch_index_strides[k] = p.batch_index_strides[k];
    batches *= p.batch_shape[k];
    if (p.batch_shape[k] > 0) {
      update_reach += (p.batch_shape[k] - 1) * p.batch_update_strides[k];
      index_reach += (p.batch_shape[k] - 1) * p.batch_index_strides[k];
    }
  }
  for (size_t k = 0; k < W; ++k) {
    const int64_t d = p.window_input_dims[k];
    if (p.window_shape[k] < 0 || p.window_update_strides[k] < 0 || d < 0 || d >= static_cast<int64_t>(R) || s.is_window[d])
      return absl::InternalError("a scatter window dim out of range");
    s.window_shape[k] = p.window_shape[k];
    s.window_update_strides[k] = p.window_update_strides[k];
    s.window_input_dims[k] = static_cast<int>(d);
    s.is_window[d] = true;
    window *= p.window_shape[k];
    if (p.window_shape[k] > 0) update_reach += (p.window_shape[k] - 1) * p.window_update_strides[k];
  }
  for (size_t k = 0; k < p.start_dims.size(); ++k) {
    if (p.start_dims[k] < 0 || p.start_dims[k] >= static_cast<int64_t>(R)) return absl::InternalError("a scatter start dim out of range");
    s.start_dims[k] = static_cast<int>(p.start_dims[k]);
  }
  for (size_t k = 0; k < p.batching_input_dims.size(); ++k) {
    const int64_t d = p.batching_input_dims[k], pos = p.batching_batch_pos[k];
    if (d < 0 || d >= static_cast<int64_t>(R) || pos < 0 || pos >= static_cast<int64_t>(B)) return absl::InternalError("a scatter batching dim out of range");
    s.batching_input_dims[k] = static_cast<int>(d);
    s.batching_batch_pos[k] = static_cast<int>(pos);
  }
  s.batches = batches;
  s.window_elements = window;
  if (p.combiners[0] == plan::Combiner::kKeep || input_elements == 0) s.batches = 0;  // the result is the input
  if (s.batches == 0 || s.window_elements == 0) return s;
  if (p.vector_size > 0) {
    if (p.vector_stride < 0) return absl::InternalError("a negative scatter index stride");
    index_reach += (p.vector_size - 1) * p.vector_stride;
    if (index_reach >= index_elements) return absl::InternalError("scatter index offsets reach past the indices");
  }
  if (update_reach >= update_elements) return absl::InternalError("scatter update offsets reach past the updates");
  return s;
}

}  // namespace hloconf::cuda

#endif  // HLOCONF_EXECUTORS_CUDA_SCATTER_PLAN_H_
