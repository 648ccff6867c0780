// `hloconf minimize`: shrinks a case that fails on a backend to the smallest case that still fails.
//
// The case is taken apart into its inputs and the top-level ops of @main, one "line" per op (a generated
// case: the generator's own lines; a file: the lowered program, printed in generic form). The reference
// computes every intermediate value exactly; then each op runs alone on the backend, its operands
// constants with the reference's exact bits. The first op that fails alone is the culprit; an
// elementwise culprit shrinks further to one element (a rank-0 case). When no op fails alone, the
// smallest prefix of the program whose last value still fails is the result.
#include <unistd.h>

#include <cctype>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "generators/gen.h"
#include "golden/cases.h"
#include "harness/commands.h"
#include "harness/options.h"
#include "harness/runner.h"
#include "ir/attribute.h"
#include "ir/numerics_base.h"
#include "ir/op_schema.h"
#include "ir/parser.h"
#include "ir/status_macros.h"
#include "ir/strings.h"
#include "reference/evaluate.h"
#include "reference/numerics.h"

namespace hloconf {

const char kMinimizeUsage[] =
    "usage: hloconf minimize CASE (--backend NAME | --backend-cmd 'CMD') [options]\n\n"
    "Shrinks a case that fails on a backend to the smallest case that still fails. CASE is a generated\n"
    "case ID (gen/graph/f32/uniform/1/7; any gen/ ID) or a .mlir file. Steps:\n"
    "  1. the case itself runs on the backend (a case that passes is left alone);\n"
    "  2. the reference computes every intermediate value; each top-level op then runs alone, its\n"
    "     operands constants with the exact bits the reference computed: the first op that fails alone\n"
    "     is the culprit;\n"
    "  3. an elementwise culprit shrinks to its worst element: a rank-0 case of one op;\n"
    "  4. when no op fails alone, the smallest prefix of the program whose last value fails.\n"
    "The result is a plain case (constants, the op(s), func.return) that `hloconf run FILE` runs.\n"
    "options:\n"
    "  --out FILE            also write the minimized case to FILE\n"
    "  --profile NAME|FILE   tolerance profile (default: default)\n"
    "  --timeout S           seconds the backend may take per case (default 60)\n"
    "  --adapters-dir DIR    also look for adapters in DIR\n"
    "  --no-cache            compute every golden (default: the golden cache of `hloconf run`)\n"
    "Exit status: 0 when the case passes or was minimized, 1 when it fails but could not be shrunk,\n"
    "2 on usage errors or a case that cannot be prepared or run.\n";

namespace {

// What a graph that fails while none of its ops fails alone (each on the exact operands it was given, under
// its own rule) most likely means.
constexpr const char* kNoSingleOpFails =
    "the error builds up across ops, so the likely cause is intermediate precision (values kept between ops in "
    "a wider type, or rounded differently, than the element type) or fusion (ops computed together without "
    "rounding each result), not one op's accuracy";

// A case taken apart: inputs (constants), top-level ops of @main as text lines, outputs, other functions.
struct Graph {
  struct Input {
    std::string name;
    Tensor value;
  };
  std::vector<Input> inputs;
  std::vector<std::string> body;  // "%v3 = ..." (relative indentation for region lines)
  std::vector<std::pair<std::string, std::string>> outputs;
  std::vector<std::string> functions;  // full text of the other functions
  // Per body line (filled by analyze()): the op's name, its results' names ("%v3", or "%v3#0", ...) and types.
  std::vector<std::string> op_names;
  std::vector<OpId> op_ids;
  std::vector<std::vector<std::string>> result_names;
  std::vector<std::vector<Type>> result_types;
  std::vector<std::vector<Type>> operand_types;
};

struct Constant {
  std::string name;
  Tensor value;
};

void appendIndented(std::string& s, std::string_view text, std::string_view indent) {
  size_t p = 0;
  while (p < text.size()) {
    size_t end = text.find('\n', p);
    if (end == std::string_view::npos) end = text.size();
    strAppend(&s, indent, text.substr(p, end - p), "\n");
    p = end + 1;
  }
}

// A plain case: constants, lines, func.return of `outputs`.
std::string plainCase(const std::string& id, const std::vector<std::string>& comments, const std::vector<Constant>& constants,
                     const std::vector<std::string>& lines, const std::vector<std::pair<std::string, std::string>>& outputs,
                     const std::vector<std::string>& functions) {
  std::string s = strCat("// Case: ", id, "\n");
  for (const std::string& c : comments) appendIndented(s, c, "// ");
  std::string types, values;
  for (size_t k = 0; k < outputs.size(); ++k) {
    strAppend(&types, k ? ", " : "", outputs[k].second);
    strAppend(&values, k ? ", " : "", outputs[k].first);
  }
  strAppend(&s, "module {\n  func.func @main() -> (", types, ") {\n");
  for (const Constant& c : constants)
    strAppend(&s, "    ", c.name, " = stablehlo.constant ", denseLiteral(c.value), " : ", c.value.type().toString(), "\n");
  for (const std::string& line : lines) appendIndented(s, line, "    ");
  strAppend(&s, "    func.return ", values, outputs.empty() ? "" : " : ", types, "\n  }\n");
  for (const std::string& f : functions) appendIndented(s, f, "  ");
  s += "}\n";
  return s;
}

std::vector<Constant> inputConstants(const Graph& g) {
  std::vector<Constant> out;
  for (const Graph::Input& in : g.inputs) out.push_back({in.name, in.value});
  return out;
}

bool isNameChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '$' || c == '-'; }

// The SSA tokens of a text ("%v3", "%v3#1", "%arg0"), in order of appearance, with their offsets.
std::vector<std::pair<size_t, std::string>> ssaTokens(std::string_view text) {
  std::vector<std::pair<size_t, std::string>> out;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '%') continue;
    size_t j = i + 1;
    while (j < text.size() && isNameChar(text[j])) ++j;
    if (j < text.size() && text[j] == '#') {
      size_t k = j + 1;
      while (k < text.size() && std::isdigit(static_cast<unsigned char>(text[k]))) ++k;
      if (k > j + 1) j = k;
    }
    if (j > i + 1) out.emplace_back(i, std::string(text.substr(i, j - i)));
    i = j - 1;
  }
  return out;
}

