// The CUDA executor's fused elementwise runs (executors/cuda/fusion.h), on the host: which steps fuse and
// which do not (and why), and the bytecode interpreter (the same HLOCONF_HD code the fused kernel runs)
// against the unfused per-element functions, bit for bit, on special and random values.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include "executors/cuda/device_math.h"
#include "executors/cuda/fusion.h"
#include "executors/cuda/fusion_codegen.h"
#ifdef HLOCONF_HAVE_CUDA
#include "executors/cuda/nvrtc_fusion.h"
#endif
#include "executors/plan/plan.h"
#include "ir/parser.h"

namespace hloconf {
namespace {

namespace dm = cuda::dm;
namespace fu = cuda::fusion;
using cuda::BOp;
using cuda::CmpDir;
using cuda::CmpKind;
using cuda::UOp;

plan::Plan compileText(const std::string& text) {
  auto module = parseModule(text, "fusion");
  EXPECT_TRUE(module.ok()) << module.status();
  auto compiled = plan::compile(*module, "main", text);
  EXPECT_TRUE(compiled.ok()) << compiled.status();
  EXPECT_TRUE(std::holds_alternative<plan::Plan>(*compiled));
  return std::get<plan::Plan>(*compiled);
}

TEST(CudaFusion, AChainFusesIntoOneRunWithOneOutput) {
  const plan::Plan p = compileText(
      "func.func @main(%a: tensor<8xf32>, %b: tensor<8xf32>) -> tensor<8xf32> {\n"
      "  %0 = stablehlo.add %a, %b : tensor<8xf32>\n"
      "  %1 = stablehlo.negate %0 : tensor<8xf32>\n"
      "  %2 = stablehlo.multiply %1, %a : tensor<8xf32>\n"
      "  %3 = stablehlo.exponential %2 : tensor<8xf32>\n"
      "  %4 = stablehlo.maximum %3, %b : tensor<8xf32>\n"
      "  return %4 : tensor<8xf32>\n"
      "}\n");
  const std::vector<fu::FusedRun> runs = fu::findRuns(p, p);
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0].first, 0u);
  EXPECT_EQ(runs[0].count, 5u);
  EXPECT_EQ(runs[0].type, cuda::kF32);
  EXPECT_EQ(runs[0].elements, 8);
  EXPECT_EQ(runs[0].inputs, std::vector<plan::Slot>({p.inputs[0], p.inputs[1]}));
  EXPECT_EQ(runs[0].outputs, std::vector<plan::Slot>({p.outputs[0]}));  // the intermediates die inside
  EXPECT_EQ(runs[0].code.num_ops, 5);
  EXPECT_EQ(runs[0].code.num_outputs, 1);
  // Registers: inputs 0 (%a, last read by the multiply) and 1 (%b, by the maximum); each result takes the
  // lowest free register once its operands' last reads free theirs: %0 -> 2, %1 -> 2, %2 -> 0, %3 -> 0,
  // %4 -> 0. Three registers in all.
  EXPECT_EQ(runs[0].code.ops[0].op, fu::Op::kBinary);
  EXPECT_EQ(runs[0].code.ops[0].dst, 2);
  EXPECT_EQ(runs[0].code.ops[1].a, 2);
  EXPECT_EQ(runs[0].code.ops[1].dst, 2);
  EXPECT_EQ(runs[0].code.ops[2].a, 2);
  EXPECT_EQ(runs[0].code.ops[2].b, 0);
  EXPECT_EQ(runs[0].code.ops[2].dst, 0);
  EXPECT_EQ(runs[0].code.ops[4].a, 0);
  EXPECT_EQ(runs[0].code.ops[4].b, 1);
  EXPECT_EQ(runs[0].code.output_reg[0], 0);
  EXPECT_EQ(runs[0].code.num_regs, 3);
}

