// Control flow and calls, run at plan level: each region is a lowered sub-program the kernel runs through
// the frame (Frame::runRegion), and its outputs are copied into the step's results.
#include <cstring>
#include <vector>

#include "executors/cpu/kernels.h"
#include "executors/plan/control_params.h"
#include "ir/strings.h"

namespace hloconf::cpu {
namespace {

// Copies region outputs into the step's results (same types, checked by the planner).
void copyOutputs(const KernelArgs& args, const std::vector<const uint8_t*>& outputs) {
  for (size_t i = 0; i < args.results.size(); ++i)
    std::memmove(args.results[i], outputs[i], static_cast<size_t>(plan::slotBytes(args.resultType(i))));
}

absl::Status runRegionIntoResults(const KernelArgs& args, size_t r, std::span<const uint8_t* const> inputs) {
  ASSIGN_OR_RETURN(std::vector<const uint8_t*> outputs,
                   args.frame.runRegion(args.step.regions[r], args.lowered.regions[r], inputs));
  copyOutputs(args, outputs);
  return absl::OkStatus();
}

// func.call and composite: the callee's body on the operands.
absl::Status callKernel(const KernelArgs& args) { return runRegionIntoResults(args, 0, args.operands); }

// while: the loop-carried values live in the results; cond and body read them from there.
absl::Status whileKernel(const KernelArgs& args) {
  for (size_t i = 0; i < args.results.size(); ++i)
    std::memmove(args.results[i], args.operands[i], static_cast<size_t>(plan::slotBytes(args.resultType(i))));
  std::vector<const uint8_t*> carried(args.results.begin(), args.results.end());
  while (true) {
    RETURN_IF_ERROR(args.frame.checkDeadline());
    ASSIGN_OR_RETURN(std::vector<const uint8_t*> condition,
                     args.frame.runRegion(args.step.regions[0], args.lowered.regions[0], carried));
    if (condition[0][0] == 0) return absl::OkStatus();
    RETURN_IF_ERROR(runRegionIntoResults(args, 1, carried));
  }
}

// if: the true branch when the predicate is true.
absl::Status ifKernel(const KernelArgs& args) { return runRegionIntoResults(args, args.operands[0][0] ? 0 : 1, {}); }

// case: branches[index], or the last branch when the index is out of range (spec: case semantics).
absl::Status caseKernel(const KernelArgs& args) {
  int32_t index;
  std::memcpy(&index, args.operands[0], sizeof(index));
  const int64_t branches = static_cast<int64_t>(args.step.regions.size());
  const size_t chosen = static_cast<size_t>(index < 0 || index >= branches ? branches - 1 : index);
  return runRegionIntoResults(args, chosen, {});
}

absl::Status barrierKernel(const KernelArgs& args) {
  copyOutputs(args, std::vector<const uint8_t*>(args.operands.begin(), args.operands.end()));
  return absl::OkStatus();
}

// map: the computation on each element's rank-0 slices of the operands.
absl::Status mapKernel(const KernelArgs& args) {
  const size_t result_bytes = static_cast<size_t>(storageBytes(args.resultType(0).elementType()));
  std::vector<size_t> operand_bytes;
  for (size_t i = 0; i < args.operands.size(); ++i)
    operand_bytes.push_back(static_cast<size_t>(storageBytes(args.operandType(i).elementType())));
  std::vector<const uint8_t*> scalars(args.operands.size());
  for (int64_t e = 0; e < args.num_elements; ++e) {
    if (e % 4096 == 0) RETURN_IF_ERROR(args.frame.checkDeadline());
    for (size_t i = 0; i < scalars.size(); ++i) scalars[i] = args.operands[i] + static_cast<size_t>(e) * operand_bytes[i];
    ASSIGN_OR_RETURN(std::vector<const uint8_t*> outputs,
                     args.frame.runRegion(args.step.regions[0], args.lowered.regions[0], scalars));
    std::memcpy(args.results[0] + static_cast<size_t>(e) * result_bytes, outputs[0], result_bytes);
  }
  return absl::OkStatus();
}

// chlo.scan: the carries live in the carry results; each step runs the body on the inputs' slices at the
// position and the carries, then writes the output slices in place and the next carries.
// memmove for the scan's slices and carries, which may be empty: an empty tensor has no buffer (a null
// pointer, which memcpy may not be given even for 0 bytes). The body may return an input as an output.
void copyBytes(uint8_t* dst, const uint8_t* src, size_t bytes) {
  if (bytes > 0 && dst != src) std::memmove(dst, src, bytes);
}

absl::Status scanKernel(const KernelArgs& args) {
  const plan::ScanParams& p = args.step.as<plan::ScanParams>();
  // A row-major tensor seen as [outer, steps, inner bytes]: a slice at a position is `outer` runs.
  struct Strided {
    int64_t outer = 1, inner = 1;
  };
  auto strided = [&](const Type& t) {
    Strided s;
    for (int64_t d = 0; d < p.dimension; ++d) s.outer *= t.shape()[d];
    s.inner = storageBytes(t.elementType());
    for (int64_t d = p.dimension + 1; d < t.rank(); ++d) s.inner *= t.shape()[d];
    return s;
  };
  std::vector<Strided> in_layout, out_layout;
  std::vector<std::vector<uint8_t>> slices(p.inputs);
  for (size_t i = 0; i < p.inputs; ++i) {
    in_layout.push_back(strided(args.operandType(i)));
    slices[i].resize(static_cast<size_t>(in_layout[i].outer * in_layout[i].inner));
  }
  for (size_t j = 0; j < p.outputs; ++j) out_layout.push_back(strided(args.resultType(j)));
  std::vector<size_t> carry_bytes;
  for (size_t i = 0; i < p.inits; ++i) {
    carry_bytes.push_back(static_cast<size_t>(plan::slotBytes(args.resultType(p.outputs + i))));
    copyBytes(args.results[p.outputs + i], args.operands[p.inputs + i], carry_bytes[i]);
  }
  std::vector<const uint8_t*> body_inputs;
  for (size_t i = 0; i < p.inputs; ++i) body_inputs.push_back(slices[i].data());
  for (size_t i = 0; i < p.inits; ++i) body_inputs.push_back(args.results[p.outputs + i]);
  std::vector<uint8_t> next_carries;  // staged: a body may return its carries in another order
  for (int64_t s = 0; s < p.steps; ++s) {
    RETURN_IF_ERROR(args.frame.checkDeadline());
    const int64_t position = p.reverse ? p.steps - 1 - s : s;
    for (size_t i = 0; i < p.inputs; ++i) {
      const Strided& l = in_layout[i];
      for (int64_t o = 0; o < l.outer; ++o)
        copyBytes(slices[i].data() + o * l.inner, args.operands[i] + (o * p.steps + position) * l.inner, static_cast<size_t>(l.inner));
    }
    ASSIGN_OR_RETURN(std::vector<const uint8_t*> outputs, args.frame.runRegion(args.step.regions[0], args.lowered.regions[0], body_inputs));
    for (size_t j = 0; j < p.outputs; ++j) {
      const Strided& l = out_layout[j];
      for (int64_t o = 0; o < l.outer; ++o)
        copyBytes(args.results[j] + (o * p.steps + position) * l.inner, outputs[j] + o * l.inner, static_cast<size_t>(l.inner));
    }
    next_carries.clear();
    for (size_t i = 0; i < p.inits; ++i) next_carries.insert(next_carries.end(), outputs[p.outputs + i], outputs[p.outputs + i] + carry_bytes[i]);
    size_t offset = 0;
    for (size_t i = 0; i < p.inits; ++i) {
      copyBytes(args.results[p.outputs + i], next_carries.data() + offset, carry_bytes[i]);
      offset += carry_bytes[i];
    }
  }
  return absl::OkStatus();
}

constexpr KernelFamilyEntry kKernels[] = {
    {OpId::kWhile, alwaysKernel<whileKernel>},
    {OpId::kIf, alwaysKernel<ifKernel>},
    {OpId::kCase, alwaysKernel<caseKernel>},
    {OpId::kFuncCall, alwaysKernel<callKernel>},
    {OpId::kComposite, alwaysKernel<callKernel>},
    {OpId::kOptimizationBarrier, alwaysKernel<barrierKernel>},
    {OpId::kMap, alwaysKernel<mapKernel>},
    {OpId::kChloScan, alwaysKernel<scanKernel>},
};

}  // namespace

std::span<const KernelFamilyEntry> controlKernels() { return kKernels; }

}  // namespace hloconf::cpu
