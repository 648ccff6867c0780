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

absl::StatusOr<std::vector<std::string>> OpBuilder::resultTypes() const {
  std::vector<Type> operands;
  for (const std::string& t : operand_types_) {
    ASSIGN_OR_RETURN(Type type, parseTypeText(t));
    operands.push_back(std::move(type));
  }
  const std::string dictionary = strCat("{", attributes_, "}");
  AsmParser parser("<generator>", dictionary, 0, dictionary.size());
  NamedAttrList attributes;
  RETURN_IF_ERROR(parser.parseAttrDict(attributes));
  std::vector<std::vector<Type>> region_arguments;
  for (const std::vector<std::string>& region : region_arguments_) {
    region_arguments.emplace_back();
    for (const std::string& t : region) {
      ASSIGN_OR_RETURN(Type type, parseTypeText(t));
      region_arguments.back().push_back(std::move(type));
    }
  }
  ASSIGN_OR_RETURN(const std::vector<InferredType> inferred, inferResultTypes(id_, operands, attributes, region_arguments));
  std::vector<std::string> types;
  for (const InferredType& r : inferred) types.push_back(r.type.toString());
  return types;
}

std::string OpBuilder::textWith(const std::vector<std::string>& results) const {
  return strCat("\"", opName(id_), "\"(", joined(operand_names_), ")", regions_text_.empty() ? "" : " ", regions_text_, " {", attributes_,
                "} : (", joined(operand_types_), ") -> ", results.size() == 1 ? results[0] : strCat("(", joined(results), ")"));
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

}  // namespace hloconf::gen