TEST(CudaFusion, CompactedRegistersComputeTheSame) {
  // r2 = a + b; p3 = r2 < a; r4 = select(p3, r2, b); r5 = exp(r4) (dead); r6 = r4 * a; r7 = clamp(a, r6, b);
  // outputs r2 and r7: r2 stays live to the end, r5 is never read.
  fu::Code code;
  code.num_inputs = 2;
  code.num_ops = 6;
  code.ops[0] = {fu::Op::kBinary, static_cast<uint8_t>(BOp::kAdd), 0, 2, 0, 1, 0};
  code.ops[1] = {fu::Op::kCompare, static_cast<uint8_t>(CmpDir::kLT), 0, 3, 2, 0, 0};
  code.ops[2] = {fu::Op::kSelect, 0, 0, 4, 3, 2, 1};
  code.ops[3] = {fu::Op::kUnary, static_cast<uint8_t>(UOp::kExp), 0, 5, 4, 0, 0};
  code.ops[4] = {fu::Op::kBinary, static_cast<uint8_t>(BOp::kMul), 0, 6, 4, 0, 0};
  code.ops[5] = {fu::Op::kClamp, 0, 0, 7, 0, 6, 1};
  code.num_outputs = 2;
  code.output_reg[0] = 2;
  code.output_reg[1] = 7;
  fu::Code compact = code;
  fu::compactRegisters(compact);
  EXPECT_LT(compact.num_regs, 8);
  for (int k = 0; k < compact.num_ops; ++k) EXPECT_LT(compact.ops[k].dst, compact.num_regs);
  std::mt19937 rng(3);
  std::uniform_real_distribution<float> dist(-4, 4);
  for (int t = 0; t < 200; ++t) {
    float v[fu::kMaxRegs] = {dist(rng), dist(rng)}, w[fu::kMaxRegs] = {v[0], v[1]};
    uint8_t p[fu::kMaxRegs] = {}, q[fu::kMaxRegs] = {};
    fu::evalFused<float>(code, v, p);
    fu::evalFused<float>(compact, w, q);
    for (int o = 0; o < 2; ++o) EXPECT_EQ(v[code.output_reg[o]], w[compact.output_reg[o]]) << "output " << o;
  }
}

TEST(CudaFusion, AValueReadAfterTheRunIsStoredToo) {
  // %1 is returned as well: an output of the run; %0 dies inside.
  const plan::Plan p = compileText(
      "func.func @main(%a: tensor<4xf16>) -> (tensor<4xf16>, tensor<4xi1>) {\n"
      "  %0 = stablehlo.sine %a : tensor<4xf16>\n"
      "  %1 = stablehlo.cosine %0 : tensor<4xf16>\n"
      "  %2 = stablehlo.compare LT, %1, %a : (tensor<4xf16>, tensor<4xf16>) -> tensor<4xi1>\n"
      "  return %1, %2 : tensor<4xf16>, tensor<4xi1>\n"
      "}\n");
  const std::vector<fu::FusedRun> runs = fu::findRuns(p, p);
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0].count, 3u);
  EXPECT_EQ(runs[0].type, cuda::kF16);
  ASSERT_EQ(runs[0].outputs.size(), 2u);
  EXPECT_EQ(runs[0].outputs, std::vector<plan::Slot>({p.outputs[0], p.outputs[1]}));
  EXPECT_EQ(runs[0].code.output_is_pred[0], 0);
  EXPECT_EQ(runs[0].code.output_is_pred[1], 1);
  EXPECT_EQ(runs[0].code.ops[2].op, fu::Op::kCompare);
  EXPECT_EQ(runs[0].code.ops[2].code, static_cast<uint8_t>(CmpDir::kLT));
}

TEST(CudaFusion, RunsBreakAtOtherOpsTypesAndElementCounts) {
  const plan::Plan p = compileText(
      "func.func @main(%a: tensor<4xf32>, %s: tensor<f32>, %i: tensor<4xi32>) -> (tensor<4xf32>, tensor<4xi32>) {\n"
      "  %0 = stablehlo.add %a, %a : tensor<4xf32>\n"                                    // 0 \\ run 1
      "  %1 = stablehlo.tanh %0 : tensor<4xf32>\n"                                       // 1 /
      "  %2 = stablehlo.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>\n"         // 2: not a splat: not fused
      "  %3 = stablehlo.subtract %1, %2 : tensor<4xf32>\n"                               // 3: alone
      "  %4 = stablehlo.add %i, %i : tensor<4xi32>\n"                                    // 4: integer: not fused
      "  %5 = stablehlo.negate %4 : tensor<4xi32>\n"                                     // 5
      "  %6 = stablehlo.negate %s : tensor<f32>\n"                                       // 6: one element
      "  %7 = stablehlo.clamp %6, %3, %6 : (tensor<f32>, tensor<4xf32>, tensor<f32>) -> tensor<4xf32>\n"  // 7: 4 elements
      "  %8 = stablehlo.abs %7 : tensor<4xf32>\n"                                        // 8 with 7: run 2
      "  return %8, %5 : tensor<4xf32>, tensor<4xi32>\n"
      "}\n");
  ASSERT_EQ(p.steps.size(), 9u);
  const std::vector<fu::FusedRun> runs = fu::findRuns(p, p);
  ASSERT_EQ(runs.size(), 2u);
  EXPECT_EQ(runs[0].first, 0u);
  EXPECT_EQ(runs[0].count, 2u);
  EXPECT_EQ(runs[0].outputs.size(), 1u);  // %1, read by step 3
  EXPECT_EQ(runs[1].first, 7u);
  EXPECT_EQ(runs[1].count, 2u);
  // clamp's one-element bounds are one scalar input.
  ASSERT_EQ(runs[1].inputs.size(), 2u);
  EXPECT_EQ(runs[1].code.input_is_scalar[0], 1);
  EXPECT_EQ(runs[1].code.input_is_scalar[1], 0);
  EXPECT_EQ(runs[1].code.ops[0].op, fu::Op::kClamp);
}

