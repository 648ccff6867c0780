// The kernel table, and the helpers kernels share.
#include "reference/kernels.h"

#include <algorithm>

#include "absl/container/flat_hash_map.h"
#include "ir/resource_limits.h"
#include "ir/strings.h"

namespace hloconf::ref {

namespace {

// Indexed by OpId: dispatch is an array lookup. An op registered by two families keeps the first (the
// kernel test KernelTable.EveryOpHasAtMostOneKernel reports it).
const std::array<Kernel, kNumOpIds>& kernelTable() {
  static const auto* table = [] {
    auto* t = new std::array<Kernel, kNumOpIds>{};
    for (auto family : kernelFamilies()) {
      for (const KernelDef& def : family) {
        Kernel& slot = (*t)[static_cast<size_t>(def.op)];
        if (!slot) slot = def.kernel;
      }
    }
    return t;
  }();
  return *table;
}

}  // namespace

std::vector<std::span<const KernelDef>> kernelFamilies() {
  return {controlKernels(), checkKernels(), elementwiseKernels(), bitwiseKernels(), conversionKernels(),
          movementKernels(), reductionKernels(), dotKernels(), convolutionKernels(), linalgKernels(),
          rngKernels(), quantizationKernels(), dynamicKernels(), collectiveKernels(), chloKernels()};
}

Kernel lookupKernel(OpId op) { return kernelTable()[static_cast<size_t>(op) < kNumOpIds ? static_cast<size_t>(op) : 0]; }

absl::StatusOr<const Tensor*> tensorOperand(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands, size_t i) {
  if (i >= operands.size()) return interp.opError(op, strCat("expects at least ", i + 1, " operand(s)"));
  if (!operands[i].isTensor()) return interp.opError(op, strCat("operand ", i, " must be a tensor"));
  return &operands[i].tensor;
}

ElementType operandType(const Operation& op, size_t i) {
  return i < op.operands.size() ? op.operands[i]->type.elementType() : ElementType::kI1;
}

absl::Status typeError(Interpreter& interp, const Operation& op, std::string_view allowed) {
  return interp.opError(op, strCat("does not take ", elementTypeName(operandType(op)), " operands (the spec allows ", allowed, ")"));
}

namespace {

// `limit` (a memory-limit error) with the op's location, keeping its code (ResourceExhausted).
absl::Status atOp(Interpreter& interp, const Operation& op, const absl::Status& limit) {
  return limit.ok() ? limit : absl::Status(limit.code(), interp.opError(op, std::string(limit.message())).message());
}

}  // namespace

absl::Status checkResultSize(Interpreter& interp, const Operation& op, const Type& type) {
  if (!type.hasStaticShape()) return interp.opError(op, strCat("result type ", type.toString(), " is not static"));
  return atOp(interp, op, checkTensorAllocation("result type", type));
}

absl::Status checkScratch(Interpreter& interp, const Operation& op, std::string_view what, uint64_t count, uint64_t item_bytes) {
  return atOp(interp, op, checkAllocation(what, count, item_bytes));
}

absl::Status checkDeadline(Interpreter& interp, const Operation& op) {
  return interp.pastDeadline() ? interp.deadlineError(op) : absl::OkStatus();
}

absl::StatusOr<Type> resultTensorType(Interpreter& interp, const Operation& op, size_t i, const std::vector<int64_t>& shape) {
  if (i >= op.results.size() || !op.results[i]->type.isTensor()) {
    return interp.opError(op, strCat("result ", i, " must be a tensor"));
  }
  const Type& declared = op.results[i]->type;
  if (declared.rank() != static_cast<int64_t>(shape.size())) {
    return interp.opError(op, strCat("result ", i, " is declared with rank ", declared.rank(), ", but the operands give rank ", shape.size()));
  }
  for (size_t d = 0; d < shape.size(); ++d) {
    if (declared.shape()[d] != kDynamicSize && declared.shape()[d] != shape[d]) {
      return interp.opError(op, strCat("result ", i, " is declared as ", declared.toString(), ", but the operands give dimension ",
                                       d, " size ", shape[d]));
    }
  }
  return Type::tensor(shape, declared.tensorElement());
}

}  // namespace hloconf::ref
