// The CUDA executor's gather index math (executors/cuda/gather_desc.h, gather_plan.h), run on the host:
// the same HLOCONF_HD code the kernel runs, against exact expected values.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "executors/cuda/gather_desc.h"
#include "executors/cuda/gather_plan.h"
#include "executors/plan/movement_params.h"

namespace hloconf {
namespace {

template <class I>
std::vector<int> runGather(const plan::GatherParams& p, cuda::DType t, const std::vector<int>& operand, const std::vector<I>& indices,
                           int64_t result_elements) {
  absl::StatusOr<cuda::GatherDesc> g =
      cuda::gatherDescFrom(p, t, static_cast<int64_t>(operand.size()), static_cast<int64_t>(indices.size()), result_elements);
  EXPECT_TRUE(g.ok()) << g.status();
  std::vector<int> out(static_cast<size_t>(result_elements), -1);
  if (!g.ok()) return out;
  for (int64_t e = 0; e < g->total; ++e) {
    int64_t src = -1, dst = -1;
    cuda::gatherOffsets(*g, e, indices.data(), &src, &dst);
    EXPECT_TRUE(src >= 0 && src < static_cast<int64_t>(operand.size()) && dst >= 0 && dst < result_elements) << e;
    if (src >= 0 && src < static_cast<int64_t>(operand.size()) && dst >= 0 && dst < result_elements)
      out[static_cast<size_t>(dst)] = operand[static_cast<size_t>(src)];
  }
  return out;
}

// Rows of a [3, 2] operand, one index per row of the result: result [2, 2].
plan::GatherParams takeRows() {
  plan::GatherParams p;
  p.batch_shape = {2};
  p.batch_out_strides = {2};
  p.batch_index_strides = {1};
  p.vector_size = 1;
  p.vector_stride = 1;
  p.start_dims = {0};
  p.operand_shape = {3, 2};
  p.operand_strides = {2, 1};
  p.slice_sizes = {1, 2};
  p.window.shape = {2};
  p.window.src_strides = {1};
  p.window.dst_strides = {1};
  return p;
}

TEST(CudaGather, TakesClampedRows) {
  EXPECT_EQ(runGather<int32_t>(takeRows(), cuda::kS32, {0, 1, 2, 3, 4, 5}, {2, -5}, 4), (std::vector<int>{4, 5, 0, 1}));
  EXPECT_EQ(runGather<int8_t>(takeRows(), cuda::kS8, {0, 1, 2, 3, 4, 5}, {1, 100}, 4), (std::vector<int>{2, 3, 4, 5}));
  EXPECT_EQ(runGather<uint64_t>(takeRows(), cuda::kU64, {0, 1, 2, 3, 4, 5}, {~uint64_t{0}, 0}, 4), (std::vector<int>{4, 5, 0, 1}));
}

TEST(CudaGather, BatchingDims) {
  // result[b] = operand[b, indices[b]] for a [2, 3] operand.
  plan::GatherParams p;
  p.batch_shape = {2};
  p.batch_out_strides = {1};
  p.batch_index_strides = {1};
  p.vector_size = 1;
  p.vector_stride = 1;
  p.start_dims = {1};
  p.batching_operand_dims = {0};
  p.batching_batch_pos = {0};
  p.operand_shape = {2, 3};
  p.operand_strides = {3, 1};
  p.slice_sizes = {1, 1};
  EXPECT_EQ(runGather<int64_t>(p, cuda::kS64, {0, 1, 2, 3, 4, 5}, {1, 2}, 2), (std::vector<int>{1, 5}));
}

TEST(CudaGather, RefusesWhatItCannotRun) {
  plan::GatherParams p = takeRows();
  EXPECT_FALSE(cuda::gatherDescFrom(p, cuda::kS32, 6, 2, 3).ok());  // result size differs
  p.batch_index_strides = {2};                                       // reaches past the 2 indices
  EXPECT_FALSE(cuda::gatherDescFrom(p, cuda::kS32, 6, 2, 4).ok());
  plan::GatherParams q = takeRows();
  q.slice_sizes = {0, 2};  // a collapsed dim of slice size 0
  EXPECT_EQ(cuda::gatherDescFrom(q, cuda::kS32, 6, 2, 4).status().code(), absl::StatusCode::kUnimplemented);
}

}  // namespace
}  // namespace hloconf
