// Exact sums of exact products, rounded once, with the accumulation error bound that dot_general and
// convolution attach to every float/complex result element (docs/accumulation.md, "dot_general").
#ifndef HLOCONF_REFERENCE_EXACT_SUM_H_
#define HLOCONF_REFERENCE_EXACT_SUM_H_

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string_view>
#include <utility>
#include <vector>

#include "ir/element_type.h"
#include "ir/operation.h"
#include "ir/tensor.h"
#include "reference/interpreter.h"
#include "reference/long_accumulator.h"
#include "reference/numerics.h"
#include "reference/value.h"

namespace hloconf::ref {

// gamma(n) = n u / (1 - n u) with u = 2^-p, as a double rounded up generously (+infinity when n u >= 1/2).
double gamma(int64_t n, int p);

// One product a * b (negated when `negate`) of an exact sum. Operands have at most 64 significant bits.
struct ProductTerm {
  mpfr_srcptr a;
  mpfr_srcptr b;
  bool negate;
};

// The MPFR path of ProductSum: the bits of the exact sum of the exact products, correctly rounded once
// to the float format `part_type`. `abs_sum` receives sum |a b| over the finite products, rounded up (an infinite or NaN
// product does not count; the sum of the others still decides whether some order can overflow).
uint64_t roundSumOfProducts(ElementType part_type, std::span<const ProductTerm> terms, double& abs_sum);

// What an implementation may do to the two factors of each product before it multiplies
// (docs/accumulation.md, "The accumulation model"): round them (precision_config) or split them into
// components (a dot algorithm's component counts). For a product a b it forms `leaves_per_product` leaves
// of the summation tree; they sum in magnitude to at most magnitude_factor |a b| + leaf_count t and
// differ from a b in total by at most relative |a b| + error_count t, where
//   t = (1 + unit) (kappa_a |b| + kappa_b |a|) + kappa_a kappa_b
// and kappa_x is the side's `kappa` when x is not a multiple of 2^sigma_exp (its rounding may fall in
// the subnormal range of the rounding format, with an absolute error), and 0 otherwise.
struct InputModel {
  struct Side {
    bool active = false;         // this side's factors are rounded or decomposed
    bool decomposed = false;     // split into components (an infinite factor then gives no bound)
    long sigma_exp = 0;          // log2 of the smallest subnormal of the rounding (component) format
    double kappa = 0;            // absolute error of a factor below that spacing
    double largest = INFINITY;   // a factor above this may round to infinity: no bound
  };
  Side lhs, rhs;
  double unit = 0;               // the larger unit roundoff of the two sides' formats
  double relative = 0;
  double magnitude_factor = 1;
  int64_t leaves_per_product = 1;
  double leaf_count = 1;
  double error_count = 1;
};

// precision_config (docs/accumulation.md): f32 factors may be rounded to bf16 (DEFAULT or absent) or
// tf32 (HIGH) before they are multiplied; none for HIGHEST or when neither operand is f32. The loosest of
// the operands' precisions counts. Returns a model with neither side active when nothing is rounded.
InputModel precisionConfigModel(const Operation& op, ElementType lt, ElementType rt);

// The error bound of one accumulated element (a part of a complex element), built while its terms are
// visited, for any summation order (docs/accumulation.md, "The accumulation model"). The terms are the
// products a_i b_i of exact operand values (reductions and collectives pass x_i * 1). With n the number
// of products, m = leaves_per_product, M = sum |a_i b_i| (finite products), u and eta = half the
// smallest subnormal of the accumulation format:
//   gamma(n m) (F M + L A) + (rho M + K A) + s eta (1 + gamma(n m)) + half an ulp of the golden value,
// where F, rho, L, K come from the InputModel (1, 0, 1, 1 without one), A = sum t over the products and
// s counts the leaves whose exact value need not be a multiple of the smallest subnormal (those whose
// rounding may underflow). +infinity when some order may overflow or form inf - inf; 0 for a NaN or
// infinite golden value that every order reproduces. Never NaN.
//
// Everything is plain double arithmetic: every operand value of a format up to f64 is a double. M is
// the sum of the |a_i b_i| in visiting order, each partial sum rounded up to 53 bits: exactly what an
// MPFR sum at 53 bits with upward rounding gives (the MPFR path of roundSumOfProducts computes it that
// way, and the fast path's tests compare the two bit for bit). A product that is not two doubles' exact
// sum (below 2^-969 or above the double range) moves that element's M into MPFR.
class SumBound {
 public:
  // `acc`: the accumulation format (its precision, subnormals and range). `products`: n.
  SumBound(ElementType acc, int64_t products, const InputModel* model = nullptr);
  SumBound(SumBound&&) = default;

