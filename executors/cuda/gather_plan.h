// The host side of the CUDA executor's gather (gather_desc.h): the plan's GatherParams as a GatherDesc,
// with every offset the kernel can form bounded against the operand, indices and result.
#ifndef HLOCONF_EXECUTORS_CUDA_GATHER_PLAN_H_
#define HLOCONF_EXECUTORS_CUDA_GATHER_PLAN_H_

#include <cstdint>

#include "absl/status/statusor.h"
#include "executors/cuda/gather_desc.h"
#include "executors/plan/movement_params.h"
#include "ir/strings.h"

namespace hloconf::cuda {

inline absl::StatusOr<GatherDesc> gatherDescFrom(const plan::GatherParams& p, DType index_type, int64_t operand_elements,
                                                 int64_t index_elements, int64_t result_elements) {
  GatherDesc g;
  g.index_type = index_type;
  const size_t R = p.operand_shape.size();
  if (R > static_cast<size_t>(kGatherMaxRank) || p.batch_shape.size() > static_cast<size_t>(kGatherMaxRank) ||
      p.window.shape.size() > static_cast<size_t>(kGatherMaxRank) || p.start_dims.size() > static_cast<size_t>(kGatherMaxRank) ||
      p.batching_operand_dims.size() > static_cast<size_t>(kGatherMaxRank))
    return absl::UnimplementedError(strCat("a gather of rank past ", kGatherMaxRank, " (the cuda kernel's limit)"));
  if (p.operand_strides.size() != R || p.slice_sizes.size() != R || p.batch_out_strides.size() != p.batch_shape.size() ||
      p.batch_index_strides.size() != p.batch_shape.size() || static_cast<int64_t>(p.start_dims.size()) != p.vector_size ||
      p.batching_batch_pos.size() != p.batching_operand_dims.size())
    return absl::InternalError("gather parameters of inconsistent ranks");
  g.operand_rank = static_cast<int>(R);
  g.batch_rank = static_cast<int>(p.batch_shape.size());
  g.vector_size = static_cast<int>(p.vector_size);
  g.vector_stride = p.vector_stride;
  g.batching = static_cast<int>(p.batching_operand_dims.size());
  int64_t batches = 1, index_reach = 0, dst_reach = 0, src_reach = 0;
  for (size_t k = 0; k < p.batch_shape.size(); ++k) {
    if (p.batch_shape[k] < 0 || p.batch_out_strides[k] < 0 || p.batch_index_strides[k] < 0) return absl::InternalError("a negative gather size");
    g.batch_shape[k] = p.batch_shape[k];
    g.batch_out_strides[k] = p.batch_out_strides[k];
    g.batch_index_strides[k] = p.batch_index_strides[k];
    batches *= p.batch_shape[k];
    if (p.batch_shape[k] > 0) {
      index_reach += (p.batch_shape[k] - 1) * p.batch_index_strides[k];
      dst_reach += (p.batch_shape[k] - 1) * p.batch_out_strides[k];
    }
  }
  if (p.window.empty) {
    g.window_elements = 0;
  } else {
    if (p.window.src_strides.size() != p.window.shape.size() || p.window.dst_strides.size() != p.window.shape.size() ||
        p.window.src_offset != 0 || p.window.dst_offset != 0)
      return absl::InternalError("an unexpected gather window pattern");
    g.window_rank = static_cast<int>(p.window.shape.size());
    for (size_t k = 0; k < p.window.shape.size(); ++k) {
      if (p.window.shape[k] < 1 || p.window.src_strides[k] < 0 || p.window.dst_strides[k] < 0)
        return absl::UnimplementedError("a gather window with a negative stride");
      g.window_shape[k] = p.window.shape[k];
      g.window_src_strides[k] = p.window.src_strides[k];
      g.window_dst_strides[k] = p.window.dst_strides[k];
      g.window_elements *= p.window.shape[k];
      src_reach += (p.window.shape[k] - 1) * p.window.src_strides[k];
      dst_reach += (p.window.shape[k] - 1) * p.window.dst_strides[k];
    }
  }
  g.total = batches * g.window_elements;
  if (g.total != result_elements) return absl::InternalError("gather's result size differs from its plan");
  if (g.total == 0) return g;
  for (size_t d = 0; d < R; ++d) {
    if (p.slice_sizes[d] < 1 || p.operand_shape[d] < p.slice_sizes[d])
      return absl::UnimplementedError("a gather with a slice size of 0 (or past the operand) and a non-empty result");
    if (p.operand_strides[d] < 0) return absl::InternalError("a negative gather stride");
    g.max_start[d] = p.operand_shape[d] - p.slice_sizes[d];
    g.operand_strides[d] = p.operand_strides[d];
  }
  std::vector<bool> moved(R, false);  // dims whose start is not 0
  for (size_t k = 0; k < p.start_dims.size(); ++k) {
    if (p.start_dims[k] < 0 || p.start_dims[k] >= static_cast<int64_t>(R)) return absl::InternalError("a gather start dim out of range");
    g.start_dims[k] = static_cast<int>(p.start_dims[k]);
    moved[static_cast<size_t>(p.start_dims[k])] = true;
  }
  if (p.vector_size > 0) {
    if (p.vector_stride < 0) return absl::InternalError("a negative gather index stride");
    index_reach += (p.vector_size - 1) * p.vector_stride;
  }
  for (size_t k = 0; k < p.batching_operand_dims.size(); ++k) {
    const int64_t d = p.batching_operand_dims[k], pos = p.batching_batch_pos[k];
    if (d < 0 || d >= static_cast<int64_t>(R) || pos < 0 || pos >= g.batch_rank || p.batch_shape[static_cast<size_t>(pos)] - 1 > g.max_start[d])
      return absl::InternalError("a gather batching dim out of range");
    g.batching_operand_dims[k] = static_cast<int>(d);
    g.batching_batch_pos[k] = static_cast<int>(pos);
    moved[static_cast<size_t>(d)] = true;
  }
  for (size_t d = 0; d < R; ++d)
    if (moved[d]) src_reach += g.max_start[d] * g.operand_strides[d];
  if (src_reach >= operand_elements) return absl::InternalError("gather offsets reach past the operand");
  if (p.vector_size > 0 && index_reach >= index_elements) return absl::InternalError("gather index offsets reach past the indices");
  if (dst_reach >= result_elements) return absl::InternalError("gather result offsets reach past the result");
  return g;
}

}  // namespace hloconf::cuda

#endif  // HLOCONF_EXECUTORS_CUDA_GATHER_PLAN_H_
