// The generators' op builder: an op's result types come from the spec's rules (inferResultTypes, ir/infer.h)
// instead of a copy of those rules in each generator. A generator gives the op's operands (SSA names and
// type text), its attributes as the program writes them (parsed here, so the rule reads exactly what the
// program says), and the argument types of its regions' blocks where a rule reads them (reduce's body gives
// its results' element types); the builder infers the result types and writes the op in generic form:
//
//   "stablehlo.dot_general"(%v0, %v1) {dot_dimension_numbers = ...} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2xf32>
#ifndef HLOCONF_GENERATORS_BUILDER_H_
#define HLOCONF_GENERATORS_BUILDER_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "ir/op_id.h"
#include "ir/type.h"

namespace hloconf::gen {

class GenContext;

class OpBuilder {
 public:
  explicit OpBuilder(OpId id) : id_(id) {}

  OpBuilder& operand(std::string name, std::string type);
  // The inside of the op's `{...}` attribute dictionary (none written when empty).
  OpBuilder& attributes(std::string text);
  // The regions' text as the op writes it (`({ ... }, { ... })`), and each region's block argument types.
  OpBuilder& regions(std::string text, std::vector<std::vector<std::string>> argument_types);
  // The types the terminator of each region returns, where the rule reads them (if, case, map).
  OpBuilder& regionResults(std::vector<std::vector<std::string>> result_types);
  // Writes one result type in parentheses too (`-> (tensor<f32>)`, which the generic form allows): the
  // collectives' generators have always written it so, and a case's text is its golden cache key.
  OpBuilder& resultsInParentheses();

  // The result types the op's rule gives, as MLIR text; an error when the rule rejects the operands and
  // attributes (a generator's mistake) or the op's result type is not inferable.
  absl::StatusOr<std::vector<std::string>> resultTypes() const;
  // The op's text with the inferred result types.
  absl::StatusOr<std::string> text() const;

  // Appends the op to ctx's @main, returns its SSA name and, in `result_types`, the result types (text).
  // When inference fails, the case is skipped with the reason (a generator that builds an op its rule
  // rejects is mistaken; `gen` reports the skip).
  std::string emit(GenContext& ctx, std::vector<std::string>* result_types = nullptr) const;
  // emit, then makes each of the op's results an output of @main, in order.
  void emitOutputs(GenContext& ctx) const;

 private:
  std::string textWith(const std::vector<std::string>& results) const;

  OpId id_;
  std::vector<std::string> operand_names_, operand_types_;
  std::string attributes_, regions_text_;
  std::vector<std::vector<std::string>> region_arguments_, region_results_;
  bool results_in_parentheses_ = false;
};

// The type a type text denotes (the generators write types as text); an error for text that is not a type.
absl::StatusOr<Type> parseTypeText(std::string_view text);

}  // namespace hloconf::gen

#endif  // HLOCONF_GENERATORS_BUILDER_H_
