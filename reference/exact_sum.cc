// Exact sums of exact products (dot_general, convolution): see exact_sum.h and docs/accumulation.md.
#include "reference/exact_sum.h"

#include "ir/op_views.h"
#include "ir/strings.h"
#include "reference/elementwise.h"
#include "reference/upward_sum.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cmath>
#include <deque>
#include <limits>
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

namespace {

// smallestExponent and largestDown of every float format, computed once (both are on the per-element path).
struct FormatLimits {
  long smallest_exponent = 0;
  double largest_down = 0;
};

const FormatLimits& formatLimits(ElementType t) {
  static const std::array<FormatLimits, kNumElementTypes> table = [] {
    std::array<FormatLimits, kNumElementTypes> limits{};
    for (int i = 0; i < kNumElementTypes; ++i) {
      const auto type = static_cast<ElementType>(i);
      if (!isFloat(type)) continue;
      MpFloat s(8), m(64);
      decodeFloat(type, smallestSubnormal(type), s);
      decodeFloat(type, largestFinite(type), m);
      limits[i] = {static_cast<long>(mpfr_get_exp(s)) - 1, mpfr_get_d(m, MPFR_RNDD)};
    }
    return limits;
  }();
  return table[static_cast<int>(t)];
}

}  // namespace

long smallestExponent(ElementType t) { return formatLimits(t).smallest_exponent; }

double largestDown(ElementType t) { return formatLimits(t).largest_down; }

double exactDouble(ElementType t, uint64_t bits) {
  switch (t) {
    case ElementType::kF64:
      return std::bit_cast<double>(bits);
    case ElementType::kF32:
      return std::bit_cast<float>(static_cast<uint32_t>(bits));
    case ElementType::kTF32:  // f32's sign and exponent, the top 10 mantissa bits
      return std::bit_cast<float>(static_cast<uint32_t>(bits) << 13);
    case ElementType::kBF16:  // the top half of an f32
      return std::bit_cast<float>(static_cast<uint32_t>(bits) << 16);
    case ElementType::kF16: {  // 1 sign, 5 exponent (bias 15) and 10 mantissa bits; no _Float16 (clang)
      const int exponent = static_cast<int>((bits >> 10) & 0x1F);
      const double mantissa = static_cast<double>(bits & 0x3FF);
      const double magnitude = exponent == 0x1F ? (mantissa == 0 ? INFINITY : NAN)
                               : exponent == 0  ? std::ldexp(mantissa, -24)
                                                : std::ldexp(1024 + mantissa, exponent - 25);
      return (bits & 0x8000) ? -magnitude : magnitude;
    }
    default: {
      thread_local MpFloat value(64);
      decodeFloat(t, bits, value);
      return mpfr_get_d(value, MPFR_RNDN);  // exact: the format's values are doubles
    }
  }
}

std::vector<double> floatParts(const Tensor& t, int part, std::optional<ElementType> round_to) {
  const ElementType et = t.elementType();
  const bool complex = isComplex(et);
  if (part == 1 && !complex) return {};
  const ElementType pt = complex ? complexPartType(et) : et;
  std::vector<double> values(t.numElements());
  MpFloat exact(64);
  for (int64_t i = 0; i < t.numElements(); ++i) {
    values[i] = exactDouble(pt, t.bits(i, part));
    if (round_to) {
      mpfr_set_d(exact, values[i], MPFR_RNDN);
      values[i] = exactDouble(*round_to, encodeFloat(*round_to, exact));
    }
  }
  return values;
}