TEST(CudaFusion, SplatConstantsAndBroadcastsOfOneElementFuse) {
  const plan::Plan p = compileText(
      "func.func @main(%a: tensor<2x3xf64>, %s: tensor<f64>) -> tensor<2x3xf64> {\n"
      "  %c = stablehlo.constant dense<2.5> : tensor<2x3xf64>\n"
      "  %b = \"stablehlo.broadcast_in_dim\"(%s) {broadcast_dimensions = array<i64>} : (tensor<f64>) -> tensor<2x3xf64>\n"
      "  %0 = stablehlo.multiply %a, %c : tensor<2x3xf64>\n"
      "  %1 = stablehlo.add %0, %b : tensor<2x3xf64>\n"
      "  return %1 : tensor<2x3xf64>\n"
      "}\n");
  const std::vector<fu::FusedRun> runs = fu::findRuns(p, p);
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0].count, 4u);
  EXPECT_EQ(runs[0].elements, 6);
  EXPECT_EQ(runs[0].inputs, std::vector<plan::Slot>({p.inputs[1], p.inputs[0]}));  // s (by the broadcast), a
  EXPECT_EQ(runs[0].code.input_is_scalar[0], 1);
  EXPECT_EQ(runs[0].code.input_is_scalar[1], 0);
  EXPECT_EQ(runs[0].code.ops[0].op, fu::Op::kConst);
  EXPECT_EQ(runs[0].code.num_consts, 1);
  double c;
  std::memcpy(&c, &runs[0].code.consts[0], 8);
  EXPECT_EQ(c, 2.5);
  EXPECT_EQ(runs[0].code.ops[1].op, fu::Op::kMove);
  // Evaluated on the host: 3 * 2.5 + 0.5.
  double vals[fu::kMaxRegs] = {0.5, 3.0};
  uint8_t preds[fu::kMaxRegs] = {};
  fu::evalFused<double>(runs[0].code, vals, preds);
  EXPECT_EQ(vals[runs[0].code.output_reg[0]], 8.0);
}

TEST(CudaFusion, SelectAndIsFiniteFuseAndLongRunsSplit) {
  std::string text =
      "func.func @main(%a: tensor<3xbf16>, %b: tensor<3xbf16>) -> tensor<3xbf16> {\n"
      "  %f = \"stablehlo.is_finite\"(%a) : (tensor<3xbf16>) -> tensor<3xi1>\n"
      "  %s = \"stablehlo.select\"(%f, %a, %b) : (tensor<3xi1>, tensor<3xbf16>, tensor<3xbf16>) -> tensor<3xbf16>\n";
  std::string last = "%s";
  for (int k = 0; k < 40; ++k) {  // 42 steps: more than one program holds
    const std::string next = "%n" + std::to_string(k);
    text += "  " + next + " = stablehlo.negate " + last + " : tensor<3xbf16>\n";
    last = next;
  }
  text += "  return " + last + " : tensor<3xbf16>\n}\n";
  const plan::Plan p = compileText(text);
  const std::vector<fu::FusedRun> runs = fu::findRuns(p, p);
  ASSERT_GE(runs.size(), 2u);
  size_t covered = 0;
  for (const fu::FusedRun& run : runs) {
    EXPECT_EQ(run.first, covered);
    EXPECT_LE(run.count, static_cast<size_t>(fu::kMaxOps));
    EXPECT_LE(run.inputs.size() + run.count, static_cast<size_t>(fu::kMaxRegs));
    EXPECT_EQ(run.outputs.size(), 1u);
    covered += run.count;
  }
  EXPECT_EQ(covered, p.steps.size());
  EXPECT_EQ(runs[0].code.ops[0].op, fu::Op::kIsFinite);
  EXPECT_EQ(runs[0].code.ops[1].op, fu::Op::kSelect);
  EXPECT_EQ(runs[0].code.input_is_pred[0], 0);
}

// --- the interpreter against the unfused per-element functions ------------------------------------------------
template <class S> uint64_t bitsOf(S s) { uint64_t b = 0; std::memcpy(&b, &s, sizeof(S)); return b; }
template <class S> S fromBits(uint64_t b) { S s; std::memcpy(&s, &b, sizeof(S)); return s; }
// The bits, with every NaN as one value: which operand's NaN an op returns is the host compiler's choice of
// operand order here (the device's float ops return one canonical NaN), not the interpreter's.
template <class S> uint64_t valueOf(S s) { return dm::isNan(dm::Elem<S>::load(s)) ? ~uint64_t{0} : bitsOf(s); }

