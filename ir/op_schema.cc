// The op schema: the union of the per-family tables, indexed by OpId (see op_schema.h), and the generic
// check of an operation against its entry.
#include "ir/op_schema.h"

#include <array>

#include "absl/container/flat_hash_map.h"
#include "ir/infer.h"
#include "ir/op_verify_util.h"
#include "ir/op_views.h"
#include "ir/operation.h"
#include "ir/spec_constraints.h"
#include "ir/status_macros.h"
#include "ir/strings.h"

namespace hloconf {
namespace {

constexpr std::string_view kOpNames[] = {
    "",
#define HLOCONF_OP(id, name) name,
#include "ir/ops.def"
#undef HLOCONF_OP
};
static_assert(std::size(kOpNames) == kNumOpIds);

const absl::flat_hash_map<std::string_view, OpId>& nameIndex() {
  static const auto* index = [] {
    auto* map = new absl::flat_hash_map<std::string_view, OpId>();
    for (size_t i = 1; i < kNumOpIds; ++i) map->emplace(kOpNames[i], static_cast<OpId>(i));
    return map;
  }();
  return *index;
}

// Every entry at the index of its OpId; the name is filled in from ir/ops.def. An OpId without an entry,
// or with two, is a programming error that the schema test reports (SchemaTest.EveryOpIdHasOneEntry); here
// the first entry wins and a missing one stays an empty entry with its name.
const std::vector<OpSchema>& table() {
  static const auto* all = [] {
    auto* ops = new std::vector<OpSchema>(kNumOpIds);
    for (size_t i = 0; i < kNumOpIds; ++i) {
      (*ops)[i].id = static_cast<OpId>(i);
      (*ops)[i].name = kOpNames[i];
    }
    std::vector<bool> filled(kNumOpIds, false);
    for (auto family : {coreOps(), stablehloOps(), regionOps(), dialectOps()}) {
      for (const OpSchema& entry : family) {
        const size_t i = static_cast<size_t>(entry.id);
        if (i == 0 || i >= kNumOpIds || filled[i]) continue;
        filled[i] = true;
        (*ops)[i] = entry;
        (*ops)[i].name = kOpNames[i];
      }
    }
    return ops;
  }();
  return *all;
}

}  // namespace

OpId opIdOf(std::string_view name) {
  auto it = nameIndex().find(name);
  return it == nameIndex().end() ? OpId::kUnknown : it->second;
}

std::string_view opName(OpId id) {
  const size_t i = static_cast<size_t>(id);
  return i < kNumOpIds ? kOpNames[i] : std::string_view();
}

const OpSchema& schemaOf(OpId id) {
  const size_t i = static_cast<size_t>(id);
  return table()[i < kNumOpIds ? i : 0];
}

const OpSchema* lookupOp(std::string_view name) {
  const OpId id = opIdOf(name);
  return id == OpId::kUnknown ? nullptr : &schemaOf(id);
}

std::span<const OpSchema> allOps() { return std::span<const OpSchema>(table()).subspan(1); }

std::string_view canonicalOpName(std::string_view name) {
  if (name == "return") return "func.return";
  if (name == "call") return "func.call";
  if (name == "module") return "builtin.module";
  return name;
}

const AttrDef* OpSchema::attribute(std::string_view attr_name) const {
  for (const AttrDef& a : attributes) {
    if (a.name == attr_name) return &a;
  }
  return nullptr;
}

const ValueDef* valueDefAt(const std::vector<ValueDef>& defs, size_t i, size_t count) {
  // Fixed (and optional) definitions take one value each, by position; the variadic ones share the rest.
  // An optional value (at most one, by position) is present when the count allows it.
  size_t variadics = 0;
  for (const ValueDef& d : defs) variadics += d.arity == Arity::kVariadic ? 1 : 0;
  if (variadics == 0) return i < defs.size() ? &defs[i] : nullptr;
  const size_t fixed = defs.size() - variadics;
  const size_t shared = count > fixed ? count - fixed : 0;
  const size_t each = shared / variadics;
  size_t position = 0, seen = 0;
  for (const ValueDef& d : defs) {
    size_t n = 1;
    if (d.arity == Arity::kVariadic) n = ++seen == variadics ? shared - each * (variadics - 1) : each;
    if (i < position + n) return &d;
    position += n;
  }
  return nullptr;
}

bool OpSchema::operandsAccept(TypeSet set) const {
  for (const ValueDef& v : operands) {
    if (v.types & set) return true;
  }
  return false;
}

TypeSet typeClassOf(const Type& type) {
  switch (type.kind()) {
    case Type::Kind::kToken: return types::kToken;
    case Type::Kind::kTuple: return types::kTuple;
    case Type::Kind::kTensor:
    case Type::Kind::kElement: break;
    default: return types::kOther;
  }
  if (type.isQuantized()) {
    return type.tensorElement().quantizedType().quantized_dimension ? types::kPerAxisQuant : types::kPerTensorQuant;
  }
  const ElementType e = type.elementType();
  if (isBoolean(e)) return types::kBool;
  if (isUnsignedInteger(e)) return types::kUnsignedInt;
  if (isSignedInteger(e)) return types::kSignedInt;
  if (isFloat(e)) return types::kFloat;
  if (isComplex(e)) return types::kComplex;
  return types::kOther;
}

std::string typeSetText(TypeSet set) {
  static constexpr std::pair<TypeSet, std::string_view> kNames[] = {
      {types::kBool, "boolean"},         {types::kSignedInt, "signed integer"},
      {types::kUnsignedInt, "unsigned integer"}, {types::kFloat, "floating-point"},
      {types::kComplex, "complex"},       {types::kPerTensorQuant, "per-tensor quantized"},
      {types::kPerAxisQuant, "per-axis quantized"}, {types::kToken, "token"},
      {types::kTuple, "tuple"},           {types::kOther, "other"}};
  std::vector<std::string_view> names;
  for (const auto& [bit, name] : kNames) {
    if (set & bit) names.push_back(name);
  }
  std::string text;
  for (size_t i = 0; i < names.size(); ++i) {
    if (i > 0) text += i + 1 == names.size() ? " or " : ", ";
    text += names[i];
  }
  return text;
}

std::string_view attrKindText(AttrKind kind) {
  switch (kind) {
    case AttrKind::kBool: return "a boolean";
    case AttrKind::kI64: return "an integer";
    case AttrKind::kFloat: return "a float";
    case AttrKind::kString: return "a string";
    case AttrKind::kI64Array: return "a list of integers";
    case AttrKind::kI64Matrix: return "a 2-dimensional integer dense<...> tensor";
    case AttrKind::kBoolArray: return "a list of booleans";
    case AttrKind::kEnum: return "an enum value";
    case AttrKind::kEnumArray: return "a list of enum values";
    case AttrKind::kDenseElements: return "a dense<...> tensor";
    case AttrKind::kType: return "a type";
    case AttrKind::kSymbol: return "a symbol (@name)";
    case AttrKind::kStruct: return "a #dialect.struct<...> attribute";
    case AttrKind::kConvDimensions: return "convolution dimension numbers (#stablehlo.conv<...>)";
    case AttrKind::kDictionary: return "a dictionary";
    case AttrKind::kArray: return "a list";
    case AttrKind::kAny: return "any attribute";
  }
  return "?";
}

namespace {

absl::Status invalid(const std::string& message) { return absl::InvalidArgumentError(message); }

// How many values (or regions) `defs` admit: one for each fixed definition, up to one for each optional
// one, any number for a variadic one.
template <typename Def>
std::pair<size_t, size_t> countBounds(const std::vector<Def>& defs) {
  size_t minimum = 0, maximum = 0;
  for (const Def& d : defs) {
    minimum += d.arity == Arity::kOne ? 1 : 0;
    maximum = d.arity == Arity::kVariadic || maximum == SIZE_MAX ? SIZE_MAX : maximum + 1;
  }
  return {minimum, maximum};
}

template <typename Def>
absl::Status checkCount(std::string_view what, const std::vector<Def>& defs, size_t count) {
  const auto [minimum, maximum] = countBounds(defs);
  if (count >= minimum && count <= maximum) return absl::OkStatus();
  const std::string expected = minimum == maximum     ? strCat(minimum)
                               : maximum == SIZE_MAX ? strCat("at least ", minimum)
                                                     : strCat(minimum, " to ", maximum);
  return invalid(strCat("takes ", expected, " ", what, "(s), but has ", count));
}

absl::Status checkValueType(std::string_view what, size_t i, const ValueDef& def, const Type& type) {
  if (typeClassOf(type) & def.types) return absl::OkStatus();
  return invalid(strCat(what, " ", i, " (", def.name, ") has type ", type.toString(), "; the spec allows ",
                        typeSetText(def.types)));
}

// Two tensor types agree: the same rank, sizes equal where both are static, and the same element type; for
// quantized types the same baseline: storage and expressed types, and the axis when both are per-axis
// (dequantize_op_quantize lets scales and zero points differ between operands and results). A quantized
// and an unquantized type never agree: their baseline types differ.
bool typesAgree(const Type& a, const Type& b) {
  if (!a.isTensor() || !b.isTensor()) return a == b;
  if (!verify::util::sameShape(a, b) || a.isQuantized() != b.isQuantized()) return false;
  if (!a.isQuantized()) return a.tensorElement() == b.tensorElement();
  const QuantizedType& qa = a.quantizedType();
  const QuantizedType& qb = b.quantizedType();
  const bool same_axis = !qa.quantized_dimension || !qb.quantized_dimension || qa.quantized_dimension == qb.quantized_dimension;
  return qa.storage_type == qb.storage_type && qa.expressed_type == qb.expressed_type && same_axis;
}

// traits::kSameOperandsAndResultType: with one result, every operand has the result's type (and (C1),
// negate (C1), ...); with one result per operand (optimization_barrier), each operand has its result's. The
// diagnostic cites the label the inventory (ir/spec_constraints.def) gives the trait for this op.
absl::Status checkSameTypes(const Operation& op, std::string_view short_name) {
  const size_t results = op.results.size();
  for (size_t i = 0; i < op.operands.size(); ++i) {
    const size_t r = results == op.operands.size() ? i : 0;
    if (r >= results) break;
    const Type& operand = op.operands[i]->type;
    const Type& result = op.results[r]->type;
    if (!typesAgree(operand, result)) {
      const std::optional<std::string> label = spec::sameTypeLabel(short_name);
      return invalid(strCat(label ? strCat(*label, ": ") : std::string(), "operand ", i, " has type ", operand.toString(),
                            ", but result ", r, " has type ", result.toString(), " (the op's operands and results have one type)"));
    }
  }
  return absl::OkStatus();
}

// Where the spec defines the result types from the operands, attributes and regions (ir/infer.h), each
// declared result type is one the rule admits; the diagnostic cites the rule's label (dot_general (C12)).
// An operand or attribute that breaks a constraint the rule needs is the verify function's to report, under
// its own label, before this runs: an inference error here (on an op the verify function skips, e.g. for a
// non-tensor operand) is left to those checks rather than reported a second time under the rule's label.
absl::Status checkInferredResults(const Operation& op) {
  if (!isInferable(op.id)) return absl::OkStatus();
  const absl::StatusOr<std::vector<InferredType>> inferred = inferResultTypes(op);
  if (!inferred.ok() || inferred->size() != op.results.size()) return absl::OkStatus();
  for (size_t i = 0; i < op.results.size(); ++i) RETURN_IF_ERROR(checkCompatible(op.results[i]->type, (*inferred)[i], i));
  return absl::OkStatus();
}

// What decodesAs admits but the spec does not, for an attribute of `def`'s kind (empty when none): the
// struct of a kStruct attribute is named by the attribute (the parser keeps any #stablehlo.name<key = value>
// form of a known name, so `dot_dimension_numbers = #stablehlo.gather<...>` decodes), and the spec's 2-dimensional tensor
// constants (padding, replica_groups, source_target_pairs) are all of type si64.
std::string attrFormProblem(const AttrDef& def, const Attribute& a) {
  static constexpr std::pair<std::string_view, std::string_view> kStructNames[] = {
      {"dot_dimension_numbers", "stablehlo.dot"},         {"scatter_dimension_numbers", "stablehlo.scatter"},
      {"dimension_numbers", "stablehlo.gather"},          {"channel_handle", "stablehlo.channel_handle"},
      {"algorithm", "stablehlo.dot_algorithm"},           {"ragged_dot_dimension_numbers", "chlo.ragged_dot"}};
  if (def.kind == AttrKind::kStruct) {
    for (const auto& [attribute, name] : kStructNames)
      if (attribute == def.name && a.text() != name) return strCat("#", name, "<...>");
  }
  if (def.kind == AttrKind::kI64Matrix && a.denseElements().elementType() != ElementType::kSI64)
    return "a 2-dimensional si64 tensor constant (dense<...> : tensor<NxMxi64>)";
  return "";
}

}  // namespace

absl::Status verifyAgainstSchema(const Operation& op) {
  const OpSchema& schema = schemaOf(op.id);
  if (schema.id == OpId::kUnknown) return absl::OkStatus();  // unknown ops are reported unsupported later
  RETURN_IF_ERROR(checkCount("operand", schema.operands, op.operands.size()));
  for (size_t i = 0; i < op.operands.size(); ++i) {
    RETURN_IF_ERROR(checkValueType("operand", i, *valueDefAt(schema.operands, i, op.operands.size()), op.operands[i]->type));
  }
  RETURN_IF_ERROR(checkCount("result", schema.results, op.results.size()));
  for (size_t i = 0; i < op.results.size(); ++i) {
    RETURN_IF_ERROR(checkValueType("result", i, *valueDefAt(schema.results, i, op.results.size()), op.results[i]->type));
  }
  for (const AttrDef& def : schema.attributes) {
    const Attr* a = op.attr(def.name);
    if (!a || !*a) {
      if (def.presence == Presence::kRequired) return invalid(strCat("needs the attribute '", def.name, "' (", attrKindText(def.kind), ")"));
      continue;
    }
    if (!decode::decodesAs(**a, def.kind)) {
      return invalid(strCat("attribute '", def.name, "' must be ", attrKindText(def.kind), ", not ", (*a)->toString()));
    }
    if (std::string problem = attrFormProblem(def, **a); !problem.empty())
      return invalid(strCat("attribute '", def.name, "' must be ", problem, ", not ", (*a)->toString()));
    if (!def.allowed.empty()) {
      std::vector<std::string_view> values;
      if (def.kind == AttrKind::kEnum) values.push_back(*decode::enumValue(a->get()));
      if (def.kind == AttrKind::kEnumArray) values = *decode::enumArray(a->get());
      for (std::string_view v : values) {
        if (std::find(def.allowed.begin(), def.allowed.end(), v) == def.allowed.end()) {
          std::string allowed;
          for (std::string_view x : def.allowed) allowed += strCat(allowed.empty() ? "" : ", ", x);
          return invalid(strCat("attribute '", def.name, "' has the value ", v, "; the spec allows ", allowed));
        }
      }
    }
  }
  RETURN_IF_ERROR(checkCount("region", schema.regions, op.regions.size()));
  if (schema.has(traits::kSameOperandsAndResultType)) RETURN_IF_ERROR(checkSameTypes(op, schema.shortName()));
  if (schema.verify) RETURN_IF_ERROR(schema.verify(op));
  return checkInferredResults(op);
}

}  // namespace hloconf
