#include "golden/cases.h"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <thread>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

#include "ir/asm_parser.h"
#include "ir/expect_invalid.h"
#include "ir/ir_json.h"
#include "ir/parser.h"
#include "ir/printer.h"
#include "ir/status_macros.h"
#include "ir/verifier.h"
#include "ir/strings.h"
#include "nlohmann/json.hpp"
#include "reference/evaluate.h"
#include "golden/reference_version.h"
#include "golden/sweep.h"
#include "generators/gen.h"

#ifndef HLOCONF_SOURCE_DIR_FOR_CASES
#define HLOCONF_SOURCE_DIR_FOR_CASES ""
#endif

namespace hloconf {
namespace fs = std::filesystem;
namespace {

// The `// Case: ID` line among a file's leading comment lines.
std::string declaredId(std::string_view text) {
  size_t pos = 0;
  while (pos < text.size()) {
    size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(pos, end - pos);
    size_t first = line.find_first_not_of(" \t");
    if (first == std::string_view::npos) {
      pos = end + 1;
      continue;
    }
    line.remove_prefix(first);
    if (line.rfind("//", 0) != 0) break;
    if (line.rfind("// Case: ", 0) == 0) {
      std::string_view id = line.substr(9);
      while (!id.empty() && (id.back() == ' ' || id.back() == '\r')) id.remove_suffix(1);
      return std::string(id);
    }
    pos = end + 1;
  }
  return "";
}

std::string withoutExtension(const fs::path& p) {
  fs::path q = p;
  q.replace_extension();
  return q.generic_string();
}

absl::StatusOr<std::string> readWhole(const std::string& path) { return readFile(path); }

nlohmann::json goldenToJson(const reports::GoldenOutput& g) {
  nlohmann::json j = {{"hex", bytesToHex(g.value.bytes())}};
  if (!g.error_bound.empty()) {
    nlohmann::json bounds = nlohmann::json::array();
    for (double b : g.error_bound) bounds.push_back(std::isinf(b) ? nlohmann::json("inf") : nlohmann::json(b));
    j["error_bound"] = bounds;
  }
  if (!g.impl_defined.empty()) {
    nlohmann::json marks = nlohmann::json::array();
    for (size_t i = 0; i < g.impl_defined.size(); ++i)
      if (g.impl_defined[i]) marks.push_back(i);
    j["impl_defined"] = marks;
  }
  return j;
}

bool goldenFromJson(const nlohmann::json& j, const Type& type, reports::GoldenOutput& g) {
  g.value = Tensor(type);
  std::vector<uint8_t> bytes;
  if (!hexToBytes(j.value("hex", ""), bytes) || bytes.size() != g.value.bytes().size()) return false;
  g.value.mutableBytes() = std::move(bytes);
  if (j.contains("error_bound")) {
    for (const auto& b : j["error_bound"]) g.error_bound.push_back(b.is_string() ? INFINITY : b.get<double>());
    if (static_cast<int64_t>(g.error_bound.size()) != g.value.numElements()) return false;
  }
  if (j.contains("impl_defined")) {
    g.impl_defined.assign(g.value.numElements(), 0);
    for (const auto& i : j["impl_defined"]) {
      size_t index = i.get<size_t>();
      if (index >= g.impl_defined.size()) return false;
      g.impl_defined[index] = 1;
    }
  }
  return true;
}

// One infeed payload tensor in the cache: its type (MLIR spelling) and bytes.
nlohmann::json tensorToJson(const Tensor& t) { return {{"type", t.type().toString()}, {"hex", bytesToHex(t.bytes())}}; }

bool tensorFromJson(const nlohmann::json& j, Tensor& out) {
  if (!j.is_object() || !j.contains("type") || !j["type"].is_string() || !j.contains("hex") || !j["hex"].is_string()) return false;
  std::string text = j["type"].get<std::string>();
  AsmParser parser("<cached type>", text, 0, text.size());
  Type type;
  if (!parser.parseType(type).ok() || !parser.atEnd() || !type.isTensor() || !type.hasStaticShape()) return false;
  out = Tensor(type);
  std::vector<uint8_t> bytes;
  if (!hexToBytes(j["hex"].get<std::string>(), bytes) || bytes.size() != out.bytes().size()) return false;
  out.mutableBytes() = std::move(bytes);
  return true;
}

// Parses the lowered program and checks it against what the case says about it.
}  // namespace

absl::Status attachProgram(PreparedCase& prepared) {
  prepared.program_text = prepared.lowered.mlir;
  auto module = parseModule(prepared.program_text, "<lowered program>");
  if (!module.ok())
    return absl::InternalError(strCat("the lowered program does not parse back (a printer bug): ", module.status().message()));
  prepared.program = std::make_shared<Module>(std::move(*module));
  prepared.ir_json = moduleToJson(*prepared.program);
  return absl::OkStatus();
}

absl::Status computeGolden(PreparedCase& prepared, double timeout_seconds) {
  const Operation* main = prepared.program->findFunction("main");
  std::vector<ref::RtValue> args;
  for (const Tensor& t : prepared.lowered.inputs) args.push_back(ref::RtValue::ofTensor(t));
  ref::EvalOptions options;
  options.deadline = ref::deadlineAfter(timeout_seconds);
  ref::InfeedQueue infeed;
  for (const std::vector<Tensor>& entry : prepared.lowered.infeed) {
    std::vector<ref::RtValue> payload;
    for (const Tensor& t : entry) payload.push_back(ref::RtValue::ofTensor(t));
    infeed.entries.push_back(std::move(payload));
  }
  ref::FunctionRun run = ref::evaluateFunction(*prepared.program, prepared.program_text, *main, args,
                                               prepared.lowered.replicas, prepared.lowered.partitions, options,
                                               prepared.lowered.infeed.empty() ? nullptr : &infeed);
  if (!run.status.ok()) {
    if (run.status.code() == absl::StatusCode::kDeadlineExceeded)
      return absl::DeadlineExceededError(strCat("the reference ran past the time limit (", absl::StrCat(timeout_seconds),
                                                " s) computing the golden values, before any backend ran: ", run.status.message()));
    return run.status.code() == absl::StatusCode::kUnimplemented
               ? absl::UnimplementedError(strCat("no golden value: ", run.status.message()))
               : absl::Status(run.status.code(), strCat("the reference failed: ", run.status.message()));
  }
  for (auto& process : run.per_process) {
    for (ref::RtValue& value : process) {
      reports::GoldenOutput g;
      g.value = std::move(value.tensor);
      g.error_bound = std::move(value.error_bound);
      g.impl_defined = std::move(value.impl_defined);
      prepared.golden.push_back(std::move(g));
    }
  }
  return absl::OkStatus();
}

namespace {

std::string cachePath(const GoldenCache& cache, const std::string& key) {
  return strCat(cache.dir, "/", key.substr(0, 2), "/", key, ".json");
}

// A hit refreshes the entry's time (at most once an hour), so that pruning by size removes the least
// recently used entries first (golden/cache_maintenance.h).
void touchEntry(const std::string& path) {
  std::error_code ec;
  const auto now = fs::file_time_type::clock::now();
  const auto written = fs::last_write_time(path, ec);
  if (!ec && now - written > std::chrono::hours(1)) fs::last_write_time(path, now, ec);
}

bool loadCached(const GoldenCache& cache, const std::string& key, std::string_view case_text, PreparedCase& out) {
  if (cache.dir.empty()) return false;
  std::ifstream in(cachePath(cache, key));
  if (!in) return false;
  nlohmann::json j = nlohmann::json::parse(in, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded() || j.value("case_text", "") != case_text || j.value("reference", "") != HLOCONF_REFERENCE_VERSION)
    return false;
  PreparedCase p;
  if (j.contains("status")) {
    p.status = absl::Status(static_cast<absl::StatusCode>(j["status"]["code"].get<int>()), j["status"]["message"].get<std::string>());
    out = std::move(p);
    out.from_cache = true;
    return true;
  }
  LoweredCase& l = p.lowered;
  l.mlir = j.value("mlir", "");
  l.op = j.value("op", "");
  l.element_type = j.value("element_type", "");
  l.replicas = j.value("replicas", 1u);
  l.partitions = j.value("partitions", 1u);
  if (!attachProgram(p).ok()) return false;
  const Operation* main = p.program->findFunction("main");
  if (!main) return false;
  const Block& body = *main->regions[0].blocks.front();
  if (!j.contains("inputs") || j["inputs"].size() != body.arguments.size()) return false;
  for (size_t i = 0; i < body.arguments.size(); ++i) {
    Tensor t(body.arguments[i]->type);
    std::vector<uint8_t> bytes;
    if (!hexToBytes(j["inputs"][i].get<std::string>(), bytes) || bytes.size() != t.bytes().size()) return false;
    t.mutableBytes() = std::move(bytes);
    l.inputs.push_back(std::move(t));
  }
  if (j.contains("infeed")) {
    if (!j["infeed"].is_array()) return false;
    for (const auto& entry : j["infeed"]) {
      if (!entry.is_array()) return false;
      std::vector<Tensor> payload;
      for (const auto& t : entry) {
        Tensor tensor;
        if (!tensorFromJson(t, tensor)) return false;
        payload.push_back(std::move(tensor));
      }
      l.infeed.push_back(std::move(payload));
    }
  }
  const Operation& ret = *body.operations.back();
  for (const Value* v : ret.operands) l.result_types.push_back(v->type);
  size_t processes = static_cast<size_t>(l.replicas) * l.partitions;
  if (!j.contains("golden") || j["golden"].size() != processes * l.result_types.size()) return false;
  for (size_t i = 0; i < j["golden"].size(); ++i) {
    reports::GoldenOutput g;
    if (!goldenFromJson(j["golden"][i], l.result_types[i % l.result_types.size()], g)) return false;
    p.golden.push_back(std::move(g));
  }
  out = std::move(p);
  out.from_cache = true;
  touchEntry(cachePath(cache, key));
  return true;
}

void storeCached(const GoldenCache& cache, const std::string& key, std::string_view case_text, const PreparedCase& p) {
  if (cache.dir.empty()) return;
  // Errors other than "unsupported" may be transient (a time limit): not cached.
  if (!p.status.ok() && p.status.code() != absl::StatusCode::kUnimplemented) return;
  nlohmann::json j = {{"case_text", case_text}, {"reference", HLOCONF_REFERENCE_VERSION}};
  if (!p.status.ok()) {
    j["status"] = {{"code", static_cast<int>(p.status.code())}, {"message", std::string(p.status.message())}};
  } else {
    j["mlir"] = p.lowered.mlir;
    j["op"] = p.lowered.op;
    j["element_type"] = p.lowered.element_type;
    j["replicas"] = p.lowered.replicas;
    j["partitions"] = p.lowered.partitions;
    j["inputs"] = nlohmann::json::array();
    for (const Tensor& t : p.lowered.inputs) j["inputs"].push_back(bytesToHex(t.bytes()));
    if (!p.lowered.infeed.empty()) {
      j["infeed"] = nlohmann::json::array();
      for (const std::vector<Tensor>& entry : p.lowered.infeed) {
        nlohmann::json payload = nlohmann::json::array();
        for (const Tensor& t : entry) payload.push_back(tensorToJson(t));
        j["infeed"].push_back(std::move(payload));
      }
    }
    j["golden"] = nlohmann::json::array();
    for (const reports::GoldenOutput& g : p.golden) j["golden"].push_back(goldenToJson(g));
  }
  std::error_code ec;
  std::string path = cachePath(cache, key);
  fs::create_directories(fs::path(path).parent_path(), ec);
  // Write to a temporary name, then rename: concurrent runs never see half an entry.
  std::string tmp = strCat(path, ".tmp", ::getpid(), "-", std::hash<std::thread::id>{}(std::this_thread::get_id()));
  {
    std::ofstream out(tmp, std::ios::trunc);
    out << j.dump();
    if (!out) return;
  }
  fs::rename(tmp, path, ec);
  if (ec) fs::remove(tmp, ec);
}

}  // namespace

// Where `cmake --install` puts the data beside PREFIX/bin (CMakeLists.txt, "Install").
constexpr std::string_view kInstalledDataDir = "share/hloconf";

std::string sourceTreeDir(std::string_view relative, std::string_view marker) {
  std::error_code ec;
  // Relative to the executable: its source tree (build/ inside the checkout, or a copy of the tree that
  // carries a bundled binary), or an installed tree (`cmake --install`: PREFIX/bin/hloconf with its data in
  // PREFIX/share/hloconf); then the compiled-in source dir.
  fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    for (fs::path dir = exe.parent_path(); !dir.empty() && dir != dir.root_path(); dir = dir.parent_path()) {
      if (fs::exists(dir / relative / marker, ec)) return (dir / relative).string();
      if (fs::exists(dir / kInstalledDataDir / relative / marker, ec)) return (dir / kInstalledDataDir / relative).string();
    }
  }
  std::string compiled = HLOCONF_SOURCE_DIR_FOR_CASES;
  if (!compiled.empty() && fs::exists(fs::path(compiled) / relative, ec)) return (fs::path(compiled) / relative).string();
  return std::string(relative);
}

