// batch_norm_inference, batch_norm_training, batch_norm_grad: the spec's decompositions, op by op, in
// a compute type wider than the element type in precision and exponent range (f64 for f16/bf16/f32, x87
// extended long double for f64), with every result rounded once to the element type: no intermediate
// (x - mean, products, sums) overflows where the exact formula is finite. The operand is viewed as [outer, features, inner]; per-feature sums run over outer, then inner,
// in index order (one accumulator per feature); the variance is two-pass (mean first, then the mean of
// the squared deviations), as the spec writes it.
#include <cmath>
#include <vector>

#include "executors/cpu/products_common.h"
#include "executors/cpu/products_kernels.h"
#include "executors/plan/products_params.h"

namespace hloconf::cpu::products {
namespace {

using plan::BatchNormParams;

template <class C>
std::vector<C> loadAll(const KernelArgs& args, size_t i) {
  const Type& type = args.operandType(i);
  std::vector<C> values(static_cast<size_t>(type.numElements()));
  rowLoaderFor<C>(type.elementType())(args.operands[i], 1, type.numElements(), values.data());
  return values;
}
template <class C>
void storeAll(const KernelArgs& args, size_t i, const std::vector<C>& values) {
  rowStorerFor<C>(args.resultType(i).elementType())(values.data(), static_cast<int64_t>(values.size()), args.results[i]);
}

// sum over everything but the feature dim of f(element index, feature), per feature.
template <class C, class F>
std::vector<C> featureSums(const BatchNormParams& p, F&& f) {
  std::vector<C> sums(static_cast<size_t>(p.features), C{0});
  for (int64_t o = 0; o < p.outer; ++o)
    for (int64_t c = 0; c < p.features; ++c) {
      const int64_t base = (o * p.features + c) * p.inner;
      C s = sums[static_cast<size_t>(c)];
      for (int64_t i = 0; i < p.inner; ++i) s += f(base + i, c);
      sums[static_cast<size_t>(c)] = s;
    }
  return sums;
}

// The element count per feature as a constant of the element type (the spec's constant(size / dim)).
template <class C>
C countOf(const BatchNormParams& p, ElementType t) {
  const double n = static_cast<double>(p.outer * p.inner);
  if (t == ElementType::kF16) return static_cast<C>(f16ToFloat(roundToF16(n)));
  if (t == ElementType::kBF16) return static_cast<C>(bf16ToFloat(roundToBF16(n)));
  return static_cast<C>(n);
}

// normalize: scale * ((x - mean) / sqrt(variance + epsilon)) + offset, per element.
template <class C>
void normalize(const BatchNormParams& p, const std::vector<C>& x, const std::vector<C>& scale, const std::vector<C>& offset,
               const std::vector<C>& mean, const std::vector<C>& variance, std::vector<C>& out) {
  const C epsilon = static_cast<C>(p.epsilon);
  std::vector<C> stddev(static_cast<size_t>(p.features));
  for (size_t c = 0; c < stddev.size(); ++c) stddev[c] = std::sqrt(variance[c] + epsilon);
  for (int64_t o = 0; o < p.outer; ++o)
    for (int64_t c = 0; c < p.features; ++c) {
      const size_t f = static_cast<size_t>(c);
      const int64_t base = (o * p.features + c) * p.inner;
      for (int64_t i = base; i < base + p.inner; ++i)
        out[static_cast<size_t>(i)] = scale[f] * ((x[static_cast<size_t>(i)] - mean[f]) / stddev[f]) + offset[f];
    }
}

template <class C>
absl::Status inferenceKernel(const KernelArgs& args) {
  const BatchNormParams& p = args.step.as<BatchNormParams>();
  const std::vector<C> x = loadAll<C>(args, 0);
  std::vector<C> out(x.size());
  normalize(p, x, loadAll<C>(args, 1), loadAll<C>(args, 2), loadAll<C>(args, 3), loadAll<C>(args, 4), out);
  storeAll(args, 0, out);
  return absl::OkStatus();
}

template <class C>
absl::Status trainingKernel(const KernelArgs& args) {
  const BatchNormParams& p = args.step.as<BatchNormParams>();
  const ElementType t = args.operandType(0).elementType();
  const std::vector<C> x = loadAll<C>(args, 0);
  const C count = countOf<C>(p, t);
  std::vector<C> mean = featureSums<C>(p, [&](int64_t i, int64_t) { return x[static_cast<size_t>(i)]; });
  for (C& m : mean) m /= count;
  std::vector<C> variance = featureSums<C>(p, [&](int64_t i, int64_t c) {
    const C d = x[static_cast<size_t>(i)] - mean[static_cast<size_t>(c)];
    return d * d;
  });
  for (C& v : variance) v /= count;
  std::vector<C> out(x.size());
  normalize(p, x, loadAll<C>(args, 1), loadAll<C>(args, 2), mean, variance, out);
  storeAll(args, 0, out);
  storeAll(args, 1, mean);
  storeAll(args, 2, variance);
  return absl::OkStatus();
}

template <class C>
absl::Status gradKernel(const KernelArgs& args) {
  const BatchNormParams& p = args.step.as<BatchNormParams>();
  const ElementType t = args.operandType(0).elementType();
  const std::vector<C> x = loadAll<C>(args, 0), scale = loadAll<C>(args, 1), mean = loadAll<C>(args, 2),
                       variance = loadAll<C>(args, 3), g = loadAll<C>(args, 4);
  const C epsilon = static_cast<C>(p.epsilon);
  const C count = countOf<C>(p, t);
  const size_t nf = static_cast<size_t>(p.features);
  std::vector<C> var_eps(nf), stddev(nf);
  for (size_t c = 0; c < nf; ++c) {
    var_eps[c] = variance[c] + epsilon;
    stddev[c] = std::sqrt(var_eps[c]);
  }
  auto centered = [&](int64_t i, int64_t c) { return x[static_cast<size_t>(i)] - mean[static_cast<size_t>(c)]; };
  const std::vector<C> sum_g = featureSums<C>(p, [&](int64_t i, int64_t) { return g[static_cast<size_t>(i)]; });
  const std::vector<C> sum_gc =
      featureSums<C>(p, [&](int64_t i, int64_t c) { return g[static_cast<size_t>(i)] * centered(i, c); });
  // The spec's grad_scale = sum g * (c / stddev) and grad_operand = scale / stddev / N * (g N - sum g -
  // (sum g c) c / ve), rearranged as XLA's BatchNormExpander and the reference do:
  //   grad_scale = (sum g c) / stddev,  grad_operand = scale ((g N - sum g) ve - (sum g c) c) / (N ve stddev),
  // with ve = variance + epsilon: equal in exact arithmetic, and one division each (so a zero ve gives
  // the reference's infinities and NaNs, not those of a division per step).
  std::vector<C> grad_scale(nf, C{0});
  if (p.outer * p.inner > 0)
    for (size_t c = 0; c < nf; ++c) grad_scale[c] = sum_gc[c] / stddev[c];
  std::vector<C> grad_operand(x.size());
  for (int64_t o = 0; o < p.outer; ++o)
    for (int64_t c = 0; c < p.features; ++c) {
      const size_t f = static_cast<size_t>(c);
      const C denominator = count * var_eps[f] * stddev[f];
      const int64_t base = (o * p.features + c) * p.inner;
      for (int64_t i = base; i < base + p.inner; ++i) {
        const C numerator = (g[static_cast<size_t>(i)] * count - sum_g[f]) * var_eps[f] - sum_gc[f] * centered(i, c);
        grad_operand[static_cast<size_t>(i)] = scale[f] * numerator / denominator;
      }
    }
  storeAll(args, 0, grad_operand);
  storeAll(args, 1, grad_scale);
  storeAll(args, 2, sum_g);
  return absl::OkStatus();
}

template <template <class> class K>
absl::StatusOr<KernelChoice> chooseBatchNorm(const plan::Step& step, const plan::Plan& plan) {
  switch (plan.slot_types[step.operands[0]].elementType()) {
    case ElementType::kF32:
    case ElementType::kF16:
    case ElementType::kBF16: return KernelChoice{&K<double>::run, false};
    case ElementType::kF64: return KernelChoice{&K<long double>::run, false};
    default: return noKernelFor(step, plan);
  }
}
template <class C>
struct Inference {
  static absl::Status run(const KernelArgs& args) { return inferenceKernel<C>(args); }
};
template <class C>
struct Training {
  static absl::Status run(const KernelArgs& args) { return trainingKernel<C>(args); }
};
template <class C>
struct Grad {
  static absl::Status run(const KernelArgs& args) { return gradKernel<C>(args); }
};

}  // namespace

absl::StatusOr<KernelChoice> chooseBatchNormInference(const plan::Step& step, const plan::Plan& plan) {
  return chooseBatchNorm<Inference>(step, plan);
}
absl::StatusOr<KernelChoice> chooseBatchNormTraining(const plan::Step& step, const plan::Plan& plan) {
  return chooseBatchNorm<Training>(step, plan);
}
absl::StatusOr<KernelChoice> chooseBatchNormGrad(const plan::Step& step, const plan::Plan& plan) {
  return chooseBatchNorm<Grad>(step, plan);
}

}  // namespace hloconf::cpu::products
