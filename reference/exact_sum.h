// Exact sums of exact products, rounded once, with the accumulation error bound that dot_general and
// convolution attach to every float/complex result element (docs/accumulation.md, "dot_general").
#ifndef HLOCONF_REFERENCE_EXACT_SUM_H_
#define HLOCONF_REFERENCE_EXACT_SUM_H_

#include <cmath>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "ir/element_type.h"
#include "ir/operation.h"
#include "reference/interpreter.h"
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

// The bits of the exact sum of the exact products, correctly rounded once to the float format
// `part_type`. `abs_sum` receives sum |a b| over the finite products, rounded up (an infinite or NaN
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
class SumBound {
 public:
  // `acc`: the accumulation format (its precision, subnormals and range). `products`: n.
  SumBound(ElementType acc, int64_t products, const InputModel* model = nullptr);

  // Visits one product a * b (a, b: exact operand values, before any rounding the model allows).
  void addProduct(mpfr_srcptr a, mpfr_srcptr b);
  // M, computed by the caller with the exact sum (roundSumOfProducts' abs_sum).
  void setMagnitude(double magnitude) { magnitude_ = magnitude; }
  // The bound of the golden value `golden_bits` of format `result` (the result's part type).
  double finish(ElementType result, uint64_t golden_bits) const;

 private:
  ElementType acc_;
  int acc_p_;
  long acc_sigma_exp_;  // log2 of the accumulation format's smallest subnormal
  int64_t leaves_;
  const InputModel* model_;
  double magnitude_ = 0;
  double absolute_ = 0;            // A, rounded up
  int64_t subnormal_leaves_ = 0;   // s
  bool unbounded_ = false;
};

// The exact sum of `terms` rounded once to `part_type`, with its bound for `products` products accumulated
// in `acc` under `model` (SumBound) stored in `bound`: the one step of dot_general and convolution.
uint64_t roundSumOfProductsWithBound(ElementType part_type, ElementType acc, std::span<const ProductTerm> terms, int64_t products,
                                     const InputModel* model, double& bound);

// Upward-rounded double arithmetic for bounds on nonnegative values: the round-to-nearest result moved
// one double up, so it is at least the exact value.
double addUp(double a, double b);
double mulUp(double a, double b);

// log2 of the smallest positive value of float format `t` (the smallest subnormal; the smallest normal
// value for a format without subnormals).
long smallestExponent(ElementType t);
// The largest finite value of `t`, as a double rounded down (+infinity beyond the double range).
double largestDown(ElementType t);

// Quantized and hybrid dot_general/convolution share their type rules (spec: dot_general I1, C14,
// C17-C20; convolution I1, C28, C31-C34). `first` is the op's "quantized rhs" constraint (14 or 28); the
// others are numbered first+3 (storage type) to first+6 (hybrid types). Each op checks its own axis
// rules between the two calls.
// Operands: the result is a tensor, the rhs is quantized, the lhs exactly when the result is, and the
// quantized types are valid.
absl::Status checkQuantizedProductOperands(Interpreter& interp, const Operation& op, const std::vector<RtValue>& operands,
                                           std::string_view op_word, int first);
// Combination: a quantized lhs is per-tensor with the rhs's storage type, one expressed type throughout,
// and a per-tensor rhs needs a per-tensor result; hybrid: element types equal the rhs's expressed type.
absl::Status checkQuantizedProductCombination(Interpreter& interp, const Operation& op, const std::vector<RtValue>& operands,
                                              std::string_view op_word, int first);

}  // namespace hloconf::ref

#endif  // HLOCONF_REFERENCE_EXACT_SUM_H_
