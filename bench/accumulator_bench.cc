// Exact sums of products: the long accumulator (reference/long_accumulator.h) against the MPFR path the
// kernels use today (reference/exact_sum.cc: one mpfr_mul per product into a boxed MpFloat of 256 bits,
// then mpfr_sum rounded through roundCorrectly). Each output element is the exact sum of 256 products,
// rounded once to the operands' format; operands are random in [-1, 1] and decoded beforehand on both
// sides (as kernels_dot.cc decodes its operands once). The baseline leaves out exact_sum.cc's sum of
// |products| (bound work), so the ratios are if anything understated.
// Run: build/bench/accumulator_bench   (prints the ratios at the end; docs/benchmarks.md has the figures)
#include <benchmark/benchmark.h>

#include <cstdio>
#include <deque>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "reference/long_accumulator.h"
#include "reference/numerics.h"

namespace {

using hloconf::ElementType;
using hloconf::ref::LongAccumulator;
using hloconf::ref::MpFloat;

constexpr int kTerms = 256;    // products per output element
constexpr int kOutputs = 256;  // output elements per iteration

// kOutputs rows of kTerms operands a and b: f32 values (as doubles) or full 53-bit f64 values.
struct Operands {
  std::vector<double> a, b;
};

Operands makeOperands(ElementType t) {
  std::mt19937_64 rng(t == ElementType::kF32 ? 1 : 2);
  std::uniform_real_distribution<double> d(-1.0, 1.0);
  Operands ops;
  for (int i = 0; i < kTerms * kOutputs; ++i) {
    double x = d(rng), y = d(rng);
    if (t == ElementType::kF32) {
      x = static_cast<float>(x);
      y = static_cast<float>(y);
    }
    ops.a.push_back(x);
    ops.b.push_back(y);
  }
  return ops;
}

ElementType typeOf(const benchmark::State& state) { return state.range(0) == 32 ? ElementType::kF32 : ElementType::kF64; }

void BM_Mpfr(benchmark::State& state) {
  const ElementType t = typeOf(state);
  hloconf::ref::initNumerics();
  const Operands ops = makeOperands(t);
  std::deque<MpFloat> a, b;  // decoded once, as kernels_dot.cc does
  for (size_t i = 0; i < ops.a.size(); ++i) {
    mpfr_set_d(a.emplace_back(53), ops.a[i], MPFR_RNDN);
    mpfr_set_d(b.emplace_back(53), ops.b[i], MPFR_RNDN);
  }
  for (auto _ : state) {
    for (int o = 0; o < kOutputs; ++o) {
      // exact_sum.cc's roundSumOfProducts, without the |product| sum.
      std::deque<MpFloat> products;
      for (int k = 0; k < kTerms; ++k) {
        products.emplace_back(256);
        mpfr_mul(products.back(), a[o * kTerms + k], b[o * kTerms + k], MPFR_RNDN);
      }
      std::vector<mpfr_ptr> ptrs;
      ptrs.reserve(products.size());
      for (auto& p : products) ptrs.push_back(p.get());
      const uint64_t bits = hloconf::ref::roundCorrectly(t, [&](mpfr_ptr r) {
        return hloconf::ref::roundedByMpfr(r, mpfr_sum(r, ptrs.data(), ptrs.size(), MPFR_RNDN));
      });
      benchmark::DoNotOptimize(bits);
    }
  }
  state.SetItemsProcessed(state.iterations() * kTerms * kOutputs);
}

// How the accumulator is fed and read:
// - addProduct: one call per product, then round (the general path);
// - addProducts: one call per output element over the operand arrays, then round;
// - add_exact_double, addValues_exact_double (f32 operands only: a product of two 24-bit significands is
//   exact in f64, and f32's range keeps it normal): add(a * b) per product, or the products computed
//   into a buffer and added by one addValues call;
// - through_encoder: addProducts, then roundThroughEncoder.
enum class Feed { kAddProduct, kAddProducts, kAddExactDouble, kAddValuesExactDouble, kThroughEncoder };

void BM_Accumulator(benchmark::State& state, Feed feed) {
  const ElementType t = typeOf(state);
  const Operands ops = makeOperands(t);
  LongAccumulator acc;
  std::vector<double> products(kTerms);
  for (auto _ : state) {
    for (int o = 0; o < kOutputs; ++o) {
      acc.clear();
      const double* a = ops.a.data() + o * kTerms;
      const double* b = ops.b.data() + o * kTerms;
      switch (feed) {
        case Feed::kAddProduct:
          for (int k = 0; k < kTerms; ++k) acc.addProduct(a[k], b[k]);
          break;
        case Feed::kAddProducts:
        case Feed::kThroughEncoder:
          acc.addProducts(a, 1, b, 1, kTerms);
          break;
        case Feed::kAddExactDouble:
          for (int k = 0; k < kTerms; ++k) acc.add(a[k] * b[k]);
          break;
        case Feed::kAddValuesExactDouble:
          for (int k = 0; k < kTerms; ++k) products[k] = a[k] * b[k];
          acc.addValues(products.data(), 1, kTerms);
          break;
      }
      const uint64_t bits = feed == Feed::kThroughEncoder ? acc.roundThroughEncoder(t) : acc.round(t);
      benchmark::DoNotOptimize(bits);
    }
  }
  state.SetItemsProcessed(state.iterations() * kTerms * kOutputs);
}

BENCHMARK(BM_Mpfr)->Arg(32)->Arg(64)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_Accumulator, addProduct, Feed::kAddProduct)->Arg(32)->Arg(64)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_Accumulator, addProducts, Feed::kAddProducts)->Arg(32)->Arg(64)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_Accumulator, add_exact_double, Feed::kAddExactDouble)->Arg(32)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_Accumulator, addValues_exact_double, Feed::kAddValuesExactDouble)->Arg(32)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_Accumulator, through_encoder, Feed::kThroughEncoder)->Arg(32)->Arg(64)->Unit(benchmark::kMicrosecond);

// The console output, plus each run's products per second kept for the ratios printed at the end.
class RatioReporter : public benchmark::ConsoleReporter {
 public:
  void ReportRuns(const std::vector<Run>& runs) override {
    ConsoleReporter::ReportRuns(runs);
    for (const Run& r : runs) {
      auto it = r.counters.find("items_per_second");
      if (it != r.counters.end()) rates[r.benchmark_name()] = it->second;
    }
  }
  std::map<std::string, double> rates;
};

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  RatioReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  auto& r = reporter.rates;
  std::printf("\nproducts per second (M) and ratio to the MPFR path, n = %d products per output element:\n", kTerms);
  for (const char* bits : {"32", "64"}) {
    const std::string base = std::string("BM_Mpfr/") + bits;
    if (!r.count(base)) continue;
    std::printf("  f%s  MPFR mpfr_mul + mpfr_sum: %8.2f M/s\n", bits, r[base] / 1e6);
    for (const char* variant : {"addProduct", "addProducts", "add_exact_double", "addValues_exact_double", "through_encoder"}) {
      const std::string name = std::string("BM_Accumulator/") + variant + "/" + bits;
      if (!r.count(name)) continue;
      std::printf("  f%s  LongAccumulator %-23s %8.2f M/s  ratio %6.1fx\n", bits, (std::string(variant) + ":").c_str(),
                  r[name] / 1e6, r[name] / r[base]);
    }
  }
  benchmark::Shutdown();
  return 0;
}
