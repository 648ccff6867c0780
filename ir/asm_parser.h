// The parser's building blocks, shared by the generic-form parser (ir/parser.cc) and the custom
// (pretty) forms of each op (ir/op_syntax_*.cc). Modelled on MLIR's OpAsmParser: each op's custom
// syntax is a short function that calls these primitives.
//
// Errors are values: every primitive returns absl::Status (or sets nothing and returns false for the
// `parseOptional*` forms). Error messages carry the source position as `path:line:col: error: ...`.
#ifndef HLOCONF_IR_ASM_PARSER_H_
#define HLOCONF_IR_ASM_PARSER_H_

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/status/status.h"
#include "ir/attribute.h"
#include "ir/diagnostic.h"
#include "ir/operation.h"
#include "ir/type.h"

namespace hloconf {

// What an op's parser fills in; the generic parser then builds the Operation from it.
struct OperationState {
  std::string name;
  std::vector<Value*> operands;
  std::vector<Type> result_types;
  NamedAttrList properties;
  NamedAttrList attributes;
  std::vector<Region> regions;
  uint32_t offset = 0;
  // Number of results the left-hand side declared (`%0:2 =` declares 2), known before the op is parsed.
  int declared_results = 0;

  void addProperty(std::string attr_name, Attr value) { properties.push_back({std::move(attr_name), std::move(value)}); }
};

// An operand name before it is resolved to a value: `%x` or `%x#2`.
struct UnresolvedOperand {
  std::string_view name;
  int result_number = -1;  // -1: no `#N`
  uint32_t offset = 0;
};

// A region argument declared before the region (e.g. while's `%arg0 = %init`): name and type.
struct RegionArgument {
  std::string_view name;
  Type type;
  uint32_t offset = 0;
};

// How deep a program may nest (docs/security.md): regions in regions (a while in a while in ...; the
// module's and the function's regions count, so a function holds 998 nested whiles), and types or
// attributes in one another. Far above any real program (which nests regions a few levels deep);
// bounded so that hostile input is an error, not a stack overflow here or in the components that walk the
// IR recursively after the parser (verifier, printer, evaluator, executors' planner).
inline constexpr int kMaxRegionNesting = 1000;
inline constexpr int kMaxValueNesting = 200;

class AsmParser {
 public:
  // Parses text[begin, end); `anchor` (at or before `begin`) spares error messages counting lines from
  // the start of the text.
  AsmParser(std::string_view path, std::string_view text, size_t begin, size_t end, LineAnchor anchor = {});

  // --- Position and errors -----------------------------------------------------------------------
  uint32_t offset() const { return static_cast<uint32_t>(pos_); }
  absl::Status error(std::string_view message) const { return errorAt(pos_, message); }
  absl::Status errorAt(size_t offset, std::string_view message) const;
  bool atEnd();

  // --- Trivia and punctuation --------------------------------------------------------------------
  // Skips whitespace, `//` comments and, where `loc` is true, `loc(...)` locations.
  void skipTrivia();
  void skipLocations();
  bool peek(std::string_view punct);        // after trivia
  bool consumeIf(std::string_view punct);   // after trivia; punctuation or a keyword (whole word)
  absl::Status expect(std::string_view punct, std::string_view context = "");
  bool peekKeyword(std::string_view keyword);
  bool consumeKeyword(std::string_view keyword);
  absl::Status expectKeyword(std::string_view keyword);

  // --- Tokens ------------------------------------------------------------------------------------
  // A bare identifier: [A-Za-z_][A-Za-z0-9_$.]*.
  std::optional<std::string_view> parseOptionalIdentifier();
  absl::Status parseIdentifier(std::string_view& out, std::string_view what);
  // A string literal with escapes resolved.
  bool peekString();
  absl::Status parseString(std::string& out);
  // `@name` or `@"quoted name"`.
  bool peekSymbol() { return peek("@"); }
  absl::Status parseSymbolName(std::string& out);
  // Decimal or hexadecimal integer with optional leading `-`.
  bool peekInteger();
  absl::Status parseInteger(int64_t& out);
  // The text of a number literal, consumed: `[-]digits[.digits][(e|E)[+-]digits]` or `[-]0x<hex>`.
  // Empty (nothing consumed) when no number follows. Unlike parseAttribute it never reads a `: type`
  // suffix, for syntax where the type after the number belongs to the op. `is_float` tells whether
  // the text had a fraction or an exponent.
  std::string_view parseNumberText(bool* is_float = nullptr);
  // `[1, 2, 3]` (also `[]`).
  absl::Status parseIntegerList(std::vector<int64_t>& out);

