// Custom (pretty) op forms: one parse function per syntax family, named after the MLIR/StableHLO
// assembly-format directive it implements where there is one. The op schema (ir/op_schema.h) names
// the function each op uses; everything here fills an OperationState in the generic model.
#ifndef HLOCONF_IR_OP_SYNTAX_H_
#define HLOCONF_IR_OP_SYNTAX_H_

#include <initializer_list>
#include <string_view>
#include <vector>

#include "ir/asm_parser.h"

namespace hloconf::syntax {

// --- Shared pieces (used by the families below) ------------------------------------------------------
// `custom<SameOperandsAndResultType>`: after ':', one type for every operand and result, or a function
// type. Fills result types (one result) and checks operand types.
absl::Status parseSameOperandsAndResultType(AsmParser& p, OperationState& state, uint32_t operands_at);
// After ':', a function type `(operands) -> results`: checks operands, sets result types.
absl::Status parseFunctionalType(AsmParser& p, OperationState& state);
// The trailing `{...}` attribute dictionary, if present: entries named in `inherent` become properties
// (MLIR stores an op's inherent attributes as properties even when written in the dictionary); one
// that the op's syntax already gave is an error.
absl::Status parseAttrDictWithInherent(AsmParser& p, OperationState& state,
                                       std::initializer_list<std::string_view> inherent = {});
// `%a, %b, ...` with exactly `count` operands ("'op' takes 2 operands, found 3").
absl::Status parseOperandsExactly(AsmParser& p, OperationState& state, size_t count);
// `keyword = N`, stored as property `attr_name`, an integer of `type` (range-checked).
absl::Status parseKeywordInteger(AsmParser& p, OperationState& state, std::string_view keyword,
                                 std::string_view attr_name, ElementType type = ElementType::kSI64);
// The same once the caller has consumed the keyword (`= N`).
absl::Status parseIntegerAfterKeyword(AsmParser& p, OperationState& state, std::string_view keyword,
                                      std::string_view attr_name, ElementType type);
// An `array<i64: ...>` attribute.
Attr denseI64Array(const std::vector<int64_t>& values);
// `name = [1, 2]` style: expects `keyword =` then an integer list, stored as array<i64: ...>.
absl::Status parseKeywordDenseI64Array(AsmParser& p, OperationState& state, std::string_view keyword,
                                        std::string_view attr_name);

// --- Families ----------------------------------------------------------------------------------------
absl::Status parseModule(AsmParser& p, OperationState& state);        // module @name attributes {...} {...}
absl::Status parseFunc(AsmParser& p, OperationState& state);          // func.func
absl::Status parseReturnLike(AsmParser& p, OperationState& state);    // func.return, stablehlo.return
absl::Status parseCall(AsmParser& p, OperationState& state);          // func.call
absl::Status parseConstant(AsmParser& p, OperationState& state);      // stablehlo.constant
// `op %a, %b attr-dict : T` or `: (T, T) -> T`: most elementwise ops.
absl::Status parseSameTypeOp(AsmParser& p, OperationState& state);

// --- stablehlo ops with regions or structured syntax (ir/op_syntax_regions.cc).
absl::Status parseReduce(AsmParser& p, OperationState& state);       // (%x init: %c) applies/reducer ...
absl::Status parseWhile(AsmParser& p, OperationState& state);        // (%arg = %init) : T cond {..} do {..}
absl::Status parseConvolution(AsmParser& p, OperationState& state);  // (%l, %r) dim_numbers = ..., window = {..}
absl::Status parseDotGeneral(AsmParser& p, OperationState& state);   // %a, %b, contracting_dims = [1] x [0]
absl::Status parseCustomCall(AsmParser& p, OperationState& state);   // @target(%a) {..} : (..) -> ..
absl::Status parseComposite(AsmParser& p, OperationState& state);    // "name" %a {decomposition = @f} : ..

}  // namespace hloconf::syntax

#endif  // HLOCONF_IR_OP_SYNTAX_H_
