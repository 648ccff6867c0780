// The host side of the CUDA executor's convolution (conv_desc.h): the plan's ConvParams as a ConvDesc,
// with the relations between the operands' sizes and every element offset the kernel can form checked
// against the buffers, so that the kernel never reads or writes outside them.
#ifndef HLOCONF_EXECUTORS_CUDA_CONV_PLAN_H_
#define HLOCONF_EXECUTORS_CUDA_CONV_PLAN_H_

#include <cmath>
#include <cstdint>

#include "absl/status/statusor.h"
#include "executors/cuda/conv_desc.h"
#include "executors/plan/products_params.h"
#include "ir/strings.h"

namespace hloconf::cuda {

// The direct kernel does window * cg multiply-adds per result element; past this many in all, UNSUPPORTED
// (it would run for minutes).
inline constexpr int64_t kConvMaxMacs = int64_t{1} << 36;

// `p.pad_low` is the padding: dynamic_conv's launcher passes a copy with the padding it read (its
// dynamic_padding flag is only the plan's note that the padding comes from an operand).
inline absl::StatusOr<ConvDesc> convDescFrom(const plan::ConvParams& p, int64_t in_elements, int64_t k_elements, int64_t out_elements) {
  const int64_t sr = p.spatial_rank;
  if (sr < 0 || sr > kConvMaxSpatial)
    return absl::UnimplementedError(strCat("a convolution with ", sr, " spatial dims (the cuda kernel takes at most ", kConvMaxSpatial, ")"));
  const size_t n = static_cast<size_t>(sr);
  if (p.in_spatial.size() != n || p.in_spatial_stride.size() != n || p.k_spatial.size() != n || p.k_spatial_stride.size() != n ||
      p.out_spatial.size() != n || p.out_spatial_stride.size() != n || p.stride.size() != n || p.pad_low.size() != n ||
      p.lhs_dilation.size() != n || p.rhs_dilation.size() != n || p.reversal.size() != n)
    return absl::InternalError("convolution parameters of inconsistent spatial rank");
  if (p.feature_groups < 1 || p.batch_groups < 1 || (p.feature_groups > 1 && p.batch_groups > 1))
    return absl::InternalError("convolution group counts out of range");
  const int64_t groups = p.feature_groups * p.batch_groups;
  if (p.out_features != p.k_out_features || p.out_features % groups != 0 || p.k_in_features * p.feature_groups != p.in_features ||
      p.in_batch % p.batch_groups != 0 || p.out_batch * p.batch_groups != p.in_batch)
    return absl::InternalError("convolution sizes do not divide into the groups");
  ConvDesc c;
  c.sr = static_cast<int>(sr);
  c.out_batch = p.out_batch;
  c.out_features = p.out_features;
  c.cg = p.k_in_features;
  c.og = groups > 0 ? p.out_features / groups : 1;
  c.batch_group_step = p.batch_groups > 1 ? p.out_batch : 0;
  c.feature_group_step = p.feature_groups > 1 ? p.k_in_features : 0;
  c.in_batch_stride = p.in_batch_stride;
  c.in_feature_stride = p.in_feature_stride;
  c.k_in_stride = p.k_in_stride;
  c.k_out_stride = p.k_out_stride;
  c.out_batch_stride = p.out_batch_stride;
  c.out_feature_stride = p.out_feature_stride;
  int64_t positions = 1, window = 1;
  // The largest offsets the kernel forms in each buffer (all strides are non-negative row-major ones).
  int64_t in_reach = (p.in_batch - 1) * p.in_batch_stride + (p.in_features - 1) * p.in_feature_stride;
  int64_t k_reach = (p.k_in_features - 1) * p.k_in_stride + (p.k_out_features - 1) * p.k_out_stride;
  int64_t out_reach = (p.out_batch - 1) * p.out_batch_stride + (p.out_features - 1) * p.out_feature_stride;
  bool any_stride_negative = p.in_batch_stride < 0 || p.in_feature_stride < 0 || p.k_in_stride < 0 || p.k_out_stride < 0 ||
                             p.out_batch_stride < 0 || p.out_feature_stride < 0;
  for (size_t d = 0; d < n; ++d) {
    if (p.stride[d] < 1 || p.lhs_dilation[d] < 1 || p.rhs_dilation[d] < 1)
      return absl::InternalError("convolution strides and dilations must be positive");
    if (p.in_spatial[d] < 0 || p.k_spatial[d] < 0 || p.out_spatial[d] < 0) return absl::InternalError("a negative convolution size");
    if (p.pad_low[d] < -(int64_t{1} << 40) || p.pad_low[d] > (int64_t{1} << 40) || p.stride[d] > (int64_t{1} << 30) ||
        p.lhs_dilation[d] > (int64_t{1} << 30) || p.rhs_dilation[d] > (int64_t{1} << 30))
      return absl::UnimplementedError("convolution padding, strides or dilations too large for the cuda kernel");
    c.out_spatial[d] = p.out_spatial[d];
    c.out_spatial_stride[d] = p.out_spatial_stride[d];
    c.in_spatial[d] = p.in_spatial[d];
    c.in_spatial_stride[d] = p.in_spatial_stride[d];
    c.k_spatial[d] = p.k_spatial[d];
    c.k_spatial_stride[d] = p.k_spatial_stride[d];
    c.stride[d] = p.stride[d];
    c.pad_low[d] = p.pad_low[d];
    c.lhs_dilation[d] = p.lhs_dilation[d];
    c.rhs_dilation[d] = p.rhs_dilation[d];
    c.reversal[d] = p.reversal[d];
    positions *= p.out_spatial[d];
    window *= p.k_spatial[d];
    in_reach += (p.in_spatial[d] - 1) * p.in_spatial_stride[d];
    k_reach += (p.k_spatial[d] - 1) * p.k_spatial_stride[d];
    out_reach += (p.out_spatial[d] - 1) * p.out_spatial_stride[d];
    any_stride_negative = any_stride_negative || p.in_spatial_stride[d] < 0 || p.k_spatial_stride[d] < 0 || p.out_spatial_stride[d] < 0;
  }
  if (any_stride_negative) return absl::InternalError("a convolution operand with a negative stride");
  c.total = p.out_batch * positions * p.out_features;
  if (c.total != out_elements) return absl::InternalError("the convolution's result size differs from its type");
  if (c.total == 0) return c;  // nothing runs
  // The kernel reads input and kernel elements only where a window position is valid and cg > 0, so the
  // operands may be empty only where no such position exists; otherwise every offset it forms is at most
  // the reach.
  if (window > 0 && c.cg > 0) {
    if (in_elements > 0 && in_reach >= in_elements) return absl::InternalError("convolution input offsets reach past the operand");
    if (k_reach < 0 || k_reach >= k_elements) return absl::InternalError("convolution kernel offsets reach past the operand");
  }
  if (out_reach < 0 || out_reach >= out_elements) return absl::InternalError("convolution result offsets reach past the result");
  const double macs = static_cast<double>(c.total) * static_cast<double>(window) * static_cast<double>(c.cg);
  if (macs > static_cast<double>(kConvMaxMacs))
    return absl::UnimplementedError(strCat("a convolution of about 2^", static_cast<int64_t>(std::log2(macs)), " multiply-adds (the cuda executor's direct kernel takes at most 2^36)"));
  return c;
}

}  // namespace hloconf::cuda

#endif  // HLOCONF_EXECUTORS_CUDA_CONV_PLAN_H_