std::string specSuiteDir() {
  if (const char* env = std::getenv("HLOCONF_CASES_DIR"); env && *env) return env;
  return sourceTreeDir("cases", "README.md");
}

std::string profilesDir() {
  if (const char* env = std::getenv("HLOCONF_PROFILES_DIR"); env && *env) return env;
  return sourceTreeDir("reports/profiles", "default.json");
}

std::string defaultCacheDir() {
  if (const char* env = std::getenv("HLOCONF_CACHE_DIR"); env && *env) return env;
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg) return strCat(xdg, "/hloconf/golden");
  if (const char* home = std::getenv("HOME"); home && *home) return strCat(home, "/.cache/hloconf/golden");
  return "";
}

std::vector<CaseSource> collectCases(const std::vector<std::string>& sources, bool split_input_file,
                                     std::vector<std::string>& errors, const GenOptions& gen) {
  std::vector<CaseSource> cases;
  for (const std::string& source : sources) {
    if (source.rfind("gen:", 0) == 0 || source.rfind("gen/", 0) == 0) {
      auto keys = gen::expandSuite(source, gen.seed, gen.count, gen.dtypes, gen.strategies, gen.graph_ops);
      if (!keys.ok()) {
        errors.push_back(strCat(source, ": error: ", keys.status().message()));
        continue;
      }
      for (const gen::CaseKey& key : *keys) {
        CaseSource cs;
        cs.id = key.id();
        cs.generated = cs.id;
        cs.suite_op = key.op;
        cs.suite_dtype = key.dtype;
        cases.push_back(std::move(cs));
      }
      continue;
    }
    if (source.rfind("sweep:", 0) == 0 || source.rfind("sweep/", 0) == 0) {
      auto chunks = sweepChunks(source);
      if (!chunks.ok()) {
        errors.push_back(strCat(source, ": error: ", chunks.status().message()));
        continue;
      }
      for (const SweepChunk& chunk : *chunks) {
        CaseSource cs;
        cs.id = chunk.id();
        cs.generated = cs.id;
        cs.suite_op = chunk.op;
        cases.push_back(std::move(cs));
      }
      continue;
    }
    std::string path = source;
    // The named suites: `spec` is cases/ without its negative cases, `spec-invalid` is those alone.
    const bool spec = source == "spec", spec_invalid = source == "spec-invalid";
    if (spec || spec_invalid) path = specSuiteDir();
    std::error_code ec;
    std::vector<std::pair<std::string, std::string>> files;  // path, default id
    if (fs::is_directory(path, ec)) {
      fs::path root = fs::weakly_canonical(path, ec);
      std::string name = spec || spec_invalid ? source : root.filename().string();
      for (auto it = fs::recursive_directory_iterator(root, ec); !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
        if (!it->is_regular_file(ec) || it->path().extension() != ".mlir") continue;
        if ((spec || spec_invalid) && isNegativeCaseFile(it->path().filename().string()) != spec_invalid) continue;
        files.emplace_back(it->path().string(), strCat(name, "/", withoutExtension(fs::relative(it->path(), root, ec))));
      }
      std::sort(files.begin(), files.end());
    } else if (fs::is_regular_file(path, ec)) {
      fs::path p = fs::weakly_canonical(path, ec);
      files.emplace_back(p.string(), strCat(p.parent_path().filename().string(), "/", p.stem().string()));
    } else {
      errors.push_back(
          strCat(source, ": error: no such file, folder or suite (suites: spec, spec-invalid, gen:<op>, gen:all, sweep:<op>/<dtype>)"));
      continue;
    }
    for (auto& [file, default_id] : files) {
      auto text = readWhole(file);
      if (!text.ok()) {
        errors.push_back(std::string(text.status().message()));
        continue;
      }
      std::string id = declaredId(*text);
      if (id.empty()) id = default_id;
      std::string suite_op;
      for (std::string_view suite : {"spec/", "spec-invalid/"}) {
        if (id.rfind(suite, 0) != 0) continue;
        size_t slash = id.find('/', suite.size());
        if (slash != std::string::npos) suite_op = id.substr(suite.size(), slash - suite.size());
      }
      std::vector<SourceChunk> chunks = split_input_file ? splitInputFile(*text) : std::vector<SourceChunk>{{0, text->size()}};
      for (size_t c = 0; c < chunks.size(); ++c) {
        CaseSource cs;
        cs.id = chunks.size() > 1 ? strCat(id, "#", c + 1) : id;
        cs.path = file;
        cs.begin = chunks[c].begin;
        cs.end = chunks[c].end;
        cs.suite_op = suite_op;
        cases.push_back(std::move(cs));
      }
    }
  }
  // One case per ID: results, baselines and --resume key on (ID, backend), so two programs under one ID
  // would lose one of them. The same file named twice (a folder and a file in it) is one case; two files
  // that declare the same `// Case:` ID are an error naming both.
  std::vector<CaseSource> unique;
  absl::flat_hash_map<std::string, size_t> seen;
  for (CaseSource& c : cases) {
    auto [it, inserted] = seen.try_emplace(c.id, unique.size());
    if (inserted) {
      unique.push_back(std::move(c));
      continue;
    }
    const CaseSource& first = unique[it->second];
    std::error_code ec;
    const bool same_chunk = first.begin == c.begin && first.end == c.end && first.generated == c.generated &&
                            first.text == c.text &&
                            (first.path == c.path || std::filesystem::equivalent(first.path, c.path, ec));
    if (!same_chunk)
      errors.push_back(strCat(c.path.empty() ? c.id : c.path, ": error: the case ID '", c.id, "' is also ",
                              first.path.empty() ? std::string("a generated case") : strCat("the ID of ", first.path),
                              "; give one of them another `// Case:` line"));
  }
  return unique;
}

