#include "ir/ir_json.h"

#include <mpfr.h>

#include "absl/container/flat_hash_map.h"
#include "ir/strings.h"

namespace hloconf {
namespace {

using json = nlohmann::json;

// A float element as a JSON number, or "nan" / "inf" / "-inf" (JSON has no spelling for them).
json floatValue(ElementType type, uint64_t bits) {
  FloatClass cls = classifyFloat(type, bits);
  if (cls == FloatClass::kNaN) return "nan";
  double value;
  if (type == ElementType::kF64) {
    value = bitsToDouble(bits);
  } else {
    // Every format narrower than f64 is exact in a double.
    mpfr_t exact;
    mpfr_init2(exact, 64);
    decodeFloat(type, bits, exact);
    value = mpfr_get_d(exact, MPFR_RNDN);
    mpfr_clear(exact);
  }
  if (cls == FloatClass::kInfinity) return value < 0 ? "-inf" : "inf";
  return value;
}

json elementValue(ElementType type, uint64_t bits, uint64_t imag_bits = 0) {
  if (isComplex(type)) {
    ElementType part = complexPartType(type);
    return json::array({floatValue(part, bits), floatValue(part, imag_bits)});
  }
  if (isBoolean(type)) return bits != 0;
  if (isUnsignedInteger(type)) return decodeUnsignedInteger(type, bits);
  if (isSignedInteger(type)) return decodeSignedInteger(type, bits);
  return floatValue(type, bits);
}

std::string hexBytes(const std::vector<uint8_t>& bytes) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string text;
  text.reserve(bytes.size() * 2);
  for (uint8_t byte : bytes) {
    text += kHex[byte >> 4];
    text += kHex[byte & 15];
  }
  return text;
}

json tensorValues(const Tensor& tensor) {
  json values = json::array();
  bool complex = isComplex(tensor.elementType());
  for (int64_t i = 0; i < tensor.numElements(); ++i)
    values.push_back(elementValue(tensor.elementType(), tensor.bits(i, 0), complex ? tensor.bits(i, 1) : 0));
  return values;
}

json convDimensionsValue(const ConvDimensionNumbers& dims) {
  // The field names of the spec's convolution (dimension numbers are spelled out there one by one).
  return json{{"input_batch_dimension", dims.input_batch},
              {"input_feature_dimension", dims.input_feature},
              {"input_spatial_dimensions", dims.input_spatial},
              {"kernel_input_feature_dimension", dims.kernel_input_feature},
              {"kernel_output_feature_dimension", dims.kernel_output_feature},
              {"kernel_spatial_dimensions", dims.kernel_spatial},
              {"output_batch_dimension", dims.output_batch},
              {"output_feature_dimension", dims.output_feature},
              {"output_spatial_dimensions", dims.output_spatial}};
}

// The text of dimension-number structs leaves out empty lists (`#stablehlo.dot<lhs_contracting_dimensions
// = [1], rhs_contracting_dimensions = [0]>`); the plain value spells every list field out, so an adapter
// reads `value["lhs_batching_dimensions"]` without a default of its own.
void addDefaultFields(std::string_view mnemonic, json& dict) {
  static const std::pair<std::string_view, std::vector<std::string_view>> kListFields[] = {
      {"stablehlo.dot",
       {"lhs_batching_dimensions", "rhs_batching_dimensions", "lhs_contracting_dimensions", "rhs_contracting_dimensions"}},
      {"stablehlo.gather",
       {"offset_dims", "collapsed_slice_dims", "operand_batching_dims", "start_indices_batching_dims", "start_index_map"}},
      {"stablehlo.scatter",
       {"update_window_dims", "inserted_window_dims", "input_batching_dims", "scatter_indices_batching_dims",
        "scatter_dims_to_operand_dims"}},
  };
  for (const auto& [name, fields] : kListFields) {
    if (name != mnemonic) continue;
    for (std::string_view field : fields)
      if (!dict.contains(field)) dict[std::string(field)] = json::array();
  }
}

// The plain JSON value of an attribute: what an adapter wants to read without knowing MLIR syntax.
json plainValue(const Attribute& attr) {
  using Kind = Attribute::Kind;
  switch (attr.kind()) {
    case Kind::kUnit:
      return true;
    case Kind::kBool:
      return attr.boolValue();
    case Kind::kInteger:
      if (isUnsignedInteger(attr.elementType())) return static_cast<uint64_t>(attr.intValue());
      if (isBoolean(attr.elementType())) return attr.intValue() != 0;
      return attr.intValue();
    case Kind::kFloat:
      return floatValue(attr.elementType(), attr.floatBits());
    case Kind::kString:
      return attr.text();
    case Kind::kType:
      return attr.typeValue().toString();
    case Kind::kSymbolRef:
      return attr.toString();
    case Kind::kArray: {
      json list = json::array();
      for (const Attr& element : attr.elements()) list.push_back(plainValue(*element));
      return list;
    }
    case Kind::kDenseArray: {
      json list = json::array();
      for (uint64_t bits : attr.denseArrayBits()) list.push_back(elementValue(attr.elementType(), bits));
      return list;
    }
    case Kind::kDenseElements: {
      const Tensor& tensor = attr.denseElements();
      if (tensor.numElements() > kIrJsonMaxListedElements) return nullptr;
      return tensorValues(tensor);
    }
    case Kind::kDictionary:
    case Kind::kStruct: {
      json dict = json::object();
      for (const NamedAttr& entry : attr.entries()) dict[entry.name] = plainValue(*entry.value);
      if (attr.kind() == Kind::kStruct) addDefaultFields(attr.text(), dict);
      return dict;
    }
    case Kind::kEnum:
      return attr.text();
    case Kind::kConvDimensions:
      return convDimensionsValue(attr.convDimensions());
    case Kind::kOpaque:
      return attr.text();
  }
  return nullptr;
}

const char* kindName(Attribute::Kind kind) {
  using Kind = Attribute::Kind;
  switch (kind) {
    case Kind::kUnit: return "unit";
    case Kind::kBool: return "bool";
    case Kind::kInteger: return "integer";
    case Kind::kFloat: return "float";
    case Kind::kString: return "string";
    case Kind::kType: return "type";
    case Kind::kSymbolRef: return "symbol_ref";
    case Kind::kArray: return "array";
    case Kind::kDenseArray: return "dense_array";
    case Kind::kDenseElements: return "dense_elements";
    case Kind::kDictionary: return "dictionary";
    case Kind::kEnum: return "enum";
    case Kind::kStruct: return "struct";
    case Kind::kConvDimensions: return "conv_dimensions";
    case Kind::kOpaque: return "opaque";
  }
  return "opaque";
}

class ModuleRenderer {
 public:
  json function(const Operation& func) {
    json out;
    out["name"] = std::string(functionName(func));
    const Attr* visibility = func.attr("sym_visibility");
    out["visibility"] = visibility ? (*visibility)->text() : std::string("public");
    const Attr* function_type = func.attr("function_type");
    json result_types = json::array();
    if (function_type && (*function_type)->kind() == Attribute::Kind::kType)
      for (const Type& type : (*function_type)->typeValue().results()) result_types.push_back(type.toString());
    json attributes = json::object();
    for (const NamedAttrList* list : {&func.properties, &func.attributes})
      for (const NamedAttr& entry : *list)
        if (entry.name != "sym_name" && entry.name != "sym_visibility" && entry.name != "function_type" &&
            !attributes.contains(entry.name))
          attributes[entry.name] = attributeToJson(*entry.value);
    json blocks = func.regions.empty() ? json::array() : region(func.regions[0]);
    out["arguments"] = blocks.empty() ? json::array() : blocks[0]["arguments"];
    out["result_types"] = std::move(result_types);
    out["attributes"] = std::move(attributes);
    out["blocks"] = std::move(blocks);
    return out;
  }

