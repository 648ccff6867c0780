// The comparator: one verdict per element, one per case (docs/tolerances.md says how a verdict is decided).
#include "reports/comparator.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "absl/strings/str_format.h"
#include "ir/strings.h"
#include "ir/numerics_base.h"

namespace hloconf::reports {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// What one element (or one part of a complex element) came to, from best to worst.
enum class Verdict : uint8_t {
  kSame,         // same bits, or a difference the profile says to ignore
  kAdmitted,     // differs, within the rule's tolerance
  kImplDefined,  // differs where the reference marked the value implementation-defined
  kWarn,         // a category the profile reports as a warning (signed_zero, nan_payload, ftz, unbounded)
  kMismatch,     // beyond tolerance: the case fails
};

struct Outcome {
  Verdict verdict = Verdict::kSame;
  std::string_view category;      // "" for kSame/kAdmitted
  double ulp = 0;                 // float: ULP distance (max over parts, inf for NaN vs number); integer: -1
  double sort_key = 0;            // how bad, within a verdict: the ULP distance, or the integer difference
  bool also_signed_zero = false;  // an ftz element whose zero also has the other sign
};

Verdict flagVerdict(FlagAction action) {
  switch (action) {
    case FlagAction::kIgnore: return Verdict::kSame;
    case FlagAction::kWarn: return Verdict::kWarn;
    case FlagAction::kFail: return Verdict::kMismatch;
  }
  return Verdict::kMismatch;
}

std::string_view flagName(FlagAction action) {
  switch (action) {
    case FlagAction::kIgnore: return "ignore";
    case FlagAction::kWarn: return "warn";
    case FlagAction::kFail: return "fail";
  }
  return "?";
}

std::string number(double v) {
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  if (v == std::floor(v) && std::fabs(v) < 1e15) return absl::StrFormat("%.0f", v);
  return absl::StrFormat("%.6g", v);
}

std::string ruleText(const ToleranceRule& rule) {
  switch (rule.kind) {
    case ToleranceRule::Kind::kExact: return strCat(rule.name, " exact");
    case ToleranceRule::Kind::kUlp: return strCat(rule.name, " ulp<=", number(rule.ulp));
    case ToleranceRule::Kind::kBound:
      return strCat(rule.name, " bound*", number(rule.bound_factor), rule.ulp > 0 ? strCat("+ulp<=", number(rule.ulp)) : "");
  }
  return rule.name;
}

// "0x3F800000" with as many digits as the type's bit width needs.
std::string hexBits(uint64_t bits, int width) {
  return absl::StrFormat("0x%0*X", std::max(1, (width + 3) / 4), bits);
}

}  // namespace

std::string elementBits(const Tensor& t, int64_t index) {
  const ElementType type = t.elementType();
  if (!isComplex(type)) return hexBits(t.bits(index), bitWidth(type));
  const int part = bitWidth(complexPartType(type));
  return strCat(hexBits(t.bits(index, 0), part), ",", hexBits(t.bits(index, 1), part));
}

// Readable value of one float part: the shortest literal, or nan/inf.
std::string partText(ElementType type, uint64_t bits) {
  switch (classifyFloat(type, bits)) {
    case FloatClass::kNaN: return "nan";
    case FloatClass::kInfinity: return floatFormat(type).has_sign && (bits >> (floatFormat(type).total_bits - 1)) ? "-inf" : "inf";
    default: return formatFloatLiteral(type, bits);
  }
}

std::string valueText(const Tensor& t, int64_t index) {
  const ElementType type = t.elementType();
  if (isComplex(type)) {
    const ElementType part = complexPartType(type);
    return strCat("(", partText(part, t.bits(index, 0)), ", ", partText(part, t.bits(index, 1)), ")");
  }
  if (isFloat(type)) return partText(type, t.bits(index));
  return elementToString(t, index);
}

