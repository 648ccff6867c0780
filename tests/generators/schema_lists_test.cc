// The generators' lists checked against the op schema (ir/op_schema.h): the element types each generator
// draws, the ops of exhaustive sweeps. Each test names the disagreement.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "absl/strings/str_join.h"
#include "generators/exhaustive.h"
#include "generators/gen.h"
#include "ir/element_type.h"
#include "ir/op_schema.h"
#include "ir/strings.h"

namespace hloconf::gen {
namespace {

// The schema entry of a generator's op: "add" is stablehlo.add, "call" is func.call (the folder names of
// cases/ use short names).
const OpSchema* stablehloSchema(std::string_view short_name) {
  if (const OpSchema* schema = lookupOp(strCat("stablehlo.", short_name))) return schema;
  return lookupOp(canonicalOpName(short_name));
}

bool someValueAccepts(const OpSchema& schema, TypeSet set) {
  for (const ValueDef& v : schema.operands)
    if (v.types & set) return true;
  for (const ValueDef& v : schema.results)
    if (v.types & set) return true;
  return false;
}

TEST(GeneratorSchema, EveryGeneratedOpIsASchemaOp) {
  std::vector<std::string> unknown;
  for (const OpGenerator& g : allGenerators()) {
    if (g.op == "graph") continue;  // random multi-op programs, not one op
    const OpSchema* schema = stablehloSchema(g.op);
    if (!schema) unknown.push_back(std::string(g.op));
    else if (schema->has(traits::kLegacy)) unknown.push_back(strCat(g.op, " (legacy)"));
  }
  EXPECT_TRUE(unknown.empty()) << "generators of ops that are not current spec ops: " << absl::StrJoin(unknown, ", ");
}

TEST(GeneratorSchema, GeneratedElementTypesAreAllowedByTheSchema) {
  // The element type under test is an operand's or a result's (iota's, rng's, convert's): one of the op's
  // values must accept its class.
  std::vector<std::string> disallowed;
  for (const OpGenerator& g : allGenerators()) {
    const OpSchema* schema = stablehloSchema(g.op);
    if (!schema) continue;
    // Ops on tokens only (after_all): the element type is that of the data around them, not theirs.
    if (!someValueAccepts(*schema, types::kTensorOrQuant)) continue;
    for (std::string_view dtype : g.types) {
      const std::optional<ElementType> t = parseElementTypeName(dtype);
      ASSERT_TRUE(t) << g.op << ": " << dtype;
      const TypeSet set = typeClassOf(Type::tensor({}, Type::element(*t)));
      if (!someValueAccepts(*schema, set)) disallowed.push_back(strCat(g.op, "/", dtype));
    }
  }
  EXPECT_TRUE(disallowed.empty()) << "generated element types the schema does not allow: " << absl::StrJoin(disallowed, ", ");
}

void expectElementwiseFloatOps(const std::vector<std::string_view>& ops, size_t arity) {
  for (std::string_view op : ops) {
    const OpSchema* schema = stablehloSchema(op);
    ASSERT_NE(schema, nullptr) << op << " is not a schema op";
    EXPECT_TRUE(schema->has(traits::kElementwise)) << op << " is not elementwise in the schema";
    EXPECT_FALSE(schema->has(traits::kLegacy)) << op;
    EXPECT_EQ(schema->operands.size(), arity) << op;
    for (const ValueDef& v : schema->operands) EXPECT_TRUE(v.types & types::kFloat) << op << ": " << v.name << " takes no floats";
  }
}

TEST(GeneratorSchema, SweepOpsAreElementwiseFloatOpsOfTheirArity) {
  expectElementwiseFloatOps(sweepUnaryOps(), 1);
  expectElementwiseFloatOps(sweepBinaryOps(), 2);
}

}  // namespace
}  // namespace hloconf::gen
