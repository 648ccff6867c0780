// The decoded attributes of the data movement and indexing family's steps (planners_movement.cc):
// reshape, broadcast_in_dim, transpose, slice, reverse, concatenate, pad, iota, get_dimension_size,
// dynamic_slice, dynamic_update_slice, gather, scatter, sort.
#ifndef HLOCONF_EXECUTORS_PLAN_MOVEMENT_PARAMS_H_
#define HLOCONF_EXECUTORS_PLAN_MOVEMENT_PARAMS_H_

#include <cstdint>
#include <vector>

#include "executors/plan/elementwise_params.h"
#include "executors/plan/plan.h"
#include "executors/plan/rng_bits.h"
#include "ir/element_type.h"

namespace hloconf::plan {

// An n-d copy: for every index i of `shape`, dst[dst_offset + i . dst_strides] = src[src_offset + i .
// src_strides], in elements (strides may be 0 for broadcasting or negative for reversing). Canonical
// form (simplifyCopy): no dimension of size 1, adjacent dimensions that are contiguous in both merged;
// an empty copy has `empty` set.
struct CopyPattern {
  std::vector<int64_t> shape;
  std::vector<int64_t> src_strides;
  std::vector<int64_t> dst_strides;
  int64_t src_offset = 0;
  int64_t dst_offset = 0;
  bool empty = false;
};
// Drops dimensions of size 1, merges dimensions that are contiguous in both source and destination,
// and marks a copy with a zero-size dimension empty.
CopyPattern simplifyCopy(CopyPattern pattern);
// Row-major strides of `shape`, in elements.
std::vector<int64_t> rowMajorStrides(const std::vector<int64_t>& shape);

// transpose, slice, reverse, broadcast_in_dim: one copy from operand 0 into the (row-major) result.
struct CopyParams : StepParams {
  CopyPattern copy;
};
// concatenate: one copy per operand into the result.
struct ConcatenateParams : StepParams {
  std::vector<CopyPattern> parts;
};
// pad: the result filled with the padding value (operand 1), then the kept operand elements copied in.
struct PadParams : StepParams {
  CopyPattern copy;
};
// iota: element i of the result is (i / inner) % size.
struct IotaParams : StepParams {
  int64_t inner = 1;
  int64_t size = 1;
};
// get_dimension_size: the static size, already in the result's integer type.
struct DimensionSizeParams : StepParams {
  int64_t value = 0;
};
// dynamic_slice (operand -> result) and dynamic_update_slice (update -> result): a copy whose offset in the
// operand comes from the start indices (operands from `first_index`), each clamped to [0, max_start[d]].
struct DynamicSliceParams : StepParams {
  CopyPattern copy;  // offsets 0; the kernel adds sum(start[d] * operand_strides[d]) on the operand side
  std::vector<int64_t> operand_strides;
  std::vector<int64_t> max_start;
  size_t first_index = 1;
};

// gather: for every batch index (the result's non-offset dimensions), a window copy from the operand at
// the start the indices give (clamped), into the result at the batch index.
struct GatherParams : StepParams {
  std::vector<int64_t> batch_shape;          // the result's batch dimensions' sizes, in order
  std::vector<int64_t> batch_out_strides;    // their result strides
  std::vector<int64_t> batch_index_strides;  // their start_indices strides
  int64_t vector_size = 1;                   // index vector length
  int64_t vector_stride = 0;                 // start_indices stride of index_vector_dim (0 when implicit)
  std::vector<int64_t> start_dims;           // operand dimension of each index vector element
  std::vector<int64_t> batching_operand_dims;  // operand batching dims, and the batch position of each
  std::vector<int64_t> batching_batch_pos;
  std::vector<int64_t> operand_shape;
  std::vector<int64_t> operand_strides;
  std::vector<int64_t> slice_sizes;
  CopyPattern window;  // offsets 0; shape = the window; src in operand, dst in result
};

// How scatter combines an element with an update, when its update computation is one recognised op.
enum class Combiner : uint8_t { kRegion, kReplace, kKeep, kAdd, kMultiply, kMaximum, kMinimum, kAnd, kOr, kXor };

struct ScatterParams : StepParams {
  size_t n = 1;                              // inputs (and updates)
  std::vector<Combiner> combiners;           // one per input; all kRegion when the region must run
  bool run_region = false;
  std::vector<int64_t> input_shape;
  std::vector<int64_t> input_strides;
  // The update index space, split into scatter (batch) dimensions and window dimensions.
  std::vector<int64_t> batch_shape;
  std::vector<int64_t> batch_update_strides;
  std::vector<int64_t> batch_index_strides;
  int64_t vector_size = 1;
  int64_t vector_stride = 0;
  std::vector<int64_t> start_dims;             // input dimension of each index vector element
  std::vector<int64_t> batching_input_dims;    // input batching dims and the batch position of each
  std::vector<int64_t> batching_batch_pos;
  std::vector<int64_t> window_shape;           // update window dims' sizes, in order
  std::vector<int64_t> window_update_strides;
  std::vector<int64_t> window_input_dims;      // the input dimension each window dimension moves along
};

// How sort compares, when its comparator is one recognised compare of one operand's two arguments.
// chlo.top_k along the last dimension of n elements: the k largest of each row.
struct TopKParams : StepParams {
  int64_t k = 0;
  int64_t n = 0;
};

struct SortParams : StepParams {
  int64_t dimension = 0;  // non-negative
  bool native = false;    // the comparator is compare(lhs_k, rhs_k) (or swapped): no region runs
  size_t key = 0;
  bool swapped = false;   // compare(rhs_k, lhs_k)
  CompareDirection direction = CompareDirection::kLT;
  CompareKind kind = CompareKind::kFloat;
};

// rng_bit_generator (docs/rng.md): XLA's THREE_FRY and PHILOX layouts (rng_bits.h, which the CPU and CUDA
// executors both run).
struct RngBitGeneratorParams : StepParams {
  rng::BitsLayout layout;
};
// rng: UNIFORM or NORMAL draws (docs/rng.md, "rng").
struct RngParams : StepParams {
  bool normal = false;
};

}  // namespace hloconf::plan

#endif  // HLOCONF_EXECUTORS_PLAN_MOVEMENT_PARAMS_H_
