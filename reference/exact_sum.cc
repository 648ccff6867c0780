// Exact sums of exact products (dot_general, convolution): see exact_sum.h and docs/accumulation.md.
#include "reference/exact_sum.h"

#include "ir/op_views.h"
#include "ir/strings.h"
#include "reference/elementwise.h"

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
  // precision_config through its attribute kind's decoding rule (the schema check has rejected a list
  // that is not all enum values); an absent one means DEFAULT.
  const Attr* a = op.attr("precision_config");
  const std::optional<std::vector<std::string_view>> precisions = decode::enumArray(a ? a->get() : nullptr);
  std::string_view loosest = precisions ? "HIGHEST" : "DEFAULT";
  for (std::string_view p : precisions.value_or(std::vector<std::string_view>{})) {
    if (p == "DEFAULT") loosest = "DEFAULT";
    if (p == "HIGH" && loosest != "DEFAULT") loosest = "HIGH";
  }
  return loosest == "DEFAULT" ? 8 : loosest == "HIGH" ? 11 : 0;
}

absl::Status checkQuantizedProductOperands(Interpreter& interp, const Operation& op, const std::vector<RtValue>& operands,
                                           std::string_view op_word, int first) {
  const Type& lt = operands[0].tensor.type();
  const Type& rt = operands[1].tensor.type();
  const Type& ot = op.results[0]->type;
  if (!ot.isTensor()) return interp.opError(op, "the result must be a tensor");
  if (!rt.isQuantized() || lt.isQuantized() != ot.isQuantized()) {
    return interp.opError(op, strCat("quantized ", op_word, " needs a quantized rhs, and a quantized lhs exactly when the result is quantized (C",
                                     first, ")"));
  }
  for (const Type* t : {&lt, &rt}) {
    if (!t->isQuantized()) continue;
    if (std::string problem = quantizedTypeProblem(*t); !problem.empty()) return interp.opError(op, problem);
  }
  return absl::OkStatus();
}

absl::Status checkQuantizedProductCombination(Interpreter& interp, const Operation& op, const std::vector<RtValue>& operands,
                                              std::string_view op_word, int first) {
  const Type& lt = operands[0].tensor.type();
  const Type& ot = op.results[0]->type;
  const QuantizedType& rqt = operands[1].tensor.type().quantizedType();
  if (!lt.isQuantized()) {
    if (lt.elementType() != rqt.expressed_type || ot.elementType() != rqt.expressed_type) {
      return interp.opError(op, strCat("hybrid ", op_word, " needs element_type(lhs) = expressed_type(rhs) = element_type(result) (C",
                                       first + 6, ")"));
    }
    return absl::OkStatus();
  }
  const QuantizedType& lqt = lt.quantizedType();
  const QuantizedType& oqt = ot.quantizedType();
  if (lqt.quantized_dimension) return interp.opError(op, "the lhs must be per-tensor quantized (I1)");
  if (lqt.storage_type != rqt.storage_type) return interp.opError(op, strCat("lhs and rhs must have one storage type (C", first + 3, ")"));
  if (lqt.expressed_type != rqt.expressed_type || rqt.expressed_type != oqt.expressed_type) {
    return interp.opError(op, strCat("lhs, rhs and result must have one expressed type (C", first + 4, ")"));
  }
  if (!rqt.quantized_dimension && oqt.quantized_dimension) {
    return interp.opError(op, strCat("a per-tensor quantized rhs needs a per-tensor quantized result (C", first + 5, ")"));
  }
  return absl::OkStatus();
}

}  // namespace hloconf::ref
