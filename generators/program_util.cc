#include "generators/program_util.h"

#include <mpfr.h>

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

uint64_t floatFromDouble(ElementType t, double v) {
  mpfr_t m;
  mpfr_init2(m, 64);
  mpfr_set_d(m, v, MPFR_RNDN);
  const uint64_t bits = encodeFloat(t, m);
  mpfr_clear(m);
  return bits;
}

double floatToDouble(ElementType t, uint64_t bits) {
  mpfr_t m;
  mpfr_init2(m, 256);
  decodeFloat(t, bits, m);
  const double d = mpfr_get_d(m, MPFR_RNDN);
  mpfr_clear(m);
  return d;
}

bool parseDecimal(std::string_view s, uint64_t& out) {
  if (s.empty() || s.size() > 19) return false;
  uint64_t v = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return false;
    v = v * 10 + static_cast<uint64_t>(c - '0');
  }
  out = v;
  return true;
}

void appendIndented(std::string& out, std::string_view text, std::string_view indent) {
  size_t p = 0;
  while (p < text.size()) {
    size_t end = text.find('\n', p);
    if (end == std::string_view::npos) end = text.size();
    strAppend(&out, indent, text.substr(p, end - p), "\n");
    p = end + 1;
  }
}

}  // namespace hloconf::gen
