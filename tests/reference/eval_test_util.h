// Helpers for the reference evaluator's tests: parse a module from a string and run one of its
// functions with ref::Interpreter, keeping the results and the recorded checks.
#ifndef HLOCONF_TESTS_REFERENCE_EVAL_TEST_UTIL_H_
#define HLOCONF_TESTS_REFERENCE_EVAL_TEST_UTIL_H_

#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "ir/parser.h"
#include "ir/strings.h"
#include "ir/tensor.h"
#include "ir/type.h"
#include "reference/interpreter.h"
#include "reference/value.h"

namespace hloconf::test {

struct Evaluation {
  absl::Status status;                  // of callFunction (or of parsing, which also fails the test)
  std::vector<ref::RtValue> results;    // when status is OK
  std::vector<ref::CheckResult> checks;  // every check op that ran, in order
  int64_t failed_checks = 0;
};

// Parses `text` as test.mlir and evaluates function @`function` on `args`. A parse error fails the
// test (every module here is meant to parse) and is returned as the status.
inline Evaluation evaluate(const std::string& text, std::string_view function = "main", std::vector<ref::RtValue> args = {},
                           ref::EvalOptions options = {}) {
  Evaluation e;
  auto module = parseModule(text, "test.mlir");
  if (!module.ok()) {
    ADD_FAILURE() << "parse error: " << module.status().message() << "\n" << text;
    e.status = module.status();
    return e;
  }
  const Operation* func = module->findFunction(function);
  if (!func) {
    ADD_FAILURE() << "no function @" << function << " in\n" << text;
    e.status = absl::NotFoundError("no function");
    return e;
  }
  ref::Interpreter interp(*module, text, options);
  auto results = interp.callFunction(*func, std::move(args));
  e.checks = interp.checks();
  e.failed_checks = interp.failedChecks();
  if (results.ok()) {
    e.results = std::move(*results);
  } else {
    e.status = results.status();
  }
  return e;
}

// Evaluates `body` (op lines that define %r) inside `func.func @main() -> type` returning %r; returns %r.
// Any evaluation error fails the test.
inline ref::RtValue evalResult(const std::string& body, const std::string& type) {
  const std::string text = strCat("func.func @main() -> ", type, " {\n", body, "\n  func.return %r : ", type, "\n}\n");
  Evaluation e = evaluate(text);
  EXPECT_TRUE(e.status.ok()) << e.status.message() << "\n" << text;
  if (!e.status.ok() || e.results.size() != 1) return ref::RtValue();
  return e.results[0];
}

// One op applied to constants: `%r = <op_line>` where the constants are %a, %b, %c (as many as given),
// each `literal : type` text like "dense<[1.0, 2.0]> : tensor<2xf32>".
inline ref::RtValue evalOp(const std::vector<std::string>& constants, const std::string& op_line, const std::string& result_type) {
  std::string body;
  const char* names[] = {"%a", "%b", "%c"};
  for (size_t i = 0; i < constants.size() && i < 3; ++i) strAppend(&body, "  ", names[i], " = stablehlo.constant ", constants[i], "\n");
  strAppend(&body, "  %r = ", op_line);
  return evalResult(body, result_type);
}

// Bits of element `index` (part 1: imaginary part of a complex element).
inline uint64_t bitsAt(const ref::RtValue& v, int64_t index, int part = 0) {
  if (!v.isTensor() || index >= v.tensor.numElements()) {
    ADD_FAILURE() << "no element " << index << " in " << ref::toString(v);
    return 0xDEADBEEF;
  }
  return v.tensor.bits(index, part);
}

// A run-time tensor argument of `type` (static shape) with the given element bits (row-major).
// Every element's bits (part 1: the imaginary parts), in row-major order; empty for tokens and tuples.
inline std::vector<uint64_t> allBits(const ref::RtValue& v, int part = 0) {
  std::vector<uint64_t> bits;
  if (!v.isTensor()) return bits;
  for (int64_t i = 0; i < v.tensor.numElements(); ++i) bits.push_back(v.tensor.bits(i, part));
  return bits;
}

// Every element's implementation-defined mark, in row-major order; empty for tokens and tuples.
inline std::vector<bool> marks(const ref::RtValue& v) {
  std::vector<bool> m;
  if (!v.isTensor()) return m;
  for (int64_t i = 0; i < v.tensor.numElements(); ++i) m.push_back(v.isImplDefined(i));
  return m;
}

inline ref::RtValue tensorArg(std::vector<int64_t> shape, ElementType t, const std::vector<uint64_t>& bits) {
  Tensor tensor(Type::tensor(std::move(shape), Type::element(t)));
  for (size_t i = 0; i < bits.size() && static_cast<int64_t>(i) < tensor.numElements(); ++i) tensor.setBits(i, bits[i]);
  return ref::RtValue::ofTensor(std::move(tensor));
}
inline ref::RtValue scalarArg(ElementType t, uint64_t bits) { return tensorArg({}, t, {bits}); }

inline uint64_t f32Bits(float f) { return std::bit_cast<uint32_t>(f); }
inline uint64_t f64Bits(double d) { return std::bit_cast<uint64_t>(d); }

// "0x..." text of bits for readable failure messages.
inline std::string hex(uint64_t bits) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string text;
  do {
    text.insert(text.begin(), kHex[bits & 15]);
    bits >>= 4;
  } while (bits);
  return "0x" + text;
}

// Bits, marks and error bounds (bitwise) of two results, as gtest failures (the first three elements);
// the number of differing elements, plus one when the bounds differ.
inline int countDifferences(const ref::RtValue& a, const ref::RtValue& b, const std::string& what) {
  EXPECT_EQ(a.tensor.type(), b.tensor.type()) << what;
  if (!(a.tensor.type() == b.tensor.type())) return 1;
  int diff = 0;
  const int parts = isComplex(a.tensor.elementType()) ? 2 : 1;
  for (int64_t i = 0; i < a.tensor.numElements(); ++i) {
    bool same = a.isImplDefined(i) == b.isImplDefined(i);
    for (int k = 0; k < parts; ++k) same = same && a.tensor.bits(i, k) == b.tensor.bits(i, k);
    if (!same && diff++ < 3) {
      ADD_FAILURE() << what << ": element " << i << " differs: " << hex(a.tensor.bits(i, 0)) << " "
                    << (parts == 2 ? hex(a.tensor.bits(i, 1)) : "") << " mark " << a.isImplDefined(i) << " vs " << hex(b.tensor.bits(i, 0))
                    << " " << (parts == 2 ? hex(b.tensor.bits(i, 1)) : "") << " mark " << b.isImplDefined(i);
    }
  }
  EXPECT_EQ(a.error_bound.size(), b.error_bound.size()) << what;
  if (a.error_bound.size() == b.error_bound.size() && !a.error_bound.empty() &&
      std::memcmp(a.error_bound.data(), b.error_bound.data(), a.error_bound.size() * sizeof(double)) != 0) {
    size_t i = 0;
    while (std::memcmp(&a.error_bound[i], &b.error_bound[i], sizeof(double)) == 0) ++i;
    ADD_FAILURE() << what << ": error bounds differ, first at element " << i << ": " << a.error_bound[i] << " ("
                  << hex(std::bit_cast<uint64_t>(a.error_bound[i])) << ") vs " << b.error_bound[i] << " ("
                  << hex(std::bit_cast<uint64_t>(b.error_bound[i])) << ")";
    ++diff;
  }
  return diff;
}

}  // namespace hloconf::test

#endif  // HLOCONF_TESTS_REFERENCE_EVAL_TEST_UTIL_H_
