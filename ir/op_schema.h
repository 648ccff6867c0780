// The op schema: one declaration per op that every layer reads (the parser, the reference's kernel
// dispatch and checks, the generators, the minimizer, the harness and the reports). Like MLIR's ODS, in
// plain C++: an op's entry names its operands and results with the element types the spec's tables
// allow, its attributes (kind, required or optional, allowed values), its regions, its traits, the
// function that parses its custom form, and the function that checks its spec constraints.
//
// Ops are identified by OpId (ir/ops.def lists them); `Operation::id` is set when an operation is made, so
// nothing after the parser compares op names as strings. Typed views over an operation's attributes are in
// ir/op_views.h. docs/design/ir.md shows everything needed to add an op.
#ifndef HLOCONF_IR_OP_SCHEMA_H_
#define HLOCONF_IR_OP_SCHEMA_H_

#include <cstdint>
#include <span>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "ir/asm_parser.h"
#include "ir/op_id.h"
#include "ir/type.h"

namespace hloconf {

class Operation;


// --- Element types of operands and results (the spec's "Type" column) ------------------------------------

// A set of type classes, bits of TypeClass. An operand allows a type when the type's class is in its set.
using TypeSet = uint32_t;
namespace types {
inline constexpr TypeSet kBool = 1u << 0;           // i1
inline constexpr TypeSet kSignedInt = 1u << 1;      // si2..si64 (and index)
inline constexpr TypeSet kUnsignedInt = 1u << 2;    // ui2..ui64
inline constexpr TypeSet kFloat = 1u << 3;          // every float format
inline constexpr TypeSet kComplex = 1u << 4;        // complex<f32>, complex<f64>
inline constexpr TypeSet kPerTensorQuant = 1u << 5; // !quant.uniform<storage:expressed, scale:zp>
inline constexpr TypeSet kPerAxisQuant = 1u << 6;   // !quant.uniform<storage:expressed:dim, {...}>
inline constexpr TypeSet kToken = 1u << 7;          // !stablehlo.token
inline constexpr TypeSet kTuple = 1u << 8;          // tuple<...>
inline constexpr TypeSet kOther = 1u << 9;          // anything else (func types, opaque dialect types)

inline constexpr TypeSet kInteger = kSignedInt | kUnsignedInt;
inline constexpr TypeSet kQuantized = kPerTensorQuant | kPerAxisQuant;
inline constexpr TypeSet kIntOrBool = kInteger | kBool;
inline constexpr TypeSet kFloatOrComplex = kFloat | kComplex;
// "tensor of integer, floating-point, complex or boolean type": every unquantized tensor.
inline constexpr TypeSet kTensor = kBool | kInteger | kFloat | kComplex;
// The spec's "tensor or per-tensor quantized tensor".
inline constexpr TypeSet kTensorOrPerTensorQuant = kTensor | kPerTensorQuant;
inline constexpr TypeSet kTensorOrQuant = kTensor | kQuantized;
inline constexpr TypeSet kFloatOrPerTensorQuant = kFloat | kPerTensorQuant;
inline constexpr TypeSet kFloatComplexOrPerTensorQuant = kFloat | kComplex | kPerTensorQuant;
// "integer, floating-point or complex type".
inline constexpr TypeSet kNumeric = kInteger | kFloat | kComplex;
inline constexpr TypeSet kNumericOrPerTensorQuant = kNumeric | kPerTensorQuant;
// "signed integer, floating-point, or complex type or per-tensor quantized tensor" (abs, sign).
inline constexpr TypeSet kSignedNumericOrPerTensorQuant = kSignedInt | kFloat | kComplex | kPerTensorQuant;
inline constexpr TypeSet kIntOrFloat = kInteger | kFloat;
inline constexpr TypeSet kIntBoolOrFloat = kInteger | kBool | kFloat;
// "tensors, quantized tensors or tokens": what control flow and I/O carry.
inline constexpr TypeSet kTensorQuantOrToken = kTensorOrQuant | kToken;
inline constexpr TypeSet kTensorPerTensorQuantOrToken = kTensorOrPerTensorQuant | kToken;
inline constexpr TypeSet kAny = ~0u;
}  // namespace types

// The class bit of `type` (a tensor's element type; a quantized tensor's axis kind; token, tuple).
TypeSet typeClassOf(const Type& type);
// "boolean, integer or floating-point", for diagnostics.
std::string typeSetText(TypeSet set);

enum class Arity : uint8_t { kOne, kOptional, kVariadic };

struct ValueDef {
  std::string_view name = {};
  TypeSet types = types::kAny;
  Arity arity = Arity::kOne;
  // The operand gives a result shape, sizes or paddings (dynamic ops, rng's shape): an integer constant a
  // compiler needs, so lowering keeps it a constant instead of making it an input.
  bool shape_operand = false;
};

// --- Attributes ----------------------------------------------------------------------------------------

// Each kind has one decoding rule (ir/op_views.h), whatever text form the attribute was written in.
enum class AttrKind : uint8_t {
  kBool,           // true / false
  kI64,            // an integer
  kFloat,          // a float (epsilon)
  kString,         // "text"
  kI64Array,       // array<i64: ...>, [1, 2], or a rank-1 integer dense<...> (older text)
  kI64Matrix,      // a rank-2 integer dense<...> (replica_groups, source_target_pairs, padding)
  kBoolArray,      // array<i1: ...>, [true, false], or a rank-1 i1 dense<...>
  kEnum,           // #stablehlo<comparison_direction EQ>, or a bare identifier inside a struct
  kEnumArray,      // [#stablehlo<precision DEFAULT>, ...]
  kDenseElements,  // dense<...> : tensor<...>
  kType,           // a type (function_type)
  kSymbol,         // @callee
  kStruct,         // #stablehlo.gather<...>, #stablehlo.dot<...>, #stablehlo.channel_handle<...>, ...
  kConvDimensions, // #stablehlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>
  kDictionary,     // {key = value}
  kArray,          // a list of attributes of any kind
  kAny,            // not decoded by hloconf; kept and printed as written
};
std::string_view attrKindText(AttrKind kind);

enum class Presence : uint8_t { kRequired, kOptional };

struct AttrDef {
  std::string_view name = {};
  AttrKind kind = AttrKind::kAny;
  Presence presence = Presence::kOptional;
  // What an absent optional attribute means, as the spec says it ("1 per spatial dimension").
  std::string_view default_text = {};
  // kEnum, kEnumArray: the values the spec allows (empty: any).
  std::vector<std::string_view> allowed = {};
};

struct RegionDef {
  std::string_view name = {};
  Arity arity = Arity::kOne;
};

// --- Traits --------------------------------------------------------------------------------------------

using Traits = uint32_t;
namespace traits {
// Applies a scalar function to each element (same-shaped operands and result, maybe another element type).
inline constexpr Traits kElementwise = 1u << 0;
// Operands and results all have one type (the spec's "same type" constraints, e.g. add (C1)); for quantized
// tensors, one baseline type (the scales and zero points may differ, as in add (C3-C4)).
inline constexpr Traits kSameOperandsAndResultType = 1u << 1;
inline constexpr Traits kCommutative = 1u << 2;
// Reads or writes state outside its operands: collectives, infeed/outfeed, send/recv, rng, custom_call.
inline constexpr Traits kSideEffects = 1u << 3;
// Not in the current spec (../shared/spec/stablehlo-spec.txt): deprecated or removed ops that the parser
// keeps for old programs.
inline constexpr Traits kLegacy = 1u << 4;
// Ends a region or function (func.return, stablehlo.return).
inline constexpr Traits kTerminator = 1u << 5;
// The spec defines the op on quantized types by dequantize_op_quantize (or, for batch_norm_grad and
// batch_norm_training, dequantize_batch_norm_grad_or_training_quantize) as a whole.
inline constexpr Traits kDequantizeOpQuantize = 1u << 6;
// Communicates between processes (replica_groups, channels).
inline constexpr Traits kCollective = 1u << 7;
// Takes a shape or sizes as tensor operands (the dynamism RFC's dynamic_* ops).
inline constexpr Traits kShapeOperands = 1u << 8;
// An op the interpreter itself evaluates (calls, barriers, module structure) rather than a kernel.
inline constexpr Traits kStructural = 1u << 9;
// A test or interpreter-only op (check.*, interpreter.*): no backend implements it.
inline constexpr Traits kTestOnly = 1u << 10;
}  // namespace traits

// --- The entry ------------------------------------------------------------------------------------------

// Checks the op's spec constraints that hold on its declared types and attributes (e.g. transpose (C2)).
// Returns an InvalidArgument status whose message names the constraint, without a location: the caller
// adds it. Run-time checks that protect memory (a ? dimension whose size is known only at run time) stay
// in the kernels.
using VerifyFn = absl::Status (*)(const Operation& op);

struct OpSchema {
  OpId id = OpId::kUnknown;
  std::string_view name = {};            // full name, "stablehlo.add" (filled in from ir/ops.def)
  CustomParseFn parse_custom = nullptr;  // the pretty form; nullptr: only the generic form exists
  std::vector<ValueDef> operands = {};
  std::vector<ValueDef> results = {};
  std::vector<AttrDef> attributes = {};
  std::vector<RegionDef> regions = {};
  Traits traits = 0;
  VerifyFn verify = nullptr;