  // --- Types -------------------------------------------------------------------------------------
  absl::Status parseType(Type& out);
  bool peekType();
  absl::Status parseTypeList(std::vector<Type>& out);  // t1, t2, ... (at least one)
  // `(t1, t2) -> r` or `(t1) -> (r1, r2)`.
  absl::Status parseFunctionType(Type& out);
  // After `:`: either a function type or a comma-separated list; fills `out` with every type.
  absl::Status parseElementTypeName(ElementType& out);

  // --- Attributes --------------------------------------------------------------------------------
  absl::Status parseAttribute(Attr& out);
  // `{name = value, unit_name, ...}`; `parseOptionalAttrDict` does nothing if no `{` follows.
  absl::Status parseAttrDict(NamedAttrList& out);
  absl::Status parseOptionalAttrDict(NamedAttrList& out);
  // `dense<...>` content (after the keyword `dense`), then `: type` unless `type` is given. The attribute
  // of a quantized tensor type holds storage integers; `written_type` receives the type as written.
  absl::Status parseDenseElements(Attr& out, const Type* type = nullptr, Type* written_type = nullptr);
  // The bare enum value of `#dialect<enum_name VALUE>` written without its wrapper (`LT`, `FLOAT`).
  absl::Status parseBareEnum(std::string_view dialect, std::string_view enum_name, Attr& out);

  // --- Values ------------------------------------------------------------------------------------
  bool peekOperand() { return peek("%"); }
  absl::Status parseOperandName(UnresolvedOperand& out);
  absl::Status resolveOperand(const UnresolvedOperand& operand, Value*& out);
  absl::Status parseOperand(Value*& out);
  // Zero or more comma-separated operands (stops at the first token that is not `%`).
  absl::Status parseOperandList(std::vector<Value*>& out);
  // Checks a type written in the text against the type of the value it names.
  absl::Status checkOperandTypes(const std::vector<Value*>& operands, const std::vector<Type>& types, uint32_t at);

  // --- Regions and operations --------------------------------------------------------------------
  // `{ [^bb0(args):] ops }`. Arguments given here are defined in the region's entry block (custom
  // forms that declare them before the region: func.func, while); `isolated` hides enclosing values.
  absl::Status parseRegion(Region& out, const std::vector<RegionArgument>& arguments = {}, bool isolated = false);
  // One operation (generic or custom form), appended to `block`.
  absl::Status parseOperation(Block& block);
  // parseOperation, then the rule that nothing follows a terminator in its block.
  absl::Status parseOperationAfterAnyTerminator(Block& block);
  // Parses a whole file chunk into a module; wraps top-level ops in an implicit `builtin.module`.
  absl::Status parseTopLevel(Module& module);

  std::string_view path() const { return path_; }

 private:
  struct ValueGroup {
    Operation* op = nullptr;  // results [first, first + count) of op, or a block argument
    Value* value = nullptr;
    int first = 0;
    int count = 1;
  };
  struct Scope {
    absl::flat_hash_map<std::string_view, ValueGroup> values;
    bool isolated = false;
  };

  char peekChar() const { return pos_ < end_ ? text_[pos_] : '\0'; }
  bool peekPunctRaw(std::string_view punct) const;
  absl::Status parseGenericOperation(OperationState& state);
  absl::Status parseBlock(Block& block, bool is_entry, const std::vector<RegionArgument>& arguments);
  absl::Status defineValue(std::string_view name, ValueGroup group, uint32_t at);
  absl::Status parseTensorType(Type& out);
  absl::Status parseQuantizedType(Type& out);
  absl::Status parseDialectAttribute(Attr& out);
  absl::Status parseStructFieldValue(Attr& out);
  absl::Status parseConvDimensions(Attr& out);
  absl::Status parseDenseArray(Attr& out);
  absl::Status parseNumberAttribute(Attr& out);
  absl::Status skipBalanced(char open, char close);

  std::string_view path_;
  std::string_view text_;
  size_t pos_;
  size_t end_;
  LineAnchor anchor_;
  std::vector<Scope> scopes_;
  // Nesting now, bounded so that hostile input cannot exhaust the stack (DepthGuard in asm_parser.cc).
  int region_depth_ = 0;
  int value_depth_ = 0;  // types and attributes
};

// Signature of an op's custom-form parser: the op name has been consumed; fill `state`.
using CustomParseFn = absl::Status (*)(AsmParser& parser, OperationState& state);

}  // namespace hloconf

#endif  // HLOCONF_IR_ASM_PARSER_H_
