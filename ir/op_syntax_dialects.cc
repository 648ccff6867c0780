// Custom forms of the chlo, check and interpreter dialects, and their registry table.
//
// As for stablehlo, inherent attributes are properties: those the pretty form spells out (`k = 2`,
// `probe_id = "p"`, `tolerance = 0.1`) and those written in its trailing attribute dictionary.
#include <string>
#include <vector>

#include "ir/op_schema.h"
#include "ir/op_verify_products.h"
#include "ir/status_macros.h"
#include "ir/op_syntax.h"
#include "ir/strings.h"

namespace hloconf::syntax {

namespace {

// `dense<...> : type` (an elements attribute with its type), checked against the type of `operand`.
absl::Status parseElementsValue(AsmParser& p, Value* operand, Attr& out) {
  p.skipTrivia();
  uint32_t at = p.offset();
  if (!p.consumeKeyword("dense")) return p.error("expected the expected value as dense<...> : type");
  Type written;
  RETURN_IF_ERROR(p.parseDenseElements(out, nullptr, &written));
  if (written != operand->type)
    return p.errorAt(at, strCat("the constant has type ", written.toString(), " but the operand has type ",
                                operand->type.toString(), ": they must match"));
  return absl::OkStatus();
}

// `name = <float>` as f64 (`tolerance = 0.1`).
absl::Status parseF64Keyword(AsmParser& p, OperationState& state, std::string_view name) {
  RETURN_IF_ERROR(p.expect("=", strCat("after '", name, "'")));
  p.skipTrivia();
  uint32_t at = p.offset();
  std::string_view literal = p.parseNumberText();
  if (literal.empty()) return p.errorAt(at, strCat("expected a number for '", name, "' (an f64 such as 0.001)"));
  // Letters glued to the number (`1abc`) make it a bad number, not a number and a name.
  uint32_t end = p.offset();
  if (auto glued = p.parseOptionalIdentifier(); glued && p.offset() - glued->size() == end)
    return p.errorAt(at, strCat("bad number for '", name, "': '", literal, *glued, "'"));
  auto bits = parseFloatLiteral(ElementType::kF64, literal);
  if (!bits.ok()) return p.errorAt(at, strCat("bad number for '", name, "': ", std::string(bits.status().message())));
  state.addProperty(std::string(name), Attribute::floating(*bits, ElementType::kF64));
  return absl::OkStatus();
}

}  // namespace

// --- chlo ----------------------------------------------------------------------------------------------

// `chlo.atan %x attr-dict : T -> R`.
absl::Status parseChloUnary(AsmParser& p, OperationState& state) {
  RETURN_IF_ERROR(parseOperandsExactly(p, state, 1));
  RETURN_IF_ERROR(p.parseOptionalAttrDict(state.attributes));
  RETURN_IF_ERROR(p.expect(":", strCat("before the type of '", state.name, "'")));
  p.skipTrivia();
  uint32_t at = p.offset();
  if (p.peek("(")) {  // also accept a function type
    Type function;
    RETURN_IF_ERROR(p.parseFunctionType(function));
    RETURN_IF_ERROR(p.checkOperandTypes(state.operands, function.inputs(), at));
    state.result_types = function.results();
    return absl::OkStatus();
  }
  Type operand, result;
  RETURN_IF_ERROR(p.parseType(operand));
  RETURN_IF_ERROR(p.checkOperandTypes(state.operands, {operand}, at));
  RETURN_IF_ERROR(p.expect("->", strCat("between the operand and result types of '", state.name, "' (T -> R)")));
  RETURN_IF_ERROR(p.parseType(result));
  state.result_types = {result};
  return absl::OkStatus();
}

// `chlo.next_after %x, %y attr-dict : T, U -> R` (also polygamma, zeta, mulhi).
absl::Status parseChloBinary(AsmParser& p, OperationState& state) {
  RETURN_IF_ERROR(parseOperandsExactly(p, state, 2));
  RETURN_IF_ERROR(p.parseOptionalAttrDict(state.attributes));
  RETURN_IF_ERROR(p.expect(":", strCat("before the types of '", state.name, "'")));
  p.skipTrivia();
  uint32_t at = p.offset();
  if (p.peek("(")) {
    Type function;
    RETURN_IF_ERROR(p.parseFunctionType(function));
    RETURN_IF_ERROR(p.checkOperandTypes(state.operands, function.inputs(), at));
    state.result_types = function.results();
    return absl::OkStatus();
  }
  Type lhs, rhs, result;
  RETURN_IF_ERROR(p.parseType(lhs));
  RETURN_IF_ERROR(p.expect(",", strCat("between the operand types of '", state.name, "' (T, T -> R)")));
  RETURN_IF_ERROR(p.parseType(rhs));
  RETURN_IF_ERROR(p.checkOperandTypes(state.operands, {lhs, rhs}, at));
  RETURN_IF_ERROR(p.expect("->", "before the result type"));
  RETURN_IF_ERROR(p.parseType(result));
  state.result_types = {result};
  return absl::OkStatus();
}

// `chlo.broadcast_add %a, %b attr-dict : (T, U) -> R` (and broadcast_select with three operands).
absl::Status parseChloBroadcast(AsmParser& p, OperationState& state) {
  RETURN_IF_ERROR(parseOperandsExactly(p, state, state.name == "chlo.broadcast_select" ? 3 : 2));
  RETURN_IF_ERROR(parseAttrDictWithInherent(p, state, {"broadcast_dimensions", "comparison_direction", "compare_type"}));
  RETURN_IF_ERROR(p.expect(":", strCat("before the function type of '", state.name, "'")));
  return parseFunctionalType(p, state);
}

// `chlo.top_k(%x, k = 2) attr-dict : T -> (V, I)`.
absl::Status parseChloTopK(AsmParser& p, OperationState& state) {
  RETURN_IF_ERROR(p.expect("(", "after 'chlo.top_k'"));
  Value* operand;
  RETURN_IF_ERROR(p.parseOperand(operand));
  state.operands.push_back(operand);
  RETURN_IF_ERROR(p.expect(",", "after the top_k operand"));
  RETURN_IF_ERROR(parseKeywordInteger(p, state, "k", "k"));
  RETURN_IF_ERROR(p.expect(")", "to close chlo.top_k(%x, k = N)"));
  RETURN_IF_ERROR(parseAttrDictWithInherent(p, state, {"k"}));
  RETURN_IF_ERROR(p.expect(":", "before the top_k types"));
  p.skipTrivia();
  uint32_t at = p.offset();
  Type type;
  RETURN_IF_ERROR(p.parseType(type));
  RETURN_IF_ERROR(p.checkOperandTypes(state.operands, {type}, at));
  RETURN_IF_ERROR(p.expect("->", "before the top_k result types"));
  RETURN_IF_ERROR(p.expect("(", "to start the top_k result types (values, indices)"));
  Type values, indices;
  RETURN_IF_ERROR(p.parseType(values));
  RETURN_IF_ERROR(p.expect(",", "between the values and indices types"));
  RETURN_IF_ERROR(p.parseType(indices));
  RETURN_IF_ERROR(p.expect(")", "to close the top_k result types"));
  state.result_types = {values, indices};
  return absl::OkStatus();
}

// `chlo.constant attr-dict dense<...> : T`.
absl::Status parseChloConstant(AsmParser& p, OperationState& state) {
  RETURN_IF_ERROR(parseAttrDictWithInherent(p, state, {"value"}));
  if (!p.consumeKeyword("dense")) return p.error("expected dense<...> after chlo.constant");
  Attr value;
  Type written;
  RETURN_IF_ERROR(p.parseDenseElements(value, nullptr, &written));
  state.addProperty("value", std::move(value));
  state.result_types = {written};
  return absl::OkStatus();
}

// `chlo.scan(%inputs) inits(%inits) dimension=0 [attributes {...}] { region } : (...) -> (...)`.
absl::Status parseChloScan(AsmParser& p, OperationState& state) {
  RETURN_IF_ERROR(p.expect("(", "to start the scan's inputs"));
  RETURN_IF_ERROR(p.parseOperandList(state.operands));
  RETURN_IF_ERROR(p.expect(")", "to close the scan's inputs"));
  size_t num_inputs = state.operands.size();
  RETURN_IF_ERROR(p.expectKeyword("inits"));
  RETURN_IF_ERROR(p.expect("(", "after 'inits'"));
  RETURN_IF_ERROR(p.parseOperandList(state.operands));
  RETURN_IF_ERROR(p.expect(")", "to close the scan's inits"));
  size_t num_inits = state.operands.size() - num_inputs;
  RETURN_IF_ERROR(parseKeywordInteger(p, state, "dimension", "dimension"));
  if (p.consumeKeyword("attributes")) {
    if (!p.peek("{")) return p.error("expected \'{\' after \'attributes\'");
    RETURN_IF_ERROR(parseAttrDictWithInherent(p, state, {"is_reverse", "is_associative", "scan_dim_size"}));
  }
  state.regions.emplace_back();
  RETURN_IF_ERROR(p.parseRegion(state.regions.back()));
  RETURN_IF_ERROR(p.expect(":", "before the scan's function type"));
  RETURN_IF_ERROR(parseFunctionalType(p, state));
  if (state.result_types.size() < num_inits)
    return p.error(strCat("the scan has ", num_inits, " inits but only ", state.result_types.size(),
                          " results: it returns its outputs, then one carry per init"));
  state.addProperty("operandSegmentSizes",
                    Attribute::denseArray(ElementType::kSI32, {static_cast<uint64_t>(num_inputs), static_cast<uint64_t>(num_inits)}));
  state.addProperty("resultSegmentSizes",
                    Attribute::denseArray(ElementType::kSI32, {static_cast<uint64_t>(state.result_types.size() - num_inits),
                                                              static_cast<uint64_t>(num_inits)}));
  return absl::OkStatus();
}

// --- check ---------------------------------------------------------------------------------------------

// `check.expect_eq %a, %b attr-dict : T` and `check.expect_almost_eq %a, %b[, tolerance = 0.1] attr-dict : T`.
absl::Status parseCheckCompare(AsmParser& p, OperationState& state) {
  RETURN_IF_ERROR(parseOperandsExactly(p, state, 2));
  if (state.name == "check.expect_almost_eq" && p.consumeIf(",")) {
    RETURN_IF_ERROR(p.expectKeyword("tolerance"));
    RETURN_IF_ERROR(parseF64Keyword(p, state, "tolerance"));
  }
  RETURN_IF_ERROR(parseAttrDictWithInherent(p, state, {"tolerance"}));
  RETURN_IF_ERROR(p.expect(":", strCat("before the type of '", state.name, "'")));
  p.skipTrivia();
  uint32_t at = p.offset();
  Type type;
  RETURN_IF_ERROR(p.parseType(type));
  return p.checkOperandTypes(state.operands, {type, type}, at);
}

// `check.expect_eq_const %a, dense<...> : T[, tolerance = 0.1] attr-dict` (also expect_almost_eq_const,
// eq, almost_eq): the type is the constant's.
absl::Status parseCheckConst(AsmParser& p, OperationState& state) {
  RETURN_IF_ERROR(parseOperandsExactly(p, state, 1));
  RETURN_IF_ERROR(p.expect(",", strCat("after the operand of '", state.name, "'")));
  Attr value;
  RETURN_IF_ERROR(parseElementsValue(p, state.operands[0], value));
  state.addProperty("value", std::move(value));
  if (state.name == "check.expect_almost_eq_const" && p.consumeIf(",")) {
    RETURN_IF_ERROR(p.expectKeyword("tolerance"));
    RETURN_IF_ERROR(parseF64Keyword(p, state, "tolerance"));
  }
  RETURN_IF_ERROR(parseAttrDictWithInherent(p, state, {"tolerance"}));
  return absl::OkStatus();
}

// `check.expect_close %a, %b[, max_ulp_difference = N][, min_ulp_difference = M] attr-dict : T, U`.
absl::Status parseCheckClose(AsmParser& p, OperationState& state) {
  RETURN_IF_ERROR(parseOperandsExactly(p, state, 2));
  while (p.consumeIf(",")) {
    p.skipTrivia();
    uint32_t at = p.offset();
    std::string_view key;
    RETURN_IF_ERROR(p.parseIdentifier(key, "max_ulp_difference or min_ulp_difference"));
    if (key != "max_ulp_difference" && key != "min_ulp_difference")
      return p.errorAt(at, strCat("unknown option '", key, "': expected max_ulp_difference or min_ulp_difference"));
    if (findAttr(state.properties, key)) return p.errorAt(at, strCat("'", key, "' is given twice"));
    RETURN_IF_ERROR(parseIntegerAfterKeyword(p, state, key, key, ElementType::kUI64));
  }
  RETURN_IF_ERROR(parseAttrDictWithInherent(p, state, {"max_ulp_difference", "min_ulp_difference"}));
  RETURN_IF_ERROR(p.expect(":", "before the types of check.expect_close"));
  p.skipTrivia();
  uint32_t at = p.offset();
  std::vector<Type> types;
  RETURN_IF_ERROR(p.parseTypeList(types));
  if (types.size() == 1) types.push_back(types[0]);
  return p.checkOperandTypes(state.operands, types, at);
}

// `check.expect_serialized_eq %a, probe_id = "p"[, iter = N] attr-dict : T`.
absl::Status parseCheckSerializedEq(AsmParser& p, OperationState& state) {
  RETURN_IF_ERROR(parseOperandsExactly(p, state, 1));
  RETURN_IF_ERROR(p.expect(",", "after the operand of check.expect_serialized_eq"));
  RETURN_IF_ERROR(p.expectKeyword("probe_id"));
  RETURN_IF_ERROR(p.expect("=", "after 'probe_id'"));
  std::string probe_id;
  RETURN_IF_ERROR(p.parseString(probe_id));
  state.addProperty("probe_id", Attribute::string(std::move(probe_id)));
  if (p.consumeIf(",")) {
    RETURN_IF_ERROR(parseKeywordInteger(p, state, "iter", "iteration", ElementType::kUI32));
  }
  RETURN_IF_ERROR(parseAttrDictWithInherent(p, state, {"probe_id", "iteration"}));
  RETURN_IF_ERROR(p.expect(":", "before the type of check.expect_serialized_eq"));
  p.skipTrivia();
  uint32_t at = p.offset();
  Type type;
  RETURN_IF_ERROR(p.parseType(type));
  return p.checkOperandTypes(state.operands, {type}, at);
}

// --- interpreter ---------------------------------------------------------------------------------------

// `interpreter.probe %x, probe_id = "p" attr-dict : T` (one result of type T).
absl::Status parseProbe(AsmParser& p, OperationState& state) {
  RETURN_IF_ERROR(parseOperandsExactly(p, state, 1));
  RETURN_IF_ERROR(p.expect(",", "after the operand of interpreter.probe"));
  RETURN_IF_ERROR(p.expectKeyword("probe_id"));
  RETURN_IF_ERROR(p.expect("=", "after 'probe_id'"));
  std::string probe_id;
  RETURN_IF_ERROR(p.parseString(probe_id));
  state.addProperty("probe_id", Attribute::string(std::move(probe_id)));
  RETURN_IF_ERROR(parseAttrDictWithInherent(p, state, {"probe_id"}));
  RETURN_IF_ERROR(p.expect(":", "before the type of interpreter.probe"));
  p.skipTrivia();
  uint32_t at = p.offset();
  Type type;
  RETURN_IF_ERROR(p.parseType(type));
  RETURN_IF_ERROR(p.checkOperandTypes(state.operands, {type}, at));
  state.result_types = {type};
  return absl::OkStatus();
}

// `interpreter.print %x attr-dict : T`. Current StableHLO's print has no result; older versions returned
// the operand, so a result is produced when the text names one.
absl::Status parsePrint(AsmParser& p, OperationState& state) {
  RETURN_IF_ERROR(parseOperandsExactly(p, state, 1));
  RETURN_IF_ERROR(p.parseOptionalAttrDict(state.attributes));
  RETURN_IF_ERROR(p.expect(":", "before the type of interpreter.print"));
  p.skipTrivia();
  uint32_t at = p.offset();
  Type type;
  RETURN_IF_ERROR(p.parseType(type));
  RETURN_IF_ERROR(p.checkOperandTypes(state.operands, {type}, at));
  if (state.declared_results > 1) return p.errorAt(state.offset, "interpreter.print has at most one result");
  if (state.declared_results == 1) state.result_types = {type};
  return absl::OkStatus();
}

}  // namespace hloconf::syntax

