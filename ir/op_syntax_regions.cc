// Custom forms of stablehlo ops with regions or structured syntax (reduce, while, convolution,
// dot_general, custom_call, composite), and their registry table.
//
// Each parser fills the OperationState in the generic model MLIR prints for the op: inherent attributes
// (StableHLO's op arguments) are properties, whether the pretty form spells them out (`across dimensions
// = [1]`) or leaves them in its trailing attribute dictionary (`{feature_group_count = 1 : i64}`); only
// the remaining (discardable) entries stay attributes.
#include <algorithm>
#include <initializer_list>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ir/op_schema.h"
#include "ir/op_verify_collective.h"
#include "ir/op_verify_products.h"
#include "ir/status_macros.h"
#include "ir/op_verify_movement.h"
#include "ir/op_syntax.h"
#include "ir/strings.h"
#include "ir/tensor.h"

namespace hloconf::syntax {

namespace {

Attr integerList(const std::vector<int64_t>& values) {
  std::vector<Attr> elements;
  elements.reserve(values.size());
  for (int64_t value : values) elements.push_back(Attribute::integer(value));
  return Attribute::array(std::move(elements));
}

// `(%x init: %c), (%y init: %d)`: inputs and their initial values, each list in order.
absl::Status parseOperandInitPairs(AsmParser& p, std::vector<Value*>& inputs, std::vector<Value*>& inits) {
  do {
    RETURN_IF_ERROR(p.expect("(", "to start an '(%operand init: %value)' pair"));
    Value* input;
    RETURN_IF_ERROR(p.parseOperand(input));
    if (!p.consumeKeyword("init")) return p.error("expected 'init:' after the operand, as in (%x init: %zero)");
    RETURN_IF_ERROR(p.expect(":", "after 'init'"));
    Value* init;
    RETURN_IF_ERROR(p.parseOperand(init));
    RETURN_IF_ERROR(p.expect(")", "to close the '(%operand init: %value)' pair"));
    inputs.push_back(input);
    inits.push_back(init);
  } while (p.consumeIf(","));
  return absl::OkStatus();
}

// The ops `stablehlo.reduce ... applies OP` accepts: commutative binary ops without regions.
bool isCommutativeBinaryOp(std::string_view name) {
  static constexpr std::string_view kOps[] = {"stablehlo.add", "stablehlo.multiply", "stablehlo.maximum",
                                              "stablehlo.minimum", "stablehlo.and", "stablehlo.or",
                                              "stablehlo.xor"};
  return std::find(std::begin(kOps), std::end(kOps), name) != std::end(kOps);
}

// `%name: type loc(...)` inside the reducer's argument pairs.
absl::Status parseReducerArgument(AsmParser& p, RegionArgument& out) {
  UnresolvedOperand name;
  RETURN_IF_ERROR(p.parseOperandName(name));
  if (name.result_number >= 0) return p.errorAt(name.offset, "a reducer argument name cannot have '#N'");
  RETURN_IF_ERROR(p.expect(":", "after the reducer argument name"));
  out.name = name.name;
  out.offset = name.offset;
  RETURN_IF_ERROR(p.parseType(out.type));
  p.skipLocations();
  return absl::OkStatus();
}

}  // namespace

// stablehlo.reduce: `(%x init: %c), ... applies stablehlo.add across dimensions = [1] {attrs} : (...) -> ...`
// or `... across dimensions = [1] {attrs} : (...) -> ... reducer(%a: T, %b: T) (%c: U, %d: U) { body }`.
absl::Status parseReduce(AsmParser& p, OperationState& state) {
  uint32_t operands_at = p.offset();
  std::vector<Value*> inputs, inits;
  RETURN_IF_ERROR(parseOperandInitPairs(p, inputs, inits));
  state.operands = inputs;
  state.operands.insert(state.operands.end(), inits.begin(), inits.end());
  std::string inner;
  uint32_t inner_at = 0;
  if (p.consumeKeyword("applies")) {
    p.skipTrivia();
    inner_at = p.offset();
    if (p.peekString()) {
      RETURN_IF_ERROR(p.parseString(inner));
    } else if (auto id = p.parseOptionalIdentifier()) {
      inner.assign(*id);
    }
    if (!isCommutativeBinaryOp(inner))
      return p.errorAt(inner_at, "expected the op after 'applies' to be a commutative binary stablehlo op "
                                 "(stablehlo.add, multiply, maximum, minimum, and, or, xor); write other "
                                 "reducers as a 'reducer(...) { ... }' region");
  }
  RETURN_IF_ERROR(p.expectKeyword("across"));
  RETURN_IF_ERROR(p.expectKeyword("dimensions"));
  RETURN_IF_ERROR(p.expect("=", "after 'across dimensions'"));
  std::vector<int64_t> dimensions;
  RETURN_IF_ERROR(p.parseIntegerList(dimensions));
  state.addProperty("dimensions", denseI64Array(dimensions));
  RETURN_IF_ERROR(parseAttrDictWithInherent(p, state, {"dimensions"}));
  RETURN_IF_ERROR(p.expect(":", "before the reduce's function type"));
  p.skipTrivia();
  uint32_t type_at = p.offset();
  Type function;
  RETURN_IF_ERROR(p.parseFunctionType(function));
  RETURN_IF_ERROR(p.checkOperandTypes(state.operands, function.inputs(), type_at));
  state.result_types = function.results();
  state.regions.emplace_back();
  Region& region = state.regions.back();
  if (!inner.empty()) {
    p.skipLocations();
    const Type& input = function.inputs().front();
    if (!input.isTensor()) return p.errorAt(operands_at, "the reduced operand must be a tensor");
    Type scalar = Type::tensor({}, input.tensorElement());
    auto block = std::make_unique<Block>();
    Value* lhs = block->addArgument(scalar);
    Value* rhs = block->addArgument(scalar);
    auto op = std::make_unique<Operation>(inner);
    op->source_offset = inner_at;
    op->operands = {lhs, rhs};
    Value* result = op->addResult(scalar);
    auto ret = std::make_unique<Operation>("stablehlo.return");
    ret->source_offset = inner_at;
    ret->operands = {result};
    block->operations.push_back(std::move(op));
    block->operations.push_back(std::move(ret));
    region.blocks.push_back(std::move(block));
    return absl::OkStatus();
  }
  if (!p.consumeKeyword("reducer"))
    return p.error("expected 'reducer(%a: type, %b: type) { ... }' (or 'applies <op>' before 'across')");
  std::vector<RegionArgument> elements, accumulators;
  uint32_t reducer_at = p.offset();
  while (p.consumeIf("(")) {
    RegionArgument element, accumulator;
    RETURN_IF_ERROR(parseReducerArgument(p, element));
    RETURN_IF_ERROR(p.expect(",", "between the two arguments of a reducer pair"));
    RETURN_IF_ERROR(parseReducerArgument(p, accumulator));
    RETURN_IF_ERROR(p.expect(")", "to close the reducer argument pair"));
    elements.push_back(element);
    accumulators.push_back(accumulator);
  }
  if (elements.size() != inputs.size())
    return p.errorAt(reducer_at, strCat("the reduce has ", inputs.size(), " operand pairs but the reducer declares ",
                                        elements.size(), " argument pairs: give one '(%elem: T, %acc: T)' per operand"));
  elements.insert(elements.end(), accumulators.begin(), accumulators.end());
  return p.parseRegion(region, elements);
}

// stablehlo.while: `(%arg0 = %init0, ...) : T0, ... attributes {...} cond { ... } do { ... }`.
absl::Status parseWhile(AsmParser& p, OperationState& state) {
  RETURN_IF_ERROR(p.expect("(", "to start the while's '%iter = %init' list"));
  std::vector<RegionArgument> arguments;
  if (!p.consumeIf(")")) {
    do {
      UnresolvedOperand name;
      RETURN_IF_ERROR(p.parseOperandName(name));
      if (name.result_number >= 0) return p.errorAt(name.offset, "a loop-carried value name cannot have '#N'");
      RETURN_IF_ERROR(p.expect("=", "after the loop-carried value's name (%iter = %init)"));
      Value* init;
      RETURN_IF_ERROR(p.parseOperand(init));
      state.operands.push_back(init);
      arguments.push_back(RegionArgument{name.name, Type(), name.offset});
    } while (p.consumeIf(","));
    RETURN_IF_ERROR(p.expect(")", "to close the while's '%iter = %init' list"));
  }
  if (!state.operands.empty()) {
    RETURN_IF_ERROR(p.expect(":", "before the types of the loop-carried values"));
    p.skipTrivia();
    uint32_t types_at = p.offset();
    std::vector<Type> types;
    RETURN_IF_ERROR(p.parseTypeList(types));
    RETURN_IF_ERROR(p.checkOperandTypes(state.operands, types, types_at));
    for (size_t i = 0; i < types.size(); ++i) arguments[i].type = types[i];
    state.result_types = std::move(types);
  }
  if (p.consumeKeyword("attributes")) RETURN_IF_ERROR(p.parseAttrDict(state.attributes));
  RETURN_IF_ERROR(p.expectKeyword("cond"));
  state.regions.emplace_back();
  RETURN_IF_ERROR(p.parseRegion(state.regions.back(), arguments));
  RETURN_IF_ERROR(p.expectKeyword("do"));
  state.regions.emplace_back();
  return p.parseRegion(state.regions.back(), arguments);
}

namespace {

// `[b, 0, 1, f]`: the position of the two lettered dimensions and of each numbered spatial dimension.
absl::Status parseConvLayout(AsmParser& p, char first, char second, int64_t& first_dim, int64_t& second_dim,
                             std::vector<int64_t>& spatial) {
  p.skipTrivia();
  uint32_t at = p.offset();
  RETURN_IF_ERROR(p.expect("[", "to start a convolution layout such as [b, 0, 1, f]"));
  first_dim = second_dim = -1;
  std::vector<int64_t> positions;  // positions[i]: where spatial dimension i is, -1 if not yet seen
  int64_t position = 0;
  if (!p.peek("]")) {
    do {
      p.skipTrivia();
      uint32_t item_at = p.offset();
      if (p.peekInteger()) {
        int64_t index;
        RETURN_IF_ERROR(p.parseInteger(index));
        if (index < 0 || index > 64) return p.errorAt(item_at, "a spatial dimension number must be between 0 and 64");
        if (positions.size() <= static_cast<size_t>(index)) positions.resize(index + 1, -1);
        if (positions[index] >= 0) return p.errorAt(item_at, strCat("spatial dimension ", index, " appears twice in the layout"));
        positions[index] = position;
      } else {
        auto id = p.parseOptionalIdentifier();
        bool is_first = id && *id == std::string_view(&first, 1);
        bool is_second = id && *id == std::string_view(&second, 1);
        if (!is_first && !is_second)
          return p.errorAt(item_at, strCat("expected '", std::string(1, first), "', '", std::string(1, second),
                                           "' or a spatial dimension number in the convolution layout"));
        int64_t& slot = is_first ? first_dim : second_dim;
        if (slot >= 0) return p.errorAt(item_at, strCat("'", *id, "' appears twice in the layout"));
        slot = position;
      }
      ++position;
    } while (p.consumeIf(","));
  }
  RETURN_IF_ERROR(p.expect("]", "to close the convolution layout"));
  if (first_dim < 0 || second_dim < 0)
    return p.errorAt(at, strCat("a convolution layout needs both '", std::string(1, first), "' and '",
                                std::string(1, second), "'"));
  for (size_t i = 0; i < positions.size(); ++i)
    if (positions[i] < 0) return p.errorAt(at, strCat("spatial dimension ", i, " is missing from the layout: number them 0, 1, ..."));
  spatial = std::move(positions);
  return absl::OkStatus();
}

// `[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]`.
absl::Status parseConvDimensionNumbers(AsmParser& p, Attr& out) {
  ConvDimensionNumbers dims;
  RETURN_IF_ERROR(parseConvLayout(p, 'b', 'f', dims.input_batch, dims.input_feature, dims.input_spatial));
  RETURN_IF_ERROR(p.expect("x", "between the input and kernel layouts"));
  RETURN_IF_ERROR(parseConvLayout(p, 'i', 'o', dims.kernel_input_feature, dims.kernel_output_feature, dims.kernel_spatial));
  RETURN_IF_ERROR(p.expect("->", "before the output layout"));
  RETURN_IF_ERROR(parseConvLayout(p, 'b', 'f', dims.output_batch, dims.output_feature, dims.output_spatial));
  out = Attribute::convDimensions(std::move(dims));
  return absl::OkStatus();
}

// `[[lo, hi], ...]` -> dense<...> : tensor<Nx2xi64>.
absl::Status parsePadding(AsmParser& p, Attr& out) {
  RETURN_IF_ERROR(p.expect("[", "to start the padding, as in pad = [[1, 1], [0, 0]]"));
  std::vector<int64_t> values;
  if (!p.peek("]")) {
    do {
      p.skipTrivia();
      uint32_t at = p.offset();
      std::vector<int64_t> pair;
      RETURN_IF_ERROR(p.parseIntegerList(pair));
      if (pair.size() != 2) return p.errorAt(at, "each padding entry is a [low, high] pair");
      values.insert(values.end(), pair.begin(), pair.end());
    } while (p.consumeIf(","));
  }
  RETURN_IF_ERROR(p.expect("]", "to close the padding"));
  Tensor tensor(Type::tensor({static_cast<int64_t>(values.size() / 2), 2}, Type::element(ElementType::kSI64)));
  for (size_t i = 0; i < values.size(); ++i) tensor.setBits(static_cast<int64_t>(i), encodeInteger(ElementType::kSI64, values[i]));
  out = Attribute::denseElements(std::move(tensor));
  return absl::OkStatus();
}

// `[true, false]` or `[1, 0]` -> array<i1: ...>.
absl::Status parseBoolList(AsmParser& p, Attr& out) {
  RETURN_IF_ERROR(p.expect("[", "to start the list of booleans"));
  std::vector<uint64_t> bits;
  if (!p.peek("]")) {
    do {
      if (p.consumeKeyword("true")) {
        bits.push_back(1);
      } else if (p.consumeKeyword("false")) {
        bits.push_back(0);
      } else {
        p.skipTrivia();
        uint32_t at = p.offset();
        int64_t value;
        RETURN_IF_ERROR(p.parseInteger(value));
        if (value != 0 && value != 1) return p.errorAt(at, "expected true, false, 0 or 1");
        bits.push_back(static_cast<uint64_t>(value));
      }
    } while (p.consumeIf(","));
  }
  RETURN_IF_ERROR(p.expect("]", "to close the list of booleans"));
  out = Attribute::denseArray(ElementType::kI1, std::move(bits));
  return absl::OkStatus();
}

// `{stride = [..], pad = [[..]], lhs_dilate = [..], rhs_dilate = [..], reverse = [..]}` (after `{`).
absl::Status parseWindowAttributes(AsmParser& p, OperationState& state) {
  if (p.consumeIf("}")) return absl::OkStatus();
  std::vector<std::string_view> seen;
  do {
    p.skipTrivia();
    uint32_t at = p.offset();
    std::string_view key;
    RETURN_IF_ERROR(p.parseIdentifier(key, "a window attribute (stride, pad, lhs_dilate, rhs_dilate or reverse)"));
    if (std::find(seen.begin(), seen.end(), key) != seen.end())
      return p.errorAt(at, strCat("window attribute '", key, "' is given twice"));
    seen.push_back(key);
    RETURN_IF_ERROR(p.expect("=", strCat("after '", key, "'")));
    Attr value;
    std::vector<int64_t> list;
    if (key == "stride" || key == "lhs_dilate" || key == "rhs_dilate") {
      RETURN_IF_ERROR(p.parseIntegerList(list));
      std::string_view name = key == "stride" ? "window_strides" : key == "lhs_dilate" ? "lhs_dilation" : "rhs_dilation";
      state.addProperty(std::string(name), denseI64Array(list));
    } else if (key == "pad") {
      RETURN_IF_ERROR(parsePadding(p, value));
      state.addProperty("padding", std::move(value));
    } else if (key == "reverse") {
      RETURN_IF_ERROR(parseBoolList(p, value));
      state.addProperty("window_reversal", std::move(value));
    } else {
      return p.errorAt(at, strCat("unknown window attribute '", key, "': expected stride, pad, lhs_dilate, rhs_dilate or reverse"));
    }
  } while (p.consumeIf(","));
  return p.expect("}", "to close the window attributes");
}

}  // namespace

// stablehlo.convolution / dynamic_conv: `(%lhs, %rhs) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f],
// window = {stride = [1], pad = [[0, 0]], ...} {feature_group_count = 1 : i64, ...} : (...) -> ...`.
absl::Status parseConvolution(AsmParser& p, OperationState& state) {
  RETURN_IF_ERROR(p.expect("(", "to start the convolution's operands"));
  RETURN_IF_ERROR(p.parseOperandList(state.operands));
  RETURN_IF_ERROR(p.expect(")", "to close the convolution's operands"));
  RETURN_IF_ERROR(p.expectKeyword("dim_numbers"));
  RETURN_IF_ERROR(p.expect("=", "after 'dim_numbers'"));
  Attr dims;
  RETURN_IF_ERROR(parseConvDimensionNumbers(p, dims));
  state.addProperty("dimension_numbers", std::move(dims));
  if (p.consumeIf(",")) {
    RETURN_IF_ERROR(p.expectKeyword("window"));
    RETURN_IF_ERROR(p.expect("=", "after 'window'"));
    RETURN_IF_ERROR(p.expect("{", "to start the window attributes"));
    RETURN_IF_ERROR(parseWindowAttributes(p, state));
  }
  RETURN_IF_ERROR(parseAttrDictWithInherent(p, state, {"feature_group_count", "batch_group_count", "precision_config", "window_strides",
                                 "padding", "lhs_dilation", "rhs_dilation", "window_reversal", "dimension_numbers"}));
  RETURN_IF_ERROR(p.expect(":", strCat("before the type of '", state.name, "'")));
  return parseFunctionalType(p, state);
}

namespace {

// `<lhs_precision_type = tf32, ..., allow_imprecise_accumulation = false>` -> #stablehlo.dot_algorithm<...>.
absl::Status parseDotAlgorithm(AsmParser& p, Attr& out) {
  RETURN_IF_ERROR(p.expect("<", "to start the dot algorithm, as in algorithm = <lhs_precision_type = f32, ...>"));
  NamedAttrList fields;
  if (!p.consumeIf(">")) {
    do {
      std::string_view key;
      RETURN_IF_ERROR(p.parseIdentifier(key, "a dot algorithm field name"));
      RETURN_IF_ERROR(p.expect("=", strCat("after '", key, "'")));
      Attr value;
      if (p.peekInteger()) {
        int64_t number;
        RETURN_IF_ERROR(p.parseInteger(number));
        value = Attribute::integer(number);
      } else if (p.consumeKeyword("true")) {
        value = Attribute::boolean(true);
      } else if (p.consumeKeyword("false")) {
        value = Attribute::boolean(false);
      } else {
        Type type;
        RETURN_IF_ERROR(p.parseType(type));
        value = Attribute::type(std::move(type));
      }
      fields.push_back({std::string(key), std::move(value)});
    } while (p.consumeIf(","));
    RETURN_IF_ERROR(p.expect(">", "to close the dot algorithm"));
  }
  out = Attribute::structValue("stablehlo.dot_algorithm", std::move(fields));
  return absl::OkStatus();
}

// `[DEFAULT, HIGHEST]` -> [#stablehlo<precision DEFAULT>, ...].
absl::Status parsePrecisionList(AsmParser& p, Attr& out) {
  RETURN_IF_ERROR(p.expect("[", "to start the precision list, as in precision = [DEFAULT, DEFAULT]"));
  std::vector<Attr> elements;
  if (!p.consumeIf("]")) {
    do {
      p.skipTrivia();
      uint32_t at = p.offset();
      Attr value;
      RETURN_IF_ERROR(p.parseBareEnum("stablehlo", "precision", value));
      if (value->text() != "DEFAULT" && value->text() != "HIGH" && value->text() != "HIGHEST")
        return p.errorAt(at, strCat("unknown precision '", value->text(), "': expected DEFAULT, HIGH or HIGHEST"));
      elements.push_back(std::move(value));
    } while (p.consumeIf(","));
    RETURN_IF_ERROR(p.expect("]", "to close the precision list"));
  }
  out = Attribute::array(std::move(elements));
  return absl::OkStatus();
}

// `[0, 1] x [0, 1]`.
absl::Status parseDimsPair(AsmParser& p, std::string_view keyword, std::vector<int64_t>& lhs, std::vector<int64_t>& rhs) {
  RETURN_IF_ERROR(p.expect("=", strCat("after '", keyword, "'")));
  RETURN_IF_ERROR(p.parseIntegerList(lhs));
  RETURN_IF_ERROR(p.expect("x", strCat("between the lhs and rhs dimensions of '", keyword, "' ([..] x [..])")));
  return p.parseIntegerList(rhs);
}

}  // namespace

// stablehlo.dot_general: `%a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1],
// precision = [DEFAULT, DEFAULT], algorithm = <...> {attrs} : (...) -> ...`.
absl::Status parseDotGeneral(AsmParser& p, OperationState& state) {
  RETURN_IF_ERROR(p.parseOperandList(state.operands));
  std::vector<int64_t> lhs_batch, rhs_batch, lhs_contract, rhs_contract;
  bool seen_batch = false, seen_contract = false, seen_precision = false, seen_algorithm = false;
  Attr precision, algorithm;
  while (p.consumeIf(",")) {
    p.skipTrivia();
    uint32_t at = p.offset();
    auto duplicate = [&](bool& seen, std::string_view what) -> absl::Status {
      if (seen) return p.errorAt(at, strCat("'", what, "' is given twice"));
      seen = true;
      return absl::OkStatus();
    };
    if (p.consumeKeyword("batching_dims")) {
      RETURN_IF_ERROR(duplicate(seen_batch, "batching_dims"));
      RETURN_IF_ERROR(parseDimsPair(p, "batching_dims", lhs_batch, rhs_batch));
    } else if (p.consumeKeyword("contracting_dims")) {
      RETURN_IF_ERROR(duplicate(seen_contract, "contracting_dims"));
      RETURN_IF_ERROR(parseDimsPair(p, "contracting_dims", lhs_contract, rhs_contract));
    } else if (p.consumeKeyword("precision")) {
      RETURN_IF_ERROR(duplicate(seen_precision, "precision"));
      RETURN_IF_ERROR(p.expect("=", "after 'precision'"));
      RETURN_IF_ERROR(parsePrecisionList(p, precision));
    } else if (p.consumeKeyword("algorithm")) {
      RETURN_IF_ERROR(duplicate(seen_algorithm, "algorithm"));
      RETURN_IF_ERROR(p.expect("=", "after 'algorithm'"));
      RETURN_IF_ERROR(parseDotAlgorithm(p, algorithm));
    } else {
      return p.error("expected batching_dims, contracting_dims, precision or algorithm after ','");
    }
  }
  // MLIR leaves empty dimension lists out of #stablehlo.dot<...>.
  NamedAttrList fields;
  auto add_field = [&](std::string_view name, const std::vector<int64_t>& values) {
    if (!values.empty()) fields.push_back({std::string(name), integerList(values)});
  };
  add_field("lhs_batching_dimensions", lhs_batch);
  add_field("rhs_batching_dimensions", rhs_batch);
  add_field("lhs_contracting_dimensions", lhs_contract);
  add_field("rhs_contracting_dimensions", rhs_contract);
  state.addProperty("dot_dimension_numbers", Attribute::structValue("stablehlo.dot", std::move(fields)));
  if (precision) state.addProperty("precision_config", std::move(precision));
  if (algorithm) state.addProperty("algorithm", std::move(algorithm));
  RETURN_IF_ERROR(parseAttrDictWithInherent(p, state, {"precision_config", "algorithm"}));
  RETURN_IF_ERROR(p.expect(":", "before the dot_general's function type"));
  return parseFunctionalType(p, state);
}

// stablehlo.custom_call: `@target(%a, %b) {attrs} : (...) -> ...`.
absl::Status parseCustomCall(AsmParser& p, OperationState& state) {
  std::string target;
  RETURN_IF_ERROR(p.parseSymbolName(target));
  state.addProperty("call_target_name", Attribute::string(std::move(target)));
  RETURN_IF_ERROR(p.expect("(", "to start the custom_call's operands"));
  RETURN_IF_ERROR(p.parseOperandList(state.operands));
  RETURN_IF_ERROR(p.expect(")", "to close the custom_call's operands"));
  RETURN_IF_ERROR(parseAttrDictWithInherent(p, state, {"has_side_effect", "backend_config", "api_version", "called_computations",
                                 "operand_layouts", "result_layouts", "output_operand_aliases"}));
  RETURN_IF_ERROR(p.expect(":", "before the custom_call's function type"));
  return parseFunctionalType(p, state);
}

// stablehlo.composite: `"name" %a, %b {composite_attributes = {...}, decomposition = @f} : (...) -> ...`.
absl::Status parseComposite(AsmParser& p, OperationState& state) {
  if (!p.peekString()) return p.error("expected the composite's name as a string, as in stablehlo.composite \"my.op\" %x ...");
  std::string name;
  RETURN_IF_ERROR(p.parseString(name));
  state.addProperty("name", Attribute::string(std::move(name)));
  RETURN_IF_ERROR(p.parseOperandList(state.operands));
  RETURN_IF_ERROR(parseAttrDictWithInherent(p, state, {"composite_attributes", "decomposition", "version"}));
  if (!findAttr(state.properties, "decomposition"))
    return p.error("a composite needs 'decomposition = @function' in its attribute dictionary");
  RETURN_IF_ERROR(p.expect(":", "before the composite's function type"));
  return parseFunctionalType(p, state);
}

}  // namespace hloconf::syntax

