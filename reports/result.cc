#include "reports/result.h"

#include <cmath>

#include "ir/strings.h"

namespace hloconf::reports {
namespace {

constexpr std::string_view kStatusNames[kNumStatuses] = {"PASS",    "FAIL",         "UNSUPPORTED", "CRASH", "TIMEOUT", "ERROR",
                                                         "IMPL_DEFINED", "XFAIL", "XPASS",       "FLAKY", "INVALID"};

// JSON has no infinities: an infinite ULP distance or bound is written as the string "inf".
nlohmann::json number(double v) {
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  if (std::isnan(v)) return "nan";
  return v;
}
double numberFrom(const nlohmann::json& j) {
  if (j.is_string()) {
    std::string s = j.get<std::string>();
    if (s == "inf") return INFINITY;
    if (s == "-inf") return -INFINITY;
    return NAN;
  }
  return j.is_number() ? j.get<double>() : 0.0;
}

template <typename T>
T get(const nlohmann::json& j, const char* key, T fallback) {
  auto it = j.find(key);
  return it == j.end() || it->is_null() ? fallback : it->get<T>();
}

}  // namespace

std::string_view statusName(Status status) { return kStatusNames[static_cast<int>(status)]; }

std::optional<Status> parseStatus(std::string_view name) {
  for (int i = 0; i < kNumStatuses; ++i)
    if (kStatusNames[i] == name) return static_cast<Status>(i);
  return std::nullopt;
}

bool isAcceptable(Status status) {
  return status == Status::kPass || status == Status::kUnsupported || status == Status::kImplDefined ||
         status == Status::kXFail;
}

bool isFailure(Status status) {
  return status == Status::kFail || status == Status::kCrash || status == Status::kTimeout ||
         status == Status::kError || status == Status::kFlaky || status == Status::kInvalid;
}

std::vector<const CaseResult*> acceptsForbidden(const std::vector<CaseResult>& results) {
  std::vector<const CaseResult*> out;
  for (const CaseResult& r : results)
    if (r.acceptsForbidden()) out.push_back(&r);
  return out;
}

int ulpBucket(double ulp) {
  if (!(ulp > 0)) return 0;
  if (std::isinf(ulp)) return 66;
  if (ulp <= 1) return 1;
  // (2^(k-2), 2^(k-1)] -> k
  int k = static_cast<int>(std::ceil(std::log2(ulp))) + 1;
  return std::min(k, 66);
}

std::string ulpBucketLabel(int bucket) {
  if (bucket == 0) return "0";
  if (bucket == 1) return "1";
  if (bucket == 2) return "2";
  if (bucket >= 66) return "inf";
  if (bucket == 65) return "9223372036854775809-18446744073709551616";  // (2^63, 2^64]: 2^64 does not fit a uint64_t
  uint64_t lo = (uint64_t{1} << (bucket - 2)) + 1, hi = uint64_t{1} << (bucket - 1);
  return strCat(lo, "-", hi);
}

nlohmann::json ElementDiff::toJson() const {
  return {{"output", output},     {"index", index},   {"position", position},           {"expected", expected},
          {"actual", actual},     {"expected_bits", expected_bits}, {"actual_bits", actual_bits},
          {"ulp", number(ulp)},   {"bound", number(bound)},         {"category", category}};
}

ElementDiff ElementDiff::fromJson(const nlohmann::json& j) {
  ElementDiff d;
  d.output = get(j, "output", 0);
  d.index = get<int64_t>(j, "index", 0);
  d.position = get<std::string>(j, "position", "");
  d.expected = get<std::string>(j, "expected", "");
  d.actual = get<std::string>(j, "actual", "");
  d.expected_bits = get<std::string>(j, "expected_bits", "");
  d.actual_bits = get<std::string>(j, "actual_bits", "");
  d.ulp = j.contains("ulp") ? numberFrom(j["ulp"]) : 0;
  d.bound = j.contains("bound") ? numberFrom(j["bound"]) : 0;
  d.category = get<std::string>(j, "category", "");
  return d;
}

nlohmann::json InputRecord::toJson() const { return {{"type", type}, {"hex", hex}, {"truncated", truncated}}; }

InputRecord InputRecord::fromJson(const nlohmann::json& j) {
  return {get<std::string>(j, "type", ""), get<std::string>(j, "hex", ""), get(j, "truncated", false)};
}

nlohmann::json CaseResult::toJson() const {
  nlohmann::json j = {{"id", id},
                      {"backend", backend},
                      {"op", op},
                      {"element_type", element_type},
                      {"status", statusName(status)},
                      {"rule", rule},
                      {"message", message},
                      {"elements", elements},
                      {"mismatches", mismatches},
                      {"max_ulp", number(max_ulp)},
                      {"categories", categories},
                      {"ulp_histogram", ulp_histogram},
                      {"seconds", seconds},
                      {"repro", repro}};
  if (repeats != 1) j["repeats"] = repeats;  // written only for --repeat N
  if (!stderr_text.empty()) j["stderr"] = stderr_text;
  if (!description.empty()) j["description"] = description;
  if (!expect_invalid.empty()) j["expect_invalid"] = expect_invalid;
  if (!verify.empty()) j["verify"] = verify;
  j["worst"] = nlohmann::json::array();
  for (const ElementDiff& d : worst) j["worst"].push_back(d.toJson());
  j["inputs"] = nlohmann::json::array();
  for (const InputRecord& r : inputs) j["inputs"].push_back(r.toJson());
  return j;
}

CaseResult CaseResult::fromJson(const nlohmann::json& j) {
  CaseResult r;
  r.id = get<std::string>(j, "id", "");
  r.backend = get<std::string>(j, "backend", "");
  r.op = get<std::string>(j, "op", "");
  r.element_type = get<std::string>(j, "element_type", "");
  r.status = parseStatus(get<std::string>(j, "status", "ERROR")).value_or(Status::kError);
  r.rule = get<std::string>(j, "rule", "");
  r.message = get<std::string>(j, "message", "");
  r.elements = get<int64_t>(j, "elements", 0);
  r.mismatches = get<int64_t>(j, "mismatches", 0);
  r.max_ulp = j.contains("max_ulp") ? numberFrom(j["max_ulp"]) : 0;
  r.categories = get<std::map<std::string, int64_t>>(j, "categories", {});
  r.ulp_histogram = get<std::vector<int64_t>>(j, "ulp_histogram", {});
  r.seconds = get(j, "seconds", 0.0);
  r.repro = get<std::string>(j, "repro", "");
  r.repeats = get(j, "repeats", 1);
  r.stderr_text = get<std::string>(j, "stderr", "");
  r.description = get<std::string>(j, "description", "");
  r.expect_invalid = get<std::vector<std::string>>(j, "expect_invalid", {});
  r.verify = get<std::string>(j, "verify", "");
  if (j.contains("worst"))
    for (const auto& d : j["worst"]) r.worst.push_back(ElementDiff::fromJson(d));
  if (j.contains("inputs"))
    for (const auto& d : j["inputs"]) r.inputs.push_back(InputRecord::fromJson(d));
  return r;
}

}  // namespace hloconf::reports
