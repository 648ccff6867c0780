// Finding fusable runs of elementwise steps and encoding them as bytecode (fusion.h).
#include "executors/cuda/fusion.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <optional>

#include "executors/cuda/op_codes.h"
#include "executors/plan/elementwise_params.h"

namespace hloconf::cuda::fusion {
namespace {

std::optional<DType> floatOrPred(const plan::Plan& plan, plan::Slot slot) {
  if (slot < 0 || static_cast<size_t>(slot) >= plan.slot_types.size()) return std::nullopt;
  const Type& type = plan.slot_types[static_cast<size_t>(slot)];
  if (!type.isTensor()) return std::nullopt;
  switch (type.elementType()) {
    case ElementType::kI1: return kPred;
    case ElementType::kF16: return kF16;
    case ElementType::kBF16: return kBF16;
    case ElementType::kF32: return kF32;
    case ElementType::kF64: return kF64;
    default: return std::nullopt;
  }
}
int64_t elements(const plan::Plan& plan, plan::Slot slot) { return plan.slot_types[static_cast<size_t>(slot)].numElements(); }

// The float ops of the unfused kernels (op_codes.h), which the fused interpreter evaluates the same way.
std::optional<UOp> floatUnary(OpId op) {
  std::optional<UOp> u = unaryOp(op);
  return u && dm::floatUnarySupported(*u) ? u : std::nullopt;
}
std::optional<BOp> floatBinary(OpId op) {
  std::optional<BOp> b = binaryOp(op);
  return b && dm::floatBinarySupported(*b) ? b : std::nullopt;
}

// One fusable step: its instruction (registers not yet assigned), float type and element count.
struct Node {
  Op op = Op::kUnary;
  uint8_t code = 0, code2 = 0;
  uint64_t constant = 0;  // kConst: the splat's encoding
  DType type = kF32;
  int64_t n = 0;
};

// Operand `i` of `step` has type `want` and n elements (or one, where `scalar_ok`).
bool operandIs(const plan::Step& step, const plan::Plan& plan, size_t i, DType want, int64_t n, bool scalar_ok) {
  if (i >= step.operands.size()) return false;
  const std::optional<DType> t = floatOrPred(plan, step.operands[i]);
  const int64_t e = elements(plan, step.operands[i]);
  return t && *t == want && (e == n || (scalar_ok && e == 1));
}

// The step as a fusable elementwise op, or nothing. The rules are the unfused lowering's (executor.cc):
// float types only (f16/bf16 computed in f32 and rounded once per op), operands of the result's element
// count (select's predicate and clamp's bounds may be one element for all).
std::optional<Node> classify(const plan::Step& step, const plan::Plan& plan) {
  if (step.results.size() != 1 || !step.regions.empty()) return std::nullopt;
  const std::optional<DType> rt = floatOrPred(plan, step.results[0]);
  if (!rt) return std::nullopt;
  Node node;
  node.n = elements(plan, step.results[0]);
  if (node.n < 1) return std::nullopt;
  if (std::optional<UOp> u = floatUnary(step.op)) {
    if (*rt == kPred || step.operands.size() != 1 || !operandIs(step, plan, 0, *rt, node.n, false)) return std::nullopt;
    node.op = Op::kUnary;
    node.code = static_cast<uint8_t>(*u);
    node.type = *rt;
    return node;
  }
  if (std::optional<BOp> b = floatBinary(step.op)) {
    if (*rt == kPred || step.operands.size() != 2 || !operandIs(step, plan, 0, *rt, node.n, false) ||
        !operandIs(step, plan, 1, *rt, node.n, false))
      return std::nullopt;
    node.op = Op::kBinary;
    node.code = static_cast<uint8_t>(*b);
    node.type = *rt;
    return node;
  }
  switch (step.op) {
    case OpId::kCompare: {
      if (*rt != kPred || step.operands.size() != 2 || !step.params) return std::nullopt;
      const std::optional<DType> t = floatOrPred(plan, step.operands[0]);
      if (!t || *t == kPred || !operandIs(step, plan, 0, *t, node.n, false) || !operandIs(step, plan, 1, *t, node.n, false))
        return std::nullopt;
      const auto& p = step.as<plan::CompareParams>();
      if (p.kind != plan::CompareKind::kFloat && p.kind != plan::CompareKind::kTotalOrder) return std::nullopt;
      node.op = Op::kCompare;
      node.code = static_cast<uint8_t>(p.direction);
      node.code2 = static_cast<uint8_t>(p.kind == plan::CompareKind::kFloat ? CmpKind::kFloat : CmpKind::kTotalOrder);
      node.type = *t;
      return node;
    }
    case OpId::kIsFinite: {
      const std::optional<DType> t = step.operands.size() == 1 ? floatOrPred(plan, step.operands[0]) : std::nullopt;
      if (*rt != kPred || !t || *t == kPred || !operandIs(step, plan, 0, *t, node.n, false)) return std::nullopt;
      node.op = Op::kIsFinite;
      node.type = *t;
      return node;
    }
    case OpId::kSelect: {
      if (*rt == kPred || step.operands.size() != 3 || !step.params) return std::nullopt;
      const bool scalar = step.as<plan::SelectParams>().scalar_predicate;
      if (!operandIs(step, plan, 0, kPred, scalar ? 1 : node.n, false) || !operandIs(step, plan, 1, *rt, node.n, false) ||
          !operandIs(step, plan, 2, *rt, node.n, false))
        return std::nullopt;
      node.op = Op::kSelect;
      node.type = *rt;
      return node;
    }
    case OpId::kClamp: {
      if (*rt == kPred || step.operands.size() != 3 || !step.params) return std::nullopt;
      const auto& p = step.as<plan::ClampParams>();
      if (!operandIs(step, plan, 0, *rt, p.scalar_min ? 1 : node.n, false) || !operandIs(step, plan, 1, *rt, node.n, false) ||
          !operandIs(step, plan, 2, *rt, p.scalar_max ? 1 : node.n, false))
        return std::nullopt;
      node.op = Op::kClamp;
      node.type = *rt;
      return node;
    }
    case OpId::kBroadcastInDim: {
      // A broadcast of one element: every result element is that element (the copy pattern does not matter).
      if (*rt == kPred || step.operands.size() != 1 || !operandIs(step, plan, 0, *rt, 1, false)) return std::nullopt;
      node.op = Op::kMove;
      node.type = *rt;
      return node;
    }
    case OpId::kConstant: {
      // A splat: every element has the same encoding (little-endian, as the tensor's bytes).
      if (*rt == kPred || !step.operands.empty() || !step.params) return std::nullopt;
      const std::vector<uint8_t>& bytes = step.as<plan::ConstantParams>().value.bytes();
      const size_t width = *rt == kF64 ? 8 : *rt == kF32 ? 4 : 2;
      if (bytes.size() != width * static_cast<size_t>(node.n)) return std::nullopt;
      for (size_t k = width; k < bytes.size(); ++k)
        if (bytes[k] != bytes[k % width]) return std::nullopt;
      for (size_t k = 0; k < width; ++k) node.constant |= static_cast<uint64_t>(bytes[k]) << (8 * k);
      node.op = Op::kConst;
      node.type = *rt;
      return node;
    }
    default: return std::nullopt;
  }
}

// Encodes steps [first, end) (each classified, one type and element count) into `run`; false where the
// program does not fit (ops, registers, outputs).
bool encode(const plan::Region& region, const plan::Plan& plan, const std::vector<std::optional<Node>>& nodes, size_t first,
            size_t end, FusedRun& run) {
  run = FusedRun{};
  run.first = first;
  run.count = end - first;
  run.type = nodes[first]->type;
  run.elements = nodes[first]->n;
  if (run.count > static_cast<size_t>(kMaxOps)) return false;
  // Values: the run's results (in step order) and its external inputs (in first-read order).
  std::vector<plan::Slot> results;
  for (size_t s = first; s < end; ++s) results.push_back(region.steps[s].results[0]);
  auto produced = [&](plan::Slot slot) { return std::find(results.begin(), results.end(), slot) != results.end(); };
  for (size_t s = first; s < end; ++s)
    for (plan::Slot slot : region.steps[s].operands)
      if (!produced(slot) && std::find(run.inputs.begin(), run.inputs.end(), slot) == run.inputs.end()) run.inputs.push_back(slot);
  if (run.inputs.size() + results.size() > static_cast<size_t>(kMaxRegs)) return false;
  auto reg = [&](plan::Slot slot) -> uint8_t {
    auto in = std::find(run.inputs.begin(), run.inputs.end(), slot);
    if (in != run.inputs.end()) return static_cast<uint8_t>(in - run.inputs.begin());
    return static_cast<uint8_t>(run.inputs.size() + static_cast<size_t>(std::find(results.begin(), results.end(), slot) - results.begin()));
  };
  Code& code = run.code;
  code.num_inputs = static_cast<int>(run.inputs.size());
  for (size_t r = 0; r < run.inputs.size(); ++r) {
    code.input_is_pred[r] = *floatOrPred(plan, run.inputs[r]) == kPred;
    code.input_is_scalar[r] = elements(plan, run.inputs[r]) == 1;
  }
  for (size_t s = first; s < end; ++s) {
    const plan::Step& step = region.steps[s];
    Instr& in = code.ops[code.num_ops++];
    in.op = nodes[s]->op;
    in.code = nodes[s]->code;
    in.code2 = nodes[s]->code2;
    in.dst = reg(step.results[0]);
    if (in.op == Op::kConst) {
      if (code.num_consts >= kMaxConsts) return false;
      in.a = static_cast<uint8_t>(code.num_consts);
      code.consts[code.num_consts++] = nodes[s]->constant;
      continue;
    }
    in.a = reg(step.operands[0]);
    if (step.operands.size() > 1) in.b = reg(step.operands[1]);
    if (step.operands.size() > 2) in.c = reg(step.operands[2]);
  }
  // Outputs: results that live past the run (not a last use of any step in it).
  for (plan::Slot slot : results) {
    bool dies = false;
    for (size_t s = first; s < end && !dies; ++s) {
      const std::vector<plan::Slot>& dead = region.steps[s].last_uses;
      dies = std::find(dead.begin(), dead.end(), slot) != dead.end();
    }
    // (A region output never is a last use; checked anyway, as the CPU executor's tile groups do.)
    if (dies && std::find(region.outputs.begin(), region.outputs.end(), slot) == region.outputs.end()) continue;
    if (code.num_outputs >= kMaxOutputs) return false;
    code.output_reg[code.num_outputs] = reg(slot);
    code.output_is_pred[code.num_outputs] = *floatOrPred(plan, slot) == kPred;
    ++code.num_outputs;
    run.outputs.push_back(slot);
  }
  compactRegisters(code);
  return true;
}

}  // namespace

void compactRegisters(Code& code) {
  // Last read of each register (kMaxOps for outputs: live to the end); -1 for never read.
  int last_read[kMaxRegs];
  std::fill(last_read, last_read + kMaxRegs, -1);
  for (int k = 0; k < code.num_ops; ++k) {
    const Instr& in = code.ops[k];
    const uint8_t operands[3] = {in.a, in.b, in.c};
    for (int o = 0; o < operandCount(in.op); ++o)
      if (operands[o] < kMaxRegs) last_read[operands[o]] = k;
  }
  for (int o = 0; o < code.num_outputs; ++o)
    if (code.output_reg[o] < kMaxRegs) last_read[code.output_reg[o]] = kMaxOps;
  int physical[kMaxRegs];  // virtual -> physical, -1 while unassigned
  bool busy[kMaxRegs] = {};
  std::fill(physical, physical + kMaxRegs, -1);
  int used = code.num_inputs;
  for (int r = 0; r < code.num_inputs && r < kMaxRegs; ++r) physical[r] = r, busy[r] = true;
  for (int k = 0; k < code.num_ops; ++k) {
    Instr& in = code.ops[k];
    uint8_t* operands[3] = {&in.a, &in.b, &in.c};
    const int count = operandCount(in.op);
    // Operands read for the last time here free their registers first: the result may take one of them.
    for (int o = 0; o < count; ++o) {
      const uint8_t v = *operands[o];
      if (v < kMaxRegs && physical[v] >= 0 && last_read[v] == k) busy[physical[v]] = false;
    }
    for (int o = 0; o < count; ++o)
      if (*operands[o] < kMaxRegs && physical[*operands[o]] >= 0) *operands[o] = static_cast<uint8_t>(physical[*operands[o]]);
    const uint8_t dst = in.dst;
    if (dst >= kMaxRegs) continue;
    int free_reg = 0;
    while (free_reg < kMaxRegs && busy[free_reg]) ++free_reg;
    if (free_reg >= kMaxRegs) return;  // not reached: at most kMaxRegs values exist at all
    physical[dst] = free_reg;
    busy[free_reg] = last_read[dst] > k;  // a value never read frees its register at once
    used = std::max(used, free_reg + 1);
    in.dst = static_cast<uint8_t>(free_reg);
  }
  for (int o = 0; o < code.num_outputs; ++o)
    if (code.output_reg[o] < kMaxRegs && physical[code.output_reg[o]] >= 0)
      code.output_reg[o] = static_cast<uint8_t>(physical[code.output_reg[o]]);
  code.num_regs = used;
}

std::vector<FusedRun> findRuns(const plan::Region& region, const plan::Plan& plan) {
  std::vector<std::optional<Node>> nodes;
  for (const plan::Step& step : region.steps) nodes.push_back(classify(step, plan));
  std::vector<FusedRun> runs;
  size_t s = 0;
  while (s < region.steps.size()) {
    if (!nodes[s]) {
      ++s;
      continue;
    }
    // Extend while the next step is fusable, of the same type and element count, and the program fits.
    FusedRun best, trial;
    size_t end = s + 1;
    while (end < region.steps.size() && nodes[end] && nodes[end]->type == nodes[s]->type && nodes[end]->n == nodes[s]->n &&
           encode(region, plan, nodes, s, end + 1, trial)) {
      best = trial;
      ++end;
    }
    if (end - s >= 2) runs.push_back(std::move(best));
    s = end;
  }
  return runs;
}

bool enabled() {
  static const bool on = [] {
    const char* v = std::getenv("HLOCONF_CUDA_FUSION");
    return !(v && std::strcmp(v, "0") == 0);
  }();
  return on;
}

}  // namespace hloconf::cuda::fusion
