// Shared by the generator tests: generate cases of one op and check that each is valid (it parses,
// lowers for `hloconf run`, and evaluates on the reference without an error).
#ifndef HLOCONF_TESTS_GENERATORS_GEN_TEST_UTIL_H_
#define HLOCONF_TESTS_GENERATORS_GEN_TEST_UTIL_H_

#include <string>
#include <vector>

#include "generators/gen.h"
#include "golden/lowering.h"
#include "ir/parser.h"
#include "ir/strings.h"
#include "reference/evaluate.h"

namespace hloconf::gen::testing {

// Problems with case `key`: "" when it is valid (or the generator skipped it; `skipped` is then set).
inline std::string caseProblem(const CaseKey& key, bool* skipped = nullptr) {
  auto c = generateCase(key);
  if (!c.ok()) return strCat(key.id(), ": ", c.status().message());
  if (!c->skipped.empty()) {
    if (skipped) *skipped = true;
    return "";
  }
  auto module = parseModule(c->text, c->id);
  if (!module.ok()) return strCat(key.id(), ": does not parse: ", module.status().message(), "\n", c->text);
  const Operation* main = module->findFunction("main");
  if (!main) return strCat(key.id(), ": no @main\n", c->text);
  ref::EvalOptions options;
  options.deadline = ref::deadlineAfter(20);
  ref::FunctionRun run = ref::evaluateFunction(*module, c->text, *main, {}, 0, 0, options);
  if (!run.status.ok()) return strCat(key.id(), ": the reference fails: ", run.status.message(), "\n", c->text);
  auto again = parseModule(c->text, c->id);
  auto lowered = lowerCase(*again, c->text);
  if (!lowered.ok()) return strCat(key.id(), ": does not lower: ", lowered.status().message(), "\n", c->text);
  return "";
}

// Problems with `count` cases of every (dtype, strategy) of `op` (all of them; empty when all are valid).
inline std::vector<std::string> generatorProblems(std::string_view op, uint64_t count, uint64_t seed = 1) {
  std::vector<std::string> problems;
  auto keys = expandSuite(strCat("gen:", op), seed, count, "", "");
  if (!keys.ok()) return {std::string(keys.status().message())};
  if (keys->empty()) return {strCat("gen:", op, " has no cases")};
  for (const CaseKey& key : *keys) {
    std::string p = caseProblem(key);
    if (!p.empty()) problems.push_back(p);
    if (problems.size() >= 3) break;  // enough to see what is wrong
  }
  return problems;
}

}  // namespace hloconf::gen::testing

#endif  // HLOCONF_TESTS_GENERATORS_GEN_TEST_UTIL_H_
