#include "generators/program_util.h"

#include <numeric>

#include "ir/type.h"

namespace hloconf::gen {

std::string i64Array(const std::vector<int64_t>& values) {
  if (values.empty()) return "array<i64>";
  std::string s = "array<i64: ";
  for (size_t i = 0; i < values.size(); ++i) strAppend(&s, i ? ", " : "", values[i]);
  return s + ">";
}

std::string intList(const std::vector<int64_t>& values) {
  std::string s = "[";
  for (size_t i = 0; i < values.size(); ++i) strAppend(&s, i ? ", " : "", values[i]);
  return s + "]";
}

std::string i64Dense(const std::vector<int64_t>& values) {
  return strCat("dense<", intList(values), "> : tensor<", values.size(), "xi64>");
}

Tensor integerTensor(ElementType type, const std::vector<int64_t>& shape, const std::vector<int64_t>& values) {
  Tensor t(Type::tensor(shape, Type::element(type)));
  for (int64_t i = 0; i < t.numElements() && i < static_cast<int64_t>(values.size()); ++i) {
    t.setBits(i, encodeInteger(type, values[static_cast<size_t>(i)]));
  }
  return t;
}

std::vector<int64_t> permutation(Rng& rng, int64_t n) {
  std::vector<int64_t> p(static_cast<size_t>(n));
  std::iota(p.begin(), p.end(), 0);
  for (int64_t i = n - 1; i > 0; --i) std::swap(p[static_cast<size_t>(i)], p[static_cast<size_t>(rng.range(0, i))]);
  return p;
}

int64_t numElements(const std::vector<int64_t>& shape) {
  int64_t n = 1;
  for (int64_t d : shape) n *= d;
  return n;
}

std::string typeName(ElementType t) {
  if (t == ElementType::kC64) return "complex<f32>";
  if (t == ElementType::kC128) return "complex<f64>";
  return std::string(elementTypeName(t));
}

}  // namespace hloconf::gen