// "%v3 = ..." / "%v3:2 = ...": the result name and count; {"", 0} for a line without results.
std::pair<std::string, int> lineResults(std::string_view line) {
  if (line.empty() || line[0] != '%') return {"", 0};
  size_t j = 1;
  while (j < line.size() && isNameChar(line[j])) ++j;
  std::string name(line.substr(0, j));
  int count = 1;
  if (j < line.size() && line[j] == ':') {
    count = std::atoi(std::string(line.substr(j + 1)).c_str());
    if (count < 1) count = 1;
  }
  return {name, count};
}

// Parses the graph's own module and records each body line's op name and result types.
absl::Status analyze(Graph& g) {
  std::string text = plainCase("minimize/analyze", {}, inputConstants(g), g.body, g.outputs, g.functions);
  ASSIGN_OR_RETURN(auto module, parseModule(text, "<minimize>"));
  Operation* main = module.findFunction("main");
  if (!main) return absl::InvalidArgumentError("no @main");
  auto& ops = main->body().operations;
  if (ops.size() != g.inputs.size() + g.body.size() + 1) {
    return absl::InvalidArgumentError(strCat("@main has ", ops.size(), " ops, expected ", g.inputs.size() + g.body.size() + 1));
  }
  g.op_names.clear();
  g.op_ids.clear();
  g.result_names.clear();
  g.result_types.clear();
  g.operand_types.clear();
  for (size_t k = 0; k < g.body.size(); ++k) {
    const Operation& op = *ops[g.inputs.size() + k];
    g.op_names.push_back(op.name);
    g.op_ids.push_back(op.id);
    g.result_types.push_back(op.resultTypes());
    g.operand_types.push_back(op.operandTypes());
    auto [name, count] = lineResults(g.body[k]);
    std::vector<std::string> names;
    if (!name.empty()) {
      if (static_cast<int>(op.results.size()) != count) return absl::InvalidArgumentError(strCat("line ", k, ": result count"));
      for (int i = 0; i < count; ++i) names.push_back(count == 1 ? name : strCat(name, "#", i));
    }
    g.result_names.push_back(std::move(names));
  }
  return absl::OkStatus();
}

