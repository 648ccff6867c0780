// Run-time values of the reference evaluator: tensors (with a per-element "implementation-defined"
// mark), tokens and tuples.
#ifndef HLOCONF_REFERENCE_VALUE_H_
#define HLOCONF_REFERENCE_VALUE_H_

#include <cstdint>
#include <string>
#include <vector>

#include "ir/numerics_base.h"
#include "ir/tensor.h"
#include "ir/type.h"

namespace hloconf::ref {

struct RtValue {
  enum class Kind : uint8_t { kTensor, kToken, kTuple };
  Kind kind = Kind::kTensor;
  Tensor tensor;
  // One entry per element when some element's value is implementation-defined or undefined in the spec
  // (the reference picked a documented default, see docs/semantics.md); empty when none is.
  std::vector<uint8_t> impl_defined;
  std::vector<RtValue> elements;  // kTuple
  // One entry per element for results whose golden value allows for an implementation's choice of
  // accumulation order (sums of products, reductions): an absolute bound, rounded up, on the distance
  // between the correctly rounded exact result and any order-respecting implementation's result that
  // accumulates in the element type. Complex elements: the bound holds for each part. 0 for NaN and
  // infinite results (IEEE semantics, no order freedom); +infinity where no finite bound holds (some
  // order may overflow or underflow, or n·u >= 1). Empty when every element is exact-or-correctly-
  // rounded with no order freedom. docs/accumulation.md has the formulas.
  std::vector<double> error_bound;

  static RtValue ofTensor(Tensor t, std::vector<uint8_t> impl_defined = {});
  static RtValue token();
  static RtValue tuple(std::vector<RtValue> elements);

  bool isTensor() const { return kind == Kind::kTensor; }
  bool isImplDefined(int64_t index) const { return !impl_defined.empty() && impl_defined[index] != 0; }
  int64_t implDefinedCount() const;
  Type type() const;
};

// Whether a run-time value fits a declared type (a `?` dimension fits any size).
bool valueMatchesType(const RtValue& value, const Type& type);

// MLIR-style text of a value: `dense<[1, 2]> : tensor<2xi32>`, `!stablehlo.token`, `(v1, v2)`.
std::string toString(const RtValue& value);
// Element and index text: ir/numerics_base.h.
using hloconf::elementToString;
using hloconf::indexToString;

}  // namespace hloconf::ref

#endif  // HLOCONF_REFERENCE_VALUE_H_
