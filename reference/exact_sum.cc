// Exact sums of exact products (dot_general, convolution): see exact_sum.h and docs/accumulation.md.
#include "reference/exact_sum.h"

#include <algorithm>
#include <cmath>
#include <deque>
#include <string>
#include <vector>

namespace hloconf::ref {

int accumulationPrecision(ElementType t) { return formatPrecision(isComplex(t) ? complexPartType(t) : t); }

double gamma(int64_t n, int p) {
  const double u = std::ldexp(1.0, -p);
  const double nu = static_cast<double>(n) * u;
  if (nu >= 0.5) return INFINITY;
  return std::nextafter(nu / (1.0 - nu) * (1.0 + 4 * std::ldexp(1.0, -52)), INFINITY);
}

uint64_t roundSumOfProducts(ElementType part_type, std::span<const ProductTerm> terms, double& abs_sum) {
  std::deque<MpFloat> products;
  bool special = false;
  for (const ProductTerm& t : terms) {
    products.emplace_back(256);
    mpfr_mul(products.back(), t.a, t.b, MPFR_RNDN);  // exact: operands have <= 64 bits
    if (t.negate) mpfr_neg(products.back(), products.back(), MPFR_RNDN);
    if (!mpfr_number_p(products.back())) special = true;
  }
  // sum |products|, rounded up.
  MpFloat total_abs(53);
  mpfr_set_zero(total_abs, 1);
  for (auto& p : products) {
    if (!mpfr_number_p(p)) continue;
    MpFloat a(256);
    mpfr_abs(a, p, MPFR_RNDN);
    mpfr_add(total_abs, total_abs, a, MPFR_RNDU);
  }
  abs_sum = special ? 0.0 : mpfr_get_d(total_abs, MPFR_RNDU);
  std::vector<mpfr_ptr> ptrs;
  ptrs.reserve(products.size());
  for (auto& p : products) ptrs.push_back(p.get());
  return roundCorrectly(part_type, [&](mpfr_ptr r) {
    if (ptrs.empty()) {
      mpfr_set_zero(r, 1);
      return Approximation{true, 0};
    }
    return roundedByMpfr(r, mpfr_sum(r, ptrs.data(), ptrs.size(), MPFR_RNDN));
  });
}

double productSumBound(ElementType part_type, uint64_t golden_bits, double abs_sum, int64_t n, int acc_p, int input_u_exp) {
  const FloatClass cls = classifyFloat(part_type, golden_bits);
  if (cls == FloatClass::kNaN || cls == FloatClass::kInfinity) return 0.0;
  double b = gamma(n, acc_p) * abs_sum;
  if (input_u_exp) {
    const double ui = std::ldexp(1.0, -input_u_exp);
    b += (2 * ui + ui * ui) * abs_sum;
  }
  // Half an ulp of the golden value: the distance to its neighbour, halved.
  MpFloat g(64);
  decodeFloat(part_type, golden_bits, g);
  const int prec = formatPrecision(part_type);
  const mpfr_exp_t e = mpfr_zero_p(g) ? 0 : mpfr_get_exp(g);
  const FloatFormat& f = floatFormat(part_type);
  const long min_exp = 1 - f.bias - f.mantissa_bits;  // smallest subnormal 2^min_exp
  const long ulp_exp = std::max<long>(mpfr_zero_p(g) ? min_exp : e - prec, min_exp);
  b += std::ldexp(1.0, ulp_exp - 1);
  return std::nextafter(b, INFINITY);
}

int precisionConfigInputExponent(const Operation& op, ElementType lt, ElementType rt) {
  if (lt != ElementType::kF32 && rt != ElementType::kF32) return 0;
  std::string loosest = "HIGHEST";
  const Attr* a = op.attr("precision_config");
  const Attribute* pc = a ? a->get() : nullptr;
  if (pc && pc->kind() == Attribute::Kind::kArray) {
    for (const Attr& e : pc->elements()) {
      if (e->kind() != Attribute::Kind::kEnum) continue;
      if (e->text() == "DEFAULT") loosest = "DEFAULT";
      if (e->text() == "HIGH" && loosest != "DEFAULT") loosest = "HIGH";
    }
  } else {
    loosest = "DEFAULT";  // absent precision_config means DEFAULT
  }
  return loosest == "DEFAULT" ? 8 : loosest == "HIGH" ? 11 : 0;
}

}  // namespace hloconf::ref