// The exact value of every tensor result of every body line, by the reference.
absl::StatusOr<std::map<std::string, Tensor>> evaluateAll(const Graph& g) {
  std::vector<std::pair<std::string, std::string>> outputs;
  for (size_t k = 0; k < g.body.size(); ++k)
    for (size_t i = 0; i < g.result_names[k].size(); ++i)
      if (g.result_types[k][i].isTensor()) outputs.emplace_back(g.result_names[k][i], g.result_types[k][i].toString());
  std::map<std::string, Tensor> values;
  for (const Graph::Input& in : g.inputs) values[in.name] = in.value;
  if (outputs.empty()) return values;
  const std::string text = plainCase("minimize/all-values", {}, inputConstants(g), g.body, outputs, g.functions);
  ASSIGN_OR_RETURN(auto module, parseModule(text, "<minimize: all values>"));
  ref::EvalOptions options;
  options.deadline = ref::deadlineAfter(600);
  ref::FunctionRun run = ref::evaluateFunction(module, text, *module.findFunction("main"), {}, 0, 0, options);
  if (!run.status.ok()) return run.status;
  if (run.per_process.empty() || run.per_process[0].size() != outputs.size()) return absl::InternalError("wrong number of results");
  for (size_t i = 0; i < outputs.size(); ++i) values[outputs[i].first] = run.per_process[0][i].tensor;
  return values;
}

// A generated case, from its generator's context.
absl::StatusOr<Graph> graphFromGenerated(const std::string& id) {
  ASSIGN_OR_RETURN(auto key, gen::parseCaseId(id));
  ASSIGN_OR_RETURN(auto c, gen::generateCase(key));
  if (!c.context) return absl::InvalidArgumentError(strCat(id, " is skipped by its generator: ", c.skipped));
  const gen::GenContext& ctx = *c.context;
  if (ctx.replicas() != 1 || ctx.partitions() != 1) return absl::UnimplementedError("multi-process cases are not taken apart");
  Graph g;
  for (const auto& in : ctx.inputs()) g.inputs.push_back({in.name, in.value});
  g.body = ctx.body();
  g.outputs = ctx.outputs();
  g.functions = ctx.functions();
  return g;
}

size_t indentOf(std::string_view line) {
  size_t n = 0;
  while (n < line.size() && line[n] == ' ') ++n;
  return n;
}