  // Back to no products visited, for an element of `products` products.
  void reset(int64_t products);

  // Every product a * b of this element is exact in a double (neither operand format is f64): allows the
  // inline path of addProduct.
  void setProductsExact(bool exact) { products_exact_ = exact; }
  // Whether the model adds nothing per product for factors drawn from these values (every value finite,
  // and zero or inside the model's quick ranges: no factor may round to infinity or has bits below the
  // rounding format's subnormal spacing). A kernel checks its operands once and then tells
  // setNoModelTerms, which lets addExactProducts skip the model's per-product checks.
  static bool noModelTermsFor(const InputModel* model, std::span<const double> lhs, std::span<const double> rhs);
  void setNoModelTerms(bool none) { no_model_terms_ = none; }

  // Visits one product a * b (a, b: exact operand values, before any rounding the model allows). Inline
  // for the common case (an exact, finite, nonzero product whose factors the model leaves alone).
  [[gnu::always_inline]] void addProduct(double a, double b) {
    if (products_exact_) {
      const double p = a * b;
      const double magnitude = std::fabs(p);
      // Finite and nonzero (NaN fails the comparison): both factors are finite and nonzero.
      if (magnitude != 0 && magnitude <= kLargestDouble && !magnitude_mp_) {
        // M's upward rounded sum, deferred: a loop of dependent additions, run in hardware later.
        pending_magnitudes_[pending_count_++] = magnitude;
        if (pending_count_ == kPendingMagnitudes) flushMagnitudes();
        // The lowest set bit of an exact product is the sum of its factors' lowest set bits.
        if (lsbExponent(p) < acc_sigma_exp_) subnormal_leaves_ += leaves_per_product_;
        if (model_ && !(quickFactor(a, quick_lhs_) && quickFactor(b, quick_rhs_))) addModelTerms(a, b);
        return;
      }
    }
    addProductGeneral(a, b);
  }
  // addProduct(a[i], b[i]) for i < n, in order, where every product is exact in a double and
  // p[i] = a[i] * b[i] (setProductsExact(true)): the same bound, in loops over the arrays.
  void addExactProducts(const double* a, const double* b, const double* p, std::size_t n);
  // The same for MPFR operands, which must be doubles (at most 53 significant bits, double range).
  void addProduct(mpfr_srcptr a, mpfr_srcptr b) { addProduct(mpfr_get_d(a, MPFR_RNDN), mpfr_get_d(b, MPFR_RNDN)); }
  // M as visited so far (rounded up).
  double magnitude() const;
  // Replaces M by one the caller computed (the MPFR path, to check this class's M against it).
  void setMagnitude(double magnitude);
  // The bound of the golden value `golden_bits` of format `result` (the result's part type).
  double finish(ElementType result, uint64_t golden_bits) const;

 private:
  static constexpr double kLargestDouble = 1.7976931348623157e308;

  // Factor magnitudes the model needs no work for: [low, high] (docs: addModelTerms).
  struct QuickRange {
    double low = 0;
    double high = INFINITY;
  };
  static QuickRange quickRange(const InputModel::Side& side) {
    if (!side.active) return {};
    return {std::ldexp(1.0, static_cast<int>(side.sigma_exp) + 53), side.largest};
  }
  static bool quickFactor(double x, const QuickRange& q) {
    const double m = std::fabs(x);
    return (m >= q.low) & (m <= q.high);  // & not &&: no branch, so loops over factors vectorise
  }

 public:
  // log2 of the lowest set bit of a finite nonzero x: x is an odd multiple of 2^lsbExponent(x).
  static int lsbExponent(double x) {
    const uint64_t u = std::bit_cast<uint64_t>(x);
    const int biased = static_cast<int>((u >> 52) & 0x7FF);
    const uint64_t significand = (u & ((uint64_t{1} << 52) - 1)) | (uint64_t{biased != 0} << 52);
    return std::max(biased, 1) - 1075 + std::countr_zero(significand);
  }

