// The evaluator's thread pool (reference/parallel.h, oneTBB) against the hand-written alternative it
// replaced the need for: one std::thread per core over equal static slices. The work per element is
// what the reference does for an elementwise op: an MPFR exponential at 128 bits, rounded to f32.
//
//   build/bench/parallel_bench --benchmark_filter=. --benchmark_min_time=0.5
//
// Each benchmark reports elements/s; docs/benchmarks.md ("Threads") has the ratios.
#include <benchmark/benchmark.h>
#include <mpfr.h>

#include <cstdint>
#include <thread>
#include <vector>

#include "reference/numerics.h"
#include "reference/parallel.h"

namespace {

using hloconf::ref::initNumerics;

void exponentialAt(int64_t i, std::vector<float>& out) {
  mpfr_t x;
  mpfr_init2(x, 128);
  mpfr_set_d(x, static_cast<double>(i % 1000) / 100.0 - 5.0, MPFR_RNDN);
  mpfr_exp(x, x, MPFR_RNDN);
  out[static_cast<size_t>(i)] = mpfr_get_flt(x, MPFR_RNDN);
  mpfr_clear(x);
}

void Serial(benchmark::State& state) {
  const int64_t n = state.range(0);
  std::vector<float> out(static_cast<size_t>(n));
  for (auto _ : state) {
    for (int64_t i = 0; i < n; ++i) exponentialAt(i, out);
    benchmark::DoNotOptimize(out.data());
  }
  state.SetItemsProcessed(state.iterations() * n);
}

void Tbb(benchmark::State& state) {
  const int64_t n = state.range(0);
  std::vector<float> out(static_cast<size_t>(n));
  for (auto _ : state) {
    hloconf::ref::parallelFor(n, 16, [&](int64_t begin, int64_t end) {
      for (int64_t i = begin; i < end; ++i) exponentialAt(i, out);
    });
    benchmark::DoNotOptimize(out.data());
  }
  state.SetItemsProcessed(state.iterations() * n);
}

// Static slices, one std::thread each, started and joined per call (no pool to keep).
void StdThreads(benchmark::State& state) {
  const int64_t n = state.range(0);
  const int64_t threads = std::max(1u, std::thread::hardware_concurrency());
  std::vector<float> out(static_cast<size_t>(n));
  for (auto _ : state) {
    std::vector<std::thread> pool;
    for (int64_t t = 0; t < threads; ++t) {
      pool.emplace_back([&, t] {
        initNumerics();
        for (int64_t i = n * t / threads; i < n * (t + 1) / threads; ++i) exponentialAt(i, out);
      });
    }
    for (std::thread& thread : pool) thread.join();
    benchmark::DoNotOptimize(out.data());
  }
  state.SetItemsProcessed(state.iterations() * n);
}

BENCHMARK(Serial)->Arg(64)->Arg(4096)->Arg(65536)->Unit(benchmark::kMicrosecond)->UseRealTime();
BENCHMARK(Tbb)->Arg(64)->Arg(4096)->Arg(65536)->Unit(benchmark::kMicrosecond)->UseRealTime();
BENCHMARK(StdThreads)->Arg(64)->Arg(4096)->Arg(65536)->Unit(benchmark::kMicrosecond)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
