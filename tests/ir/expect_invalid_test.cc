// The one reader of a negative case's `// expect-invalid: <op> C<n>` lines and the one rule (each named
// constraint is cited by some diagnostic), which verify, verify --coverage, run, eval and golden share.
#include "ir/expect_invalid.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace hloconf {
namespace {

using ::testing::HasSubstr;

std::vector<std::string> namesOf(std::string_view text) {
  const absl::StatusOr<std::vector<ExpectedConstraint>> parsed = parseExpectInvalid("f.mlir", text);
  EXPECT_TRUE(parsed.ok()) << parsed.status();
  return parsed.ok() ? constraintNames(*parsed) : std::vector<std::string>{};
}

TEST(ExpectInvalid, ReadsEveryLineInOrder) {
  EXPECT_EQ(namesOf("// Case: x\n// expect-invalid: dot_general C10\n  // expect-invalid:  add   C1 \r\nmodule {}"),
            (std::vector<std::string>{"dot_general C10", "add C1"}));
  EXPECT_TRUE(namesOf("// Case: spec/add/x\nfunc.func @main()").empty());
  const absl::StatusOr<std::vector<ExpectedConstraint>> one = parseExpectInvalid("f.mlir", "// expect-invalid: gather C7\n");
  ASSERT_TRUE(one.ok());
  EXPECT_EQ(one->front().op, "gather");
  EXPECT_EQ(one->front().number, 7);
  EXPECT_EQ(one->front().label(), "gather (C7)");
}

TEST(ExpectInvalid, ReadsOnlyTheChunkAsked) {
  const std::string text = "// expect-invalid: add C1\nmodule {}\n// -----\n// expect-invalid: abs C2\nmodule {}\n";
  const size_t second = text.find("// -----");
  const absl::StatusOr<std::vector<ExpectedConstraint>> parsed = parseExpectInvalid("f.mlir", text, second, text.size());
  ASSERT_TRUE(parsed.ok());
  EXPECT_EQ(constraintNames(*parsed), std::vector<std::string>{"abs C2"});
}

TEST(ExpectInvalid, AMalformedLineIsAnErrorAtItsLineAndColumn) {
  struct Case {
    std::string line, where, what;
  };
  for (const Case& c : std::vector<Case>{{"// expect-invalid:", "f.mlir:2:19:", "expected an op name"},
                                         {"// expect-invalid: add 3", "f.mlir:2:24:", "expected a constraint `C<n>` after the op add"},
                                         {"// expect-invalid: add C", "f.mlir:2:25:", "expected the constraint's number"},
                                         {"  // expect-invalid: add C1 and C2", "f.mlir:2:29:", "unexpected text after the constraint"},
                                         {"// expect-invalid: Add C1", "f.mlir:2:20:", "expected an op name"}}) {
    const absl::StatusOr<std::vector<ExpectedConstraint>> parsed = parseExpectInvalid("f.mlir", "// Case: x\n" + c.line + "\nmodule {}\n");
    ASSERT_FALSE(parsed.ok()) << c.line;
    const std::string message(parsed.status().message());
    EXPECT_THAT(message, ::testing::StartsWith(c.where + " malformed expect-invalid line: " + c.what)) << c.line;
    EXPECT_THAT(message, HasSubstr("write `// expect-invalid: <op> C<n>`")) << c.line;
  }
}

TEST(ExpectInvalid, EachNamedConstraintMustBeCited) {
  const std::vector<std::string> two = {"transpose C2", "transpose C3"};
  const std::string c2 = "f.mlir:3:10: error: stablehlo.transpose (C2): permutation [1, 1] repeats 1";
  const std::string c3 = "f.mlir:4:10: error: stablehlo.transpose (C3): result 0 has shape [3, 3], but the rule gives [3, 2]";
  const std::string other = "f.mlir:5:10: error: stablehlo.add (C1): ...";
  EXPECT_EQ(negativeCaseProblem(two, {c2, c3}), "");
  EXPECT_EQ(negativeCaseProblem(two, {c3, other, c2}), "");  // other diagnostics do not matter
  EXPECT_THAT(negativeCaseProblem(two, {c2}), HasSubstr("but not for transpose C3 as the case says"));
  EXPECT_THAT(negativeCaseProblem(two, {}), HasSubstr("accepts this program, which the case says breaks transpose C2, transpose C3"));
  EXPECT_TRUE(citesConstraint(c2, "transpose C2"));
  EXPECT_FALSE(citesConstraint(c2, "transpose C22"));
  EXPECT_FALSE(citesConstraint(c2, "transpose 2"));
}

}  // namespace
}  // namespace hloconf