  json operation(const Operation& op) {
    json out;
    out["name"] = op.name;
    json operands = json::array();
    for (const Value* operand : op.operands) operands.push_back(idOf(operand));
    out["operands"] = std::move(operands);
    json results = json::array();
    for (const auto& result : op.results) results.push_back(value(result.get()));
    out["results"] = std::move(results);
    out["attributes"] = attributes(op);
    json regions = json::array();
    for (const Region& r : op.regions) regions.push_back(json{{"blocks", region(r)}});
    out["regions"] = std::move(regions);
    return out;
  }

  // Properties and discardable attributes in one dictionary (properties win a name clash, as
  // Operation::attr does).
  static json attributes(const Operation& op) {
    json out = json::object();
    for (const NamedAttrList* list : {&op.properties, &op.attributes})
      for (const NamedAttr& entry : *list)
        if (!out.contains(entry.name)) out[entry.name] = attributeToJson(*entry.value);
    return out;
  }

 private:
  json region(const Region& r) {
    json blocks = json::array();
    for (const auto& block : r.blocks) {
      json arguments = json::array();
      for (const auto& argument : block->arguments) arguments.push_back(value(argument.get()));
      json ops = json::array();
      for (const auto& op : block->operations) ops.push_back(operation(*op));
      blocks.push_back(json{{"arguments", std::move(arguments)}, {"ops", std::move(ops)}});
    }
    return blocks;
  }