namespace {

// The neighbours of a positive finite double.
double nextUp(double x) { return std::bit_cast<double>(std::bit_cast<uint64_t>(x) + 1); }
double nextDown(double x) { return std::bit_cast<double>(std::bit_cast<uint64_t>(x) - 1); }

// Half an ulp of the golden value: half the spacing of the format at it (at the smallest subnormal for
// zeros and subnormals), rounded up.
double halfUlp(ElementType t, uint64_t bits) {
  const double g = exactDouble(t, bits);
  const long min_exp = smallestExponent(t);
  // MPFR's exponent of g (significand in [1/2, 1)) is ilogb(g) + 1.
  const long ulp_exp = std::isfinite(g) && g != 0 ? std::max<long>(std::ilogb(g) + 1 - formatPrecision(t), min_exp) : min_exp;
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
    : acc_(acc),
      acc_p_(formatPrecision(acc)),
      acc_sigma_exp_(smallestExponent(acc)),
      leaves_(0),
      leaves_per_product_(model ? model->leaves_per_product : 1),
      model_(model) {
  if (model_) {
    quick_lhs_ = quickRange(model_->lhs);
    quick_rhs_ = quickRange(model_->rhs);
  }
  reset(products);
}

void SumBound::reset(int64_t products) {
  leaves_ = products * leaves_per_product_;
  magnitude_ = 0;
  pending_count_ = 0;
  magnitude_mp_.reset();
  absolute_ = 0;
  subnormal_leaves_ = 0;
  unbounded_ = false;
}

double SumBound::magnitude() const {
  if (magnitude_mp_) return mpfr_get_d(*magnitude_mp_, MPFR_RNDU);
  return sumRoundedUpward(magnitude_, pending_magnitudes_.data(), static_cast<size_t>(pending_count_));
}

void SumBound::setMagnitude(double magnitude) {
  magnitude_ = magnitude;
  magnitude_mp_.reset();
  pending_count_ = 0;
}

void SumBound::flushMagnitudes() {
  magnitude_ = sumRoundedUpward(magnitude_, pending_magnitudes_.data(), static_cast<size_t>(pending_count_));
  pending_count_ = 0;
}

// M <- RU(M + |a b|), 53 bits, unbounded exponent range. In doubles: with ph = RN(|a b|) and pl = the
// exact remainder (an FMA; exact when ph >= 2^-969), s = RN(M + ph) and e its exact error (TwoSum), the
// exact new value is s + d with d = e + pl, |e| <= ulp(s)/2 and |pl| <= ulp(ph)/2 <= ulp(s)/2 (ph <= s),
// so -g <= d <= ulp(s) where g = s - nextDown(s) (half an ulp below a power of two). Hence RU is
// nextUp(s) when d > 0, s when -g < d <= 0, and nextDown(s) when d = -g exactly. Every partial sum is
// then at least 2^-969, where doubles and 53-bit MPFR values are the same set; overflow to +inf agrees
// with MPFR's final rounding up of a sum above the double range. Products outside [2^-969, DBL_MAX]
// continue in MPFR.
void SumBound::addMagnitude(double a, double b) {
  if (!std::isfinite(a) || !std::isfinite(b) || a == 0 || b == 0) return;  // RU(M + 0) = M
  const double x = std::fabs(a), y = std::fabs(b);
  const double ph = x * y;
  if (magnitude_mp_ || !(ph >= 0x1p-969 && ph <= std::numeric_limits<double>::max())) {
    if (!magnitude_mp_) {
      magnitude_mp_ = std::make_unique<MpFloat>(53);
      mpfr_set_d(*magnitude_mp_, magnitude_, MPFR_RNDN);
    }
    MpFloat product(106);
    mpfr_set_d(product, x, MPFR_RNDN);
    mpfr_mul_d(product, product, y, MPFR_RNDN);  // exact: 106 bits hold the product of two doubles
    mpfr_add(*magnitude_mp_, *magnitude_mp_, product, MPFR_RNDU);
    return;
  }
  const double pl = std::fma(x, y, -ph);
  const double t = magnitude_;
  double s = t + ph;
  if (std::isinf(s)) {
    magnitude_ = s;
    return;
  }
  const double bb = s - t;
  const double e = (t - (s - bb)) + (ph - bb);
  const double d = e + pl;  // its sign is the exact sum's (round to nearest keeps signs and zeros)
  if (d > 0) {
    s = nextUp(s);
  } else if (d < 0) {
    const double dd = d - e;
    const double d_error = (e - (d - dd)) + (pl - dd);
    if (d == -(s - nextDown(s)) && d_error == 0) s = nextDown(s);
  }
  magnitude_ = s;
}

void SumBound::addProductGeneral(double a, double b) {
  if (std::isnan(a) || std::isnan(b)) return;  // every order gives NaN
  if (pending_count_ > 0) flushMagnitudes();
  addMagnitude(a, b);
  if (std::isfinite(a) && std::isfinite(b) && a != 0 && b != 0) {
    // A leaf whose exact value is not a multiple of the smallest subnormal may round with an absolute
    // error (a rounded product or an FMA in the subnormal range). The factors' roundings and components
    // keep them multiples of 2^lsb (docs/accumulation.md), so this test on a b covers every leaf of it.
    if (lsbExponent(a) + lsbExponent(b) < acc_sigma_exp_) subnormal_leaves_ += leaves_per_product_;
    if (model_) addModelTerms(a, b);
    return;
  }
  if (model_) addSpecialModelTerms(a, b);
}

// A zero or infinite product is exact in every order. With a model, some order gets no finite result
// for: a factor that may round to infinity; an infinite factor in a product with a decomposed side (the
// residual is inf - inf, or a zero component meets the infinity); an infinity times a factor that may
// round to 0.
void SumBound::addSpecialModelTerms(double a, double b) {
  if (std::isnan(a) || std::isnan(b)) return;  // every order gives NaN
  const bool infinite = std::isinf(a) || std::isinf(b);
  if (infinite && (model_->lhs.decomposed || model_->rhs.decomposed)) unbounded_ = true;
  for (int side = 0; side < 2; ++side) {
    const InputModel::Side& s = side == 0 ? model_->lhs : model_->rhs;
    const double x = side == 0 ? a : b, other = side == 0 ? b : a;
    if (!s.active || !std::isfinite(x)) continue;
    if (std::fabs(x) > s.largest) unbounded_ = true;
    if (std::isinf(other) && x != 0 && std::ilogb(x) < s.sigma_exp) unbounded_ = true;
  }
}

void SumBound::addExactProducts(const double* a, const double* b, const double* p, std::size_t n) {
  if (magnitude_mp_ || !products_exact_) {
    for (std::size_t i = 0; i < n; ++i) addProduct(a[i], b[i]);
    return;
  }
  if (pending_count_ > 0) flushMagnitudes();
  // M: the finite products' magnitudes, in order (a zero adds nothing).
  magnitude_ = sumMagnitudesRoundedUpward(magnitude_, p, n);
  // s: the finite nonzero products with bits below the smallest subnormal (a zero or non-finite product
  // is exact in every order). Only a product below 2^(sigma + 53) can have such bits; a first pass, which
  // the compiler vectorises, finds whether there is one, and whether some product needs the model's
  // closer look (a zero or non-finite product, or a factor outside the quick ranges).
  const double small = std::ldexp(1.0, static_cast<int>(acc_sigma_exp_) + 53);
  int64_t small_count = 0, not_quick = 0;  // branch-free counts
  if (!model_ || no_model_terms_) {
    for (std::size_t i = 0; i < n; ++i) {
      const double m = std::fabs(p[i]);
      small_count += (m < small) & (m != 0);  // false for infinities and NaN
    }
  } else {
    const QuickRange ql = quick_lhs_, qr = quick_rhs_;
    for (std::size_t i = 0; i < n; ++i) {
      const double m = std::fabs(p[i]);
      const bool finite_nonzero = (m != 0) & (m <= kLargestDouble);
      small_count += finite_nonzero & (m < small);
      not_quick += !(finite_nonzero & quickFactor(a[i], ql) & quickFactor(b[i], qr));
    }
  }
  const bool any_small = small_count > 0, all_quick = not_quick == 0;
  if (any_small) {
    int64_t subnormal = 0;
    for (std::size_t i = 0; i < n; ++i) {
      const double m = std::fabs(p[i]);
      subnormal += m != 0 && m <= kLargestDouble && lsbExponent(p[i]) < acc_sigma_exp_;
    }
    subnormal_leaves_ += subnormal * leaves_per_product_;
  }
  if (!model_ || no_model_terms_ || all_quick) return;
  // The model's terms, in order: factors outside the quick ranges, and zero or non-finite products.
  const QuickRange ql = quick_lhs_, qr = quick_rhs_;
  for (std::size_t i = 0; i < n; ++i) {
    const double m = std::fabs(p[i]);
    if (m != 0 && m <= kLargestDouble) {
      if (!(quickFactor(a[i], ql) && quickFactor(b[i], qr))) addModelTerms(a[i], b[i]);
    } else {
      addSpecialModelTerms(a[i], b[i]);
    }
  }
}

bool SumBound::noModelTermsFor(const InputModel* model, std::span<const double> lhs, std::span<const double> rhs) {
  if (!model) return true;
  auto quiet = [](std::span<const double> values, const QuickRange& q) {
    return std::all_of(values.begin(), values.end(), [&](double x) { return x == 0 || (std::isfinite(x) && quickFactor(x, q)); });
  };
  return !model->lhs.decomposed && !model->rhs.decomposed && quiet(lhs, quickRange(model->lhs)) && quiet(rhs, quickRange(model->rhs));
}

void SumBound::addModelTerms(double a, double b) {
  if ((model_->lhs.active && std::fabs(a) > model_->lhs.largest) || (model_->rhs.active && std::fabs(b) > model_->rhs.largest)) {
    unbounded_ = true;
  }
  const double ka = model_->lhs.active && lsbExponent(a) < model_->lhs.sigma_exp ? model_->lhs.kappa : 0.0;
  const double kb = model_->rhs.active && lsbExponent(b) < model_->rhs.sigma_exp ? model_->rhs.kappa : 0.0;
  if (ka == 0 && kb == 0) return;
  double t = addUp(mulUp(ka, std::fabs(b)), mulUp(kb, std::fabs(a)));
  t = addUp(mulUp(t, 1 + model_->unit), mulUp(ka, kb));
  absolute_ = addUp(absolute_, t);
}

double SumBound::finish(ElementType result, uint64_t golden_bits) const {
  if (unbounded_) return INFINITY;
  const double magnitude = this->magnitude();
  const double g = gamma(leaves_, acc_p_);
  // Leaf magnitudes and the factors' perturbation (F M + L A and rho M + K A).
  double leaf_magnitude = magnitude, perturbation = 0;
  if (model_ && (model_->lhs.active || model_->rhs.active || model_->relative > 0 || model_->magnitude_factor != 1)) {
    leaf_magnitude = addUp(mulUp(model_->magnitude_factor, magnitude), mulUp(model_->leaf_count, absolute_));
    perturbation = addUp(mulUp(model_->relative, magnitude), mulUp(model_->error_count, absolute_));
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
      const double ur = std::ldexp(1.0, -formatPrecision(result));
      const double reach_r = addUp(addUp(std::fabs(exactDouble(result, golden_bits)), halfUlp(result, golden_bits)), e);
      const double eta_r = std::max(std::ldexp(1.0, static_cast<int>(smallestExponent(result))), 0x1p-1074);
      e = addUp(e, addUp(mulUp(ur, reach_r), eta_r));
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

namespace {

std::atomic<bool>& exactSumFastPathFlag() {
  static std::atomic<bool> enabled{true};
  return enabled;
}

}  // namespace

void setExactSumFastPath(bool enabled) { exactSumFastPathFlag().store(enabled); }
bool exactSumFastPath() { return exactSumFastPathFlag().load(); }

ProductSum::ProductSum(ElementType part_type, ElementType acc, const InputModel* model, ElementType lhs_part, ElementType rhs_part)
    : part_type_(part_type),
      fast_(exactSumFastPath()),
      products_fit_double_(lhs_part != ElementType::kF64 && rhs_part != ElementType::kF64),
      bound_(acc, 0, model) {
  bound_.setProductsExact(products_fit_double_);
}

void ProductSum::start(int64_t products) {
  bound_.reset(products);
  if (fast_) {
    accumulator_.clear();
    products_.clear();
    approximate_sum_ = 0;
    certifiable_ = true;
  } else {
    terms_.clear();
  }
}

void ProductSum::addProducts(const double* a, const double* b, std::size_t n) {
  if (!fast_ || !products_fit_double_) {
    for (std::size_t i = 0; i < n; ++i) add(a[i], b[i]);
    return;
  }
  const std::size_t first = products_.size();
  products_.resize(first + n);
  double* p = products_.data() + first;
  for (std::size_t i = 0; i < n; ++i) p[i] = a[i] * b[i];  // exact
  // Four partial sums, for the certificate: independent additions overlap in the pipeline.
  double s0 = 0, s1 = 0, s2 = 0, s3 = 0;
  std::size_t i = 0;
  for (; i + 4 <= n; i += 4) {
    s0 += p[i];
    s1 += p[i + 1];
    s2 += p[i + 2];
    s3 += p[i + 3];
  }
  for (; i < n; ++i) s0 += p[i];
  approximate_sum_ += (s0 + s1) + (s2 + s3);
  bound_.addExactProducts(a, b, p, n);
}

// The certificate of the class comment: the f32 bits of the exact sum when the double sum decides them.
std::optional<uint64_t> ProductSum::certifiedF32() const {
  if (part_type_ != ElementType::kF32 || !certifiable_ || products_.empty() || !std::isfinite(approximate_sum_)) return std::nullopt;
  const double magnitude = bound_.magnitude();
  if (!std::isfinite(magnitude)) return std::nullopt;
  const double error = mulUp(gamma(static_cast<int64_t>(products_.size()) - 1, 53), magnitude);
  // The interval [approximate - error, approximate + error], widened by an ulp each way for the rounding
  // of its ends.
  const double lo = std::nextafter(approximate_sum_ - error, -INFINITY), hi = std::nextafter(approximate_sum_ + error, INFINITY);
  const float rounded_lo = static_cast<float>(lo), rounded_hi = static_cast<float>(hi);  // round to nearest even
  if (std::bit_cast<uint32_t>(rounded_lo) != std::bit_cast<uint32_t>(rounded_hi) || rounded_lo == 0 || !std::isfinite(rounded_lo)) {
    return std::nullopt;
  }
  return std::bit_cast<uint32_t>(rounded_lo);
}

ComplexProductSum::ComplexProductSum(ElementType part_type, ElementType acc, const InputModel* model, ElementType lhs_part,
                                     ElementType rhs_part, bool lhs_complex, bool rhs_complex)
    : re_{ProductSum(part_type, acc, model, lhs_part, rhs_part), {}, {}},
      im_{ProductSum(part_type, acc, model, lhs_part, rhs_part), {}, {}},
      lhs_complex_(lhs_complex),
      rhs_complex_(rhs_complex) {}

void ComplexProductSum::start(int64_t products) {
  for (Part* part : {&re_, &im_}) {
    part->sum.start(2 * products);
    part->lhs.clear();
    part->rhs.clear();
  }
}

std::pair<uint64_t, uint64_t> ComplexProductSum::finish(double& bound) {
  double re_bound = 0, im_bound = 0;
  re_.sum.addProducts(re_.lhs.data(), re_.rhs.data(), re_.lhs.size());
  im_.sum.addProducts(im_.lhs.data(), im_.rhs.data(), im_.lhs.size());
  const uint64_t re = re_.sum.finish(re_bound), im = im_.sum.finish(im_bound);
  bound = std::max(re_bound, im_bound);
  return {re, im};
}

uint64_t ProductSum::finish(double& bound) {
  uint64_t bits = 0;
  if (fast_) {
    if (const std::optional<uint64_t> certified = certifiedF32()) {
      bits = *certified;
    } else {
      accumulator_.addValues(products_.data(), 1, products_.size());
      bits = accumulator_.round(part_type_);
    }
  } else {
    std::deque<MpFloat> factors;
    std::vector<ProductTerm> terms;
    terms.reserve(terms_.size());
    for (auto [a, b] : terms_) {
      mpfr_set_d(factors.emplace_back(53), a, MPFR_RNDN);
      mpfr_set_d(factors.emplace_back(53), b, MPFR_RNDN);
      terms.push_back({factors[factors.size() - 2], factors.back(), false});
    }
    double abs_sum = 0;
    bits = roundSumOfProducts(part_type_, terms, abs_sum);
    bound_.setMagnitude(abs_sum);
  }
  bound = bound_.finish(part_type_, bits);
  return bits;
}

}  // namespace hloconf::ref
