// The reference's kernel table checked against the op schema: dispatch is by OpId, every op has at most
// one kernel, every current spec op can be evaluated (or is named here with the reason it cannot), and
// the f32 fast path covers only unary elementwise float ops.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "absl/strings/str_join.h"
#include "ir/op_schema.h"
#include "reference/fast_math.h"
#include "reference/interpreter.h"
#include "reference/kernels.h"

namespace hloconf::ref {
namespace {

TEST(KernelTable, EveryOpHasAtMostOneKernel) {
  std::vector<int> count(kNumOpIds, 0);
  std::vector<std::string> twice;
  for (auto family : kernelFamilies()) {
    for (const KernelDef& def : family) {
      ASSERT_NE(def.op, OpId::kUnknown);
      if (++count[static_cast<size_t>(def.op)] == 2) twice.push_back(std::string(opName(def.op)));
    }
  }
  EXPECT_TRUE(twice.empty()) << "ops with two kernels: " << absl::StrJoin(twice, ", ");
}

TEST(KernelTable, DispatchFindsEveryRegisteredKernel) {
  for (auto family : kernelFamilies()) {
    for (const KernelDef& def : family) EXPECT_EQ(lookupKernel(def.op), def.kernel) << opName(def.op);
  }
  EXPECT_EQ(lookupKernel(OpId::kUnknown), nullptr);
}

TEST(KernelTable, EveryCurrentSpecOpCanBeEvaluated) {
  // custom_call: the spec makes its whole behaviour implementation-defined; the reference evaluates only
  // the check.* targets of upstream testdata.
  std::vector<std::string> missing;
  for (const OpSchema& schema : allOps()) {
    if (schema.dialect() != "stablehlo" || schema.has(traits::kLegacy)) continue;
    if (!Interpreter::canEvaluate(schema.id)) missing.push_back(std::string(schema.name));
  }
  EXPECT_TRUE(missing.empty()) << "spec ops the reference cannot evaluate: " << absl::StrJoin(missing, ", ");
}

TEST(KernelTable, FastPathOpsAreUnaryElementwiseFloatOps) {
  const std::vector<OpId> ops = fastF32Ops();
  EXPECT_GE(ops.size(), 12u);
  for (OpId op : ops) {
    const OpSchema& schema = schemaOf(op);
    EXPECT_TRUE(schema.has(traits::kElementwise)) << schema.name;
    ASSERT_EQ(schema.operands.size(), 1u) << schema.name;
    EXPECT_TRUE(schema.operands[0].types & types::kFloat) << schema.name;
    EXPECT_NE(fastF32Function(op), nullptr) << schema.name;
  }
}

}  // namespace
}  // namespace hloconf::ref
