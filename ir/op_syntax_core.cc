// Custom forms of the builtin and func dialect ops, constants, and the shared same-type form.
#include <algorithm>

#include "ir/strings.h"
#include "ir/status_macros.h"
#include "ir/op_schema.h"
#include "ir/op_syntax.h"

namespace hloconf::syntax {

absl::Status parseFunctionalType(AsmParser& p, OperationState& state) {
  p.skipTrivia();
  uint32_t at = p.offset();
  Type function;
  RETURN_IF_ERROR(p.parseFunctionType(function));
  RETURN_IF_ERROR(p.checkOperandTypes(state.operands, function.inputs(), at));
  state.result_types = function.results();
  return absl::OkStatus();
}

absl::Status parseSameOperandsAndResultType(AsmParser& p, OperationState& state, uint32_t operands_at) {
  p.skipTrivia();
  if (p.peek("(")) return parseFunctionalType(p, state);
  uint32_t at = p.offset();
  Type type;
  RETURN_IF_ERROR(p.parseType(type));
  RETURN_IF_ERROR(p.checkOperandTypes(state.operands, std::vector<Type>(state.operands.size(), type), at));
  state.result_types = {type};
  return absl::OkStatus();
}

absl::Status parseAttrDictWithInherent(AsmParser& p, OperationState& state,
                                       std::initializer_list<std::string_view> inherent) {
  p.skipTrivia();
  uint32_t at = p.offset();
  NamedAttrList parsed;
  RETURN_IF_ERROR(p.parseOptionalAttrDict(parsed));
  for (NamedAttr& entry : parsed) {
    if (std::find(inherent.begin(), inherent.end(), entry.name) == inherent.end()) {
      state.attributes.push_back(std::move(entry));
      continue;
    }
    if (findAttr(state.properties, entry.name))
      return p.errorAt(at, strCat("'", entry.name, "' is already given by the syntax of '", state.name,
                                  "': remove it from the attribute dictionary"));
    state.properties.push_back(std::move(entry));
  }
  return absl::OkStatus();
}

absl::Status parseKeywordDenseI64Array(AsmParser& p, OperationState& state, std::string_view keyword,
                                        std::string_view attr_name) {
  RETURN_IF_ERROR(p.expectKeyword(keyword));
  RETURN_IF_ERROR(p.expect("=", strCat("after '", keyword, "'")));
  std::vector<int64_t> values;
  RETURN_IF_ERROR(p.parseIntegerList(values));
  state.addProperty(std::string(attr_name), denseI64Array(values));
  return absl::OkStatus();
}

Attr denseI64Array(const std::vector<int64_t>& values) {
  return Attribute::denseArray(ElementType::kSI64, std::vector<uint64_t>(values.begin(), values.end()));
}

absl::Status parseOperandsExactly(AsmParser& p, OperationState& state, size_t count) {
  p.skipTrivia();
  uint32_t at = p.offset();
  auto operands = [](size_t n) { return strCat(n, n == 1 ? " operand" : " operands"); };
  if (count > 0 && !p.peekOperand())
    return p.error(strCat("expected ", operands(count), " (%name) after '", state.name, "'"));
  RETURN_IF_ERROR(p.parseOperandList(state.operands));
  if (state.operands.size() == count) return absl::OkStatus();
  return p.errorAt(at, strCat("'", state.name, "' takes ", operands(count), ", found ", state.operands.size()));
}

absl::Status parseIntegerAfterKeyword(AsmParser& p, OperationState& state, std::string_view keyword,
                                      std::string_view attr_name, ElementType type) {
  RETURN_IF_ERROR(p.expect("=", strCat("after '", keyword, "'")));
  p.skipTrivia();
  uint32_t at = p.offset();
  int64_t value;
  RETURN_IF_ERROR(p.parseInteger(value));
  bool negative = value < 0;
  uint64_t magnitude = negative ? 0 - static_cast<uint64_t>(value) : static_cast<uint64_t>(value);
  if (!fitsInteger(type, negative, magnitude))
    return p.errorAt(at, strCat("'", keyword, "' must fit in ", elementTypeName(type)));
  state.addProperty(std::string(attr_name), Attribute::integer(value, type));
  return absl::OkStatus();
}

absl::Status parseKeywordInteger(AsmParser& p, OperationState& state, std::string_view keyword,
                                 std::string_view attr_name, ElementType type) {
  RETURN_IF_ERROR(p.expectKeyword(keyword));
  return parseIntegerAfterKeyword(p, state, keyword, attr_name, type);
}

absl::Status parseSameTypeOp(AsmParser& p, OperationState& state) {
  uint32_t at = p.offset();
  RETURN_IF_ERROR(p.parseOperandList(state.operands));
  RETURN_IF_ERROR(p.parseOptionalAttrDict(state.attributes));
  RETURN_IF_ERROR(p.expect(":", strCat("before the type of '", state.name, "'")));
  return parseSameOperandsAndResultType(p, state, at);
}

absl::Status parseModule(AsmParser& p, OperationState& state) {
  if (p.peekSymbol()) {
    std::string name;
    RETURN_IF_ERROR(p.parseSymbolName(name));
    state.addProperty("sym_name", Attribute::string(std::move(name)));
  }
  if (p.consumeKeyword("attributes")) RETURN_IF_ERROR(p.parseAttrDict(state.attributes));
  state.regions.emplace_back();
  return p.parseRegion(state.regions.back(), {}, /*isolated=*/true);
}

namespace {

// `(%arg0: T {attrs} loc(...), ...)` for definitions, `(T {attrs}, ...)` for declarations.
absl::Status parseFunctionArguments(AsmParser& p, std::vector<RegionArgument>& named, std::vector<Type>& types,
                                    std::vector<Attr>& attrs, bool& any_attrs) {
  RETURN_IF_ERROR(p.expect("(", "to start the function's arguments"));
  if (p.consumeIf(")")) return absl::OkStatus();
  do {
    RegionArgument argument;
    if (p.peekOperand()) {
      UnresolvedOperand name;
      RETURN_IF_ERROR(p.parseOperandName(name));
      RETURN_IF_ERROR(p.expect(":", "after the argument name"));
      argument.name = name.name;
      argument.offset = name.offset;
    }
    RETURN_IF_ERROR(p.parseType(argument.type));
    NamedAttrList arg_attrs;
    RETURN_IF_ERROR(p.parseOptionalAttrDict(arg_attrs));
    any_attrs |= !arg_attrs.empty();
    attrs.push_back(Attribute::dictionary(std::move(arg_attrs)));
    p.skipLocations();
    types.push_back(argument.type);
    if (!argument.name.empty()) named.push_back(argument);
  } while (p.consumeIf(","));
  return p.expect(")", "to close the function's arguments");
}

}  // namespace

absl::Status parseFunc(AsmParser& p, OperationState& state) {
  for (std::string_view visibility : {"public", "private", "nested"}) {
    if (p.consumeKeyword(visibility)) {
      state.addProperty("sym_visibility", Attribute::string(std::string(visibility)));
      break;
    }
  }
  std::string name;
  RETURN_IF_ERROR(p.parseSymbolName(name));
  uint32_t args_at = p.offset();
  std::vector<RegionArgument> named;
  std::vector<Type> inputs, results;
  std::vector<Attr> arg_attrs, res_attrs;
  bool any_arg_attrs = false, any_res_attrs = false;
  RETURN_IF_ERROR(parseFunctionArguments(p, named, inputs, arg_attrs, any_arg_attrs));
  if (!named.empty() && named.size() != inputs.size())
    return p.errorAt(args_at, "name every function argument or none");
  if (p.consumeIf("->")) {
    if (p.consumeIf("(")) {
      if (!p.consumeIf(")")) {
        do {
          Type type;
          RETURN_IF_ERROR(p.parseType(type));
          NamedAttrList attrs;
          RETURN_IF_ERROR(p.parseOptionalAttrDict(attrs));
          any_res_attrs |= !attrs.empty();
          res_attrs.push_back(Attribute::dictionary(std::move(attrs)));
          results.push_back(std::move(type));
        } while (p.consumeIf(","));
        RETURN_IF_ERROR(p.expect(")", "to close the function's results"));
      }
    } else {
      Type type;
      RETURN_IF_ERROR(p.parseType(type));
      results.push_back(std::move(type));
      res_attrs.push_back(Attribute::dictionary({}));
    }
  }
  state.addProperty("sym_name", Attribute::string(std::move(name)));
  state.addProperty("function_type", Attribute::type(Type::function(inputs, results)));
  if (any_arg_attrs) state.addProperty("arg_attrs", Attribute::array(std::move(arg_attrs)));
  if (any_res_attrs) state.addProperty("res_attrs", Attribute::array(std::move(res_attrs)));
  if (p.consumeKeyword("attributes")) RETURN_IF_ERROR(p.parseAttrDict(state.attributes));
  state.regions.emplace_back();
  if (!p.peek("{")) {
    if (!named.empty()) return p.error("expected '{' to start the function body");
    return absl::OkStatus();  // a declaration: an empty region
  }
  if (named.empty() && !inputs.empty()) return p.errorAt(args_at, "a function with a body must name its arguments (%arg0: type)");
  return p.parseRegion(state.regions.back(), named, /*isolated=*/true);
}

absl::Status parseReturnLike(AsmParser& p, OperationState& state) {
  RETURN_IF_ERROR(p.parseOperandList(state.operands));
  RETURN_IF_ERROR(p.parseOptionalAttrDict(state.attributes));
  if (state.operands.empty()) return absl::OkStatus();
  RETURN_IF_ERROR(p.expect(":", "before the returned values' types"));
  p.skipTrivia();
  uint32_t at = p.offset();
  std::vector<Type> types;
  RETURN_IF_ERROR(p.parseTypeList(types));
  return p.checkOperandTypes(state.operands, types, at);
}

absl::Status parseCall(AsmParser& p, OperationState& state) {
  std::string callee;
  RETURN_IF_ERROR(p.parseSymbolName(callee));
  state.addProperty("callee", Attribute::symbolRef({std::move(callee)}));
  RETURN_IF_ERROR(p.expect("(", "to start the call's arguments"));
  RETURN_IF_ERROR(p.parseOperandList(state.operands));
  RETURN_IF_ERROR(p.expect(")", "to close the call's arguments"));
  RETURN_IF_ERROR(p.parseOptionalAttrDict(state.attributes));
  RETURN_IF_ERROR(p.expect(":", "before the call's function type"));
  return parseFunctionalType(p, state);
}

absl::Status parseConstant(AsmParser& p, OperationState& state) {
  RETURN_IF_ERROR(p.parseOptionalAttrDict(state.attributes));
  p.skipTrivia();
  if (p.peek("(")) {
    // `stablehlo.constant() {value = dense<...>} : () -> type`-like leftovers are generic; reject clearly.
    return p.error("expected dense<...> after stablehlo.constant");
  }
  RETURN_IF_ERROR(p.expectKeyword("dense"));
  Attr value;
  Type written;
  RETURN_IF_ERROR(p.parseDenseElements(value, nullptr, &written));
  state.addProperty("value", std::move(value));
  state.result_types = {written};
  return absl::OkStatus();
}

}  // namespace hloconf::syntax