// What the unfused kernels compute per element (kernels.cu's applyUnary / applyBinary / compare / clamp).
template <class S> S unfusedUnary(UOp op, S x) { using E = dm::Elem<S>; return E::store(dm::floatUnary<typename E::C>(op, E::load(x))); }
template <class S> S unfusedBinary(BOp op, S a, S b) {
  using E = dm::Elem<S>;
  return E::store(dm::floatBinary<typename E::C>(op, E::load(a), E::load(b)));
}

template <class S>
std::vector<S> values() {
  std::vector<uint64_t> bits;
  const int w = static_cast<int>(8 * sizeof(S));
  const int mant = sizeof(S) == 8 ? 52 : sizeof(S) == 4 ? 23 : std::is_same_v<S, dm::Half> ? 10 : 7;
  const uint64_t sign = uint64_t{1} << (w - 1);
  const uint64_t exp_mask = (sign - 1) & ~((uint64_t{1} << mant) - 1);
  const uint64_t one = (exp_mask >> 1) & exp_mask;  // the bias: 1.0
  for (uint64_t s : {uint64_t{0}, sign}) {
    for (uint64_t m : {uint64_t{0}, uint64_t{1}, (uint64_t{1} << mant) - 1, uint64_t{1} << (mant - 1)}) {
      bits.push_back(s | m);                           // zero, subnormals
      bits.push_back(s | exp_mask | m);                // inf, NaNs
      bits.push_back(s | one | m);                     // around 1
      bits.push_back(s | (exp_mask - (uint64_t{1} << mant)) | m);  // largest finite binade
      bits.push_back(s | (uint64_t{1} << mant) | m);   // smallest normal binade
    }
  }
  std::mt19937_64 rng(7);
  for (int k = 0; k < 300; ++k) bits.push_back(rng() & ((w == 64) ? ~uint64_t{0} : ((uint64_t{1} << w) - 1)));
  for (int k = 0; k < 200; ++k) bits.push_back((rng() & (sign | ((uint64_t{1} << mant) - 1))) | ((one + ((rng() % 8) << mant)) - (uint64_t{4} << mant)));
  std::vector<S> out;
  for (uint64_t b : bits) out.push_back(fromBits<S>(b));
  return out;
}

