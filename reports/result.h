// The result of one case on one backend: the record the runner journals, the comparator fills in and
// every report writer reads. Its JSON form (toJson/fromJson) is the line format of the run journal and
// the element of `results.json`'s `cases` list, so a record survives a round trip exactly.
#ifndef HLOCONF_REPORTS_RESULT_H_
#define HLOCONF_REPORTS_RESULT_H_

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "nlohmann/json.hpp"

namespace hloconf::reports {

// docs/design/harness.md defines each status.
enum class Status : uint8_t {
  kPass,
  kFail,
  kUnsupported,   // the backend (or the harness, for a case it cannot lower) said it cannot run the case
  kCrash,         // the backend process died during the case
  kTimeout,       // the backend took longer than --timeout
  kError,         // the backend answered an error, or the harness/reference had a problem
  kImplDefined,   // differs from the golden only where the spec leaves the value to the implementation
  kXFail,         // FAIL/CRASH/TIMEOUT/ERROR, and the baseline lists the case as a known failure
  kXPass,         // PASS (or IMPL_DEFINED), but the baseline lists the case as a known failure
  kFlaky,         // --repeat N: the backend's outputs differed between identical runs of the case
  kInvalid,       // the program breaks a spec constraint (ir/verifier.h): never sent to a backend nor evaluated
};
inline constexpr int kNumStatuses = 11;

std::string_view statusName(Status status);  // "PASS", "FAIL", ..., "XPASS", "FLAKY", "INVALID"
std::optional<Status> parseStatus(std::string_view name);
// Whether a run may exit 0 with this status (PASS, UNSUPPORTED, IMPL_DEFINED, XFAIL).
bool isAcceptable(Status status);
// Whether the status is a failure for baseline purposes (FAIL, CRASH, TIMEOUT, ERROR, FLAKY, INVALID).
bool isFailure(Status status);

// One element where backend and golden differ (or the worst elements of a passing case).
struct ElementDiff {
  int output = 0;             // which result of the program
  int64_t index = 0;          // row-major element index
  std::string position;       // "[i, j]"
  std::string expected;       // golden value as text (hex bits for NaN/inf, "(re, im)" for complex)
  std::string actual;
  std::string expected_bits;  // "0x3F800000" (complex: "0x...,0x..." real then imaginary)
  std::string actual_bits;
  double ulp = 0;             // ULP distance (max over the parts for complex); -1 when not a float
  double bound = 0;           // the golden's error bound for this element (0 if none)
  std::string category;       // "value", "signed_zero", "nan_payload", "nan", "ftz", "impl_defined", ...
  nlohmann::json toJson() const;
  static ElementDiff fromJson(const nlohmann::json& j);
};

// An input tensor of the case, for the record (hex bits; large tensors are truncated).
struct InputRecord {
  std::string type;           // "tensor<4xf32>"
  std::string hex;            // little-endian bytes as "0x..." (first kMaxInputHexBytes bytes)
  bool truncated = false;
  nlohmann::json toJson() const;
  static InputRecord fromJson(const nlohmann::json& j);
};
inline constexpr size_t kMaxInputHexBytes = 4096;

struct CaseResult {
  std::string id;             // stable case ID, e.g. "spec/add/example-1"
  std::string backend;        // backend name
  std::string op;             // op under test, e.g. "add" (no dialect prefix for stablehlo ops)
  std::string element_type;   // element type under test, e.g. "f32"
  Status status = Status::kError;
  std::string rule;           // the tolerance rule (or other reason) that decided the status
  std::string message;        // one line: why (first mismatch, the backend's reason, the error)
  int64_t elements = 0;       // output elements compared
  int64_t mismatches = 0;     // elements beyond tolerance
  double max_ulp = 0;         // largest ULP distance over float elements (-1: no float outputs compared)
  std::map<std::string, int64_t> categories;  // element counts per category (signed_zero, nan_payload, ...)
  std::vector<int64_t> ulp_histogram;         // element counts for ULP 0, 1, 2, 3-4, 5-8, ... (bucket k>=1: (2^(k-2), 2^(k-1)])
  std::vector<ElementDiff> worst;             // the worst elements (at most kMaxWorst), worst first
  std::vector<InputRecord> inputs;
  std::string repro;          // a command that reproduces the case as a standalone file
  double seconds = 0;         // backend time for the case (all repeats together)
  int repeats = 1;            // --repeat N: how many times the backend ran the case
  std::string stderr_text;    // what an external backend wrote to stderr during this case (its end, at most 4 KB)
  std::string description;    // the case's own comment (what it tests), "" when it has none
  // A negative case (`// expect-invalid: <op> C<n>` lines; docs/verifier.md, "The negative suite"): the
  // constraints it breaks, and the backend's answer to the protocol's verify request: "accepted",
  // "rejected" or "not asked" (the backend does not implement verify). Both empty for other cases.
  std::vector<std::string> expect_invalid;  // "dot_general C10"
  std::string verify;
  // The backend accepted a program the spec forbids (the reports' table of that name).
  bool acceptsForbidden() const { return verify == kVerifyAccepted; }
  static constexpr std::string_view kVerifyAccepted = "accepted", kVerifyRejected = "rejected", kVerifyNotAsked = "not asked";
  nlohmann::json toJson() const;
  static CaseResult fromJson(const nlohmann::json& j);
};
// The results whose backend accepted a program the spec forbids, in order.
std::vector<const CaseResult*> acceptsForbidden(const std::vector<CaseResult>& results);
inline constexpr size_t kMaxWorst = 8;

// The histogram bucket of a ULP distance (see CaseResult::ulp_histogram).
int ulpBucket(double ulp);
// "0", "1", "2", "3-4", "5-8", ... for bucket k.
std::string ulpBucketLabel(int bucket);

}  // namespace hloconf::reports

#endif  // HLOCONF_REPORTS_RESULT_H_