namespace hloconf {

std::span<const OpSchema> coreOps() {
  using defs::optional;
  using defs::required;
  using defs::variadic;
  using enum AttrKind;
  static const std::vector<OpSchema> kOps = {
      {.id = OpId::kBuiltinModule, .parse_custom = syntax::parseModule,
       .attributes = {optional("sym_name", kString, "an unnamed module")}, .regions = {{"body"}},
       .traits = traits::kStructural},
      {.id = OpId::kFuncFunc, .parse_custom = syntax::parseFunc,
       .attributes = {required("sym_name", kString),
                      optional("function_type", kType, "the types of the body's arguments and returned values"),
                      optional("sym_visibility", kString, "public"), optional("arg_attrs", kArray, "none"),
                      optional("res_attrs", kArray, "none")},
       .regions = {{"body"}}, .traits = traits::kStructural},
      {.id = OpId::kFuncReturn, .parse_custom = syntax::parseReturnLike, .operands = {variadic("operands", types::kAny)},
       .traits = traits::kTerminator},
      {.id = OpId::kFuncCall, .parse_custom = syntax::parseCall, .operands = {variadic("operands", types::kAny)},
       .results = {variadic("results", types::kAny)}, .attributes = {required("callee", kSymbol)},
       .traits = traits::kStructural},
  };
  return kOps;
}

}  // namespace hloconf
