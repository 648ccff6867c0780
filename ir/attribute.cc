#include "ir/attribute.h"

#include <algorithm>

#include "ir/strings.h"
#include "absl/strings/str_format.h"

namespace hloconf {
namespace {

// Tensors with more elements than this print as a hex blob (as JAX-exported modules do): exact, compact.
constexpr int64_t kHexBlobThreshold = 64;

std::shared_ptr<Attribute> make(Attribute::Kind kind) { return std::make_shared<Attribute>(kind); }

bool isBareIdentifierChar(char c, bool first) {
  bool letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
  return letter || (!first && ((c >= '0' && c <= '9') || c == '$' || c == '.'));
}

std::string hexDigits(uint64_t bits, int bit_width) {
  return absl::StrFormat("0x%0*X", (bit_width + 3) / 4, bits);
}

// Bytes per element in MLIR's raw (hex) storage: the bit width rounded up to whole bytes.
int hexElementBytes(ElementType type) {
  if (isComplex(type)) return 2 * hexElementBytes(complexPartType(type));
  return (bitWidth(type) + 7) / 8;
}

void appendNested(const Tensor& tensor, size_t dim, int64_t& index, std::string& out) {
  const auto& shape = tensor.type().shape();
  if (dim == shape.size()) {
    bool complex = isComplex(tensor.elementType());
    out += elementLiteral(tensor.elementType(), tensor.bits(index, 0), complex ? tensor.bits(index, 1) : 0);
    ++index;
    return;
  }
  out += "[";
  for (int64_t i = 0; i < shape[dim]; ++i) {
    if (i) out += ", ";
    appendNested(tensor, dim + 1, index, out);
  }
  out += "]";
}

std::string structFieldText(const Attr& value);

std::string fieldListText(const NamedAttrList& fields) {
  std::string text;
  for (size_t i = 0; i < fields.size(); ++i)
    strAppend(&text, i ? ", " : "", fields[i].name, " = ", structFieldText(fields[i].value));
  return text;
}

// Inside `#dialect.name<...>` integers and integer lists are bare and enums are bare identifiers.
std::string structFieldText(const Attr& value) {
  switch (value->kind()) {
    case Attribute::Kind::kInteger:
      return strCat(value->intValue());
    case Attribute::Kind::kArray: {
      std::string text = "[";
      for (size_t i = 0; i < value->elements().size(); ++i)
        strAppend(&text, i ? ", " : "", structFieldText(value->elements()[i]));
      return text + "]";
    }
    case Attribute::Kind::kType:
      return value->typeValue().toString();
    default:
      return value->toString(/*elide_type=*/true);
  }
}

std::string convLayoutText(int64_t batch, int64_t feature, const std::vector<int64_t>& spatial, char b, char f) {
  std::vector<std::string> names(spatial.size() + 2);
  names[batch] = std::string(1, b);
  names[feature] = std::string(1, f);
  for (size_t i = 0; i < spatial.size(); ++i) names[spatial[i]] = strCat(i);
  std::string text = "[";
  for (size_t i = 0; i < names.size(); ++i) strAppend(&text, i ? ", " : "", names[i]);
  return text + "]";
}

}  // namespace

const Attr* findAttr(const NamedAttrList& list, std::string_view name) {
  for (const NamedAttr& entry : list)
    if (entry.name == name) return &entry.value;
  return nullptr;
}

Attr Attribute::unit() { return make(Kind::kUnit); }

Attr Attribute::boolean(bool value) {
  auto a = make(Kind::kBool);
  a->bool_value_ = value;
  return a;
}

Attr Attribute::integer(int64_t value, ElementType type) {
  auto a = make(Kind::kInteger);
  a->int_value_ = value;
  a->element_type_ = type;
  return a;
}

Attr Attribute::floating(uint64_t bits, ElementType type) {
  auto a = make(Kind::kFloat);
  a->bits_ = bits;
  a->element_type_ = type;
  return a;
}

Attr Attribute::string(std::string value) {
  auto a = make(Kind::kString);
  a->text_ = std::move(value);
  return a;
}

Attr Attribute::type(Type value) {
  auto a = make(Kind::kType);
  a->type_ = std::move(value);
  return a;
}

Attr Attribute::symbolRef(std::vector<std::string> path) {
  auto a = make(Kind::kSymbolRef);
  a->symbol_path_ = std::move(path);
  return a;
}

Attr Attribute::array(std::vector<Attr> elements) {
  auto a = make(Kind::kArray);
  a->elements_ = std::move(elements);
  return a;
}

Attr Attribute::denseArray(ElementType element_type, std::vector<uint64_t> bits) {
  auto a = make(Kind::kDenseArray);
  a->element_type_ = element_type;
  a->dense_array_ = std::move(bits);
  return a;
}

Attr Attribute::denseElements(Tensor value) {
  auto a = make(Kind::kDenseElements);
  a->tensor_ = std::move(value);
  return a;
}

Attr Attribute::dictionary(NamedAttrList entries) {
  auto a = make(Kind::kDictionary);
  a->entries_ = std::move(entries);
  return a;
}

Attr Attribute::enumValue(std::string dialect, std::string enum_name, std::string value) {
  auto a = make(Kind::kEnum);
  a->dialect_ = std::move(dialect);
  a->enum_name_ = std::move(enum_name);
  a->text_ = std::move(value);
  return a;
}

Attr Attribute::structValue(std::string mnemonic, NamedAttrList fields) {
  auto a = make(Kind::kStruct);
  a->text_ = std::move(mnemonic);
  a->entries_ = std::move(fields);
  return a;
}

Attr Attribute::convDimensions(ConvDimensionNumbers dims) {
  auto a = make(Kind::kConvDimensions);
  a->conv_ = std::move(dims);
  return a;
}

Attr Attribute::opaque(std::string text) {
  auto a = make(Kind::kOpaque);
  a->text_ = std::move(text);
  return a;
}

std::vector<int64_t> Attribute::denseArrayValues() const {
  std::vector<int64_t> values;
  values.reserve(dense_array_.size());
  for (uint64_t bits : dense_array_)
    values.push_back(isUnsignedInteger(element_type_) || isBoolean(element_type_)
                         ? static_cast<int64_t>(decodeUnsignedInteger(element_type_, bits))
                         : decodeSignedInteger(element_type_, bits));
  return values;
}

std::string quoteString(std::string_view value) {
  std::string text = "\"";
  for (unsigned char c : value) {
    if (c == '"' || c == '\\') {
      text += '\\';
      text += static_cast<char>(c);
    } else if (c >= 0x20 && c < 0x7F) {
      text += static_cast<char>(c);
    } else {
      absl::StrAppendFormat(&text, "\\%02X", c);
    }
  }
  return text + "\"";
}

std::string symbolName(std::string_view name) {
  bool bare = !name.empty();
  for (size_t i = 0; i < name.size() && bare; ++i) bare = isBareIdentifierChar(name[i], i == 0);
  return bare ? strCat("@", name) : strCat("@", quoteString(name));
}

std::string elementLiteral(ElementType type, uint64_t bits, uint64_t imag_bits) {
  if (isComplex(type)) {
    ElementType part = complexPartType(type);
    return strCat("(", elementLiteral(part, bits), ", ", elementLiteral(part, imag_bits), ")");
  }
  if (isBoolean(type)) return bits ? "true" : "false";
  if (isUnsignedInteger(type)) return strCat(decodeUnsignedInteger(type, bits));
  if (isSignedInteger(type)) return strCat(decodeSignedInteger(type, bits));
  FloatClass cls = classifyFloat(type, bits);
  if (cls == FloatClass::kNaN || cls == FloatClass::kInfinity) return hexDigits(bits, bitWidth(type));
  return formatFloatLiteral(type, bits);
}

std::string hexBlobLiteral(const Tensor& tensor) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  const ElementType type = tensor.elementType();
  const int bytes_per_element = hexElementBytes(type);
  const int parts = isComplex(type) ? 2 : 1;
  const int part_bytes = bytes_per_element / parts;
  std::string text = "dense<\"0x";
  text.reserve(text.size() + tensor.numElements() * bytes_per_element * 2 + 3);
  for (int64_t i = 0; i < tensor.numElements(); ++i) {
    for (int part = 0; part < parts; ++part) {
      uint64_t bits = tensor.bits(i, part);
      for (int b = 0; b < part_bytes; ++b) {
        uint8_t byte = static_cast<uint8_t>(bits >> (8 * b));
        text += kHex[byte >> 4];
        text += kHex[byte & 15];
      }
    }
  }
  return text + "\">";
}

