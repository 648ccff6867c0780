// Bitwise and logical ops, shifts, bit counts, compare, select and is_finite.
//
// Shifts by an amount >= the bit width (the amount read as unsigned) are implementation-defined in the
// spec; the reference gives XLA's results (0 for left and logical right shifts, the sign fill for
// arithmetic right shifts) and marks the element.
#include <bit>

#include "ir/op_views.h"
#include "ir/status_macros.h"
#include "reference/elementwise.h"
#include "reference/float_order.h"
#include "reference/numerics.h"

namespace hloconf::ref {
namespace {

using Results = absl::StatusOr<std::vector<RtValue>>;

Results bitwiseKernel(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands) {
  const ElementType t = operandType(op);
  if (!isInteger(t) && !isBoolean(t)) return typeError(interp, op, "boolean and integer types");
  const uint64_t mask = integerMask(t);
  if (op.id == OpId::kNot) {
    return mapElements(interp, op, operands, 1, [&](const std::vector<Elem>& a, Elem& out) {
      out.re = ~a[0].re & mask;
      return false;
    }, /*same_types=*/true);
  }
  const OpId kind = op.id;
  return mapElements(interp, op, operands, 2, [&](const std::vector<Elem>& a, Elem& out) {
    out.re = kind == OpId::kAnd ? (a[0].re & a[1].re) : kind == OpId::kOr ? (a[0].re | a[1].re) : (a[0].re ^ a[1].re);
    return false;
  }, /*same_types=*/true);
}

Results shiftKernel(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands) {
  const ElementType t = operandType(op);
  if (!isInteger(t)) return typeError(interp, op, "integer types");
  const int width = bitWidth(t);
  const uint64_t mask = integerMask(t);
  const OpId kind = op.id;
  return mapElements(interp, op, operands, 2, [&](const std::vector<Elem>& a, Elem& out) {
    const uint64_t amount = a[1].re & mask;  // read as unsigned
    // An arithmetic shift works on the bit pattern: its top bit fills the vacated bits, for unsigned types
    // too (XLA's evaluator shifts static_cast<SignedT>(lhs); the upstream interpreter uses APInt::ashr).
    const bool top_bit = (a[0].re >> (width - 1)) & 1;
    if (amount >= static_cast<uint64_t>(width)) {
      out.re = (kind == OpId::kShiftRightArithmetic && top_bit) ? mask : 0;
      return true;
    }
    if (kind == OpId::kShiftLeft) {
      out.re = (a[0].re << amount) & mask;
    } else if (kind == OpId::kShiftRightLogical) {
      out.re = (a[0].re & mask) >> amount;
    } else {
      const uint64_t fill = top_bit && amount > 0 ? (mask << (width - amount)) & mask : 0;
      out.re = ((a[0].re & mask) >> amount) | fill;
    }
    return false;
  }, /*same_types=*/true);
}

Results countKernel(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands) {
  const ElementType t = operandType(op);
  if (!isInteger(t)) return typeError(interp, op, "integer types");
  const int width = bitWidth(t);
  const bool popcnt = op.id == OpId::kPopcnt;
  return mapElements(interp, op, operands, 1, [&](const std::vector<Elem>& a, Elem& out) {
    const uint64_t bits = a[0].re & integerMask(t);
    const int count = popcnt ? std::popcount(bits) : std::countl_zero(bits) - (64 - width);
    out.re = wrapInteger(t, count);
    return false;
  }, /*same_types=*/true);
}

enum class Direction { kEQ, kNE, kGE, kGT, kLE, kLT };

// Orders a comparison result (-1, 0, 1, or 2 for unordered) by direction.
bool decide(Direction d, int c) {
  if (c == 2) return d == Direction::kNE;
  switch (d) {
    case Direction::kEQ: return c == 0;
    case Direction::kNE: return c != 0;
    case Direction::kGE: return c >= 0;
    case Direction::kGT: return c > 0;
    case Direction::kLE: return c <= 0;
    case Direction::kLT: return c < 0;
  }
  return false;
}

// IEEE comparison of two floats: -1, 0, 1, or 2 when unordered (a NaN).
int floatCompare(ElementType t, uint64_t x, uint64_t y) {
  if (classifyFloat(t, x) == FloatClass::kNaN || classifyFloat(t, y) == FloatClass::kNaN) return 2;
  ScratchFloat a(64), b(64);
  decodeFloat(t, x, a);
  decodeFloat(t, y, b);
  const int c = mpfr_cmp(a, b);
  return (c > 0) - (c < 0);
}

Results compareKernel(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands) {
  const CompareOp compare(op);
  const std::string_view dir = compare.comparisonDirection();
  if (dir.empty()) return interp.opError(op, "needs a comparison_direction");
  static constexpr std::pair<std::string_view, Direction> kDirections[] = {
      {"EQ", Direction::kEQ}, {"NE", Direction::kNE}, {"GE", Direction::kGE},
      {"GT", Direction::kGT}, {"LE", Direction::kLE}, {"LT", Direction::kLT}};
  Direction direction{};
  bool found = false;
  for (const auto& [name, d] : kDirections) {
    if (dir == name) direction = d, found = true;
  }
  if (!found) return interp.opError(op, strCat("unknown comparison_direction ", dir));
  const ElementType t = operandType(op);
  std::string compare_type(compare.compareType());
  if (compare_type.empty() || compare_type == "NOTYPE") {
    compare_type = isFloat(t) || isComplex(t) ? "FLOAT" : isSignedInteger(t) ? "SIGNED" : "UNSIGNED";
  }
  const bool total = compare_type == "TOTALORDER";
  const bool is_signed = compare_type == "SIGNED";
  // Spec C3: complex operands take FLOAT only; float operands FLOAT or TOTALORDER.
  if ((isComplex(t) && compare_type != "FLOAT") || (isFloat(t) && compare_type != "FLOAT" && !total)) {
    return interp.opError(op, strCat("compare_type ", compare_type, " does not apply to ", elementTypeName(t),
                                     isComplex(t) ? " (spec C3: complex operands take FLOAT)" : ""));
  }
  return mapElements(interp, op, operands, 2, [&](const std::vector<Elem>& a, Elem& out) {
    bool result;
    if (isFloat(t)) {
      if (total) {
        const int64_t x = totalOrderKey(t, a[0].re), y = totalOrderKey(t, a[1].re);
        result = decide(direction, (x > y) - (x < y));
      } else {
        result = decide(direction, floatCompare(t, a[0].re, a[1].re));
      }
    } else if (isComplex(t)) {
      // Lexicographic on (real, imag) with IEEE comparisons per part (compare_type FLOAT): EQ is
      // re == re' and im == im'; NE is its negation (true when a part is NaN); the ordered directions
      // are decided by the real parts when they compare unequal, else by the imaginary parts when the
      // real parts are equal, e.g. LT = (re < re') or (re == re' and im < im'). A NaN real part makes
      // every ordered direction false; a NaN imaginary part does so only when the real parts are equal.
      const ElementType part = complexPartType(t);
      const int re = floatCompare(part, a[0].re, a[1].re);
      const int im = floatCompare(part, a[0].im, a[1].im);
      if (direction == Direction::kEQ || direction == Direction::kNE) {
        const bool equal = re == 0 && im == 0;
        result = direction == Direction::kEQ ? equal : !equal;
      } else if (re == 2) {
        result = false;
      } else {
        result = re != 0 ? decide(direction, re) : decide(direction, im);
      }
    } else {
      const uint64_t mask = integerMask(t);
      __int128 x, y;
      if (is_signed) {
        x = integerValue(t, a[0].re);
        y = integerValue(t, a[1].re);
      } else {
        x = a[0].re & mask;
        y = a[1].re & mask;
      }
      result = decide(direction, (x > y) - (x < y));
    }
    out.re = result ? 1 : 0;
    return false;
  });
}

Results selectKernel(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands) {
  if (operandType(op) != ElementType::kI1) return interp.opError(op, "the predicate must be a tensor of i1");
  auto results = mapElements(interp, op, operands, 3, [&](const std::vector<Elem>& a, Elem& out) {
    out = a[0].re ? a[1] : a[2];
    return false;
  });
  if (!results.ok() || hasQuantizedTypes(op, operands)) return results;
  // A result element depends on its predicate element and on the operand element it takes, not on the
  // one it leaves (the elementwise driver marks a result when any operand element is marked).
  RtValue& r = (*results)[0];
  if (r.impl_defined.empty()) return results;
  const Tensor& pred = operands[0].tensor;
  for (int64_t i = 0; i < r.tensor.numElements(); ++i) {
    auto at = [&](const RtValue& v) { return v.tensor.type().shape().empty() ? int64_t{0} : i; };
    const bool take_true = pred.bits(at(operands[0])) != 0;
    const RtValue& chosen = operands[take_true ? 1 : 2];
    r.impl_defined[i] = operands[0].isImplDefined(at(operands[0])) || chosen.isImplDefined(at(chosen));
  }
  return results;
}

Results isFiniteKernel(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands) {
  const ElementType t = operandType(op);
  if (operands.size() == 1 && operands[0].isTensor() && operands[0].tensor.type().isQuantized()) {
    // Spec: "For quantized types, the result is always true" (per-tensor quantized operands only, I1).
    const Type& qt = operands[0].tensor.type();
    RETURN_IF_ERROR(checkPerTensorQuantized(interp, op, qt, "the operand"));
    ASSIGN_OR_RETURN(const Type type, resultTensorType(interp, op, 0, qt.shape()));
    if (type.elementType() != ElementType::kI1) return interp.opError(op, "the result must be a tensor of i1");
    Tensor out(type);
    for (int64_t i = 0; i < out.numElements(); ++i) out.setBits(i, 1);
    return std::vector<RtValue>{RtValue::ofTensor(std::move(out))};
  }
  if (!isFloat(t)) return typeError(interp, op, "float types");
  return mapElements(interp, op, operands, 1, [&](const std::vector<Elem>& a, Elem& out) {
    const FloatClass c = classifyFloat(t, a[0].re);
    out.re = (c != FloatClass::kNaN && c != FloatClass::kInfinity) ? 1 : 0;
    return false;
  });
}

constexpr KernelDef kKernels[] = {
    {OpId::kAnd, bitwiseKernel},
    {OpId::kOr, bitwiseKernel},
    {OpId::kXor, bitwiseKernel},
    {OpId::kNot, bitwiseKernel},
    {OpId::kShiftLeft, shiftKernel},
    {OpId::kShiftRightLogical, shiftKernel},
    {OpId::kShiftRightArithmetic, shiftKernel},
    {OpId::kPopcnt, countKernel},
    {OpId::kCountLeadingZeros, countKernel},
    {OpId::kCompare, compareKernel},
    {OpId::kSelect, selectKernel},
    {OpId::kIsFinite, isFiniteKernel},
};

}  // namespace

std::span<const KernelDef> bitwiseKernels() { return kKernels; }

}  // namespace hloconf::ref
