#include "reference/value.h"

#include <algorithm>

#include "ir/attribute.h"
#include "ir/strings.h"

namespace hloconf::ref {

RtValue RtValue::ofTensor(Tensor t, std::vector<uint8_t> impl_defined) {
  RtValue v;
  v.kind = Kind::kTensor;
  v.tensor = std::move(t);
  if (std::find(impl_defined.begin(), impl_defined.end(), 1) != impl_defined.end()) v.impl_defined = std::move(impl_defined);
  return v;
}

RtValue RtValue::token() {
  RtValue v;
  v.kind = Kind::kToken;
  return v;
}

RtValue RtValue::tuple(std::vector<RtValue> elements) {
  RtValue v;
  v.kind = Kind::kTuple;
  v.elements = std::move(elements);
  return v;
}

int64_t RtValue::implDefinedCount() const {
  return std::count(impl_defined.begin(), impl_defined.end(), 1);
}

Type RtValue::type() const {
  switch (kind) {
    case Kind::kTensor: return tensor.type();
    case Kind::kToken: return Type::token();
    case Kind::kTuple: {
      std::vector<Type> types;
      for (const RtValue& e : elements) types.push_back(e.type());
      return Type::tuple(std::move(types));
    }
  }
  return Type();
}

bool valueMatchesType(const RtValue& value, const Type& type) {
  switch (value.kind) {
    case RtValue::Kind::kToken: return type.kind() == Type::Kind::kToken;
    case RtValue::Kind::kTuple: {
      if (type.kind() != Type::Kind::kTuple || type.tupleElements().size() != value.elements.size()) return false;
      for (size_t i = 0; i < value.elements.size(); ++i) {
        if (!valueMatchesType(value.elements[i], type.tupleElements()[i])) return false;
      }
      return true;
    }
    case RtValue::Kind::kTensor: {
      if (!type.isTensor()) return false;
      const Type& actual = value.tensor.type();
      if (actual.tensorElement() != type.tensorElement() || actual.rank() != type.rank()) return false;
      for (int64_t d = 0; d < type.rank(); ++d) {
        if (type.shape()[d] != kDynamicSize && type.shape()[d] != actual.shape()[d]) return false;
      }
      return true;
    }
  }
  return false;
}

std::string toString(const RtValue& value) {
  switch (value.kind) {
    case RtValue::Kind::kTensor: {
      std::string text = strCat(denseLiteral(value.tensor), " : ", value.tensor.type().toString());
      if (!value.impl_defined.empty()) {
        strAppend(&text, "  // ", value.implDefinedCount(), " implementation-defined element(s)");
      }
      return text;
    }
    case RtValue::Kind::kToken: return "!stablehlo.token";
    case RtValue::Kind::kTuple: {
      std::string text = "(";
      for (size_t i = 0; i < value.elements.size(); ++i) strAppend(&text, i ? ", " : "", toString(value.elements[i]));
      return text + ")";
    }
  }
  return "";
}

}  // namespace hloconf::ref