std::string denseLiteral(const Tensor& tensor) {
  if (tensor.numElements() == 0) return "dense<>";
  ElementType type = tensor.elementType();
  bool complex = isComplex(type);
  if (tensor.isSplat())
    return strCat("dense<", elementLiteral(type, tensor.bits(0, 0), complex ? tensor.bits(0, 1) : 0), ">");
  if (tensor.numElements() > kHexBlobThreshold && !isBoolean(type) && type != ElementType::kTF32) return hexBlobLiteral(tensor);
  std::string text = "dense<";
  int64_t index = 0;
  appendNested(tensor, 0, index, text);
  return text + ">";
}

std::string Attribute::toString(bool elide_type) const {
  switch (kind_) {
    case Kind::kUnit:
      return "unit";
    case Kind::kBool:
      return bool_value_ ? "true" : "false";
    case Kind::kInteger: {
      std::string value = isUnsignedInteger(element_type_)
                              ? strCat(static_cast<uint64_t>(int_value_))
                              : strCat(int_value_);
      if (elide_type && element_type_ == ElementType::kSI64) return value;
      return strCat(value, " : ", elementTypeName(element_type_));
    }
    case Kind::kFloat: {
      std::string value = elementLiteral(element_type_, bits_);
      if (elide_type && element_type_ == ElementType::kF64) return value;
      return strCat(value, " : ", elementTypeName(element_type_));
    }
    case Kind::kString:
      return quoteString(text_);
    case Kind::kType:
      return type_.toString();
    case Kind::kSymbolRef: {
      std::string text;
      for (size_t i = 0; i < symbol_path_.size(); ++i) strAppend(&text, i ? "::" : "", symbolName(symbol_path_[i]));
      return text;
    }
    case Kind::kArray: {
      std::string text = "[";
      for (size_t i = 0; i < elements_.size(); ++i)
        strAppend(&text, i ? ", " : "", elements_[i]->toString(/*elide_type=*/true));
      return text + "]";
    }
    case Kind::kDenseArray: {
      std::string text = strCat("array<", elementTypeName(element_type_));
      for (size_t i = 0; i < dense_array_.size(); ++i)
        strAppend(&text, i ? ", " : ": ", elementLiteral(element_type_, dense_array_[i]));
      return text + ">";
    }
    case Kind::kDenseElements:
      return strCat(denseLiteral(tensor_), " : ", tensor_.type().toString());
    case Kind::kDictionary: {
      NamedAttrList sorted = entries_;
      std::stable_sort(sorted.begin(), sorted.end(), [](const NamedAttr& a, const NamedAttr& b) { return a.name < b.name; });
      std::string text = "{";
      for (size_t i = 0; i < sorted.size(); ++i) {
        strAppend(&text, i ? ", " : "", sorted[i].name);
        if (sorted[i].value->kind() != Kind::kUnit) strAppend(&text, " = ", sorted[i].value->toString());
      }
      return text + "}";
    }
    case Kind::kEnum:
      if (dialect_.empty()) return text_;
      return strCat("#", dialect_, "<", enum_name_, " ", text_, ">");
    case Kind::kStruct:
      return strCat("#", text_, "<", fieldListText(entries_), ">");
    case Kind::kConvDimensions:
      return strCat("#stablehlo.conv<",
                          convLayoutText(conv_.input_batch, conv_.input_feature, conv_.input_spatial, 'b', 'f'), "x",
                          convLayoutText(conv_.kernel_input_feature, conv_.kernel_output_feature, conv_.kernel_spatial, 'i', 'o'),
                          "->",
                          convLayoutText(conv_.output_batch, conv_.output_feature, conv_.output_spatial, 'b', 'f'), ">");
    case Kind::kOpaque:
      return text_;
  }
  return "unit";
}

}  // namespace hloconf
