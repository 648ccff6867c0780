// The op registry: one declarative entry per op, the single place an op is described. Every layer reads
// it: the parser (custom syntax), the printer, and later the verifier, evaluator, generators and
// comparator, which add their fields to OpDef as they arrive.
#ifndef HLOCONF_IR_OP_REGISTRY_H_
#define HLOCONF_IR_OP_REGISTRY_H_

#include <span>
#include <vector>
#include <string_view>

#include "ir/asm_parser.h"

namespace hloconf {

struct OpDef {
  std::string_view name;               // full name, "stablehlo.add"
  CustomParseFn parse_custom = nullptr;  // the pretty form; nullptr: only the generic form exists
};

// Each family's table, defined beside its syntax functions. The registry is their union; an op appears
// in exactly one table (a test checks it).
std::span<const OpDef> coreOps();       // builtin, func: ir/op_syntax_core.cc
std::span<const OpDef> stablehloOps();  // stablehlo ops without regions: ir/op_syntax_stablehlo.cc
std::span<const OpDef> regionOps();     // stablehlo ops with regions or structured syntax: ir/op_syntax_regions.cc
std::span<const OpDef> dialectOps();    // chlo, check, interpreter: ir/op_syntax_dialects.cc

// The entry for a full op name, or nullptr for an op we do not know (which the generic form still
// parses: unknown ops are kept, and later layers report them as unsupported).
const OpDef* lookupOp(std::string_view name);
// Every registered op, in registry order.
const std::vector<OpDef>& allOps();
// Short names that MLIR resolves through a default dialect: `return` -> `func.return`,
// `call` -> `func.call`, `module` -> `builtin.module`. Returns the name unchanged otherwise.
std::string_view canonicalOpName(std::string_view name);

}  // namespace hloconf

#endif  // HLOCONF_IR_OP_REGISTRY_H_