// Any case, from its lowered program (printed generic form: @main's ops at indentation 4).
absl::StatusOr<Graph> graphFromLowered(const PreparedCase& prepared) {
  if (prepared.lowered.replicas != 1 || prepared.lowered.partitions != 1)
    return absl::UnimplementedError("multi-process cases are not taken apart");
  std::vector<std::string_view> lines;
  std::string_view text = prepared.lowered.mlir;
  for (size_t p = 0; p < text.size();) {
    size_t end = text.find('\n', p);
    if (end == std::string_view::npos) end = text.size();
    lines.push_back(text.substr(p, end - p));
    p = end + 1;
  }
  Graph g;
  std::string* chunk = nullptr;
  std::string function;
  bool in_main = false, in_other = false;
  std::vector<std::string> arg_names;
  std::string return_line;
  for (std::string_view line : lines) {
    const size_t indent = indentOf(line);
    std::string_view rest = line.substr(indent);
    if (indent == 2 && rest.rfind("\"func.func\"", 0) == 0) {
      in_main = line.find("sym_name = \"main\"") != std::string_view::npos;
      in_other = !in_main;
      if (in_other) function = std::string(rest) + "\n";
      continue;
    }
    if (indent == 2 && rest.rfind("})", 0) == 0) {
      if (in_other) {
        strAppend(&function, rest);
        g.functions.push_back(function);
      }
      in_main = in_other = false;
      continue;
    }
    if (in_other) {
      strAppend(&function, line.substr(2), "\n");
      continue;
    }
    if (!in_main) continue;
    if (indent == 2 && rest.rfind("^bb0(", 0) == 0) {
      for (const auto& [offset, token] : ssaTokens(rest)) arg_names.push_back(token);
      continue;
    }
    if (indent == 4 && rest.rfind("\"func.return\"", 0) == 0) {
      return_line = std::string(rest);
      chunk = nullptr;
      continue;
    }
    if (indent == 4 && (rest[0] == '%' || rest[0] == '"')) {
      g.body.emplace_back(rest);
      chunk = &g.body.back();
      continue;
    }
    if (!chunk) return absl::InternalError(strCat("unexpected line in the lowered program: ", line));
    strAppend(chunk, "\n", line.size() >= 4 ? line.substr(4) : line);
  }
  if (arg_names.size() != prepared.lowered.inputs.size())
    return absl::InternalError(strCat("@main has ", arg_names.size(), " arguments, the case ", prepared.lowered.inputs.size(), " inputs"));
  for (size_t i = 0; i < arg_names.size(); ++i) g.inputs.push_back({arg_names[i], prepared.lowered.inputs[i]});
  // "func.return"(%4#0, %4#1) : (...) -> ()
  const size_t close = return_line.find(')');
  if (return_line.empty() || close == std::string::npos) return absl::InternalError("no func.return in the lowered program");
  std::vector<std::pair<size_t, std::string>> returned = ssaTokens(std::string_view(return_line).substr(0, close));
  if (returned.size() != prepared.lowered.result_types.size()) return absl::InternalError("func.return does not match the results");
  for (size_t i = 0; i < returned.size(); ++i) g.outputs.emplace_back(returned[i].second, prepared.lowered.result_types[i].toString());
  return g;
}

// The backend, the profile and how a candidate runs.
struct Session {
  BackendFactory factory;
  std::unique_ptr<adapters::Backend> backend;
  adapters::BackendInfo info;
  reports::Profile profile;
  GoldenCache cache;
  double timeout = 60;

  struct Outcome {
    bool ran = false;  // false: the candidate could not be prepared (message says why)
    reports::CaseResult result;
    std::string message;
    bool fails() const { return ran && reports::isFailure(result.status); }
  };

  Outcome run(const CaseSource& source) {
    Outcome o;
    PreparedCase prepared = prepareCase(source, cache, 3600);
    // An invalid candidate (ir/verifier.h) does not reproduce anything: the minimizer never shrinks a
    // failing program into one the spec forbids.
    if (!prepared.status.ok()) {
      o.message = std::string(prepared.status.message());
      return o;
    }
    if (prepared.negative()) {
      o.message = "a negative case (expect-invalid): it is never run";
      return o;
    }
    o.ran = true;
    o.result = runCaseOnBackend(source, prepared, *backend, info, profile, timeout, factory.repro_flag);
    return o;
  }
  Outcome runText(const std::string& id, const std::string& text) {
    CaseSource source;
    source.id = id;
    source.text = text;
    return run(source);
  }
};

std::string verdict(const Session::Outcome& o) {
  if (!o.ran) return strCat("not runnable (", o.message, ")");
  std::string s(reports::statusName(o.result.status));
  if (reports::isFailure(o.result.status) && !o.result.message.empty()) strAppend(&s, " (", o.result.message, ")");
  return s;
}

std::string shortOp(const std::string& name) { return name.rfind("stablehlo.", 0) == 0 ? name.substr(10) : name; }

// The schema's elementwise ops, and bitcast_convert, which is elementwise between types of one width (the
// caller checks that operands and result have one shape).
bool isElementwiseOp(OpId id) { return schemaOf(id).has(traits::kElementwise) || id == OpId::kBitcastConvert; }

// The operands a line takes from outside: tokens naming an input or an earlier line's result.
std::vector<std::string> externalOperands(const std::string& line, const std::set<std::string>& known) {
  std::vector<std::string> out;
  std::set<std::string> seen;
  const auto [own, count] = lineResults(line);
  for (const auto& [offset, token] : ssaTokens(line)) {
    const std::string base = token.substr(0, token.find('#'));
    if (base == own && offset == 0) continue;
    if (!known.contains(base) || seen.contains(token)) continue;
    seen.insert(token);
    out.push_back(token);
  }
  return out;
}

