// convolution through oneDNN (docs/dependencies.md): f32 convolutions with 1 to 3 spatial dimensions that
// are large enough to pay for a primitive, where oneDNN computes what the spec asks.
//
// The operands are described to oneDNN with their own strides, whatever the dimension numbers, and are
// reordered into the primitive's layouts: the input and the result to channels-last (a no-op when they
// already are), the kernel to whatever blocked layout the primitive chose (each run, since the kernel is
// an operand). The primitives are made once per shape and thread. The convolution is split into parts
// over the batch or the output's first spatial dim, one single-threaded primitive per part on the
// thread team (thread_team.h) (why not oneDNN's own OpenMP threads: products_common.h, setOpenMpThreads).
//
// What stays with im2col (products_conv.cc): other types, lhs dilation (oneDNN has no input dilation),
// window reversal, batch groups, negative padding, and padded convolutions whose kernel has a non-finite
// element: oneDNN skips padding instead of multiplying it, but the spec's padding value is 0, and 0 times
// an infinite or NaN kernel element is NaN.
#include "executors/cpu/products_conv_onednn.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <optional>
#include <string_view>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "executors/cpu/products_common.h"
#include "executors/cpu/thread_team.h"
#include "oneapi/dnnl/dnnl.hpp"

namespace hloconf::cpu::products {
namespace {

using plan::ConvParams;
using dnnl::memory;

// Below this many multiply-adds im2col + sgemm is as fast: creating the primitive descriptor costs tens
// of microseconds even when oneDNN's cache has the primitive.
constexpr int64_t kMinProducts = int64_t{1} << 20;

std::atomic<int64_t> convolutions_run{0};

// The kernel operand is a whole tensor (its strides a permutation of row-major), so a linear scan of its
// elements visits each once.
bool anyNonFinite(const float* data, int64_t count) {
  bool found = false;
  for (int64_t i = 0; i < count; ++i) found |= !std::isfinite(data[i]);
  return found;
}

memory::format_tag channelsLast(size_t spatial_rank) {
  switch (spatial_rank) {
    case 1: return memory::format_tag::nwc;
    case 2: return memory::format_tag::nhwc;
    default: return memory::format_tag::ndhwc;
  }
}

// A convolution's primitive and the reorders around it, made once per shape and thread: making a primitive
// descriptor costs tens of microseconds even when oneDNN's own cache has the primitive.
struct Primitives {
  dnnl::engine engine;
  memory::desc user_in, user_kernel, user_out;
  dnnl::convolution_forward::primitive_desc pd;
  dnnl::convolution_forward conv;
  std::optional<dnnl::reorder> reorder_in, reorder_kernel, reorder_out;
};

const Primitives& primitivesFor(const memory::dims& in_dims, const memory::dims& in_strides, const memory::dims& k_dims,
                                const memory::dims& k_strides, const memory::dims& out_dims, const memory::dims& out_strides,
                                const memory::dims& strides, const memory::dims& dilates, const memory::dims& pad_l,
                                const memory::dims& pad_r) {
  std::vector<int64_t> key;
  for (const memory::dims* part : {&in_dims, &in_strides, &k_dims, &k_strides, &out_dims, &out_strides, &strides, &dilates,
                                   &pad_l, &pad_r}) {
    key.push_back(static_cast<int64_t>(part->size()));
    key.insert(key.end(), part->begin(), part->end());
  }
  constexpr size_t kMaxCached = 64;
  thread_local absl::flat_hash_map<std::vector<int64_t>, std::unique_ptr<Primitives>> cache;
  if (auto it = cache.find(key); it != cache.end()) return *it->second;
  if (cache.size() >= kMaxCached) cache.clear();

  static const dnnl::engine engine(dnnl::engine::kind::cpu, 0);
  using dt = memory::data_type;
  const size_t sr = in_dims.size() - 2;
  const memory::desc user_in(in_dims, dt::f32, in_strides), user_kernel(k_dims, dt::f32, k_strides),
      user_out(out_dims, dt::f32, out_strides);
  const memory::desc in_md(in_dims, dt::f32, channelsLast(sr)), out_md(out_dims, dt::f32, channelsLast(sr));
  const memory::desc any_kernel(k_dims, dt::f32, memory::format_tag::any);
  dnnl::convolution_forward::primitive_desc pd(
      dnnl::convolution_forward::desc(dnnl::prop_kind::forward_inference, dnnl::algorithm::convolution_direct, in_md,
                                      any_kernel, out_md, strides, dilates, pad_l, pad_r),
      engine);
  auto prims = std::make_unique<Primitives>(Primitives{engine, user_in, user_kernel, user_out, pd,
                                                       dnnl::convolution_forward(pd), std::nullopt, std::nullopt, std::nullopt});
  if (user_in != pd.src_desc()) prims->reorder_in.emplace(dnnl::reorder::primitive_desc(engine, user_in, engine, pd.src_desc()));
  if (user_kernel != pd.weights_desc())
    prims->reorder_kernel.emplace(dnnl::reorder::primitive_desc(engine, user_kernel, engine, pd.weights_desc()));
  if (user_out != pd.dst_desc()) prims->reorder_out.emplace(dnnl::reorder::primitive_desc(engine, pd.dst_desc(), engine, user_out));
  return *cache.emplace(std::move(key), std::move(prims)).first->second;
}

}  // namespace

absl::StatusOr<bool> convOneDnn(const KernelArgs& args, const ConvParams& p) {
  // HLOCONF_CPU_ONEDNN=0 keeps every convolution on im2col (to measure one against the other).
  static const bool enabled = [] {
    const char* v = std::getenv("HLOCONF_CPU_ONEDNN");
    return !(v && std::string_view(v) == "0");
  }();
  if (!enabled) return false;
  const size_t sr = static_cast<size_t>(p.spatial_rank);
  if (args.operandType(0).elementType() != ElementType::kF32 || args.operandType(1).elementType() != ElementType::kF32 ||
      args.resultType(0).elementType() != ElementType::kF32)
    return false;
  if (sr < 1 || sr > 3 || p.batch_groups != 1) return false;
  const int64_t groups = p.feature_groups;
  const int64_t og = p.out_features / groups, cg = p.k_in_features;
  int64_t products = p.out_batch * p.out_features * cg;
  bool padded = false;
  memory::dims strides, dilates, pad_l, pad_r;
  for (size_t d = 0; d < sr; ++d) {
    if (p.lhs_dilation[d] != 1 || p.reversal[d] || p.in_spatial[d] == 0 || p.k_spatial[d] == 0) return false;
    const int64_t dilated_k = (p.k_spatial[d] - 1) * p.rhs_dilation[d] + 1;
    const int64_t high = (p.out_spatial[d] - 1) * p.stride[d] + dilated_k - p.in_spatial[d] - p.pad_low[d];
    if (p.pad_low[d] < 0 || high < 0) return false;
    padded = padded || p.pad_low[d] > 0 || high > 0;
    strides.push_back(p.stride[d]);
    dilates.push_back(p.rhs_dilation[d] - 1);
    pad_l.push_back(p.pad_low[d]);
    pad_r.push_back(high);
    products *= p.out_spatial[d] * p.k_spatial[d];
  }
  if (products < kMinProducts) return false;

  // The kernel as [G, O/G, I/G, spatial...] (oneDNN's grouped weights) or [O, I, spatial...].
  memory::dims k_dims, k_strides;
  if (groups > 1) {
    k_dims = {groups, og, cg};
    k_strides = {og * p.k_out_stride, p.k_out_stride, p.k_in_stride};
  } else {
    k_dims = {p.k_out_features, cg};
    k_strides = {p.k_out_stride, p.k_in_stride};
  }
  memory::dims in_dims{p.in_batch, p.in_features}, in_strides{p.in_batch_stride, p.in_feature_stride};
  memory::dims out_dims{p.out_batch, p.out_features}, out_strides{p.out_batch_stride, p.out_feature_stride};
  for (size_t d = 0; d < sr; ++d) {
    k_dims.push_back(p.k_spatial[d]);
    k_strides.push_back(p.k_spatial_stride[d]);
    in_dims.push_back(p.in_spatial[d]);
    in_strides.push_back(p.in_spatial_stride[d]);
    out_dims.push_back(p.out_spatial[d]);
    out_strides.push_back(p.out_spatial_stride[d]);
  }
  const float* kernel_data = reinterpret_cast<const float*>(args.operands[1]);
  if (padded) {
    int64_t count = 1;
    for (int64_t d : k_dims) count *= d;
    if (anyNonFinite(kernel_data, count)) return false;
  }

  // One part of the convolution: the output rows [first, last) of spatial dim `split_dim` (or of the
  // batch, split_dim -1), with the input rows they read and the padding that falls inside the part.
  struct Part {
    const uint8_t* in;
    float* out;
    memory::dims in_dims, out_dims, pad_l, pad_r;
  };
  auto partOf = [&](int split_dim, int64_t first, int64_t last) -> std::optional<Part> {
    Part part{args.operands[0], reinterpret_cast<float*>(args.result()), in_dims, out_dims, pad_l, pad_r};
    if (split_dim < 0) {
      part.in += first * in_strides[0] * static_cast<int64_t>(sizeof(float));
      part.out += first * out_strides[0];
      part.in_dims[0] = part.out_dims[0] = last - first;
      return part;
    }
    const size_t d = static_cast<size_t>(split_dim), dim = d + 2;
    const int64_t dilated_k = (p.k_spatial[d] - 1) * p.rhs_dilation[d] + 1;
    const int64_t window_low = first * p.stride[d] - p.pad_low[d];      // the first row the part's windows read
    const int64_t window_high = (last - 1) * p.stride[d] - p.pad_low[d] + dilated_k;  // one past the last
    const int64_t in_low = std::max<int64_t>(0, window_low), in_high = std::min(p.in_spatial[d], window_high);
    if (in_high <= in_low) return std::nullopt;  // a part inside the padding: not split
    part.in += in_low * in_strides[dim] * static_cast<int64_t>(sizeof(float));
    part.out += first * out_strides[dim];
    part.in_dims[dim] = in_high - in_low;
    part.out_dims[dim] = last - first;
    part.pad_l[d] = in_low - window_low;
    part.pad_r[d] = window_high - in_high;
    return part;
  };
  // A dim of size 1 may have any stride; the dense one lets a part of one batch element match the
  // primitive's channels-last layout without a reorder.
  auto denseOne = [](memory::dims strides, const memory::dims& dims) {
    if (dims[0] == 1) {
      int64_t rest = 1;
      for (size_t i = 1; i < dims.size(); ++i) rest *= dims[i];
      strides[0] = rest;
    }
    return strides;
  };
  auto run = [&](const Part& part) {
    // Single-threaded inside a part of the thread team: no OpenMP team (products_common.h, setOpenMpThreads).
    setOpenMpThreads(1);
    const Primitives& prims = primitivesFor(part.in_dims, denseOne(in_strides, part.in_dims), k_dims, k_strides, part.out_dims,
                                            denseOne(out_strides, part.out_dims), strides, dilates, part.pad_l, part.pad_r);
    dnnl::stream stream(prims.engine);
    // Each operand in the primitive's layout: the user's memory where they agree, else a reorder.
    memory in_user(prims.user_in, prims.engine, const_cast<uint8_t*>(part.in));
    memory kernel_user(prims.user_kernel, prims.engine, const_cast<float*>(kernel_data));
    memory out_user(prims.user_out, prims.engine, part.out);
    memory in = in_user, kernel = kernel_user, out = out_user;
    if (prims.reorder_in) {
      in = memory(prims.pd.src_desc(), prims.engine);
      prims.reorder_in->execute(stream, in_user, in);
    }
    if (prims.reorder_kernel) {
      kernel = memory(prims.pd.weights_desc(), prims.engine);
      prims.reorder_kernel->execute(stream, kernel_user, kernel);
    }
    if (prims.reorder_out) out = memory(prims.pd.dst_desc(), prims.engine);
    prims.conv.execute(stream, {{DNNL_ARG_SRC, in}, {DNNL_ARG_WEIGHTS, kernel}, {DNNL_ARG_DST, out}});
    if (prims.reorder_out) prims.reorder_out->execute(stream, out, out_user);
    stream.wait();
  };

  // The parts: one per thread, over the batch when it has enough elements, else over the output's first
  // spatial dim (rows of at least 4); one part when neither splits.
  const int64_t threads = teamThreads();
  std::vector<Part> parts;
  auto split = [&](int split_dim, int64_t extent, int64_t count) {
    for (int64_t i = 0; i < count; ++i) {
      std::optional<Part> part = partOf(split_dim, extent * i / count, extent * (i + 1) / count);
      if (!part) {
        parts.clear();
        return;
      }
      parts.push_back(*std::move(part));
    }
  };
  if (threads > 1 && p.out_batch >= threads) split(-1, p.out_batch, threads);
  else if (threads > 1) split(0, p.out_spatial[0], std::min<int64_t>(threads, p.out_spatial[0] / 4));
  if (parts.size() < 2) {
    parts.clear();
    split(-1, p.out_batch, 1);
  }

  std::atomic<bool> declined{false};
  auto runOrDecline = [&](const Part& part) {
    try {
      run(part);
    } catch (const dnnl::error&) {
      declined = true;  // a shape oneDNN declines (no implementation): im2col computes it
    }
  };
  if (parts.size() == 1) runOrDecline(parts[0]);
  else runParts(static_cast<int64_t>(parts.size()), [&](int64_t i) { runOrDecline(parts[i]); });
  if (declined) return false;  // the whole result is computed again by im2col
  convolutions_run.fetch_add(1, std::memory_order_relaxed);
  return true;
}

int64_t oneDnnConvolutions() { return convolutions_run.load(std::memory_order_relaxed); }

}  // namespace hloconf::cpu::products