absl::StatusOr<std::string> caseText(const CaseSource& source) {
  if (!source.text.empty()) return source.text;
  if (source.generated.empty()) return readWhole(source.path);
  ASSIGN_OR_RETURN(auto key, gen::parseCaseId(source.generated));
  ASSIGN_OR_RETURN(auto generated, gen::generateCase(key));
  if (!generated.skipped.empty()) {
    return absl::UnimplementedError(strCat("the generator skipped this case: ", generated.skipped));
  }
  return std::move(generated.text);
}

std::string caseDescription(std::string_view chunk) {
  std::string description;
  for (std::string_view line : indentedLines(chunk)) {
    if (line.empty()) continue;
    if (!line.starts_with("//")) break;  // the comments that open the chunk only
    line.remove_prefix(2);
    while (!line.empty() && line.front() == ' ') line.remove_prefix(1);
    while (!line.empty() && (line.back() == ' ' || line.back() == '\r')) line.remove_suffix(1);
    if (line.empty() || line.starts_with("Case:") || line.starts_with("Generated by") || line.find("reproduce:") != std::string_view::npos)
      continue;
    strAppend(&description, description.empty() ? "" : " ", line);
  }
  return description;
}

bool isNegativeCaseFile(std::string_view file_name) { return file_name.starts_with("invalid-") && file_name.ends_with(".mlir"); }

