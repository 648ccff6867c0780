// For the executor family tests: runs cases (spec folders, gen: suites) through the cpu backend and
// compares them with the reference's golden values under the `default` profile, as `hloconf run
// --backend cpu` does, and fails the test on every case that is not PASS, naming it and why.
#ifndef HLOCONF_TESTS_EXECUTORS_SUITE_CHECK_H_
#define HLOCONF_TESTS_EXECUTORS_SUITE_CHECK_H_

#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include "adapters/backend.h"
#include "ir/element_type.h"
#include "golden/cases.h"
#include "harness/runner.h"
#include "reports/comparator.h"

namespace hloconf::testing {

struct SuiteTally {
  int cases = 0;
  int passed = 0;        // PASS or IMPL_DEFINED
  int impl_defined = 0;  // of those, IMPL_DEFINED
  int unsupported = 0;
};

// Whether an UNSUPPORTED case fails the test: kFails where every case must run, kCounted where a program
// may need ops of another family that the executor does not run yet (FAIL, ERROR and the rest still fail).
enum class Unsupported { kFails, kCounted };

// Runs `sources` (anything `hloconf run` takes: "gen:add", a folder of cases/...) with `count` generated
// cases per (op, type, strategy); every case must PASS (or be IMPL_DEFINED) on the cpu backend under
// `default` (UNSUPPORTED as `unsupported` says).
inline SuiteTally expectCpuPassesCases(const std::vector<CaseSource>& cases, Unsupported unsupported) {
  SuiteTally tally;
  EXPECT_FALSE(cases.empty());
  absl::StatusOr<reports::Profile> profile = reports::loadProfile("default", {HLOCONF_SOURCE_DIR "/reports/profiles"});
  EXPECT_TRUE(profile.ok()) << profile.status();
  if (!profile.ok()) return tally;
  std::unique_ptr<adapters::Backend> backend = adapters::makeCpuBackend();
  absl::StatusOr<adapters::BackendInfo> info = backend->start();
  EXPECT_TRUE(info.ok());
  if (!info.ok()) return tally;
  for (const CaseSource& source : cases) {
    PreparedCase prepared = prepareCase(source, GoldenCache{}, 60);
    // Not lowerable, or a negative case (cases/<op>/invalid-*: a program the spec forbids, which the
    // verifier tests cover): not the executor's business.
    if (!prepared.status.ok() || prepared.negative()) continue;
    ++tally.cases;
    reports::CaseResult result = runCaseOnBackend(source, prepared, *backend, *info, *profile, 60, "");
    // IMPL_DEFINED: the executor differs only where the spec leaves the value open (the comparator's call).
    if (result.status == reports::Status::kPass || result.status == reports::Status::kImplDefined) {
      ++tally.passed;
      tally.impl_defined += result.status == reports::Status::kImplDefined;
    } else if (result.status == reports::Status::kUnsupported && unsupported == Unsupported::kCounted) {
      ++tally.unsupported;
    } else {
      ADD_FAILURE() << source.id << ": " << reports::statusName(result.status) << ": " << result.message;
    }
  }
  return tally;
}

inline SuiteTally expectCpuPasses(const std::vector<std::string>& sources, uint64_t count = 3,
                                  Unsupported unsupported = Unsupported::kFails) {
  std::vector<std::string> errors;
  GenOptions gen;
  gen.count = count;
  const std::vector<CaseSource> cases = collectCases(sources, false, errors, gen);
  for (const std::string& error : errors) ADD_FAILURE() << error;
  return expectCpuPassesCases(cases, unsupported);
}

// Cases written in a test: `// -----`-separated chunks of `text`, each in the spec suite's format (a
// `// Case: ID` line, @main with check ops).
inline SuiteTally expectCpuPassesText(std::string_view text, Unsupported unsupported = Unsupported::kFails) {
  std::vector<CaseSource> cases;
  size_t begin = 0;
  while (begin < text.size()) {
    size_t end = text.find("// -----", begin);
    if (end == std::string_view::npos) end = text.size();
    CaseSource source;
    source.text = std::string(text.substr(begin, end - begin));
    const size_t id = source.text.find("// Case: ");
    source.id = id == std::string::npos ? "test-case" : source.text.substr(id + 9, source.text.find('\n', id) - id - 9);
    cases.push_back(std::move(source));
    begin = end == text.size() ? end : end + 8;
  }
  return expectCpuPassesCases(cases, unsupported);
}

// A request whose program is `func.func @main(<argument_types>) -> result_type { body }`, with `case_id`
// as the program's path in locations ("<case_id>:2:5").
inline adapters::Request makeRequest(const std::string& body, const std::vector<std::string>& argument_types,
                                     const std::string& result_type, std::vector<Tensor> inputs,
                                     const std::string& case_id = "executors_test") {
  std::string arguments;
  for (size_t i = 0; i < argument_types.size(); ++i)
    arguments += (i ? ", %arg" : "%arg") + std::to_string(i) + ": " + argument_types[i];
  adapters::Request request;
  request.case_id = case_id;
  request.mlir = "func.func @main(" + arguments + ") -> " + result_type + " {\n" + body + "}\n";
  request.inputs = std::move(inputs);
  return request;
}

// Starts `backend` and runs `request` on it.
inline adapters::Reply runOn(std::unique_ptr<adapters::Backend> backend, const adapters::Request& request) {
  EXPECT_TRUE(backend->start().ok());
  return backend->run(request);
}

// Runs `request` on the cpu and the reference backends and expects every element of every result with the
// same bits (per part for complex; any two NaNs alike, the spec leaves payloads open).
inline void expectSameBitsAsReference(const adapters::Request& request) {
  const adapters::Reply cpu = runOn(adapters::makeCpuBackend(), request);
  const adapters::Reply reference = runOn(adapters::makeReferenceBackend(), request);
  ASSERT_EQ(reference.kind, adapters::Reply::Kind::kOutputs) << reference.message;
  ASSERT_EQ(cpu.kind, adapters::Reply::Kind::kOutputs) << cpu.message;
  ASSERT_EQ(cpu.outputs.size(), reference.outputs.size());
  for (size_t o = 0; o < cpu.outputs.size(); ++o) {
    const Tensor& got = cpu.outputs[o];
    const Tensor& want = reference.outputs[o];
    ASSERT_EQ(got.type(), want.type());
    const ElementType t = got.elementType();
    const ElementType part_type = isComplex(t) ? complexPartType(t) : t;
    auto isNaN = [&](uint64_t bits) { return isFloat(part_type) && classifyFloat(part_type, bits) == FloatClass::kNaN; };
    int failures = 0;
    for (int64_t i = 0; i < got.numElements() && failures < 5; ++i) {
      for (int p = 0; p < (isComplex(t) ? 2 : 1); ++p) {
        const uint64_t g = got.bits(i, p), w = want.bits(i, p);
        if (g == w || (isNaN(g) && isNaN(w))) continue;
        ++failures;
        ADD_FAILURE() << "result " << o << " element " << i << " part " << p << ": cpu 0x" << std::hex << g
                      << ", reference 0x" << w;
      }
    }
  }
}

}  // namespace hloconf::testing

#endif  // HLOCONF_TESTS_EXECUTORS_SUITE_CHECK_H_
