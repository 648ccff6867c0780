#include "ir/expect_invalid.h"

#include <algorithm>

#include "absl/status/status.h"
#include "absl/strings/str_join.h"
#include "ir/diagnostic.h"
#include "ir/strings.h"

namespace hloconf {
namespace {

constexpr std::string_view kMarker = "// expect-invalid:";

bool isBlank(char c) { return c == ' ' || c == '\t' || c == '\r'; }
bool isOpNameChar(char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '.'; }
bool isDigit(char c) { return c >= '0' && c <= '9'; }

}  // namespace

std::string ExpectedConstraint::name() const { return strCat(op, " C", number); }
std::string ExpectedConstraint::label() const { return strCat(op, " (C", number, ")"); }

absl::StatusOr<std::vector<ExpectedConstraint>> parseExpectInvalid(std::string_view path, std::string_view text, size_t begin, size_t end) {
  end = std::min(end, text.size());
  std::vector<ExpectedConstraint> constraints;
  for (size_t at = begin; at < end;) {
    size_t newline = text.find('\n', at);
    if (newline == std::string_view::npos || newline > end) newline = end;
    size_t i = at;
    at = newline + 1;
    while (i < newline && (text[i] == ' ' || text[i] == '\t')) ++i;
    if (text.substr(i, newline - i).substr(0, kMarker.size()) != kMarker) continue;
    i += kMarker.size();
    // `<op> C<n>`: an op name, blanks, 'C' and a number, and nothing after it but blanks.
    auto skipBlanks = [&] {
      while (i < newline && isBlank(text[i])) ++i;
    };
    auto malformed = [&](std::string_view what) {
      const LineColumn where = lineColumnAt(text, i);
      return absl::InvalidArgumentError(strCat(path, ":", where.line, ":", where.column, ": malformed expect-invalid line: ", what,
                                               "; write `// expect-invalid: <op> C<n>` with the op as the spec names it, e.g. "
                                               "`// expect-invalid: dot_general C10`"));
    };
    skipBlanks();
    ExpectedConstraint constraint;
    const size_t op_start = i;
    while (i < newline && isOpNameChar(text[i])) ++i;
    if (i == op_start) return malformed("expected an op name");
    constraint.op = std::string(text.substr(op_start, i - op_start));
    const size_t before_blanks = i;
    skipBlanks();
    if (i == before_blanks || i >= newline || text[i] != 'C') return malformed(strCat("expected a constraint `C<n>` after the op ", constraint.op));
    ++i;
    const size_t digits = i;
    while (i < newline && isDigit(text[i]) && i - digits < 4) constraint.number = constraint.number * 10 + (text[i++] - '0');
    if (i == digits || constraint.number == 0) return malformed("expected the constraint's number after `C`");
    skipBlanks();
    if (i < newline) return malformed("unexpected text after the constraint");
    constraints.push_back(std::move(constraint));
  }
  return constraints;
}

std::vector<std::string> constraintNames(const std::vector<ExpectedConstraint>& constraints) {
  std::vector<std::string> names;
  for (const ExpectedConstraint& c : constraints) names.push_back(c.name());
  return names;
}

bool citesConstraint(std::string_view diagnostic, std::string_view constraint) {
  const size_t space = constraint.find(' ');
  if (space == std::string_view::npos || space + 1 >= constraint.size()) return false;
  const std::string_view op = constraint.substr(0, space), label = constraint.substr(space + 1);
  if (label.size() < 2 || label[0] != 'C' || label.substr(1).find_first_not_of("0123456789") != std::string_view::npos) return false;
  // The diagnostic names the op in full ("stablehlo.dot_general (C10)"); the case names it without the
  // dialect, as the spec does.
  const std::string cited = strCat(": error: ", op.find('.') == std::string_view::npos ? "stablehlo." : "", op, " (", label, "):");
  return diagnostic.find(cited) != std::string_view::npos;
}

std::string negativeCaseProblem(const std::vector<std::string>& expect_invalid, const std::vector<std::string>& diagnostics) {
  if (diagnostics.empty()) {
    return strCat("hloconf's verifier accepts this program, which the case says breaks ", absl::StrJoin(expect_invalid, ", "),
                  " (the case or the verifier is wrong)");
  }
  for (const std::string& constraint : expect_invalid) {
    const bool cited = std::any_of(diagnostics.begin(), diagnostics.end(), [&](const std::string& d) { return citesConstraint(d, constraint); });
    if (!cited)
      return strCat("hloconf's verifier rejects this program, but not for ", constraint, " as the case says: ", diagnostics.front());
  }
  return "";
}

}  // namespace hloconf
