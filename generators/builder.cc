#include "generators/builder.h"

#include <utility>

#include "generators/gen.h"
#include "ir/asm_parser.h"
#include "ir/infer.h"
#include "ir/status_macros.h"
#include "ir/strings.h"

namespace hloconf::gen {
namespace {

std::string joined(const std::vector<std::string>& items) {
  std::string text;
  for (size_t i = 0; i < items.size(); ++i) strAppend(&text, i ? ", " : "", items[i]);
  return text;
}

}  // namespace

absl::StatusOr<Type> parseTypeText(std::string_view text) {
  AsmParser parser("<generator>", text, 0, text.size());
  Type type;
  RETURN_IF_ERROR(parser.parseType(type));
  if (!parser.atEnd()) return parser.error(strCat("unexpected text after the type ", type.toString()));
  return type;
}

OpBuilder& OpBuilder::operand(std::string name, std::string type) {
  operand_names_.push_back(std::move(name));
  operand_types_.push_back(std::move(type));
  return *this;
}

OpBuilder& OpBuilder::attributes(std::string text) {
  attributes_ = std::move(text);
  return *this;
}

OpBuilder& OpBuilder::regions(std::string text, std::vector<std::vector<std::string>> argument_types) {
  regions_text_ = std::move(text);
  region_arguments_ = std::move(argument_types);
  return *this;
}

OpBuilder& OpBuilder::regionResults(std::vector<std::vector<std::string>> result_types) {
  region_results_ = std::move(result_types);
  return *this;
}

OpBuilder& OpBuilder::resultsInParentheses() {
  results_in_parentheses_ = true;
  return *this;
}

namespace {

// The types that a list of type texts denotes.
absl::StatusOr<std::vector<Type>> parseTypeList(const std::vector<std::string>& texts) {
  std::vector<Type> types;
  for (const std::string& t : texts) {
    ASSIGN_OR_RETURN(Type type, parseTypeText(t));
    types.push_back(std::move(type));
  }
  return types;
}

absl::StatusOr<std::vector<std::vector<Type>>> parseTypeLists(const std::vector<std::vector<std::string>>& lists) {
  std::vector<std::vector<Type>> types;
  for (const std::vector<std::string>& list : lists) {
    ASSIGN_OR_RETURN(std::vector<Type> parsed, parseTypeList(list));
    types.push_back(std::move(parsed));
  }
  return types;
}

}  // namespace

absl::StatusOr<std::vector<std::string>> OpBuilder::resultTypes() const {
  ASSIGN_OR_RETURN(const std::vector<Type> operands, parseTypeList(operand_types_));
  const std::string dictionary = strCat("{", attributes_, "}");
  AsmParser parser("<generator>", dictionary, 0, dictionary.size());
  NamedAttrList attributes;
  RETURN_IF_ERROR(parser.parseAttrDict(attributes));
  ASSIGN_OR_RETURN(const std::vector<std::vector<Type>> region_arguments, parseTypeLists(region_arguments_));
  ASSIGN_OR_RETURN(const std::vector<std::vector<Type>> region_results, parseTypeLists(region_results_));
  ASSIGN_OR_RETURN(const std::vector<InferredType> inferred, inferResultTypes(id_, operands, attributes, region_arguments, region_results));
  std::vector<std::string> types;
  for (const InferredType& r : inferred) types.push_back(r.type.toString());
  return types;
}

std::string OpBuilder::textWith(const std::vector<std::string>& results) const {
  const bool parenthesized = results_in_parentheses_ || results.size() != 1;
  return strCat("\"", opName(id_), "\"(", joined(operand_names_), ")", regions_text_.empty() ? "" : " ", regions_text_,
                attributes_.empty() ? "" : strCat(" {", attributes_, "}"), " : (", joined(operand_types_), ") -> ",
                parenthesized ? strCat("(", joined(results), ")") : results[0]);
}

absl::StatusOr<std::string> OpBuilder::text() const {
  ASSIGN_OR_RETURN(const std::vector<std::string> results, resultTypes());
  return textWith(results);
}

std::string OpBuilder::emit(GenContext& ctx, std::vector<std::string>* result_types) const {
  const absl::StatusOr<std::vector<std::string>> results = resultTypes();
  if (!results.ok()) {
    ctx.skip(strCat("the builder could not infer ", opName(id_), "'s result types: ", results.status().message()));
    return "";
  }
  if (result_types) *result_types = *results;
  return ctx.op(textWith(*results), static_cast<int>(results->size()));
}

void OpBuilder::emitOutputs(GenContext& ctx) const {
  std::vector<std::string> result_types;
  const std::string value = emit(ctx, &result_types);
  if (value.empty()) return;  // skipped, with the reason
  const int n = static_cast<int>(result_types.size());
  for (int i = 0; i < n; ++i) ctx.output(n == 1 ? value : GenContext::result(value, i), result_types[static_cast<size_t>(i)]);
}

}  // namespace hloconf::gen