template <class S>
void checkInterpreter() {
  const std::vector<S> xs = values<S>();
  std::mt19937_64 rng(11);
  // Program: r2 = unary(u1, r0); r3 = binary(b, r2, r1); p4 = compare(r3, r1); r5 = select(p4, r3, r0);
  //          r6 = clamp(r1, r5, r0); p7 = is_finite(r6); r8 = unary(u2, r6).
  fu::Code code;
  code.num_inputs = 2;
  code.num_ops = 7;
  for (int u1 = 0; u1 <= static_cast<int>(cuda::dm::kLastFloatUnary); ++u1) {
    if (!cuda::dm::floatUnarySupported(static_cast<UOp>(u1))) continue;
    int u2 = static_cast<int>(rng() % (static_cast<int>(cuda::dm::kLastFloatUnary) + 1));
    if (!cuda::dm::floatUnarySupported(static_cast<UOp>(u2))) u2 = static_cast<int>(UOp::kExp);
    const int b = static_cast<int>(rng() % (static_cast<int>(BOp::kAtan2) + 1));
    const int dir = static_cast<int>(rng() % 6), kind = static_cast<int>(rng() % 2);
    code.ops[0] = {fu::Op::kUnary, static_cast<uint8_t>(u1), 0, 2, 0, 0, 0};
    code.ops[1] = {fu::Op::kBinary, static_cast<uint8_t>(b), 0, 3, 2, 1, 0};
    code.ops[2] = {fu::Op::kCompare, static_cast<uint8_t>(dir), static_cast<uint8_t>(kind), 4, 3, 1, 0};
    code.ops[3] = {fu::Op::kSelect, 0, 0, 5, 4, 3, 0};
    code.ops[4] = {fu::Op::kClamp, 0, 0, 6, 1, 5, 0};
    code.ops[5] = {fu::Op::kIsFinite, 0, 0, 7, 6, 0, 0};
    code.ops[6] = {fu::Op::kUnary, static_cast<uint8_t>(u2), 0, 8, 6, 0, 0};
    for (size_t i = 0; i < xs.size(); ++i) {
      const S x = xs[i], y = xs[(i * 7 + static_cast<size_t>(u1)) % xs.size()];
      S vals[fu::kMaxRegs] = {};
      uint8_t preds[fu::kMaxRegs] = {};
      vals[0] = x;
      vals[1] = y;
      fu::evalFused<S>(code, vals, preds);
      // Unfused, op by op, each on the interpreter's own operands (so that a NaN's sign, which the host
      // compiler's operand order may pick, does not change later ops' expectations).
      const S r2 = unfusedUnary(static_cast<UOp>(u1), x);
      const S r3 = unfusedBinary(static_cast<BOp>(b), vals[2], y);
      bool p4;
      if (kind == 1) {
        const int w = static_cast<int>(8 * sizeof(S));
        p4 = dm::decide(static_cast<CmpDir>(dir), dm::totalOrderKey(bitsOf(vals[3]), w), dm::totalOrderKey(bitsOf(y), w));
      } else {
        p4 = dm::decide(static_cast<CmpDir>(dir), dm::Elem<S>::load(vals[3]), dm::Elem<S>::load(y));
      }
      const S r5 = preds[4] ? vals[3] : x;
      const S r6 = unfusedBinary(BOp::kMin, unfusedBinary(BOp::kMax, vals[5], y), x);
      const bool p7 = dm::isFinite(dm::Elem<S>::load(vals[6]));
      const S r8 = unfusedUnary(static_cast<UOp>(u2), vals[6]);
      ASSERT_EQ(valueOf(vals[2]), valueOf(r2)) << "u1 " << u1 << " x " << bitsOf(x);
      ASSERT_EQ(valueOf(vals[3]), valueOf(r3)) << "b " << b;
      ASSERT_EQ(preds[4], p4 ? 1 : 0) << "dir " << dir << " kind " << kind;
      ASSERT_EQ(bitsOf(vals[5]), bitsOf(r5));
      ASSERT_EQ(valueOf(vals[6]), valueOf(r6));
      ASSERT_EQ(preds[7], p7 ? 1 : 0);
      ASSERT_EQ(valueOf(vals[8]), valueOf(r8)) << "u2 " << u2;
    }
    // Four elements at once (the kernel's evalFusedLanes) give what each gives alone.
    // (NaN operands left out: which one an op returns is the host compiler's choice, see valueOf.)
    std::vector<S> numbers;
    for (const S& v : xs)
      if (!dm::isNan(dm::Elem<S>::load(v))) numbers.push_back(v);
    for (size_t i = 0; i + 4 <= numbers.size(); i += 4) {
      S lanes[fu::kMaxRegs][4] = {};
      uint8_t lane_preds[fu::kMaxRegs][4] = {};
      for (size_t j = 0; j < 4; ++j) {
        lanes[0][j] = numbers[i + j];
        lanes[1][j] = numbers[(i + j + 5) % numbers.size()];
      }
      fu::evalFusedLanes<S, 4>(code, fu::Registers<S>{&lanes[0][0], &lane_preds[0][0], 4, 1});
      for (size_t j = 0; j < 4; ++j) {
        S vals[fu::kMaxRegs] = {};
        uint8_t preds[fu::kMaxRegs] = {};
        vals[0] = lanes[0][j];
        vals[1] = lanes[1][j];
        fu::evalFused<S>(code, vals, preds);
        for (int r = 2; r <= 8; ++r) {
          ASSERT_EQ(valueOf(lanes[r][j]), valueOf(vals[r])) << "register " << r << " lane " << j << " u1 " << u1;
          ASSERT_EQ(lane_preds[r][j], preds[r]) << "register " << r << " lane " << j;
        }
      }
    }
  }
}

