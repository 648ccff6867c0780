// Helpers shared by the op-syntax tests: parse a function body, print it generically, and check that the
// print parses back to the same text; or parse and expect an error.
#ifndef HLOCONF_TESTS_IR_SYNTAX_TEST_UTIL_H_
#define HLOCONF_TESTS_IR_SYNTAX_TEST_UTIL_H_

#include <gtest/gtest.h>

#include <string>

#include "ir/parser.h"
#include "ir/printer.h"

namespace hloconf::test {

inline std::string functionText(const std::string& args, const std::string& body) {
  return "func.func @f(" + args + ") {\n" + body + "\n  func.return\n}\n";
}

// The generic print of `func.func @f(args) { body; return }`; the body starts on line 2.
inline std::string printGenericFunction(const std::string& args, const std::string& body) {
  std::string text = functionText(args, body);
  auto module = parseModule(text, "test.mlir");
  EXPECT_TRUE(module.ok()) << module.status().message() << "\nin:\n" << text;
  if (!module.ok()) return "";
  std::string printed = printModule(*module);
  auto reparsed = parseModule(printed, "printed.mlir");
  EXPECT_TRUE(reparsed.ok()) << reparsed.status().message() << "\nin:\n" << printed;
  if (reparsed.ok()) {
    EXPECT_EQ(printModule(*reparsed), printed);
  }
  return printed;
}

// The error message of parsing `func.func @f(args) { body }` as bad.mlir; the body starts on line 2.
inline std::string functionParseError(const std::string& args, const std::string& body) {
  std::string text = functionText(args, body);
  auto module = parseModule(text, "bad.mlir");
  EXPECT_FALSE(module.ok()) << "parsed unexpectedly:\n" << text;
  return module.ok() ? "" : std::string(module.status().message());
}

}  // namespace hloconf::test

#endif  // HLOCONF_TESTS_IR_SYNTAX_TEST_UTIL_H_