  json value(const Value* v) {
    int64_t id = next_id_++;
    ids_[v] = id;
    json out = typeToJson(v->type);
    out["id"] = id;
    return out;
  }

  json idOf(const Value* v) {
    auto it = ids_.find(v);
    return it == ids_.end() ? json(nullptr) : json(it->second);
  }

  absl::flat_hash_map<const Value*, int64_t> ids_;
  int64_t next_id_ = 0;
};

}  // namespace

json typeToJson(const Type& type) {
  json out;
  out["type"] = type.toString();
  if (type.isTensor()) {
    out["shape"] = type.shape();
    out["element_type"] = type.tensorElement().toString();
    if (type.isQuantized()) out["storage_type"] = std::string(elementTypeName(type.elementType()));
  }
  return out;
}

json attributeToJson(const Attribute& attr) {
  json out;
  out["kind"] = kindName(attr.kind());
  out["text"] = attr.toString();
  out["value"] = plainValue(attr);
  switch (attr.kind()) {
    case Attribute::Kind::kInteger:
    case Attribute::Kind::kDenseArray:
      out["type"] = std::string(elementTypeName(attr.elementType()));
      break;
    case Attribute::Kind::kFloat:
      out["type"] = std::string(elementTypeName(attr.elementType()));
      out["bits"] = attr.floatBits();
      break;
    case Attribute::Kind::kDenseElements:
      out["type"] = attr.denseElements().type().toString();
      out["shape"] = attr.denseElements().type().shape();
      out["element_type"] = attr.denseElements().type().tensorElement().toString();
      out["hex"] = hexBytes(attr.denseElements().bytes());
      break;
    case Attribute::Kind::kEnum:
      out["dialect"] = attr.enumDialect();
      out["enum"] = attr.enumName();
      break;
    case Attribute::Kind::kStruct:
      out["mnemonic"] = attr.text();
      break;
    default:
      break;
  }
  return out;
}

json moduleToJson(const Module& module) {
  json out;
  out["ir_format"] = kIrJsonFormat;
  json functions = json::array();
  ModuleRenderer renderer;
  if (module.op) {
    out["attributes"] = ModuleRenderer::attributes(*module.op);
    for (const Operation* func : module.functions()) functions.push_back(renderer.function(*func));
  } else {
    out["attributes"] = json::object();
  }
  out["functions"] = std::move(functions);
  return out;
}

}  // namespace hloconf