namespace hloconf {
namespace {

using defs::optional;
using defs::required;
using defs::variadic;

// chlo's types are permissive here: any tensor, quantized or not.
constexpr TypeSet kChloTensor = types::kTensorOrQuant;

// A chlo elementwise op of one operand, `%x : T -> R`.
OpSchema chloUnary(OpId id, TypeSet result = kChloTensor) {
  return {.id = id, .parse_custom = syntax::parseChloUnary, .operands = {{"operand", kChloTensor}},
          .results = {{"result", result}}, .traits = traits::kElementwise};
}

// A chlo elementwise op of two operands, `%x, %y : T, U -> R`.
OpSchema chloBinary(OpId id, std::string_view lhs, std::string_view rhs) {
  return {.id = id, .parse_custom = syntax::parseChloBinary, .operands = {{lhs, kChloTensor}, {rhs, kChloTensor}},
          .results = {{"result", kChloTensor}}, .traits = traits::kElementwise};
}

// A chlo broadcasting binary op, `%a, %b : (T, U) -> R`, with its optional broadcast_dimensions.
OpSchema chloBroadcast(OpId id, TypeSet result = kChloTensor, std::vector<AttrDef> extra = {}) {
  extra.insert(extra.begin(), optional("broadcast_dimensions", AttrKind::kI64Array, "numpy-style trailing alignment"));
  return {.id = id, .parse_custom = syntax::parseChloBroadcast, .operands = {{"lhs", kChloTensor}, {"rhs", kChloTensor}},
          .results = {{"result", result}}, .attributes = std::move(extra)};
}

// check and interpreter ops: test-only, any types.
constexpr Traits kTestOnly = traits::kTestOnly;

}  // namespace

std::span<const OpSchema> dialectOps() {
  using namespace syntax;
  using enum AttrKind;
  static const std::vector<OpSchema> kOps = {
      // chlo: unary elementwise, `%x : T -> R`.
      // chlo.md: an intermediate of the asin/acos/asinh/acosh decompositions (complex operands only).
      chloUnary(OpId::kChloAsinAcosKernel),
      chloUnary(OpId::kChloAcos),
      chloUnary(OpId::kChloAcosh),
      chloUnary(OpId::kChloAsin),
      chloUnary(OpId::kChloAsinh),
      chloUnary(OpId::kChloAtan),
      chloUnary(OpId::kChloAtanh),
      chloUnary(OpId::kChloBesselI1e),
      chloUnary(OpId::kChloConj),
      chloUnary(OpId::kChloCosh),
      chloUnary(OpId::kChloSinh),
      chloUnary(OpId::kChloTan),
      chloUnary(OpId::kChloDigamma),
      chloUnary(OpId::kChloErf),
      chloUnary(OpId::kChloErfInv),
      chloUnary(OpId::kChloErfc),
      chloUnary(OpId::kChloIsInf, types::kBool),
      chloUnary(OpId::kChloIsNegInf, types::kBool),
      chloUnary(OpId::kChloIsPosInf, types::kBool),
      chloUnary(OpId::kChloLgamma),
      chloUnary(OpId::kChloSquare),
      // chlo: binary, `%x, %y : T, U -> R`.
      chloBinary(OpId::kChloNextAfter, "x", "y"),
      chloBinary(OpId::kChloPolygamma, "n", "x"),
      chloBinary(OpId::kChloZeta, "x", "q"),
      // chlo: broadcasting, `%a, %b : (T, U) -> R`.
      chloBroadcast(OpId::kChloBroadcastAdd),
      chloBroadcast(OpId::kChloBroadcastAnd),
      chloBroadcast(OpId::kChloBroadcastAtan2),
      chloBroadcast(OpId::kChloBroadcastCompare, types::kBool,
                    {required("comparison_direction", kEnum, {"EQ", "NE", "GE", "GT", "LE", "LT"}),
                     optional("compare_type", kEnum, "NOTYPE: by the element type",
                              {"NOTYPE", "FLOAT", "TOTALORDER", "SIGNED", "UNSIGNED"})}),
      chloBroadcast(OpId::kChloBroadcastComplex),
      chloBroadcast(OpId::kChloBroadcastDivide),
      chloBroadcast(OpId::kChloBroadcastMaximum),
      chloBroadcast(OpId::kChloBroadcastMinimum),
      chloBroadcast(OpId::kChloBroadcastMultiply),
      chloBroadcast(OpId::kChloBroadcastNextAfter),
      chloBroadcast(OpId::kChloBroadcastOr),
      chloBroadcast(OpId::kChloBroadcastPolygamma),
      chloBroadcast(OpId::kChloBroadcastPower),
      chloBroadcast(OpId::kChloBroadcastRemainder),
      {.id = OpId::kChloBroadcastSelect, .parse_custom = parseChloBroadcast,
       .operands = {{"pred", types::kBool}, {"on_true", kChloTensor}, {"on_false", kChloTensor}},
       .results = {{"result", kChloTensor}}},
      chloBroadcast(OpId::kChloBroadcastShiftLeft),
      chloBroadcast(OpId::kChloBroadcastShiftRightArithmetic),
      chloBroadcast(OpId::kChloBroadcastShiftRightLogical),
      chloBroadcast(OpId::kChloBroadcastSubtract),
      chloBroadcast(OpId::kChloBroadcastXor),
      chloBroadcast(OpId::kChloBroadcastZeta),
      {.id = OpId::kChloTopK, .parse_custom = parseChloTopK, .operands = {{"operand", kChloTensor}},
       .results = {{"values", kChloTensor}, {"indices", types::kInteger}},
       .attributes = {required("k", kI64), optional("is_stable", kBool, "false")}},
      {.id = OpId::kChloConstant, .parse_custom = parseChloConstant, .results = {{"output", kChloTensor}},
       .attributes = {required("value", kDenseElements)}},
      {.id = OpId::kChloScan, .parse_custom = parseChloScan,
       .operands = {variadic("inputs", kChloTensor), variadic("inits", kChloTensor)},
       .results = {variadic("outputs", kChloTensor), variadic("carries", kChloTensor)},
       .attributes = {required("dimension", kI64), optional("is_reverse", kBool, "false"),
                      optional("is_associative", kBool, "false"),
                      optional("scan_dim_size", kI64, "the inputs' size along dimension"),
                      // The custom form's split of the variadic lists: [inputs, inits] and [outputs, carries].
                      optional("operandSegmentSizes", kI64Array, "every operand an input"),
                      optional("resultSegmentSizes", kI64Array, "every result an output")},
       .regions = {{"body"}}, .verify = verify::chloScan},
      // chlo: constant_like and ragged_dot have no custom form (chlo.md gives none); mulhi has chlo.md's.
      {.id = OpId::kChloConstantLike, .operands = {{"operand", kChloTensor}}, .results = {{"result", kChloTensor}},
       .attributes = {required("value", kAny)}},
      // chlo.md: `chlo.mulhi $lhs, $rhs attr-dict : type($lhs), type($rhs) -> type($result)`.
      {.id = OpId::kChloMulhi, .parse_custom = parseChloBinary, .operands = {{"lhs", types::kInteger}, {"rhs", types::kInteger}},
       .results = {{"result", types::kInteger}}, .traits = traits::kElementwise},
      {.id = OpId::kChloRaggedDot, .operands = {{"lhs", kChloTensor}, {"rhs", kChloTensor}, {"group_sizes", types::kInteger}},
       .results = {{"result", kChloTensor}},
       .attributes = {required("ragged_dot_dimension_numbers", kStruct),
                      optional("precision_config", kEnumArray, "DEFAULT for both operands", {"DEFAULT", "HIGH", "HIGHEST"})},
       .verify = verify::raggedDot},
      // check.
      {.id = OpId::kCheckExpectEq, .parse_custom = parseCheckCompare,
       .operands = {{"lhs", types::kAny}, {"rhs", types::kAny}}, .traits = kTestOnly},
      {.id = OpId::kCheckExpectAlmostEq, .parse_custom = parseCheckCompare,
       .operands = {{"lhs", types::kAny}, {"rhs", types::kAny}},
       .attributes = {optional("tolerance", kFloat, "the element type's default tolerance")}, .traits = kTestOnly},
      {.id = OpId::kCheckExpectEqConst, .parse_custom = parseCheckConst, .operands = {{"lhs", types::kAny}},
       .attributes = {required("value", kDenseElements)}, .traits = kTestOnly},
      {.id = OpId::kCheckExpectAlmostEqConst, .parse_custom = parseCheckConst, .operands = {{"lhs", types::kAny}},
       .attributes = {required("value", kDenseElements),
                      optional("tolerance", kFloat, "the element type's default tolerance")},
       .traits = kTestOnly},
      {.id = OpId::kCheckEq, .parse_custom = parseCheckConst, .operands = {{"lhs", types::kAny}},
       .attributes = {required("value", kDenseElements)}, .traits = kTestOnly},
      {.id = OpId::kCheckAlmostEq, .parse_custom = parseCheckConst, .operands = {{"lhs", types::kAny}},
       .attributes = {required("value", kDenseElements),
                      optional("tolerance", kFloat, "the element type's default tolerance")},
       .traits = kTestOnly},
      {.id = OpId::kCheckExpectClose, .parse_custom = parseCheckClose,
       .operands = {{"actual", types::kAny}, {"expected", types::kAny}},
       .attributes = {optional("max_ulp_difference", kI64, "0"), optional("min_ulp_difference", kI64, "0")},
       .traits = kTestOnly},
      {.id = OpId::kCheckExpectSerializedEq, .parse_custom = parseCheckSerializedEq, .operands = {{"expected", types::kAny}},
       .attributes = {required("probe_id", kString), optional("iteration", kI64, "0")}, .traits = kTestOnly},
      // interpreter.
      {.id = OpId::kInterpreterProbe, .parse_custom = parseProbe, .operands = {{"operand", types::kAny}},
       .results = {{"result", types::kAny}}, .attributes = {required("probe_id", kString)}, .traits = kTestOnly},
      {.id = OpId::kInterpreterPrint, .parse_custom = parsePrint, .operands = {{"operand", types::kAny}},
       .results = {defs::optionalValue("result", types::kAny)}, .traits = kTestOnly},
      {.id = OpId::kInterpreterRunParallel, .operands = {variadic("inputs", types::kAny)},
       .results = {variadic("results", types::kAny)},
       .attributes = {required("programs", kArray), optional("infeed", kArray, "no infeed")}, .traits = kTestOnly},
  };
  return kOps;
}

}  // namespace hloconf
