#include "ir/type.h"

#include <charconv>
#include <algorithm>
#include <cstdlib>

#include "ir/strings.h"


namespace hloconf {
namespace {

std::shared_ptr<Type::Node> newNode(Type::Kind kind) {
  auto node = std::make_shared<Type::Node>();
  node->kind = kind;
  return node;
}

const Type::Node& noneNode() {
  static const Type::Node* node = new Type::Node();
  return *node;
}

std::string dimensionText(int64_t size) { return size == kDynamicSize ? "?" : strCat(size); }

// Shortest text that reads back as the same double (scales are stored as doubles, as MLIR does).
std::string doubleText(double value) {
  char buffer[64];
  auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, value);
  std::string text(buffer, end);
  // MLIR's lexer reads `1e-05` as an integer and a name: a float needs its '.'.
  if (text.find_first_of(".n") == std::string::npos) text.insert(std::min(text.find('e'), text.size()), ".0");
  return text;
}

std::string typeListText(const std::vector<Type>& types) {
  std::string text;
  for (size_t i = 0; i < types.size(); ++i) strAppend(&text, i ? ", " : "", types[i].toString());
  return text;
}

}  // namespace

Type::Type() : node_(std::shared_ptr<const Node>(std::shared_ptr<const Node>(), &noneNode())) {}

Type Type::element(ElementType element_type) {
  auto node = newNode(Kind::kElement);
  node->element_type = element_type;
  return Type(std::move(node));
}

Type Type::quantized(QuantizedType quantized_type) {
  auto node = newNode(Kind::kQuantized);
  node->element_type = quantized_type.storage_type;
  node->quantized = std::move(quantized_type);
  return Type(std::move(node));
}

Type Type::tensor(std::vector<int64_t> shape, Type element, std::vector<int64_t> bounds) {
  auto node = newNode(Kind::kTensor);
  node->element_type = element.elementType();
  node->shape = std::move(shape);
  node->bounds = std::move(bounds);
  node->elements.push_back(std::move(element));
  return Type(std::move(node));
}

Type Type::token() { return Type(newNode(Kind::kToken)); }

Type Type::tuple(std::vector<Type> elements) {
  auto node = newNode(Kind::kTuple);
  node->elements = std::move(elements);
  return Type(std::move(node));
}

Type Type::function(std::vector<Type> inputs, std::vector<Type> results) {
  auto node = newNode(Kind::kFunction);
  node->elements = std::move(inputs);
  node->results = std::move(results);
  return Type(std::move(node));
}

Type Type::opaque(std::string text) {
  auto node = newNode(Kind::kOpaque);
  node->text = std::move(text);
  return Type(std::move(node));
}

Type::Kind Type::kind() const { return node_->kind; }

ElementType Type::elementType() const {
  if (node_->kind == Kind::kTensor) return node_->elements[0].elementType();
  return node_->element_type;
}

const Type& Type::tensorElement() const {
  if (node_->kind == Kind::kTensor) return node_->elements[0];
  return *this;
}

bool Type::isQuantized() const { return tensorElement().kind() == Kind::kQuantized; }

const QuantizedType& Type::quantizedType() const { return tensorElement().node_->quantized; }

const std::vector<int64_t>& Type::shape() const { return node_->shape; }
const std::vector<int64_t>& Type::bounds() const { return node_->bounds; }

bool Type::hasStaticShape() const {
  for (int64_t size : node_->shape)
    if (size == kDynamicSize) return false;
  return true;
}

int64_t Type::numElements() const {
  if (!hasStaticShape()) std::abort();
  int64_t count = 1;
  for (int64_t size : node_->shape) count *= size;
  return count;
}

const std::vector<Type>& Type::tupleElements() const { return node_->elements; }
const std::vector<Type>& Type::inputs() const { return node_->elements; }
const std::vector<Type>& Type::results() const { return node_->results; }
const std::string& Type::opaqueText() const { return node_->text; }

