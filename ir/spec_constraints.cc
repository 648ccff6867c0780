#include "ir/spec_constraints.h"

#include <algorithm>
#include <cctype>
#include <cstdio>

#include "ir/strings.h"

namespace hloconf::spec {
namespace {

constexpr SpecConstraint kConstraints[] = {
#define SPEC_CONSTRAINT(op, number, enforcement, what, note) {#op, number, Enforcement::enforcement, what, note},
#include "ir/spec_constraints.def"
#undef SPEC_CONSTRAINT
};

}  // namespace

std::span<const SpecConstraint> specConstraints() { return kConstraints; }

const SpecConstraint* findConstraint(std::string_view op, int number) {
  for (const SpecConstraint& c : kConstraints) {
    if (c.op == op && c.number == number) return &c;
  }
  return nullptr;
}

bool isChecked(Enforcement e) {
  return e == Enforcement::kVerify || e == Enforcement::kSchema || e == Enforcement::kSameTypeTrait || e == Enforcement::kModule;
}

bool isViolableInText(Enforcement e) {
  return e != Enforcement::kParser && e != Enforcement::kProcessGrid && e != Enforcement::kNotInText;
}

std::string_view enforcementText(Enforcement e) {
  switch (e) {
    case Enforcement::kVerify: return "the op's verify function";
    case Enforcement::kSchema: return "the op schema";
    case Enforcement::kSameTypeTrait: return "the same-type trait";
    case Enforcement::kModule: return "the module verifier";
    case Enforcement::kParser: return "enforced by the parser";
    case Enforcement::kProcessGrid: return "the process grid";
    case Enforcement::kNotInText: return "not violable in text";
    case Enforcement::kUnchecked: return "not checked";
  }
  return "?";
}

std::optional<std::string> sameTypeLabel(std::string_view short_name) {
  for (const SpecConstraint& c : kConstraints) {
    if (c.op == short_name && c.enforcement == Enforcement::kSameTypeTrait) return strCat(c.op, " (C", c.number, ")");
  }
  return std::nullopt;
}

double Coverage::percent() const {
  const int violable = total.in_spec - total.not_violable;
  return violable == 0 ? 100.0 : 100.0 * total.checked_and_negative / violable;
}

Coverage computeCoverage(const std::set<std::pair<std::string, int>>& negative_labels) {
  Coverage coverage;
  coverage.total.op = "total";
  auto add = [](OpCoverage& row, const SpecConstraint& c, bool negative) {
    ++row.in_spec;
    const bool checked = isChecked(c.enforcement);
    if (checked) ++row.checked;
    if (!isViolableInText(c.enforcement)) {
      ++row.not_violable;
      return;
    }
    if (negative) ++row.with_negative_case;
    if (negative && checked) ++row.checked_and_negative;
  };
  for (const SpecConstraint& c : kConstraints) {
    if (coverage.ops.empty() || coverage.ops.back().op != c.op) coverage.ops.push_back({.op = std::string(c.op)});
    const bool negative = negative_labels.count({std::string(c.op), c.number}) > 0;
    add(coverage.ops.back(), c, negative);
    add(coverage.total, c, negative);
  }
  for (const auto& [op, number] : negative_labels) {
    if (!findConstraint(op, number)) coverage.unknown_labels.push_back(strCat(op, " C", number));
  }
  return coverage;
}

std::string coverageTable(const Coverage& coverage) {
  std::string text =
      "| op | in the spec | checked | with a negative case | not violable in text | checked with a negative case |\n"
      "| --- | ---: | ---: | ---: | ---: | ---: |\n";
  auto row = [&](const OpCoverage& r, bool bold) {
    const std::string_view b = bold ? "**" : "";
    strAppend(&text, "| ", b, r.op, b, " | ", r.in_spec, " | ", r.checked, " | ", r.with_negative_case, " | ", r.not_violable, " | ",
              r.checked_and_negative, " |\n");
  };
  for (const OpCoverage& r : coverage.ops) row(r, false);
  row(coverage.total, true);
  const int violable = coverage.total.in_spec - coverage.total.not_violable;
  char percent[32];
  std::snprintf(percent, sizeof percent, "%.1f", coverage.percent());
  strAppend(&text, "\n", coverage.total.checked_and_negative, " of ", violable, " constraints that can be violated in text (",
            coverage.total.in_spec, " in the spec, ", coverage.total.not_violable, " cannot) have a check and a negative case: ",
            percent, "%\n");
  for (const std::string& label : coverage.unknown_labels) strAppend(&text, "warning: a negative case names ", label, ", which the spec does not have\n");
  return text;
}

std::string notViolableList() {
  std::string text;
  for (const SpecConstraint& c : kConstraints) {
    if (isViolableInText(c.enforcement)) continue;
    strAppend(&text, "- ", c.op, " (C", c.number, ", ", c.what, "), ", enforcementText(c.enforcement), ": ", c.note, "\n");
  }
  return text;
}

std::string partialChecksList() {
  std::string text;
  for (const SpecConstraint& c : kConstraints) {
    if (!isChecked(c.enforcement) || c.note.empty()) continue;
    strAppend(&text, "- ", c.op, " (C", c.number, ", ", c.what, "): ", c.note, "\n");
  }
  return text;
}

}  // namespace hloconf::spec
