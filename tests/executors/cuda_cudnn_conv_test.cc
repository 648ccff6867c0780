// The host side of the cuda executor's cuDNN convolution (executors/cuda/cudnn_conv.h): which ConvDescs go
// to cuDNN and as what descriptors, and the packed kernel. Each accepted case is checked end to end on the
// host: cuDNN's documented cross-correlation over the descriptors' dims and strides, with the kernel as
// packConvKernel packs it, must give what the direct kernel's convAt gives for every result element.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "executors/cuda/conv_desc.h"
#include "executors/cuda/conv_plan.h"
#include "executors/cuda/cudnn_conv.h"
#include "executors/plan/products_params.h"

namespace hloconf {
namespace {

using cuda::ConvDesc;
using cuda::CudnnConvShape;

// A 2-D convolution, input NHWC [n, h, w, c], kernel HWIO [kh, kw, c / groups, o], result NHWC, row-major.
plan::ConvParams nhwc(int64_t n, int64_t h, int64_t w, int64_t c, int64_t kh, int64_t kw, int64_t o, int64_t groups, int64_t ho,
                      int64_t wo) {
  plan::ConvParams p;
  const int64_t cg = c / groups;
  p.spatial_rank = 2;
  p.in_batch = n, p.in_features = c, p.in_batch_stride = h * w * c, p.in_feature_stride = 1;
  p.in_spatial = {h, w}, p.in_spatial_stride = {w * c, c};
  p.k_in_features = cg, p.k_out_features = o, p.k_in_stride = o, p.k_out_stride = 1;
  p.k_spatial = {kh, kw}, p.k_spatial_stride = {kw * cg * o, cg * o};
  p.out_batch = n, p.out_features = o, p.out_batch_stride = ho * wo * o, p.out_feature_stride = 1;
  p.out_spatial = {ho, wo}, p.out_spatial_stride = {wo * o, o};
  p.stride = {1, 1}, p.pad_low = {0, 0}, p.lhs_dilation = {1, 1}, p.rhs_dilation = {1, 1}, p.reversal = {false, false};
  p.feature_groups = groups;
  return p;
}

// cuDNN's cross-correlation as its documentation defines it, on the descriptors alone:
// y[n, k, p...] = sum over c < C/groups and window r of x[n, g * C/groups + c, p * stride + r * dilation - pad]
// * w[k, c, r], g = k / (K / groups), out-of-range x reading 0.
std::vector<double> cudnnSemantics(const CudnnConvShape& s, const std::vector<double>& x, const std::vector<double>& packed_w,
                                   int64_t y_elements) {
  std::vector<double> y(static_cast<size_t>(y_elements), -1.0);
  const int sr = s.nb_dims - 2;
  const int64_t cg = s.w_dims[1], og = s.y_dims[1] / s.groups;
  int64_t positions = 1, window = 1;
  for (int d = 0; d < sr; ++d) positions *= s.y_dims[2 + d], window *= s.w_dims[2 + d];
  for (int64_t n = 0; n < s.y_dims[0]; ++n)
    for (int64_t k = 0; k < s.y_dims[1]; ++k)
      for (int64_t pos = 0; pos < positions; ++pos) {
        int64_t p[3] = {}, rest = pos, y_off = n * s.y_strides[0] + k * s.y_strides[1];
        for (int d = sr - 1; d >= 0; --d) p[d] = rest % s.y_dims[2 + d], rest /= s.y_dims[2 + d], y_off += p[d] * s.y_strides[2 + d];
        double acc = 0;
        for (int64_t c = 0; c < cg; ++c)
          for (int64_t r = 0; r < window; ++r) {
            int64_t ri[3] = {}, rr = r, x_off = n * s.x_strides[0] + ((k / og) * cg + c) * s.x_strides[1];
            bool inside = true;
            for (int d = sr - 1; d >= 0; --d) {
              ri[d] = rr % s.w_dims[2 + d], rr /= s.w_dims[2 + d];
              const int64_t q = p[d] * s.stride[d] + ri[d] * s.dilation[d] - s.pad[d];
              if (q < 0 || q >= s.x_dims[2 + d]) inside = false;
              x_off += q * s.x_strides[2 + d];
            }
            if (!inside) continue;
            const int64_t w_off = s.w_features_last ? (k * window + r) * cg + c : (k * cg + c) * window + r;
            acc += x[static_cast<size_t>(x_off)] * packed_w[static_cast<size_t>(w_off)];
          }
        y[static_cast<size_t>(y_off)] = acc;
      }
  return y;
}

// Runs `p` both ways on distinct small integers (exact in double) and compares every element.
void expectSameAsDirect(const plan::ConvParams& p, int64_t in_elements, int64_t k_elements, int64_t out_elements) {
  absl::StatusOr<ConvDesc> d = cuda::convDescFrom(p, in_elements, k_elements, out_elements);
  ASSERT_TRUE(d.ok()) << d.status();
  std::string why;
  std::optional<CudnnConvShape> s = cuda::cudnnConvShape(*d, &why);
  ASSERT_TRUE(s.has_value()) << why;
  std::vector<double> x(static_cast<size_t>(in_elements)), w(static_cast<size_t>(k_elements));
  for (size_t i = 0; i < x.size(); ++i) x[i] = static_cast<double>(i % 7) - 3;
  for (size_t i = 0; i < w.size(); ++i) w[i] = static_cast<double>(i % 5) + 1;
  int64_t window = 1;
  for (int k = 0; k < d->sr; ++k) window *= d->k_spatial[k];
  ASSERT_EQ(s->w_elements, d->out_features * window * d->cg);
  std::vector<double> packed(static_cast<size_t>(s->w_elements));
  std::vector<int> sources(static_cast<size_t>(k_elements), 0);
  for (int64_t t = 0; t < s->w_elements; ++t) {
    const int64_t src = cuda::packedKernelSource(*d, s->w_features_last, window, t);
    ASSERT_GE(src, 0);
    ASSERT_LT(src, k_elements);
    ++sources[static_cast<size_t>(src)];
    packed[static_cast<size_t>(t)] = w[static_cast<size_t>(src)];
  }
  for (int count : sources) EXPECT_EQ(count, 1) << "the packing is not a permutation of the kernel";
  std::vector<double> direct(static_cast<size_t>(out_elements), -1.0);
  for (int64_t t = 0; t < d->total; ++t) {
    int64_t offset = -1;
    const double v = cuda::convAt<double, double>(*d, t, x.data(), w.data(), &offset);
    direct[static_cast<size_t>(offset)] = v;
  }
  EXPECT_EQ(cudnnSemantics(*s, x, packed, out_elements), direct);
}

TEST(CudaCudnnConv, Nhwc3x3PaddedLikeTheBenchmark) {
  plan::ConvParams p = nhwc(2, 5, 4, 3, 3, 3, 4, 1, 5, 4);
  p.pad_low = {1, 1};
  expectSameAsDirect(p, 2 * 5 * 4 * 3, 3 * 3 * 3 * 4, 2 * 5 * 4 * 4);
  absl::StatusOr<ConvDesc> d = cuda::convDescFrom(p, 120, 108, 160);
  ASSERT_TRUE(d.ok());
  std::optional<CudnnConvShape> s = cuda::cudnnConvShape(*d, nullptr);
  ASSERT_TRUE(s.has_value());
  EXPECT_TRUE(s->w_features_last);
  EXPECT_EQ(s->nb_dims, 4);
  EXPECT_EQ((std::vector<int>(s->x_dims, s->x_dims + 4)), (std::vector<int>{2, 3, 5, 4}));
  EXPECT_EQ((std::vector<int>(s->x_strides, s->x_strides + 4)), (std::vector<int>{60, 1, 12, 3}));
  EXPECT_EQ((std::vector<int>(s->w_dims, s->w_dims + 4)), (std::vector<int>{4, 3, 3, 3}));
}

TEST(CudaCudnnConv, StridesDilationReversalAndGroups) {
  plan::ConvParams p = nhwc(1, 7, 6, 4, 2, 3, 6, 2, 3, 2);
  p.stride = {2, 2}, p.rhs_dilation = {2, 1}, p.pad_low = {0, 0}, p.reversal = {true, false};
  // h: (7 - (2-1)*2 - 1) / 2 + 1 = 3; w: (6 - 3) / 2 + 1 = 2.
  expectSameAsDirect(p, 7 * 6 * 4, 2 * 3 * 2 * 6, 3 * 2 * 6);
}

TEST(CudaCudnnConv, HighPaddingThatDoesNotChangeTheSizeIsFine) {
  plan::ConvParams p = nhwc(1, 5, 5, 1, 2, 2, 1, 1, 3, 3);
  p.stride = {2, 2}, p.pad_low = {1, 1};  // pad_high 0 here; (5 + 2 - 2) / 2 + 1 = 3 with cuDNN's symmetric 1
  expectSameAsDirect(p, 25, 4, 9);
}

TEST(CudaCudnnConv, OneSpatialDimGetsASizeOneDim) {
  plan::ConvParams p;  // input [n, c, w] NCW, kernel [o, c, k] OIW, result [n, o, w]
  p.spatial_rank = 1;
  p.in_batch = 2, p.in_features = 3, p.in_batch_stride = 15, p.in_feature_stride = 5, p.in_spatial = {5}, p.in_spatial_stride = {1};
  p.k_in_features = 3, p.k_out_features = 2, p.k_in_stride = 2, p.k_out_stride = 6, p.k_spatial = {2}, p.k_spatial_stride = {1};
  p.out_batch = 2, p.out_features = 2, p.out_batch_stride = 12, p.out_feature_stride = 6, p.out_spatial = {6}, p.out_spatial_stride = {1};
  p.stride = {1}, p.pad_low = {1}, p.lhs_dilation = {1}, p.rhs_dilation = {1}, p.reversal = {true};
  expectSameAsDirect(p, 30, 12, 24);  // padding 1 on both sides
  absl::StatusOr<ConvDesc> d = cuda::convDescFrom(p, 30, 12, 24);
  ASSERT_TRUE(d.ok());
  std::optional<CudnnConvShape> s = cuda::cudnnConvShape(*d, nullptr);
  ASSERT_TRUE(s.has_value());
  EXPECT_FALSE(s->w_features_last);
  EXPECT_EQ(s->x_dims[3], 1);
  EXPECT_EQ(s->x_strides[3], 1);
}

TEST(CudaCudnnConv, LeavesTheRestToTheDirectKernel) {
  auto refused = [](const plan::ConvParams& p, int64_t in, int64_t k, int64_t out) {
    absl::StatusOr<ConvDesc> d = cuda::convDescFrom(p, in, k, out);
    EXPECT_TRUE(d.ok()) << d.status();
    std::string why;
    const bool taken = d.ok() && cuda::cudnnConvShape(*d, &why).has_value();
    return taken ? std::string() : why;
  };
  plan::ConvParams lhs = nhwc(1, 3, 3, 1, 1, 1, 1, 1, 5, 5);
  lhs.lhs_dilation = {2, 2};
  EXPECT_EQ(refused(lhs, 9, 1, 25), "lhs dilation");
  plan::ConvParams negative = nhwc(1, 4, 4, 1, 1, 1, 1, 1, 2, 2);
  negative.pad_low = {-1, -1};
  EXPECT_EQ(refused(negative, 16, 1, 4), "negative padding");
  plan::ConvParams high = nhwc(1, 4, 4, 1, 1, 1, 1, 1, 5, 5);  // padding on the high side only
  EXPECT_EQ(refused(high, 16, 1, 25), "padding cuDNN cannot express");
  plan::ConvParams batch = nhwc(2, 2, 2, 1, 1, 1, 2, 1, 2, 2);
  batch.batch_groups = 2, batch.out_batch = 1, batch.out_batch_stride = 8;
  EXPECT_EQ(refused(batch, 8, 2, 8), "batch_group_count > 1");
}

}  // namespace
}  // namespace hloconf
