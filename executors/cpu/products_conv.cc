// convolution: im2col + GEMM. For each group g (feature or batch group) and output batch b, the rows of
// a column matrix are the output positions and its columns the (kernel position, input feature) pairs, so
// that out[b, positions, g's features] = col[positions, Kc] x kernel_g[Kc, Og] is one GEMM (sgemm/dgemm
// for f32/f64 and f16/bf16 widened to f32; a loop for integers, i1 and complex). Positions that fall in
// padding or between dilated input elements read 0. Large f32 convolutions go to oneDNN instead
// (products_conv_onednn.cc says which).
#include <algorithm>
#include <cstring>
#include <vector>

#include "executors/cpu/products_common.h"
#include "executors/cpu/products_conv_onednn.h"
#include "executors/cpu/products_kernels.h"
#include "executors/plan/products_params.h"
#include "ir/strings.h"

namespace hloconf::cpu::products {
namespace {

using plan::ConvParams;

// Rows of the column matrix per GEMM call, so that it stays a few MiB however large the output.
constexpr int64_t kMaxColumnElements = int64_t{1} << 21;

template <class T>
constexpr ElementType kNative = std::is_same_v<T, float> ? ElementType::kF32
                                : std::is_same_v<T, double> ? ElementType::kF64
                                                            : ElementType::kIndex;

// Copies `src` (contiguous, the row-major order of `shape`) into `dst` at the element strides `strides`.
void scatterBytes(const uint8_t* src, int elem_bytes, std::span<const int64_t> shape, std::span<const int64_t> strides,
                  uint8_t* dst) {
  int64_t total = 1;
  for (int64_t d : shape) total *= d;
  const size_t rank = shape.size();
  std::vector<int64_t> index(rank, 0);
  int64_t offset = 0;
  for (int64_t e = 0; e < total; ++e) {
    std::memcpy(dst + offset * elem_bytes, src + e * elem_bytes, static_cast<size_t>(elem_bytes));
    for (size_t d = rank; d-- > 0;) {
      offset += strides[d];
      if (++index[d] < shape[d]) break;
      offset -= strides[d] * shape[d];
      index[d] = 0;
    }
  }
}

template <class T>
absl::Status convRun(const KernelArgs& args, const ConvParams& p) {
  const ElementType lt = args.operandType(0).elementType(), rt = args.operandType(1).elementType();
  const ElementType ot = args.resultType(0).elementType();
  const size_t sr = static_cast<size_t>(p.spatial_rank);
  const int64_t groups = p.feature_groups * p.batch_groups;
  const int64_t og = p.out_features / groups;  // output features per group
  const int64_t cg = p.k_in_features;          // input features per group
  int64_t positions = 1, window = 1;
  for (size_t d = 0; d < sr; ++d) {
    positions *= p.out_spatial[d];
    window *= p.k_spatial[d];
  }
  const int64_t kc = window * cg;
  const int64_t total = p.out_batch * positions * p.out_features;
  if (total == 0) return absl::OkStatus();
  if constexpr (std::is_same_v<T, float>) {
    ASSIGN_OR_RETURN(const bool done, convOneDnn(args, p));
    if (done) return absl::OkStatus();
  }

  // The kernel as [g, window positions..., cg, og], contiguous.
  std::vector<T> kernel(static_cast<size_t>(groups * kc * og));
  {
    std::vector<int64_t> shape{groups}, strides{og * p.k_out_stride};
    for (size_t d = 0; d < sr; ++d) {
      shape.push_back(p.k_spatial[d]);
      strides.push_back(p.k_spatial_stride[d]);
    }
    shape.insert(shape.end(), {cg, og});
    strides.insert(strides.end(), {p.k_in_stride, p.k_out_stride});
    packStrided<T>(args.operands[1], storageBytes(rt), shape, strides, rowLoaderFor<T>(rt), kernel.data());
  }

  // Per spatial dim, the input offset (in elements) of (output index, window index), or -1 where that
  // position is padding or a hole of the lhs dilation: a table per dim where it is small (the usual
  // case), computed on the fly where outputs x window would make it large.
  auto offsetOf = [&](size_t d, int64_t o, int64_t k) -> int64_t {
    const int64_t kk = p.reversal[d] ? p.k_spatial[d] - 1 - k : k;
    const int64_t q = o * p.stride[d] + kk * p.rhs_dilation[d] - p.pad_low[d];
    if (q >= 0 && q % p.lhs_dilation[d] == 0 && q / p.lhs_dilation[d] < p.in_spatial[d])
      return (q / p.lhs_dilation[d]) * p.in_spatial_stride[d];
    return -1;
  };
  constexpr int64_t kMaxTable = int64_t{1} << 20;
  std::vector<std::vector<int64_t>> offsets(sr);
  for (size_t d = 0; d < sr; ++d) {
    const int64_t on = p.out_spatial[d], kn = p.k_spatial[d];
    if (on * kn > kMaxTable) continue;
    offsets[d].resize(static_cast<size_t>(on * kn));
    for (int64_t o = 0; o < on; ++o)
      for (int64_t k = 0; k < kn; ++k) offsets[d][static_cast<size_t>(o * kn + k)] = offsetOf(d, o, k);
  }

  // Where the GEMM writes: the result itself (canonical layout and type), or a canonical buffer.
  const bool direct = p.output_canonical && ot == kNative<T>;
  std::vector<T> out_buffer;
  T* out = direct ? reinterpret_cast<T*>(args.result())
                  : (out_buffer.resize(static_cast<size_t>(total)), out_buffer.data());

  const RowLoad<T> load = rowLoaderFor<T>(lt);
  const int in_bytes = storageBytes(lt);
  const int64_t chunk = std::max<int64_t>(1, std::min<int64_t>(positions, kMaxColumnElements / std::max<int64_t>(kc, 1)));
  std::vector<T> col(static_cast<size_t>(chunk * kc));
  std::vector<int64_t> out_index(sr), win_index(sr);
  for (int64_t g = 0; g < groups; ++g) {
    const int64_t feature0 = p.feature_groups > 1 ? g * cg : 0;
    const int64_t batch0 = p.batch_groups > 1 ? g * p.out_batch : 0;
    for (int64_t b = 0; b < p.out_batch; ++b) {
      const uint8_t* in = args.operands[0] +
                          ((b + batch0) * p.in_batch_stride + feature0 * p.in_feature_stride) * in_bytes;
      for (int64_t p0 = 0; p0 < positions; p0 += chunk) {
        RETURN_IF_ERROR(args.frame.checkDeadline());
        const int64_t rows = std::min(chunk, positions - p0);
        // im2col: the output index of row p0, then an odometer over rows.
        for (int64_t r = p0, d = static_cast<int64_t>(sr) - 1; d >= 0; --d) {
          out_index[static_cast<size_t>(d)] = r % p.out_spatial[static_cast<size_t>(d)];
          r /= p.out_spatial[static_cast<size_t>(d)];
        }
        for (int64_t row = 0; row < rows; ++row) {
          T* dst = col.data() + row * kc;
          std::fill(win_index.begin(), win_index.end(), 0);
          for (int64_t w = 0; w < window; ++w, dst += cg) {
            int64_t offset = 0;
            bool valid = true;
            for (size_t d = 0; d < sr; ++d) {
              const int64_t o = offsets[d].empty() ? offsetOf(d, out_index[d], win_index[d])
                                                   : offsets[d][static_cast<size_t>(out_index[d] * p.k_spatial[d] + win_index[d])];
              if (o < 0) {
                valid = false;
                break;
              }
              offset += o;
            }
            if (valid) load(in + offset * in_bytes, p.in_feature_stride, cg, dst);
            else std::fill(dst, dst + cg, T{});
            for (size_t d = sr; d-- > 0;) {
              if (++win_index[d] < p.k_spatial[d]) break;
              win_index[d] = 0;
            }
          }
          for (size_t d = sr; d-- > 0;) {
            if (++out_index[d] < p.out_spatial[d]) break;
            out_index[d] = 0;
          }
        }
        T* c = out + (b * positions + p0) * p.out_features + g * og;
        const T* k = kernel.data() + g * kc * og;
        if constexpr (std::is_floating_point_v<T>) gemm(false, false, rows, og, kc, col.data(), kc, k, og, c, p.out_features);
        else gemmPacked(rows, og, kc, col.data(), k, c, p.out_features);
      }
    }
  }
  if (direct) return absl::OkStatus();
  const RowStore<T> store = rowStorerFor<T>(ot);
  if (p.output_canonical) {
    store(out, total, args.result());
    return absl::OkStatus();
  }
  // Round into the canonical order, then move each element to its place in the result's layout.
  const int out_bytes = storageBytes(ot);
  std::vector<uint8_t> canonical(static_cast<size_t>(total * out_bytes));
  store(out, total, canonical.data());
  std::vector<int64_t> shape{p.out_batch}, strides{p.out_batch_stride};
  for (size_t d = 0; d < sr; ++d) {
    shape.push_back(p.out_spatial[d]);
    strides.push_back(p.out_spatial_stride[d]);
  }
  shape.push_back(p.out_features);
  strides.push_back(p.out_feature_stride);
  scatterBytes(canonical.data(), out_bytes, shape, strides, args.result());
  return absl::OkStatus();
}

// dynamic_conv's padding, read from operand 2 and checked against the result's spatial sizes (the
// spec's C25 with this padding); convolution's from the plan.
template <class T>
absl::Status convKernel(const KernelArgs& args) {
  const ConvParams& planned = args.step.as<ConvParams>();
  if (!planned.dynamic_padding) return convRun<T>(args, planned);
  ConvParams p = planned;
  const size_t sr = static_cast<size_t>(p.spatial_rank);
  std::vector<int64_t> padding(2 * sr);
  rowLoaderFor<int64_t>(args.operandType(2).elementType())(args.operands[2], 1, static_cast<int64_t>(padding.size()),
                                                          padding.data());
  for (size_t i = 0; i < sr; ++i) {
    p.pad_low[i] = padding[2 * i];
    const int64_t in = p.in_spatial[i], win = p.k_spatial[i];
    const int64_t dilated_in = in == 0 ? 0 : (in - 1) * p.lhs_dilation[i] + 1;
    const int64_t padded = padding[2 * i] + dilated_in + padding[2 * i + 1];
    const int64_t dilated_win = win == 0 ? 0 : (win - 1) * p.rhs_dilation[i] + 1;
    const int64_t windows = padded <= 0 || dilated_win > padded ? 0 : (padded - dilated_win) / p.stride[i] + 1;
    if (windows != p.out_spatial[i])
      return absl::InvalidArgumentError(strCat("dynamic_conv: with d_padding [", padding[2 * i], ", ", padding[2 * i + 1],
                                               "] spatial dimension ", i, " has ", windows, " windows, but the result has ",
                                               p.out_spatial[i]));
  }
  return convRun<T>(args, p);
}

}  // namespace

absl::StatusOr<KernelChoice> chooseConvolution(const plan::Step& step, const plan::Plan& plan) {
  const ElementType operands[] = {plan.slot_types[step.operands[0]].elementType(),
                                  plan.slot_types[step.operands[1]].elementType()};
  const Compute compute = computeFor(operands, plan.slot_types[step.results[0]].elementType());
  Kernel kernel = visitCompute<Kernel>(compute, [](auto t) -> Kernel { return &convKernel<decltype(t)>; });
  if (!kernel) return noKernelFor(step, plan);
  return KernelChoice{kernel, false};
}

}  // namespace hloconf::cpu::products
