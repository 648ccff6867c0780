// The decoded attributes of the products and linear algebra family's steps (planners_products.cc).
#ifndef HLOCONF_EXECUTORS_PLAN_PRODUCTS_PARAMS_H_
#define HLOCONF_EXECUTORS_PLAN_PRODUCTS_PARAMS_H_

#include <cstdint>
#include <vector>

#include "executors/plan/plan.h"

namespace hloconf::plan {

// How a dot operand reaches the GEMM: read in place (row-major [batch, rows, cols], or its transpose
// [batch, cols, rows] folded into the call's Trans flag), or packed (a transposing, converting copy).
enum class GemmOperand : uint8_t { kPack, kNoTrans, kTrans };
// What an operand's values are rounded to before the products (a dot algorithm's lhs/rhs_precision_type).
enum class InputRounding : uint8_t { kNone, kBF16, kF16, kTF32, kF32 };

// dot_general (and dot) in the canonical form result[b, m, n] = sum_k lhs[b, m, k] * rhs[b, k, n].
struct DotParams : StepParams {
  int64_t batch = 1, m = 1, n = 1, k = 1;
  // The operands' dims in canonical order (lhs: batch, free, contracting; rhs: batch, contracting,
  // free) with their element strides in the operand: a packing copy walks them in row-major order.
  std::vector<int64_t> lhs_shape, lhs_strides, rhs_shape, rhs_strides;
  GemmOperand lhs_direct = GemmOperand::kPack, rhs_direct = GemmOperand::kPack;
  InputRounding lhs_round = InputRounding::kNone, rhs_round = InputRounding::kNone;
  bool accumulate_f64 = false;  // the algorithm's accumulation_type is f64
};

// chlo.ragged_dot (docs/design/chlo.md, "ragged_dot"): dot_general's sums with the groups of group_sizes.
// The result is [g (mode 2 only), batching..., lhs free..., rhs free...] row-major; the operands are read
// row-major in their own shapes.
struct RaggedDotParams : StepParams {
  uint8_t mode = 0;  // RaggedDotOp::Mode
  int64_t groups = 0;
  std::vector<int64_t> result_shape;
  // Per result dimension, its step in the lhs and in the rhs (0 for the other operand's free dims and
  // for mode 2's group dimension).
  std::vector<int64_t> lhs_step, rhs_step;
  int64_t rhs_group_stride = 0;  // mode 1: the rhs group dimension's stride
  // The contracting positions in row-major order of the lhs contracting dims: offsets and coordinates.
  std::vector<int64_t> lhs_offsets, rhs_offsets, coordinates;  // coordinates: one row of size(lc) per position
  int64_t contracting_rank = 0;
  int64_t ragged_result_dim = -1;       // modes 1, 3: the result dimension of the ragged lhs dimension
  int64_t ragged_contracting_pos = -1;  // mode 2: its position among the contracting dims
  // The group_sizes row of an element: sum of coordinate * stride over the prefix entries, each from a
  // result dimension (>= 0) or a contracting position (>= 0, the other -1).
  std::vector<int64_t> prefix_stride, prefix_result_dim, prefix_contracting_pos;
};

// convolution in the canonical form (see planners_products.cc): groups G = feature_group_count *
// batch_group_count; for each group g and output batch b, the output rows (one per output spatial
// position) are the im2col rows of input batch b + g * batch_stride_groups ... times the group's kernel.
struct ConvParams : StepParams {
  int64_t spatial_rank = 0;
  // Input: batch, feature and spatial dims with their element strides.
  int64_t in_batch = 0, in_features = 0, in_batch_stride = 0, in_feature_stride = 0;
  std::vector<int64_t> in_spatial, in_spatial_stride;
  // Kernel: input features per group, output features, spatial dims, and element strides.
  int64_t k_in_features = 0, k_out_features = 0, k_in_stride = 0, k_out_stride = 0;
  std::vector<int64_t> k_spatial, k_spatial_stride;
  // Output: batch, features, spatial dims, and element strides.
  int64_t out_batch = 0, out_features = 0, out_batch_stride = 0, out_feature_stride = 0;
  std::vector<int64_t> out_spatial, out_spatial_stride;
  // Window attributes per spatial dim.
  std::vector<int64_t> stride, pad_low, lhs_dilation, rhs_dilation;
  std::vector<bool> reversal;
  int64_t feature_groups = 1, batch_groups = 1;
  // The output is [batch, spatial..., feature] row-major (NHWC-like): the GEMM writes it in place.
  bool output_canonical = false;
  // dynamic_conv: pad_low comes from operand 2 at run time (and the result's spatial sizes are checked
  // against it there).
  bool dynamic_padding = false;
};

struct BatchNormParams : StepParams {
  int64_t feature_index = 0;
  double epsilon = 0;
  // The operand viewed as [outer, features, inner] row-major.
  int64_t outer = 1, features = 1, inner = 1;
};

struct CholeskyParams : StepParams {
  bool lower = true;
  int64_t batch = 1, n = 0;
};

enum class Transpose : uint8_t { kNo, kTranspose, kAdjoint };
struct TriangularSolveParams : StepParams {
  bool left_side = true, lower = true, unit_diagonal = false;
  Transpose transpose_a = Transpose::kNo;
  int64_t batch = 1, m = 0, n = 0;  // b is [batch, m, n]; a is [batch, k, k] with k = m (left) or n (right)
};

enum class FftKind : uint8_t { kFft, kIfft, kRfft, kIrfft };
struct FftParams : StepParams {
  FftKind kind = FftKind::kFft;
  std::vector<int64_t> lengths;  // fft_length: the last lengths.size() dims of the transform
  int64_t batch = 1;             // product of the leading dims
  int64_t in_inner = 1, out_inner = 1;  // elements per batch entry of the operand and of the result
};

}  // namespace hloconf::plan

#endif  // HLOCONF_EXECUTORS_PLAN_PRODUCTS_PARAMS_H_
