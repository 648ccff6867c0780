// The comparator: backend outputs against golden values under a tolerance profile.
//
// A profile (reports/profiles/*.json, docs/tolerances.md) is a list of rules, each for an op glob x
// element-type glob, the first match deciding: `exact` (same bits; any NaN matches any NaN unless
// nan_payload is "fail"), `ulp: N` (at most N ULPs from the correctly rounded golden), or `bound: F`
// (within F times the golden's per-element error bound, plus the ULP allowance, for sums of products),
// with flags for signed zeros, NaN payloads and flushed subnormals ("ignore" | "warn" | "fail"), each
// counted as its own category. Elements the reference marked implementation-defined never make a FAIL:
// a case that differs only there is IMPL_DEFINED.
#ifndef HLOCONF_REPORTS_COMPARATOR_H_
#define HLOCONF_REPORTS_COMPARATOR_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "ir/tensor.h"
#include "nlohmann/json.hpp"
#include "reports/result.h"

namespace hloconf::reports {

// What the reference computed for one output.
struct GoldenOutput {
  Tensor value;
  std::vector<double> error_bound;    // per element, or empty
  std::vector<uint8_t> impl_defined;  // per element, or empty
};

enum class FlagAction { kIgnore, kWarn, kFail };

struct ToleranceRule {
  std::string name;           // "default:exponential/f32" (profile name, then the rule's own id)
  std::string op_glob = "*";  // matched against the op name without "stablehlo." ("add", "dot_general")
  std::string type_glob = "*";
  enum class Kind { kExact, kUlp, kBound } kind = Kind::kExact;
  double ulp = 0;             // kUlp: the budget; kBound: an extra ULP allowance on top of the bound
  double bound_factor = 1;    // kBound
  FlagAction signed_zero = FlagAction::kWarn;
  FlagAction nan_payload = FlagAction::kIgnore;
  FlagAction ftz = FlagAction::kWarn;  // a subnormal golden returned as a zero of the same sign
  std::string source;         // where the number comes from (free text, shown in reports)
};

struct Profile {
  std::string name;
  std::string description;
  std::vector<ToleranceRule> rules;
  // The first rule whose globs match; a profile always ends with a catch-all rule. `op` may carry its
  // "stablehlo." prefix; chlo.broadcast_<op> is looked up as <op>.
  const ToleranceRule& ruleFor(std::string_view op, std::string_view element_type) const;
};

absl::StatusOr<Profile> parseProfile(const nlohmann::json& json, std::string_view what);
// NAME is a shipped profile (reports/profiles/NAME.json, looked up in `profile_dirs`) or a file path.
absl::StatusOr<Profile> loadProfile(const std::string& name_or_path, const std::vector<std::string>& profile_dirs);

// Compares `actual` with `golden` (one entry per output) for a case of `op` x `element_type`, and fills
// `result`'s status (PASS, FAIL or IMPL_DEFINED), rule, message, elements, mismatches, max_ulp,
// categories, ulp_histogram and worst. Output count, type or shape mismatches are a FAIL with a message.
void compareOutputs(const std::vector<GoldenOutput>& golden, const std::vector<Tensor>& actual, const Profile& profile,
                    CaseResult& result);

// Element `index` of `t` as hex bits with the type's width: "0x3F800000" ("0x...,0x..." real then
// imaginary for complex), and as a readable value (the shortest literal, nan, inf; "(re, im)").
std::string elementBits(const Tensor& t, int64_t index);
std::string valueText(const Tensor& t, int64_t index);

}  // namespace hloconf::reports

#endif  // HLOCONF_REPORTS_COMPARATOR_H_