namespace {

// The element type a negative case is about: that of the first tensor operand (else result) of the first op
// its first named constraint is about; "" when there is none.
std::string negativeCaseElementType(const Module& module, std::string_view constraint) {
  const std::string_view op = constraint.substr(0, constraint.find(' '));
  const std::string name = op.find('.') == std::string_view::npos ? strCat("stablehlo.", op) : std::string(op);
  std::string label;
  std::function<void(const Operation&)> walk = [&](const Operation& o) {
    if (!label.empty()) return;
    if (o.name == name) {
      for (const Value* v : o.operands)
        if (label.empty() && v->type.isTensor()) label = elementTypeLabel(v->type);
      for (const auto& r : o.results)
        if (label.empty() && r->type.isTensor()) label = elementTypeLabel(r->type);
      return;
    }
    for (const Region& region : o.regions)
      for (const auto& block : region.blocks)
        for (const auto& inner : block->operations) walk(*inner);
  };
  walk(*module.op);
  return label;
}

// The op a formatted diagnostic is about, as reports name ops: "transpose" for "...: error: stablehlo.transpose
// (C2): ...", "func.call" for "...: error: func.call: ...".
std::string opOfDiagnostic(std::string_view diagnostic) {
  static constexpr std::string_view kError = ": error: ";
  const size_t at = diagnostic.find(kError);
  if (at == std::string_view::npos) return "";
  std::string_view op = diagnostic.substr(at + kError.size());
  op = op.substr(0, op.find_first_of(" :"));
  if (op.starts_with("stablehlo.")) op.remove_prefix(10);
  return std::string(op);
}

}  // namespace