// The kernel's shared register file (laneMajorRegisters), emulated for every thread of a small block in
// turn: each thread's four elements come out as each alone gives them, so no thread's registers overlap
// another's, or values with predicates.
template <class S>
void checkSharedRegisterFile() {
  const std::vector<S> xs = values<S>();
  std::vector<S> numbers;
  for (const S& v : xs)
    if (!dm::isNan(dm::Elem<S>::load(v))) numbers.push_back(v);
  fu::Code code;  // r2 = r0 * r1; p3 = r2 < r0; r4 = select(p3, r2, r1); r5 = tanh(r4); outputs r5, p3
  code.num_inputs = 2;
  code.num_ops = 4;
  code.ops[0] = {fu::Op::kBinary, static_cast<uint8_t>(BOp::kMul), 0, 2, 0, 1, 0};
  code.ops[1] = {fu::Op::kCompare, static_cast<uint8_t>(CmpDir::kLT), 0, 3, 2, 0, 0};
  code.ops[2] = {fu::Op::kSelect, 0, 0, 4, 3, 2, 1};
  code.ops[3] = {fu::Op::kUnary, static_cast<uint8_t>(UOp::kTanh), 0, 5, 4, 0, 0};
  code.num_outputs = 2;
  code.output_reg[0] = 5;
  code.output_reg[1] = 3;
  code.output_is_pred[1] = 1;
  fu::compactRegisters(code);
  constexpr int kThreadsHere = 8;
  std::vector<unsigned char> shared(fu::sharedBytes(sizeof(S), code.num_regs, kThreadsHere), 0xAB);
  auto input = [&](int t, int j, int r) { return numbers[(static_cast<size_t>(t * 4 + j) * 3 + static_cast<size_t>(r) * 7) % numbers.size()]; };
  // Every thread loads its inputs first, then each runs (as the block's threads interleave on the device).
  for (int t = 0; t < kThreadsHere; ++t) {
    const fu::Registers<S> regs = fu::laneMajorRegisters<S>(shared.data(), code.num_regs, kThreadsHere, t);
    for (int j = 0; j < 4; ++j)
      for (int r = 0; r < 2; ++r) regs.val(r, j) = input(t, j, r);
  }
  for (int t = 0; t < kThreadsHere; ++t) fu::evalFusedLanes<S, 4>(code, fu::laneMajorRegisters<S>(shared.data(), code.num_regs, kThreadsHere, t));
  for (int t = 0; t < kThreadsHere; ++t) {
    const fu::Registers<S> regs = fu::laneMajorRegisters<S>(shared.data(), code.num_regs, kThreadsHere, t);
    for (int j = 0; j < 4; ++j) {
      S vals[fu::kMaxRegs] = {input(t, j, 0), input(t, j, 1)};
      uint8_t preds[fu::kMaxRegs] = {};
      fu::evalFused<S>(code, vals, preds);
      ASSERT_EQ(valueOf(regs.val(code.output_reg[0], j)), valueOf(vals[code.output_reg[0]])) << "thread " << t << " lane " << j;
      ASSERT_EQ(regs.pred(code.output_reg[1], j), preds[code.output_reg[1]]) << "thread " << t << " lane " << j;
    }
  }
}

TEST(CudaFusion, SharedRegisterFileKeepsThreadsApart) {
  checkSharedRegisterFile<float>();
  checkSharedRegisterFile<double>();
  checkSharedRegisterFile<dm::Half>();
}

TEST(CudaFusion, InterpreterMatchesUnfusedF32) { checkInterpreter<float>(); }
TEST(CudaFusion, InterpreterMatchesUnfusedF64) { checkInterpreter<double>(); }
TEST(CudaFusion, InterpreterMatchesUnfusedF16) { checkInterpreter<dm::Half>(); }
TEST(CudaFusion, InterpreterMatchesUnfusedBF16) { checkInterpreter<dm::BFloat>(); }

TEST(CudaFusion, InterpreterSpotValues) {
  // exp(-0) = 1, then 1 + 1 = 2; negate(NaN) keeps the payload with the sign flipped; bf16 rounds each op.
  fu::Code code;
  code.num_inputs = 1;
  code.num_ops = 2;
  code.ops[0] = {fu::Op::kUnary, static_cast<uint8_t>(UOp::kExp), 0, 1, 0, 0, 0};
  code.ops[1] = {fu::Op::kBinary, static_cast<uint8_t>(BOp::kAdd), 0, 2, 1, 1, 0};
  float v[fu::kMaxRegs] = {-0.0f};
  uint8_t p[fu::kMaxRegs] = {};
  fu::evalFused<float>(code, v, p);
  EXPECT_EQ(v[2], 2.0f);
  code.num_ops = 1;
  code.ops[0] = {fu::Op::kUnary, static_cast<uint8_t>(UOp::kNegate), 0, 1, 0, 0, 0};
  v[0] = dm::bitsF32(0x7fc00001u);
  fu::evalFused<float>(code, v, p);
  EXPECT_EQ(dm::f32Bits(v[1]), 0xffc00001u);
  // bf16: 1 + 2^-8 is not representable (ties to even: 1), and 1 + 2^-8 + 2^-8 is not 1 + 2^-7 when rounded per op.
  dm::BFloat b[fu::kMaxRegs] = {};
  b[0] = dm::BFloat{0x3f80};  // 1
  b[1] = dm::BFloat{0x3b80};  // 2^-8
  code.num_inputs = 2;
  code.num_ops = 2;
  code.ops[0] = {fu::Op::kBinary, static_cast<uint8_t>(BOp::kAdd), 0, 2, 0, 1, 0};
  code.ops[1] = {fu::Op::kBinary, static_cast<uint8_t>(BOp::kAdd), 0, 3, 2, 1, 0};
  fu::evalFused<dm::BFloat>(code, b, p);
  EXPECT_EQ(b[2].bits, 0x3f80);
  EXPECT_EQ(b[3].bits, 0x3f80);
}

TEST(CudaFusion, SwitchIsReadOnce) {
  // Unset (as in the tests): on. The value is cached: later changes of the environment do not matter.
  const bool first = fu::enabled();
  EXPECT_EQ(fu::enabled(), first);
}