  bool has(Traits t) const { return (traits & t) == t; }
  const AttrDef* attribute(std::string_view attr_name) const;
  // "stablehlo", "chlo", "check", "interpreter", "func", "builtin".
  std::string_view dialect() const { return name.substr(0, name.find('.')); }
  // The name without its dialect: "add".
  std::string_view shortName() const { return name.substr(name.find('.') + 1); }
  // Whether some operand (or result) accepts a type of `set`.
  bool operandsAccept(TypeSet set) const;
};

// Shorthands for the tables' entries: `{"lhs", types::kTensor}` is one operand; these spell the others.
namespace defs {
inline ValueDef variadic(std::string_view name, TypeSet set) {
  return {.name = name, .types = set, .arity = Arity::kVariadic};
}
inline ValueDef optionalValue(std::string_view name, TypeSet set) {
  return {.name = name, .types = set, .arity = Arity::kOptional};
}
inline ValueDef shapeOperand(std::string_view name, TypeSet set = types::kInteger) {
  return {.name = name, .types = set, .shape_operand = true};
}
inline AttrDef required(std::string_view name, AttrKind kind, std::vector<std::string_view> allowed = {}) {
  return {.name = name, .kind = kind, .presence = Presence::kRequired, .allowed = std::move(allowed)};
}
inline AttrDef optional(std::string_view name, AttrKind kind, std::string_view default_text = {},
                        std::vector<std::string_view> allowed = {}) {
  return {.name = name, .kind = kind, .presence = Presence::kOptional, .default_text = default_text,
          .allowed = std::move(allowed)};
}
}  // namespace defs

// Each family's table, defined beside its syntax functions. The schema is their union; every OpId has
// exactly one entry (a test checks it).
std::span<const OpSchema> coreOps();       // builtin, func: ir/op_syntax_core.cc
std::span<const OpSchema> stablehloOps();  // stablehlo ops without regions: ir/op_syntax_stablehlo.cc
std::span<const OpSchema> regionOps();     // stablehlo ops with regions or structured syntax: ir/op_syntax_regions.cc
std::span<const OpSchema> dialectOps();    // chlo, check, interpreter: ir/op_syntax_dialects.cc

// The entry of an op (an empty entry, id kUnknown, for kUnknown).
const OpSchema& schemaOf(OpId id);
// The entry for a full op name, or nullptr for an op we do not know (which the generic form still
// parses: unknown ops are kept, and later layers report them as unsupported).
const OpSchema* lookupOp(std::string_view name);
// Every entry, in OpId order.
std::span<const OpSchema> allOps();
// Short names that MLIR resolves through a default dialect: `return` -> `func.return`,
// `call` -> `func.call`, `module` -> `builtin.module`. Returns the name unchanged otherwise.
std::string_view canonicalOpName(std::string_view name);

// The definition of value `i` of `count` values described by `defs` (operands or results): a variadic
// definition covers every value from its position on, less those defined after it; several variadic
// definitions (reduce's inputs and init_values, scatter's inputs and updates) share those values equally,
// as MLIR's SameVariadicOperandSize does (a remainder goes to the last). nullptr past the end.
const ValueDef* valueDefAt(const std::vector<ValueDef>& defs, size_t i, size_t count);

// Checks `op` against its entry: operand and result counts and element types, every required attribute
// present, every attribute the entry names decodable as its kind with an allowed value, the region count;
// then the entry's verify function. Returns the first violation (no location; the caller adds it).
absl::Status verifyAgainstSchema(const Operation& op);

}  // namespace hloconf

#endif  // HLOCONF_IR_OP_SCHEMA_H_