namespace {

// --- The bound rule ---------------------------------------------------------------------------------

// The spacing of the format at `golden` (finite): 2^(e - p + 1) for a normal value with exponent e,
// the smallest subnormal for zeros and subnormals.
void ulpAt(ElementType type, uint64_t golden, mpfr_ptr out) {
  const FloatClass c = classifyFloat(type, golden);
  if (c == FloatClass::kZero || c == FloatClass::kSubnormal) {
    decodeFloat(type, smallestSubnormal(type), out);
    return;
  }
  MpFloat g(formatPrecision(type) + 2);
  decodeFloat(type, golden, g);
  // MPFR's exponent: 2^(e-1) <= |g| < 2^e.
  mpfr_set_ui_2exp(out, 1, mpfr_get_exp(g) - formatPrecision(type), MPFR_RNDN);
}

// Whether |actual - golden| <= factor * bound + ulps * ulp(golden). The difference is exact (MPFR at
// the precision it needs); the threshold is rounded upward at 256 bits. Sets `diff` for the message.
bool withinBound(ElementType type, uint64_t golden, uint64_t actual, double factor, double bound, double ulps,
                 double* diff) {
  const int p = formatPrecision(type);
  MpFloat g(p + 2), a(p + 2);
  decodeFloat(type, golden, g);
  decodeFloat(type, actual, a);
  if (!mpfr_number_p(g) || !mpfr_number_p(a)) {
    *diff = kInf;
    return false;
  }
  mpfr_prec_t precision = p + 2;
  if (!mpfr_zero_p(g) && !mpfr_zero_p(a)) precision += std::abs(mpfr_get_exp(g) - mpfr_get_exp(a));
  MpFloat d(precision);
  mpfr_sub(d, a, g, MPFR_RNDN);  // exact at this precision
  mpfr_abs(d, d, MPFR_RNDN);
  *diff = mpfr_get_d(d, MPFR_RNDU);
  MpFloat threshold(256), allowance(256);
  mpfr_set_d(threshold, bound, MPFR_RNDU);
  mpfr_mul_d(threshold, threshold, factor, MPFR_RNDU);
  ulpAt(type, golden, allowance);
  mpfr_mul_d(allowance, allowance, ulps, MPFR_RNDU);
  mpfr_add(threshold, threshold, allowance, MPFR_RNDU);
  return mpfr_cmp(d, threshold) <= 0;
}

// --- One element --------------------------------------------------------------------------------------

struct ElementBound {
  bool present = false;  // the golden carries an error bound for this element
  double value = 0;
};

// Compares one float part. `why` (when not null) receives the reason in words.
Outcome comparePart(ElementType type, uint64_t golden, uint64_t actual, const ToleranceRule& rule, ElementBound bound,
                    std::string* why) {
  Outcome o;
  if (golden == actual) return o;
  const FloatClass gc = classifyFloat(type, golden), ac = classifyFloat(type, actual);
  if (gc == FloatClass::kNaN && ac == FloatClass::kNaN) {
    o.verdict = flagVerdict(rule.nan_payload);
    o.category = o.verdict == Verdict::kSame ? "" : "nan_payload";
    if (why) *why = strCat("NaN payload differs (nan_payload: ", flagName(rule.nan_payload), ")");
    return o;
  }
  const std::optional<uint64_t> distance = ulpDistance(type, golden, actual);
  if (distance && *distance == 0) {  // +0 and -0: the only distinct encodings at distance 0
    o.verdict = flagVerdict(rule.signed_zero);
    o.category = o.verdict == Verdict::kSame ? "" : "signed_zero";
    if (why) *why = strCat("zero of the other sign (signed_zero: ", flagName(rule.signed_zero), ")");
    return o;
  }
  o.ulp = o.sort_key = distance ? static_cast<double>(*distance) : kInf;
  const bool bound_rule = rule.kind == ToleranceRule::Kind::kBound;
  const double allowance = rule.kind == ToleranceRule::Kind::kExact ? 0 : rule.ulp;
  if (bound_rule && bound.present && std::isinf(bound.value)) {
    // No finite bound holds (some accumulation order may overflow, or n*u >= 1): any value, NaN included,
    // is what some order-respecting implementation might return.
    o.verdict = o.ulp <= allowance ? Verdict::kAdmitted : Verdict::kWarn;
    o.category = o.verdict == Verdict::kWarn ? "unbounded" : "";
    if (why) *why = strCat(number(o.ulp), " ULP; the reference has no finite error bound for this element, so any value is admitted");
    return o;
  }
  if (!distance) {
    o.verdict = Verdict::kMismatch;
    o.category = "nan";
    if (why) *why = gc == FloatClass::kNaN ? "a number where NaN was expected" : "NaN where a number was expected";
    return o;
  }
  bool within = o.ulp <= allowance;
  std::string reason;
  if (why) reason = strCat(number(o.ulp), " ULP ", within ? "<=" : ">", " ", number(allowance));
  if (!within && bound_rule) {
    if (bound.present) {
      double diff = 0;
      within = withinBound(type, golden, actual, rule.bound_factor, bound.value, rule.ulp, &diff);
      if (why)
        reason = strCat("|actual - expected| = ", number(diff), within ? " <= " : " > ", number(rule.bound_factor),
                        " * bound ", number(bound.value), rule.ulp > 0 ? strCat(" + ", number(rule.ulp), " ULP") : "",
                        " (", reason, ")");
    } else if (why) {
      reason += ", and the reference gives no error bound for this element";
    }
  }
  if (within) {
    o.verdict = Verdict::kAdmitted;
    if (why) *why = reason;
    return o;
  }
  if (gc == FloatClass::kSubnormal && ac == FloatClass::kZero) {
    // Flushed to zero. A zero of the other sign is also a signed-zero difference; the stricter flag decides.
    const FloatFormat& f = floatFormat(type);
    // Formats without -0 (FNUZ) can only flush to +0: no sign is lost.
    const bool same_sign = !f.has_negative_zero || ((golden ^ actual) >> (f.total_bits - 1) & 1) == 0;
    const Verdict ftz = flagVerdict(rule.ftz);
    const Verdict sign = same_sign ? Verdict::kSame : flagVerdict(rule.signed_zero);
    o.verdict = std::max(ftz, sign);
    o.category = ftz != Verdict::kSame ? "ftz" : sign != Verdict::kSame ? "signed_zero" : "";
    o.also_signed_zero = ftz != Verdict::kSame && sign != Verdict::kSame;
    if (why)
      *why = strCat("subnormal flushed to ", same_sign ? "zero" : "a zero of the other sign", " (ftz: ", flagName(rule.ftz),
                    same_sign ? "" : strCat(", signed_zero: ", flagName(rule.signed_zero)), "; ", reason, ")");
    return o;
  }
  o.verdict = Verdict::kMismatch;
  o.category = "value";
  if (why) *why = reason;
  return o;
}

Outcome compareElement(const GoldenOutput& golden, const Tensor& actual, int64_t index, const ToleranceRule& rule,
                       std::string* why) {
  const Tensor& g = golden.value;
  const ElementType type = g.elementType();
  const bool marked = !golden.impl_defined.empty() && golden.impl_defined[index] != 0;
  ElementBound bound;
  if (!golden.error_bound.empty()) bound = {true, golden.error_bound[index]};

  if (!isFloat(type) && !isComplex(type)) {
    // Integers, i1, and the storage integers of quantized tensors: exact.
    Outcome o;
    o.ulp = -1;
    if (g.bits(index) == actual.bits(index)) return o;
    const __int128 delta = integerValue(type, g.bits(index)) - integerValue(type, actual.bits(index));
    o.sort_key = static_cast<double>(delta < 0 ? -delta : delta);
    o.verdict = marked ? Verdict::kImplDefined : Verdict::kMismatch;
    o.category = marked ? "impl_defined" : "value";
    if (why)
      *why = marked ? std::string("differs where the reference marked the value implementation-defined")
                    : strCat("differs by ", number(o.sort_key));
    return o;
  }

  const int parts = isComplex(type) ? 2 : 1;
  const ElementType part_type = isComplex(type) ? complexPartType(type) : type;
  Outcome worst;
  std::string worst_why;
  for (int part = 0; part < parts; ++part) {
    std::string part_why;
    Outcome o = comparePart(part_type, g.bits(index, part), actual.bits(index, part), rule, bound,
                            why ? &part_why : nullptr);
    const bool worse = o.verdict > worst.verdict || (o.verdict == worst.verdict && o.sort_key > worst.sort_key);
    worst.ulp = std::max(worst.ulp, o.ulp);
    if (worse) {
      const double ulp = worst.ulp;
      worst = o;
      worst.ulp = ulp;
      if (why) worst_why = parts == 2 ? strCat(part == 0 ? "real part: " : "imaginary part: ", part_why) : part_why;
    }
  }
  if (marked && (g.bits(index, 0) != actual.bits(index, 0) || (parts == 2 && g.bits(index, 1) != actual.bits(index, 1)))) {
    worst.verdict = Verdict::kImplDefined;
    worst.category = "impl_defined";
    worst.also_signed_zero = false;
    worst_why = "differs where the reference marked the value implementation-defined";
  }
  if (why) *why = worst_why;
  return worst;
}

// --- The case -----------------------------------------------------------------------------------------

struct Candidate {
  Verdict verdict;
  double sort_key;
  int output;
  int64_t index;
};

bool worseFirst(const Candidate& a, const Candidate& b) {
  if (a.verdict != b.verdict) return a.verdict > b.verdict;
  if (a.sort_key != b.sort_key) return a.sort_key > b.sort_key;
  if (a.output != b.output) return a.output < b.output;
  return a.index < b.index;
}

void keepWorst(std::vector<Candidate>& candidates) {
  if (candidates.size() <= kMaxWorst) {
    std::sort(candidates.begin(), candidates.end(), worseFirst);
    return;
  }
  std::partial_sort(candidates.begin(), candidates.begin() + kMaxWorst, candidates.end(), worseFirst);
  candidates.resize(kMaxWorst);
}

void fail(CaseResult& result, std::string rule, std::string message) {
  result.status = Status::kFail;
  result.rule = std::move(rule);
  result.message = std::move(message);
}

// Checks that the outputs can be compared element by element; fills `result` and returns false if not.
bool checkStructure(const std::vector<GoldenOutput>& golden, const std::vector<Tensor>& actual, CaseResult& result) {
  if (golden.size() != actual.size()) {
    fail(result, "output count", strCat("expected ", golden.size(), " output(s), got ", actual.size()));
    return false;
  }
  for (size_t o = 0; o < golden.size(); ++o) {
    const Tensor& g = golden[o].value;
    const Tensor& a = actual[o];
    if (g.type() != a.type()) {
      const Type& gt = g.type();
      const Type& at = a.type();
      std::string what = "type differs";
      if (gt.isTensor() && at.isTensor()) {
        if (gt.tensorElement() != at.tensorElement())
          what = gt.isQuantized() && at.isQuantized() && gt.elementType() == at.elementType() ? "quantization differs"
                                                                                               : "element type differs";
        else if (gt.shape() != at.shape())
          what = "shape differs";
      }
      fail(result, what == "shape differs" ? "output shape" : "output type",
           strCat("out ", o, ": expected ", gt.toString(), ", got ", at.toString(), " (", what, ")"));
      return false;
    }
    const size_t needed = static_cast<size_t>(g.numElements()) * g.elementBytes();
    if (a.bytes().size() != needed) {
      fail(result, "output size",
           strCat("out ", o, ": ", a.type().toString(), " needs ", needed, " bytes, the backend gave ", a.bytes().size()));
      return false;
    }
    const size_t n = static_cast<size_t>(g.numElements());
    if ((!golden[o].error_bound.empty() && golden[o].error_bound.size() != n) ||
        (!golden[o].impl_defined.empty() && golden[o].impl_defined.size() != n) || g.bytes().size() != needed) {
      result.status = Status::kError;
      result.rule = "golden";
      result.message = strCat("out ", o, ": the golden value's error bounds or implementation-defined marks do not match its ",
                              n, " elements (a harness bug)");
      return false;
    }
  }
  return true;
}

std::string explain(const std::vector<GoldenOutput>& golden, const std::vector<Tensor>& actual, const Candidate& c,
                    const ToleranceRule& rule) {
  const Tensor& g = golden[c.output].value;
  const Tensor& a = actual[c.output];
  std::string why;
  compareElement(golden[c.output], a, c.index, rule, &why);
  auto parenthesized = [](std::string text) { return text.starts_with("(") ? text : strCat("(", text, ")"); };
  return strCat("out ", c.output, " ", indexToString(g.type().shape(), c.index), ": expected ", elementBits(g, c.index),
                " ", parenthesized(valueText(g, c.index)), ", got ", elementBits(a, c.index), " ",
                parenthesized(valueText(a, c.index)), ": ", why, " (rule ", ruleText(rule), ")");
}

}  // namespace