namespace hloconf {
namespace {

using defs::optional;
using defs::required;
using defs::shapeOperand;
using defs::variadic;

const std::vector<std::string_view> kPrecisionValues = {"DEFAULT", "HIGH", "HIGHEST"};

// The attributes of convolution and dynamic_conv (whose padding is an operand instead).
std::vector<AttrDef> convolutionAttributes(bool padding_attribute) {
  using enum AttrKind;
  std::vector<AttrDef> attrs = {optional("window_strides", kI64Array, "1 per spatial dimension")};
  if (padding_attribute) attrs.push_back(optional("padding", kI64Matrix, "[0, 0] per spatial dimension"));
  for (AttrDef a : {optional("lhs_dilation", kI64Array, "1 per spatial dimension"),
                    optional("rhs_dilation", kI64Array, "1 per spatial dimension"),
                    optional("window_reversal", kBoolArray, "false per spatial dimension"),
                    required("dimension_numbers", kConvDimensions), optional("feature_group_count", kI64, "1"),
                    optional("batch_group_count", kI64, "1"),
                    optional("precision_config", kEnumArray, "DEFAULT for both operands", kPrecisionValues)}) {
    attrs.push_back(std::move(a));
  }
  return attrs;
}

// all_reduce and collective_reduce: the reduced values, their groups and the computation. collective_reduce
// (all_reduce whose result only each group's first process keeps) has all_reduce's constraints too.
OpSchema allReduceLike(OpId id, Traits extra) {
  using enum AttrKind;
  return {.id = id, .operands = {variadic("operands", types::kTensorOrPerTensorQuant)},
          .results = {variadic("results", types::kTensorOrPerTensorQuant)},
          .attributes = {required("replica_groups", kI64Matrix),
                         optional("channel_handle", kStruct, "no channel (channel_id 0)"), optional("channel_id", kI64, "0"),
                         optional("use_global_device_ids", kBool, "false")},
          .regions = {{"computation"}}, .traits = traits::kCollective | traits::kSideEffects | extra,
          .verify = verify::allReduce};
}

}  // namespace

std::span<const OpSchema> regionOps() {
  using namespace syntax;
  using enum AttrKind;
  using types::kTensorOrQuant;
  using types::kTensorOrPerTensorQuant;
  static const std::vector<OpSchema> kOps = {
      allReduceLike(OpId::kCollectiveReduce, traits::kLegacy),
      {.id = OpId::kReduce, .parse_custom = parseReduce,
       .operands = {variadic("inputs", kTensorOrPerTensorQuant), variadic("init_values", kTensorOrPerTensorQuant)},
       .results = {variadic("results", kTensorOrPerTensorQuant)}, .attributes = {required("dimensions", kI64Array)},
       .regions = {{"body"}}, .verify = verify::reduce},
      {.id = OpId::kWhile, .parse_custom = parseWhile, .operands = {variadic("operand", types::kTensorQuantOrToken)},
       .results = {variadic("results", types::kTensorQuantOrToken)}, .regions = {{"cond"}, {"body"}}, .verify = verify::whileOp},
      {.id = OpId::kConvolution, .parse_custom = parseConvolution,
       .operands = {{"lhs", kTensorOrPerTensorQuant}, {"rhs", kTensorOrQuant}}, .results = {{"result", kTensorOrQuant}},
       .attributes = convolutionAttributes(/*padding_attribute=*/true), .verify = verify::convolution},
      {.id = OpId::kDynamicConv, .parse_custom = parseConvolution,
       .operands = {{"lhs", kTensorOrPerTensorQuant}, {"rhs", kTensorOrQuant}, shapeOperand("padding")},
       .results = {{"result", kTensorOrQuant}}, .attributes = convolutionAttributes(/*padding_attribute=*/false),
       .traits = traits::kShapeOperands, .verify = verify::dynamicConv},
      {.id = OpId::kDotGeneral, .parse_custom = parseDotGeneral,
       .operands = {{"lhs", kTensorOrPerTensorQuant}, {"rhs", kTensorOrQuant}}, .results = {{"result", kTensorOrQuant}},
       .attributes = {required("dot_dimension_numbers", kStruct),
                      optional("precision_config", kEnumArray, "DEFAULT for both operands", kPrecisionValues),
                      optional("algorithm", kStruct, "none: the precision_config decides")},
       .verify = verify::dotGeneral},
      {.id = OpId::kCustomCall, .parse_custom = parseCustomCall, .operands = {variadic("inputs", types::kAny)},
       .results = {variadic("results", types::kAny)},
       .attributes = {required("call_target_name", kString), optional("has_side_effect", kBool, "false"),
                      optional("backend_config", kAny, "\"\" (a string or a dictionary)"),
                      optional("api_version", kI64, "1 (API_VERSION_ORIGINAL)"),
                      optional("called_computations", kArray, "[]"), optional("operand_layouts", kArray, "none"),
                      optional("result_layouts", kArray, "none"), optional("output_operand_aliases", kArray, "[]")},
       .traits = traits::kSideEffects},
      {.id = OpId::kComposite, .parse_custom = parseComposite, .operands = {variadic("inputs", types::kAny)},
       .results = {variadic("results", types::kAny)},
       // The spec requires name (I2); the interpreter only calls the decomposition, so it may be absent here.
       .attributes = {optional("name", kString, "\"\""),
                      optional("composite_attributes", kDictionary, "{}"),
                      required("decomposition", kSymbol), optional("version", kI64, "0")},
       .traits = traits::kStructural},
      // StableHLO prints these only in the generic form.
      {.id = OpId::kSort, .operands = {variadic("inputs", kTensorOrPerTensorQuant)},
       .results = {variadic("results", kTensorOrPerTensorQuant)},
       .attributes = {optional("dimension", kI64, "-1"), optional("is_stable", kBool, "false")},
       .regions = {{"comparator"}}, .verify = verify::sort},
      {.id = OpId::kIf, .operands = {{"pred", types::kBool}}, .results = {variadic("results", types::kTensorQuantOrToken)},
       .regions = {{"true_branch"}, {"false_branch"}}, .verify = verify::ifOp},
      {.id = OpId::kCase, .operands = {{"index", types::kSignedInt}},
       .results = {variadic("results", types::kTensorQuantOrToken)}, .regions = {{"branches", Arity::kVariadic}},
       .verify = verify::caseOp},
      {.id = OpId::kMap, .operands = {variadic("inputs", kTensorOrPerTensorQuant)},
       .results = {{"result", kTensorOrPerTensorQuant}},
       // The spec requires dimensions = [0, ..., rank - 1] (C3, checked by verify::map); the reference needs no other value.
       .attributes = {optional("dimensions", kI64Array, "every dimension, in order")}, .regions = {{"computation"}},
       .verify = verify::map},
      {.id = OpId::kScatter,
       .operands = {variadic("inputs", kTensorOrPerTensorQuant), {"scatter_indices", types::kInteger},
                    variadic("updates", kTensorOrPerTensorQuant)},
       .results = {variadic("results", kTensorOrPerTensorQuant)},
       .attributes = {required("scatter_dimension_numbers", kStruct), optional("indices_are_sorted", kBool, "false"),
                      optional("unique_indices", kBool, "false")},
       .regions = {{"update_computation"}}, .verify = verify::scatter},
      {.id = OpId::kSelectAndScatter,
       .operands = {{"operand", kTensorOrPerTensorQuant}, {"source", kTensorOrPerTensorQuant},
                    {"init_value", kTensorOrPerTensorQuant}},
       .results = {{"result", kTensorOrPerTensorQuant}},
       .attributes = {optional("window_dimensions", kI64Array, "1 per dimension"),
                      optional("window_strides", kI64Array, "1 per dimension"),
                      optional("padding", kI64Matrix, "[0, 0] per dimension")},
       .regions = {{"select"}, {"scatter"}}, .verify = verify::selectAndScatter},
      {.id = OpId::kReduceWindow,
       .operands = {variadic("inputs", kTensorOrPerTensorQuant), variadic("init_values", kTensorOrPerTensorQuant)},
       .results = {variadic("results", kTensorOrPerTensorQuant)},
       .attributes = {required("window_dimensions", kI64Array), optional("window_strides", kI64Array, "1 per dimension"),
                      optional("base_dilations", kI64Array, "1 per dimension"),
                      optional("window_dilations", kI64Array, "1 per dimension"),
                      optional("padding", kI64Matrix, "[0, 0] per dimension")},
       .regions = {{"body"}}, .verify = verify::reduceWindow},
      allReduceLike(OpId::kAllReduce, 0),
      {.id = OpId::kReduceScatter, .operands = {{"operand", kTensorOrPerTensorQuant}},
       .results = {{"result", kTensorOrPerTensorQuant}},
       .attributes = {required("scatter_dimension", kI64), required("replica_groups", kI64Matrix),
                      optional("channel_handle", kStruct, "no channel (channel_id 0)"), optional("channel_id", kI64, "0"),
                      optional("use_global_device_ids", kBool, "false")},
       .regions = {{"computation"}}, .traits = traits::kCollective | traits::kSideEffects, .verify = verify::reduceScatter},
      {.id = OpId::kGather, .operands = {{"operand", kTensorOrPerTensorQuant}, {"start_indices", types::kInteger}},
       .results = {{"result", kTensorOrPerTensorQuant}},
       .attributes = {required("dimension_numbers", kStruct), required("slice_sizes", kI64Array),
                      optional("indices_are_sorted", kBool, "false")},
       .verify = verify::gather},
      {.id = OpId::kDynamicGather,
       .operands = {{"operand", kTensorOrPerTensorQuant}, {"start_indices", types::kInteger}, shapeOperand("slice_sizes")},
       .results = {{"result", kTensorOrPerTensorQuant}},
       .attributes = {required("dimension_numbers", kStruct), optional("indices_are_sorted", kBool, "false")},
       .traits = traits::kShapeOperands, .verify = verify::dynamicGather},
  };
  return kOps;
}

}  // namespace hloconf
