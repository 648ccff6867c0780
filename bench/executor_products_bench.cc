// The cpu executor's products against the library underneath:
// - BM_ExecutorDot/N: an f32 N x N x N dot_general program run by cpu::run (compiled and lowered once;
//   each run allocates its result), against BM_Sgemm/N: the same product by products::gemm, which is
//   cblas_sgemm (OpenBLAS) with row-major flags, on preallocated arrays.
// - BM_ExecutorRunOverhead/N: the same inputs and result around a negate, for what cpu::run adds.
// - BM_ExecutorConv/S/C: an NHWC f32 convolution 1xSxSxC * 3x3xCxC, stride 1, padding 1 (im2col + sgemm).
//
//   build/bench/executor_products_bench
#include <benchmark/benchmark.h>

#include <cstring>
#include <random>
#include <string>
#include <variant>
#include <vector>

#include "executors/cpu/executor.h"
#include "executors/cpu/products_common.h"
#include "executors/plan/plan.h"
#include "ir/parser.h"
#include "ir/strings.h"

namespace {

using namespace hloconf;  // NOLINT

Tensor randomTensor(const Type& type, uint32_t seed) {
  Tensor t(type);
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> dist(-1.0f, 1.0f);
  std::vector<float> values(static_cast<size_t>(type.numElements()));
  for (float& v : values) v = dist(rng);
  std::memcpy(t.mutableBytes().data(), values.data(), values.size() * sizeof(float));
  return t;
}

// Compiles @main of `text` and runs it on random inputs of its argument types, once per iteration.
void runProgram(benchmark::State& state, const std::string& text) {
  auto module = parseModule(text, "bench");
  if (!module.ok()) return state.SkipWithError(std::string(module.status().message()).c_str());
  auto compiled = plan::compile(*module, "main", text);
  if (!compiled.ok() || !std::holds_alternative<plan::Plan>(*compiled)) return state.SkipWithError("did not compile");
  const plan::Plan& p = std::get<plan::Plan>(*compiled);
  std::vector<Tensor> inputs;
  for (size_t i = 0; i < p.inputs.size(); ++i) inputs.push_back(randomTensor(p.slot_types[p.inputs[i]], 7 + static_cast<uint32_t>(i)));
  auto lowered = cpu::lower(p);
  if (!std::holds_alternative<cpu::Program>(lowered)) return state.SkipWithError("did not lower");
  const cpu::Program& program = std::get<cpu::Program>(lowered);
  for (auto _ : state) {
    auto out = cpu::run(program, inputs);
    if (!out.ok()) return state.SkipWithError(std::string(out.status().message()).c_str());
    benchmark::DoNotOptimize(out->front().bytes().data());
  }
}

void BM_ExecutorDot(benchmark::State& state) {
  const int64_t n = state.range(0);
  const std::string t = strCat("tensor<", n, "x", n, "xf32>");
  runProgram(state, strCat("func.func @main(%a: ", t, ", %b: ", t, ") -> ", t, " {\n",
                           "  %r = \"stablehlo.dot_general\"(%a, %b) {dot_dimension_numbers = #stablehlo.dot<",
                           "lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>} : (", t, ", ", t, ") -> ", t,
                           "\n  return %r : ", t, "\n}\n"));
  state.SetItemsProcessed(state.iterations() * 2 * n * n * n);
}
BENCHMARK(BM_ExecutorDot)->Arg(256)->Arg(1024)->Unit(benchmark::kMillisecond)->UseRealTime();

// The same program shape (two N x N inputs, one N x N result) with a negate instead of the dot: what
// cpu::run costs around the kernel (inputs copied into slots, the result allocated and copied out).
void BM_ExecutorRunOverhead(benchmark::State& state) {
  const int64_t n = state.range(0);
  const std::string t = strCat("tensor<", n, "x", n, "xf32>");
  runProgram(state, strCat("func.func @main(%a: ", t, ", %b: ", t, ") -> ", t, " {\n",
                           "  %r = stablehlo.negate %a : ", t, "\n  return %r : ", t, "\n}\n"));
}
BENCHMARK(BM_ExecutorRunOverhead)->Arg(256)->Arg(1024)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_Sgemm(benchmark::State& state) {
  const int64_t n = state.range(0);
  std::vector<float> a(static_cast<size_t>(n * n)), b(a.size()), c(a.size());
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> dist(-1.0f, 1.0f);
  for (float& v : a) v = dist(rng);
  for (float& v : b) v = dist(rng);
  for (auto _ : state) {
    cpu::products::gemm(false, false, n, n, n, a.data(), n, b.data(), n, c.data(), n);
    benchmark::DoNotOptimize(c.data());
  }
  state.SetItemsProcessed(state.iterations() * 2 * n * n * n);
}
BENCHMARK(BM_Sgemm)->Arg(256)->Arg(1024)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_ExecutorConv(benchmark::State& state) {
  const int64_t s = state.range(0), c = state.range(1);
  const std::string in = strCat("tensor<1x", s, "x", s, "x", c, "xf32>"), k = strCat("tensor<3x3x", c, "x", c, "xf32>");
  runProgram(state, strCat("func.func @main(%x: ", in, ", %w: ", k, ") -> ", in, " {\n",
                           "  %r = \"stablehlo.convolution\"(%x, %w) {window_strides = array<i64: 1, 1>, ",
                           "padding = dense<1> : tensor<2x2xi64>, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, ",
                           "feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (", in, ", ", k, ") -> ", in,
                           "\n  return %r : ", in, "\n}\n"));
  state.SetItemsProcessed(state.iterations() * 2 * s * s * 9 * c * c);
}
BENCHMARK(BM_ExecutorConv)->Args({64, 32})->Args({56, 64})->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