void compareOutputs(const std::vector<GoldenOutput>& golden, const std::vector<Tensor>& actual, const Profile& profile,
                    CaseResult& result) {
  result.elements = 0;
  result.mismatches = 0;
  result.max_ulp = -1;
  result.categories.clear();
  result.ulp_histogram.clear();
  result.worst.clear();
  if (!checkStructure(golden, actual, result)) return;

  const std::string element_type = !result.element_type.empty() ? result.element_type
                                   : golden.empty()            ? std::string()
                                                               : std::string(elementTypeName(golden[0].value.elementType()));
  const ToleranceRule& rule = profile.ruleFor(result.op, element_type);
  result.rule = ruleText(rule);

  std::vector<Candidate> candidates;
  for (size_t o = 0; o < golden.size(); ++o) {
    const Tensor& g = golden[o].value;
    const ElementType type = g.elementType();
    const bool is_float = isFloat(type) || isComplex(type);
    if (is_float && result.max_ulp < 0) result.max_ulp = 0;
    for (int64_t i = 0; i < g.numElements(); ++i) {
      const Outcome e = compareElement(golden[o], actual[o], i, rule, nullptr);
      ++result.elements;
      if (is_float && e.verdict != Verdict::kImplDefined) {
        result.max_ulp = std::max(result.max_ulp, e.ulp);
        const size_t bucket = static_cast<size_t>(ulpBucket(e.ulp));
        if (result.ulp_histogram.size() <= bucket) result.ulp_histogram.resize(bucket + 1, 0);
        ++result.ulp_histogram[bucket];
      }
      if (!e.category.empty()) ++result.categories[std::string(e.category)];
      if (e.also_signed_zero) ++result.categories["signed_zero"];
      if (e.verdict == Verdict::kMismatch) ++result.mismatches;
      if (e.verdict != Verdict::kSame) {
        candidates.push_back({e.verdict, e.sort_key, static_cast<int>(o), i});
        if (candidates.size() >= 4096) keepWorst(candidates);
      }
    }
  }
  keepWorst(candidates);

  for (const Candidate& c : candidates) {
    const GoldenOutput& go = golden[c.output];
    const Tensor& g = go.value;
    const Tensor& a = actual[c.output];
    const Outcome e = compareElement(go, a, c.index, rule, nullptr);
    ElementDiff d;
    d.output = c.output;
    d.index = c.index;
    d.position = indexToString(g.type().shape(), c.index);
    d.expected = elementToString(g, c.index);
    d.actual = elementToString(a, c.index);
    d.expected_bits = elementBits(g, c.index);
    d.actual_bits = elementBits(a, c.index);
    d.ulp = e.ulp;
    d.bound = go.error_bound.empty() ? 0 : go.error_bound[c.index];
    d.category = e.verdict == Verdict::kAdmitted ? "within" : std::string(e.category);
    result.worst.push_back(std::move(d));
  }

  const int64_t impl_defined = result.categories.count("impl_defined") ? result.categories["impl_defined"] : 0;
  if (result.mismatches > 0) {
    result.status = Status::kFail;
    result.message = strCat(explain(golden, actual, candidates.front(), rule), "; ", result.mismatches, " of ",
                            result.elements, " element(s) beyond tolerance");
    return;
  }
  std::string warnings;
  for (const auto& [category, count] : result.categories)
    if (category != "impl_defined") strAppend(&warnings, warnings.empty() ? "" : ", ", count, " ", category);
  if (impl_defined > 0) {
    result.status = Status::kImplDefined;
    const auto first = std::find_if(candidates.begin(), candidates.end(),
                                    [](const Candidate& c) { return c.verdict == Verdict::kImplDefined; });
    result.message = strCat(impl_defined, " of ", result.elements,
                            " element(s) differ only where the reference marked the value implementation-defined",
                            first != candidates.end() ? strCat(" (", explain(golden, actual, *first, rule), ")") : "");
  } else {
    result.status = Status::kPass;
    result.message = strCat(result.elements, " element(s) within rule ", result.rule);
    if (result.max_ulp >= 0) strAppend(&result.message, ", max ", number(result.max_ulp), " ULP");
  }
  if (!warnings.empty()) strAppend(&result.message, "; warnings: ", warnings);
}

}  // namespace hloconf::reports
