// The check ops of the upstream interpreter's test dialect (check.expect_*, check.eq) and
// `stablehlo.custom_call @check.*`. A failed check is recorded on the interpreter (first differing index,
// both values, the ULP distance) and the evaluation goes on, so one run reports every failed check.
//
// Defaults, as the upstream interpreter's check dialect has them: expect_almost_eq tolerance 0.001
// (absolute), expect_close within [0, 3] ULPs. Equality (`expect_eq`, `eq`) is bitwise for floats and
// complex numbers, except that any NaN equals any NaN (NaN payloads are implementation-defined).
#include <cmath>

#include "ir/attribute.h"
#include "ir/op_views.h"
#include "ir/status_macros.h"
#include "ir/strings.h"
#include "reference/kernels.h"
#include "reference/numerics.h"

namespace hloconf::ref {
namespace {

using Results = absl::StatusOr<std::vector<RtValue>>;

enum class Mode { kEqual, kAlmostEqual, kClose };

struct CheckSpec {
  Mode mode = Mode::kEqual;
  double tolerance = 0.001;
  uint64_t min_ulps = 0;
  uint64_t max_ulps = 3;
};

std::string hexBits(uint64_t bits) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string text;
  do {
    text.insert(text.begin(), kHex[bits & 15]);
    bits >>= 4;
  } while (bits);
  return "0x" + text;
}

bool isNaNBits(ElementType t, uint64_t bits) { return isFloat(t) && classifyFloat(t, bits) == FloatClass::kNaN; }

// Compares one part (a float, or a whole integer/bool element). Sets `ulps` for floats.
bool partMatches(ElementType t, uint64_t actual, uint64_t expected, const CheckSpec& spec, std::optional<uint64_t>& ulps) {
  if (!isFloat(t)) return actual == expected;
  ulps = ulpDistance(t, actual, expected);
  if (isNaNBits(t, actual) || isNaNBits(t, expected)) return isNaNBits(t, actual) && isNaNBits(t, expected);
  switch (spec.mode) {
    case Mode::kEqual: return actual == expected;
    case Mode::kClose: return ulps && *ulps >= spec.min_ulps && *ulps <= spec.max_ulps;
    case Mode::kAlmostEqual: {
      MpFloat a(64), e(64), diff(2300);
      decodeFloat(t, actual, a);
      decodeFloat(t, expected, e);
      if (mpfr_inf_p(a) || mpfr_inf_p(e)) return actual == expected;
      mpfr_sub(diff, a, e, MPFR_RNDN);  // exact at this precision for every format
      mpfr_abs(diff, diff, MPFR_RNDN);
      return mpfr_cmp_d(diff, spec.tolerance) <= 0;
    }
  }
  return false;
}

std::string describeMismatch(const Tensor& actual, const Tensor& expected, int64_t index, std::optional<uint64_t> ulps) {
  const ElementType t = actual.elementType();
  const bool complex = isComplex(t);
  auto bitsText = [&](const Tensor& x) {
    return complex ? strCat(hexBits(x.bits(index, 0)), ", ", hexBits(x.bits(index, 1))) : hexBits(x.bits(index, 0));
  };
  std::string text = strCat("at index ", indexToString(actual.type().shape(), index), ": actual ",
                            elementToString(actual, index), " (bits ", bitsText(actual), "), expected ",
                            elementToString(expected, index), " (bits ", bitsText(expected), ")");
  if (isFloat(t) || complex) {
    if (ulps) {
      strAppend(&text, ", ", *ulps, " ULP apart");
    } else {
      strAppend(&text, ", no ULP distance (one is NaN)");
    }
  }
  return text;
}

// Runs one check of `actual` against `expected` and records it.
// Whether |actual - expected| <= bound for one float part (exact arithmetic; NaN and infinities never,
// except under an infinite bound: no finite bound holds because some accumulation order may overflow or
// form inf - inf, so any value, NaN included, is one an order-respecting implementation may return, as
// the comparator's bound rule admits it; docs/accumulation.md).
bool withinBound(ElementType t, uint64_t actual, uint64_t expected, double bound) {
  if (std::isinf(bound)) return true;
  MpFloat a(64), e(64), diff(2300);
  decodeFloat(t, actual, a);
  decodeFloat(t, expected, e);
  if (!mpfr_number_p(a) || !mpfr_number_p(e)) return false;
  mpfr_sub(diff, a, e, MPFR_RNDN);
  mpfr_abs(diff, diff, MPFR_RNDN);
  return mpfr_cmp_d(diff, bound) <= 0;
}

// `bounds`: the actual value's per-element accumulation error bounds (RtValue::error_bound), or null. An
// element that fails the check's own rule passes when it is within that bound: the expected value may
// come from an implementation that accumulated in another order, which the spec allows.
absl::Status runCheck(Interpreter& interp, const Operation& op, std::string_view name, const Tensor& actual,
                      const Tensor& expected, const CheckSpec& spec, bool* passed_out = nullptr,
                      const std::vector<double>* bounds = nullptr) {
  if (actual.type().shape() != expected.type().shape() || actual.elementType() != expected.elementType()) {
    return interp.opError(op, strCat("compares ", actual.type().toString(), " with ", expected.type().toString(),
                                     ": the types must be equal"));
  }
  const ElementType t = actual.elementType();
  const ElementType part_type = isComplex(t) ? complexPartType(t) : t;
  const int parts = isComplex(t) ? 2 : 1;
  int64_t first = -1, mismatches = 0, admitted_by_bound = 0;
  std::optional<uint64_t> first_ulps, max_ulps;
  for (int64_t i = 0; i < actual.numElements(); ++i) {
    bool ok = true;
    std::optional<uint64_t> element_ulps = 0;
    for (int part = 0; part < parts; ++part) {
      std::optional<uint64_t> ulps;
      ok = partMatches(part_type, actual.bits(i, part), expected.bits(i, part), spec, ulps) && ok;
      if (!ulps) {
        element_ulps.reset();
      } else if (element_ulps) {
        element_ulps = std::max(*element_ulps, *ulps);
      }
    }
    if (!ok && bounds && !bounds->empty() && !interp.options().strict_checks && (isFloat(t) || isComplex(t))) {
      bool within = true;
      for (int part = 0; part < parts; ++part) {
        within = within && (actual.bits(i, part) == expected.bits(i, part) ||
                            withinBound(part_type, actual.bits(i, part), expected.bits(i, part), (*bounds)[i]));
      }
      if (within) {
        ok = true;
        ++admitted_by_bound;
      }
    }
    if (!ok) {
      if (first < 0) {
        first = i;
        first_ulps = element_ulps;
      }
      ++mismatches;
      if (element_ulps && (!max_ulps || *element_ulps > *max_ulps)) max_ulps = element_ulps;
    }
  }
  CheckResult result{std::string(name), interp.location(op), first < 0, ""};
  if (admitted_by_bound > 0) {
    result.message = strCat(admitted_by_bound, " element(s) outside the check's own rule passed within the accumulation error bound");
  }
  if (first >= 0) {
    result.message = strCat(result.message.empty() ? "" : result.message + "; ", mismatches, " of ", actual.numElements(), " element(s) differ; first ",
                            describeMismatch(actual, expected, first, first_ulps));
    if (spec.mode == Mode::kClose) strAppend(&result.message, " (allowed ", spec.min_ulps, "..", spec.max_ulps, " ULPs)");
    if (spec.mode == Mode::kAlmostEqual) strAppend(&result.message, " (tolerance ", std::to_string(spec.tolerance), ")");
    if (max_ulps && mismatches > 1) strAppend(&result.message, "; largest ULP distance among differing elements: ", *max_ulps);
  }
  if (passed_out) *passed_out = result.passed;
  interp.recordCheck(std::move(result));
  return absl::OkStatus();
}

// The rule of check `check` (a check op, or the check a custom_call names), with `op`'s attributes.
CheckSpec specFor(const Interpreter& interp, const Operation& op, OpId check) {
  CheckSpec spec;
  switch (check) {
    case OpId::kCheckExpectAlmostEq:
    case OpId::kCheckExpectAlmostEqConst:
    case OpId::kCheckAlmostEq:
      spec.mode = Mode::kAlmostEqual;
      break;
    case OpId::kCheckExpectClose:
      spec.mode = Mode::kClose;
      break;
    default:
      break;
  }
  const CheckAttributes attrs(op);
  if (const Attribute* tol = attrs.tolerance()) {
    MpFloat v(64);
    decodeFloat(tol->elementType(), tol->floatBits(), v);
    spec.tolerance = mpfr_get_d(v, MPFR_RNDN);
  }
  if (const std::optional<int64_t> ulps = attrs.maxUlpDifference()) spec.max_ulps = *ulps;
  if (const std::optional<int64_t> ulps = attrs.minUlpDifference()) spec.min_ulps = *ulps;
  if (interp.options().strict_checks) {
    spec.tolerance = 0;
    spec.min_ulps = spec.max_ulps = 0;
  }
  return spec;
}

Results checkOpKernel(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands) {
  const std::string_view name = op.name;
  const bool against_const = op.id == OpId::kCheckExpectEqConst || op.id == OpId::kCheckExpectAlmostEqConst ||
                             op.id == OpId::kCheckEq || op.id == OpId::kCheckAlmostEq;
  if (operands.size() != (against_const ? 1u : 2u)) return interp.opError(op, "wrong number of operands");
  ASSIGN_OR_RETURN(auto actual, tensorOperand(interp, op, operands, 0));
  const Tensor* expected;
  if (against_const) {
    expected = decode::denseElements(CheckAttributes(op).value());
    if (!expected) return interp.opError(op, "needs a dense 'value'");
  } else {
    ASSIGN_OR_RETURN(auto e, tensorOperand(interp, op, operands, 1));
    expected = e;
  }
  RETURN_IF_ERROR(runCheck(interp, op, name, *actual, *expected, specFor(interp, op, op.id), nullptr, &operands[0].error_bound));
  return std::vector<RtValue>{};
}

// `stablehlo.custom_call @check.*(actual, expected)`: the testdata form of the same checks. `check.eq` and
// `check.almost_eq` as custom calls return a tensor<i1> (true when the check passed).
Results customCallKernel(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands) {
  const std::string target_name(CustomCallOp(op).callTargetName());
  const OpId check = opIdOf(target_name);
  switch (check) {
    case OpId::kCheckExpectEq:
    case OpId::kCheckExpectAlmostEq:
    case OpId::kCheckExpectClose:
    case OpId::kCheckEq:
    case OpId::kCheckAlmostEq:
      break;
    default:
      return interp.unsupported(op, strCat("@", target_name, " (only the check.* targets are evaluated)"));
  }
  if (operands.size() != 2) return interp.opError(op, strCat("@", target_name, " takes two operands (actual, expected)"));
  ASSIGN_OR_RETURN(auto actual, tensorOperand(interp, op, operands, 0));
  ASSIGN_OR_RETURN(auto expected, tensorOperand(interp, op, operands, 1));
  bool passed = false;
  RETURN_IF_ERROR(runCheck(interp, op, target_name, *actual, *expected, specFor(interp, op, check), &passed, &operands[0].error_bound));
  std::vector<RtValue> results;
  for (const auto& r : op.results) {
    if (!r->type.isTensor() || r->type.elementType() != ElementType::kI1 || r->type.rank() != 0) {
      return interp.opError(op, "a check custom_call returns nothing or one tensor<i1>");
    }
    Tensor flag(r->type);
    flag.setBits(0, passed ? 1 : 0);
    results.push_back(RtValue::ofTensor(std::move(flag)));
  }
  return results;
}

// `interpreter.probe %x, probe_id = "p"`: records x (each time the op runs) and returns it unchanged.
Results probeKernel(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands) {
  ASSIGN_OR_RETURN(auto x, tensorOperand(interp, op, operands, 0));
  interp.recordProbe(std::string(ProbeOp(op).probeId()), *x);
  return std::vector<RtValue>{operands[0]};
}

// `check.expect_serialized_eq %x, probe_id = "p"[, iter = N]`: x equals the value probe "p" recorded the
// N-th time it ran (default the first), bitwise (any NaN matches any NaN).
Results serializedEqKernel(Interpreter& interp, const Operation& op, std::vector<RtValue>& operands) {
  ASSIGN_OR_RETURN(auto x, tensorOperand(interp, op, operands, 0));
  const ExpectSerializedEqOp check(op);
  const std::string probe_id(check.probeId());
  const int64_t iteration = check.iteration();
  const Tensor* recorded = iteration < 0 ? nullptr : interp.probe(probe_id, static_cast<size_t>(iteration));
  if (!recorded) {
    interp.recordCheck({std::string(op.name), interp.location(op), false,
                        strCat("no value of probe \"", probe_id, "\" was recorded for iteration ", iteration)});
    return std::vector<RtValue>{};
  }
  RETURN_IF_ERROR(runCheck(interp, op, op.name, *x, *recorded, CheckSpec{}));
  return std::vector<RtValue>{};
}

constexpr KernelDef kKernels[] = {
    {OpId::kCheckExpectEq, checkOpKernel},
    {OpId::kCheckExpectEqConst, checkOpKernel},
    {OpId::kCheckExpectAlmostEq, checkOpKernel},
    {OpId::kCheckExpectAlmostEqConst, checkOpKernel},
    {OpId::kCheckExpectClose, checkOpKernel},
    {OpId::kCheckEq, checkOpKernel},
    {OpId::kCheckAlmostEq, checkOpKernel},
    {OpId::kCheckExpectSerializedEq, serializedEqKernel},
    {OpId::kInterpreterProbe, probeKernel},
    {OpId::kCustomCall, customCallKernel},
};

}  // namespace

std::span<const KernelDef> checkKernels() { return kKernels; }

}  // namespace hloconf::ref
