#include "golden/golden_writer.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>

#include "ir/npy.h"
#include "ir/parser.h"
#include "ir/printer.h"
#include "ir/status_macros.h"
#include "ir/strings.h"
#include "ir/upstream_check.h"
#include "nlohmann/json.hpp"
#include "golden/reference_version.h"

namespace hloconf {
namespace fs = std::filesystem;

std::string idToPath(const std::string& id) {
  std::string out;
  for (char c : id) {
    bool safe = std::isalnum(static_cast<unsigned char>(c)) || c == '/' || c == '-' || c == '_' || c == '.';
    out += safe ? c : '_';
  }
  // No empty, "." or ".." components.
  std::string cleaned;
  size_t start = 0;
  while (start <= out.size()) {
    size_t end = out.find('/', start);
    if (end == std::string::npos) end = out.size();
    std::string part = out.substr(start, end - start);
    if (!part.empty() && part != "." && part != "..") cleaned += (cleaned.empty() ? "" : "/") + part;
    start = end + 1;
  }
  return cleaned.empty() ? "case" : cleaned;
}

namespace {

// A #stablehlo.dot_algorithm rounds float operands to its precision types; on integer operands it changes
// nothing, so it is not printed (the spec's dot_general example 1 has one): upstream builds from before
// the attribute existed then read the file.
void dropAlgorithmWithoutEffect(Operation& op) {
  if (op.name == "stablehlo.dot_general" && !op.operands.empty()) {
    const ElementType lhs = op.operands[0]->type.elementType();
    if (!op.operands[0]->type.isQuantized() && !isFloat(lhs) && !isComplex(lhs)) {
      auto without = [](NamedAttrList& list) {
        list.erase(std::remove_if(list.begin(), list.end(), [](const NamedAttr& a) { return a.name == "algorithm"; }), list.end());
      };
      without(op.attributes);
      without(op.properties);
    }
  }
  for (Region& region : op.regions)
    for (auto& block : region.blocks)
      for (auto& nested : block->operations) dropAlgorithmWithoutEffect(*nested);
}

}  // namespace

UpstreamTolerance upstreamTolerance(const reports::ToleranceRule& rule) {
  UpstreamTolerance allowed;
  if (rule.kind != reports::ToleranceRule::Kind::kExact && rule.ulp >= 1)
    allowed.max_ulp = rule.ulp >= 1e18 ? static_cast<uint64_t>(1e18) : static_cast<uint64_t>(std::floor(rule.ulp));
  allowed.subnormal_may_flush = rule.ftz != reports::FlagAction::kFail;
  return allowed;
}

absl::StatusOr<std::string> selfCheckingModule(const PreparedCase& prepared, const std::vector<std::string>& comments,
                                               const reports::ToleranceRule& rule) {
  if (prepared.lowered.replicas * prepared.lowered.partitions != 1)
    return absl::UnimplementedError("a multi-process case has per-process expected values; write it with --format npy");
  ASSIGN_OR_RETURN(Module module, parseModule(prepared.program_text, "<lowered program>"));
  Operation* program = module.findFunction("main");
  if (!program) return absl::InternalError("the lowered program has no @main");
  for (NamedAttr& a : program->properties)
    if (a.name == "sym_name") a.value = Attribute::string("program");
  bool has_visibility = false;
  for (NamedAttr& a : program->properties)
    if (a.name == "sym_visibility") {
      a.value = Attribute::string("private");
      has_visibility = true;
    }
  if (!has_visibility) program->properties.push_back({"sym_visibility", Attribute::string("private")});
  const Block& program_body = program->body();

  auto main = std::make_unique<Operation>("func.func");
  main->properties.push_back({"sym_name", Attribute::string("main")});
  main->properties.push_back({"function_type", Attribute::type(Type::function({}, {}))});
  main->regions.emplace_back();
  main->regions[0].blocks.push_back(std::make_unique<Block>());
  Block& body = *main->regions[0].blocks[0];
  std::vector<Value*> inputs;
  for (const Tensor& t : prepared.lowered.inputs) {
    auto constant = std::make_unique<Operation>("stablehlo.constant");
    constant->properties.push_back({"value", Attribute::denseElements(t)});
    inputs.push_back(constant->addResult(t.type()));
    body.operations.push_back(std::move(constant));
  }
  auto call = std::make_unique<Operation>("func.call");
  call->properties.push_back({"callee", Attribute::symbolRef({"program"})});
  call->operands = inputs;
  std::vector<Value*> outputs;
  for (const Value* v : program_body.operations.back()->operands) outputs.push_back(call->addResult(v->type));
  body.operations.push_back(std::move(call));
  if (outputs.size() != prepared.golden.size()) return absl::InternalError("golden outputs and program results differ in number");
  std::vector<std::string> notes;
  for (size_t i = 0; i < outputs.size(); ++i) {
    const reports::GoldenOutput& g = prepared.golden[i];
    UpstreamCheck check = planUpstreamCheck(g.value, g.impl_defined, g.error_bound, upstreamTolerance(rule));
    if (!check.masked_why.empty())
      notes.push_back(strCat("output ", i, ", elements not checked: ", check.masked_why));
    if (!check.may_fail.empty() && std::find(notes.begin(), notes.end(), check.may_fail) == notes.end()) notes.push_back(check.may_fail);
    appendUpstreamCheck(body, outputs[i], g.value, check);
  }
  body.operations.push_back(std::make_unique<Operation>("func.return"));
  module.op->body().operations.push_back(std::move(main));
  dropAlgorithmWithoutEffect(*program);
  std::string text;
  for (const std::string& c : comments) strAppend(&text, "// ", c, "\n");
  for (const std::string& gap : upstreamInterpreterGaps(module)) strAppend(&text, "// ", gap, "\n");
  for (const std::string& note : notes) strAppend(&text, "// ", note, "\n");
  text += printModule(module);
  if (text.empty() || text.back() != '\n') text += '\n';
  return text;
}

absl::Status writeNpyCase(const std::string& dir, const std::string& id, const PreparedCase& prepared,
                          const reports::ToleranceRule& rule) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) return absl::InternalError(strCat(dir, ": error: cannot create: ", ec.message()));
  {
    std::ofstream out(dir + "/program.mlir", std::ios::trunc);
    out << prepared.lowered.mlir;
    if (!out) return absl::InternalError(strCat(dir, "/program.mlir: error: cannot write"));
  }
  nlohmann::json manifest = {{"id", id},
                             {"op", prepared.lowered.op},
                             {"element_type", prepared.lowered.element_type},
                             {"program", "program.mlir"},
                             {"num_replicas", prepared.lowered.replicas},
                             {"num_partitions", prepared.lowered.partitions},
                             {"reference_version", HLOCONF_REFERENCE_VERSION}};
  manifest["inputs"] = nlohmann::json::array();
  for (size_t i = 0; i < prepared.lowered.inputs.size(); ++i) {
    const Tensor& t = prepared.lowered.inputs[i];
    std::string file = strCat("input-", i, ".npy");
    RETURN_IF_ERROR(writeNpyFile(dir + "/" + file, t));
    manifest["inputs"].push_back({{"file", file}, {"type", t.type().toString()}, {"dtype", npyDescr(t.elementType())}});
  }
  manifest["outputs"] = nlohmann::json::array();
  size_t per_process = prepared.lowered.result_types.size();
  bool multi = prepared.lowered.replicas * prepared.lowered.partitions > 1;
  for (size_t k = 0; k < prepared.golden.size(); ++k) {
    const reports::GoldenOutput& g = prepared.golden[k];
    size_t process = per_process ? k / per_process : 0, index = per_process ? k % per_process : k;
    std::string stem = multi ? strCat(process, "-", index) : strCat(index);
    std::string file = strCat("expected-", stem, ".npy");
    RETURN_IF_ERROR(writeNpyFile(dir + "/" + file, g.value));
    nlohmann::json entry = {{"file", file}, {"type", g.value.type().toString()}, {"dtype", npyDescr(g.value.elementType())}};
    if (multi) entry["process"] = process;
    if (!g.error_bound.empty()) {
      Tensor bounds(Type::tensor(g.value.type().shape(), Type::element(ElementType::kF64)));
      for (int64_t e = 0; e < bounds.numElements(); ++e) bounds.setBits(e, doubleToBits(g.error_bound[e]));
      std::string bound_file = strCat("error-bound-", stem, ".npy");
      RETURN_IF_ERROR(writeNpyFile(dir + "/" + bound_file, bounds));
      entry["error_bound"] = bound_file;
    }
    if (!g.impl_defined.empty()) {
      nlohmann::json marks = nlohmann::json::array();
      for (size_t e = 0; e < g.impl_defined.size(); ++e)
        if (g.impl_defined[e]) marks.push_back(e);
      entry["implementation_defined_elements"] = marks;
    }
    manifest["outputs"].push_back(entry);
  }
  const char* kinds[] = {"exact", "ulp", "bound"};
  // The comparison flags too (docs/tolerances.md): what a sign of zero, a NaN payload or a flushed
  // subnormal that differs from the expected value counts as (ignore, warn, or fail).
  const char* actions[] = {"ignore", "warn", "fail"};
  manifest["tolerance"] = {{"rule", rule.name},
                           {"kind", kinds[static_cast<int>(rule.kind)]},
                           {"ulp", rule.ulp},
                           {"bound_factor", rule.bound_factor},
                           {"signed_zero", actions[static_cast<int>(rule.signed_zero)]},
                           {"nan_payload", actions[static_cast<int>(rule.nan_payload)]},
                           {"ftz", actions[static_cast<int>(rule.ftz)]},
                           {"source", rule.source}};
  std::ofstream out(dir + "/manifest.json", std::ios::trunc);
  out << manifest.dump(2) << "\n";
  if (!out) return absl::InternalError(strCat(dir, "/manifest.json: error: cannot write"));
  return absl::OkStatus();
}

}  // namespace hloconf
