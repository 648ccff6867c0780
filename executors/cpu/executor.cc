#include "executors/cpu/executor.h"

#include <algorithm>
#include <cstring>

#include "absl/container/flat_hash_map.h"
#include "executors/cpu/kernels.h"
#include "ir/op_schema.h"
#include "ir/strings.h"

namespace hloconf::cpu {
namespace {

// Every family's kernel choosers, in one table by OpId.
const absl::flat_hash_map<OpId, ChooseFn>& chooserTable() {
  static const auto* table = [] {
    auto* t = new absl::flat_hash_map<OpId, ChooseFn>();
    for (std::span<const KernelFamilyEntry> family : {elementwiseKernels(), controlKernels(), productsKernels()})
      for (const KernelFamilyEntry& entry : family) t->emplace(entry.op, entry.choose);
    return t;
  }();
  return *table;
}

// Lowers the steps of `region` (and their regions) into `lowered`, or the first step without a kernel.
std::optional<plan::Unsupported> lowerRegion(const plan::Region& region, const plan::Plan& plan, LoweredRegion& lowered) {
  for (const plan::Step& step : region.steps) {
    LoweredStep& out = lowered.steps.emplace_back();
    auto chooser = chooserTable().find(step.op);
    absl::StatusOr<KernelChoice> choice =
        chooser == chooserTable().end() ? absl::UnimplementedError("the cpu executor has no kernel for this op yet")
                                        : chooser->second(step, plan);
    if (!choice.ok()) return plan::Unsupported{std::string(opName(step.op)), step.location, std::string(choice.status().message())};
    out.kernel = choice->kernel;
    if (choice->may_run_in_place && step.results.size() == 1) {
      const int64_t result_bytes = byteSize(plan.slot_types[step.results[0]]);
      for (plan::Slot operand : step.operands) {
        const bool dies = std::binary_search(step.last_uses.begin(), step.last_uses.end(), operand);
        if (dies && byteSize(plan.slot_types[operand]) == result_bytes) {
          out.in_place = operand;
          break;
        }
      }
    }
    for (const plan::Region& nested : step.regions)
      if (auto why = lowerRegion(nested, plan, out.regions.emplace_back())) return why;
  }
  return std::nullopt;
}

}  // namespace

const Type& KernelArgs::operandType(size_t i) const { return frame.plan().slot_types[step.operands[i]]; }
const Type& KernelArgs::resultType(size_t i) const { return frame.plan().slot_types[step.results[i]]; }

absl::Status noKernelFor(const plan::Step& step, const plan::Plan& plan) {
  std::string types;
  for (plan::Slot slot : step.operands) types += strCat(types.empty() ? "" : ", ", plan.slot_types[slot].toString());
  if (step.op == OpId::kConvert || step.op == OpId::kBitcastConvert)
    types += strCat(" -> ", plan.slot_types[step.results[0]].toString());
  return absl::UnimplementedError(strCat("no cpu kernel for ", types.empty() ? "this op" : types,
                                         " (the cpu executor runs f16, bf16, f32, f64, i1 and 8- to 64-bit integers)"));
}

std::variant<Program, plan::Unsupported> lower(plan::Plan plan) {
  Program program;
  if (auto why = lowerRegion(plan, plan, program.body)) return *why;
  program.plan = std::move(plan);
  return program;
}

Frame::Frame(const Program& program, const RunOptions& options)
    : program_(program), options_(options), slots_(program.plan.slot_types.size()) {}

absl::Status Frame::checkDeadline() const {
  if (options_.deadline && std::chrono::steady_clock::now() > *options_.deadline)
    return absl::DeadlineExceededError("the cpu executor ran past the deadline");
  return absl::OkStatus();
}

absl::Status Frame::runSteps(const plan::Region& region, const LoweredRegion& lowered) {
  const plan::Plan& plan = program_.plan;
  std::vector<const uint8_t*> operands;
  std::vector<uint8_t*> results;
  for (size_t s = 0; s < region.steps.size(); ++s) {
    const plan::Step& step = region.steps[s];
    const LoweredStep& lowered_step = lowered.steps[s];
    RETURN_IF_ERROR(checkDeadline());
    operands.clear();
    for (plan::Slot slot : step.operands) operands.push_back(slots_[slot].data());
    // Results get fresh buffers (or the dying operand's), and only then replace what their slots held:
    // inside a loop a slot's previous value may still be an operand.
    std::vector<Buffer> fresh(step.results.size());
    for (size_t r = 0; r < step.results.size(); ++r) {
      if (r == 0 && lowered_step.in_place >= 0) {
        fresh[r] = std::move(slots_[lowered_step.in_place]);  // the operand pointer taken above stays valid
      } else {
        fresh[r].resize(static_cast<size_t>(byteSize(plan.slot_types[step.results[r]])));
      }
    }
    results.clear();
    for (Buffer& buffer : fresh) results.push_back(buffer.data());
    const int64_t num_elements = step.results.empty() ? 0 : plan.slot_types[step.results[0]].numElements();
    RETURN_IF_ERROR(lowered_step.kernel(KernelArgs{step, lowered_step, *this, operands, results, num_elements}));
    for (size_t r = 0; r < step.results.size(); ++r) slots_[step.results[r]] = std::move(fresh[r]);
    for (plan::Slot dead : step.last_uses) Buffer().swap(slots_[dead]);
  }
  return absl::OkStatus();
}

absl::StatusOr<std::vector<const uint8_t*>> Frame::runRegion(const plan::Region& region, const LoweredRegion& lowered,
                                                             std::span<const uint8_t* const> inputs) {
  for (size_t i = 0; i < region.inputs.size(); ++i) {
    Buffer& slot = slots_[region.inputs[i]];
    slot.resize(static_cast<size_t>(byteSize(program_.plan.slot_types[region.inputs[i]])));
    if (slot.data() != inputs[i]) std::memmove(slot.data(), inputs[i], slot.size());
  }
  RETURN_IF_ERROR(runSteps(region, lowered));
  std::vector<const uint8_t*> outputs;
  for (plan::Slot slot : region.outputs) outputs.push_back(slots_[slot].data());
  return outputs;
}

absl::StatusOr<std::vector<Tensor>> run(const Program& program, std::span<const Tensor> inputs, const RunOptions& options) {
  const plan::Plan& plan = program.plan;
  if (inputs.size() != plan.inputs.size())
    return absl::InvalidArgumentError(strCat("the function takes ", plan.inputs.size(), " arguments; the request has ",
                                             inputs.size(), " inputs"));
  Frame frame(program, options);
  for (size_t i = 0; i < inputs.size(); ++i) {
    const Type& expected = plan.slot_types[plan.inputs[i]];
    if (inputs[i].type() != expected || static_cast<int64_t>(inputs[i].bytes().size()) != byteSize(expected))
      return absl::InvalidArgumentError(strCat("input ", i, " is ", inputs[i].type().toString(), "; argument ", i,
                                               " of the function is ", expected.toString()));
    frame.slots()[plan.inputs[i]] = inputs[i].bytes();
  }
  RETURN_IF_ERROR(frame.runSteps(plan, program.body));
  std::vector<Tensor> outputs;
  for (plan::Slot slot : plan.outputs) {
    Tensor tensor(plan.slot_types[slot]);
    tensor.mutableBytes() = frame.slots()[slot];
    outputs.push_back(std::move(tensor));
  }
  return outputs;
}

}  // namespace hloconf::cpu
