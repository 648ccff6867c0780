// The f64 fast path of the transcendental ops (reference/fast_math_f64.h) against the MPFR path, in one
// run: each benchmark evaluates one stablehlo op on a tensor<1000000xf64> (power: two) through the
// reference interpreter, with the fast path and without it, three times each, alternating; checks that
// the results are bit-identical, and reports the fastest of the three times of each (process CPU time,
// which other jobs on the machine inflate less than wall time; wall time beside it), their ratio, and
// the number of elements per 10^6 that fell back to MPFR.
// Run: build/bench/f64_math_bench   (docs/benchmarks.md has the figures)
#include <benchmark/benchmark.h>

#include <time.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "bench/bench_timing.h"
#include "ir/parser.h"
#include "reference/fast_math_f64.h"
#include "reference/interpreter.h"

namespace {

constexpr int64_t kElements = 1000000;

struct Fn {
  const char* op;
  // Inputs, seeded and uniform in these ranges (log-uniform where `log_uniform`).
  double lo, hi;
  bool log_uniform;
  double ylo = 0, yhi = 0;  // power's exponent
};

const Fn kFns[] = {
    {"exponential", -700, 700, false},
    {"log", 1e-300, 1e300, true},
    {"sine", -100, 100, false},
    {"tanh", -10, 10, false},
    {"power", 0.01, 100, false, -10, 10},
    {"exponential_minus_one", -700, 700, false},
    {"log_plus_one", -0.99, 100, false},
    {"cosine", -100, 100, false},
    {"tan", -100, 100, false},
    {"logistic", -700, 700, false},
    {"cbrt", -1e300, 1e300, false},
    {"rsqrt", 1e-300, 1e300, true},
};

std::vector<double> randomDoubles(double lo, double hi, bool log_uniform, uint32_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> d(log_uniform ? std::log(lo) : lo, log_uniform ? std::log(hi) : hi);
  std::vector<double> v(kElements);
  for (double& x : v) x = log_uniform ? std::exp(d(rng)) : d(rng);
  return v;
}

hloconf::Tensor f64Tensor(const std::vector<double>& v) {
  hloconf::Tensor t(hloconf::Type::tensor({static_cast<int64_t>(v.size())}, hloconf::Type::element(hloconf::ElementType::kF64)));
  std::memcpy(t.mutableBytes().data(), v.data(), v.size() * sizeof(double));
  return t;
}

void BM_F64Math(benchmark::State& state) {
  const Fn& fn = kFns[state.range(0)];
  const bool binary = std::string(fn.op) == "power";
  const std::string ty = "tensor<" + std::to_string(kElements) + "xf64>";
  const std::string text = binary ? "func.func @main(%x: " + ty + ", %y: " + ty + ") -> " + ty + " {\n  %r = stablehlo.power %x, %y : " + ty +
                                        "\n  return %r : " + ty + "\n}\n"
                                  : "func.func @main(%x: " + ty + ") -> " + ty + " {\n  %r = stablehlo." + fn.op + " %x : " + ty +
                                        "\n  return %r : " + ty + "\n}\n";
  auto module = hloconf::parseModule(text, "<bench>");
  if (!module.ok()) {
    state.SkipWithError(std::string(module.status().message()).c_str());
    return;
  }
  const std::vector<double> x = randomDoubles(fn.lo, fn.hi, fn.log_uniform, 1);
  const std::vector<double> y = binary ? randomDoubles(fn.ylo, fn.yhi, false, 2) : std::vector<double>{};
  std::vector<hloconf::ref::RtValue> args;
  args.push_back(hloconf::ref::RtValue::ofTensor(f64Tensor(x)));
  if (binary) args.push_back(hloconf::ref::RtValue::ofTensor(f64Tensor(y)));

  // Elements the fast path leaves to MPFR (counted outside the timings).
  const hloconf::OpId id = hloconf::opIdOf(std::string("stablehlo.") + fn.op);
  const hloconf::ref::FastF64Unary unary = binary ? nullptr : hloconf::ref::fastF64Function(id);
  int64_t fallbacks = 0;
  for (int64_t i = 0; i < kElements; ++i) {
    uint64_t xb, yb = 0;
    std::memcpy(&xb, &x[i], 8);
    if (binary) std::memcpy(&yb, &y[i], 8);
    fallbacks += !(binary ? hloconf::ref::fastF64Power(xb, yb) : unary(xb));
  }

  // Returns {CPU seconds, wall seconds}.
  auto evaluate = [&](bool fast, std::vector<uint8_t>& bytes) -> std::pair<double, double> {
    hloconf::ref::setFastF64Enabled(fast);
    const hloconf::bench::TimedCall call = hloconf::bench::timedMainCall(*module, text, args);
    hloconf::ref::setFastF64Enabled(true);
    if (!call.results.ok()) {
      state.SkipWithError(std::string(call.results.status().message()).c_str());
      return {0.0, 0.0};
    }
    const auto& data = (*call.results)[0].tensor.bytes();
    bytes.assign(data.begin(), data.end());
    return {call.cpu_s, call.wall_s};
  };
  std::pair<double, double> fast_s{1e30, 1e30}, mpfr_s{1e30, 1e30};
  auto keepMin = [](std::pair<double, double>& best, std::pair<double, double> t) {
    best = {std::min(best.first, t.first), std::min(best.second, t.second)};
  };
  for (auto _ : state) {
    for (int round = 0; round < 3; ++round) {
      std::vector<uint8_t> fast_bytes, mpfr_bytes;
      keepMin(fast_s, evaluate(true, fast_bytes));
      keepMin(mpfr_s, evaluate(false, mpfr_bytes));
      if (fast_bytes != mpfr_bytes) state.SkipWithError("the fast path and MPFR disagree");
    }
    state.SetIterationTime(fast_s.first);
  }
  state.SetLabel(fn.op);
  state.counters["fast_cpu_s"] = fast_s.first;
  state.counters["mpfr_cpu_s"] = mpfr_s.first;
  state.counters["speedup"] = mpfr_s.first / fast_s.first;
  state.counters["fast_wall_s"] = fast_s.second;
  state.counters["mpfr_wall_s"] = mpfr_s.second;
  state.counters["fallback_per_1e6"] = static_cast<double>(fallbacks) * 1e6 / kElements;
  state.SetItemsProcessed(state.iterations() * kElements);
}

BENCHMARK(BM_F64Math)->DenseRange(0, static_cast<int>(std::size(kFns)) - 1)->Iterations(1)->UseManualTime()->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
