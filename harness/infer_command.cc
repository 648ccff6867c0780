// `hloconf infer`: the result types the spec's rules give an op (ir/infer.h), for scripts that write
// programs (generators/spec_cases/*.py) and would otherwise keep their own copy of the shape rules.
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include "generators/builder.h"
#include "harness/commands.h"
#include "harness/options.h"
#include "ir/op_id.h"
#include "ir/strings.h"
#include "nlohmann/json.hpp"

namespace hloconf {

const char kInferUsage[] =
    "usage: hloconf infer < QUERIES\n\n"
    "Prints the result types the spec's constraints define for ops (ir/infer.cc, the rules the verifier\n"
    "checks declared result types against). Reads one query per line on stdin, a JSON object\n\n"
    "  {\"op\": \"slice\", \"operands\": [\"tensor<3x4xf32>\"],\n"
    "   \"attributes\": \"start_indices = array<i64: 1, 0>, limit_indices = array<i64: 3, 4>, strides = array<i64: 1, 2>\"}\n\n"
    "with, where the rule reads them, \"region_arguments\" (per region, its block's argument types: a reduction\n"
    "body gives the results' element types) and \"region_results\" (per region, the types its terminator returns:\n"
    "if, case, map). \"op\" is the op's name, with or without \"stablehlo.\"; \"attributes\" is the inside of the op's\n"
    "{...} as the program writes it. Answers each query, in order and at once, with one line\n\n"
    "  {\"results\": [\"tensor<2x2xf32>\"], \"shapes\": [[2, 2]]}\n\n"
    "(\"shapes\": each result's sizes, -1 for ?, null for a result that is not a tensor), or {\"error\": \"...\"}\n"
    "naming the line and what is wrong (a rule the operands break, an op whose result type is not inferable).\n\n"
    "Exit status: 0 when every query was answered with results, 1 when some was answered with an error.\n";

namespace {

nlohmann::json answer(const std::string& line) {
  const nlohmann::json query = nlohmann::json::parse(line, nullptr, /*allow_exceptions=*/false);
  if (!query.is_object() || !query.contains("op") || !query["op"].is_string()) {
    return {{"error", "not a JSON object with a string \"op\" (see hloconf infer --help)"}};
  }
  std::string name = query["op"].get<std::string>();
  if (name.find('.') == std::string::npos) name = strCat("stablehlo.", name);
  const OpId id = opIdOf(name);
  if (id == OpId::kUnknown) return {{"error", strCat("unknown op ", name)}};
  gen::OpBuilder builder(id);
  auto strings = [](const nlohmann::json& list, std::vector<std::string>& out) {
    if (!list.is_array()) return false;
    for (const nlohmann::json& item : list) {
      if (!item.is_string()) return false;
      out.push_back(item.get<std::string>());
    }
    return true;
  };
  auto stringLists = [&](const char* key, std::vector<std::vector<std::string>>& out) {
    if (!query.contains(key)) return true;
    if (!query[key].is_array()) return false;
    for (const nlohmann::json& list : query[key]) {
      out.emplace_back();
      if (!strings(list, out.back())) return false;
    }
    return true;
  };
  std::vector<std::string> operands;
  if (query.contains("operands") && !strings(query["operands"], operands)) return {{"error", "\"operands\" must be a list of type texts"}};
  for (const std::string& type : operands) builder.operand("%x", type);
  if (query.contains("attributes")) {
    if (!query["attributes"].is_string()) return {{"error", "\"attributes\" must be the text inside the op's {...}"}};
    builder.attributes(query["attributes"].get<std::string>());
  }
  std::vector<std::vector<std::string>> region_arguments, region_results;
  if (!stringLists("region_arguments", region_arguments) || !stringLists("region_results", region_results)) {
    return {{"error", "\"region_arguments\" and \"region_results\" must be lists of lists of type texts"}};
  }
  builder.regions("", region_arguments).regionResults(region_results);
  const absl::StatusOr<std::vector<std::string>> results = builder.resultTypes();
  if (!results.ok()) return {{"error", std::string(results.status().message())}};
  nlohmann::json shapes = nlohmann::json::array();
  for (const std::string& text : *results) {
    const absl::StatusOr<Type> type = gen::parseTypeText(text);
    if (type.ok() && type->isTensor()) {
      shapes.push_back(type->shape());  // kDynamicSize is -1
    } else {
      shapes.push_back(nullptr);
    }
  }
  return {{"results", *results}, {"shapes", shapes}};
}

}  // namespace

int runInferCommand(const std::vector<std::string>& args) {
  cli::Options cl("infer");
  if (std::optional<int> status = cl.parse(args)) return *status;
  bool all_answered = true;
  std::string line;
  for (int number = 1; std::getline(std::cin, line); ++number) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    nlohmann::json reply = answer(line);
    if (reply.contains("error")) {
      reply["error"] = strCat("<stdin>:", number, ": ", reply["error"].get<std::string>());
      all_answered = false;
    }
    std::printf("%s\n", reply.dump().c_str());
    std::fflush(stdout);  // a script waits for each answer before it sends the next query
  }
  return all_answered ? 0 : 1;
}

}  // namespace hloconf
