// The decoding rules of attribute kinds, and the views' typed access (ir/op_views.h).
#include "ir/op_views.h"

#include <algorithm>
#include <limits>

#include "ir/element_type.h"
#include "ir/numerics_base.h"

namespace hloconf {
namespace decode {
namespace {

// An integer element of a dense tensor or array as int64, or nullopt when it does not fit (ui64 above
// INT64_MAX).
std::optional<int64_t> integerElement(ElementType type, uint64_t bits) {
  if (isUnsignedInteger(type) || isBoolean(type)) {
    const uint64_t v = decodeUnsignedInteger(type, bits);
    if (v > static_cast<uint64_t>(std::numeric_limits<int64_t>::max())) return std::nullopt;
    return static_cast<int64_t>(v);
  }
  return decodeSignedInteger(type, bits);
}

}  // namespace

std::optional<bool> boolean(const Attribute* a) {
  if (!a) return std::nullopt;
  if (a->kind() == Attribute::Kind::kBool) return a->boolValue();
  if (a->kind() == Attribute::Kind::kUnit) return true;  // a flag written without `= true`
  return std::nullopt;
}

std::optional<int64_t> i64(const Attribute* a) {
  if (!a || a->kind() != Attribute::Kind::kInteger) return std::nullopt;
  return a->intValue();
}

std::optional<uint64_t> floatBits(const Attribute* a) {
  if (!a || a->kind() != Attribute::Kind::kFloat) return std::nullopt;
  return a->floatBits();
}

std::optional<std::string_view> string(const Attribute* a) {
  if (!a || a->kind() != Attribute::Kind::kString) return std::nullopt;
  return std::string_view(a->text());
}

std::optional<std::vector<int64_t>> i64Array(const Attribute* a) {
  if (!a) return std::nullopt;
  std::vector<int64_t> values;
  switch (a->kind()) {
    case Attribute::Kind::kDenseArray:
      if (!isInteger(a->elementType())) return std::nullopt;
      for (uint64_t bits : a->denseArrayBits()) {
        auto v = integerElement(a->elementType(), bits);
        if (!v) return std::nullopt;
        values.push_back(*v);
      }
      return values;
    case Attribute::Kind::kArray:
      for (const Attr& e : a->elements()) {
        if (!e || e->kind() != Attribute::Kind::kInteger) return std::nullopt;
        values.push_back(e->intValue());
      }
      return values;
    case Attribute::Kind::kDenseElements: {
      const Tensor& t = a->denseElements();
      if (!isInteger(t.elementType()) || t.type().rank() > 1) return std::nullopt;
      for (int64_t i = 0; i < t.numElements(); ++i) {
        auto v = integerElement(t.elementType(), t.bits(i));
        if (!v) return std::nullopt;
        values.push_back(*v);
      }
      return values;
    }
    default:
      return std::nullopt;
  }
}

std::optional<std::vector<std::vector<int64_t>>> i64Matrix(const Attribute* a) {
  if (!a || a->kind() != Attribute::Kind::kDenseElements) return std::nullopt;
  const Tensor& t = a->denseElements();
  if (!isInteger(t.elementType()) || t.type().rank() != 2) return std::nullopt;
  const int64_t rows = t.type().shape()[0], cols = t.type().shape()[1];
  std::vector<std::vector<int64_t>> out(rows);
  for (int64_t r = 0; r < rows; ++r) {
    for (int64_t c = 0; c < cols; ++c) {
      auto v = integerElement(t.elementType(), t.bits(r * cols + c));
      if (!v) return std::nullopt;
      out[r].push_back(*v);
    }
  }
  return out;
}

std::optional<std::vector<bool>> boolArray(const Attribute* a) {
  if (!a) return std::nullopt;
  std::vector<bool> values;
  switch (a->kind()) {
    case Attribute::Kind::kDenseArray:
      if (!isInteger(a->elementType()) && !isBoolean(a->elementType())) return std::nullopt;
      for (int64_t v : a->denseArrayValues()) values.push_back(v != 0);
      return values;
    case Attribute::Kind::kArray:
      for (const Attr& e : a->elements()) {
        if (e && e->kind() == Attribute::Kind::kBool) {
          values.push_back(e->boolValue());
        } else if (e && e->kind() == Attribute::Kind::kInteger) {
          values.push_back(e->intValue() != 0);
        } else {
          return std::nullopt;
        }
      }
      return values;
    case Attribute::Kind::kDenseElements: {
      const Tensor& t = a->denseElements();
      if ((!isInteger(t.elementType()) && !isBoolean(t.elementType())) || t.type().rank() > 1) return std::nullopt;
      for (int64_t i = 0; i < t.numElements(); ++i) values.push_back(t.bits(i) != 0);
      return values;
    }
    default:
      return std::nullopt;
  }
}

std::optional<std::string_view> enumValue(const Attribute* a) {
  if (!a || a->kind() != Attribute::Kind::kEnum) return std::nullopt;
  return std::string_view(a->text());
}

std::optional<std::vector<std::string_view>> enumArray(const Attribute* a) {
  if (!a || a->kind() != Attribute::Kind::kArray) return std::nullopt;
  std::vector<std::string_view> values;
  for (const Attr& e : a->elements()) {
    auto v = enumValue(e.get());
    if (!v) return std::nullopt;
    values.push_back(*v);
  }
  return values;
}

const Tensor* denseElements(const Attribute* a) {
  return a && a->kind() == Attribute::Kind::kDenseElements ? &a->denseElements() : nullptr;
}

std::optional<ScalarBits> scalar(const Attribute* a) {
  if (!a) return std::nullopt;
  switch (a->kind()) {
    case Attribute::Kind::kInteger: return ScalarBits{a->elementType(), wrapInteger(a->elementType(), a->intValue())};
    case Attribute::Kind::kFloat: return ScalarBits{a->elementType(), a->floatBits()};
    case Attribute::Kind::kBool: return ScalarBits{ElementType::kI1, a->boolValue() ? 1u : 0u};
    case Attribute::Kind::kDenseElements: {
      const Tensor& t = a->denseElements();
      if (t.numElements() != 1) return std::nullopt;
      const ElementType e = t.elementType();
      return ScalarBits{e, t.bits(0, 0), isComplex(e) ? t.bits(0, 1) : 0};
    }
    default: return std::nullopt;
  }
}

const Type* type(const Attribute* a) { return a && a->kind() == Attribute::Kind::kType ? &a->typeValue() : nullptr; }

std::optional<std::string_view> symbol(const Attribute* a) {
  if (!a || a->kind() != Attribute::Kind::kSymbolRef || a->symbolPath().empty()) return std::nullopt;
  return std::string_view(a->symbolPath().back());
}

const Attribute* structValue(const Attribute* a) { return a && a->kind() == Attribute::Kind::kStruct ? a : nullptr; }

const ConvDimensionNumbers* convDimensions(const Attribute* a) {
  return a && a->kind() == Attribute::Kind::kConvDimensions ? &a->convDimensions() : nullptr;
}

const NamedAttrList* dictionary(const Attribute* a) {
  return a && a->kind() == Attribute::Kind::kDictionary ? &a->entries() : nullptr;
}

const std::vector<Attr>* array(const Attribute* a) { return a && a->kind() == Attribute::Kind::kArray ? &a->elements() : nullptr; }

bool decodesAs(const Attribute& a, AttrKind kind) {
  switch (kind) {
    case AttrKind::kBool: return boolean(&a).has_value();
    case AttrKind::kI64: return i64(&a).has_value();
    case AttrKind::kFloat: return floatBits(&a).has_value();
    case AttrKind::kString: return string(&a).has_value();
    case AttrKind::kI64Array: return i64Array(&a).has_value();
    case AttrKind::kI64Matrix: return i64Matrix(&a).has_value();
    case AttrKind::kBoolArray: return boolArray(&a).has_value();
    case AttrKind::kEnum: return enumValue(&a).has_value();
    case AttrKind::kEnumArray: return enumArray(&a).has_value();
    case AttrKind::kDenseElements: return denseElements(&a) != nullptr;
    case AttrKind::kType: return type(&a) != nullptr;
    case AttrKind::kSymbol: return symbol(&a).has_value();
    case AttrKind::kStruct: return structValue(&a) != nullptr;
    case AttrKind::kConvDimensions: return convDimensions(&a) != nullptr;
    case AttrKind::kDictionary: return dictionary(&a) != nullptr;
    case AttrKind::kArray: return array(&a) != nullptr;
    case AttrKind::kAny: return true;
  }
  return false;
}

}  // namespace decode

const Attribute* OpView::attribute(std::string_view name) const {
  const Attr* a = op_->attr(name);
  return a ? a->get() : nullptr;
}

bool OpView::boolAttr(std::string_view name, bool absent) const { return decode::boolean(attribute(name)).value_or(absent); }

int64_t OpView::i64Attr(std::string_view name, int64_t absent) const { return decode::i64(attribute(name)).value_or(absent); }

std::optional<int64_t> OpView::optionalI64(std::string_view name) const { return decode::i64(attribute(name)); }

std::string_view OpView::stringAttr(std::string_view name) const { return decode::string(attribute(name)).value_or(""); }

std::vector<int64_t> OpView::i64Array(std::string_view name) const {
  return decode::i64Array(attribute(name)).value_or(std::vector<int64_t>{});
}

std::optional<std::vector<int64_t>> OpView::optionalI64Array(std::string_view name) const {
  return decode::i64Array(attribute(name));
}

std::vector<std::vector<int64_t>> OpView::i64Matrix(std::string_view name) const {
  return decode::i64Matrix(attribute(name)).value_or(std::vector<std::vector<int64_t>>{});
}

std::optional<std::vector<std::vector<int64_t>>> OpView::optionalI64Matrix(std::string_view name) const {
  return decode::i64Matrix(attribute(name));
}

std::optional<std::vector<bool>> OpView::optionalBoolArray(std::string_view name) const {
  return decode::boolArray(attribute(name));
}

std::string_view OpView::enumAttr(std::string_view name, std::string_view absent) const {
  return decode::enumValue(attribute(name)).value_or(absent);
}

std::vector<std::string_view> OpView::enumArray(std::string_view name) const {
  return decode::enumArray(attribute(name)).value_or(std::vector<std::string_view>{});
}

const Attribute* OpView::structField(std::string_view name, std::string_view field) const {
  const Attribute* s = decode::structValue(attribute(name));
  if (!s) return nullptr;
  const Attr* f = findAttr(s->entries(), field);
  return f ? f->get() : nullptr;
}

std::vector<int64_t> OpView::structI64Array(std::string_view name, std::string_view field) const {
  return decode::i64Array(structField(name, field)).value_or(std::vector<int64_t>{});
}

int64_t OpView::structI64(std::string_view name, std::string_view field, int64_t absent) const {
  return decode::i64(structField(name, field)).value_or(absent);
}

const ConvDimensionNumbers& ConvolutionAttributes::dimensionNumbers() const {
  static const ConvDimensionNumbers kNone;
  const ConvDimensionNumbers* dims = decode::convDimensions(attribute("dimension_numbers"));
  return dims ? *dims : kNone;
}

RaggedDotOp::Mode RaggedDotOp::mode(int64_t ragged) const {
  const std::vector<int64_t> lb = lhsBatchingDims(), lc = lhsContractingDims();
  if (std::find(lb.begin(), lb.end(), ragged) != lb.end()) return Mode::kBatch;
  if (std::find(lc.begin(), lc.end(), ragged) != lc.end()) return Mode::kContracting;
  return Mode::kNonContracting;
}

std::vector<int64_t> RaggedDotOp::groupSizesPrefix(int64_t ragged) const {
  const std::vector<int64_t> lb = lhsBatchingDims(), lc = lhsContractingDims();
  std::vector<int64_t> prefix;
  switch (mode(ragged)) {
    case Mode::kBatch:
      prefix.assign(lb.begin(), std::find(lb.begin(), lb.end(), ragged));
      break;
    case Mode::kContracting:
      prefix = lb;
      prefix.insert(prefix.end(), lc.begin(), std::find(lc.begin(), lc.end(), ragged));
      break;
    case Mode::kNonContracting:
      prefix = lb;
      for (int64_t d = 0; d < ragged; ++d) {
        if (std::find(lb.begin(), lb.end(), d) == lb.end() && std::find(lc.begin(), lc.end(), d) == lc.end()) prefix.push_back(d);
      }
      break;
  }
  return prefix;
}

size_t ChloScanOp::numInits() const {
  // operandSegmentSizes = [inputs, inits]; without it (a hand-built op) every operand is an input.
  const std::vector<int64_t> segments = i64Array("operandSegmentSizes");
  if (segments.size() != 2 || segments[1] < 0 || static_cast<size_t>(segments[1]) > numOperands()) return 0;
  return static_cast<size_t>(segments[1]);
}

int64_t CollectiveAttributes::channelId() const {
  if (hasAttribute("channel_handle")) return structI64("channel_handle", "handle");
  return i64Attr("channel_id");
}

}  // namespace hloconf