// --- generated kernels (fusion_codegen.h) ----------------------------------------------------------------
// A program with every instruction kind, a predicate output, a one-element input and a splat constant:
// r3 = exp(r0); r4 = r3 * r1; p5 = r4 < r0; r6 = select(p5, r4, r2); r7 = clamp(r0, r6, r1); p8 = is_finite(r7);
// r9 = 0.5 (constant); r10 = r7 + r9; outputs r10 and p8. r2 is one element for all.
fu::Code everyInstructionKind() {
  fu::Code code;
  code.num_inputs = 3;
  code.input_is_scalar[2] = 1;
  code.ops[0] = {fu::Op::kUnary, static_cast<uint8_t>(UOp::kExp), 0, 3, 0, 0, 0};
  code.ops[1] = {fu::Op::kBinary, static_cast<uint8_t>(BOp::kMul), 0, 4, 3, 1, 0};
  code.ops[2] = {fu::Op::kCompare, static_cast<uint8_t>(CmpDir::kLT), static_cast<uint8_t>(CmpKind::kTotalOrder), 5, 4, 0, 0};
  code.ops[3] = {fu::Op::kSelect, 0, 0, 6, 5, 4, 2};
  code.ops[4] = {fu::Op::kClamp, 0, 0, 7, 0, 6, 1};
  code.ops[5] = {fu::Op::kIsFinite, 0, 0, 8, 7, 0, 0};
  code.ops[6] = {fu::Op::kConst, 0, 0, 9, 0, 0, 0};
  code.ops[7] = {fu::Op::kBinary, static_cast<uint8_t>(BOp::kAdd), 0, 10, 7, 9, 0};
  code.num_ops = 8;
  code.num_consts = 1;
  code.consts[0] = 0x3f000000;  // 0.5f (the tests below use f32's encoding for every type: only the text matters)
  code.num_outputs = 2;
  code.output_reg[0] = 10;
  code.output_reg[1] = 8;
  code.output_is_pred[1] = 1;
  return code;
}

TEST(CudaFusionCodegen, EveryInstructionBecomesOneStatement) {
  fu::Code code = everyInstructionKind();
  fu::compactRegisters(code);  // as findRuns leaves it: registers reused; the generated locals do not care
  const std::string f32 = fu::generatedKernelSource(cuda::kF32, code);
  ASSERT_FALSE(f32.empty());
  EXPECT_NE(f32.find("typedef float S;"), std::string::npos);
  EXPECT_NE(f32.find("static_cast<UOp>(" + std::to_string(static_cast<int>(UOp::kExp)) + ")"), std::string::npos);
  // f32 multiply and add as the rounded intrinsics (no contraction across ops), a barrier after each value.
  EXPECT_NE(f32.find("S t1 = __fmul_rn(t0, x1);"), std::string::npos) << f32;
  EXPECT_NE(f32.find("S t7 = __fadd_rn(t4, t6);"), std::string::npos) << f32;
  EXPECT_NE(f32.find("asm(\"\" : \"+f\"(t0));"), std::string::npos);
  EXPECT_NE(f32.find("bool t2 = dm::compareFloat<S>(static_cast<CmpDir>(5), static_cast<CmpKind>(1), t1, x0);"), std::string::npos) << f32;
  EXPECT_NE(f32.find("S t3 = (t2 ? t1 : x2);"), std::string::npos) << f32;
  EXPECT_NE(f32.find("fromBits<S>(0x3f000000ull)"), std::string::npos);
  // The one-element input is read once; the outputs (a value and a predicate as 0/1) in both loops.
  EXPECT_NE(f32.find("const S s2 = static_cast<const S*>(p.in[2])[0];"), std::string::npos);
  EXPECT_NE(f32.find("w1.v[j] = (t5 ? 1 : 0);"), std::string::npos) << f32;
  EXPECT_NE(f32.find("static_cast<unsigned char*>(p.out[1])[i] = t5 ? 1 : 0;"), std::string::npos);
  // f64's intrinsics; f16 and bf16 go through the per-element functions (computed in f32, rounded per op).
  const std::string f64 = fu::generatedKernelSource(cuda::kF64, code);
  EXPECT_NE(f64.find("__dmul_rn(t0, x1)"), std::string::npos);
  EXPECT_NE(f64.find("\"+d\""), std::string::npos);
  const std::string f16 = fu::generatedKernelSource(cuda::kF16, code);
  EXPECT_NE(f16.find("typedef dm::Half S;"), std::string::npos);
  EXPECT_NE(f16.find("dm::floatBinary<C>(static_cast<BOp>(" + std::to_string(static_cast<int>(BOp::kMul)) + ")"), std::string::npos);
  EXPECT_EQ(f16.find("__fmul_rn"), std::string::npos);
  EXPECT_EQ(f16.find("asm("), std::string::npos);
}

