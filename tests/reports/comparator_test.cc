// The comparator (reports/comparator.h) and the tolerance profiles (reports/profiles/, docs/tolerances.md).
#include "reports/comparator.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <fstream>

#include "ir/element_type.h"
#include "ir/op_schema.h"
#include "ir/type.h"

namespace hloconf::reports {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

const std::string kProfileDir = HLOCONF_SOURCE_DIR "/reports/profiles";

uint64_t f32Bits(float v) {
  uint32_t b;
  std::memcpy(&b, &v, 4);
  return b;
}

Tensor tensorOf(ElementType t, std::vector<int64_t> shape, const std::vector<uint64_t>& bits) {
  Tensor tensor(Type::tensor(std::move(shape), Type::element(t)));
  for (size_t i = 0; i < bits.size(); ++i) tensor.setBits(static_cast<int64_t>(i), bits[i]);
  return tensor;
}

Tensor vectorOf(ElementType t, const std::vector<uint64_t>& bits) {
  return tensorOf(t, {static_cast<int64_t>(bits.size())}, bits);
}

// complex<f32>/complex<f64> from (real, imaginary) bit pairs.
Tensor complexOf(ElementType t, const std::vector<std::pair<uint64_t, uint64_t>>& parts) {
  Tensor tensor(Type::tensor({static_cast<int64_t>(parts.size())}, Type::element(t)));
  for (size_t i = 0; i < parts.size(); ++i) {
    tensor.setBits(static_cast<int64_t>(i), parts[i].first, 0);
    tensor.setBits(static_cast<int64_t>(i), parts[i].second, 1);
  }
  return tensor;
}

// A one-rule profile (plus nothing: the rule is its own catch-all).
Profile profileWith(ToleranceRule rule) {
  Profile p;
  p.name = "test";
  rule.name = "test:" + (rule.name.empty() ? std::string("rule") : rule.name);
  p.rules.push_back(rule);
  return p;
}

ToleranceRule exactRule() { return ToleranceRule{}; }
ToleranceRule ulpRule(double n) {
  ToleranceRule r;
  r.kind = ToleranceRule::Kind::kUlp;
  r.ulp = n;
  return r;
}
ToleranceRule boundRule(double factor, double ulp = 0) {
  ToleranceRule r;
  r.kind = ToleranceRule::Kind::kBound;
  r.bound_factor = factor;
  r.ulp = ulp;
  return r;
}

CaseResult compare(const Tensor& golden, const Tensor& actual, const Profile& profile,
                   std::vector<double> error_bound = {}, std::vector<uint8_t> impl_defined = {}) {
  CaseResult r;
  r.op = "exponential";
  r.element_type = std::string(elementTypeName(golden.elementType()));
  compareOutputs({GoldenOutput{golden, std::move(error_bound), std::move(impl_defined)}}, {actual}, profile, r);
  return r;
}

int64_t category(const CaseResult& r, const std::string& name) {
  auto it = r.categories.find(name);
  return it == r.categories.end() ? 0 : it->second;
}

// --- Exact and ULP rules ----------------------------------------------------------------------------

TEST(Comparator, IdenticalOutputsPass) {
  const Tensor g = vectorOf(ElementType::kF32, {f32Bits(1.0f), f32Bits(-2.5f), f32Bits(0.0f)});
  CaseResult r = compare(g, g, profileWith(exactRule()));
  EXPECT_EQ(r.status, Status::kPass) << r.message;
  EXPECT_EQ(r.elements, 3);
  EXPECT_EQ(r.mismatches, 0);
  EXPECT_EQ(r.max_ulp, 0);
  EXPECT_EQ(r.ulp_histogram, std::vector<int64_t>({3}));
  EXPECT_TRUE(r.worst.empty());
  EXPECT_EQ(r.rule, "test:rule exact");
}

TEST(Comparator, OneUlpFailsUnderExactAndPassesUnderUlpOne) {
  const Tensor g = tensorOf(ElementType::kF32, {2, 2}, {0x3F800000, 0x3F800000, 0x40000000, 0x3F800001});
  const Tensor a = tensorOf(ElementType::kF32, {2, 2}, {0x3F800000, 0x3F800000, 0x40000000, 0x3F800002});
  CaseResult exact = compare(g, a, profileWith(exactRule()));
  EXPECT_EQ(exact.status, Status::kFail);
  EXPECT_EQ(exact.mismatches, 1);
  EXPECT_EQ(exact.max_ulp, 1);
  EXPECT_EQ(category(exact, "value"), 1);
  EXPECT_THAT(exact.message, HasSubstr("out 0 [1, 1]: expected 0x3F800001 (1.0000001), got 0x3F800002 (1.0000002): "
                                       "1 ULP > 0 (rule test:rule exact)"));
  EXPECT_THAT(exact.message, HasSubstr("1 of 4 element(s) beyond tolerance"));
  ASSERT_EQ(exact.worst.size(), 1u);
  EXPECT_EQ(exact.worst[0].index, 3);
  EXPECT_EQ(exact.worst[0].position, "[1, 1]");
  EXPECT_EQ(exact.worst[0].expected_bits, "0x3F800001");
  EXPECT_EQ(exact.worst[0].actual_bits, "0x3F800002");
  EXPECT_EQ(exact.worst[0].ulp, 1);
  EXPECT_EQ(exact.worst[0].category, "value");

  CaseResult ulp1 = compare(g, a, profileWith(ulpRule(1)));
  EXPECT_EQ(ulp1.status, Status::kPass) << ulp1.message;
  EXPECT_EQ(ulp1.rule, "test:rule ulp<=1");
  EXPECT_EQ(ulp1.max_ulp, 1);
  EXPECT_EQ(ulp1.mismatches, 0);
  EXPECT_EQ(ulp1.ulp_histogram, std::vector<int64_t>({3, 1}));
  ASSERT_EQ(ulp1.worst.size(), 1u);  // the worst elements of a passing case, too
  EXPECT_EQ(ulp1.worst[0].category, "within");
  EXPECT_THAT(ulp1.message, HasSubstr("within rule test:rule ulp<=1, max 1 ULP"));
}

TEST(Comparator, UlpDistanceCrossesZeroAndBinades) {
  // -smallest subnormal to +smallest subnormal: two steps (through the shared zero).
  CaseResult r = compare(vectorOf(ElementType::kF32, {0x80000001}), vectorOf(ElementType::kF32, {0x00000001}),
                         profileWith(ulpRule(1)));
  EXPECT_EQ(r.status, Status::kFail);
  EXPECT_EQ(r.max_ulp, 2);
  // 2.0 down to the largest value below it: one step, though the spacing halves.
  r = compare(vectorOf(ElementType::kF32, {f32Bits(2.0f)}), vectorOf(ElementType::kF32, {f32Bits(std::nextafter(2.0f, 0.0f))}),
              profileWith(ulpRule(1)));
  EXPECT_EQ(r.status, Status::kPass);
  EXPECT_EQ(r.max_ulp, 1);
  // f64: largest finite to infinity is one step.
  r = compare(vectorOf(ElementType::kF64, {0x7FEFFFFFFFFFFFFF}), vectorOf(ElementType::kF64, {0x7FF0000000000000}),
              profileWith(ulpRule(0.5)));
  EXPECT_EQ(r.status, Status::kFail);
  EXPECT_EQ(r.max_ulp, 1);
  EXPECT_THAT(r.message, HasSubstr("got 0x7FF0000000000000 (inf)"));
}

TEST(Comparator, WorstElementsAreSortedAndCapped) {
  std::vector<uint64_t> g, a;
  for (int i = 0; i < 40; ++i) {
    g.push_back(0x3F800000 + 100);
    a.push_back(0x3F800000 + 100 + (i % 10));  // 0..9 ULP
  }
  CaseResult r = compare(vectorOf(ElementType::kF32, g), vectorOf(ElementType::kF32, a), profileWith(ulpRule(4)));
  EXPECT_EQ(r.status, Status::kFail);
  EXPECT_EQ(r.mismatches, 20);  // 5..9 ULP, four times each
  EXPECT_EQ(r.max_ulp, 9);
  ASSERT_EQ(r.worst.size(), kMaxWorst);
  for (size_t k = 1; k < r.worst.size(); ++k) EXPECT_GE(r.worst[k - 1].ulp, r.worst[k].ulp);
  EXPECT_EQ(r.worst[0].ulp, 9);
  EXPECT_EQ(r.worst[0].index, 9);  // the first of the 9-ULP elements
  EXPECT_THAT(r.message, HasSubstr("out 0 [9]:"));
  EXPECT_THAT(r.message, HasSubstr("9 ULP > 4"));
  // Histogram: 0 | 1 | 2 | 3-4 | 5-8 | 9-16, four elements per ULP value.
  EXPECT_EQ(r.ulp_histogram, std::vector<int64_t>({4, 4, 4, 8, 16, 4}));
}

TEST(Comparator, ComplexComparesEachPart) {
  const uint64_t one = f32Bits(1.0f), two = f32Bits(2.0f);
  const Tensor g = complexOf(ElementType::kC64, {{one, two}, {one, one}});
  const Tensor a = complexOf(ElementType::kC64, {{one, two + 3}, {one + 1, one}});
  CaseResult r = compare(g, a, profileWith(ulpRule(2)));
  EXPECT_EQ(r.status, Status::kFail);
  EXPECT_EQ(r.mismatches, 1);
  EXPECT_EQ(r.max_ulp, 3);
  EXPECT_THAT(r.message, HasSubstr("out 0 [0]: expected 0x3F800000,0x40000000 (1.0, 2.0), got 0x3F800000,0x40000003"));
  EXPECT_THAT(r.message, HasSubstr("imaginary part: 3 ULP > 2"));
  ASSERT_FALSE(r.worst.empty());
  EXPECT_EQ(r.worst[0].expected_bits, "0x3F800000,0x40000000");
  EXPECT_EQ(r.worst[0].ulp, 3);

  r = compare(g, a, profileWith(ulpRule(3)));
  EXPECT_EQ(r.status, Status::kPass) << r.message;
  EXPECT_EQ(r.ulp_histogram, std::vector<int64_t>({0, 1, 0, 1}));  // the element's ULP is the larger part's

  // complex<f64>: a real part off by 1 with a NaN imaginary golden returned as a number is a NaN mismatch.
  const Tensor g64 = complexOf(ElementType::kC128, {{0x3FF0000000000000, 0x7FF8000000000000}});
  const Tensor a64 = complexOf(ElementType::kC128, {{0x3FF0000000000001, 0x3FF0000000000000}});
  r = compare(g64, a64, profileWith(ulpRule(2)));
  EXPECT_EQ(r.status, Status::kFail);
  EXPECT_EQ(category(r, "nan"), 1);
  EXPECT_THAT(r.message, HasSubstr("imaginary part: a number where NaN was expected"));
}

// --- Small float formats ----------------------------------------------------------------------------

struct SmallFormatCase {
  ElementType type;
  uint64_t golden, actual;
  double ulp;
  const char* what;
};

TEST(Comparator, SmallFormatsHaveTheirOwnUlps) {
  const SmallFormatCase cases[] = {
      {ElementType::kF8E4M3FN, 0x01, 0x81, 2, "+-smallest subnormal across zero"},
      {ElementType::kF8E4M3FN, 0x7E, 0x7D, 1, "448 vs 416, the top binade"},
      {ElementType::kF8E4M3FN, 0x00, 0x08, 8, "zero vs the smallest normal (2^-6)"},
      {ElementType::kF8E5M2, 0x7B, 0x7C, 1, "57344 (largest finite) vs inf"},
      {ElementType::kF8E4M3FNUZ, 0x01, 0x81, 2, "FNUZ: 0x81 is -smallest subnormal"},
      {ElementType::kF8E4M3FNUZ, 0x7F, 0x7E, 1, "FNUZ largest finite 240 vs 224"},
      {ElementType::kF8E8M0FNU, 0x7F, 0x81, 2, "E8M0: 1 vs 4, no sign"},
      {ElementType::kF6E2M3FN, 0x01, 0x21, 2, "f6E2M3FN: +-0.125 across zero"},
      {ElementType::kF6E2M3FN, 0x1F, 0x1E, 1, "f6E2M3FN: 7.5 vs 7"},
      {ElementType::kF6E3M2FN, 0x1F, 0x1D, 2, "f6E3M2FN: 28 vs 20"},
      {ElementType::kF4E2M1FN, 0x1, 0x9, 2, "f4E2M1FN: +-0.5 across zero"},
      {ElementType::kF4E2M1FN, 0x7, 0x6, 1, "f4E2M1FN: 6 vs 4"},
      {ElementType::kF4E2M1FN, 0x7, 0xF, 14, "f4E2M1FN: 6 vs -6"},
  };
  for (const SmallFormatCase& c : cases) {
    SCOPED_TRACE(c.what);
    CaseResult under = compare(vectorOf(c.type, {c.golden}), vectorOf(c.type, {c.actual}), profileWith(ulpRule(c.ulp - 1)));
    EXPECT_EQ(under.status, Status::kFail);
    EXPECT_EQ(under.max_ulp, c.ulp);
    CaseResult at = compare(vectorOf(c.type, {c.golden}), vectorOf(c.type, {c.actual}), profileWith(ulpRule(c.ulp)));
    EXPECT_EQ(at.status, Status::kPass) << at.message;
  }
}

TEST(Comparator, SmallFormatNaNs) {
  // FNUZ: 0x80 is the only NaN; a zero where NaN was expected is a NaN mismatch, whatever the budget.
  CaseResult r = compare(vectorOf(ElementType::kF8E4M3FNUZ, {0x80}), vectorOf(ElementType::kF8E4M3FNUZ, {0x00}),
                         profileWith(ulpRule(1000)));
  EXPECT_EQ(r.status, Status::kFail);
  EXPECT_EQ(category(r, "nan"), 1);
  EXPECT_TRUE(std::isinf(r.max_ulp));
  // FN: 0x7F and 0xFF are both NaN (payload/sign differs only).
  ToleranceRule warn = exactRule();
  warn.nan_payload = FlagAction::kWarn;
  r = compare(vectorOf(ElementType::kF8E4M3FN, {0x7F}), vectorOf(ElementType::kF8E4M3FN, {0xFF}), profileWith(warn));
  EXPECT_EQ(r.status, Status::kPass) << r.message;
  EXPECT_EQ(category(r, "nan_payload"), 1);
}

// --- Categories -----------------------------------------------------------------------------------------

TEST(Comparator, SignedZeroIsItsOwnCategory) {
  const Tensor g = vectorOf(ElementType::kF32, {0x00000000, 0x3F800000});
  const Tensor a = vectorOf(ElementType::kF32, {0x80000000, 0x3F800000});
  ToleranceRule rule = exactRule();
  rule.signed_zero = FlagAction::kWarn;
  CaseResult warn = compare(g, a, profileWith(rule));
  EXPECT_EQ(warn.status, Status::kPass) << warn.message;
  EXPECT_EQ(category(warn, "signed_zero"), 1);
  EXPECT_EQ(warn.max_ulp, 0);
  EXPECT_THAT(warn.message, HasSubstr("warnings: 1 signed_zero"));
  ASSERT_EQ(warn.worst.size(), 1u);
  EXPECT_EQ(warn.worst[0].category, "signed_zero");

  rule.signed_zero = FlagAction::kFail;
  CaseResult fail = compare(g, a, profileWith(rule));
  EXPECT_EQ(fail.status, Status::kFail);
  EXPECT_EQ(fail.mismatches, 1);
  EXPECT_THAT(fail.message, HasSubstr("zero of the other sign (signed_zero: fail)"));

  rule.signed_zero = FlagAction::kIgnore;
  CaseResult ignore = compare(g, a, profileWith(rule));
  EXPECT_EQ(ignore.status, Status::kPass);
  EXPECT_EQ(category(ignore, "signed_zero"), 0);
  EXPECT_TRUE(ignore.worst.empty());
}

TEST(Comparator, NaNPayloads) {
  const Tensor g = vectorOf(ElementType::kF32, {0x7FC00000});
  const Tensor a = vectorOf(ElementType::kF32, {0xFFC00123});
  ToleranceRule rule = ulpRule(4);
  for (auto [action, status, counted] : {std::tuple{FlagAction::kIgnore, Status::kPass, 0},
                                         std::tuple{FlagAction::kWarn, Status::kPass, 1},
                                         std::tuple{FlagAction::kFail, Status::kFail, 1}}) {
    rule.nan_payload = action;
    CaseResult r = compare(g, a, profileWith(rule));
    EXPECT_EQ(r.status, status) << r.message;
    EXPECT_EQ(category(r, "nan_payload"), counted);
    EXPECT_EQ(r.max_ulp, 0);  // NaN vs NaN is no distance
  }
  EXPECT_THAT(compare(g, a, profileWith(rule)).message, HasSubstr("NaN payload differs (nan_payload: fail)"));
}

TEST(Comparator, NaNVersusNumberIsAValueMismatch) {
  for (auto [golden, actual, words] : {std::tuple{0x7FC00000ull, 0x3F800000ull, "a number where NaN was expected"},
                                       std::tuple{0x3F800000ull, 0x7FC00000ull, "NaN where a number was expected"}}) {
    CaseResult r = compare(vectorOf(ElementType::kF32, {golden}), vectorOf(ElementType::kF32, {actual}),
                           profileWith(ulpRule(1e9)));
    EXPECT_EQ(r.status, Status::kFail);
    EXPECT_EQ(category(r, "nan"), 1);
    EXPECT_TRUE(std::isinf(r.max_ulp));
    ASSERT_EQ(r.ulp_histogram.size(), 67u);
    EXPECT_EQ(r.ulp_histogram[66], 1);
    EXPECT_THAT(r.message, HasSubstr(words));
  }
}

TEST(Comparator, FlushedSubnormals) {
  // Golden: the 5th subnormal (5 ULP above zero) and its negative.
  const Tensor g = vectorOf(ElementType::kF32, {0x00000005, 0x80000005});
  const Tensor same_sign = vectorOf(ElementType::kF32, {0x00000000, 0x80000000});
  ToleranceRule rule = ulpRule(1);
  CaseResult warn = compare(g, same_sign, profileWith(rule));
  EXPECT_EQ(warn.status, Status::kPass) << warn.message;
  EXPECT_EQ(category(warn, "ftz"), 2);
  EXPECT_EQ(category(warn, "signed_zero"), 0);
  EXPECT_EQ(warn.max_ulp, 5);

  rule.ftz = FlagAction::kFail;
  CaseResult fail = compare(g, same_sign, profileWith(rule));
  EXPECT_EQ(fail.status, Status::kFail);
  EXPECT_EQ(fail.mismatches, 2);
  EXPECT_THAT(fail.message, HasSubstr("subnormal flushed to zero (ftz: fail"));

  // A flush to +0 of a negative subnormal also loses the sign: both categories, the stricter flag decides.
  rule.ftz = FlagAction::kWarn;
  rule.signed_zero = FlagAction::kFail;
  CaseResult both = compare(g, vectorOf(ElementType::kF32, {0x00000000, 0x00000000}), profileWith(rule));
  EXPECT_EQ(both.status, Status::kFail);
  EXPECT_EQ(both.mismatches, 1);
  EXPECT_EQ(category(both, "ftz"), 2);
  EXPECT_EQ(category(both, "signed_zero"), 1);

  // FNUZ formats have no -0: a negative subnormal (3 ULP below zero) can only flush to +0, losing no sign.
  CaseResult fnuz = compare(vectorOf(ElementType::kF8E4M3FNUZ, {0x83}), vectorOf(ElementType::kF8E4M3FNUZ, {0x00}),
                            profileWith(rule));
  EXPECT_EQ(fnuz.status, Status::kPass) << fnuz.message;
  EXPECT_EQ(category(fnuz, "ftz"), 1);
  EXPECT_EQ(category(fnuz, "signed_zero"), 0);

  // Within the ULP budget, a zero for a subnormal is no flush: the smallest subnormal is 1 ULP from 0.
  CaseResult within = compare(vectorOf(ElementType::kF32, {0x00000001}), vectorOf(ElementType::kF32, {0x00000000}),
                              profileWith(ulpRule(1)));
  EXPECT_EQ(within.status, Status::kPass);
  EXPECT_EQ(category(within, "ftz"), 0);

  // A nonzero wrong value for a subnormal is an ordinary mismatch.
  CaseResult wrong = compare(vectorOf(ElementType::kF32, {0x00000005}), vectorOf(ElementType::kF32, {0x00000009}),
                             profileWith(ulpRule(1)));
  EXPECT_EQ(wrong.status, Status::kFail);
  EXPECT_EQ(category(wrong, "value"), 1);
  EXPECT_EQ(category(wrong, "ftz"), 0);
}

TEST(Comparator, ImplementationDefinedElementsNeverFail) {
  const Tensor g = vectorOf(ElementType::kSI32, {1, 2, 3});
  CaseResult r = compare(g, vectorOf(ElementType::kSI32, {1, 2, 0xFFFFFFFF}), profileWith(exactRule()), {}, {0, 0, 1});
  EXPECT_EQ(r.status, Status::kImplDefined) << r.message;
  EXPECT_EQ(r.mismatches, 0);
  EXPECT_EQ(category(r, "impl_defined"), 1);
  EXPECT_THAT(r.message, HasSubstr("1 of 3 element(s) differ only where the reference marked"));
  EXPECT_THAT(r.message, HasSubstr("out 0 [2]"));
  // A real mismatch elsewhere still fails the case.
  r = compare(g, vectorOf(ElementType::kSI32, {1, 5, 0xFFFFFFFF}), profileWith(exactRule()), {}, {0, 0, 1});
  EXPECT_EQ(r.status, Status::kFail);
  EXPECT_EQ(r.mismatches, 1);
  EXPECT_EQ(category(r, "impl_defined"), 1);
  // A marked element that matches is simply equal.
  r = compare(g, g, profileWith(exactRule()), {}, {0, 0, 1});
  EXPECT_EQ(r.status, Status::kPass);
  // Float: a marked NaN returned as a number is IMPL_DEFINED and stays out of the ULP histogram.
  r = compare(vectorOf(ElementType::kF32, {0x7FC00000, 0x3F800000}), vectorOf(ElementType::kF32, {0x3F800000, 0x3F800000}),
              profileWith(exactRule()), {}, {1, 0});
  EXPECT_EQ(r.status, Status::kImplDefined) << r.message;
  EXPECT_EQ(r.max_ulp, 0);
  EXPECT_EQ(r.ulp_histogram, std::vector<int64_t>({1}));
}

// --- The bound rule -----------------------------------------------------------------------------------

TEST(Comparator, BoundRuleUsesTheGoldenErrorBound) {
  const uint64_t one = f32Bits(1.0f);
  const double step = std::ldexp(1.0, -23);  // ULP of f32 at 1.0 (upward)
  const Tensor g = vectorOf(ElementType::kF32, {one, one});
  const Tensor a = vectorOf(ElementType::kF32, {one + 8, one + 9});
  // The bound equals the 8-ULP difference exactly: <= admits it; 9 ULP is beyond.
  CaseResult r = compare(g, a, profileWith(boundRule(1)), {8 * step, 8 * step});
  EXPECT_EQ(r.status, Status::kFail);
  EXPECT_EQ(r.mismatches, 1);
  EXPECT_EQ(r.worst[0].index, 1);
  EXPECT_EQ(r.worst[0].bound, 8 * step);
  EXPECT_EQ(r.rule, "test:rule bound*1");
  EXPECT_THAT(r.message, HasSubstr("|actual - expected| = 1.07288e-06 > 1 * bound 9.53674e-07"));
  // Twice the bound admits both; so does the bound plus a 1-ULP allowance (9 <= 8 + 1).
  EXPECT_EQ(compare(g, a, profileWith(boundRule(2)), {8 * step, 8 * step}).status, Status::kPass);
  r = compare(g, a, profileWith(boundRule(1, 1)), {8 * step, 8 * step});
  EXPECT_EQ(r.status, Status::kPass) << r.message;
  EXPECT_EQ(r.rule, "test:rule bound*1+ulp<=1");
  // Below 1.0 the spacing halves: 1 - 16 * 2^-24 is 16 ULP away and within the same bound.
  r = compare(vectorOf(ElementType::kF32, {one}), vectorOf(ElementType::kF32, {one - 16}), profileWith(boundRule(1)),
              {8 * step});
  EXPECT_EQ(r.status, Status::kPass) << r.message;
  EXPECT_EQ(r.max_ulp, 16);
  r = compare(vectorOf(ElementType::kF32, {one}), vectorOf(ElementType::kF32, {one - 17}), profileWith(boundRule(1)),
              {8 * step});
  EXPECT_EQ(r.status, Status::kFail);
}

TEST(Comparator, BoundRuleWithoutABoundFallsBackToTheUlpAllowance) {
  const Tensor g = vectorOf(ElementType::kF32, {f32Bits(3.0f)});
  EXPECT_EQ(compare(g, vectorOf(ElementType::kF32, {f32Bits(3.0f) + 2}), profileWith(boundRule(1, 2))).status,
            Status::kPass);
  CaseResult r = compare(g, vectorOf(ElementType::kF32, {f32Bits(3.0f) + 3}), profileWith(boundRule(1, 2)));
  EXPECT_EQ(r.status, Status::kFail);
  EXPECT_THAT(r.message, HasSubstr("3 ULP > 2, and the reference gives no error bound for this element"));
  // A zero bound (the reference's mark for an exact, NaN or infinite result) admits only the allowance.
  r = compare(g, vectorOf(ElementType::kF32, {f32Bits(3.0f) + 1}), profileWith(boundRule(1)), {0.0});
  EXPECT_EQ(r.status, Status::kFail);
}

TEST(Comparator, InfiniteBoundAdmitsAnyValueAsUnbounded) {
  const Tensor g = vectorOf(ElementType::kF32, {f32Bits(1e30f), f32Bits(1e30f), f32Bits(1e30f)});
  const Tensor a = vectorOf(ElementType::kF32, {0x7F800000, 0x7FC00000, f32Bits(1e30f)});
  const double inf = INFINITY;
  CaseResult r = compare(g, a, profileWith(boundRule(1)), {inf, inf, inf});
  EXPECT_EQ(r.status, Status::kPass) << r.message;
  EXPECT_EQ(category(r, "unbounded"), 2);
  EXPECT_THAT(r.message, HasSubstr("warnings: 2 unbounded"));
  // Under a ULP rule the same values fail: only the bound rule reads the reference's bound.
  EXPECT_EQ(compare(g, a, profileWith(ulpRule(4)), {inf, inf, inf}).status, Status::kFail);
}

// --- Integers, structure --------------------------------------------------------------------------------

TEST(Comparator, IntegersAreExactWhateverTheRule) {
  CaseResult r = compare(vectorOf(ElementType::kSI8, {5, 0x80}), vectorOf(ElementType::kSI8, {7, 0x7F}), profileWith(ulpRule(100)));
  EXPECT_EQ(r.status, Status::kFail);
  EXPECT_EQ(r.mismatches, 2);
  EXPECT_EQ(r.max_ulp, -1);  // no float output
  EXPECT_TRUE(r.ulp_histogram.empty());
  ASSERT_EQ(r.worst.size(), 2u);
  EXPECT_EQ(r.worst[0].index, 1);  // -128 vs 127: 255 apart
  EXPECT_EQ(r.worst[0].ulp, -1);
  EXPECT_EQ(r.worst[0].expected, "-128");
  EXPECT_EQ(r.worst[0].actual_bits, "0x7F");
  EXPECT_THAT(r.message, HasSubstr("out 0 [1]: expected 0x80 (-128), got 0x7F (127): differs by 255"));

  r = compare(vectorOf(ElementType::kI1, {1, 0}), vectorOf(ElementType::kI1, {1, 1}), profileWith(exactRule()));
  EXPECT_EQ(r.status, Status::kFail);
  EXPECT_THAT(r.message, HasSubstr("expected 0x0 (false), got 0x1 (true)"));
}

TEST(Comparator, QuantizedTensorsCompareStorageIntegers) {
  QuantizedType q;
  q.storage_type = ElementType::kSI8;
  q.storage_min = -128;
  q.storage_max = 127;
  q.expressed_type = ElementType::kF32;
  q.scales = {0.5};
  q.zero_points = {0};
  const Type type = Type::tensor({3}, Type::quantized(q));
  Tensor g(type), a(type);
  for (int i = 0; i < 3; ++i) {
    g.setBits(i, static_cast<uint64_t>(i + 1));
    a.setBits(i, static_cast<uint64_t>(i + 1));
  }
  CaseResult r;
  r.op = "uniform_quantize";
  r.element_type = "quant<i8:f32>";
  compareOutputs({GoldenOutput{g, {}, {}}}, {a}, profileWith(ulpRule(3)), r);
  EXPECT_EQ(r.status, Status::kPass) << r.message;
  a.setBits(2, 4);
  compareOutputs({GoldenOutput{g, {}, {}}}, {a}, profileWith(ulpRule(3)), r);
  EXPECT_EQ(r.status, Status::kFail);
  EXPECT_THAT(r.message, HasSubstr("differs by 1"));
  // Another scale is another type.
  QuantizedType q2 = q;
  q2.scales = {0.25};
  compareOutputs({GoldenOutput{g, {}, {}}}, {Tensor(Type::tensor({3}, Type::quantized(q2)))}, profileWith(ulpRule(3)), r);
  EXPECT_EQ(r.status, Status::kFail);
  EXPECT_EQ(r.rule, "output type");
  EXPECT_THAT(r.message, HasSubstr("quantization differs"));
}

TEST(Comparator, StructuralMismatchesFailWithAMessage) {
  const Tensor g = vectorOf(ElementType::kF32, {0, 0});
  CaseResult r;
  compareOutputs({GoldenOutput{g, {}, {}}}, {vectorOf(ElementType::kF32, {0, 0, 0})}, profileWith(exactRule()), r);
  EXPECT_EQ(r.status, Status::kFail);
  EXPECT_EQ(r.rule, "output shape");
  EXPECT_EQ(r.message, "out 0: expected tensor<2xf32>, got tensor<3xf32> (shape differs)");

  compareOutputs({GoldenOutput{g, {}, {}}}, {vectorOf(ElementType::kF16, {0, 0})}, profileWith(exactRule()), r);
  EXPECT_EQ(r.status, Status::kFail);
  EXPECT_EQ(r.rule, "output type");
  EXPECT_THAT(r.message, HasSubstr("(element type differs)"));

  compareOutputs({GoldenOutput{g, {}, {}}, GoldenOutput{g, {}, {}}}, {g}, profileWith(exactRule()), r);
  EXPECT_EQ(r.status, Status::kFail);
  EXPECT_EQ(r.rule, "output count");
  EXPECT_EQ(r.message, "expected 2 output(s), got 1");

  // A golden whose bounds do not match its elements is the harness's error, not the backend's failure.
  compareOutputs({GoldenOutput{g, {1.0}, {}}}, {g}, profileWith(exactRule()), r);
  EXPECT_EQ(r.status, Status::kError);
}

TEST(Comparator, SeveralOutputsAreComparedTogether) {
  const Tensor f = vectorOf(ElementType::kF32, {f32Bits(1.0f)});
  const Tensor i = vectorOf(ElementType::kSI32, {3, 4});
  CaseResult r;
  compareOutputs({GoldenOutput{f, {}, {}}, GoldenOutput{i, {}, {}}},
                 {vectorOf(ElementType::kF32, {f32Bits(1.0f) + 1}), vectorOf(ElementType::kSI32, {3, 5})},
                 profileWith(ulpRule(1)), r);
  EXPECT_EQ(r.status, Status::kFail);
  EXPECT_EQ(r.elements, 3);
  EXPECT_EQ(r.mismatches, 1);
  EXPECT_EQ(r.max_ulp, 1);
  EXPECT_EQ(r.ulp_histogram, std::vector<int64_t>({0, 1}));  // float elements only
  EXPECT_THAT(r.message, HasSubstr("out 1 [1]"));
}

// --- Globs and rule lookup ------------------------------------------------------------------------------

Profile parsed(const nlohmann::json& j) {
  absl::StatusOr<Profile> p = parseProfile(j, "test.json");
  EXPECT_TRUE(p.ok()) << p.status();
  return p.ok() ? *p : Profile{};
}

TEST(Profile, FirstMatchingRuleDecides) {
  const Profile p = parsed(nlohmann::json::parse(R"({
    "name": "p",
    "rules": [
      {"id": "exp-f32", "op": "exponential", "type": "f32", "ulp": 2},
      {"id": "exp-log-floats", "op": ["exponential", "log*"], "type": "f*", "ulp": 1},
      {"id": "small", "op": "*", "type": "{f8*,f?6,{bf,tf}*}", "ulp": 3},
      {"id": "x", "op": "x?y", "exact": true},
      {"id": "rest", "op": "*", "type": "*", "exact": true}
    ]})"));
  EXPECT_EQ(p.ruleFor("exponential", "f32").name, "p:exp-f32");
  EXPECT_EQ(p.ruleFor("exponential", "f64").name, "p:exp-log-floats");
  EXPECT_EQ(p.ruleFor("log_plus_one", "f16").name, "p:exp-log-floats");
  EXPECT_EQ(p.ruleFor("exponential", "complex<f32>").name, "p:rest");  // "f*" does not match "complex<f32>"
  EXPECT_EQ(p.ruleFor("add", "f8E4M3FN").name, "p:small");
  EXPECT_EQ(p.ruleFor("add", "f16").name, "p:small");                  // f?6
  EXPECT_EQ(p.ruleFor("add", "f32").name, "p:rest");
  EXPECT_EQ(p.ruleFor("add", "bf16").name, "p:small");                 // nested {bf,tf}*
  EXPECT_EQ(p.ruleFor("add", "tf32").name, "p:small");
  EXPECT_EQ(p.ruleFor("xay", "i8").name, "p:x");
  EXPECT_EQ(p.ruleFor("xy", "i8").name, "p:rest");                     // ? is exactly one character
  EXPECT_EQ(p.ruleFor("exponential", "f32").ulp, 2);
}

TEST(Profile, CaseLookupStripsTheDialectPrefix) {
  const Profile p = parsed(nlohmann::json::parse(R"({
    "name": "p",
    "rules": [
      {"id": "exp", "op": "exponential", "type": "f32", "ulp": 2},
      {"id": "rest", "op": "*", "type": "*", "exact": true}
    ]})"));
  const Tensor g = vectorOf(ElementType::kF32, {f32Bits(1.0f)});
  const Tensor a = vectorOf(ElementType::kF32, {f32Bits(1.0f) + 2});
  CaseResult r;
  r.op = "stablehlo.exponential";
  r.element_type = "f32";
  compareOutputs({GoldenOutput{g, {}, {}}}, {a}, p, r);
  EXPECT_EQ(r.status, Status::kPass) << r.message;
  EXPECT_EQ(r.rule, "p:exp ulp<=2");
  r.op = "log";
  compareOutputs({GoldenOutput{g, {}, {}}}, {a}, p, r);
  EXPECT_EQ(r.status, Status::kFail);
  EXPECT_EQ(r.rule, "p:rest exact");
  EXPECT_THAT(r.message, HasSubstr("(rule p:rest exact)"));
  // Without a case element type, the first output's type is looked up.
  r.op = "exponential";
  r.element_type = "";
  compareOutputs({GoldenOutput{g, {}, {}}}, {a}, p, r);
  EXPECT_EQ(r.rule, "p:exp ulp<=2");
}

TEST(Profile, DefaultsAndRuleFlags) {
  const Profile p = parsed(nlohmann::json::parse(R"({
    "name": "p",
    "defaults": {"signed_zero": "fail", "ftz": "ignore"},
    "rules": [
      {"id": "a", "op": "a", "exact": true, "nan_payload": "warn"},
      {"id": "rest", "op": "*", "type": "*", "bound": 2, "ulp": 1, "signed_zero": "warn", "source": "why"}
    ]})"));
  const ToleranceRule& a = p.ruleFor("a", "f32");
  EXPECT_EQ(a.kind, ToleranceRule::Kind::kExact);
  EXPECT_EQ(a.signed_zero, FlagAction::kFail);
  EXPECT_EQ(a.ftz, FlagAction::kIgnore);
  EXPECT_EQ(a.nan_payload, FlagAction::kWarn);
  const ToleranceRule& rest = p.ruleFor("b", "f32");
  EXPECT_EQ(rest.kind, ToleranceRule::Kind::kBound);
  EXPECT_EQ(rest.bound_factor, 2);
  EXPECT_EQ(rest.ulp, 1);
  EXPECT_EQ(rest.signed_zero, FlagAction::kWarn);
  EXPECT_EQ(rest.nan_payload, FlagAction::kIgnore);
  EXPECT_EQ(rest.source, "why");
}

struct BadProfile {
  const char* json;
  const char* message;
};

TEST(Profile, ParseErrorsSayWhatAndWhere) {
  const BadProfile cases[] = {
      {R"({"rules": [{"id": "r", "exact": true}]})", "needs a \"name\""},
      {R"({"name": "p"})", "needs \"rules\""},
      {R"({"name": "p", "rules": []})", "needs \"rules\""},
      {R"({"name": "p", "rule": []})", "unknown key \"rule\""},
      {R"({"name": "p", "rules": [{"id": "r", "ulps": 1}]})", "test.json.rules[0] (\"r\"): unknown key \"ulps\""},
      {R"({"name": "p", "rules": [{"exact": true}]})", "rules[0]: every rule needs an \"id\""},
      {R"({"name": "p", "rules": [{"id": "r"}]})", "give the tolerance"},
      {R"({"name": "p", "rules": [{"id": "r", "exact": true, "ulp": 1}]})", "cannot be combined"},
      {R"({"name": "p", "rules": [{"id": "r", "exact": false}]})", "only `\"exact\": true`"},
      {R"({"name": "p", "rules": [{"id": "r", "ulp": -1}]})", "rules[0] (\"r\").ulp: expected a finite number >= 0, got -1"},
      {R"({"name": "p", "rules": [{"id": "r", "ulp": "2"}]})", ".ulp: expected a finite number >= 0"},
      {R"({"name": "p", "rules": [{"id": "r", "bound": null}]})", ".bound: expected a finite number >= 0"},
      {R"({"name": "p", "rules": [{"id": "r", "exact": true, "ftz": "sometimes"}]})",
       ".ftz: expected \"ignore\", \"warn\" or \"fail\", got \"sometimes\""},
      {R"({"name": "p", "defaults": {"nan": "warn"}, "rules": [{"id": "r", "exact": true}]})",
       "test.json.defaults: unknown key \"nan\""},
      {R"({"name": "p", "rules": [{"id": "r", "op": "{a,b", "exact": true}]})", ".op: unmatched '{'"},
      {R"({"name": "p", "rules": [{"id": "r", "type": [], "exact": true}]})", ".type: expected a glob string or a non-empty list"},
      {R"({"name": "p", "rules": [{"id": "r", "op": "add", "exact": true}]})", "must be the catch-all"},
      {R"({"name": "p", "rules": [{"id": "r", "op": "a", "exact": true}, {"id": "r", "exact": true}]})", "duplicate id"},
      {R"([1, 2])", "a profile is a JSON object"},
  };
  for (const BadProfile& c : cases) {
    SCOPED_TRACE(c.json);
    absl::StatusOr<Profile> p = parseProfile(nlohmann::json::parse(c.json), "test.json");
    ASSERT_FALSE(p.ok());
    EXPECT_EQ(p.status().code(), absl::StatusCode::kInvalidArgument);
    EXPECT_THAT(std::string(p.status().message()), HasSubstr(c.message));
  }
}

TEST(Profile, LoadErrorsNameTheFileOrTheChoices) {
  absl::StatusOr<Profile> p = loadProfile("no-such-profile", {kProfileDir});
  ASSERT_FALSE(p.ok());
  EXPECT_EQ(p.status().code(), absl::StatusCode::kNotFound);
  EXPECT_THAT(std::string(p.status().message()), HasSubstr("available: default, strict"));

  const std::string path = testing::TempDir() + "/comparator_test_bad_profile.json";
  std::ofstream(path) << "{\"name\": \"x\", \"rules\": [\n  {\"id\": \"r\" \"exact\": true}]}";
  p = loadProfile(path, {});
  ASSERT_FALSE(p.ok());
  EXPECT_THAT(std::string(p.status().message()), HasSubstr(path + ": not valid JSON"));

  std::ofstream(path) << R"({"name": "mine", "rules": [{"id": "all", "op": "*", "type": "*", "ulp": 3}]})";
  p = loadProfile(path, {kProfileDir});
  ASSERT_TRUE(p.ok()) << p.status();
  EXPECT_EQ(p->ruleFor("add", "f32").name, "mine:all");
}

// --- The shipped profiles -------------------------------------------------------------------------------

TEST(Profile, ShippedProfilesLoadAndEveryRuleSaysWhereItsNumberComesFrom) {
  for (const char* name : {"strict", "default"}) {
    SCOPED_TRACE(name);
    absl::StatusOr<Profile> p = loadProfile(name, {kProfileDir});
    ASSERT_TRUE(p.ok()) << p.status();
    EXPECT_EQ(p->name, name);
    EXPECT_FALSE(p->description.empty());
    for (const ToleranceRule& rule : p->rules) {
      EXPECT_THAT(rule.name, testing::StartsWith(std::string(name) + ":"));
      EXPECT_GT(rule.source.size(), 40u) << rule.name;
    }
  }
}

TEST(Profile, ShippedProfilesNameOnlyKnownOps) {
  for (const char* name : {"strict", "default"}) {
    std::ifstream in(kProfileDir + "/" + name + ".json");
    const nlohmann::json j = nlohmann::json::parse(in);
    for (const auto& rule : j["rules"]) {
      if (!rule.contains("op")) continue;
      std::vector<std::string> ops;
      if (rule["op"].is_string()) ops.push_back(rule["op"].get<std::string>());
      else
        for (const auto& o : rule["op"]) ops.push_back(o.get<std::string>());
      for (const std::string& op : ops) {
        if (op == "*") continue;
        if (op.ends_with("*") && op.find_first_of("*?{") == op.size() - 1) {
          const std::string prefix = "stablehlo." + op.substr(0, op.size() - 1);
          bool any = false;
          for (const OpSchema& def : allOps()) any = any || def.name.starts_with(prefix);
          EXPECT_TRUE(any) << name << ": no op matches " << op;
        } else if (op != "graph") {  // `graph`: the label of gen:graph cases (generators/programs_graph.cc)
          // A rule names a stablehlo op without its prefix, a chlo op with it (chlo.ragged_dot).
          EXPECT_NE(lookupOp(op.starts_with("chlo.") ? op : "stablehlo." + op), nullptr) << name << ": unknown op " << op;
        }
      }
    }
  }
}

TEST(Profile, StrictIsCorrectlyRounded) {
  absl::StatusOr<Profile> p = loadProfile("strict", {kProfileDir});
  ASSERT_TRUE(p.ok()) << p.status();
  for (const char* op : {"exponential", "add", "tan", "convert", "sqrt"}) {
    const ToleranceRule& r = p->ruleFor(op, "f32");
    EXPECT_EQ(r.kind, ToleranceRule::Kind::kExact) << op;
    EXPECT_EQ(r.signed_zero, FlagAction::kFail);
    EXPECT_EQ(r.ftz, FlagAction::kFail);
    EXPECT_EQ(r.nan_payload, FlagAction::kIgnore);
  }
  const ToleranceRule& dot = p->ruleFor("dot_general", "bf16");
  EXPECT_EQ(dot.kind, ToleranceRule::Kind::kBound);
  EXPECT_EQ(dot.bound_factor, 1);
  EXPECT_EQ(dot.ulp, 0);

  // End to end: a 1-ULP exp result fails strict and passes default, each naming its rule.
  const Tensor g = vectorOf(ElementType::kF32, {f32Bits(2.71828183f)});
  const Tensor a = vectorOf(ElementType::kF32, {f32Bits(2.71828183f) + 1});
  CaseResult strict = compare(g, a, *p);
  EXPECT_EQ(strict.status, Status::kFail);
  EXPECT_EQ(strict.rule, "strict:exact exact");
  EXPECT_THAT(strict.message, HasSubstr("(rule strict:exact exact)"));
  absl::StatusOr<Profile> d = loadProfile("default", {kProfileDir});
  ASSERT_TRUE(d.ok()) << d.status();
  CaseResult lenient = compare(g, a, *d);
  EXPECT_EQ(lenient.status, Status::kPass) << lenient.message;
  EXPECT_EQ(lenient.rule, "default:exponential/f32 ulp<=2");
}

TEST(Profile, DefaultBudgets) {
  absl::StatusOr<Profile> p = loadProfile("default", {kProfileDir});
  ASSERT_TRUE(p.ok()) << p.status();
  struct Expect {
    const char* op;
    const char* type;
    ToleranceRule::Kind kind;
    double ulp;
  };
  const Expect expects[] = {
      {"add", "f32", ToleranceRule::Kind::kExact, 0},
      {"divide", "f64", ToleranceRule::Kind::kExact, 0},
      {"sqrt", "bf16", ToleranceRule::Kind::kExact, 0},
      {"add", "i32", ToleranceRule::Kind::kExact, 0},
      {"exponential", "f32", ToleranceRule::Kind::kUlp, 2},
      {"exponential", "f64", ToleranceRule::Kind::kUlp, 1},
      {"tan", "f32", ToleranceRule::Kind::kUlp, 4},
      {"power", "f32", ToleranceRule::Kind::kUlp, 8},
      {"cbrt", "f64", ToleranceRule::Kind::kUlp, 4},
      {"tanh", "bf16", ToleranceRule::Kind::kUlp, 1},
      {"log", "f8E4M3FN", ToleranceRule::Kind::kUlp, 1},
      {"log", "complex<f32>", ToleranceRule::Kind::kUlp, 3},
      {"abs", "complex<f64>", ToleranceRule::Kind::kUlp, 2},
      {"abs", "f32", ToleranceRule::Kind::kExact, 0},
      {"dot_general", "f32", ToleranceRule::Kind::kBound, 0},
      {"reduce", "bf16", ToleranceRule::Kind::kBound, 0},
      {"chlo.ragged_dot", "f32", ToleranceRule::Kind::kBound, 0},
      {"chlo.tan", "f32", ToleranceRule::Kind::kUlp, 4},  // the same function as tan
      // chlo.broadcast_<op> is judged by <op>'s rule.
      {"chlo.broadcast_atan2", "f32", ToleranceRule::Kind::kUlp, 3},
      {"chlo.broadcast_power", "f64", ToleranceRule::Kind::kUlp, 2},
      {"chlo.broadcast_add", "f32", ToleranceRule::Kind::kExact, 0},
  };
  for (const Expect& e : expects) {
    const ToleranceRule& r = p->ruleFor(e.op, e.type);
    EXPECT_EQ(r.kind, e.kind) << e.op << " " << e.type << " -> " << r.name;
    EXPECT_EQ(r.ulp, e.ulp) << e.op << " " << e.type << " -> " << r.name;
    EXPECT_EQ(r.signed_zero, FlagAction::kWarn) << r.name;
    EXPECT_EQ(r.ftz, FlagAction::kWarn) << r.name;
  }
  EXPECT_THAT(p->ruleFor("exponential", "f32").source, HasSubstr("CUDA expf 2"));
  EXPECT_THAT(p->ruleFor("exponential", "f32").source, Not(HasSubstr("Chosen")));
  EXPECT_THAT(p->ruleFor("logistic", "f32").source, HasSubstr("Chosen budget"));
}

}  // namespace
}  // namespace hloconf::reports
