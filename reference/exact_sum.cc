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

double gamma(int64_t n, int p) {
  const double u = std::ldexp(1.0, -p);
  const double nu = static_cast<double>(n) * u;
  if (nu >= 0.5) return INFINITY;
  return std::nextafter(nu / (1.0 - nu) * (1.0 + 4 * std::ldexp(1.0, -52)), INFINITY);
}

uint64_t roundSumOfProducts(ElementType part_type, std::span<const ProductTerm> terms, double& abs_sum) {
  std::deque<MpFloat> products;
  for (const ProductTerm& t : terms) {
    products.emplace_back(256);
    mpfr_mul(products.back(), t.a, t.b, MPFR_RNDN);  // exact: operands have <= 64 bits
    if (t.negate) mpfr_neg(products.back(), products.back(), MPFR_RNDN);
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
  abs_sum = mpfr_get_d(total_abs, MPFR_RNDU);
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

double addUp(double a, double b) { return std::nextafter(a + b, INFINITY); }
double mulUp(double a, double b) { return std::nextafter(a * b, INFINITY); }

long smallestExponent(ElementType t) {
  MpFloat s(8);
  decodeFloat(t, smallestSubnormal(t), s);
  return mpfr_get_exp(s) - 1;
}

double largestDown(ElementType t) {
  MpFloat m(64);
  decodeFloat(t, largestFinite(t), m);
  return mpfr_get_d(m, MPFR_RNDD);
}

namespace {

// log2 of the lowest set bit of a finite nonzero x: x is an odd multiple of 2^lsbExponent(x).
long lsbExponent(mpfr_srcptr x) { return static_cast<long>(mpfr_get_exp(x)) - static_cast<long>(mpfr_min_prec(x)); }

// Half an ulp of the golden value: half the spacing of the format at it (at the smallest subnormal for
// zeros and subnormals), rounded up.
double halfUlp(ElementType t, uint64_t bits) {
  MpFloat g(64);
  decodeFloat(t, bits, g);
  const long min_exp = smallestExponent(t);
  const long ulp_exp = mpfr_regular_p(g) ? std::max<long>(mpfr_get_exp(g) - formatPrecision(t), min_exp) : min_exp;
  return std::ldexp(1.0, static_cast<int>(ulp_exp - 1));
}

}  // namespace

InputModel precisionConfigModel(const Operation& op, ElementType lt, ElementType rt) {
  InputModel m;
  if (lt != ElementType::kF32 && rt != ElementType::kF32) return m;
  // precision_config through its attribute kind's decoding rule (the schema check has rejected a list
  // that is not all enum values); an absent one means DEFAULT.
  const Attr* a = op.attr("precision_config");
  const std::optional<std::vector<std::string_view>> precisions = decode::enumArray(a ? a->get() : nullptr);
  std::string_view loosest = precisions ? "HIGHEST" : "DEFAULT";
  for (std::string_view p : precisions.value_or(std::vector<std::string_view>{})) {
    if (p == "DEFAULT") loosest = "DEFAULT";
    if (p == "HIGH" && loosest != "DEFAULT") loosest = "HIGH";
  }
  if (loosest == "HIGHEST") return m;
  // DEFAULT: bf16 (XLA on TPUs) or tf32 (on GPUs); bf16 is the coarser of the two in precision, in its
  // subnormal spacing and in its largest value. HIGH: tf32.
  const ElementType to = loosest == "DEFAULT" ? ElementType::kBF16 : ElementType::kTF32;
  InputModel::Side side;
  side.active = true;
  side.sigma_exp = smallestExponent(to);
  side.kappa = std::ldexp(1.0, static_cast<int>(side.sigma_exp - 1));  // half the smallest subnormal
  side.largest = largestDown(to);
  m.lhs = m.rhs = side;
  // |RN(a) - a| <= u |a| + kappa_a, so |RN(a) RN(b) - a b| <= (2u + u^2) |a b| + t, and the rounded
  // product is at most (1 + u)^2 |a b| + t in magnitude.
  m.unit = std::ldexp(1.0, -formatPrecision(to));
  m.relative = (2 * m.unit + m.unit * m.unit) * (1 + 0x1p-50);
  m.magnitude_factor = 1 + m.relative;
  return m;
}

SumBound::SumBound(ElementType acc, int64_t products, const InputModel* model)
    : acc_(acc), acc_p_(formatPrecision(acc)), acc_sigma_exp_(smallestExponent(acc)), leaves_(products), model_(model) {
  if (model_) leaves_ *= model_->leaves_per_product;
}

namespace {

// |x| > largest for a number x. The exponents decide almost every case (|x| < 2^e_x <= 2^(e - 1) <=
// largest when e_x < e, both in MPFR's and frexp's convention of a significand in [1/2, 1)); only the
// rest is compared exactly. mpfr_cmp_d builds a temporary MPFR value per call, which made this check
// most of a convolution's time.
bool aboveLargest(mpfr_srcptr x, double largest) {
  if (std::isinf(largest) || !mpfr_regular_p(x)) return false;
  int e = 0;
  std::frexp(largest, &e);
  if (mpfr_get_exp(x) < e) return false;
  return mpfr_cmp_d(x, largest) > 0 || mpfr_cmp_d(x, -largest) < 0;
}

}  // namespace

void SumBound::addProduct(mpfr_srcptr a, mpfr_srcptr b) {
  if (mpfr_nan_p(a) || mpfr_nan_p(b)) return;  // every order gives NaN
  if (model_) {
    // Factors the implementation rounds or decomposes, where some order gets no finite result: a factor
    // that may round to infinity; an infinite factor in a product with a decomposed side (the residual
    // is inf - inf, or a zero component meets the infinity); an infinity times a factor that may round
    // to 0.
    const bool infinite = mpfr_inf_p(a) || mpfr_inf_p(b);
    if (infinite && (model_->lhs.decomposed || model_->rhs.decomposed)) unbounded_ = true;
    for (int side = 0; side < 2; ++side) {
      const InputModel::Side& s = side == 0 ? model_->lhs : model_->rhs;
      mpfr_srcptr x = side == 0 ? a : b, other = side == 0 ? b : a;
      if (!s.active || !mpfr_number_p(x)) continue;
      if (aboveLargest(x, s.largest)) unbounded_ = true;
      if (mpfr_inf_p(other) && mpfr_regular_p(x) && mpfr_get_exp(x) - 1 < s.sigma_exp) unbounded_ = true;
    }
  }
  if (!mpfr_regular_p(a) || !mpfr_regular_p(b)) return;  // a zero or infinite product: exact in every order
  // A leaf whose exact value is not a multiple of the smallest subnormal may round with an absolute
  // error (a rounded product or an FMA in the subnormal range). The factors' roundings and components
  // keep them multiples of 2^lsb (docs/accumulation.md), so this test on a b covers every leaf of it.
  const long lsb_a = lsbExponent(a), lsb_b = lsbExponent(b);
  if (lsb_a + lsb_b < acc_sigma_exp_) subnormal_leaves_ += model_ ? model_->leaves_per_product : 1;
  if (!model_) return;
  const double ka = model_->lhs.active && lsb_a < model_->lhs.sigma_exp ? model_->lhs.kappa : 0.0;
  const double kb = model_->rhs.active && lsb_b < model_->rhs.sigma_exp ? model_->rhs.kappa : 0.0;
  if (ka == 0 && kb == 0) return;
  const double abs_a = mpfr_get_d(a, MPFR_RNDA), abs_b = mpfr_get_d(b, MPFR_RNDA);
  double t = addUp(mulUp(ka, std::fabs(abs_b)), mulUp(kb, std::fabs(abs_a)));
  t = addUp(mulUp(t, 1 + model_->unit), mulUp(ka, kb));
  absolute_ = addUp(absolute_, t);
}

double SumBound::finish(ElementType result, uint64_t golden_bits) const {
  if (unbounded_) return INFINITY;
  const double g = gamma(leaves_, acc_p_);
  // Leaf magnitudes and the factors' perturbation (F M + L A and rho M + K A).
  double leaf_magnitude = magnitude_, perturbation = 0;
  if (model_ && (model_->lhs.active || model_->rhs.active || model_->relative > 0 || model_->magnitude_factor != 1)) {
    leaf_magnitude = addUp(mulUp(model_->magnitude_factor, magnitude_), mulUp(model_->leaf_count, absolute_));
    perturbation = addUp(mulUp(model_->relative, magnitude_), mulUp(model_->error_count, absolute_));
  }
  // Rounding of the leaves and partial sums: gamma(n m) per unit of leaf magnitude (0 when every leaf is 0,
  // whatever gamma is). Underflow: eta per leaf that may round in the subnormal range, carried through
  // at most n m - 1 more roundings.
  const double accumulation_rn = leaf_magnitude > 0 ? g * leaf_magnitude : 0.0;
  const FloatFormat& f = floatFormat(acc_);
  const double eta = std::ldexp(1.0, static_cast<int>(acc_sigma_exp_ - (f.has_subnormals ? 1 : 0)));
  const double underflow = subnormal_leaves_ ? mulUp(mulUp(static_cast<double>(subnormal_leaves_), std::max(eta, 0x1p-1074)), 1 + g) : 0.0;
  // Overflow: every value formed on the way, in any order, is at most (1 + gamma) times the leaves'
  // magnitude plus the underflow terms. Reaching the largest finite value (of the accumulation format or
  // of the result, when the sum is converted to it) means some order may overflow, and then also form
  // inf - inf: no finite bound. This includes every golden infinity made of finite products.
  const double reach = addUp(leaf_magnitude > 0 ? mulUp(leaf_magnitude, 1 + g) : 0.0, underflow);
  if (!(reach < largestDown(acc_)) || (result != acc_ && !(reach < largestDown(result)))) return INFINITY;
  const FloatClass cls = classifyFloat(result, golden_bits);
  if (cls == FloatClass::kNaN || cls == FloatClass::kInfinity) return 0.0;  // an infinite or NaN product decides
  double b;
  if (perturbation == 0 && underflow == 0 && result == acc_) {
    // The common case, as the bound was computed before the model had other terms (the same bits).
    b = std::nextafter(accumulation_rn + halfUlp(result, golden_bits), INFINITY);
  } else {
    double e = addUp(addUp(std::nextafter(accumulation_rn, INFINITY), perturbation), underflow);
    if (result != acc_) {
      // The sum in the accumulation format, converted to the result format: one more rounding, at most
      // u_r (|golden| + half an ulp + e) + eta_r (taken as the result format's smallest subnormal).
      MpFloat gv(64);
      decodeFloat(result, golden_bits, gv);
      const double ur = std::ldexp(1.0, -formatPrecision(result));
      const double magnitude = addUp(addUp(std::fabs(mpfr_get_d(gv, MPFR_RNDA)), halfUlp(result, golden_bits)), e);
      const double eta_r = std::max(std::ldexp(1.0, static_cast<int>(smallestExponent(result))), 0x1p-1074);
      e = addUp(e, addUp(mulUp(ur, magnitude), eta_r));
    }
    b = addUp(e, halfUlp(result, golden_bits));
  }
  return std::isnan(b) ? INFINITY : b;
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

uint64_t roundSumOfProductsWithBound(ElementType part_type, ElementType acc, std::span<const ProductTerm> terms, int64_t products,
                                     const InputModel* model, double& bound) {
  double abs_sum = 0;
  const uint64_t bits = roundSumOfProducts(part_type, terms, abs_sum);
  SumBound sum_bound(acc, products, model);
  for (const ProductTerm& t : terms) sum_bound.addProduct(t.a, t.b);
  sum_bound.setMagnitude(abs_sum);
  bound = sum_bound.finish(part_type, bits);
  return bits;
}

}  // namespace hloconf::ref
