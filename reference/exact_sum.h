// Exact sums of exact products, rounded once, with the accumulation error bound that dot_general and
// convolution attach to every float/complex result element (docs/accumulation.md, "dot_general").
#ifndef HLOCONF_REFERENCE_EXACT_SUM_H_
#define HLOCONF_REFERENCE_EXACT_SUM_H_

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

// Unit roundoff exponent (u = 2^-p) of the precision an implementation may accumulate `t` in (the part
// type's precision for complex types).
int accumulationPrecision(ElementType t);

// gamma(n) = n u / (1 - n u) with u = 2^-p, as a double rounded up generously (+infinity when n u >= 1/2).
double gamma(int64_t n, int p);

// One product a * b (negated when `negate`) of an exact sum. Operands have at most 64 significant bits.
struct ProductTerm {
  mpfr_srcptr a;
  mpfr_srcptr b;
  bool negate;
};

// The bits of the exact sum of the exact products, correctly rounded once to the float format
// `part_type`. `abs_sum` receives sum |a b| rounded up (0 when a product is NaN or infinite).
uint64_t roundSumOfProducts(ElementType part_type, std::span<const ProductTerm> terms, double& abs_sum);

// The error bound of a sum of n products whose golden value is `golden_bits`: gamma(n) * abs_sum (u = 2^-acc_p),
// plus (2 u_in + u_in^2) * abs_sum when input_u_exp != 0 (u_in = 2^-input_u_exp), plus half an ulp of the
// golden value; 0 for a NaN or infinite golden value.
double productSumBound(ElementType part_type, uint64_t golden_bits, double abs_sum, int64_t n, int acc_p, int input_u_exp);

// The input-rounding allowance of `precision_config` for float operands lt/rt (docs/accumulation.md):
// 8 (bf16) for DEFAULT or an absent config, 11 (tf32) for HIGH, 0 (none) for HIGHEST or when neither
// operand is f32. The loosest of the operands' precisions counts.
int precisionConfigInputExponent(const Operation& op, ElementType lt, ElementType rt);

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
