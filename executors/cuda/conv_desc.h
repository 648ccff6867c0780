// convolution on the CUDA executor (conv.cu): a direct kernel, one thread per result element, over any
// spatial rank up to kConvMaxSpatial, strides, padding (negative too), lhs and rhs dilation, window
// reversal, feature and batch groups. The descriptor and its index math are HLOCONF_HD, unit-tested on
// the host (tests/executors/cuda_conv_test.cc); conv_plan.h builds the descriptor from the plan's
// ConvParams with every bound checked.
#ifndef HLOCONF_EXECUTORS_CUDA_CONV_DESC_H_
#define HLOCONF_EXECUTORS_CUDA_CONV_DESC_H_

#include <stdint.h>

#include "executors/cuda/device_math.h"

namespace hloconf::cuda {

inline constexpr int kConvMaxSpatial = 6;

// Result element t (canonical order [batch, spatial..., feature], row-major) of group g = f / og reads
// input batch b + g * batch_group_step and input features g * feature_group_step + c, c < cg.
struct ConvDesc {
  int sr = 0;  // spatial rank
  int64_t total = 0;  // result elements
  int64_t out_batch = 0, out_features = 0, cg = 0, og = 1;
  int64_t batch_group_step = 0, feature_group_step = 0;
  int64_t in_batch_stride = 0, in_feature_stride = 0, k_in_stride = 0, k_out_stride = 0;
  int64_t out_batch_stride = 0, out_feature_stride = 0;
  int64_t out_spatial[kConvMaxSpatial] = {}, out_spatial_stride[kConvMaxSpatial] = {};
  int64_t in_spatial[kConvMaxSpatial] = {}, in_spatial_stride[kConvMaxSpatial] = {};
  int64_t k_spatial[kConvMaxSpatial] = {}, k_spatial_stride[kConvMaxSpatial] = {};
  int64_t stride[kConvMaxSpatial] = {}, pad_low[kConvMaxSpatial] = {};
  int64_t lhs_dilation[kConvMaxSpatial] = {}, rhs_dilation[kConvMaxSpatial] = {};
  bool reversal[kConvMaxSpatial] = {};
};

// The input element offset (spatial part) that output index o and window index k of spatial dim d read,
// or -1 where that is padding or a hole between lhs-dilated elements.
HLOCONF_HD inline int64_t convInputOffset(const ConvDesc& c, int d, int64_t o, int64_t k) {
  const int64_t kk = c.reversal[d] ? c.k_spatial[d] - 1 - k : k;
  const int64_t q = o * c.stride[d] + kk * c.rhs_dilation[d] - c.pad_low[d];
  if (q < 0 || q % c.lhs_dilation[d] != 0 || q / c.lhs_dilation[d] >= c.in_spatial[d]) return -1;
  return (q / c.lhs_dilation[d]) * c.in_spatial_stride[d];
}

// Result element t: C-typed sum over the window and the group's input features of in * kernel (loads
// through dm::Elem; integers accumulate in uint64_t, wrapping), and its element offset in the result.
template <class C, class S>
HLOCONF_HD inline C convAt(const ConvDesc& c, int64_t t, const S* in, const S* kernel, int64_t* out_offset) {
  int64_t rest = t;
  const int64_t f = rest % c.out_features;
  rest /= c.out_features;
  int64_t out_index[kConvMaxSpatial] = {};
  int64_t out_off = f * c.out_feature_stride;
  for (int d = c.sr - 1; d >= 0; --d) {
    out_index[d] = rest % c.out_spatial[d];
    rest /= c.out_spatial[d];
    out_off += out_index[d] * c.out_spatial_stride[d];
  }
  const int64_t b = rest;
  out_off += b * c.out_batch_stride;
  *out_offset = out_off;
  const int64_t g = f / c.og;
  const int64_t in_base = (b + g * c.batch_group_step) * c.in_batch_stride + g * c.feature_group_step * c.in_feature_stride;
  const int64_t k_base = f * c.k_out_stride;
  C acc = C(0);
  int64_t win[kConvMaxSpatial] = {};
  int64_t window = 1;
  for (int d = 0; d < c.sr; ++d) window *= c.k_spatial[d];
  for (int64_t w = 0; w < window; ++w) {
    int64_t in_off = in_base, k_off = k_base;
    bool valid = true;
    for (int d = 0; d < c.sr; ++d) {
      const int64_t o = convInputOffset(c, d, out_index[d], win[d]);
      if (o < 0) valid = false;
      else in_off += o;
      k_off += win[d] * c.k_spatial_stride[d];
    }
    if (valid) {
      for (int64_t ci = 0; ci < c.cg; ++ci)
        acc += static_cast<C>(dm::Elem<S>::load(in[in_off + ci * c.in_feature_stride])) *
               static_cast<C>(dm::Elem<S>::load(kernel[k_off + ci * c.k_in_stride]));
    } else {
      // Padding and the holes of lhs dilation are zeros that the spec multiplies too: 0 x inf and 0 x NaN
      // are NaN, and 0 x -1 is -0 (which decides the sign of a zero sum).
      for (int64_t ci = 0; ci < c.cg; ++ci) acc += C(0) * static_cast<C>(dm::Elem<S>::load(kernel[k_off + ci * c.k_in_stride]));
    }
    for (int d = c.sr - 1; d >= 0; --d) {
      if (++win[d] < c.k_spatial[d]) break;
      win[d] = 0;
    }
  }
  return acc;
}

}  // namespace hloconf::cuda

#endif  // HLOCONF_EXECUTORS_CUDA_CONV_DESC_H_
