// Custom forms of the stablehlo ops without regions, and their registry table.
//
// Each syntax function implements the op's assembly format in StableHLO's ODS (StablehloOps.td) and
// its custom directives (AssemblyFormat.cpp), and fills the OperationState with what MLIR's generic form
// holds: inherent attributes as properties (named as in the ODS), the trailing `{...}` as attributes.
// As in MLIR, an inherent attribute written in the trailing dictionary is moved to the properties.
#include <algorithm>
#include <initializer_list>

#include "ir/op_schema.h"
#include "ir/op_verify.h"
#include "ir/op_verify_collective.h"
#include "ir/op_verify_elementwise.h"
#include "ir/op_verify_movement.h"
#include "ir/op_verify_numeric.h"
#include "ir/op_verify_products.h"
#include "ir/status_macros.h"
#include "ir/op_syntax.h"
#include "ir/strings.h"

namespace hloconf::syntax {
namespace {

using Names = std::initializer_list<std::string_view>;

// --- Shared pieces ---------------------------------------------------------------------------------

std::string plural(size_t count, std::string_view noun) { return strCat(count, " ", noun, count == 1 ? "" : "s"); }

// `,` between the operands and the next keyword of the syntax.
absl::Status expectComma(AsmParser& p, std::string_view before) {
  return p.expect(",", strCat("before '", before, "'"));
}

// The function type of `functional-type(operands, results)` once ':' has been consumed: checks the
// operand types and, where `results` >= 0, the number of results.
absl::Status parseFunctionalAfterColon(AsmParser& p, OperationState& state, int results = 1) {
  p.skipTrivia();
  uint32_t at = p.offset();
  if (!p.peek("("))
    return p.error(strCat("expected a function type (operand types) -> result type after ':' for '", state.name, "'"));
  RETURN_IF_ERROR(parseFunctionalType(p, state));
  if (results >= 0 && state.result_types.size() != static_cast<size_t>(results))
    return p.errorAt(at, strCat("'", state.name, "' produces ", plural(results, "result"),
                                " but the function type has ",
                                state.result_types.size()));
  return absl::OkStatus();
}

// `: functional-type(operands, results)`.
absl::Status parseFunctional(AsmParser& p, OperationState& state, int results = 1) {
  RETURN_IF_ERROR(p.expect(":", strCat("before the function type of '", state.name, "'")));
  return parseFunctionalAfterColon(p, state, results);
}

// `custom<SameOperandsAndResultType>` after ':' with a single result.
absl::Status parseSameType(AsmParser& p, OperationState& state, uint32_t operands_at) {
  RETURN_IF_ERROR(p.expect(":", strCat("before the type of '", state.name, "'")));
  p.skipTrivia();
  uint32_t at = p.offset();
  RETURN_IF_ERROR(parseSameOperandsAndResultType(p, state, operands_at));
  if (state.result_types.size() != 1)
    return p.errorAt(at, strCat("'", state.name, "' produces 1 result but the function type has ",
                                state.result_types.size()));
  return absl::OkStatus();
}

// A bare enum value (`LT`, `THREE_FRY`) checked against the values StableHLO defines.
absl::Status parseEnum(AsmParser& p, std::string_view enum_name, Names allowed, Attr& out) {
  p.skipTrivia();
  uint32_t at = p.offset();
  RETURN_IF_ERROR(p.parseBareEnum("stablehlo", enum_name, out));
  if (std::find(allowed.begin(), allowed.end(), out->text()) != allowed.end()) return absl::OkStatus();
  std::string expected;
  for (std::string_view value : allowed) strAppend(&expected, expected.empty() ? "" : ", ", value);
  return p.errorAt(at, strCat("unknown ", enum_name, " '", out->text(), "': expected one of ", expected));
}

// `keyword = VALUE` for an enum property.
absl::Status parseKeywordEnum(AsmParser& p, OperationState& state, std::string_view keyword, std::string_view enum_name,
                              std::string_view attr_name, Names allowed) {
  RETURN_IF_ERROR(p.expectKeyword(keyword));
  RETURN_IF_ERROR(p.expect("=", strCat("after '", keyword, "'")));
  Attr value;
  RETURN_IF_ERROR(parseEnum(p, enum_name, allowed, value));
  state.addProperty(std::string(attr_name), std::move(value));
  return absl::OkStatus();
}

const Names kComparisonDirections = {"EQ", "NE", "GE", "GT", "LE", "LT"};
const Names kComparisonTypes = {"NOTYPE", "FLOAT", "TOTALORDER", "SIGNED", "UNSIGNED"};
const Names kFftTypes = {"FFT", "IFFT", "RFFT", "IRFFT"};
const Names kRngAlgorithms = {"DEFAULT", "THREE_FRY", "PHILOX"};
const Names kRngDistributions = {"UNIFORM", "NORMAL"};
const Names kPrecisions = {"DEFAULT", "HIGH", "HIGHEST"};

// --- Families --------------------------------------------------------------------------------------

// `%x attr-dict : custom<SameOperandsAndResultType>`: convert, real, imag, uniform_(de)quantize.
absl::Status parseUnarySameType(AsmParser& p, OperationState& state) {
  p.skipTrivia();
  uint32_t at = p.offset();
  RETURN_IF_ERROR(parseOperandsExactly(p, state, 1));
  RETURN_IF_ERROR(parseAttrDictWithInherent(p, state));
  return parseSameType(p, state, at);
}

// `operands attr-dict : functional-type(operands, results)` with a fixed number of operands.
template <size_t kOperands>
absl::Status parseOperandsFunctional(AsmParser& p, OperationState& state) {
  RETURN_IF_ERROR(parseOperandsExactly(p, state, kOperands));
  RETURN_IF_ERROR(parseAttrDictWithInherent(p, state));
  return parseFunctional(p, state);
}

// dynamic_update_slice: `%operand, %update, %i0, ... : functional-type`.
absl::Status parseDynamicUpdateSlice(AsmParser& p, OperationState& state) {
  p.skipTrivia();
  uint32_t at = p.offset();
  RETURN_IF_ERROR(p.parseOperandList(state.operands));
  if (state.operands.size() < 2)
    return p.errorAt(at, strCat("'", state.name, "' takes the operand, the update and the start indices; found ",
                                plural(state.operands.size(), "operand")));
  RETURN_IF_ERROR(parseAttrDictWithInherent(p, state));
  return parseFunctional(p, state);
}

// `attr-dict : type`: replica_id, partition_id, create_token.
absl::Status parseNullary(AsmParser& p, OperationState& state) {
  RETURN_IF_ERROR(parseAttrDictWithInherent(p, state));
  RETURN_IF_ERROR(p.expect(":", strCat("before the result type of '", state.name, "'")));
  Type type;
  RETURN_IF_ERROR(p.parseType(type));
  state.result_types = {std::move(type)};
  return absl::OkStatus();
}

// iota: `dim = N attr-dict : type`.
absl::Status parseIota(AsmParser& p, OperationState& state) {
  RETURN_IF_ERROR(parseKeywordInteger(p, state, "dim", "iota_dimension"));
  RETURN_IF_ERROR(parseAttrDictWithInherent(p, state, {"iota_dimension"}));
  RETURN_IF_ERROR(p.expect(":", "before the result type of 'stablehlo.iota'"));
  Type type;
  RETURN_IF_ERROR(p.parseType(type));
  state.result_types = {std::move(type)};
  return absl::OkStatus();
}

// dynamic_iota: `%shape, dim = N attr-dict : functional-type`.
absl::Status parseDynamicIota(AsmParser& p, OperationState& state) {
  RETURN_IF_ERROR(parseOperandsExactly(p, state, 1));
  RETURN_IF_ERROR(expectComma(p, "dim"));
  RETURN_IF_ERROR(parseKeywordInteger(p, state, "dim", "iota_dimension"));
  RETURN_IF_ERROR(parseAttrDictWithInherent(p, state, {"iota_dimension"}));
  return parseFunctional(p, state);
}

// get_dimension_size: `%x, dim = N attr-dict : functional-type`.
absl::Status parseGetDimensionSize(AsmParser& p, OperationState& state) {
  RETURN_IF_ERROR(parseOperandsExactly(p, state, 1));
  RETURN_IF_ERROR(expectComma(p, "dim"));
  RETURN_IF_ERROR(parseKeywordInteger(p, state, "dim", "dimension"));
  RETURN_IF_ERROR(parseAttrDictWithInherent(p, state, {"dimension"}));
  return parseFunctional(p, state);
}

// broadcast_in_dim: `%x, dims = [...] attr-dict : functional-type`.
absl::Status parseBroadcastInDim(AsmParser& p, OperationState& state) {
  RETURN_IF_ERROR(parseOperandsExactly(p, state, 1));
  RETURN_IF_ERROR(expectComma(p, "dims"));
  RETURN_IF_ERROR(parseKeywordDenseI64Array(p, state, "dims", "broadcast_dimensions"));
  RETURN_IF_ERROR(parseAttrDictWithInherent(p, state, {"broadcast_dimensions"}));
  return parseFunctional(p, state);
}

// broadcast (legacy): `%x, sizes = [...] attr-dict : functional-type`.
absl::Status parseBroadcast(AsmParser& p, OperationState& state) {
  RETURN_IF_ERROR(parseOperandsExactly(p, state, 1));
  RETURN_IF_ERROR(expectComma(p, "sizes"));
  RETURN_IF_ERROR(parseKeywordDenseI64Array(p, state, "sizes", "broadcast_sizes"));
  RETURN_IF_ERROR(parseAttrDictWithInherent(p, state, {"broadcast_sizes"}));
  return parseFunctional(p, state);
}

// dynamic_broadcast_in_dim: `%x, %shape, dims = [...] [, known_expanding_dimensions = [...]]
// [, known_nonexpanding_dimensions = [...]] attr-dict : functional-type`.
absl::Status parseDynamicBroadcastInDim(AsmParser& p, OperationState& state) {
  RETURN_IF_ERROR(parseOperandsExactly(p, state, 2));
  RETURN_IF_ERROR(expectComma(p, "dims"));
  RETURN_IF_ERROR(parseKeywordDenseI64Array(p, state, "dims", "broadcast_dimensions"));
  if (p.consumeIf(",")) {
    if (p.peekKeyword("known_expanding_dimensions")) {
      RETURN_IF_ERROR(parseKeywordDenseI64Array(p, state, "known_expanding_dimensions", "known_expanding_dimensions"));
      if (p.consumeIf(","))
        RETURN_IF_ERROR(
            parseKeywordDenseI64Array(p, state, "known_nonexpanding_dimensions", "known_nonexpanding_dimensions"));
    } else if (p.peekKeyword("known_nonexpanding_dimensions")) {
      RETURN_IF_ERROR(
          parseKeywordDenseI64Array(p, state, "known_nonexpanding_dimensions", "known_nonexpanding_dimensions"));
    } else {
      return p.error("expected 'known_expanding_dimensions' or 'known_nonexpanding_dimensions' after ','");
    }
  }
  RETURN_IF_ERROR(parseAttrDictWithInherent(
      p, state, {"broadcast_dimensions", "known_expanding_dimensions", "known_nonexpanding_dimensions"}));
  return parseFunctional(p, state);
}

// compare: `DIRECTION, %lhs, %rhs [, TYPE] attr-dict : functional-type`.
absl::Status parseCompare(AsmParser& p, OperationState& state) {
  Attr direction;
  RETURN_IF_ERROR(parseEnum(p, "comparison_direction", kComparisonDirections, direction));
  state.addProperty("comparison_direction", std::move(direction));
  RETURN_IF_ERROR(p.expect(",", "after the comparison direction"));
  RETURN_IF_ERROR(parseOperandsExactly(p, state, 2));
  if (p.consumeIf(",")) {
    Attr type;
    RETURN_IF_ERROR(parseEnum(p, "comparison_type", kComparisonTypes, type));
    state.addProperty("compare_type", std::move(type));
  }
  RETURN_IF_ERROR(parseAttrDictWithInherent(p, state, {"comparison_direction", "compare_type"}));
  return parseFunctional(p, state);
}

std::vector<uint64_t> toBits(const std::vector<int64_t>& values) { return {values.begin(), values.end()}; }

// slice: `%x [start:limit[:stride], ...] attr-dict : functional-type` (custom<SliceRanges>).
absl::Status parseSlice(AsmParser& p, OperationState& state) {
  RETURN_IF_ERROR(parseOperandsExactly(p, state, 1));
  RETURN_IF_ERROR(p.expect("[", "to start the slice ranges [start:limit:stride, ...]"));
  std::vector<int64_t> start, limit, strides;
  if (!p.consumeIf("]")) {
    do {
      int64_t value;
      RETURN_IF_ERROR(p.parseInteger(value));
      start.push_back(value);
      RETURN_IF_ERROR(p.expect(":", "between the start and the limit of a slice range"));
      RETURN_IF_ERROR(p.parseInteger(value));
      limit.push_back(value);
      value = 1;
      if (p.consumeIf(":")) RETURN_IF_ERROR(p.parseInteger(value));
      strides.push_back(value);
    } while (p.consumeIf(","));
    RETURN_IF_ERROR(p.expect("]", "to close the slice ranges"));
  }
  state.addProperty("start_indices", Attribute::denseArray(ElementType::kSI64, toBits(start)));
  state.addProperty("limit_indices", Attribute::denseArray(ElementType::kSI64, toBits(limit)));
  state.addProperty("strides", Attribute::denseArray(ElementType::kSI64, toBits(strides)));
  RETURN_IF_ERROR(parseAttrDictWithInherent(p, state, {"start_indices", "limit_indices", "strides"}));
  return parseFunctional(p, state);
}

// pad: `%x, %value, low = [...], high = [...], interior = [...] attr-dict : functional-type`.
absl::Status parsePad(AsmParser& p, OperationState& state) {
  RETURN_IF_ERROR(parseOperandsExactly(p, state, 2));
  RETURN_IF_ERROR(expectComma(p, "low"));
  RETURN_IF_ERROR(parseKeywordDenseI64Array(p, state, "low", "edge_padding_low"));
  RETURN_IF_ERROR(expectComma(p, "high"));
  RETURN_IF_ERROR(parseKeywordDenseI64Array(p, state, "high", "edge_padding_high"));
  RETURN_IF_ERROR(expectComma(p, "interior"));
  RETURN_IF_ERROR(parseKeywordDenseI64Array(p, state, "interior", "interior_padding"));
  RETURN_IF_ERROR(parseAttrDictWithInherent(p, state, {"edge_padding_low", "edge_padding_high", "interior_padding"}));
  return parseFunctional(p, state);
}

// concatenate: `%a, %b, ..., dim = N attr-dict : functional-type` (custom<VariadicOperandWithAttribute>).
absl::Status parseConcatenate(AsmParser& p, OperationState& state) {
  RETURN_IF_ERROR(p.parseOperandList(state.operands));
  if (!state.operands.empty()) RETURN_IF_ERROR(expectComma(p, "dim"));
  RETURN_IF_ERROR(parseKeywordInteger(p, state, "dim", "dimension"));
  RETURN_IF_ERROR(parseAttrDictWithInherent(p, state, {"dimension"}));
  return parseFunctional(p, state);
}

// reverse: `%x, dims = [...] attr-dict : custom<SameOperandsAndResultType>`.
absl::Status parseReverse(AsmParser& p, OperationState& state) {
  p.skipTrivia();
  uint32_t at = p.offset();
  RETURN_IF_ERROR(parseOperandsExactly(p, state, 1));
  RETURN_IF_ERROR(expectComma(p, "dims"));
  RETURN_IF_ERROR(parseKeywordDenseI64Array(p, state, "dims", "dimensions"));
  RETURN_IF_ERROR(parseAttrDictWithInherent(p, state, {"dimensions"}));
  return parseSameType(p, state, at);
}

// transpose: `%x, dims = [...] attr-dict : functional-type`.
absl::Status parseTranspose(AsmParser& p, OperationState& state) {
  RETURN_IF_ERROR(parseOperandsExactly(p, state, 1));
  RETURN_IF_ERROR(expectComma(p, "dims"));
  RETURN_IF_ERROR(parseKeywordDenseI64Array(p, state, "dims", "permutation"));
  RETURN_IF_ERROR(parseAttrDictWithInherent(p, state, {"permutation"}));
  return parseFunctional(p, state);
}

// select: `%pred, %on_true, %on_false attr-dict : pred_type, result_type` or a function type
// (custom<SelectOpType>).
absl::Status parseSelect(AsmParser& p, OperationState& state) {
  RETURN_IF_ERROR(parseOperandsExactly(p, state, 3));
  RETURN_IF_ERROR(parseAttrDictWithInherent(p, state));
  RETURN_IF_ERROR(p.expect(":", "before the types of 'stablehlo.select'"));
  p.skipTrivia();
  uint32_t at = p.offset();
  if (p.peek("(")) return parseFunctionalAfterColon(p, state);
  std::vector<Type> types;
  RETURN_IF_ERROR(p.parseTypeList(types));
  if (types.size() != 2)
    return p.errorAt(at,
                     "expected a function type or two types (the predicate type, then the operand and result type)");
  RETURN_IF_ERROR(p.checkOperandTypes(state.operands, {types[0], types[1], types[1]}, at));
  state.result_types = {types[1]};
  return absl::OkStatus();
}

// clamp: `%min, %x, %max attr-dict : custom<SameOperandsAndResultType>`.
absl::Status parseClamp(AsmParser& p, OperationState& state) {
  p.skipTrivia();
  uint32_t at = p.offset();
  RETURN_IF_ERROR(parseOperandsExactly(p, state, 3));
  RETURN_IF_ERROR(parseAttrDictWithInherent(p, state));
  return parseSameType(p, state, at);
}

// complex: `%lhs, %rhs attr-dict : complex_result_type` or a function type (custom<ComplexOpType>).
absl::Status parseComplex(AsmParser& p, OperationState& state) {
  RETURN_IF_ERROR(parseOperandsExactly(p, state, 2));
  RETURN_IF_ERROR(parseAttrDictWithInherent(p, state));
  RETURN_IF_ERROR(p.expect(":", "before the type of 'stablehlo.complex'"));
  p.skipTrivia();
  uint32_t at = p.offset();
  if (p.peek("(")) return parseFunctionalAfterColon(p, state);
  Type type;
  RETURN_IF_ERROR(p.parseType(type));
  if (!type.isTensor() || type.isQuantized() || !isComplex(type.elementType()))
    return p.errorAt(at, strCat("expected a tensor of complex elements (the result type), or a function type; found ",
                                type.toString()));
  Type part = Type::tensor(type.shape(), Type::element(complexPartType(type.elementType())), type.bounds());
  RETURN_IF_ERROR(p.checkOperandTypes(state.operands, {part, part}, at));
  state.result_types = {type};
  return absl::OkStatus();
}

// reduce_precision: `%x, format = e5m10 attr-dict : custom<SameOperandsAndResultType>`.
absl::Status parseReducePrecision(AsmParser& p, OperationState& state) {
  p.skipTrivia();
  uint32_t at = p.offset();
  RETURN_IF_ERROR(parseOperandsExactly(p, state, 1));
  RETURN_IF_ERROR(expectComma(p, "format"));
  RETURN_IF_ERROR(p.expectKeyword("format"));
  RETURN_IF_ERROR(p.expect("=", "after 'format'"));
  p.skipTrivia();
  uint32_t format_at = p.offset();
  std::string_view format;
  RETURN_IF_ERROR(p.parseIdentifier(format, "a format eXmY (exponent and mantissa bits, e.g. e5m10)"));
  auto bad = [&] {
    return p.errorAt(format_at,
                     strCat("expected a format eXmY (exponent and mantissa bits, e.g. e5m10), found '", format, "'"));
  };
  size_t m = format.find('m');
  if (format.size() < 4 || format[0] != 'e' || m == std::string_view::npos || m < 2 || m + 1 == format.size())
    return bad();
  int64_t exponent = 0, mantissa = 0;
  for (size_t i = 1; i < format.size(); ++i) {
    if (i == m) continue;
    char c = format[i];
    if (c < '0' || c > '9') return bad();
    int64_t& target = i < m ? exponent : mantissa;
    target = target * 10 + (c - '0');
    if (target > INT32_MAX) return p.errorAt(format_at, "exponent or mantissa bits out of the 32-bit range");
  }
  state.addProperty("exponent_bits", Attribute::integer(exponent, ElementType::kSI32));
  state.addProperty("mantissa_bits", Attribute::integer(mantissa, ElementType::kSI32));
  RETURN_IF_ERROR(parseAttrDictWithInherent(p, state, {"exponent_bits", "mantissa_bits"}));
  return parseSameType(p, state, at);
}

// fft: `%x, type = FFT, length = [...] attr-dict : functional-type`.
absl::Status parseFft(AsmParser& p, OperationState& state) {
  RETURN_IF_ERROR(parseOperandsExactly(p, state, 1));
  RETURN_IF_ERROR(expectComma(p, "type"));
  RETURN_IF_ERROR(parseKeywordEnum(p, state, "type", "fft_type", "fft_type", kFftTypes));
  RETURN_IF_ERROR(expectComma(p, "length"));
  RETURN_IF_ERROR(parseKeywordDenseI64Array(p, state, "length", "fft_length"));
  RETURN_IF_ERROR(parseAttrDictWithInherent(p, state, {"fft_type", "fft_length"}));
  return parseFunctional(p, state);
}

// dynamic_slice: `%x, %i0, ..., sizes = [...] attr-dict : functional-type`.
absl::Status parseDynamicSlice(AsmParser& p, OperationState& state) {
  p.skipTrivia();
  uint32_t at = p.offset();
  RETURN_IF_ERROR(p.parseOperandList(state.operands));
  if (state.operands.empty()) return p.errorAt(at, "expected the operand of 'stablehlo.dynamic_slice'");
  RETURN_IF_ERROR(expectComma(p, "sizes"));
  RETURN_IF_ERROR(parseKeywordDenseI64Array(p, state, "sizes", "slice_sizes"));
  RETURN_IF_ERROR(parseAttrDictWithInherent(p, state, {"slice_sizes"}));
  return parseFunctional(p, state);
}

// after_all: `%a, %b attr-dict : !stablehlo.token` (custom<VariadicSameOperandsAndResultType>).
absl::Status parseAfterAll(AsmParser& p, OperationState& state) {
  p.skipTrivia();
  uint32_t at = p.offset();
  RETURN_IF_ERROR(p.parseOperandList(state.operands));
  RETURN_IF_ERROR(parseAttrDictWithInherent(p, state));
  return parseSameType(p, state, at);
}

// tuple: `%a, %b attr-dict : tuple<...>` (custom<TupleOpType>: operand types are the tuple's elements).
absl::Status parseTuple(AsmParser& p, OperationState& state) {
  RETURN_IF_ERROR(p.parseOperandList(state.operands));
  RETURN_IF_ERROR(parseAttrDictWithInherent(p, state));
  RETURN_IF_ERROR(p.expect(":", "before the tuple type of 'stablehlo.tuple'"));
  p.skipTrivia();
  uint32_t at = p.offset();
  Type type;
  RETURN_IF_ERROR(p.parseType(type));
  if (type.kind() != Type::Kind::kTuple)
    return p.errorAt(at, strCat("expected a tuple type (the result type), found ", type.toString()));
  RETURN_IF_ERROR(p.checkOperandTypes(state.operands, type.tupleElements(), at));
  state.result_types = {type};
  return absl::OkStatus();
}

// get_tuple_element: `%t[N] attr-dict : functional-type`.
absl::Status parseGetTupleElement(AsmParser& p, OperationState& state) {
  RETURN_IF_ERROR(parseOperandsExactly(p, state, 1));
  RETURN_IF_ERROR(p.expect("[", "before the tuple element index"));
  int64_t index;
  p.skipTrivia();
  uint32_t at = p.offset();
  RETURN_IF_ERROR(p.parseInteger(index));
  if (index < INT32_MIN || index > INT32_MAX) return p.errorAt(at, "tuple element index out of the 32-bit range");
  RETURN_IF_ERROR(p.expect("]", "after the tuple element index"));
  state.addProperty("index", Attribute::integer(index, ElementType::kSI32));
  RETURN_IF_ERROR(parseAttrDictWithInherent(p, state, {"index"}));
  return parseFunctional(p, state);
}

// optimization_barrier: `attr-dict %a, %b : T1, T2` or `attr-dict ()` (custom<PairwiseOpType>).
absl::Status parseOptimizationBarrier(AsmParser& p, OperationState& state) {
  RETURN_IF_ERROR(parseAttrDictWithInherent(p, state));
  if (p.consumeIf("(")) return p.expect(")", "after '(': an optimization_barrier without operands is written '()'");
  if (!p.peekOperand()) return p.error("expected operands, or '()' for an optimization_barrier without operands");
  RETURN_IF_ERROR(p.parseOperandList(state.operands));
  RETURN_IF_ERROR(p.expect(":", "before the operand types of 'stablehlo.optimization_barrier'"));
  p.skipTrivia();
  uint32_t at = p.offset();
  std::vector<Type> types;
  RETURN_IF_ERROR(p.parseTypeList(types));
  RETURN_IF_ERROR(p.checkOperandTypes(state.operands, types, at));
  state.result_types = std::move(types);
  return absl::OkStatus();
}

// rng_bit_generator: `%state, algorithm = THREE_FRY attr-dict : functional-type` (two results).
absl::Status parseRngBitGenerator(AsmParser& p, OperationState& state) {
  RETURN_IF_ERROR(parseOperandsExactly(p, state, 1));
  RETURN_IF_ERROR(expectComma(p, "algorithm"));
  RETURN_IF_ERROR(parseKeywordEnum(p, state, "algorithm", "rng_algorithm", "rng_algorithm", kRngAlgorithms));
  RETURN_IF_ERROR(parseAttrDictWithInherent(p, state, {"rng_algorithm"}));
  return parseFunctional(p, state, /*results=*/2);
}

// rng: `%a, %b, %shape, distribution = UNIFORM attr-dict : functional-type`.
absl::Status parseRng(AsmParser& p, OperationState& state) {
  RETURN_IF_ERROR(parseOperandsExactly(p, state, 3));
  RETURN_IF_ERROR(expectComma(p, "distribution"));
  RETURN_IF_ERROR(
      parseKeywordEnum(p, state, "distribution", "rng_distribution", "rng_distribution", kRngDistributions));
  RETURN_IF_ERROR(parseAttrDictWithInherent(p, state, {"rng_distribution"}));
  return parseFunctional(p, state);
}

// cholesky: `%a [, lower = true] attr-dict : custom<SameOperandsAndResultType>`.
absl::Status parseCholesky(AsmParser& p, OperationState& state) {
  p.skipTrivia();
  uint32_t at = p.offset();
  RETURN_IF_ERROR(parseOperandsExactly(p, state, 1));
  if (p.consumeIf(",")) {
    RETURN_IF_ERROR(p.expectKeyword("lower"));
    RETURN_IF_ERROR(p.expect("=", "after 'lower'"));
    if (p.consumeKeyword("true")) {
      state.addProperty("lower", Attribute::boolean(true));
    } else if (p.consumeKeyword("false")) {
      state.addProperty("lower", Attribute::boolean(false));
    } else {
      return p.error("expected 'true' or 'false' after 'lower ='");
    }
  }
  RETURN_IF_ERROR(parseAttrDictWithInherent(p, state, {"lower"}));
  return parseSameType(p, state, at);
}

// dot (legacy): `%lhs, %rhs [, precision = [DEFAULT, ...]] attr-dict : functional-type`
// (custom<PrecisionConfig>).
absl::Status parseDot(AsmParser& p, OperationState& state) {
  RETURN_IF_ERROR(parseOperandsExactly(p, state, 2));
  if (p.consumeIf(",")) {
    RETURN_IF_ERROR(p.expectKeyword("precision"));
    RETURN_IF_ERROR(p.expect("=", "after 'precision'"));
    RETURN_IF_ERROR(p.expect("[", "to start the precision list"));
    std::vector<Attr> precisions;
    if (!p.consumeIf("]")) {
      do {
        Attr precision;
        RETURN_IF_ERROR(parseEnum(p, "precision", kPrecisions, precision));
        precisions.push_back(std::move(precision));
      } while (p.consumeIf(","));
      RETURN_IF_ERROR(p.expect("]", "to close the precision list"));
    }
    state.addProperty("precision_config", Attribute::array(std::move(precisions)));
  }
  RETURN_IF_ERROR(parseAttrDictWithInherent(p, state, {"precision_config"}));
  return parseFunctional(p, state);
}

// `config = "..."` of einsum and unary_einsum.
absl::Status parseEinsumConfig(AsmParser& p, OperationState& state) {
  RETURN_IF_ERROR(expectComma(p, "config"));
  RETURN_IF_ERROR(p.expectKeyword("config"));
  RETURN_IF_ERROR(p.expect("=", "after 'config'"));
  std::string config;
  RETURN_IF_ERROR(p.parseString(config));
  state.addProperty("einsum_config", Attribute::string(std::move(config)));
  RETURN_IF_ERROR(parseAttrDictWithInherent(p, state, {"einsum_config"}));
  return parseFunctional(p, state);
}

// einsum: `%lhs, %rhs, config = "ab,bc->ac" attr-dict : functional-type`.
absl::Status parseEinsum(AsmParser& p, OperationState& state) {
  RETURN_IF_ERROR(parseOperandsExactly(p, state, 2));
  return parseEinsumConfig(p, state);
}

// unary_einsum: `%x, config = "ab->a" attr-dict : functional-type`.
absl::Status parseUnaryEinsum(AsmParser& p, OperationState& state) {
  RETURN_IF_ERROR(parseOperandsExactly(p, state, 1));
  return parseEinsumConfig(p, state);
}

#undef RETURN_IF_ERROR

}  // namespace
}  // namespace hloconf::syntax

