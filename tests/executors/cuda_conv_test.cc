// The CUDA executor's convolution index math (executors/cuda/conv_desc.h, conv_plan.h), run on the host:
// the same HLOCONF_HD code the kernel runs, against exact expected values.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "executors/cuda/conv_desc.h"
#include "executors/cuda/conv_plan.h"
#include "executors/plan/products_params.h"

namespace hloconf {
namespace {

// A 1-D convolution: input [n, w, c], kernel [k, c / groups, o], result [n / batch_groups, wo, o], row-major.
plan::ConvParams conv1d(int64_t n, int64_t w, int64_t c, int64_t k, int64_t o, int64_t wo) {
  plan::ConvParams p;
  p.spatial_rank = 1;
  p.in_batch = n;
  p.in_features = c;
  p.in_batch_stride = w * c;
  p.in_feature_stride = 1;
  p.in_spatial = {w};
  p.in_spatial_stride = {c};
  p.k_in_features = c;
  p.k_out_features = o;
  p.k_in_stride = o;
  p.k_out_stride = 1;
  p.k_spatial = {k};
  p.k_spatial_stride = {c * o};
  p.out_batch = n;
  p.out_features = o;
  p.out_batch_stride = wo * o;
  p.out_feature_stride = 1;
  p.out_spatial = {wo};
  p.out_spatial_stride = {o};
  p.stride = {1};
  p.pad_low = {0};
  p.lhs_dilation = {1};
  p.rhs_dilation = {1};
  p.reversal = {false};
  return p;
}

template <class S>
std::vector<double> runConv(const plan::ConvParams& p, const std::vector<S>& in, const std::vector<S>& kernel, int64_t out_elements) {
  absl::StatusOr<cuda::ConvDesc> d = cuda::convDescFrom(p, static_cast<int64_t>(in.size()), static_cast<int64_t>(kernel.size()), out_elements);
  EXPECT_TRUE(d.ok()) << d.status();
  std::vector<double> out(static_cast<size_t>(out_elements), -1.0);
  if (!d.ok()) return out;
  for (int64_t t = 0; t < d->total; ++t) {
    int64_t offset = -1;
    const float v = cuda::convAt<float, S>(*d, t, in.data(), kernel.data(), &offset);
    EXPECT_GE(offset, 0);
    EXPECT_LT(offset, out_elements);
    if (offset >= 0 && offset < out_elements) out[static_cast<size_t>(offset)] = v;
  }
  return out;
}

TEST(CudaConv, PaddedWindow) {
  plan::ConvParams p = conv1d(1, 5, 1, 3, 1, 5);
  p.pad_low = {1};
  EXPECT_EQ(runConv<float>(p, {1, 2, 3, 4, 5}, {1, 2, 3}, 5), (std::vector<double>{8, 14, 20, 26, 14}));
  p.reversal = {true};  // the kernel read back to front: [3, 2, 1]
  EXPECT_EQ(runConv<float>(p, {1, 2, 3, 4, 5}, {1, 2, 3}, 5), (std::vector<double>{4, 10, 16, 22, 22}));
}

TEST(CudaConv, StrideAndNegativePadding) {
  plan::ConvParams p = conv1d(1, 6, 1, 2, 1, 2);
  p.pad_low = {-1};  // input 2..6 (pad_high 0): windows at 0 and 2 with stride 2 -> [2,3], [4,5]
  p.stride = {2};
  EXPECT_EQ(runConv<float>(p, {1, 2, 3, 4, 5, 6}, {1, 10}, 2), (std::vector<double>{32, 54}));
}

TEST(CudaConv, LhsAndRhsDilation) {
  plan::ConvParams p = conv1d(1, 3, 1, 2, 1, 4);
  p.lhs_dilation = {2};  // 1 0 2 0 3
  EXPECT_EQ(runConv<float>(p, {1, 2, 3}, {1, 10}, 4), (std::vector<double>{1, 20, 2, 30}));
  plan::ConvParams q = conv1d(1, 5, 1, 2, 1, 3);
  q.rhs_dilation = {2};  // taps i and i + 2
  EXPECT_EQ(runConv<float>(q, {1, 2, 3, 4, 5}, {1, 10}, 3), (std::vector<double>{31, 42, 53}));
}

TEST(CudaConv, FeatureAndBatchGroups) {
  plan::ConvParams p = conv1d(1, 1, 2, 1, 2, 1);
  p.feature_groups = 2;
  p.k_in_features = 1;
  p.k_in_stride = 2;
  p.k_spatial_stride = {2};
  EXPECT_EQ(runConv<float>(p, {2, 3}, {5, 7}, 2), (std::vector<double>{10, 21}));
  plan::ConvParams q = conv1d(2, 1, 1, 1, 2, 1);
  q.batch_groups = 2;
  q.out_batch = 1;
  EXPECT_EQ(runConv<float>(q, {2, 3}, {5, 7}, 2), (std::vector<double>{10, 21}));
}

TEST(CudaConv, TwoSpatialDimsNchw) {
  // input [1, 2, 2, 2] NCHW, kernel [1, 2, 1, 1] OIHW (sums the two channels): result [1, 1, 2, 2] NCHW.
  plan::ConvParams p;
  p.spatial_rank = 2;
  p.in_batch = 1, p.in_features = 2, p.in_batch_stride = 8, p.in_feature_stride = 4;
  p.in_spatial = {2, 2}, p.in_spatial_stride = {2, 1};
  p.k_in_features = 2, p.k_out_features = 1, p.k_in_stride = 1, p.k_out_stride = 2;
  p.k_spatial = {1, 1}, p.k_spatial_stride = {1, 1};
  p.out_batch = 1, p.out_features = 1, p.out_batch_stride = 4, p.out_feature_stride = 4;
  p.out_spatial = {2, 2}, p.out_spatial_stride = {2, 1};
  p.stride = {1, 1}, p.pad_low = {0, 0}, p.lhs_dilation = {1, 1}, p.rhs_dilation = {1, 1}, p.reversal = {false, false};
  EXPECT_EQ(runConv<float>(p, {1, 2, 3, 4, 10, 20, 30, 40}, {1, 2}, 4), (std::vector<double>{21, 42, 63, 84}));
}

TEST(CudaConv, IntegersWrap) {
  plan::ConvParams p = conv1d(1, 2, 1, 2, 1, 1);
  absl::StatusOr<cuda::ConvDesc> d = cuda::convDescFrom(p, 2, 2, 1);
  ASSERT_TRUE(d.ok()) << d.status();
  const std::vector<int8_t> in{100, -128}, kernel{2, 1};
  int64_t offset = -1;
  const uint64_t acc = cuda::convAt<uint64_t, int8_t>(*d, 0, in.data(), kernel.data(), &offset);
  EXPECT_EQ(offset, 0);
  EXPECT_EQ(static_cast<int8_t>(acc), static_cast<int8_t>(200 - 128));
  EXPECT_EQ(static_cast<int8_t>(cuda::convAt<uint64_t, int8_t>(*d, 0, std::vector<int8_t>{100, 100}.data(), kernel.data(), &offset)),
            static_cast<int8_t>(44));  // 300 wraps to 44
}

TEST(CudaConv, RefusesWhatItCannotRun) {
  plan::ConvParams p = conv1d(1, 5, 1, 3, 1, 5);
  EXPECT_FALSE(cuda::convDescFrom(p, 5, 3, 4).ok());  // result size differs
  p.dynamic_padding = true;                           // dynamic_conv: the launcher passes the padding it read in pad_low
  EXPECT_TRUE(cuda::convDescFrom(p, 5, 3, 5).ok());
  plan::ConvParams q = conv1d(1, 5, 1, 3, 1, 5);
  q.in_spatial_stride = {2};  // reaches past the 5 input elements
  EXPECT_FALSE(cuda::convDescFrom(q, 5, 3, 5).ok());
  plan::ConvParams e = conv1d(0, 5, 1, 3, 1, 5);
  absl::StatusOr<cuda::ConvDesc> empty = cuda::convDescFrom(e, 0, 3, 0);
  ASSERT_TRUE(empty.ok()) << empty.status();
  EXPECT_EQ(empty->total, 0);
}

}  // namespace
}  // namespace hloconf
