// Golden-value throughput: the reference evaluator on 1,000,000 random f32 inputs of exponential, log,
// sine, tanh and power, against a plain evaluation that makes one correctly rounding MPFR call per element
// (24-bit precision, f32 exponent range, mpfr_subnormalize), in the same run.
// Run: build/bench/golden_bench   (docs/benchmarks.md has the figures and the ratio)
#include <benchmark/benchmark.h>
#include <mpfr.h>

#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "ir/parser.h"
#include "reference/interpreter.h"
#include "reference/numerics.h"

namespace {

constexpr int64_t kElements = 1'000'000;

struct OpSpec {
  const char* op;
  float lo, hi;            // range of the first operand
  float lo2 = 0, hi2 = 0;  // second operand (power)
};

// Ranges where each function's results are neither trivially overflowing nor constant.
constexpr OpSpec kOps[] = {
    {"exponential", -87.0f, 88.0f},
    {"log", 1e-30f, 1e30f},
    {"sine", -100.0f, 100.0f},
    {"tanh", -10.0f, 10.0f},
    {"power", 0.01f, 100.0f, -10.0f, 10.0f},
};

std::vector<float> randomInputs(float lo, float hi, uint32_t seed, bool logarithmic) {
  std::mt19937 rng(seed);
  std::vector<float> v(kElements);
  if (logarithmic) {
    std::uniform_real_distribution<double> d(std::log(lo), std::log(hi));
    for (float& x : v) x = static_cast<float>(std::exp(d(rng)));
  } else {
    std::uniform_real_distribution<float> d(lo, hi);
    for (float& x : v) x = d(rng);
  }
  return v;
}

hloconf::Tensor toTensor(const std::vector<float>& values) {
  hloconf::Tensor t(hloconf::Type::tensor({kElements}, hloconf::Type::element(hloconf::ElementType::kF32)));
  std::memcpy(t.mutableBytes().data(), values.data(), values.size() * sizeof(float));
  return t;
}

void BM_Golden(benchmark::State& state) {
  const OpSpec& spec = kOps[state.range(0)];
  const bool binary = spec.hi2 != spec.lo2;
  state.SetLabel(spec.op);
  const std::string text = binary ? std::string("func.func @main(%x: tensor<1000000xf32>, %y: tensor<1000000xf32>) -> tensor<1000000xf32> {\n"
                                                "  %r = stablehlo.") + spec.op + " %x, %y : tensor<1000000xf32>\n  return %r : tensor<1000000xf32>\n}\n"
                                  : std::string("func.func @main(%x: tensor<1000000xf32>) -> tensor<1000000xf32> {\n  %r = stablehlo.") +
                                        spec.op + " %x : tensor<1000000xf32>\n  return %r : tensor<1000000xf32>\n}\n";
  auto module = hloconf::parseModule(text, "<bench>");
  if (!module.ok()) {
    state.SkipWithError(std::string(module.status().message()).c_str());
    return;
  }
  std::vector<hloconf::ref::RtValue> args;
  args.push_back(hloconf::ref::RtValue::ofTensor(toTensor(randomInputs(spec.lo, spec.hi, 1, std::string(spec.op) == "log"))));
  if (binary) args.push_back(hloconf::ref::RtValue::ofTensor(toTensor(randomInputs(spec.lo2, spec.hi2, 2, false))));
  for (auto _ : state) {
    hloconf::ref::Interpreter interp(*module, text);
    auto results = interp.callFunction(*module->findFunction("main"), args);
    if (!results.ok()) state.SkipWithError(std::string(results.status().message()).c_str());
    benchmark::DoNotOptimize(results);
  }
  state.SetItemsProcessed(state.iterations() * kElements);
}

// The plain evaluation: one MPFR call per element at f32 precision and exponent range.
void BM_PlainMpfr(benchmark::State& state) {
  const OpSpec& spec = kOps[state.range(0)];
  const bool binary = spec.hi2 != spec.lo2;
  state.SetLabel(spec.op);
  const std::vector<float> x = randomInputs(spec.lo, spec.hi, 1, std::string(spec.op) == "log");
  const std::vector<float> y = binary ? randomInputs(spec.lo2, spec.hi2, 2, false) : std::vector<float>();
  std::vector<float> out(kElements);
  const mpfr_exp_t old_emin = mpfr_get_emin(), old_emax = mpfr_get_emax();
  for (auto _ : state) {
    mpfr_set_emin(-148);
    mpfr_set_emax(128);
    mpfr_t a, b, r;
    mpfr_inits2(24, a, b, r, static_cast<mpfr_ptr>(nullptr));
    for (int64_t i = 0; i < kElements; ++i) {
      mpfr_set_flt(a, x[i], MPFR_RNDN);
      int t;
      switch (state.range(0)) {
        case 0: t = mpfr_exp(r, a, MPFR_RNDN); break;
        case 1: t = mpfr_log(r, a, MPFR_RNDN); break;
        case 2: t = mpfr_sin(r, a, MPFR_RNDN); break;
        case 3: t = mpfr_tanh(r, a, MPFR_RNDN); break;
        default:
          mpfr_set_flt(b, y[i], MPFR_RNDN);
          t = mpfr_pow(r, a, b, MPFR_RNDN);
          break;
      }
      t = mpfr_subnormalize(r, t, MPFR_RNDN);
      out[i] = mpfr_get_flt(r, MPFR_RNDN);
    }
    mpfr_clears(a, b, r, static_cast<mpfr_ptr>(nullptr));
    mpfr_set_emin(old_emin);
    mpfr_set_emax(old_emax);
    benchmark::DoNotOptimize(out.data());
  }
  state.SetItemsProcessed(state.iterations() * kElements);
}

BENCHMARK(BM_Golden)->DenseRange(0, 4)->Iterations(1)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PlainMpfr)->DenseRange(0, 4)->Iterations(1)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
