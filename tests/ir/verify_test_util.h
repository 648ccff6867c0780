// Shared by the tests of the schema's verify functions: verify the one op of a small module, expect a
// violation that cites a spec label.
#ifndef HLOCONF_TESTS_IR_VERIFY_TEST_UTIL_H_
#define HLOCONF_TESTS_IR_VERIFY_TEST_UTIL_H_

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>

#include "ir/op_schema.h"
#include "ir/parser.h"
#include "ir/status_macros.h"

namespace hloconf::test {

// Verifies the single op (the first op of @main) of a module made of `body` and returns the status.
inline absl::Status verifyOp(const std::string& signature, const std::string& body) {
  const std::string text = "func.func @main" + signature + " {\n" + body + "\n}\n";
  ASSIGN_OR_RETURN(Module module, parseModule(text, "test.mlir"));
  Operation* main = module.findFunction("main");
  if (!main || main->body().operations.empty()) return absl::InternalError("no op");
  return verifyAgainstSchema(*main->body().operations.front());
}

// The op is rejected, and the message cites `label` (e.g. "transpose (C2)").
inline void expectViolation(const std::string& signature, const std::string& body, const std::string& label) {
  const absl::Status s = verifyOp(signature, body);
  EXPECT_FALSE(s.ok()) << body;
  EXPECT_THAT(std::string(s.message()), ::testing::HasSubstr(label)) << body;
}

}  // namespace hloconf::test

#endif  // HLOCONF_TESTS_IR_VERIFY_TEST_UTIL_H_
