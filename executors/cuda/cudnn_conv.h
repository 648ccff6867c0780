// convolution through cuDNN (cudnn_conv.cc), where cuDNN computes what the spec asks: the cuda executor's
// fast path for the convolutions that frameworks emit, beside the direct kernel (conv.cu) that covers
// every attribute. executors/cuda/README.md, "Convolution", says when each runs and why.
//
// - cuDNN is loaded at run time (dlopen of libcudnn.so.9), so that hloconf builds and starts on machines
//   without it; where it is missing, or refuses a shape, or HLOCONF_CUDA_CUDNN=0, the direct kernel runs.
// - Only implicit-GEMM algorithms with FMA math are used: each result is a sum of exact-in-f32 (or f64)
//   products in some order, which the `default` profile's bound for sums of products covers; FFT and
//   Winograd (other rounding errors) and TF32 tensor cores (inputs rounded to 10 bits) are never picked.
// - The kernel operand is first packed (conv.cu's packConvKernel) into cuDNN's [o, i/groups, spatial...]
//   order or [o, spatial..., i/groups] (where the input's features are innermost), window reversal applied
//   while packing, so that every kernel layout and reversal runs as a cross-correlation. The same pass
//   flags a non-finite kernel element: padding times inf must give NaN as the spec's zeros do, which cuDNN
//   does not promise, so then the direct kernel recomputes the result (device-side, no synchronisation).
// CudnnConvShape below is the host-only part (unit-tested in CI): which ConvDescs cuDNN takes, and as what.
#ifndef HLOCONF_EXECUTORS_CUDA_CUDNN_CONV_H_
#define HLOCONF_EXECUTORS_CUDA_CUDNN_CONV_H_

#include <stdint.h>

#include <optional>
#include <string>

#include "executors/cuda/conv_desc.h"