namespace hloconf {
namespace {

using defs::optional;
using defs::required;
using defs::shapeOperand;
using defs::variadic;

constexpr Traits kElementwise = traits::kElementwise;
constexpr Traits kSameType = traits::kSameOperandsAndResultType;
constexpr Traits kDequantize = traits::kDequantizeOpQuantize;

// An elementwise op of one operand, `operand` -> `result`.
OpSchema unaryElementwise(OpId id, CustomParseFn parse, TypeSet operand, TypeSet result, Traits extra = 0,
                          VerifyFn verify = nullptr) {
  return {.id = id, .parse_custom = parse, .operands = {{"operand", operand}}, .results = {{"result", result}},
          .traits = kElementwise | extra, .verify = verify};
}

// A unary elementwise op whose operand and result have one type.
OpSchema unarySameType(OpId id, TypeSet set, Traits extra = 0) {
  return unaryElementwise(id, syntax::parseSameTypeOp, set, set, kSameType | extra);
}

// A binary elementwise op `lhs`, `rhs` -> `result`, all of one type.
OpSchema binarySameType(OpId id, TypeSet set, Traits extra = 0) {
  return {.id = id, .parse_custom = syntax::parseSameTypeOp, .operands = {{"lhs", set}, {"rhs", set}},
          .results = {{"result", set}}, .traits = kElementwise | kSameType | extra};
}

// The attributes of the collectives that name their processes by replica groups and a channel.
std::vector<AttrDef> collectiveAttributes(std::vector<AttrDef> own, bool global_device_ids = true) {
  own.push_back(required("replica_groups", AttrKind::kI64Matrix));
  own.push_back(optional("channel_handle", AttrKind::kStruct, "no channel (channel_id 0)"));
  own.push_back(optional("channel_id", AttrKind::kI64, "0"));
  if (global_device_ids) own.push_back(optional("use_global_device_ids", AttrKind::kBool, "false"));
  return own;
}

const std::vector<std::string_view> kDirectionValues = {"EQ", "NE", "GE", "GT", "LE", "LT"};
const std::vector<std::string_view> kCompareTypeValues = {"FLOAT", "TOTALORDER", "SIGNED", "UNSIGNED"};
const std::vector<std::string_view> kPrecisionValues = {"DEFAULT", "HIGH", "HIGHEST"};

}  // namespace

std::span<const OpSchema> stablehloOps() {
  using namespace syntax;
  using enum AttrKind;
  using types::kTensor;
  using types::kTensorOrQuant;
  using types::kTensorOrPerTensorQuant;
  constexpr Traits kCommutative = traits::kCommutative;
  constexpr Traits kSideEffects = traits::kSideEffects;
  constexpr Traits kLegacy = traits::kLegacy;
  constexpr Traits kShapeOperands = traits::kShapeOperands;
  constexpr Traits kCollective = traits::kCollective | traits::kSideEffects;
  static const std::vector<OpSchema> kOps = {
    {.id = OpId::kConstant, .parse_custom = parseConstant, .results = {{"output", kTensorOrQuant}},
     .attributes = {required("value", kDenseElements)}, .verify = verify::constant},
    {.id = OpId::kReturn, .parse_custom = parseReturnLike, .operands = {variadic("results", types::kAny)},
     .traits = traits::kTerminator},
    // Elementwise unary ops, `%x : T`.
    unaryElementwise(OpId::kAbs, parseSameTypeOp, types::kSignedNumericOrPerTensorQuant,
                     types::kSignedInt | types::kFloat | types::kPerTensorQuant, kDequantize, verify::abs),
    unarySameType(OpId::kCbrt, types::kFloatComplexOrPerTensorQuant, kDequantize),
    unarySameType(OpId::kCeil, types::kFloatOrPerTensorQuant, kDequantize),
    unarySameType(OpId::kCosine, types::kFloatComplexOrPerTensorQuant, kDequantize),
    unarySameType(OpId::kCountLeadingZeros, types::kInteger),
    unarySameType(OpId::kExponential, types::kFloatComplexOrPerTensorQuant, kDequantize),
    unarySameType(OpId::kExponentialMinusOne, types::kFloatComplexOrPerTensorQuant, kDequantize),
    unarySameType(OpId::kFloor, types::kFloatOrPerTensorQuant, kDequantize),
    unarySameType(OpId::kLog, types::kFloatComplexOrPerTensorQuant, kDequantize),
    unarySameType(OpId::kLogPlusOne, types::kFloatComplexOrPerTensorQuant, kDequantize),
    unarySameType(OpId::kLogistic, types::kFloatComplexOrPerTensorQuant, kDequantize),
    unarySameType(OpId::kNegate, types::kNumericOrPerTensorQuant, kDequantize),
    unarySameType(OpId::kNot, types::kIntOrBool),
    unarySameType(OpId::kPopcnt, types::kInteger),
    unarySameType(OpId::kRoundNearestAfz, types::kFloatOrPerTensorQuant, kDequantize),
    unarySameType(OpId::kRoundNearestEven, types::kFloatOrPerTensorQuant, kDequantize),
    unarySameType(OpId::kRsqrt, types::kFloatComplexOrPerTensorQuant, kDequantize),
    unarySameType(OpId::kSign, types::kSignedNumericOrPerTensorQuant, kDequantize),
    unarySameType(OpId::kSine, types::kFloatComplexOrPerTensorQuant, kDequantize),
    unarySameType(OpId::kSqrt, types::kFloatComplexOrPerTensorQuant, kDequantize),
    unarySameType(OpId::kTan, types::kFloatComplexOrPerTensorQuant, kDequantize),
    unarySameType(OpId::kTanh, types::kFloatComplexOrPerTensorQuant, kDequantize),
    // Elementwise binary ops, `%a, %b : T`.
    // add's quantized constraints let lhs, rhs and result differ in their axes: its own verify, no trait.
    {.id = OpId::kAdd, .parse_custom = parseSameTypeOp, .operands = {{"lhs", kTensorOrQuant}, {"rhs", kTensorOrQuant}},
     .results = {{"result", kTensorOrQuant}}, .traits = kElementwise | kCommutative | kDequantize, .verify = verify::add},
    binarySameType(OpId::kAnd, types::kIntOrBool, kCommutative),
    binarySameType(OpId::kAtan2, types::kFloatComplexOrPerTensorQuant, kDequantize),
    binarySameType(OpId::kDivide, types::kNumericOrPerTensorQuant, kDequantize),
    binarySameType(OpId::kMaximum, kTensorOrPerTensorQuant, kCommutative | kDequantize),
    binarySameType(OpId::kMinimum, kTensorOrPerTensorQuant, kCommutative | kDequantize),
    binarySameType(OpId::kMultiply, kTensorOrPerTensorQuant, kCommutative | kDequantize),
    binarySameType(OpId::kOr, types::kIntOrBool, kCommutative),
    binarySameType(OpId::kPower, types::kNumericOrPerTensorQuant, kDequantize),
    binarySameType(OpId::kRemainder, types::kNumericOrPerTensorQuant, kDequantize),
    binarySameType(OpId::kShiftLeft, types::kInteger),
    binarySameType(OpId::kShiftRightArithmetic, types::kInteger),
    binarySameType(OpId::kShiftRightLogical, types::kInteger),
    binarySameType(OpId::kSubtract, types::kNumericOrPerTensorQuant, kDequantize),
    binarySameType(OpId::kXor, types::kIntOrBool, kCommutative),
    // Unary ops whose result type may differ: `: T` or `: (T) -> R`.
    unaryElementwise(OpId::kConvert, parseUnarySameType, kTensor, kTensor, 0, verify::convert),
    unaryElementwise(OpId::kReal, parseUnarySameType, types::kFloatOrComplex, types::kFloat, 0, verify::realOrImag),
    unaryElementwise(OpId::kImag, parseUnarySameType, types::kFloatOrComplex, types::kFloat, 0, verify::realOrImag),
    unaryElementwise(OpId::kUniformQuantize, parseUnarySameType, types::kFloat | types::kQuantized, types::kQuantized, 0,
                     verify::uniformQuantize),
    unaryElementwise(OpId::kUniformDequantize, parseUnarySameType, types::kQuantized, types::kFloat, 0, verify::uniformDequantize),
    // `operands : functional-type`.
    {.id = OpId::kIsFinite, .parse_custom = parseOperandsFunctional<1>, .operands = {{"x", types::kFloatOrPerTensorQuant}},
     .results = {{"y", types::kBool}}, .traits = kElementwise, .verify = verify::isFinite},
    {.id = OpId::kBitcastConvert, .parse_custom = parseOperandsFunctional<1>, .operands = {{"operand", kTensorOrQuant}},
     .results = {{"result", kTensorOrQuant}}, .verify = verify::bitcastConvert},
    {.id = OpId::kReshape, .parse_custom = parseOperandsFunctional<1>, .operands = {{"operand", kTensorOrQuant}},
     .results = {{"result", kTensorOrQuant}}, .verify = verify::reshape},
    {.id = OpId::kDynamicReshape, .parse_custom = parseOperandsFunctional<2>,
     .operands = {{"operand", kTensorOrQuant}, shapeOperand("output_shape")}, .results = {{"result", kTensorOrQuant}},
     .traits = kShapeOperands, .verify = verify::dynamicReshape},
    {.id = OpId::kRealDynamicSlice, .parse_custom = parseOperandsFunctional<4>,
     .operands = {{"operand", kTensorOrQuant}, shapeOperand("start_indices"), shapeOperand("limit_indices"),
                  shapeOperand("strides")},
     .results = {{"result", kTensorOrQuant}}, .traits = kLegacy | kShapeOperands},
    {.id = OpId::kDynamicPad, .parse_custom = parseOperandsFunctional<5>,
     .operands = {{"operand", kTensorOrPerTensorQuant}, {"padding_value", kTensorOrPerTensorQuant},
                  shapeOperand("edge_padding_low"), shapeOperand("edge_padding_high"), shapeOperand("interior_padding")},
     .results = {{"result", kTensorOrPerTensorQuant}}, .traits = kShapeOperands, .verify = verify::dynamicPad},
    {.id = OpId::kDynamicUpdateSlice, .parse_custom = parseDynamicUpdateSlice,
     .operands = {{"operand", kTensorOrPerTensorQuant}, {"update", kTensorOrPerTensorQuant},
                  variadic("start_indices", types::kInteger)},
     .results = {{"result", kTensorOrPerTensorQuant}}, .verify = verify::dynamicUpdateSlice},
    // Shapes and data movement.
    {.id = OpId::kBroadcast, .parse_custom = parseBroadcast, .operands = {{"operand", kTensorOrQuant}},
     .results = {{"result", kTensorOrQuant}}, .attributes = {required("broadcast_sizes", kI64Array)}, .traits = kLegacy},
    {.id = OpId::kBroadcastInDim, .parse_custom = parseBroadcastInDim, .operands = {{"operand", kTensorOrQuant}},
     .results = {{"result", kTensorOrQuant}}, .attributes = {required("broadcast_dimensions", kI64Array)},
     .verify = verify::broadcastInDim},
    {.id = OpId::kDynamicBroadcastInDim, .parse_custom = parseDynamicBroadcastInDim,
     .operands = {{"operand", kTensorOrQuant}, shapeOperand("output_dimensions")}, .results = {{"result", kTensorOrQuant}},
     .attributes = {required("broadcast_dimensions", kI64Array),
                    optional("known_expanding_dimensions", kI64Array, "[] (none known)"),
                    optional("known_nonexpanding_dimensions", kI64Array, "[] (none known)")},
     .traits = kShapeOperands, .verify = verify::dynamicBroadcastInDim},
    {.id = OpId::kSlice, .parse_custom = parseSlice, .operands = {{"operand", kTensorOrPerTensorQuant}},
     .results = {{"result", kTensorOrPerTensorQuant}},
     .attributes = {required("start_indices", kI64Array), required("limit_indices", kI64Array),
                    required("strides", kI64Array)},
     .verify = verify::slice},
    {.id = OpId::kDynamicSlice, .parse_custom = parseDynamicSlice,
     .operands = {{"operand", kTensorOrPerTensorQuant}, variadic("start_indices", types::kInteger)},
     .results = {{"result", kTensorOrPerTensorQuant}}, .attributes = {required("slice_sizes", kI64Array)},
     .verify = verify::dynamicSlice},
    {.id = OpId::kPad, .parse_custom = parsePad,
     .operands = {{"operand", kTensorOrPerTensorQuant}, {"padding_value", kTensorOrPerTensorQuant}},
     .results = {{"result", kTensorOrPerTensorQuant}},
     .attributes = {required("edge_padding_low", kI64Array), required("edge_padding_high", kI64Array),
                    required("interior_padding", kI64Array)},
     .verify = verify::pad},
    {.id = OpId::kConcatenate, .parse_custom = parseConcatenate, .operands = {variadic("inputs", kTensorOrPerTensorQuant)},
     .results = {{"result", kTensorOrPerTensorQuant}}, .attributes = {required("dimension", kI64)},
     .verify = verify::concatenate},
    {.id = OpId::kReverse, .parse_custom = parseReverse, .operands = {{"operand", kTensorOrPerTensorQuant}},
     .results = {{"result", kTensorOrPerTensorQuant}}, .attributes = {required("dimensions", kI64Array)},
     .traits = kSameType, .verify = verify::reverse},
    {.id = OpId::kTranspose, .parse_custom = parseTranspose, .operands = {{"operand", kTensorOrQuant}},
     .results = {{"result", kTensorOrQuant}}, .attributes = {required("permutation", kI64Array)},
     .verify = verify::transpose},
    {.id = OpId::kIota, .parse_custom = parseIota, .results = {{"output", types::kNumericOrPerTensorQuant}},
     .attributes = {required("iota_dimension", kI64)}, .verify = verify::iota},
    {.id = OpId::kDynamicIota, .parse_custom = parseDynamicIota, .operands = {shapeOperand("output_shape")},
     .results = {{"result", types::kNumericOrPerTensorQuant}}, .attributes = {required("iota_dimension", kI64)},
     .traits = kShapeOperands, .verify = verify::dynamicIota},
    {.id = OpId::kGetDimensionSize, .parse_custom = parseGetDimensionSize, .operands = {{"operand", kTensorOrQuant}},
     .results = {{"result", types::kSignedInt}}, .attributes = {required("dimension", kI64)},
     .verify = verify::getDimensionSize},
    {.id = OpId::kTorchIndexSelect, .operands = {{"operand", kTensorOrQuant}, {"index", types::kInteger}},
     .results = {{"result", kTensorOrQuant}}, .attributes = {required("dim", kI64), required("batch_dims", kI64)},
     .traits = kLegacy},
    // Elementwise ops with their own syntax.
    {.id = OpId::kCompare, .parse_custom = parseCompare,
     .operands = {{"lhs", kTensorOrPerTensorQuant}, {"rhs", kTensorOrPerTensorQuant}}, .results = {{"result", types::kBool}},
     .attributes = {required("comparison_direction", kEnum, kDirectionValues),
                    optional("compare_type", kEnum,
                             "SIGNED for signed integers, UNSIGNED for unsigned integers and booleans, FLOAT for "
                             "floating-point and complex",
                             kCompareTypeValues)},
     .traits = kElementwise | kDequantize, .verify = verify::compare},
    {.id = OpId::kSelect, .parse_custom = parseSelect,
     .operands = {{"pred", types::kBool}, {"on_true", kTensorOrPerTensorQuant}, {"on_false", kTensorOrPerTensorQuant}},
     .results = {{"result", kTensorOrPerTensorQuant}}, .traits = kElementwise | kDequantize, .verify = verify::select},
    {.id = OpId::kClamp, .parse_custom = parseClamp,
     .operands = {{"min", kTensorOrPerTensorQuant}, {"operand", kTensorOrPerTensorQuant}, {"max", kTensorOrPerTensorQuant}},
     .results = {{"result", kTensorOrPerTensorQuant}}, .traits = kElementwise | kDequantize, .verify = verify::clamp},
    {.id = OpId::kComplex, .parse_custom = parseComplex, .operands = {{"lhs", types::kFloat}, {"rhs", types::kFloat}},
     .results = {{"result", types::kComplex}}, .traits = kElementwise, .verify = verify::complex},
    {.id = OpId::kReducePrecision, .parse_custom = parseReducePrecision, .operands = {{"operand", types::kFloatOrPerTensorQuant}},
     .results = {{"output", types::kFloatOrPerTensorQuant}},
     .attributes = {required("exponent_bits", kI64), required("mantissa_bits", kI64)},
     .traits = kElementwise | kSameType | kDequantize, .verify = verify::reducePrecision},
    // Linear algebra and transforms.
    {.id = OpId::kFft, .parse_custom = parseFft, .operands = {{"operand", types::kFloatOrComplex}},
     .results = {{"result", types::kFloatOrComplex}},
     .attributes = {required("fft_type", kEnum, {"FFT", "IFFT", "RFFT", "IRFFT"}), required("fft_length", kI64Array)},
     .verify = verify::fft},
    {.id = OpId::kCholesky, .parse_custom = parseCholesky, .operands = {{"a", types::kFloatComplexOrPerTensorQuant}},
     .results = {{"result", types::kFloatComplexOrPerTensorQuant}}, .attributes = {optional("lower", kBool, "false")},
     .traits = kSameType | kDequantize, .verify = verify::cholesky},
    {.id = OpId::kTriangularSolve,
     .operands = {{"a", types::kFloatComplexOrPerTensorQuant}, {"b", types::kFloatComplexOrPerTensorQuant}},
     .results = {{"result", types::kFloatComplexOrPerTensorQuant}},
     .attributes = {optional("left_side", kBool, "false"), optional("lower", kBool, "false"),
                    optional("unit_diagonal", kBool, "false"),
                    required("transpose_a", kEnum, {"NO_TRANSPOSE", "TRANSPOSE", "ADJOINT"})},
     .traits = kDequantize, .verify = verify::triangularSolve},
    {.id = OpId::kDot, .parse_custom = parseDot, .operands = {{"lhs", kTensorOrQuant}, {"rhs", kTensorOrQuant}},
     .results = {{"result", kTensorOrQuant}},
     .attributes = {optional("precision_config", kEnumArray, "DEFAULT for both operands", kPrecisionValues)},
     .traits = kLegacy},
    {.id = OpId::kEinsum, .parse_custom = parseEinsum, .operands = {{"lhs", kTensorOrQuant}, {"rhs", kTensorOrQuant}},
     .results = {{"result", kTensorOrQuant}}, .attributes = {required("einsum_config", kString)}, .traits = kLegacy},
    {.id = OpId::kUnaryEinsum, .parse_custom = parseUnaryEinsum, .operands = {{"operand", kTensorOrQuant}},
     .results = {{"result", kTensorOrQuant}}, .attributes = {required("einsum_config", kString)}, .traits = kLegacy},
    {.id = OpId::kBatchNormGrad,
     .operands = {{"operand", types::kFloatOrPerTensorQuant}, {"scale", types::kFloatOrPerTensorQuant},
                  {"mean", types::kFloatOrPerTensorQuant}, {"variance", types::kFloatOrPerTensorQuant},
                  {"grad_output", types::kFloatOrPerTensorQuant}},
     .results = {{"grad_operand", types::kFloatOrPerTensorQuant}, {"grad_scale", types::kFloatOrPerTensorQuant},
                 {"grad_offset", types::kFloatOrPerTensorQuant}},
     .attributes = {required("epsilon", kFloat), required("feature_index", kI64)}, .traits = kDequantize,
     .verify = verify::batchNormGrad},
    {.id = OpId::kBatchNormInference,
     .operands = {{"operand", types::kFloatOrPerTensorQuant}, {"scale", types::kFloatOrPerTensorQuant},
                  {"offset", types::kFloatOrPerTensorQuant}, {"mean", types::kFloatOrPerTensorQuant},
                  {"variance", types::kFloatOrPerTensorQuant}},
     .results = {{"result", types::kFloatOrPerTensorQuant}},
     .attributes = {required("epsilon", kFloat), required("feature_index", kI64)}, .traits = kDequantize,
     .verify = verify::batchNormInference},
    {.id = OpId::kBatchNormTraining,
     .operands = {{"operand", types::kFloatOrPerTensorQuant}, {"scale", types::kFloatOrPerTensorQuant},
                  {"offset", types::kFloatOrPerTensorQuant}},
     .results = {{"output", types::kFloatOrPerTensorQuant}, {"batch_mean", types::kFloatOrPerTensorQuant},
                 {"batch_var", types::kFloatOrPerTensorQuant}},
     .attributes = {required("epsilon", kFloat), required("feature_index", kI64)}, .traits = kDequantize,
     .verify = verify::batchNormTraining},
    // Random numbers.
    {.id = OpId::kRng, .parse_custom = parseRng,
     .operands = {{"a", types::kIntBoolOrFloat}, {"b", types::kIntBoolOrFloat}, shapeOperand("shape")},
     .results = {{"result", types::kIntBoolOrFloat}},
     .attributes = {required("rng_distribution", kEnum, {"UNIFORM", "NORMAL"})}, .traits = kSideEffects | kShapeOperands,
     .verify = verify::rng},
    {.id = OpId::kRngBitGenerator, .parse_custom = parseRngBitGenerator, .operands = {{"initial_state", types::kUnsignedInt}},
     .results = {{"output_state", types::kUnsignedInt}, {"output", types::kIntOrFloat}},
     .attributes = {required("rng_algorithm", kEnum, {"DEFAULT", "THREE_FRY", "PHILOX"})},
     .verify = verify::rngBitGenerator},
    // Tuples, tokens and barriers.
    {.id = OpId::kTuple, .parse_custom = parseTuple, .operands = {variadic("val", types::kAny)},
     .results = {{"result", types::kTuple}}, .verify = verify::tuple},
    {.id = OpId::kGetTupleElement, .parse_custom = parseGetTupleElement, .operands = {{"operand", types::kTuple}},
     .results = {{"result", types::kAny}}, .attributes = {required("index", kI64)}, .verify = verify::getTupleElement},
    {.id = OpId::kAfterAll, .parse_custom = parseAfterAll, .operands = {variadic("inputs", types::kToken)},
     .results = {{"result", types::kToken}}},
    {.id = OpId::kCreateToken, .parse_custom = parseNullary, .results = {{"output", types::kToken}}, .traits = kLegacy},
    {.id = OpId::kOptimizationBarrier, .parse_custom = parseOptimizationBarrier,
     .operands = {variadic("operand", types::kTensorPerTensorQuantOrToken)},
     .results = {variadic("result", types::kTensorPerTensorQuantOrToken)},
     .traits = traits::kStructural | kSameType},
    // Processes and communication (collectives without regions, I/O): generic form only.
    {.id = OpId::kReplicaId, .parse_custom = parseNullary, .results = {{"result", types::kUnsignedInt}}},
    {.id = OpId::kPartitionId, .parse_custom = parseNullary, .results = {{"result", types::kUnsignedInt}}},
    {.id = OpId::kAllGather, .operands = {variadic("operands", kTensorOrPerTensorQuant)},
     .results = {variadic("results", kTensorOrPerTensorQuant)},
     .attributes = collectiveAttributes({required("all_gather_dim", kI64)}), .traits = kCollective, .verify = verify::allGather},
    {.id = OpId::kAllToAll, .operands = {variadic("operands", kTensorOrPerTensorQuant)},
     .results = {variadic("results", kTensorOrPerTensorQuant)},
     .attributes = collectiveAttributes({required("split_dimension", kI64), required("concat_dimension", kI64),
                                         required("split_count", kI64)},
                                        /*global_device_ids=*/false),
     .traits = kCollective, .verify = verify::allToAll},
    {.id = OpId::kCollectivePermute, .operands = {{"operand", kTensorOrPerTensorQuant}},
     .results = {{"result", kTensorOrPerTensorQuant}},
     .attributes = {required("source_target_pairs", kI64Matrix),
                    optional("channel_handle", kStruct, "no channel (channel_id 0)"), optional("channel_id", kI64, "0")},
     .traits = kCollective | kSameType, .verify = verify::collectivePermute},
    // The spec's collective_broadcast has one operand. The peer tests' extension (reference/kernels_collective.cc)
    // takes several, and with has_dynamic_root a last operand of root indices (integers): both are accepted.
    {.id = OpId::kCollectiveBroadcast, .operands = {variadic("operand", kTensorOrPerTensorQuant)},
     .results = {variadic("result", kTensorOrPerTensorQuant)},
     .attributes = collectiveAttributes({optional("has_dynamic_root", kBool, "false: the group's first process is the source")},
                                        /*global_device_ids=*/false),
     .traits = kCollective, .verify = verify::collectiveBroadcast},
    {.id = OpId::kInfeed, .operands = {{"token", types::kToken}}, .results = {variadic("results", types::kTensorQuantOrToken)},
     .attributes = {optional("infeed_config", kString, "\"\""), optional("layout", kArray, "the default layout")},
     .traits = kSideEffects, .verify = verify::infeed},
    {.id = OpId::kOutfeed, .operands = {variadic("inputs", kTensorOrQuant), {"token", types::kToken}},
     .results = {{"result", types::kToken}}, .attributes = {optional("outfeed_config", kString, "\"\"")},
     .traits = kSideEffects},
    {.id = OpId::kSend, .operands = {variadic("inputs", kTensorOrQuant), {"token", types::kToken}},
     .results = {{"result", types::kToken}},
     .attributes = {optional("channel_handle", kStruct, "no channel (channel_id 0)"), optional("channel_id", kI64, "0"),
                    optional("is_host_transfer", kBool, "false"), optional("source_target_pairs", kI64Matrix, "none")},
     .traits = kSideEffects, .verify = verify::send},
    {.id = OpId::kRecv, .operands = {{"token", types::kToken}}, .results = {variadic("results", types::kTensorQuantOrToken)},
     .attributes = {optional("channel_handle", kStruct, "no channel (channel_id 0)"), optional("channel_id", kI64, "0"),
                    optional("is_host_transfer", kBool, "false"), optional("source_target_pairs", kI64Matrix, "none")},
     .traits = kSideEffects, .verify = verify::recv},
  };
  return kOps;
}

}  // namespace hloconf
