// A negative case's directive (docs/verifier.md, "The negative suite"): a line
//
//   // expect-invalid: dot_general C10
//
// says the program breaks that constraint of that op (named as the spec names it, without "stablehlo.");
// a program that breaks several has one line each. One reader and one rule for every command that meets
// such a file (`verify`, `verify --coverage`, `run`, `eval`, `golden`): the file is rejected as expected
// when every constraint it names is cited by some diagnostic.
#ifndef HLOCONF_IR_EXPECT_INVALID_H_
#define HLOCONF_IR_EXPECT_INVALID_H_

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"

namespace hloconf {

struct ExpectedConstraint {
  std::string op;  // "dot_general"
  int number = 0;  // 10
  std::string name() const;   // "dot_general C10", as the directive writes it
  std::string label() const;  // "dot_general (C10)", as diagnostics cite it
};

// The constraints named by the directive lines of `text[begin, end)` (a line that starts, after spaces, with
// `// expect-invalid:`), in order; empty for a positive case. A directive line that is not
// `// expect-invalid: <op> C<n>` is an error `path:line:col: ...` (lines counted in the whole `text`)
// saying what to write instead: a malformed line must not turn a negative case into a positive one.
absl::StatusOr<std::vector<ExpectedConstraint>> parseExpectInvalid(std::string_view path, std::string_view text, size_t begin = 0,
                                                                   size_t end = std::string_view::npos);

// Each constraint's name ("dot_general C10").
std::vector<std::string> constraintNames(const std::vector<ExpectedConstraint>& constraints);

// Whether a formatted verifier diagnostic ("f.mlir:3:8: error: stablehlo.dot_general (C10): ...") cites
// `constraint` (its name, "dot_general C10").
bool citesConstraint(std::string_view diagnostic, std::string_view constraint);

// The rule: for a negative case naming `expect_invalid` (names, "dot_general C10") whose formatted
// diagnostics are `diagnostics`, "" when each named constraint is cited by some diagnostic; else what is
// wrong (accepted by the verifier, or rejected but not for a named constraint).
std::string negativeCaseProblem(const std::vector<std::string>& expect_invalid, const std::vector<std::string>& diagnostics);

}  // namespace hloconf

#endif  // HLOCONF_IR_EXPECT_INVALID_H_