TEST(CudaFusionCodegen, MalformedCodeHasNoSource) {
  fu::Code code = everyInstructionKind();
  EXPECT_FALSE(fu::generatedKernelSource(cuda::kF32, code).empty());
  EXPECT_TRUE(fu::generatedKernelSource(cuda::kS32, code).empty());  // not a float type
  fu::Code unset = code;
  unset.ops[1].b = 11;  // a register nothing wrote
  EXPECT_TRUE(fu::generatedKernelSource(cuda::kF32, unset).empty());
  fu::Code kind = code;
  kind.ops[3].a = 4;  // select's predicate is a value
  EXPECT_TRUE(fu::generatedKernelSource(cuda::kF32, kind).empty());
  fu::Code unary = code;
  unary.ops[0].code = static_cast<uint8_t>(UOp::kPopcnt);  // not a float op
  EXPECT_TRUE(fu::generatedKernelSource(cuda::kF32, unary).empty());
  fu::Code constant = code;
  constant.ops[6].a = 1;  // past num_consts
  EXPECT_TRUE(fu::generatedKernelSource(cuda::kF32, constant).empty());
  fu::Code output = code;
  output.output_is_pred[1] = 0;  // a predicate register written as a value
  EXPECT_TRUE(fu::generatedKernelSource(cuda::kF32, output).empty());
}

#ifdef HLOCONF_HAVE_CUDA
// NVRTC needs no device: every float type's kernel compiles for the H100's sm_90, every unary and binary
// float op included; a broken source comes back with NVRTC's log.
TEST(CudaFusionCodegen, GeneratedKernelsCompileWithNvrtc) {
  fu::Code code = everyInstructionKind();
  fu::compactRegisters(code);
  for (cuda::DType t : {cuda::kF16, cuda::kBF16, cuda::kF32, cuda::kF64}) {
    absl::StatusOr<std::string> cubin = fu::compileCubin(fu::generatedKernelSource(t, code), "sm_90");
    ASSERT_TRUE(cubin.ok()) << "type " << t << ": " << cubin.status();
    EXPECT_GT(cubin->size(), 0u);
  }
  // A chain through every float unary op, then every float binary op (with input 1), in two registers.
  fu::Code chain;
  chain.num_inputs = 2;
  auto next = [&](fu::Op op, int code) {
    const int k = chain.num_ops++;
    const uint8_t previous = k == 0 ? 0 : static_cast<uint8_t>(2 + (k - 1) % 2);
    chain.ops[k] = {op, static_cast<uint8_t>(code), 0, static_cast<uint8_t>(2 + k % 2), previous, 1, 0};
  };
  for (int u = 0; u <= static_cast<int>(UOp::kTanh); ++u) next(fu::Op::kUnary, u);
  for (int b = 0; b <= static_cast<int>(BOp::kAtan2); ++b) next(fu::Op::kBinary, b);
  ASSERT_LE(chain.num_ops, fu::kMaxOps);
  chain.num_outputs = 1;
  chain.output_reg[0] = static_cast<uint8_t>(2 + (chain.num_ops - 1) % 2);
  const std::string source = fu::generatedKernelSource(cuda::kF32, chain);
  ASSERT_FALSE(source.empty());
  absl::StatusOr<std::string> cubin = fu::compileCubin(source, "sm_90");
  EXPECT_TRUE(cubin.ok()) << cubin.status();
  // chlo's float functions (CUDA's acosf ... lgammaf, erfinvf; square), every one in a chain of its own kernel.
  chain = fu::Code{};
  chain.num_inputs = 2;
  for (int u = static_cast<int>(UOp::kAcos); u <= static_cast<int>(cuda::dm::kLastFloatUnary); ++u) next(fu::Op::kUnary, u);
  chain.num_outputs = 1;
  chain.output_reg[0] = static_cast<uint8_t>(2 + (chain.num_ops - 1) % 2);
  for (cuda::DType t : {cuda::kF32, cuda::kF64, cuda::kF16}) {
    const std::string chlo_source = fu::generatedKernelSource(t, chain);
    ASSERT_FALSE(chlo_source.empty()) << "type " << t;
    absl::StatusOr<std::string> chlo_cubin = fu::compileCubin(chlo_source, "sm_90");
    EXPECT_TRUE(chlo_cubin.ok()) << "type " << t << ": " << chlo_cubin.status();
  }
  absl::StatusOr<std::string> broken = fu::compileCubin(source + "\nthis is not C++;\n", "sm_90");
  ASSERT_FALSE(broken.ok());
  EXPECT_NE(broken.status().message().find("error"), std::string::npos) << broken.status();
}
#endif

}  // namespace
}  // namespace hloconf