PreparedCase prepareCase(const CaseSource& source, const GoldenCache& cache, double timeout_seconds) {
  PreparedCase prepared;
  if (source.generated.rfind("sweep/", 0) == 0) return prepareSweepChunk(source.generated, timeout_seconds);
  absl::StatusOr<std::string> text = caseText(source);
  const std::string path = !source.text.empty() ? source.id : source.generated.empty() ? source.path : source.generated;
  if (!text.ok()) {
    prepared.status = text.status();
    return prepared;
  }
  size_t end = std::min(source.end, text->size());
  std::string_view chunk = std::string_view(*text).substr(source.begin, end - source.begin);
  // "verified": entries of hloconf versions that stored goldens of programs without verifying them first
  // are not found.
  std::string key = contentHash(strCat(chunk, "\n//verified\n//reference ", HLOCONF_REFERENCE_VERSION));
  const std::string description = caseDescription(chunk);
  absl::StatusOr<std::vector<ExpectedConstraint>> expect_invalid = parseExpectInvalid(path, *text, source.begin, end);
  if (!expect_invalid.ok()) {
    prepared.status = expect_invalid.status();
    return prepared;
  }
  prepared.expect_invalid = constraintNames(*expect_invalid);
  // A negative case is never cached: it has no golden, and the verifier's verdict must be today's.
  if (!prepared.negative() && loadCached(cache, key, chunk, prepared)) {
    prepared.description = description;
    if (!source.suite_op.empty()) prepared.lowered.op = source.suite_op;
    if (!source.suite_dtype.empty()) prepared.lowered.element_type = source.suite_dtype;
    return prepared;
  }
  prepared.description = description;
  auto module = parseModule(*text, path, source.begin, end);
  if (!module.ok()) {
    prepared.status = module.status();
    return prepared;
  }
  // The static verifier first: an invalid program is neither lowered nor evaluated, and not cached.
  for (const VerifierDiagnostic& d : verifyModule(*module).diagnostics)
    prepared.invalid.push_back(formatVerifierDiagnostic(*module, *text, d));
  if (prepared.negative()) {
    // Sent to backends as written (generic form) in a verify request: lowering expects a valid program.
    prepared.lowered.op = !source.suite_op.empty() ? source.suite_op : prepared.expect_invalid.front().substr(0, prepared.expect_invalid.front().find(' '));
    prepared.lowered.element_type = negativeCaseElementType(*module, prepared.expect_invalid.front());
    prepared.lowered.mlir = printModule(*module);
    prepared.status = attachProgram(prepared);
    return prepared;
  }
  if (!prepared.invalid.empty()) {
    prepared.status = absl::FailedPreconditionError(prepared.invalid.front());
    prepared.lowered.op = !source.suite_op.empty() ? source.suite_op : opOfDiagnostic(prepared.invalid.front());
    return prepared;
  }
  auto lowered = lowerCase(*module, *text);
  if (!lowered.ok()) {
    prepared.status = lowered.status();
    storeCached(cache, key, chunk, prepared);
    return prepared;
  }
  prepared.lowered = std::move(*lowered);
  if (absl::Status s = attachProgram(prepared); !s.ok()) {
    prepared.status = s;
    return prepared;
  }
  prepared.status = computeGolden(prepared, timeout_seconds);
  if (!prepared.status.ok()) {
    storeCached(cache, key, chunk, prepared);
    return prepared;
  }
  if (!source.suite_op.empty()) prepared.lowered.op = source.suite_op;
  if (!source.suite_dtype.empty()) prepared.lowered.element_type = source.suite_dtype;
  storeCached(cache, key, chunk, prepared);
  return prepared;
}

std::string contentHash(std::string_view data) {
  uint64_t a = 0xcbf29ce484222325ULL, b = 0x84222325cbf29ce4ULL;
  for (unsigned char c : data) {
    a = (a ^ c) * 0x100000001b3ULL;
    b = (b ^ c ^ (b >> 29)) * 0x9E3779B97F4A7C15ULL;
  }
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  for (uint64_t lane : {a, b})
    for (int shift = 60; shift >= 0; shift -= 4) out += kHex[(lane >> shift) & 15];
  return out;
}

}  // namespace hloconf
