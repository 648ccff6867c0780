#include "harness/runner.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <set>

#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "golden/cases.h"
#include "ir/element_type.h"
#include "ir/expect_invalid.h"
#include "ir/op_schema.h"
#include "ir/parser.h"
#include "ir/status_macros.h"
#include "ir/strings.h"
#include "reference/evaluate.h"
#include "nlohmann/json.hpp"


namespace hloconf {
namespace fs = std::filesystem;

std::string shellQuote(const std::string& s) {
  if (!s.empty() && s.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-./:=@%+,#") == std::string::npos)
    return s;
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}
using reports::CaseResult;
using reports::Status;

namespace {

void walkOps(const Operation& op, const std::function<void(const Operation&)>& fn) {
  fn(op);
  for (const Region& region : op.regions)
    for (const auto& block : region.blocks)
      for (const auto& inner : block->operations) walkOps(*inner, fn);
}

// The first op or element type of the program that the backend's handshake leaves out, or "".
std::string undeclared(const Module& program, const adapters::Capabilities& caps) {
  std::string missing;
  walkOps(*program.op, [&](const Operation& op) {
    if (!missing.empty()) return;
    // Module structure every backend takes: functions, calls and terminators.
    const bool structural = op.id == OpId::kBuiltinModule || op.id == OpId::kFuncFunc || op.id == OpId::kFuncCall ||
                            schemaOf(op.id).has(traits::kTerminator);
    if (!structural && !caps.supportsOp(op.name)) {
      missing = strCat("the backend does not support ", op.name, " (per its handshake)");
      return;
    }
    auto check = [&](const Type& t) {
      if (!missing.empty() || !t.isTensor()) return;
      std::string label = elementTypeLabel(t);
      if (!caps.supportsElementType(label))
        missing = strCat("the backend does not support element type ", label, " (per its handshake)");
    };
    for (const Value* v : op.operands) check(v->type);
    for (const auto& r : op.results) check(r->type);
  });
  return missing;
}


// A command that runs as printed from any directory: this binary's absolute path, the case file's
// absolute path (a generated case is its ID), and the backend flags (with --adapters-dir and --profile
// where the run needed them: BackendFactory::repro_flag).
std::string reproCommand(const CaseSource& source, const std::string& repro_flag) {
  static const std::string binary = [] {
    std::error_code ec;
    const fs::path self = fs::read_symlink("/proc/self/exe", ec);
    return ec || self.empty() ? std::string("hloconf") : self.string();
  }();
  std::string where = source.generated;
  if (where.empty()) {
    std::error_code ec;
    const fs::path absolute = fs::absolute(source.path, ec);
    where = ec ? source.path : absolute.lexically_normal().string();
  }
  return strCat(shellQuote(binary), " repro ", shellQuote(source.id), " ", repro_flag, " ", shellQuote(where));
}

using reports::elementBits;

// For an elementwise case (every input has the output's element count), the inputs at the worst element,
// decoded and as bits: what a reader needs to recompute it. Empty otherwise.
std::string inputsAtWorst(const PreparedCase& prepared, const CaseResult& result) {
  if (result.worst.empty() || prepared.lowered.inputs.empty()) return "";
  const reports::ElementDiff& worst = result.worst.front();
  const size_t output = static_cast<size_t>(worst.output);
  if (output >= prepared.golden.size()) return "";
  const int64_t n = prepared.golden[output].value.numElements();
  std::string text;
  for (const Tensor& input : prepared.lowered.inputs) {
    if (input.numElements() != n || worst.index < 0 || worst.index >= n) return "";
    strAppend(&text, text.empty() ? "" : ", ", reports::valueText(input, worst.index), " (", elementBits(input, worst.index), ")");
  }
  return text;
}

// Where two replies' outputs first differ: {output, element}, or {-1, -1} when they are bit-identical.
// A different count, type or size of outputs is a difference at element 0 of the first such output.
std::pair<int, int64_t> firstDifference(const std::vector<Tensor>& a, const std::vector<Tensor>& b) {
  if (a.size() != b.size()) return {static_cast<int>(std::min(a.size(), b.size())), 0};
  for (size_t k = 0; k < a.size(); ++k) {
    if (a[k] == b[k]) continue;
    if (!(a[k].type() == b[k].type()) || a[k].bytes().size() != b[k].bytes().size() || a[k].elementBytes() <= 0)
      return {static_cast<int>(k), 0};
    const size_t width = static_cast<size_t>(a[k].elementBytes());
    for (size_t i = 0; i < a[k].bytes().size(); ++i)
      if (a[k].bytes()[i] != b[k].bytes()[i]) return {static_cast<int>(k), static_cast<int64_t>(i / width)};
  }
  return {-1, -1};
}

void recordInputs(const PreparedCase& prepared, CaseResult& result) {
  for (const Tensor& t : prepared.lowered.inputs) {
    reports::InputRecord r;
    r.type = t.type().toString();
    r.hex = bytesToHex(t.bytes(), reports::kMaxInputHexBytes);
    r.truncated = t.bytes().size() > reports::kMaxInputHexBytes;
    result.inputs.push_back(std::move(r));
  }
}

}  // namespace

std::vector<std::string> defaultAdapterDirs() {
  std::vector<std::string> dirs;
  if (const char* env = std::getenv("HLOCONF_ADAPTERS_DIR"); env && *env) dirs.push_back(env);
  // Never the current directory: a folder that holds adapters/NAME/adapter.json (a checkout, a download)
  // would run its own command under the name the user meant for the installed adapter. `--adapters-dir
  // adapters` asks for it. (sourceTreeDir answers the relative "adapters" when it finds no tree.)
  if (std::string installed = sourceTreeDir("adapters", "PROTOCOL.md"); fs::path(installed).is_absolute())
    dirs.push_back(installed);
  return dirs;
}

absl::StatusOr<BackendFactory> backendByName(const std::string& name, const std::vector<std::string>& adapter_dirs,
                                             const std::string& work_dir, const std::string& log_dir, double handshake_seconds) {
  if (name == "reference")
    return BackendFactory{name, [] { return adapters::makeReferenceBackend(); }, "--backend reference", true};
  if (name == "cpu") return BackendFactory{name, [] { return adapters::makeCpuBackend(); }, "--backend cpu"};
  if (name == "cuda") return BackendFactory{name, [] { return adapters::makeCudaBackend(); }, "--backend cuda"};
  ASSIGN_OR_RETURN(auto spec, adapters::findAdapter(name, adapter_dirs));
  spec.work_dir = work_dir;
  spec.log_dir = log_dir;
  spec.handshake_seconds = handshake_seconds;
  adapters::ExternalSpec s = spec;
  // The repro names the adapters folder the adapter was found in, absolute, so that it runs from anywhere.
  std::string repro = strCat("--backend ", shellQuote(name));
  for (const std::string& dir : adapter_dirs) {
    std::error_code ec;
    if (!fs::is_regular_file(fs::path(dir) / name / "adapter.json", ec)) continue;
    const fs::path absolute = fs::absolute(dir, ec);
    strAppend(&repro, " --adapters-dir ", shellQuote(ec ? dir : absolute.lexically_normal().string()));
    break;
  }
  BackendFactory factory{name, [s] { return adapters::makeExternalBackend(s); }, repro};
  factory.adapter_json = spec.adapter_json;
  return factory;
}

absl::StatusOr<BackendFactory> backendFromCommand(const std::string& command_line, const std::string& work_dir,
                                                  const std::string& log_dir, double handshake_seconds) {
  ASSIGN_OR_RETURN(auto spec, adapters::specFromCommand("", command_line));
  // Named after the program, or the script an interpreter runs (its options skipped: `python3 -u x.py` is
  // x.py, `python3 -m pkg` is pkg, and `sh -c '...'` is sh).
  std::string name;
  if (!spec.argv.empty()) {
    const std::string program = fs::path(spec.argv[0]).filename().string();
    name = program;
    const bool interpreter = program.rfind("python", 0) == 0 || program == "sh" || program == "bash" || program == "node";
    for (size_t i = 1; interpreter && i < spec.argv.size(); ++i) {
      const std::string& arg = spec.argv[i];
      if (arg == "-c" || arg == "-e") break;  // inline code: the interpreter's name
      if (arg == "-m" && i + 1 < spec.argv.size()) {
        name = spec.argv[i + 1];
        break;
      }
      if (arg.empty() || arg[0] == '-') continue;
      name = fs::path(arg).filename().string();
      break;
    }
  }
  spec.name = name;
  spec.work_dir = work_dir;
  spec.log_dir = log_dir;
  spec.handshake_seconds = handshake_seconds;
  adapters::ExternalSpec s = spec;
  return BackendFactory{name, [s] { return adapters::makeExternalBackend(s); }, strCat("--backend-cmd ", shellQuote(command_line))};
}

bool BaselineEntry::isGlob() const { return id.find_first_of("*?[") != std::string::npos; }

bool BaselineEntry::matches(const std::string& case_backend, const std::string& case_id) const {
  return backend == case_backend && (isGlob() ? globMatch(id, case_id) : id == case_id);
}

void Baseline::index() {
  exact_.clear();
  globs_.clear();
  for (size_t i = 0; i < entries.size(); ++i) {
    if (entries[i].isGlob()) globs_.push_back(i);
    else exact_.try_emplace(std::make_pair(entries[i].backend, entries[i].id), i);  // the first one wins
  }
}

const BaselineEntry* Baseline::find(const std::string& backend, const std::string& id) const {
  if (auto it = exact_.find(std::make_pair(backend, id)); it != exact_.end()) return &entries[it->second];
  for (size_t i : globs_)
    if (entries[i].matches(backend, id)) return &entries[i];
  return nullptr;
}

namespace {

// The status class a baseline entry stands for: a wrong value, or a backend that broke.
bool brokeClass(Status s) { return s == Status::kCrash || s == Status::kTimeout || s == Status::kError; }
bool entryCovers(const BaselineEntry& e, Status result) {
  if (!e.status) return reports::isFailure(result);
  const Status known = *e.status;
  if (result == Status::kFlaky) return known == Status::kFlaky;
  if (result == Status::kFail) return known == Status::kFail || known == Status::kFlaky;
  if (brokeClass(result)) return brokeClass(known);
  if (result == Status::kInvalid) return known == Status::kInvalid;  // a known invalid program, nothing else
  return false;
}

constexpr char kKnownPrefix[] = "known failure (baseline): ";

// The status a result had before the baseline made it XFAIL (applyBaseline's message keeps it).
Status originalStatus(const CaseResult& r) {
  if (r.status != Status::kXFail || r.message.rfind(kKnownPrefix, 0) != 0) return r.status;
  const std::string rest = r.message.substr(sizeof kKnownPrefix - 1);
  std::optional<Status> s = reports::parseStatus(rest.substr(0, rest.find(':')));
  return s.value_or(Status::kFail);
}
std::string originalMessage(const CaseResult& r) {
  if (r.status != Status::kXFail || r.message.rfind(kKnownPrefix, 0) != 0) return r.message;
  const std::string rest = r.message.substr(sizeof kKnownPrefix - 1);
  const size_t colon = rest.find(": ");
  return colon == std::string::npos ? rest : rest.substr(colon + 2);
}

std::string ulpText(double ulp) {
  char text[32];
  std::snprintf(text, sizeof text, "%.6g", ulp);
  return text;
}

}  // namespace

absl::StatusOr<Baseline> readBaseline(const std::string& path) {
  std::ifstream in(path);
  if (!in) return absl::NotFoundError(strCat(path, ": error: cannot open the baseline file"));
  nlohmann::json j = nlohmann::json::parse(in, nullptr, false);
  if (j.is_discarded() || !j.is_object() || !j.contains("known_failures") || !j["known_failures"].is_array())
    return absl::InvalidArgumentError(strCat(path, ": error: not a baseline file: expected {\"hloconf_baseline\": 1, "
                                             "\"known_failures\": [{\"id\": ..., \"backend\": ...}]} (hloconf run --write-baseline writes one)"));
  Baseline b;
  size_t index = 0;
  for (const auto& e : j["known_failures"]) {
    ++index;
    if (!e.is_object() || !e.contains("id") || !e["id"].is_string())
      return absl::InvalidArgumentError(strCat(path, ": error: known_failures entry ", index, " has no string \"id\""));
    BaselineEntry entry;
    entry.fields = e;
    entry.id = e["id"].get<std::string>();
    entry.backend = e.contains("backend") && e["backend"].is_string() ? e["backend"].get<std::string>() : "reference";
    if (e.contains("status")) {
      std::optional<Status> status = e["status"].is_string() ? reports::parseStatus(e["status"].get<std::string>()) : std::nullopt;
      if (!status || !(reports::isFailure(*status) || *status == Status::kXFail))
        return absl::InvalidArgumentError(strCat(path, ": error: known_failures entry ", index, " (", entry.id, "): \"status\" must be FAIL, ",
                                                 "CRASH, TIMEOUT, ERROR or FLAKY, not ", e["status"].dump()));
      // An XFAIL written by an older hloconf stands for some failure.
      if (*status != Status::kXFail) entry.status = status;
    }
    if (e.contains("max_ulp")) {
      const nlohmann::json& m = e["max_ulp"];
      if (m.is_number() && m.get<double>() >= 0) entry.max_ulp = m.get<double>();
      else if (m == "inf") entry.max_ulp = INFINITY;
      else return absl::InvalidArgumentError(strCat(path, ": error: known_failures entry ", index, " (", entry.id,
                                                    "): \"max_ulp\" must be a number >= 0 or \"inf\", not ", m.dump()));
    }
    b.entries.push_back(std::move(entry));
  }
  b.index();
  return b;
}

absl::Status writeBaseline(const std::string& path, const std::vector<CaseResult>& results, const Baseline* previous) {
  nlohmann::json list = nlohmann::json::array();
  std::set<const BaselineEntry*> globs_written;
  for (const CaseResult& r : results) {
    // Known failures stay known (XFAIL); new failures join.
    if (!reports::isFailure(r.status) && r.status != Status::kXFail) continue;
    const BaselineEntry* old = previous ? previous->find(r.backend, r.id) : nullptr;
    if (old && old->isGlob()) {
      if (globs_written.insert(old).second) list.push_back(old->fields);
      continue;
    }
    nlohmann::json entry = old ? old->fields : nlohmann::json::object();
    const Status status = originalStatus(r);
    entry["id"] = r.id;
    entry["backend"] = r.backend;
    entry["status"] = std::string(reports::statusName(status));
    // JSON has no infinity: an infinite distance (a NaN or infinity where a number was expected) is "inf".
    if (status == Status::kFail && r.max_ulp >= 0) entry["max_ulp"] = std::isfinite(r.max_ulp) ? nlohmann::json(r.max_ulp) : nlohmann::json("inf");
    else entry.erase("max_ulp");
    entry["message"] = originalMessage(r);
    list.push_back(std::move(entry));
  }
  std::ofstream out(path, std::ios::trunc);
  out << nlohmann::json({{"hloconf_baseline", 1}, {"known_failures", list}}).dump(1, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
  if (!out) return absl::InternalError(strCat(path, ": error: cannot write the baseline file"));
  return absl::OkStatus();
}

void applyBaseline(const Baseline& baseline, CaseResult& result) {
  const BaselineEntry* entry = baseline.find(result.backend, result.id);
  if (!entry) return;
  if (result.status == Status::kPass || result.status == Status::kImplDefined) {
    // A glob names cases that may fail, not each one that does: a match that passes is no news (`hloconf
    // baseline` reports the glob stale once all its matches pass).
    if (entry->isGlob()) return;
    result.message = "listed as a known failure in the baseline, but it passed: remove it from the baseline";
    result.status = Status::kXPass;
    return;
  }
  if (!reports::isFailure(result.status)) return;
  const std::string known = entry->status ? std::string(reports::statusName(*entry->status)) : std::string("a failure");
  if (!entryCovers(*entry, result.status)) {
    // A known wrong value that now crashes (or a known crash that now computes a wrong value) is news.
    result.message = strCat("the baseline lists it as ", known, ", now ", reports::statusName(result.status), ": ", result.message);
    return;
  }
  if (result.status == Status::kFail && entry->max_ulp >= 0 && result.max_ulp > entry->max_ulp) {
    result.message = strCat("known failure grew past its baseline (", ulpText(result.max_ulp), " ULP > ", ulpText(entry->max_ulp),
                            " ULP): ", result.message);
    return;
  }
  result.message = strCat(kKnownPrefix, reports::statusName(result.status), ": ", result.message);
  result.status = Status::kXFail;
}

CaseResult selfCheckResult(const CaseSource& source, const PreparedCase& prepared, double timeout_seconds) {
  CaseResult r = unpreparedResult(source, prepared, "reference");
  r.rule = "self-check";
  r.repro = reproCommand(source, "--backend reference");
  auto text = caseText(source);
  if (!text.ok()) {
    r.status = Status::kError;
    r.message = std::string(text.status().message());
    return r;
  }
  auto module = parseModule(*text, source.generated.empty() ? source.path : source.generated, source.begin, std::min(source.end, text->size()));
  const Operation* main = module.ok() ? module->findFunction("main") : nullptr;
  if (!module.ok()) {
    r.status = Status::kError;
    r.message = std::string(module.status().message());
    return r;
  }
  if (!main) return r;  // UNSUPPORTED with the lowering's reason
  if (!main->regions.empty() && !main->regions[0].blocks.empty() && !main->regions[0].blocks.front()->arguments.empty())
    return r;  // UNSUPPORTED with the lowering's reason: the case needs inputs from outside
  ref::EvalOptions options;
  options.deadline = ref::deadlineAfter(timeout_seconds);
  auto started = std::chrono::steady_clock::now();
  ref::FunctionRun run = ref::evaluateFunction(*module, *text, *main, {}, 0, 0, options);
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  if (!run.status.ok()) {
    r.status = run.status.code() == absl::StatusCode::kUnimplemented      ? Status::kUnsupported
               : run.status.code() == absl::StatusCode::kDeadlineExceeded ? Status::kTimeout
                                                                          : Status::kError;
    r.message = std::string(run.status.message());
    return r;
  }
  int64_t failed = 0;
  for (const ref::CheckResult& c : run.checks)
    if (!c.passed && failed++ == 0)
      r.message = strCat(c.location, c.process.empty() ? "" : strCat(" (process ", c.process, ")"), ": ", c.op, ": ", c.message);
  r.status = failed ? Status::kFail : Status::kPass;
  if (!failed) r.message = strCat(run.checks.size(), " check(s) of the case passed (it cannot be lowered: ", prepared.status.message(), ")");
  return r;
}

CaseResult unpreparedResult(const CaseSource& source, const PreparedCase& prepared, const std::string& backend) {
  CaseResult r;
  r.id = source.id;
  r.backend = backend;
  r.op = !source.suite_op.empty() ? source.suite_op : prepared.lowered.op;
  r.element_type = prepared.lowered.element_type;
  r.description = prepared.description;
  r.expect_invalid = prepared.expect_invalid;
  bool unsupported = prepared.status.code() == absl::StatusCode::kUnimplemented;
  r.status = unsupported ? Status::kUnsupported : Status::kError;
  // The reference's own time limit is the harness's problem (ERROR), named apart from its other errors.
  r.rule = unsupported ? "harness" : prepared.status.code() == absl::StatusCode::kDeadlineExceeded ? "reference timeout" : "harness error";
  r.message = std::string(prepared.status.message());
  if (!prepared.invalid.empty() && !prepared.negative()) {
    r.status = Status::kInvalid;
    r.rule = "verifier";
    r.message = prepared.invalid.front();
    if (prepared.invalid.size() > 1) strAppend(&r.message, " (and ", prepared.invalid.size() - 1, " more: hloconf verify)");
  }
  return r;
}

std::optional<CaseResult> negativeCaseError(const CaseSource& source, const PreparedCase& prepared, const std::string& backend) {
  const std::string problem = negativeCaseProblem(prepared.expect_invalid, prepared.invalid);
  if (problem.empty()) return std::nullopt;
  CaseResult r = unpreparedResult(source, prepared, backend);
  r.status = Status::kError;
  r.rule = "negative case";
  r.message = problem;
  return r;
}

CaseResult verifyCaseOnBackend(const CaseSource& source, const PreparedCase& prepared, adapters::Backend& backend,
                               const adapters::BackendInfo& info, double timeout_seconds, const std::string& repro_flag) {
  CaseResult r = unpreparedResult(source, prepared, info.name);
  r.repro = reproCommand(source, repro_flag);
  r.rule = "verify";
  std::string constraints;  // "dot_general (C10)", as the spec labels it
  for (const std::string& c : prepared.expect_invalid) {
    const size_t space = c.find(' ');
    strAppend(&constraints, constraints.empty() ? "" : ", ",
              space == std::string::npos ? c : strCat(c.substr(0, space), " (", c.substr(space + 1), ")"));
  }
  // A backend whose handshake leaves out the op is not asked: its refusal would say nothing about the rule.
  const std::string op = prepared.lowered.op.find('.') == std::string::npos ? strCat("stablehlo.", prepared.lowered.op) : prepared.lowered.op;
  if (!info.capabilities.supportsOp(op)) {
    r.status = Status::kUnsupported;
    r.rule = "handshake";
    r.verify = std::string(CaseResult::kVerifyNotAsked);
    r.message = strCat("not asked: the backend does not support ", op, " (per its handshake)");
    return r;
  }
  adapters::Request request;
  request.case_id = source.id;
  request.mlir = prepared.lowered.mlir;
  request.ir = prepared.ir_json;
  request.timeout_seconds = timeout_seconds;
  const adapters::VerifyReply reply = backend.verify(request);
  r.seconds = reply.seconds;
  r.stderr_text = reply.log;
  const std::string said = reply.message.empty() ? std::string() : strCat(": ", reply.message);
  switch (reply.kind) {
    case adapters::VerifyReply::Kind::kRejected:
      r.status = Status::kPass;
      r.verify = std::string(CaseResult::kVerifyRejected);
      r.message = strCat("rejected a program that breaks ", constraints, said);
      break;
    case adapters::VerifyReply::Kind::kAccepted:
      r.status = Status::kFail;
      r.verify = std::string(CaseResult::kVerifyAccepted);
      r.message = strCat("accepts a program the spec forbids: ", constraints, said);
      break;
    case adapters::VerifyReply::Kind::kNotAsked:
      r.status = Status::kUnsupported;
      r.verify = std::string(CaseResult::kVerifyNotAsked);
      r.message = strCat("not asked: ", reply.message);
      break;
    case adapters::VerifyReply::Kind::kError:
      r.status = Status::kError;
      r.rule = "backend error";
      r.message = reply.message;
      break;
    case adapters::VerifyReply::Kind::kCrash:
      r.status = Status::kCrash;
      r.rule = "backend crashed";
      r.message = reply.message;
      break;
    case adapters::VerifyReply::Kind::kTimeout:
      r.status = Status::kTimeout;
      r.rule = absl::StrFormat("timeout %g s", timeout_seconds);
      r.message = reply.message;
      break;
  }
  return r;
}

CaseResult runCaseOnBackend(const CaseSource& source, const PreparedCase& prepared, adapters::Backend& backend,
                            const adapters::BackendInfo& info, const reports::Profile& profile, double timeout_seconds,
                            const std::string& repro_flag, int repeats) {
  CaseResult r;
  r.id = source.id;
  r.backend = info.name;
  r.op = prepared.lowered.op;
  r.element_type = prepared.lowered.element_type;
  r.repro = reproCommand(source, repro_flag);
  r.description = prepared.description;
  recordInputs(prepared, r);
  if (std::string missing = undeclared(*prepared.program, info.capabilities); !missing.empty()) {
    r.status = Status::kUnsupported;
    r.rule = "handshake";
    r.message = missing;
    return r;
  }
  adapters::Request request;
  request.case_id = source.id;
  request.mlir = prepared.lowered.mlir;
  request.ir = prepared.ir_json;
  request.inputs = prepared.lowered.inputs;
  for (uint32_t p = 0; p < prepared.lowered.replicas * prepared.lowered.partitions; ++p)
    for (const Type& t : prepared.lowered.result_types) request.result_types.push_back(t);
  request.num_replicas = prepared.lowered.replicas;
  request.num_partitions = prepared.lowered.partitions;
  request.timeout_seconds = timeout_seconds;
  request.infeed = prepared.lowered.infeed;
  repeats = std::max(1, repeats);
  r.repeats = repeats;
  adapters::Reply reply;
  // --repeat N: every run's outputs, when each run answered outputs (else the first other reply decides).
  std::vector<std::vector<Tensor>> runs;
  double seconds = 0;
  std::string log;
  for (int k = 0; k < repeats; ++k) {
    reply = backend.run(request);
    seconds += reply.seconds;
    if (!reply.log.empty()) log += (log.empty() ? "" : "\n") + reply.log;
    if (reply.kind != adapters::Reply::Kind::kOutputs) break;
    runs.push_back(std::move(reply.outputs));
  }
  r.seconds = seconds;
  r.stderr_text = std::move(log);  // this case's slice of the backend's stderr
  switch (reply.kind) {
    case adapters::Reply::Kind::kOutputs: {
      reports::compareOutputs(prepared.golden, runs.front(), profile, r);
      if (r.status == Status::kFail)
        if (std::string inputs = inputsAtWorst(prepared, r); !inputs.empty()) r.message += strCat("; inputs there: ", inputs);
      // The first run that differs from the first one, and where.
      size_t other = 0;
      std::pair<int, int64_t> where{-1, -1};
      for (size_t k = 1; k < runs.size() && where.first < 0; ++k)
        if ((where = firstDifference(runs.front(), runs[k])).first >= 0) other = k;
      if (where.first < 0) return r;  // bit-identical: judged once
      // How many runs pass the comparison, and the distinct bits of the element seen over the runs.
      int passed = 0;
      std::vector<std::string> distinct;
      for (const std::vector<Tensor>& outputs : runs) {
        CaseResult judged;
        reports::compareOutputs(prepared.golden, outputs, profile, judged);
        passed += judged.status == Status::kPass || judged.status == Status::kImplDefined;
        const size_t k = static_cast<size_t>(where.first);
        std::string bits = k < outputs.size() && where.second < outputs[k].numElements()
                               ? elementBits(outputs[k], where.second)
                               : std::string("(missing)");
        if (std::find(distinct.begin(), distinct.end(), bits) == distinct.end()) distinct.push_back(bits);
      }
      r.status = Status::kFlaky;
      r.rule = strCat("repeat ", repeats);
      r.message = strCat("outputs differ between ", repeats, " identical runs: run ", other + 1, " differs from run 1 at output ",
                         where.first, " element ", where.second, "; ", distinct.size(), " distinct value(s) there: ",
                         absl::StrJoin(distinct, ", "), "; ", passed, " of ", repeats, " run(s) passed the comparison, ",
                         repeats - passed, " failed");
      return r;
    }
    case adapters::Reply::Kind::kUnsupported:
      r.status = Status::kUnsupported;
      r.rule = "backend";
      break;
    case adapters::Reply::Kind::kError:
      r.status = Status::kError;
      r.rule = "backend error";
      break;
    case adapters::Reply::Kind::kCrash:
      r.status = Status::kCrash;
      r.rule = "backend crashed";
      break;
    case adapters::Reply::Kind::kTimeout:
      r.status = Status::kTimeout;
      r.rule = absl::StrFormat("timeout %g s", timeout_seconds);
      break;
  }
  r.message = reply.message;
  return r;
}

absl::StatusOr<Shard> resolveShard(const std::string& flag) {
  auto parse = [](const std::string& text, int& out) {
    if (text.empty() || text.size() > 6 || text.find_first_not_of("0123456789") != std::string::npos) return false;
    out = std::stoi(text);
    return true;
  };
  Shard shard;
  if (!flag.empty()) {
    size_t slash = flag.find('/');
    int i = 0, n = 0;
    if (slash == std::string::npos || !parse(flag.substr(0, slash), i) || !parse(flag.substr(slash + 1), n) || n < 1 ||
        i < 1 || i > n)
      return absl::InvalidArgumentError(strCat("--shard ", flag, ": expected I/N with 1 <= I <= N, e.g. --shard 2/4"));
    return Shard{i - 1, n};
  }
  auto env = [](const char* name) -> std::string {
    const char* v = std::getenv(name);
    return v ? v : "";
  };
  const std::pair<const char*, const char*> kVariables[] = {
      {"GTEST_SHARD_INDEX", "GTEST_TOTAL_SHARDS"},
      {"TEST_SHARD_INDEX", "TEST_TOTAL_SHARDS"},
      {"JOB_COMPLETION_INDEX", "HLOCONF_TOTAL_SHARDS"},
  };
  for (auto [index_var, total_var] : kVariables) {
    std::string index = env(index_var), total = env(total_var);
    if (index.empty() && total.empty()) continue;
    int i = 0, n = 0;
    if (!parse(index, i) || !parse(total, n) || n < 1 || i >= n)
      return absl::InvalidArgumentError(strCat(index_var, "=", index, " ", total_var, "=", total,
                                               ": expected 0 <= index < total (set both, or pass --shard I/N)"));
    if (std::string status_file = env("TEST_SHARD_STATUS_FILE"); !status_file.empty() && index_var[0] == 'T')
      std::ofstream(status_file, std::ios::app);  // Bazel: "this test runner knows about sharding"
    return Shard{i, n};
  }
  return shard;
}

bool inShard(const std::string& case_id, const Shard& shard) {
  if (shard.count <= 1) return true;
  uint64_t h = 0xcbf29ce484222325ULL;
  for (unsigned char c : case_id) h = (h ^ c) * 0x100000001b3ULL;
  return static_cast<int>(h % static_cast<uint64_t>(shard.count)) == shard.index;
}


}  // namespace hloconf
