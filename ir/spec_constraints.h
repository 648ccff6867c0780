// The inventory of the spec's op constraints: every label (C1)..(Cn) of every op section of
// ../shared/spec/stablehlo-spec.txt, with how hloconf enforces it or why a program's text cannot break it.
// The table is ir/spec_constraints.def; `hloconf verify --coverage` and docs/verifier.md report from it,
// together with the negative cases (cases/<op>/invalid-c<n>-*.mlir) that name each constraint.
#ifndef HLOCONF_IR_SPEC_CONSTRAINTS_H_
#define HLOCONF_IR_SPEC_CONSTRAINTS_H_

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace hloconf::spec {

enum class Enforcement : uint8_t {
  kVerify,        // the op's verify function (ir/op_verify*.cc), which cites the label
  kSchema,        // verifyAgainstSchema's counts, element types and attributes (ir/op_schema.cc)
  kSameTypeTrait, // the schema's same-type trait (ir/op_schema.cc), which cites the op's label
  kModule,        // the module rules of ir/verifier.cc (composite's decomposition, ...)
  kParser,        // the syntax hloconf parses cannot express a violation (the note says why)
  kProcessGrid,   // depends on the process grid, which the run decides, not the program's text
  kNotInText,     // a program's text cannot express a violation (the note says why)
  kUnchecked,     // can be violated in text, but nothing checks it yet
};

struct SpecConstraint {
  std::string_view op;  // the spec's section name: "dot_general"
  int number;           // n of (Cn)
  Enforcement enforcement;
  std::string_view what;  // what it asks, briefly: "dimensions are distinct"
  std::string_view note;  // for kProcessGrid and kNotInText: why; otherwise what is checked, or empty
};

// Every constraint, in spec order (ops alphabetically, labels ascending).
std::span<const SpecConstraint> specConstraints();
const SpecConstraint* findConstraint(std::string_view op, int number);

// A verifier check exists (kVerify, kSchema, kSameTypeTrait, kModule).
bool isChecked(Enforcement e);
// A program's text, as hloconf parses it, can break it (everything but kParser, kProcessGrid, kNotInText).
bool isViolableInText(Enforcement e);
std::string_view enforcementText(Enforcement e);

// The label the schema's same-type trait stands for in op `short_name` ("add (C1)"); nullopt when the
// inventory gives the op no kSameTypeTrait constraint.
std::optional<std::string> sameTypeLabel(std::string_view short_name);


struct OpCoverage {
  std::string op;
  int in_spec = 0;
  int checked = 0;
  int with_negative_case = 0;  // of the violable constraints
  int not_violable = 0;
  int checked_and_negative = 0;  // violable, checked and with a negative case
};

struct Coverage {
  std::vector<OpCoverage> ops;  // spec order
  OpCoverage total;             // op "total"
  // Constraints the negative cases name that the inventory does not list (a typo or a stale label).
  std::vector<std::string> unknown_labels;
  double percent() const;  // checked_and_negative / violable, in percent
};

// Coverage of the inventory given the labels the negative cases name (op, n).
Coverage computeCoverage(const std::set<std::pair<std::string, int>>& negative_labels);
// The table `hloconf verify --coverage` prints (markdown), then the totals line.
std::string coverageTable(const Coverage& coverage);
// The constraints that cannot be violated in text, with why, as a markdown list.
std::string notViolableList();
// The checked constraints whose check leaves a part to the kernels or skips some types, with what it
// covers, as a markdown list.
std::string partialChecksList();

}  // namespace hloconf::spec

#endif  // HLOCONF_IR_SPEC_CONSTRAINTS_H_