std::string quantizedTypeToString(const QuantizedType& q) {
  // The quant dialect spells unsigned storage `u8`, not `ui8`.
  std::string text = isUnsignedInteger(q.storage_type) ? strCat("!quant.uniform<u", bitWidth(q.storage_type))
                                                       : strCat("!quant.uniform<", elementTypeName(q.storage_type));
  if (q.explicit_storage_range) strAppend(&text, "<", q.storage_min, ":", q.storage_max, ">");
  strAppend(&text, ":", elementTypeName(q.expressed_type));
  if (q.quantized_dimension) strAppend(&text, ":", *q.quantized_dimension);
  strAppend(&text, ", ");
  auto parameter = [&](size_t i) {
    std::string p = doubleText(q.scales[i]);
    if (i < q.zero_points.size() && q.zero_points[i] != 0) strAppend(&p, ":", q.zero_points[i]);
    return p;
  };
  if (q.quantized_dimension) {
    text += "{";
    for (size_t i = 0; i < q.scales.size(); ++i) strAppend(&text, i ? "," : "", parameter(i));
    text += "}";
  } else {
    text += parameter(0);
  }
  return text + ">";
}

std::string Type::toString() const {
  const Node& n = *node_;
  switch (n.kind) {
    case Kind::kElement:
      return std::string(elementTypeName(n.element_type));
    case Kind::kQuantized:
      return quantizedTypeToString(n.quantized);
    case Kind::kTensor: {
      std::string text = "tensor<";
      for (int64_t size : n.shape) strAppend(&text, dimensionText(size), "x");
      text += n.elements[0].toString();
      if (!n.bounds.empty()) {
        text += ", #stablehlo.bounds<";
        for (size_t i = 0; i < n.bounds.size(); ++i) strAppend(&text, i ? ", " : "", dimensionText(n.bounds[i]));
        text += ">";
      }
      return text + ">";
    }
    case Kind::kToken:
      return "!stablehlo.token";
    case Kind::kTuple:
      return strCat("tuple<", typeListText(n.elements), ">");
    case Kind::kFunction: {
      std::string results = typeListText(n.results);
      bool bare = n.results.size() == 1 && n.results[0].kind() != Kind::kFunction;
      return strCat("(", typeListText(n.elements), ") -> ", bare ? results : strCat("(", results, ")"));
    }
    case Kind::kNone:
      return "none";
    case Kind::kOpaque:
      return n.text;
  }
  return "none";
}

bool Type::operator==(const Type& other) const {
  if (node_ == other.node_) return true;
  const Node& a = *node_;
  const Node& b = *other.node_;
  if (a.kind != b.kind) return false;
  switch (a.kind) {
    case Kind::kElement:
      return a.element_type == b.element_type;
    case Kind::kQuantized:
      return a.quantized == b.quantized;
    case Kind::kTensor:
      return a.shape == b.shape && a.bounds == b.bounds && a.elements == b.elements;
    case Kind::kTuple:
      return a.elements == b.elements;
    case Kind::kFunction:
      return a.elements == b.elements && a.results == b.results;
    case Kind::kOpaque:
      return a.text == b.text;
    case Kind::kToken:
    case Kind::kNone:
      return true;
  }
  return false;
}

bool isPromotable(const Type& from, const Type& to) {
  if (from.isQuantized() || to.isQuantized()) {
    if (!from.isQuantized() || !to.isQuantized()) return false;
    const QuantizedType& x = from.quantizedType();
    const QuantizedType& y = to.quantizedType();
    return x.expressed_type == y.expressed_type && bitWidth(x.storage_type) <= bitWidth(y.storage_type);
  }
  const ElementType x = from.elementType(), y = to.elementType();
  if (isBoolean(x) || isBoolean(y)) return isBoolean(x) && isBoolean(y);
  if (isInteger(x) || isInteger(y)) return isInteger(x) && isInteger(y) && bitWidth(x) <= bitWidth(y);
  if (isFloat(x) || isFloat(y)) return isFloat(x) && isFloat(y) && bitWidth(x) <= bitWidth(y);
  return isComplex(x) && isComplex(y) && bitWidth(x) <= bitWidth(y);
}

}  // namespace hloconf
