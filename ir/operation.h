// The program model: MLIR's generic structure. Everything is an Operation (a module is `builtin.module`,
// a function is `func.func`), with operands, results, inherent attributes (`properties`, printed in
// `<{...}>`), discardable attributes (`attributes`, printed in `{...}`), and regions of blocks.
//
// Ownership: an operation owns its result values and regions; a block owns its arguments and operations.
// Operands are non-owning pointers to values defined earlier in the same or an enclosing region.
#ifndef HLOCONF_IR_OPERATION_H_
#define HLOCONF_IR_OPERATION_H_

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "ir/attribute.h"
#include "ir/diagnostic.h"
#include "ir/op_id.h"
#include "ir/type.h"

namespace hloconf {

class Operation;
class Block;

struct Value {
  Type type;
  Operation* defining_op = nullptr;  // set for op results
  Block* owner_block = nullptr;      // set for block arguments
  int index = 0;                     // result number or argument number
};

class Block {
 public:
  std::vector<std::unique_ptr<Value>> arguments;
  std::vector<std::unique_ptr<Operation>> operations;

  Value* addArgument(Type type);
};

struct Region {
  std::vector<std::unique_ptr<Block>> blocks;
};

class Operation {
 public:
  explicit Operation(std::string name) : name(std::move(name)), id(opIdOf(this->name)) {}

  std::string name;  // "stablehlo.add", "func.func", "builtin.module", ...
  OpId id;           // from the name; OpId::kUnknown for an op no schema entry describes
  std::vector<Value*> operands;
  std::vector<std::unique_ptr<Value>> results;
  NamedAttrList properties;
  NamedAttrList attributes;
  std::vector<Region> regions;
  uint32_t source_offset = 0;  // byte offset of the op in its source text, for diagnostics

  // Renames the op (its id follows the name).
  void setName(std::string new_name) {
    name = std::move(new_name);
    id = opIdOf(name);
  }
  Value* addResult(Type type);
  // Looks in properties, then attributes.
  const Attr* attr(std::string_view attr_name) const;
  std::vector<Type> operandTypes() const;
  std::vector<Type> resultTypes() const;
  // The single block of region `i` (StableHLO regions have one block).
  Block& body(size_t i = 0) { return *regions[i].blocks.front(); }
};

// A parsed file (or one `// -----` chunk of one): its top-level `builtin.module`.
struct Module {
  std::unique_ptr<Operation> op;
  std::string path;
  // Where the module's text starts and on which line, so that the location of an op (a byte offset into
  // the whole file's text) is found by counting lines from there (ir/diagnostic.h).
  LineAnchor source_anchor;

  // The `func.func` named `name` at top level, or nullptr.
  Operation* findFunction(std::string_view name) const;
  std::vector<Operation*> functions() const;
};

// The symbol name of a `func.func` (its `sym_name` property).
std::string_view functionName(const Operation& func);

}  // namespace hloconf

#endif  // HLOCONF_IR_OPERATION_H_