 private:
  void addProductGeneral(double a, double b);
  // Adds the pending exact |a_i b_i| (each in [2^-298, 2^256]: normal doubles) to M, in order.
  void flushMagnitudes();
  void addMagnitude(double a, double b);
  // The model's part for finite nonzero factors: a factor that may round to infinity, and the absolute
  // terms of factors below the rounding format's subnormal spacing.
  void addModelTerms(double a, double b);
  // The model's part for a zero or non-finite product (addProductGeneral).
  void addSpecialModelTerms(double a, double b);

  ElementType acc_;
  int acc_p_;
  long acc_sigma_exp_;  // log2 of the accumulation format's smallest subnormal
  int64_t leaves_;
  int64_t leaves_per_product_;
  const InputModel* model_;
  bool products_exact_ = false;
  bool no_model_terms_ = false;
  // A factor x of a side with |x| in this range neither exceeds the side's largest value nor has bits
  // below its subnormal spacing (|x| >= 2^(sigma_exp + 53) puts x's lowest bit above it).
  QuickRange quick_lhs_, quick_rhs_;
  double magnitude_ = 0;  // M, each partial sum rounded up to a double
  static constexpr int kPendingMagnitudes = 128;
  std::array<double, kPendingMagnitudes> pending_magnitudes_;  // terms of M not yet added
  int pending_count_ = 0;
  std::unique_ptr<MpFloat> magnitude_mp_;  // M in MPFR at 53 bits, once a product left the double path
  double absolute_ = 0;            // A, rounded up
  int64_t subnormal_leaves_ = 0;   // s
  bool unbounded_ = false;
};

// The exact value of float bits of any format up to f64, as a double (NaN for NaN bits).
double exactDouble(ElementType t, uint64_t bits);
// Part `part` (0 real, 1 imaginary) of every element of a float or complex tensor as doubles, each first
// rounded to `round_to` when given (a dot algorithm's precision type); empty for part 1 of a real tensor.
std::vector<double> floatParts(const Tensor& t, int part, std::optional<ElementType> round_to = std::nullopt);

// One accumulated element of dot_general, convolution or a collective sum (a real result or one part of a
// complex one): the exact sum of the products it is given, rounded once to the result's part type, and
// its SumBound, built in one pass. The fast path sums in a LongAccumulator (products of two values of
// formats below f64 are exact doubles, added as such; f64 products go in as integer products). For an f32
// result whose products come through addProducts it first tries a certificate: the products' sum in
// double, in any order, lies within gamma(n - 1) M of the exact sum (M: the bound's sum of magnitudes),
// and when both ends of that interval round to the same nonzero finite f32, so does the exact sum
// (rounding is monotonic); otherwise the accumulator decides. The MPFR path (setExactSumFastPath(false))
// keeps the terms and sums them with mpfr_sum and M in MPFR, as before the fast path existed, so tests
// can compare the two bit for bit.
class ProductSum {
 public:
  // `lhs_part`, `rhs_part`: the operands' (part) element types.
  ProductSum(ElementType part_type, ElementType acc, const InputModel* model, ElementType lhs_part, ElementType rhs_part);
  // Starts an element of `products` products (the n of the bound).
  void start(int64_t products);
  // Adds the exact product a * b. Always inlined: it is the inner loop of dot_general and convolution.
  [[gnu::always_inline]] void add(double a, double b) {
    bound_.addProduct(a, b);
    certifiable_ = false;
    if (!fast_) [[unlikely]] {
      terms_.emplace_back(a, b);
    } else if (products_fit_double_) {
      accumulator_.add(a * b);  // exact; NaN and infinite products count as the integer path counts them
    } else {
      accumulator_.addProduct(a, b);
    }
  }
  // add(a[i], b[i]) for i < n, in order.
  void addProducts(const double* a, const double* b, std::size_t n);
  // SumBound::noModelTermsFor holds for every factor of the elements to come.
  void setNoModelTerms(bool none) { bound_.setNoModelTerms(none); }
  // The rounded bits of the element; `bound` receives its bound.
  uint64_t finish(double& bound);

 private:
  std::optional<uint64_t> certifiedF32() const;

