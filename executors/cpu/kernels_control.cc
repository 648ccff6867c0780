// Control flow and calls, run at plan level: each region is a lowered sub-program the kernel runs through
// the frame (Frame::runRegion), and its outputs are copied into the step's results.
#include <cstring>
#include <vector>

#include "executors/cpu/kernels.h"
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


constexpr KernelFamilyEntry kKernels[] = {
    {OpId::kWhile, alwaysKernel<whileKernel>},
    {OpId::kIf, alwaysKernel<ifKernel>},
    {OpId::kCase, alwaysKernel<caseKernel>},
    {OpId::kFuncCall, alwaysKernel<callKernel>},
    {OpId::kComposite, alwaysKernel<callKernel>},
    {OpId::kOptimizationBarrier, alwaysKernel<barrierKernel>},
    {OpId::kMap, alwaysKernel<mapKernel>},
};

}  // namespace

std::span<const KernelFamilyEntry> controlKernels() { return kKernels; }

}  // namespace hloconf::cpu
