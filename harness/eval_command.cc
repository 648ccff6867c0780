// `hloconf eval`: evaluate StableHLO programs with the reference evaluator, print results, run checks.
#include <cstdio>
#include <filesystem>
#include <new>
#include <optional>
#include <string>
#include <system_error>
#include <vector>

#include "golden/cases.h"
#include "harness/commands.h"
#include "harness/options.h"
#include "golden/cases.h"
#include "ir/expect_invalid.h"
#include "ir/asm_parser.h"
#include "ir/attribute.h"
#include "ir/npy.h"
#include "ir/parser.h"
#include "ir/source_location.h"
#include "ir/status_macros.h"
#include "ir/strings.h"
#include "ir/verifier.h"
#include "reference/evaluate.h"
#include "reference/interpreter.h"
#include "reference/kernels.h"
#include "reference/process.h"

namespace hloconf {

const char kEvalUsage[] =
    "usage: hloconf eval [options] FILES_OR_FOLDERS...\n\n"
    "Evaluates each module with the reference evaluator (correctly rounded MPFR/MPC golden values),\n"
    "prints the results like `stablehlo-translate --interpret`, and runs the check.* ops and\n"
    "custom_call @check.* targets. Folders are searched for *.mlir files.\n\n"
    "Which function runs: --function NAME; else @main; else every function that takes no arguments.\n\n"
    "options:\n"
    "  --function NAME      evaluate function @NAME\n"
    "  --arg LITERAL        an argument, e.g. --arg 'dense<[1.0, 2.0]> : tensor<2xf32>' (repeatable)\n"
    "  --args LITERALS      arguments separated by ';', or as an array like the upstream interpreter's\n"
    "                       --args=\"[dense<1> : tensor<2xi32>, dense<2> : tensor<2xi32>]\". Without\n"
    "                       them, a function that takes arguments gets those of the file's first\n"
    "                       `// RUN: ... --interpret --args=...` line (upstream lit tests)\n"
    "  --split-input-file   treat '// -----' lines as separators between independent modules\n"
    "  --replicas N, --partitions M\n"
    "                       run N x M processes (one thread each; default: the module's\n"
    "                       mhlo.num_replicas / mhlo.num_partitions), each evaluating the same function\n"
    "  --infeed FILE        one entry of the infeed queue (repeatable; entries are read in the order\n"
    "                       given, one per stablehlo.infeed, and shared by every process of the grid;\n"
    "                       each module evaluated starts from the whole queue). FILE is a .npy file\n"
    "                       (element type from its dtype), FILE.npy:TYPE to name the type (e.g.\n"
    "                       x.npy:tensor<2xbf16>), or a text file of tensor literals\n"
    "                       ('dense<[1, 2]> : tensor<2xi32>') separated by newlines or ';', which\n"
    "                       together form the entry's payload values\n"
    "  --outfeed-dir DIR    write each stablehlo.outfeed value to\n"
    "                       DIR/outfeed-<n>-r<replica>p<partition>-<k>.npy (n counts outfeed records\n"
    "                       over the whole command, k is the value's index in its record)\n"
    "  --hex                print every tensor as little-endian hex bits: dense<\"0x...\"> : type, in\n"
    "                       MLIR's layout, which parses back (tf32 in 3 bytes: docs/element-types.md)\n"
    "  --bounds             after each result that has one, print its per-element accumulation error\n"
    "                       bound (the |actual - golden| a conforming summation order may reach;\n"
    "                       docs/accumulation.md) and which elements are implementation-defined\n"
    "  --strict             expect_close allows 0 ULPs and expect_almost_eq no difference (to find\n"
    "                       golden values that are not correctly rounded)\n"
    "  --timeout S          stop each function's evaluation after S seconds (an error; default: none)\n"
    "  --memory-limit BYTES what one allocation may take (an option of every command: hloconf --help)\n"
    "  -q, --quiet          print only failures and the summary\n\n"
    "Output: per module a line '== PATH[#CHUNK] @FUNCTION', its results, its outfeed records as\n"
    "'outfeed N (replica R, partition P) value K: LITERAL', and each failed check as\n"
    "'PATH:LINE:COL: check failed: OP: ...' (first differing index, both values and bits, ULP distance).\n"
    "Ops the evaluator does not implement are reported as 'unsupported: <op>' and counted apart.\n"
    "Exit status: 0 when everything evaluated and every check passed; 1 when a check failed;\n"
    "2 when a module could not be evaluated (parse error, bad program, unsupported op) or on usage errors.\n";

absl::StatusOr<std::vector<Tensor>> parseTensorLiterals(const std::vector<std::string>& texts) {
  std::vector<Tensor> values;
  for (const std::string& text : texts) {
    AsmParser p("<--arg>", text, 0, text.size());
    Attr attr;
    absl::Status s = p.parseAttribute(attr);
    if (!s.ok()) return s;
    // `--args="[dense<1> : tensor<2xi32>, ...]"`, the upstream interpreter's form, is an array of them.
    std::vector<Attr> items = attr->kind() == Attribute::Kind::kArray ? attr->elements() : std::vector<Attr>{attr};
    for (const Attr& item : items) {
      if (item->kind() != Attribute::Kind::kDenseElements) {
        return absl::InvalidArgumentError(strCat("<--arg>: error: expected a tensor literal like 'dense<[1, 2]> : tensor<2xi32>', got '", text, "'"));
      }
      values.push_back(item->denseElements());
    }
  }
  return values;
}

namespace {

struct EvalOptions {
  std::string function;
  std::vector<std::string> args;
  bool split = false;
  bool hex = false;
  bool bounds = false;
  bool quiet = false;
  bool strict = false;
  uint32_t replicas = 0;    // 0: as the module declares
  uint32_t partitions = 0;
  std::vector<std::string> infeed_files;  // --infeed, in order
  std::string outfeed_dir;                // --outfeed-dir; empty: outfeed values are only printed
  double timeout = 0;                     // --timeout: seconds per function; 0: none
};

struct Totals {
  int modules = 0, evaluated = 0, unsupported = 0, errors = 0;
  int negative = 0;  // negative cases (`// expect-invalid:`) the verifier rejected for what they name
  int64_t checks = 0, failed_checks = 0;
  int64_t outfeed_records = 0;  // numbers the --outfeed-dir files over the whole command
};

// The hex blob in MLIR's raw layout, so that the text parses back to the same bits (tf32 takes three
// bytes there, four in our storage).
std::string hexText(const ref::RtValue& value) {
  if (!value.isTensor()) return ref::toString(value);
  const Tensor& t = value.tensor;
  std::string text = strCat(hexBlobLiteral(t), " : ", t.type().toString());
  if (!value.impl_defined.empty()) strAppend(&text, "  // ", value.implDefinedCount(), " implementation-defined element(s)");
  return text;
}

absl::StatusOr<std::vector<ref::RtValue>> parseArguments(const std::vector<std::string>& texts) {
  ASSIGN_OR_RETURN(std::vector<Tensor> tensors, parseTensorLiterals(texts));
  std::vector<ref::RtValue> values;
  for (Tensor& tensor : tensors) values.push_back(ref::RtValue::ofTensor(std::move(tensor)));
  return values;
}

// The arguments of an upstream lit test: the `--args=...` of the first `// RUN:` line that runs
// `--interpret` and does not expect a failure (`not ...`); nullopt when there is none.
std::optional<std::string> runLineArguments(std::string_view text) {
  for (std::string_view line : indentedLines(text)) {
    const size_t run = line.find("// RUN:");
    if (run == std::string_view::npos) continue;
    std::string_view command = line.substr(run + 7);
    while (!command.empty() && command.front() == ' ') command.remove_prefix(1);
    if (command.starts_with("not ") || command.find("--interpret") == std::string_view::npos) continue;
    const size_t at = command.find("--args=");
    if (at == std::string_view::npos) continue;
    std::string_view value = command.substr(at + 7);
    if (!value.empty() && (value.front() == '"' || value.front() == '\'')) {
      const char quote = value.front();
      const size_t close = value.find(quote, 1);
      if (close == std::string_view::npos) continue;
      return std::string(value.substr(1, close - 1));
    }
    return std::string(value.substr(0, value.find(' ')));
  }
  return std::nullopt;
}

// One --infeed entry: `PATH.npy`, `PATH.npy:TYPE`, or a text file of tensor literals separated by newlines or
// ';'. `source` is set to the file's path (for messages about the entry during evaluation).
absl::StatusOr<std::vector<ref::RtValue>> loadInfeedEntry(const std::string& spec, std::string& source) {
  std::string path = spec, type_text;
  if (const size_t colon = spec.find(":tensor<"); colon != std::string::npos) {
    path = spec.substr(0, colon);
    type_text = spec.substr(colon + 1);
  }
  source = path;
  ASSIGN_OR_RETURN(auto bytes, readFile(path));
  const bool npy = path.size() >= 4 && path.compare(path.size() - 4, 4, ".npy") == 0;
  if (npy) {
    auto decode = [&]() -> absl::StatusOr<Tensor> {
      if (type_text.empty()) return decodeNpyInferType(bytes, path);
      AsmParser p(strCat("<--infeed ", spec, ">"), type_text, 0, type_text.size());
      Type type;
      RETURN_IF_ERROR(p.parseType(type));
      if (!p.atEnd() || !type.isTensor() || !type.hasStaticShape()) {
        return absl::InvalidArgumentError(strCat(path, ": error: '", type_text, "' is not a static-shaped tensor type"));
      }
      return decodeNpy(bytes, type, path);
    };
    ASSIGN_OR_RETURN(auto tensor, decode());
    return std::vector<ref::RtValue>{ref::RtValue::ofTensor(std::move(tensor))};
  }
  if (!type_text.empty()) {
    return absl::InvalidArgumentError(strCat(path, ": error: a type (':", type_text, "') can only be given for a .npy file"));
  }
  std::vector<ref::RtValue> values;
  AsmParser p(path, bytes, 0, bytes.size());
  for (;;) {
    while (p.consumeIf(";")) {
    }
    if (p.atEnd()) break;
    Attr attr;
    RETURN_IF_ERROR(p.parseAttribute(attr));
    if (attr->kind() != Attribute::Kind::kDenseElements || !attr->denseElements().type().hasStaticShape()) {
      return absl::InvalidArgumentError(strCat(path, ": error: expected tensor literals like 'dense<[1, 2]> : tensor<2xi32>'"));
    }
    values.push_back(ref::RtValue::ofTensor(attr->denseElements()));
  }
  if (values.empty()) return absl::InvalidArgumentError(strCat(path, ": error: the file holds no tensor literal"));
  return values;
}

// Prints the outfeed records of one evaluation and, with --outfeed-dir, writes each value to a .npy file.
void reportOutfeed(const std::vector<ref::OutfeedRecord>& outfeed, const EvalOptions& options, Totals& totals) {
  for (const ref::OutfeedRecord& record : outfeed) {
    const int64_t n = totals.outfeed_records++;
    if (record.values.empty() && !options.quiet) {
      std::printf("outfeed %lld (replica %u, partition %u): no values\n", static_cast<long long>(n), record.replica_id,
                  record.partition_id);
    }
    for (size_t k = 0; k < record.values.size(); ++k) {
      const ref::RtValue& value = record.values[k];
      std::string file;
      if (!options.outfeed_dir.empty() && value.isTensor()) {
        file = (std::filesystem::path(options.outfeed_dir) /
                strCat("outfeed-", n, "-r", record.replica_id, "p", record.partition_id, "-", k, ".npy"))
                   .string();
        if (absl::Status s = writeNpyFile(file, value.tensor); !s.ok()) {
          ++totals.errors;
          std::printf("%s\n", std::string(s.message()).c_str());
          file.clear();
        }
      }
      if (options.quiet) continue;
      const std::string text = options.hex ? hexText(value) : ref::toString(value);
      const std::string written = file.empty() ? std::string() : strCat("  -> ", file);
      std::printf("outfeed %lld (replica %u, partition %u) value %zu: %s%s\n", static_cast<long long>(n), record.replica_id,
                  record.partition_id, k, text.c_str(), written.c_str());
    }
  }
}

void reportChecks(const std::vector<ref::CheckResult>& checks, Totals& totals) {
  for (const ref::CheckResult& check : checks) {
    ++totals.checks;
    if (check.passed) continue;
    ++totals.failed_checks;
    std::printf("%s: check failed%s: %s: %s\n", check.location.c_str(),
                check.process.empty() ? "" : strCat(" in process ", check.process).c_str(), check.op.c_str(), check.message.c_str());
  }
}

void evalFunction(const Module& module, std::string_view text, const Operation& func, const std::string& label,
                  const std::vector<ref::RtValue>& args, const ref::InfeedQueue* infeed, const EvalOptions& options,
                  Totals& totals) {
  ++totals.modules;
  ref::EvalOptions eval_options;
  eval_options.strict_checks = options.strict;
  if (!options.quiet) std::printf("== %s @%s\n", label.c_str(), std::string(functionName(func)).c_str());
  eval_options.deadline = ref::deadlineAfter(options.timeout);
  ref::FunctionRun run;
  try {
    run = ref::evaluateFunction(module, text, func, args, options.replicas, options.partitions, eval_options, infeed);
  } catch (const std::bad_alloc&) {
    // The last resort: an allocation the memory limit did not foresee costs this function, not the command.
    run.status = absl::ResourceExhaustedError(strCat(sourceLocation(module, text, func.source_offset), ": error: @", functionName(func),
                                                     ": out of memory (an allocation failed; --memory-limit bounds those it checks)"));
  }
  reportChecks(run.checks, totals);
  reportOutfeed(run.outfeed, options, totals);
  const absl::Status& status = run.status;
  const uint32_t partitions = run.partitions;
  std::vector<std::vector<ref::RtValue>>& per_process = run.per_process;
  if (!status.ok()) {
    const bool unsupported = status.code() == absl::StatusCode::kUnimplemented;
    ++(unsupported ? totals.unsupported : totals.errors);
    std::printf("%s\n", std::string(status.message()).c_str());
    return;
  }
  ++totals.evaluated;
  if (options.quiet) return;
  for (size_t p = 0; p < per_process.size(); ++p) {
    const std::string process = per_process.size() > 1 ? strCat("process (", p / partitions, ", ", p % partitions, ") ") : "";
    for (size_t i = 0; i < per_process[p].size(); ++i) {
      const ref::RtValue& v = per_process[p][i];
      const std::string value = options.hex ? hexText(v) : ref::toString(v);
      std::printf("%sresult %zu: %s\n", process.c_str(), i, value.c_str());
      if (!options.bounds || !v.isTensor()) continue;
      if (!v.error_bound.empty()) {
        std::string list;
        for (size_t k = 0; k < v.error_bound.size(); ++k) {
          char buf[32];
          std::snprintf(buf, sizeof buf, "%.6g", v.error_bound[k]);
          list += strCat(k ? ", " : "", buf);
        }
        std::printf("%sbound %zu: [%s]\n", process.c_str(), i, list.c_str());
      }
      if (!v.impl_defined.empty()) {
        std::string list;
        for (int64_t k = 0; k < v.tensor.numElements(); ++k) {
          if (v.isImplDefined(k)) list += strCat(list.empty() ? "" : ", ", k);
        }
        if (!list.empty()) std::printf("%simplementation-defined %zu: elements [%s] (row-major)\n", process.c_str(), i, list.c_str());
      }
    }
  }
}

void evalFile(const std::string& path, const EvalOptions& options, const std::vector<ref::RtValue>& args,
              const ref::InfeedQueue* infeed, Totals& totals) {
  auto text = readFile(path);
  if (!text.ok()) {
    ++totals.modules;
    ++totals.errors;
    std::printf("%s\n", std::string(text.status().message()).c_str());
    return;
  }
  std::vector<SourceChunk> chunks = options.split ? splitInputFile(*text) : std::vector<SourceChunk>{{0, text->size()}};
  for (size_t c = 0; c < chunks.size(); ++c) {
    const std::string label = chunks.size() > 1 ? strCat(path, "#", c + 1) : path;
    auto module = parseModule(*text, path, chunks[c]);
    if (!module.ok()) {
      ++totals.modules;
      ++totals.errors;
      std::printf("%s\n", std::string(module.status().message()).c_str());
      continue;
    }
    // A negative case (cases/<op>/invalid-*: `// expect-invalid: <op> C<n>`) is never evaluated: it passes
    // when the verifier rejects it for every constraint it names (docs/verifier.md).
    const absl::StatusOr<std::vector<ExpectedConstraint>> directives = parseExpectInvalid(path, *text, chunks[c].begin, chunks[c].end);
    if (!directives.ok()) {
      ++totals.modules;
      ++totals.errors;
      std::printf("%s\n", std::string(directives.status().message()).c_str());
      continue;
    }
    if (const std::vector<std::string> expected = constraintNames(*directives); !expected.empty()) {
      const ModuleVerification verification = verifyModule(*module);
      std::vector<std::string> diagnostics;
      for (const VerifierDiagnostic& d : verification.diagnostics) diagnostics.push_back(formatVerifierDiagnostic(*module, *text, d));
      if (const std::string problem = negativeCaseProblem(expected, diagnostics); problem.empty()) {
        ++totals.negative;
        if (!options.quiet) std::printf("%s: rejected as its expect-invalid lines say\n", label.c_str());
      } else {
        ++totals.modules;
        ++totals.errors;
        for (const std::string& d : diagnostics) std::printf("%s\n", d.c_str());
        std::printf("%s: error: a negative case: %s\n", moduleLocation(*module, *text).c_str(), problem.c_str());
      }
      continue;
    }
    // An invalid program (ir/verifier.h) is not evaluated: what the reference would compute for it means nothing.
    if (ModuleVerification verification = verifyModule(*module); !verification.ok()) {
      ++totals.modules;
      ++totals.errors;
      for (const VerifierDiagnostic& d : verification.diagnostics)
        std::printf("%s\n", formatVerifierDiagnostic(*module, *text, d).c_str());
      std::printf("%s: error: the program is invalid (%zu error%s): not evaluated\n", moduleLocation(*module, *text).c_str(),
                  verification.diagnostics.size(), verification.diagnostics.size() == 1 ? "" : "s");
      continue;
    }
    std::vector<const Operation*> targets;
    if (!options.function.empty()) {
      const Operation* f = module->findFunction(options.function);
      if (!f) {
        ++totals.modules;
        ++totals.errors;
        std::printf("%s: error: no function @%s in this module\n", moduleLocation(*module, *text).c_str(), options.function.c_str());
        continue;
      }
      targets.push_back(f);
    } else if (const Operation* main = module->findFunction("main")) {
      targets.push_back(main);
    } else {
      for (const Operation* f : module->functions()) {
        if (!f->regions.empty() && !f->regions[0].blocks.empty() && f->regions[0].blocks.front()->arguments.size() == args.size()) {
          targets.push_back(f);
        }
      }
      if (module->functions().empty()) {
        // An empty module (upstream tests have them) has nothing to evaluate: not an error.
        if (!options.quiet) std::printf("== %s: no functions\n", label.c_str());
        continue;
      }
      if (targets.empty()) {
        ++totals.modules;
        ++totals.errors;
        std::printf("%s: error: no @main and no function taking %zu argument(s); name one with --function\n",
                    moduleLocation(*module, *text).c_str(), args.size());
        continue;
      }
    }
    for (const Operation* f : targets) {
      // A function with parameters and no --arg: an upstream lit test gives them on its RUN line.
      const bool takes_arguments = !f->regions.empty() && !f->regions[0].blocks.empty() && !f->regions[0].blocks.front()->arguments.empty();
      if (args.empty() && takes_arguments) {
        if (std::optional<std::string> from_run = runLineArguments(*text)) {
          auto parsed = parseArguments({*from_run});
          if (parsed.ok()) {
            if (!options.quiet) std::printf("(arguments from the file's RUN line: %s)\n", from_run->c_str());
            evalFunction(*module, *text, *f, label, *parsed, infeed, options, totals);
            continue;
          }
          std::printf("%s: RUN line arguments: %s\n", label.c_str(), std::string(parsed.status().message()).c_str());
        }
      }
      evalFunction(*module, *text, *f, label, args, infeed, options, totals);
    }
  }
}

}  // namespace

int runEvalCommand(const std::vector<std::string>& args) {
  EvalOptions options;
  std::vector<std::string> sources;
  cli::Options cl("eval");
  CLI::App& app = cl.app();
  app.add_flag("--split-input-file", options.split);
  app.add_flag("--strict", options.strict);
  app.add_flag("--hex", options.hex);
  app.add_flag("--bounds", options.bounds);
  app.add_flag("-q,--quiet", options.quiet);
  app.add_option("--replicas", options.replicas)->check(cli::countIn(1, 1024));
  app.add_option("--partitions", options.partitions)->check(cli::countIn(1, 1024));
  cl.seconds("--timeout", options.timeout);
  cl.repeatable("--infeed", options.infeed_files);
  app.add_option("--outfeed-dir", options.outfeed_dir);
  app.add_option("--function", options.function);
  cl.addTensorArguments();
  app.add_option("sources", sources);
  if (std::optional<int> status = cl.parse(args)) return *status;
  options.args = cl.tensorArguments();
  if (sources.empty()) return cli::usageError("eval", "no FILE or folder to evaluate");
  auto parsed_args = parseArguments(options.args);
  if (!parsed_args.ok()) {
    std::fprintf(stderr, "%s\n", std::string(parsed_args.status().message()).c_str());
    return 2;
  }
  std::optional<ref::InfeedQueue> infeed;
  if (!options.infeed_files.empty()) {
    infeed.emplace();
    for (const std::string& spec : options.infeed_files) {
      std::string source;
      auto entry = loadInfeedEntry(spec, source);
      if (!entry.ok()) {
        std::fprintf(stderr, "hloconf eval: --infeed %s: %s\n", spec.c_str(), std::string(entry.status().message()).c_str());
        return 2;
      }
      infeed->entries.push_back(std::move(*entry));
      infeed->sources.push_back(source);
    }
  }
  if (!options.outfeed_dir.empty()) {
    std::error_code error;
    std::filesystem::create_directories(options.outfeed_dir, error);
    if (error || !std::filesystem::is_directory(options.outfeed_dir)) {
      std::fprintf(stderr, "hloconf eval: --outfeed-dir %s: cannot create the folder\n", options.outfeed_dir.c_str());
      return 2;
    }
  }
  std::vector<std::string> missing;
  std::vector<std::string> files = expandSources(sources, missing);
  Totals totals;
  for (const std::string& path : missing) {
    std::printf("%s: error: no such file or folder\n", path.c_str());
    ++totals.modules;
    ++totals.errors;
  }
  for (const std::string& path : files) evalFile(path, options, *parsed_args, infeed ? &*infeed : nullptr, totals);
  std::printf("evaluated %d/%d functions (%d unsupported, %d errors); checks: %lld passed, %lld failed%s\n",
              totals.evaluated, totals.modules, totals.unsupported, totals.errors,
              static_cast<long long>(totals.checks - totals.failed_checks), static_cast<long long>(totals.failed_checks),
              totals.negative > 0 ? strCat("; ", totals.negative, " negative case(s) rejected as they say").c_str() : "");
  if (totals.errors > 0 || totals.unsupported > 0 || (totals.modules == 0 && totals.negative == 0)) return 2;
  return totals.failed_checks > 0 ? 1 : 0;
}

}  // namespace hloconf