namespace hloconf::cuda {

// A convolution as cuDNN's Nd descriptors take it: 2 or 3 spatial dims (rank 0 and 1 get dims of size 1).
inline constexpr int kCudnnMaxSpatial = 3;
struct CudnnConvShape {
  int nb_dims = 0;  // 2 + spatial dims, 4 or 5
  int x_dims[2 + kCudnnMaxSpatial] = {}, x_strides[2 + kCudnnMaxSpatial] = {};
  int y_dims[2 + kCudnnMaxSpatial] = {}, y_strides[2 + kCudnnMaxSpatial] = {};
  int w_dims[2 + kCudnnMaxSpatial] = {};  // [o, i / groups, spatial...]
  bool w_features_last = false;           // packed [o, spatial..., i / groups] (cuDNN's NHWC) or [o, i, spatial...]
  int pad[kCudnnMaxSpatial] = {}, stride[kCudnnMaxSpatial] = {}, dilation[kCudnnMaxSpatial] = {};
  int groups = 1;
  int64_t w_elements = 0;
};

// `d` as cuDNN's descriptors, or nullopt with the reason in `why` (then the direct kernel runs). Needs:
// one batch group, no lhs dilation, padding >= 0 (the high side need not match: only the low side and
// the result's size decide which inputs a result reads), at most 3 spatial dims, and sizes and offsets
// that fit cuDNN's int.
inline std::optional<CudnnConvShape> cudnnConvShape(const ConvDesc& d, std::string* why) {
  auto refuse = [&](const char* reason) {
    if (why) *why = reason;
    return std::optional<CudnnConvShape>();
  };
  if (d.sr > kCudnnMaxSpatial) return refuse("more than 3 spatial dims");
  if (d.batch_group_step != 0) return refuse("batch_group_count > 1");
  if (d.total <= 0 || d.cg <= 0 || d.og <= 0 || d.out_features % d.og != 0) return refuse("an empty convolution");
  constexpr int64_t kIntMax = 0x7fffffff;
  int64_t window = 1;
  for (int s = 0; s < d.sr; ++s) {
    if (d.lhs_dilation[s] != 1) return refuse("lhs dilation");
    if (d.pad_low[s] < 0) return refuse("negative padding");
    if (d.k_spatial[s] < 1 || d.in_spatial[s] < 1) return refuse("an empty window or input");
    window *= d.k_spatial[s];
    // The result's size that cuDNN computes with the low padding on both sides must be ours.
    const int64_t span = (d.k_spatial[s] - 1) * d.rhs_dilation[s] + 1;
    const int64_t padded = d.in_spatial[s] + 2 * d.pad_low[s];
    if (padded < span || (padded - span) / d.stride[s] + 1 != d.out_spatial[s]) return refuse("padding cuDNN cannot express");
    if (d.pad_low[s] > kIntMax || d.stride[s] > kIntMax || d.rhs_dilation[s] > kIntMax) return refuse("sizes past int");
  }
  CudnnConvShape c;
  c.groups = static_cast<int>(d.out_features / d.og);
  const int64_t in_features = d.cg * c.groups;
  const int sr = d.sr < 2 ? 2 : d.sr;
  c.nb_dims = 2 + sr;
  // Every extent and stride in int; the buffers' reach was checked against their sizes by convDescFrom.
  const int64_t values[] = {d.out_batch, in_features, d.out_features, d.in_batch_stride, d.in_feature_stride,
                            d.out_batch_stride, d.out_feature_stride, d.out_features * window * d.cg};
  for (int64_t v : values)
    if (v < 0 || v > kIntMax) return refuse("sizes past int");
  c.x_dims[0] = c.y_dims[0] = static_cast<int>(d.out_batch);
  c.x_dims[1] = static_cast<int>(in_features);
  c.y_dims[1] = static_cast<int>(d.out_features);
  c.x_strides[0] = static_cast<int>(d.in_batch_stride);
  c.x_strides[1] = static_cast<int>(d.in_feature_stride);
  c.y_strides[0] = static_cast<int>(d.out_batch_stride);
  c.y_strides[1] = static_cast<int>(d.out_feature_stride);
  c.w_dims[0] = static_cast<int>(d.out_features);
  c.w_dims[1] = static_cast<int>(d.cg);
  c.w_elements = d.out_features * window * d.cg;
  for (int s = 0; s < sr; ++s) {
    if (s < d.sr) {
      const int64_t v[] = {d.in_spatial[s], d.out_spatial[s], d.k_spatial[s], d.in_spatial_stride[s], d.out_spatial_stride[s]};
      for (int64_t x : v)
        if (x < 0 || x > kIntMax) return refuse("sizes past int");
      c.x_dims[2 + s] = static_cast<int>(d.in_spatial[s]);
      c.y_dims[2 + s] = static_cast<int>(d.out_spatial[s]);
      c.w_dims[2 + s] = static_cast<int>(d.k_spatial[s]);
      c.x_strides[2 + s] = static_cast<int>(d.in_spatial_stride[s]);
      c.y_strides[2 + s] = static_cast<int>(d.out_spatial_stride[s]);
      c.pad[s] = static_cast<int>(d.pad_low[s]);
      c.stride[s] = static_cast<int>(d.stride[s]);
      c.dilation[s] = static_cast<int>(d.rhs_dilation[s]);
    } else {
      // A dim of size 1 after the real ones, with the stride of the innermost real spatial dim (or of the
      // features), which keeps a packed NCHW or NHWC tensor packed in cuDNN's eyes.
      c.x_dims[2 + s] = c.y_dims[2 + s] = c.w_dims[2 + s] = 1;
      c.x_strides[2 + s] = c.x_strides[1 + s];
      c.y_strides[2 + s] = c.y_strides[1 + s];
      c.pad[s] = 0;
      c.stride[s] = c.dilation[s] = 1;
    }
  }
  // Features innermost in the input (NHWC-like): the kernel packed features-last, which cuDNN's NHWC
  // kernels want; otherwise [o, i, spatial...].
  c.w_features_last = d.in_feature_stride == 1 && in_features > 1;
  return c;
}

// The kernel operand's element offset that packed element t holds: packed as [o, spatial..., i] where
// `features_last`, else [o, i, spatial...] (i: the input feature within the group), with window reversal
// applied, so that cuDNN's cross-correlation with it is the spec's convolution.
HLOCONF_HD inline int64_t packedKernelSource(const ConvDesc& d, bool features_last, int64_t window, int64_t t) {
  int64_t i, w, o;
  if (features_last) {
    i = t % d.cg;
    w = (t / d.cg) % window;
    o = t / d.cg / window;
  } else {
    w = t % window;
    i = (t / window) % d.cg;
    o = t / window / d.cg;
  }
  int64_t src = o * d.k_out_stride + i * d.k_in_stride;
  for (int s = d.sr - 1; s >= 0; --s) {
    const int64_t k = w % d.k_spatial[s];
    w /= d.k_spatial[s];
    src += (d.reversal[s] ? d.k_spatial[s] - 1 - k : k) * d.k_spatial_stride[s];
  }
  return src;
}

}  // namespace hloconf::cuda

#endif  // HLOCONF_EXECUTORS_CUDA_CUDNN_CONV_H_
