// The CUDA executor's convolution, gather and scatter, emulated on the host: for every case in cases/convolution,
// cases/gather and cases/scatter whose op reads the program's inputs and gives its first output, the descriptor built
// from the real plan (conv_plan.h, gather_plan.h, scatter_plan.h) and the HLOCONF_HD per-element code the kernels run
// (conv_desc.h, gather_desc.h, scatter_desc.h) must reproduce the cpu executor's result (bit for bit for gather and
// integer convolutions, within a few ulps of f32/f64 for float ones), and no real plan may hit one of
// the descriptors' internal consistency errors.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

#include "executors/cpu/executor.h"
#include "executors/cuda/conv_plan.h"
#include "executors/cuda/gather_plan.h"
#include "executors/cuda/scatter_plan.h"
#include "executors/plan/plan.h"
#include "golden/lowering.h"
#include "ir/parser.h"

namespace hloconf {
namespace {

struct Emulated {
  int compared = 0, skipped = 0;
};

std::optional<cuda::DType> dtypeFor(ElementType t) {
  switch (t) {
    case ElementType::kSI8: return cuda::kS8;
    case ElementType::kSI16: return cuda::kS16;
    case ElementType::kSI32: return cuda::kS32;
    case ElementType::kSI64: return cuda::kS64;
    case ElementType::kUI8: return cuda::kU8;
    case ElementType::kUI16: return cuda::kU16;
    case ElementType::kUI32: return cuda::kU32;
    case ElementType::kUI64: return cuda::kU64;
    case ElementType::kF32: return cuda::kF32;
    case ElementType::kF64: return cuda::kF64;
    default: return std::nullopt;
  }
}

template <class S, class C>
std::vector<uint8_t> emulateConv(const cuda::ConvDesc& d, const Tensor& in, const Tensor& k, size_t out_bytes) {
  std::vector<uint8_t> out(out_bytes, 0);
  const S* x = reinterpret_cast<const S*>(in.bytes().data());
  const S* w = reinterpret_cast<const S*>(k.bytes().data());
  for (int64_t t = 0; t < d.total; ++t) {
    int64_t offset = -1;
    const C acc = cuda::convAt<C, S>(d, t, x, w, &offset);
    EXPECT_TRUE(offset >= 0 && static_cast<size_t>(offset + 1) * sizeof(S) <= out_bytes);
    if (offset < 0 || static_cast<size_t>(offset + 1) * sizeof(S) > out_bytes) continue;
    const S v = static_cast<S>(acc);
    std::memcpy(out.data() + offset * sizeof(S), &v, sizeof(S));
  }
  return out;
}

template <class S>
S combineHost(const cuda::ScatterDesc& d, S a, S b) {
  if (d.replace) return b;
  using C = typename cuda::dm::Elem<S>::C;
  if constexpr (std::is_floating_point_v<S> || std::is_same_v<S, cuda::dm::Half> || std::is_same_v<S, cuda::dm::BFloat>)
    return cuda::dm::Elem<S>::store(cuda::dm::floatBinary<C>(d.op, cuda::dm::Elem<S>::load(a), cuda::dm::Elem<S>::load(b)));
  else return cuda::dm::intBinary<C>(d.op, a, b);
}

template <class S>
std::vector<uint8_t> emulateScatter(const cuda::ScatterDesc& d, const Tensor& input, const Tensor& indices, const Tensor& updates) {
  std::vector<uint8_t> out = input.bytes();
  S* o = reinterpret_cast<S*>(out.data());
  const S* u = reinterpret_cast<const S*>(updates.bytes().data());
  const int64_t n = static_cast<int64_t>(out.size() / sizeof(S)), un = static_cast<int64_t>(updates.bytes().size() / sizeof(S));
  int64_t base[cuda::kGatherMaxRank];
  for (int64_t b = 0; b < d.batches; ++b) {
    int64_t update_base = 0;
    cuda::scatterBase(d, b, indices.bytes().data(), base, &update_base);
    for (int64_t w = 0; w < d.window_elements; ++w) {
      int64_t target = 0, update = 0;
      if (!cuda::scatterTarget(d, base, update_base, w, &target, &update)) continue;
      EXPECT_TRUE(target >= 0 && target < n && update >= 0 && update < un);
      if (target >= 0 && target < n && update >= 0 && update < un) o[target] = combineHost<S>(d, o[target], u[update]);
    }
  }
  return out;
}

template <class F>
void expectClose(const std::vector<uint8_t>& got, const std::vector<uint8_t>& want, const std::string& id) {
  EXPECT_EQ(got.size(), want.size()) << id;
  if (got.size() != want.size()) return;
  for (size_t i = 0; i + sizeof(F) <= got.size(); i += sizeof(F)) {
    F a, b;
    std::memcpy(&a, got.data() + i, sizeof(F));
    std::memcpy(&b, want.data() + i, sizeof(F));
    if ((std::isnan(a) && std::isnan(b)) || a == b) continue;  // equal infinities too
    const double tolerance = 1e-5 * std::max(1.0, std::fabs(static_cast<double>(b)));
    EXPECT_LE(std::fabs(static_cast<double>(a) - static_cast<double>(b)), tolerance) << id << " element " << i / sizeof(F);
  }
}

Emulated emulateFolder(const std::string& folder, OpId op) {
  Emulated tally;
  for (const auto& entry : std::filesystem::directory_iterator(std::string(HLOCONF_SOURCE_DIR) + "/cases/" + folder)) {
    if (entry.path().extension() != ".mlir") continue;
    const std::string id = entry.path().filename().string();
    std::ifstream file(entry.path());
    std::stringstream buffer;
    buffer << file.rdbuf();
    const std::string text = buffer.str();
    auto module = parseModule(text, id);
    if (!module.ok()) { ++tally.skipped; continue; }
    auto lowered = lowerCase(*module, text);
    if (!lowered.ok()) { ++tally.skipped; continue; }
    auto program = parseModule(lowered->mlir, id);
    if (!program.ok()) { ++tally.skipped; continue; }
    auto compiled = plan::compile(*program, "main", lowered->mlir);
    if (!compiled.ok() || !std::holds_alternative<plan::Plan>(*compiled)) { ++tally.skipped; continue; }
    const plan::Plan plan = std::get<plan::Plan>(*compiled);
    const plan::Step* step = nullptr;
    for (const plan::Step& s : plan.steps)
      if (s.op == op) step = &s;
    if (!step || plan.outputs.empty() || step->results[0] != plan.outputs[0]) { ++tally.skipped; continue; }
    auto inputOf = [&](plan::Slot slot) -> const Tensor* {
      for (size_t i = 0; i < plan.inputs.size(); ++i)
        if (plan.inputs[i] == slot) return &lowered->inputs[i];
      return nullptr;
    };
    const Tensor* a = inputOf(step->operands[0]);
    const Tensor* b = inputOf(step->operands[1]);
    if (!a || !b) { ++tally.skipped; continue; }
    const Tensor* c = op == OpId::kScatter && step->operands.size() == 3 ? inputOf(step->operands[2]) : nullptr;
    if (op == OpId::kScatter && !c) { ++tally.skipped; continue; }
    const Type& result_type = plan.slot_types[step->results[0]];
    auto cpu_lowered = cpu::lower(plan);
    if (!std::holds_alternative<cpu::Program>(cpu_lowered)) { ++tally.skipped; continue; }
    auto want = cpu::run(std::get<cpu::Program>(cpu_lowered), lowered->inputs);
    EXPECT_TRUE(want.ok()) << id << ": " << want.status();
    if (!want.ok() || want->empty()) { ++tally.skipped; continue; }
    const std::vector<uint8_t>& expected = (*want)[0].bytes();
    const int64_t out_elements = result_type.numElements();
    if (op == OpId::kConvolution) {
      auto d = cuda::convDescFrom(step->as<plan::ConvParams>(), a->type().numElements(), b->type().numElements(), out_elements);
      EXPECT_NE(d.status().code(), absl::StatusCode::kInternal) << id << ": " << d.status();
      const auto t = dtypeFor(result_type.elementType());
      if (!d.ok() || !t || a->type().elementType() != result_type.elementType() || b->type().elementType() != result_type.elementType()) {
        ++tally.skipped;
        continue;
      }
      std::vector<uint8_t> got;
      switch (*t) {
        case cuda::kF32: got = emulateConv<float, float>(*d, *a, *b, expected.size()); expectClose<float>(got, expected, id); break;
        case cuda::kF64: got = emulateConv<double, double>(*d, *a, *b, expected.size()); expectClose<double>(got, expected, id); break;
        case cuda::kS8: got = emulateConv<int8_t, uint64_t>(*d, *a, *b, expected.size()); EXPECT_EQ(got, expected) << id; break;
        case cuda::kS16: got = emulateConv<int16_t, uint64_t>(*d, *a, *b, expected.size()); EXPECT_EQ(got, expected) << id; break;
        case cuda::kS32: got = emulateConv<int32_t, uint64_t>(*d, *a, *b, expected.size()); EXPECT_EQ(got, expected) << id; break;
        case cuda::kS64: got = emulateConv<int64_t, uint64_t>(*d, *a, *b, expected.size()); EXPECT_EQ(got, expected) << id; break;
        case cuda::kU8: got = emulateConv<uint8_t, uint64_t>(*d, *a, *b, expected.size()); EXPECT_EQ(got, expected) << id; break;
        case cuda::kU32: got = emulateConv<uint32_t, uint64_t>(*d, *a, *b, expected.size()); EXPECT_EQ(got, expected) << id; break;
        default: ++tally.skipped; continue;
      }
      ++tally.compared;
    } else if (op == OpId::kScatter) {
      const auto index = dtypeFor(b->type().elementType());
      const ElementType et = result_type.elementType();
      if (!index || *index == cuda::kF32 || *index == cuda::kF64 || a->type().elementType() != et || c->type().elementType() != et) {
        ++tally.skipped;
        continue;
      }
      const bool is_float = et == ElementType::kF32 || et == ElementType::kF16 || et == ElementType::kBF16 || et == ElementType::kF64;
      auto d = cuda::scatterDescFrom(step->as<plan::ScatterParams>(), *index, is_float, a->type().numElements(), b->type().numElements(),
                                     c->type().numElements());
      EXPECT_NE(d.status().code(), absl::StatusCode::kInternal) << id << ": " << d.status();
      if (!d.ok()) { ++tally.skipped; continue; }
      std::vector<uint8_t> got;
      switch (et) {
        case ElementType::kF32: got = emulateScatter<float>(*d, *a, *b, *c); break;
        case ElementType::kF64: got = emulateScatter<double>(*d, *a, *b, *c); break;
        case ElementType::kF16: got = emulateScatter<cuda::dm::Half>(*d, *a, *b, *c); break;
        case ElementType::kBF16: got = emulateScatter<cuda::dm::BFloat>(*d, *a, *b, *c); break;
        case ElementType::kSI8: got = emulateScatter<int8_t>(*d, *a, *b, *c); break;
        case ElementType::kSI16: got = emulateScatter<int16_t>(*d, *a, *b, *c); break;
        case ElementType::kSI32: got = emulateScatter<int32_t>(*d, *a, *b, *c); break;
        case ElementType::kSI64: got = emulateScatter<int64_t>(*d, *a, *b, *c); break;
        case ElementType::kUI32: got = emulateScatter<uint32_t>(*d, *a, *b, *c); break;
        default: ++tally.skipped; continue;
      }
      EXPECT_EQ(got, expected) << id;
      ++tally.compared;
    } else {
      const auto index = dtypeFor(b->type().elementType());
      if (!index || *index == cuda::kF32 || *index == cuda::kF64) { ++tally.skipped; continue; }
      auto g = cuda::gatherDescFrom(step->as<plan::GatherParams>(), *index, a->type().numElements(), b->type().numElements(), out_elements);
      EXPECT_NE(g.status().code(), absl::StatusCode::kInternal) << id << ": " << g.status();
      if (!g.ok()) { ++tally.skipped; continue; }
      const size_t bytes = static_cast<size_t>(a->elementBytes());
      std::vector<uint8_t> got(expected.size(), 0);
      for (int64_t e = 0; e < g->total; ++e) {
        int64_t src = -1, dst = -1;
        cuda::gatherOffsets(*g, e, b->bytes().data(), &src, &dst);
        const bool inside = src >= 0 && (static_cast<size_t>(src) + 1) * bytes <= a->bytes().size() && dst >= 0 &&
                            (static_cast<size_t>(dst) + 1) * bytes <= got.size();
        EXPECT_TRUE(inside) << id << " element " << e;
        if (inside) std::memcpy(got.data() + dst * bytes, a->bytes().data() + src * bytes, bytes);
      }
      EXPECT_EQ(got, expected) << id;
      ++tally.compared;
    }
  }
  return tally;
}

TEST(CudaEmulation, ConvolutionCases) {
  const Emulated tally = emulateFolder("convolution", OpId::kConvolution);
  EXPECT_GE(tally.compared, 5) << "skipped " << tally.skipped;
  std::printf("convolution: %d compared, %d skipped\n", tally.compared, tally.skipped);
}

TEST(CudaEmulation, ScatterCases) {
  const Emulated tally = emulateFolder("scatter", OpId::kScatter);
  EXPECT_GE(tally.compared, 5) << "skipped " << tally.skipped;
  std::printf("scatter: %d compared, %d skipped\n", tally.compared, tally.skipped);
}

TEST(CudaEmulation, GatherCases) {
  const Emulated tally = emulateFolder("gather", OpId::kGather);
  EXPECT_GE(tally.compared, 3) << "skipped " << tally.skipped;
  std::printf("gather: %d compared, %d skipped\n", tally.compared, tally.skipped);
}

}  // namespace
}  // namespace hloconf