// Renames the tokens of `line` by `renames` (whole tokens only).
std::string renameTokens(const std::string& line, const std::map<std::string, std::string>& renames) {
  std::string out;
  size_t last = 0;
  for (const auto& [offset, token] : ssaTokens(line)) {
    auto it = renames.find(token);
    if (it == renames.end()) continue;
    strAppend(&out, std::string_view(line).substr(last, offset - last), it->second);
    last = offset + token.size();
  }
  out += line.substr(last);
  return out;
}

std::string safeName(const std::string& token) {
  std::string s = token;
  for (char& c : s)
    if (c == '#') c = '_';
  return s;
}

// Element `index` of `t` as a rank-0 tensor.
Tensor elementOf(const Tensor& t, int64_t index) {
  Tensor e(Type::tensor({}, t.type().tensorElement()));
  const int parts = isComplex(t.elementType()) ? 2 : 1;
  for (int part = 0; part < parts; ++part) e.setBits(0, t.bits(index, part), part);
  return e;
}

int usage(const std::string& message) { return cli::usageError("minimize", message); }

}  // namespace

int runMinimizeCommand(const std::vector<std::string>& args) {
  std::string case_arg, out;
  cli::OneBackend backend_options;
  bool no_cache = false;
  cli::Options cl("minimize");
  CLI::App& app = cl.app();
  cli::addOneBackend(cl, backend_options);
  app.add_option("--out", out);
  app.add_flag("--no-cache", no_cache);
  app.add_option("case", case_arg);
  if (std::optional<int> status = cl.parse(args)) return *status;
  if (case_arg.empty()) return usage("needs CASE (a gen/ case ID or a .mlir file)");
  if (std::string problem = cli::finishOneBackend(backend_options); !problem.empty()) return usage(problem);
  const std::string &backend_name = backend_options.name, &backend_cmd = backend_options.command, &profile_name = backend_options.profile;
  std::vector<std::string>& adapter_dirs = backend_options.adapter_dirs;
  const double timeout = backend_options.timeout;

  const bool generated = case_arg.rfind("gen/", 0) == 0;
  std::vector<std::string> errors;
  std::vector<CaseSource> cases = collectCases({case_arg}, false, errors);
  for (const std::string& e : errors) std::fprintf(stderr, "%s\n", e.c_str());
  if (cases.size() != 1) {
    std::fprintf(stderr, "hloconf minimize: '%s' is not one case (%zu found)\n", case_arg.c_str(), cases.size());
    return 2;
  }
  const CaseSource original = cases[0];

  ref::initNumerics();
  std::vector<std::string> profile_dirs = {profilesDir()};
  if (const char* env = std::getenv("HLOCONF_PROFILES_DIR"); env && *env) profile_dirs.insert(profile_dirs.begin(), env);
  auto profile = reports::loadProfile(profile_name, profile_dirs);
  if (!profile.ok()) {
    std::fprintf(stderr, "hloconf minimize: %s\n", std::string(profile.status().message()).c_str());
    return 2;
  }
  const std::string work_dir = strCat(std::filesystem::temp_directory_path().string(), "/hloconf-minimize-", ::getpid());
  for (const std::string& d : defaultAdapterDirs()) adapter_dirs.push_back(d);
  auto factory = backend_cmd.empty() ? backendByName(backend_name, adapter_dirs, work_dir) : backendFromCommand(backend_cmd, work_dir);
  if (!factory.ok()) {
    std::fprintf(stderr, "hloconf minimize: %s\n", std::string(factory.status().message()).c_str());
    return 2;
  }
  Session session;
  session.factory = *factory;
  session.profile = *profile;
  session.cache.dir = no_cache ? "" : defaultCacheDir();
  session.timeout = timeout;
  session.backend = session.factory.make();
  auto info = session.backend->start();
  if (!info.ok()) {
    std::fprintf(stderr, "hloconf minimize: the backend did not start: %s\n", std::string(info.status().message()).c_str());
    return 2;
  }
  session.info = *info;
  struct Cleanup {
    Session& s;
    std::string dir;
    ~Cleanup() {
      s.backend->stop();
      std::error_code ec;
      std::filesystem::remove_all(dir, ec);
    }
  } cleanup{session, work_dir};

  std::vector<std::string> steps;
  auto step = [&](const std::string& s) {
    steps.push_back(s);
    std::printf("%s\n", s.c_str());
    std::fflush(stdout);
  };

  // a. The case as it is.
  PreparedCase prepared = prepareCase(original, session.cache, 3600);
  if (!prepared.status.ok()) {
    std::fprintf(stderr, "hloconf minimize: %s: %s\n", original.id.c_str(), std::string(prepared.status.message()).c_str());
    return 2;
  }
  const reports::CaseResult first =
      runCaseOnBackend(original, prepared, *session.backend, session.info, session.profile, timeout, session.factory.repro_flag);
  if (!reports::isFailure(first.status)) {
    std::printf("%s on %s: %s: nothing to minimize\n", original.id.c_str(), session.info.name.c_str(),
                std::string(reports::statusName(first.status)).c_str());
    return 0;
  }

  // b. Taken apart, every intermediate value from the reference.
  absl::StatusOr<Graph> graph = generated ? graphFromGenerated(original.id) : graphFromLowered(prepared);
  absl::Status analyzed = graph.ok() ? analyze(*graph) : graph.status();
  absl::StatusOr<std::map<std::string, Tensor>> values =
      analyzed.ok() ? evaluateAll(*graph) : absl::StatusOr<std::map<std::string, Tensor>>(analyzed);
  if (!values.ok()) {
    std::printf("%s on %s: %s\ncannot take the case apart: %s\n", original.id.c_str(), session.info.name.c_str(),
                std::string(reports::statusName(first.status)).c_str(), std::string(values.status().message()).c_str());
    return 1;
  }
  const Graph& g = *graph;
  step(strCat(original.id, " on ", session.info.name, ": graph of ", g.body.size(), " op(s): ", verdict({true, first, ""})));

  std::string minimized, summary;
  std::string final_id;
  Session::Outcome final_outcome;
  bool not_smaller = false;

  // c. Each op alone, with the exact operands.
  std::set<std::string> known;
  for (const Graph::Input& in : g.inputs) known.insert(in.name);
  std::optional<size_t> culprit;
  std::vector<Constant> culprit_constants;
  std::string culprit_line;
  std::vector<std::pair<std::string, std::string>> culprit_outputs;
  for (size_t k = 0; k < g.body.size(); ++k) {
    const std::string& line = g.body[k];
    auto [own, count] = lineResults(line);
    const bool skip = g.op_ids[k] == OpId::kConstant || g.op_ids[k] == OpId::kFuncCall || g.result_names[k].empty();
    if (!own.empty()) known.insert(own);
    if (skip) continue;
    std::vector<Constant> constants;
    std::map<std::string, std::string> renames;
    bool complete = true;
    for (const std::string& token : externalOperands(line, known)) {
      auto it = values->find(token);
      if (it == values->end()) {
        complete = false;
        break;
      }
      const std::string name = safeName(token);
      if (name != token) renames[token] = name;
      constants.push_back({name, it->second});
    }
    std::vector<std::pair<std::string, std::string>> outputs;
    for (size_t i = 0; i < g.result_names[k].size(); ++i) {
      if (!g.result_types[k][i].isTensor()) complete = false;
      outputs.emplace_back(g.result_names[k][i], g.result_types[k][i].toString());
    }
    if (!complete) continue;
    const std::string single = renames.empty() ? line : renameTokens(line, renames);
    const std::string id = strCat(original.id, "/op", k);
    Session::Outcome o = session.runText(id, plainCase(id, {}, constants, {single}, outputs, g.functions));
    if (!o.fails()) continue;
    step(strCat("op ", k, " (", shortOp(g.op_names[k]), ") alone: ", verdict(o)));
    culprit = k;
    culprit_constants = constants;
    culprit_line = single;
    culprit_outputs = outputs;
    final_id = id;
    final_outcome = o;
    const bool scalar = g.result_types[k].size() == 1 && g.result_types[k][0].isTensor() && g.result_types[k][0].rank() == 0;
    summary = strCat("1 op (", shortOp(g.op_names[k]), ")", scalar ? ", rank 0" : "");
    break;
  }

  if (culprit) {
    const size_t k = *culprit;
    std::vector<std::string> comments;
    // d. An elementwise culprit: one element.
    bool elementwise = isElementwiseOp(g.op_ids[k]) && g.result_types[k].size() == 1 && g.result_types[k][0].isTensor() &&
                       g.result_types[k][0].rank() > 0;
    const std::vector<int64_t> shape = elementwise ? g.result_types[k][0].shape() : std::vector<int64_t>{};
    for (const Type& t : g.operand_types[k]) {
      if (!elementwise) break;
      if (!t.isTensor() || (t.rank() != 0 && t.shape() != shape)) elementwise = false;
    }
    bool shrunk = false;
    if (elementwise && culprit_constants.size() == g.operand_types[k].size()) {
      std::vector<int64_t> candidates;
      for (const reports::ElementDiff& d : final_outcome.result.worst)
        if (d.output == 0) candidates.push_back(d.index);
      const int64_t n = g.result_types[k][0].numElements();
      if (candidates.empty())
        for (int64_t i = 0; i < n && i < 256; ++i) candidates.push_back(i);
      std::string dims;
      for (int64_t d : shape) strAppend(&dims, d, "x");
      for (int64_t index : candidates) {
        std::vector<Constant> scalars;
        for (const Constant& c : culprit_constants)
          scalars.push_back({c.name, c.value.type().rank() == 0 ? c.value : elementOf(c.value, index)});
        // The line with its types made rank 0: tensor<2x3xf32> -> tensor<f32>.
        std::string line = culprit_line, from = strCat("tensor<", dims), to = "tensor<";
        for (size_t p = line.find(from); p != std::string::npos; p = line.find(from, p + to.size())) line.replace(p, from.size(), to);
        std::vector<std::pair<std::string, std::string>> outputs = culprit_outputs;
        for (auto& [value, type] : outputs) {
          for (size_t p = type.find(from); p != std::string::npos; p = type.find(from, p + to.size())) type.replace(p, from.size(), to);
        }
        const std::string id = strCat(original.id, "/op", k, "/element", index);
        const std::string text = plainCase(id, {}, scalars, {line}, outputs, g.functions);
        Session::Outcome o = session.runText(id, text);
        step(strCat("element ", indexToString(shape, index), ": ", verdict(o)));
        if (!o.fails()) continue;
        culprit_constants = scalars;
        culprit_line = line;
        culprit_outputs = outputs;
        final_id = id;
        final_outcome = o;
        summary = strCat("1 op (", shortOp(g.op_names[k]), "), rank 0");
        shrunk = true;
        break;
      }
      if (!shrunk) step("no single element fails alone: keeping the whole op");
    }
    comments = {strCat("Minimized by `hloconf minimize` from ", original.id, " on backend ", session.info.name, ": ", summary, "."),
                strCat("Backend verdict: ", verdict(final_outcome))};
    for (const reports::ElementDiff& d : final_outcome.result.worst)
      comments.push_back(strCat("  output ", d.output, " ", d.position, ": expected ", d.expected, " (", d.expected_bits, "), backend ",
                                d.actual, " (", d.actual_bits, ")"));
    minimized = plainCase(final_id, comments, culprit_constants, {culprit_line}, culprit_outputs, g.functions);
    size_t ops = 0;
    for (OpId id : g.op_ids) ops += id != OpId::kConstant;
    not_smaller = ops <= 1 && !shrunk;
  } else {
    // e. No op fails alone: the smallest failing prefix.
    step(strCat("no op fails alone: ", kNoSingleOpFails));
    std::optional<size_t> length;
    for (size_t p = 1; p <= g.body.size(); ++p) {
      const size_t last = p - 1;
      if (g.result_names[last].empty()) continue;
      bool tensors = true;
      std::vector<std::pair<std::string, std::string>> outputs;
      for (size_t i = 0; i < g.result_names[last].size(); ++i) {
        tensors = tensors && g.result_types[last][i].isTensor();
        outputs.emplace_back(g.result_names[last][i], g.result_types[last][i].toString());
      }
      if (!tensors || g.op_ids[last] == OpId::kConstant) continue;
      const std::vector<std::string> lines(g.body.begin(), g.body.begin() + static_cast<std::ptrdiff_t>(p));
      const std::string id = strCat(original.id, "/prefix", p);
      Session::Outcome o = session.runText(id, plainCase(id, {}, inputConstants(g), lines, outputs, g.functions));
      if (!o.fails()) continue;
      step(strCat("first ", p, " op(s), returning op ", last, " (", shortOp(g.op_names[last]), "): ", verdict(o)));
      // Only what the returned value depends on (when that still fails), and only the inputs used.
      std::vector<std::string> kept_lines = lines;
      std::string kept_id = id;
      Session::Outcome kept = o;
      {
        std::set<std::string> names, needed;
        for (const Graph::Input& in : g.inputs) names.insert(in.name);
        for (size_t k = 0; k < p; ++k) names.insert(lineResults(g.body[k]).first);
        needed.insert(lineResults(g.body[last]).first);
        std::vector<std::string> slice;
        for (size_t k = p; k-- > 0;) {
          if (!needed.contains(lineResults(g.body[k]).first)) continue;
          slice.insert(slice.begin(), g.body[k]);
          for (const std::string& token : externalOperands(g.body[k], names)) needed.insert(token.substr(0, token.find('#')));
        }
        if (slice.size() < lines.size()) {
          const std::string slice_id = strCat(id, "/slice");
          Session::Outcome s = session.runText(slice_id, plainCase(slice_id, {}, inputConstants(g), slice, outputs, g.functions));
          step(strCat("the ", slice.size(), " op(s) the value depends on: ", verdict(s)));
          if (s.fails()) {
            kept_lines = slice;
            kept_id = slice_id;
            kept = s;
          }
        }
      }
      std::vector<Constant> used;
      for (const Constant& c : inputConstants(g)) {
        for (const std::string& line : kept_lines) {
          bool uses = false;
          for (const auto& [offset, token] : ssaTokens(line)) uses = uses || token == c.name;
          if (uses) {
            used.push_back(c);
            break;
          }
        }
      }
      if (p == g.body.size() && outputs.size() == g.outputs.size() && kept_lines.size() == lines.size()) break;  // not smaller
      length = p;
      summary = strCat(kept_lines.size(), " op(s)");
      std::vector<std::string> comments = {
          strCat("Minimized by `hloconf minimize` from ", original.id, " on backend ", session.info.name,
                 ": no op fails alone; the first ", p, " op(s) fail", kept_lines.size() < lines.size() ? strCat(" (", kept_lines.size(), " of them needed)") : std::string(), "."),
          strCat("Backend verdict: ", verdict(kept)), strCat("Each op alone is within its own rule: ", kNoSingleOpFails)};
      minimized = plainCase(kept_id, comments, used, kept_lines, outputs, g.functions);
      break;
    }
    if (!length) {
      std::printf("could not shrink %s: it fails only as a whole\n%s\n", original.id.c_str(), kNoSingleOpFails);
      return 1;
    }
  }

  std::printf("-> %s\n\n%s", summary.c_str(), minimized.c_str());
  if (!out.empty()) {
    std::ofstream f(out, std::ios::trunc);
    f << minimized;
    if (!f) {
      std::fprintf(stderr, "hloconf minimize: cannot write %s\n", out.c_str());
      return 2;
    }
    std::printf("wrote %s\n", out.c_str());
  }
  if (not_smaller) {
    std::printf("the case is already a single op: nothing smaller fails\n");
    return 1;
  }
  return 0;
}

}  // namespace hloconf