  ElementType part_type_;
  bool fast_;
  // Neither operand is f64: values of every other format have at most 24 significant bits and lie
  // between 2^-149 and 2^128, so a product is exact in a double (48 bits, 2^-298 to 2^256).
  bool products_fit_double_;
  SumBound bound_;
  LongAccumulator accumulator_;
  std::vector<std::pair<double, double>> terms_;  // the MPFR path's products
  std::vector<double> products_;                  // addProducts' exact products, summed at finish
  double approximate_sum_ = 0;                    // their sum in double (any order)
  bool certifiable_ = true;                       // no term came through add()
};

// One complex element of dot_general or convolution: re = sum (ar br - ai bi), im = sum (ar bi + ai br),
// each part a ProductSum of up to 2n products. An operand that is not complex has no imaginary terms (not
// zero terms: their zero signs would count). One bound per element: the larger of the two parts'.
class ComplexProductSum {
 public:
  ComplexProductSum(ElementType part_type, ElementType acc, const InputModel* model, ElementType lhs_part, ElementType rhs_part,
                    bool lhs_complex, bool rhs_complex);
  // Starts an element of n complex products.
  void start(int64_t products);
  // Adds (ar + ai i)(br + bi i), in product order (ai, bi are ignored for a real operand).
  void add(double ar, double ai, double br, double bi) {
    re_.push(ar, br);
    if (lhs_complex_ && rhs_complex_) re_.push(-ai, bi);
    if (rhs_complex_) im_.push(ar, bi);
    if (lhs_complex_) im_.push(ai, br);
  }
  // The bits of the real and imaginary parts; `bound` receives the element's bound.
  std::pair<uint64_t, uint64_t> finish(double& bound);

 private:
  // A part's sum and its products' factors, gathered for ProductSum::addProducts.
  struct Part {
    ProductSum sum;
    std::vector<double> lhs, rhs;
    void push(double a, double b) {
      lhs.push_back(a);
      rhs.push_back(b);
    }
  };
  Part re_, im_;
  bool lhs_complex_, rhs_complex_;
};

// The exact integer sum of products of dot_general and convolution, wrapped to the result type; an exact
// sum out of the type's range marks the element implementation-defined (integer overflow, as for add).
class IntegerProductSum {
 public:
  void add(__int128 a, __int128 b) {
    __int128 product;
    if (__builtin_mul_overflow(a, b, &product) || __builtin_add_overflow(sum_, product, &sum_)) overflow_ = true;
    wrapped_ += static_cast<uint64_t>(static_cast<unsigned __int128>(a) * static_cast<unsigned __int128>(b));
  }
  // The result bits in `t`; `implementation_defined` receives the mark.
  uint64_t finish(ElementType t, uint8_t& implementation_defined) const {
    implementation_defined = overflow_ || !integerInRange(t, sum_);
    return wrapInteger(t, overflow_ ? static_cast<__int128>(wrapped_) : sum_);
  }

 private:
  __int128 sum_ = 0;
  bool overflow_ = false;
  uint64_t wrapped_ = 0;  // the sum modulo 2^64, which wraps correctly when the exact sum overflowed 128 bits
};

// Whether dot_general, convolution and the collective sums use ProductSum's fast path (default true).
void setExactSumFastPath(bool enabled);
bool exactSumFastPath();

// Upward-rounded double arithmetic for bounds on nonnegative values: the round-to-nearest result moved
// one double up, so it is at least the exact value.
double addUp(double a, double b);
double mulUp(double a, double b);

// log2 of the smallest positive value of float format `t` (the smallest subnormal; the smallest normal
// value for a format without subnormals).
long smallestExponent(ElementType t);
// The largest finite value of `t`, as a double rounded down (+infinity beyond the double range).
double largestDown(ElementType t);

// The quantized operands of dot_general and convolution, checked before the kernel reads their
// quantization parameters (the schema's verify checks the spec's type constraints, dot_general C14-C20 and
// convolution C27-C34, on the declared types): the result is a tensor, the rhs is quantized, the lhs
// exactly when the result is, and the quantized types are valid. `first` is the op's "quantized rhs"
// constraint (14 or 28), cited in the message.
absl::Status checkQuantizedProductOperands(Interpreter& interp, const Operation& op, const std::vector<RtValue>& operands,
                                           std::string_view op_word, int first);

}  // namespace hloconf::ref

#endif  // HLOCONF_REFERENCE_EXACT_SUM_H_
